import { CODES } from './codes.js';

/** docs/diagnostics.md, rendered from the catalogue so the two never disagree. */
export function renderDiagnosticsDoc(): string {
  const lines = [
    '# Diagnostic codes',
    '',
    '<!-- Generated from src/content/codes.ts by `npm run docs`; edit the catalogue, not this file. -->',
    '',
    "Every problem a command reports has one of these codes. A code's meaning never changes;",
    'new problems get new codes. Each diagnostic names the file, line and column, shows the line with a',
    'caret, and gives a hint (the default hint is below; many diagnostics give a more specific one).',
    'A problem about the command itself (`cli/...`) is placed on the command line, `<command line>:1:<column>`,',
    'the caret under the argument; one about a file it cannot write at that file. With `--format json`',
    '(or `--json`) a command prints `{ "ok": false, "errors", "warnings", "diagnostics": [...] }` on stdout.',
    '',
    '## Exit codes',
    '',
    '- 0: done (`validate`: the content is clean).',
    '- 1: the content has errors (or warnings, with `--strict`), or a file, table or game module of the project stops the command.',
    '- 2: the command was called wrongly: an unknown option, pack or scenario, a bad value, a file it cannot write.',
    '- 3: a bug in playmark: please report it with the command and the stack it printed (`PLAYMARK_DEBUG=1` prints the stack).',
    '- 130 or 143: stopped by Ctrl-C or SIGTERM.',
    '',
    '## Codes',
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
