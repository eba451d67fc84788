import { CODES } from './codes.js';

/** docs/diagnostics.md, rendered from the catalogue so the two never disagree. */
export function renderDiagnosticsDoc(): string {
  const lines = [
    '# Diagnostic codes',
    '',
    '<!-- Generated from src/content/codes.ts by `npm run docs`; edit the catalogue, not this file. -->',
    '',
    "Every problem `playmark validate` reports has one of these codes. A code's meaning never changes;",
    'new problems get new codes. Each diagnostic names the file, line and column, shows the line with a',
    'caret, and gives a hint (the default hint is below; many diagnostics give a more specific one).',
    '',
    '| code | severity | meaning | how to fix |',
    '| --- | --- | --- | --- |',
  ];
  for (const [code, info] of Object.entries(CODES)) {
    lines.push(`| \`${code}\` | ${info.severity} | ${escape(info.summary)} | ${escape(info.hint)} |`);
  }
  return lines.join('\n') + '\n';
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|');
}
