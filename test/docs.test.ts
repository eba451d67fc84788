import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODES } from '../src/content/codes.js';
import { renderDiagnosticsDoc } from '../src/content/codes-doc.js';

describe('docs/diagnostics.md', () => {
  it('is what `npm run docs` renders from the code catalogue (run it after changing codes.ts)', () => {
    const onDisk = readFileSync(new URL('../docs/diagnostics.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderDiagnosticsDoc());
  });

  it('lists every code with its severity', () => {
    const doc = renderDiagnosticsDoc();
    for (const [code, info] of Object.entries(CODES)) expect(doc).toContain(`| \`${code}\` | ${info.severity} |`);
  });
});
