// A face whose content does not fit its box is cut off when printed: the render says so, with the
// file, page and how much, instead of printing a card with half its rules missing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../src/render/render.js';
import { browser, pdfinfo, tempDir } from './render-pipeline-support.js';

describe.skipIf(!browser)('cut-off faces', () => {
  it('warns when cards are too small for their text (Archon deck cards at 30 x 40 mm)', async () => {
    const summary = await render({ only: ['archon-skirmish-deck'], outDir: tempDir(), card: { width: 30, height: 40 }, browser });
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(/^archon-skirmish\/archon-skirmish-deck\.pdf: (a face holds|\d+ faces hold) more than fits/);
    expect(cut[0]).toMatch(/page \d+, [\d.]+ mm too long/);
  }, 60_000);

  it('prints cards whose text needs more room at their smallest fitting size, and says so (Warmaster cards asked at mini)', async () => {
    const out = tempDir();
    const summary = await render({ only: ['warmaster-cards'], outDir: out, card: { width: 44, height: 63 }, layout: 'pod', bleed: 0, browser });
    expect(summary.warnings).toContain('warmaster-cards: its text does not fit 44 x 63 mm cards; printed at 57 x 89 mm instead');
    expect(summary.warnings.filter((w) => w.includes('cut off'))).toEqual([]);
    // One card a page with no bleed: the page is the card, 57 x 89 mm.
    const info = pdfinfo(path.join(out, 'warmaster/warmaster-cards.pdf'));
    const [w, h] = info.pageSize.split(' x ').map(Number);
    expect(w! * (25.4 / 72)).toBeCloseTo(57, 1);
    expect(h! * (25.4 / 72)).toBeCloseTo(89, 1);
  }, 60_000);

  it('does not warn for the same cards at the default poker size', async () => {
    const summary = await render({ only: ['warmaster-cards'], outDir: tempDir(), browser });
    expect(summary.warnings.filter((w) => w.includes('cut off'))).toEqual([]);
  }, 60_000);
});
