// Warmaster played from the print: the counters sheet holds every piece of the standard game's
// armies (the four Imperial groups, Horus and the Traitor cup, as the reconstructed lists give
// them) and the destroyed-area markers, each sized to fit a ship map area, each with its back; a
// value nobody knows prints as ?, and a piece whose values or number a layer invented carries the
// one layer mark. No browser: faces are rendered to HTML only.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cards, layers, markers, origins, phases, scenarios, troops, units } from '../generated/content/warmaster.js';
import { renderFace } from '../src/render/document.js';
import { BOX_H, BOX_W, COUNTER_ROOM, NUMBER_H } from '../src/games/warmaster/print/map.js';
import { COUNTER, COUNTER_BLEED } from '../src/games/warmaster/print/counters.js';
import { createTemplates } from '../src/render/handlebars.js';
import { KIND_LEGENDS, markHtml, UNKNOWN_LEGEND } from '../src/render/marks.js';
import { printablesOf } from './content-support.js';
import { repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
const sheet = printablesOf('warmaster').find((p) => p.id === 'warmaster-counters')!;
const [front, back] = sheet.faces;
const frontHtml = renderFace(templates, sheet, front!);
const backHtml = renderFace(templates, sheet, back!);

interface Cell {
  readonly piece: string;
  readonly x: number;
  readonly y: number;
  readonly html: string;
}
/** The counters a page prints, in order: which record, where (mm), and the counter's HTML. */
function cells(html: string): Cell[] {
  return html
    .split('<div class="wm-counter-cell"')
    .slice(1)
    .map((chunk) => {
      const m = /style="left:([\d.]+)mm;top:([\d.]+)mm;[^"]*" data-piece="([a-z-]+)"/.exec(chunk)!;
      return { x: Number(m[1]), y: Number(m[2]), piece: m[3]!, html: chunk.split(/<div class="wm-counter-section"|<\/div>\s*<div class="wm-counter-key"/)[0]! };
    });
}
const fronts = cells(frontHtml);
const backs = cells(backHtml);
const army = (side: number) => scenarios['standard-game'].sides[side]!.army.units!;
const tally = (list: readonly Cell[]) => list.reduce<Record<string, number>>((t, c) => ((t[c.piece] = (t[c.piece] ?? 0) + 1), t), {});

