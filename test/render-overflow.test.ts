// A face whose content does not fit its box is cut off when printed: the render says so, with the
// file, page and how much, instead of printing a card with half its rules missing.
import { describe, expect, it } from 'vitest';
import { render } from '../src/render/render.js';
import { browser, tempDir } from './render-pipeline-support.js';

describe.skipIf(!browser)('cut-off faces', () => {
  it('warns when cards are too small for their text (Warmaster event cards at 44 x 63 mm)', async () => {
    const summary = await render({ only: ['warmaster-cards'], outDir: tempDir(), card: { width: 44, height: 63 }, browser });
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(/^warmaster\/warmaster-cards\.pdf: (a face holds|\d+ faces hold) more than fits/);
    expect(cut[0]).toMatch(/page 1, [\d.]+ mm too long/);
  }, 60_000);

  it('does not warn for the same cards at the default poker size', async () => {
    const summary = await render({ only: ['warmaster-cards'], outDir: tempDir(), browser });
    expect(summary.warnings.filter((w) => w.includes('cut off'))).toEqual([]);
  }, 60_000);
});
