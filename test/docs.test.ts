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

describe('docs/gaps.md', () => {
  it('lists every layer entry of the shipped packs, as `npm run docs` renders it (run it after changing a layer)', async () => {
    const { validate } = await import('../src/content/validate.js');
    const { renderGapsDoc } = await import('../src/content/gaps-doc.js');
    const result = validate([new URL('../content', import.meta.url).pathname]);
    expect(result.errors).toBe(0);
    const onDisk = readFileSync(new URL('../docs/gaps.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderGapsDoc(result.packs));
    for (const pack of result.packs) for (const layer of pack.layers) for (const e of layer.entries) expect(onDisk).toContain(`| \`${e.id}\` | ${e.kind} |`);
  });
});
