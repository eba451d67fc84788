// Cuts that forgive: on the real card sheets (the Archon deck, Warmaster's units and cards on their
// shared sheets), printed
// by the real Chromium with the default layout, a cut 1 mm off any trim line shows that card's own
// colour or paper, never the colour of the card next to it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composePrintable, composeShared, type PageBox } from '../src/render/compose.js';
import { printDocuments } from '../src/render/documents.js';
import type { Rect } from '../src/render/impose.js';
import { packPrintables } from '../src/render/printables.js';
import type { CardPrintable } from '../src/render/printable.js';
import { printOptions, render, type RenderOptions } from '../src/render/render.js';
import { contextsOf, packContentOf } from './content-support.js';
import { browser, raster, tempDir, templates, type Raster } from './render-pipeline-support.js';

type Rgb = [number, number, number];
const near = (a: Rgb, b: Rgb) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < 60;
const paper = ([r, g, b]: Rgb) => r > 240 && g > 240 && b > 240;

/** The document `id` prints to (a printable's own, or the one it shares sheets in). */
function documentOf(pack: string, id: string) {
  const d = printDocuments(packPrintables(packContentOf(pack), { playmarkVersion: 'test', contexts: contextsOf(packContentOf(pack)) })).find(
    (x) => x.id === id || x.printables.some((p) => p.id === id),
  );
  if (!d) throw new Error(`no printable ${id}`);
  return d;
}

/** The neighbour of `slots[i]` across its edge `side` (sharing that edge's span), if any. */
function neighbour(slots: readonly Rect[], i: number, side: 'left' | 'right' | 'top' | 'bottom'): number | undefined {
  const a = slots[i]!;
  const found = slots.findIndex((b, j) => {
    if (j === i) return false;
    const overlapsY = b.y < a.y + a.height && a.y < b.y + b.height;
    const overlapsX = b.x < a.x + a.width && a.x < b.x + b.width;
    if (side === 'right') return overlapsY && b.x >= a.x + a.width - 0.01 && b.x - (a.x + a.width) < 12;
    if (side === 'left') return overlapsY && b.x + b.width <= a.x + 0.01 && a.x - (b.x + b.width) < 12;
    if (side === 'bottom') return overlapsX && b.y >= a.y + a.height - 0.01 && b.y - (a.y + a.height) < 12;
    return overlapsX && b.y + b.height <= a.y + 0.01 && a.y - (b.y + b.height) < 12;
  });
  return found < 0 ? undefined : found;
}

/**
 * Every place on a page where a 1 mm miscut shows the wrong colour: for each card, each edge, every
 * 4 mm along it, the pixels from 1 mm inside its trim to 1 mm outside. Outside, each must be the
 * card's own edge colour (read 0.3 mm inside its trim) or paper; inside, never its neighbour's
 * colour where that differs from its own.
 */
function miscutProblems(r: Raster, box: PageBox, label: string): string[] {
  const slots = box.slots ?? [];
  const problems: string[] = [];
  const sides = ['left', 'right', 'top', 'bottom'] as const;
  slots.forEach((s, i) => {
    for (const side of sides) {
      const vertical = side === 'left' || side === 'right';
      const length = vertical ? s.height : s.width;
      const edge = side === 'left' ? s.x : side === 'right' ? s.x + s.width : side === 'top' ? s.y : s.y + s.height;
      const out = side === 'left' || side === 'top' ? -1 : 1;
      const n = neighbour(slots, i, side);
      for (let along = 2; along <= length - 2; along += 4) {
        const at = (d: number): Rgb => {
          const across = edge + out * d;
          return vertical ? r.at(across, s.y + along) : r.at(s.x + along, across);
        };
        const own = at(-0.3);
        let theirs: Rgb | undefined;
        if (n !== undefined) {
          const t = slots[n]!;
          const theirEdge = side === 'left' ? t.x + t.width : side === 'right' ? t.x : side === 'top' ? t.y + t.height : t.y;
          const p = theirEdge + out * 0.3;
          theirs = vertical ? r.at(p, s.y + along) : r.at(s.x + along, p);
          if (near(theirs, own)) theirs = undefined;
        }
        for (let d = -1; d <= 1 + 1e-9; d += 0.25) {
          const c = at(d);
          const where = `${label}, card ${i + 1} (${side} edge, ${along} mm along), ${d > 0 ? `${d} mm outside` : `${-d} mm inside`} its trim: rgb(${c.join(',')})`;
          if (theirs && near(c, theirs) && !paper(c)) problems.push(`${where} is its neighbour's colour rgb(${theirs.join(',')})`);
          else if (d > 0 && !near(c, own) && !paper(c)) problems.push(`${where} is neither its own colour rgb(${own.join(',')}) nor paper`);
        }
      }
    }
  });
  return problems;
}

async function miscutsOf(pack: string, id: string, options: Partial<RenderOptions> = {}): Promise<{ problems: string[]; cards: number; neighbours: number }> {
  const d = documentOf(pack, id);
  const out = tempDir('playmark-cuts-');
  await render({ contents: [packContentOf(pack)], only: [id], outDir: out, browser, ...options });
  const o = printOptions(options);
  const composed =
    d.kind === 'single' ? composePrintable(templates, d.printables[0]!, o) : composeShared(templates, d.printables as CardPrintable[], o, d.title);
  const pdf = path.join(out, pack, `${d.id}.pdf`);
  const problems: string[] = [];
  let cards = 0;
  let neighbours = 0;
  for (const [k, box] of composed.pages.entries()) {
    if (box.side !== 'front') continue;
    const slots = box.slots ?? [];
    cards += slots.length;
    neighbours += slots.filter((_, i) => neighbour(slots, i, 'right') !== undefined || neighbour(slots, i, 'bottom') !== undefined).length;
    problems.push(...miscutProblems(await raster(pdf, k + 1), box, `${id} page ${k + 1}`));
  }
  return { problems, cards, neighbours };
}

describe('cuts that forgive (default layout, real Chromium)', () => {
  it.each([
    ['archon-skirmish', 'archon-skirmish-deck'],
    // The units and the cards share sheets: a unit beside the cards on the second.
    ['warmaster', 'warmaster-units-and-cards'],
  ])(
    "%s: 1 mm either side of every trim of %s is the card's own colour or paper, never its neighbour's",
    async (pack, id) => {
      const { problems, cards } = await miscutsOf(pack, id);
      expect(cards).toBeGreaterThan(0);
      expect(problems.slice(0, 10)).toEqual([]);
    },
    180_000,
  );

  it("the same check finds the neighbour's colour when cards share their cut lines (--gap 0): Warmaster's Kane against Horus", async () => {
    const { problems, neighbours } = await miscutsOf('warmaster', 'warmaster-units-and-cards', { gap: 0 });
    expect(neighbours).toBeGreaterThan(0);
    expect(problems.some((p) => p.includes("neighbour's colour"))).toBe(true);
  }, 180_000);
});
