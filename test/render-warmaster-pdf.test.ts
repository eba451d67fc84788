// Warmaster's printables through headless Chromium: no face overflows its box (sheets in the
// 190 x 259 mm sheet box, cards at poker size), and the PDFs hold their pages and key text.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_LEGENDS, KIND_MARKS } from '../src/render/marks.js';
import { SHEET_FACE } from '../src/render/compose.js';
import { CARD_SIZES } from '../src/render/impose.js';
import type { Face, Printable } from '../src/render/printable.js';
import { render, type RenderSummary } from '../src/render/render.js';
import { packContentOf, printablesOf } from './content-support.js';
import { layoutProblems } from './layout-support.js';
import { browser, pdfinfo, pdftotext, templates, tempDir, useChrome } from './render-pipeline-support.js';

// The printables content/warmaster/printables.yaml declares (not the common scenario and errata sheets).
const declared = new Set(packContentOf('warmaster').printables!.list.map((d) => `warmaster-${d.id}`));
const printables = printablesOf('warmaster').filter((p) => declared.has(p.id));

describe('warmaster faces in Chromium', () => {
  const chrome = useChrome();

  /** What would print badly on one face (laid out in `page`, its document replaced): content past its box, text under 7 pt. */
  function problems(page: Page, p: Printable, face: Face, inkSaver = false): Promise<string[]> {
    const size = p.kind === 'sheet' ? SHEET_FACE : (p.size ?? CARD_SIZES.poker);
    return layoutProblems(page, templates, p, face, size, { boxes: '.face > .wm-sheet, .face > .wm-card, .face > .wm-back' }, inkSaver);
  }

  /** Runs `use` with a new tab, closed after: one tab for many faces (the fonts decoded once). */
  async function inTab<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const page = await chrome().newPage();
    try {
      return await use(page);
    } finally {
      await page.close();
    }
  }

  it(
    'fits every face in its box, no text under 7 pt, in colour and with the ink saver',
    () =>
      inTab(async (page) => {
        const bad: string[] = [];
        for (const p of printables) {
          for (const f of p.faces) {
            for (const ink of [false, true]) for (const x of await problems(page, p, f, ink)) bad.push(`${p.id} ${f.label}${ink ? ' (ink saver)' : ''}: ${x}`);
          }
        }
        expect(bad).toEqual([]);
      }),
    120_000,
  );

  it(
    'notices a face that does overflow',
    () =>
      inTab(async (page) => {
        const units = printables.find((p) => p.id === 'warmaster-units')!;
        const f = units.faces[0]!;
        const long = { ...f, context: { ...f.context, exceptions: 'Exception. '.repeat(200) } };
        expect((await problems(page, units, long)).length).toBeGreaterThan(0);
      }),
    60_000,
  );
});

describe('warmaster PDFs', () => {
  const out = tempDir('playmark-warmaster-');
  let summary: RenderSummary;
  beforeAll(async () => {
    summary = await render({ printables, templates, outDir: out, duplex: 'long', browser });
  }, 180_000);
  const pdf = (id: string) => path.join(out, 'warmaster', `${id}.pdf`);

  it('prints each printable with its pages', async () => {
    const pages = Object.fromEntries(summary.files.filter((f) => f.kind === 'pdf' && f.file.startsWith('warmaster/')).map((f) => [f.file, f.pages]));
    expect(pages).toEqual({
      'warmaster/warmaster-reference.pdf': 2,
      // The special units and the cards share sheets (printables.yaml \`sheets\`): 9 units, then the
      // last unit and the 4 cards, each page followed by its backs (duplex): none for the units, the
      // cards' common back mirrored behind each card.
      'warmaster/warmaster-units-and-cards.pdf': 4,
      'warmaster/warmaster-ship-map.pdf': 1,
      'warmaster/warmaster-special-areas.pdf': 1,
      // The counters' fronts, then their backs mirrored for two-sided printing.
      'warmaster/warmaster-counters.pdf': 2,
    });
    expect((await pdfinfo(pdf('warmaster-reference'))).pages).toBe(2);
  });

  it('carries the tables, the ruled map notice and the legend of the marks as text, not the layer entries', async () => {
    const turn = await pdftotext(pdf('warmaster-reference'), 1);
    expect(turn).toContain('Perfectly!');
    expect(turn).not.toContain('teleport-61-65');
    expect(turn.replace(/\s+/g, ' ')).toContain(`${KIND_MARKS.ruling} ${KIND_LEGENDS.ruling}`);
    const combat = await pdftotext(pdf('warmaster-reference'), 2);
    expect(combat).not.toContain('combat-roll-6-col-4');
    expect(combat).toContain('Annihilated attacker');
    const map = await pdftotext(pdf('warmaster-ship-map'));
    expect(map).toContain('The real map is not in the source.');
    expect(map).not.toContain('map-area-56-connections');
    expect(map.replace(/\s+/g, ' ')).toContain(`${KIND_MARKS.reconstruction} ${KIND_LEGENDS.reconstruction}`);
    expect(await pdftotext(pdf('warmaster-units-and-cards'), 4)).toContain('Traitor'.toUpperCase());
    // The back of the units' sheet: no card back (the units have none), only the page footer.
    expect(await pdftotext(pdf('warmaster-units-and-cards'), 2)).not.toContain('Traitor'.toUpperCase());
  });
});