describe('warmaster-counters', () => {
  it('is one sheet of two pages: the fronts, then the backs', () => {
    expect(sheet.kind).toBe('sheet');
    expect(sheet.faces).toHaveLength(2);
  });

  it('holds every piece of both armies as many times as the lists give, and one destroyed-area marker per numbered area', () => {
    const expected: Record<string, number> = {};
    for (const side of [0, 1]) for (const u of army(side)) expected[u.unit] = u.count;
    for (const c of Object.values(cards)) expected[c.id] = c.count!;
    expected['destroyed-area'] = markers['destroyed-area'].count!;
    expect(tally(fronts)).toEqual(expected);
    expect(tally(backs)).toEqual(expected);
    expect(markers['destroyed-area'].count).toBe(27);
    expect(fronts).toHaveLength(17 + 28 + 27);
  });

  it("prints the pieces the Traitor cup holds (the reinforcements phase's cup), and Horus, who starts on the ship", () => {
    const cup = phases['traitor-reinforcements']!.cup!;
    const inCup: Record<string, number> = {};
    for (const { unit, count } of cup) inCup[unit] = (inCup[unit] ?? 0) + count;
    // Every Traitor piece is in the cup but Horus: the army's units and every card.
    const traitor: Record<string, number> = {
      ...Object.fromEntries(army(1).map((u) => [u.unit, u.count])),
      ...Object.fromEntries(Object.values(cards).map((c) => [c.id, c.count!])),
    };
    expect({ ...inCup, 'warmaster-horus': 1 }).toEqual(traitor);
    for (const [piece, count] of Object.entries(traitor))
      expect(
        fronts.filter((c) => c.piece === piece),
        piece,
      ).toHaveLength(count);
    expect(inCup['demonic-hordes']).toBe(units['demonic-hordes'].count);
  });

  it('sizes each counter to fit inside one area of the ship map below its number, with its own bleed', () => {
    // Below the area's number, so a stack leaves the number in view.
    expect(COUNTER_ROOM).toEqual({ width: BOX_W, height: BOX_H - NUMBER_H });
    expect(COUNTER).toBeLessThanOrEqual(COUNTER_ROOM.width - 2);
    expect(COUNTER).toBeLessThanOrEqual(COUNTER_ROOM.height - 2);
    expect(COUNTER).toBeGreaterThanOrEqual(15);
    expect(COUNTER_BLEED).toBeGreaterThanOrEqual(1);
    for (const c of fronts) expect(c.html).toContain(`width:${COUNTER + 2 * COUNTER_BLEED}mm;height:${COUNTER + 2 * COUNTER_BLEED}mm`);
    // No two counters overlap.
    const pitch = COUNTER + 2 * COUNTER_BLEED;
    for (const [i, a] of fronts.entries())
      for (const b of fronts.slice(i + 1)) expect(Math.abs(a.x - b.x) >= pitch - 1e-6 || Math.abs(a.y - b.y) >= pitch - 1e-6).toBe(true);
  });

  it('gives each piece its back in the mirrored place: one face-down back for every Traitor piece, the side for the Imperial, the marker again', () => {
    const pitch = COUNTER + 2 * COUNTER_BLEED;
    expect(backs.map((c) => c.piece)).toEqual(fronts.map((c) => c.piece));
    for (const [i, f] of fronts.entries()) {
      expect(backs[i]!.x).toBeCloseTo(190 - f.x - pitch, 6);
      expect(backs[i]!.y).toBe(f.y);
    }
    const traitor = new Set<string>([...army(1).map((u) => u.unit), ...Object.keys(cards)]);
    const imperial = new Set<string>(army(0).map((u) => u.unit));
    const strip = (h: string) =>
      h
        .replace(/data-piece="[a-z-]+"/, '')
        .replace(/style="left:[^"]*"/, '')
        .replace(/\b(card|card-[a-z-]+|unit)\b/g, '');
    const hidden = backs.filter((b) => traitor.has(b.piece));
    expect(hidden.map((b) => b.piece)).toContain('warmaster-horus');
    for (const b of hidden) {
      expect(b.html).toContain('back-hidden');
      expect(b.html).not.toMatch(/Horus|Angr|Trap|Horror|Crew|Demonic/);
      expect(strip(b.html)).toBe(strip(hidden[0]!.html));
    }
    for (const b of backs.filter((x) => imperial.has(x.piece))) expect(b.html).toContain('back-side');
    for (const b of backs.filter((x) => x.piece === 'destroyed-area')) expect(b.html).toMatch(/back-same[\s\S]*Destroyed area/);
  });

  it('prints every character\u2019s attack and defence (reconstructed, marked) or its D6+4, never ? or a dash', () => {
    for (const id of ['the-emperor', 'sanguinius', 'rogal-dorn', 'general-kane', 'warmaster-horus', 'angron', 'magnus-the-red-one'] as const) {
      const c = fronts.find((x) => x.piece === id)!;
      const u = units[id];
      const stats = [...c.html.matchAll(/<span class="wm-counter-stat"[^>]*><i>([AD])<\/i>(\d+)<\/span>/g)].map((m) => `${m[1]}${m[2]}`);
      expect(stats, id).toEqual([`A${u.attack}`, `D${u.defence}`]);
      expect(c.html, id).toContain(markHtml('reconstruction'));
    }
    for (const id of ['doombreed', 'kraxnar', 'demonic-hordes']) expect(fronts.find((x) => x.piece === id)!.html).toContain('D6+4');
    expect(frontHtml).not.toContain('unknown-mark">?');
    expect(frontHtml).not.toContain('\u2014');
    expect(frontHtml).not.toContain(UNKNOWN_LEGEND);
  });

  it('marks every piece whose values or number a layer invented, and no other, with the mark of its kind and its legend', () => {
    const setBy = (kind: string, id: string) =>
      Object.entries((origins as Record<string, Record<string, Record<string, { kind: string }>>>)[kind]?.[id] ?? {}).filter(([p]) =>
        ['/name', '/attack', '/defence', '/count'].includes(p),
      );
    const kindOf = (id: string) => (id in units ? 'special-unit' : id in troops ? 'unit' : id in cards ? 'card' : 'marker');
    for (const c of fronts) {
      const set = setBy(kindOf(c.piece), c.piece);
      const marked = c.html.includes('<sup class="layer-mark mark-');
      expect(marked, c.piece).toBe(set.length > 0);
    }
    // The ordinary units and the cup's mix are reconstructions, each with its reason.
    const entries = layers.flatMap((l) => l.entries);
    for (const [kind, id] of [
      ['unit', 'imperial-unit'],
      ['unit', 'imperial-guard'],
      ['special-unit', 'demonic-hordes'],
      ['card', 'trap'],
      ['card', 'horror'],
      ['card', 'crew'],
      ['card', 'crew-ambush'],
      ['marker', 'destroyed-area'],
    ] as const) {
      const e = entries.find((x) => x.target.kind === kind && x.target.id === id && x.target.pointer === '/count')!;
      expect(e, id).toBeDefined();
      expect(e.kind).toBe('reconstruction');
      expect(e.reason.length).toBeGreaterThan(60);
      expect(fronts.find((x) => x.piece === id)!.html, id).toContain(markHtml('reconstruction'));
    }
    expect(fronts.find((x) => x.piece === 'imperial-unit')!.html).toContain('Space Marines');
    expect(frontHtml).toContain(KIND_LEGENDS.reconstruction);
    expect(backHtml).not.toContain('layer-mark');
  });
});

describe('one palette', () => {
  it('Warmaster and Archon Skirmish colour each side from the pack palette (--side-<id>), today\u2019s colour the fallback', async () => {
    const { readFileSync } = await import('node:fs');
    for (const [pack, css] of [
      ['warmaster', 'templates/warmaster/warmaster.css'],
      ['archon-skirmish', 'templates/archon-skirmish/archon-skirmish.css'],
    ] as const) {
      const text = readFileSync(path.join(repoRoot, css), 'utf8');
      const { packContentOf } = await import('./content-support.js');
      for (const side of packContentOf(pack).pack.sides) {
        expect(text, `${pack} ${side.id}`).toMatch(new RegExp(`var\\(--side-${side.id}, #[0-9a-f]{6}\\)`));
        // Warmaster tints both sides' panels; Archon tints only Light's (Dark pieces are dark).
        if (pack === 'warmaster' || side.id === 'light')
          expect(text, `${pack} ${side.id} soft`).toMatch(new RegExp(`var\\(--side-${side.id}-soft, #[0-9a-f]{6}\\)`));
      }
    }
  });
});
