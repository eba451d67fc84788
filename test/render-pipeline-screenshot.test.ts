// A sheet and a card as Chromium draws them, compared with reference images in test/reference/
// (taken the same way, looked at, and committed). PLAYMARK_UPDATE_REFERENCES=1 writes them anew.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { composePrintable, DEFAULT_PRINT } from '../src/render/compose.js';
import { pngDocument, renderPngs } from '../src/render/png.js';
import { printablesOf } from './content-support.js';
import type { CardPrintable, Printable } from '../src/render/printable.js';
import { fixtureDeck, fixtureSheet } from './fixtures/render/printables.js';
import { repoRoot } from './helpers.js';
import { keptTempDir, templates, useChrome } from './render-pipeline-support.js';

const referenceDir = path.join(repoRoot, 'test', 'reference');

/** Pixels whose channels differ by more than `threshold`, as a share of all pixels (1 when the sizes differ). */
function pixelDifference(a: PNG, b: PNG, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!));
    if (d > threshold) differing++;
  }
  return differing / (a.width * a.height);
}

function compare(name: string, actual: Uint8Array): void {
  const file = path.join(referenceDir, name);
  if (process.env.PLAYMARK_UPDATE_REFERENCES || !existsSync(file)) {
    if (process.env.CI) throw new Error(`no reference image ${file} in CI`);
    mkdirSync(referenceDir, { recursive: true });
    writeFileSync(file, actual);
  }
  const diff = pixelDifference(PNG.sync.read(Buffer.from(actual)), PNG.sync.read(readFileSync(file)));
  if (diff > 0.005) {
    const saved = path.join(keptTempDir('playmark-screenshot-'), name);
    writeFileSync(saved, actual);
    expect.fail(`${name}: ${(diff * 100).toFixed(2)}% of pixels differ from ${file} (this run: ${saved})`);
  }
}

describe('pixel difference', () => {
  it('is 0 for the same image, the share of changed pixels otherwise, 1 for another size', () => {
    const a = new PNG({ width: 10, height: 10 });
    a.data.fill(255);
    const b = new PNG({ width: 10, height: 10 });
    b.data.fill(255);
    expect(pixelDifference(a, b)).toBe(0);
    b.data[0] = 0;
    expect(pixelDifference(a, b)).toBe(0.01);
    b.data[0] = 230; // within the threshold: anti-aliasing
    expect(pixelDifference(a, b)).toBe(0);
    expect(pixelDifference(a, new PNG({ width: 5, height: 10 }))).toBe(1);
  });
});

describe('screenshots against reference images', () => {
  const chrome = useChrome();

  it('a card with its bleed, at 150 dpi', async () => {
    const doc = pngDocument(templates, fixtureDeck(1, { back: false }), DEFAULT_PRINT, 150);
    const [shot] = await renderPngs(chrome(), doc, 150);
    expect(doc.pixels).toEqual({ width: 407, height: 555 });
    compare('fixture-card.png', shot!.data);
  }, 60_000);

  it('a sheet as printed on A4, at 96 dpi', async () => {
    const composed = composePrintable(templates, fixtureSheet(), DEFAULT_PRINT);
    const page = await chrome().newPage({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 1 });
    try {
      await page.setContent(composed.html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const shot = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 794, height: 1123 }, animations: 'disabled', caret: 'hide' });
      compare('fixture-sheet.png', shot);
    } finally {
      await page.close();
    }
  }, 60_000);

  // The shipped games, as a print-and-play maker gets them. When a template changes on purpose,
  // look at the new image and run with PLAYMARK_UPDATE_REFERENCES=1.
  const firstFace = (pack: string, id: string, label?: string): Printable => {
    const p = printablesOf(pack).find((x) => x.id === id)!;
    const face = label ? p.faces.find((f) => f.label === label)! : p.faces[0]!;
    return { ...p, faces: [{ ...face, copies: 1 }] } as Printable;
  };

  it('the Erdon Pass spread sheet as printed on A4, at 96 dpi', async () => {
    const composed = composePrintable(templates, firstFace('warchon', 'warchon-spreads'), DEFAULT_PRINT);
    const page = await chrome().newPage({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 1 });
    try {
      await page.setContent(composed.html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const shot = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 794, height: 1123 }, animations: 'disabled', caret: 'hide' });
      compare('warchon-erdon-pass-sheet.png', shot);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('an Archon Skirmish deck card (the first face) with its bleed, at 150 dpi', async () => {
    const doc = pngDocument(templates, firstFace('archon-skirmish', 'archon-skirmish-deck') as CardPrintable, DEFAULT_PRINT, 150);
    const [shot] = await renderPngs(chrome(), doc, 150);
    compare('archon-skirmish-deck-card.png', shot!.data);
  }, 60_000);
});
