// Archon Skirmish faces laid out by a real browser: nothing overflows its box (the face, the
// 190 x 259 mm sheet box, the card panels, the turn card's grid), no text under 7 pt, and card and
// counter text inside the 3 mm safe area, at poker and mini card sizes. Fail without Chromium.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAPER } from '../src/render/print-options.js';
import { createTemplates } from '../src/render/handlebars.js';
import type { Face, Printable, Size } from '../src/render/printable.js';
import { printablesOf } from './content-support.js';
import { repoRoot } from './helpers.js';
import { layoutProblems } from './layout-support.js';
import { useChrome } from './render-pipeline-support.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
// The pack's own printables (printables.yaml); the common sheets have their own layout checks.
const printables = printablesOf('archon-skirmish').filter((p) => !['archon-skirmish-scenarios', 'archon-skirmish-errata'].includes(p.id));

/** Problems with one face as Chromium lays it out (in `page`, its document replaced): the face, sheet box, card panels and the turn card's grid. */
function problems(page: Page, p: Printable, face: Face, size: Size, inkSaver = false): Promise<string[]> {
  const boxes = '.face, .as-sheet, .as-panel, .as-turn-panel, .as-turn-grid, .as-phase';
  return layoutProblems(page, templates, p, face, size, { boxes, ...(p.kind === 'card' ? { safeAreaMm: 3 } : {}) }, inkSaver);
}

/** Runs `use` with a new tab of `browser`, closed after. */
async function inTab<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    return await use(page);
  } finally {
    await page.close();
  }
}

describe('archon-skirmish layout in Chromium', () => {
  const browser = useChrome();

  const cases: [Printable, Size, string][] = printables.flatMap((p): [Printable, Size, string][] =>
    p.kind === 'sheet'
      ? [[p, PAPER.a4, 'A4']]
      : p.size
        ? [[p, p.size, `${p.size.width}x${p.size.height}`]]
        : [
            [p, { width: 63, height: 88 }, 'poker'],
            [p, { width: 44, height: 63 }, 'mini'],
          ],
  );
  for (const [p, size, name] of cases) {
    it(`${p.id} (${name}): every face fits, text at least 7 pt and inside the safe area`, () =>
      // One tab for the faces, each laid out as its own document (the fonts decoded once).
      inTab(browser(), async (page) => {
        for (const face of p.faces) expect(await problems(page, p, face, size), face.label).toEqual([]);
        if (p.kind === 'card' && p.back) {
          const back = { context: p.back.context, marks: {}, footnotes: [], copies: 1, label: 'back' };
          expect(await problems(page, { ...p, template: p.back.template }, back, size), 'back').toEqual([]);
        }
      }));
  }

  it('ink saver: every face still fits', () =>
    inTab(browser(), async (page) => {
      for (const [p, size] of cases) for (const face of p.faces) expect(await problems(page, p, face, size, true), `${p.id} ${face.label}`).toEqual([]);
    }));
});
