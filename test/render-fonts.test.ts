// Every PDF of every pack embeds real font programs from the fonts playmark bundles: no system
// font, no Type 3 (what Chromium writes for a synthetic bold or italic it has no face for).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../src/render/render.js';
import { packContentOf } from './content-support.js';
import { browser, pdffonts, tempDir } from './render-pipeline-support.js';

describe('fonts in the printed PDFs', () => {
  it('every font of every pack PDF is embedded, subset, and one of the bundled families', async () => {
    const out = tempDir();
    await render({ outDir: out, contents: ['archon-skirmish', 'warchon', 'warmaster'].map((p) => packContentOf(p)), browser });
    const pdfs = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThanOrEqual(19);
    const bad: string[] = [];
    for (const rel of pdfs) {
      for (const font of await pdffonts(path.join(out, rel))) {
        if (font.emb !== 'yes') bad.push(`${rel}: ${font.name} not embedded`);
        if (font.type === 'Type 3') bad.push(`${rel}: ${font.name} is a Type 3 font`);
        if (!/^[A-Z]{6}\+(IBMPlex|Cinzel|NotoSans)/.test(font.name)) bad.push(`${rel}: ${font.name} is not a bundled font`);
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);
});
