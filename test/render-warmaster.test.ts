// Warmaster's printables: every value the faces must show is in their HTML, layer-set values carry
// one mark and the face a legend saying what it means (the entries are on the errata sheet), the map draws each connection once, the cards share a
// back, and content text is escaped. No browser: faces are rendered to HTML only.
import Handlebars from 'handlebars';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  areas,
  cardIds,
  cards,
  combatTables,
  phaseIds,
  phases,
  results,
  shipAreaIds,
  teleportTables,
  units,
  specialUnitIds,
} from '../generated/content/warmaster.js';
import { renderFace } from '../src/render/document.js';
import { compressNumbers, groupNotes } from '../src/games/warmaster/print/notes.js';
import { rangeText } from '../src/games/warmaster/print/shared.js';
import { buildTeleportTable } from '../src/engine/warmaster/tables.js';
import { createTemplates } from '../src/render/handlebars.js';
import { KIND_LEGENDS, MARK_KINDS, markHtml, markKey, UNKNOWN_LEGEND } from '../src/render/marks.js';
import type { CardPrintable, Face, Footnote, Printable } from '../src/render/printable.js';
import { packContentOf, printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

/** The order the text prints its legend in: the attacker's worst result to his best. */
const LEGEND_ORDER = ['AA', 'AR', 'BB', 'DR', 'DA'];

const templates = createTemplates(path.join(repoRoot, 'templates'));
// The printables content/warmaster/printables.yaml declares (not the common scenario and errata sheets).
const declared = new Set(packContentOf('warmaster').printables!.list.map((d) => `warmaster-${d.id}`));
const printables = printablesOf('warmaster').filter((p) => declared.has(p.id));
const esc = (s: string) => Handlebars.Utils.escapeExpression(s);

function printable(id: string): Printable {
  const p = printables.find((x) => x.id === id);
  if (!p) throw new Error(`no printable ${id}`);
  return p;
}
const html = (p: Printable, f: Face) => renderFace(templates, p, f);
const faceHtml = (id: string, i = 0) => {
  const p = printable(id);
  return html(p, p.faces[i]!);
};
/** The one mark a player's face prints beside a value a layer set. */
/** A layer mark of any kind, and the kinds a face's HTML marked. */
const ANY_MARK = /<sup class="layer-mark mark-(\w+)">[^<]*<\/sup>/g;
const kindsMarked = (h: string) => new Set([...h.matchAll(ANY_MARK)].map((m) => m[1]!));
/** The face's legend says what each kind of mark it printed means, and no other. */
const legendMatches = (h: string) => MARK_KINDS.every((k) => htmlText(h).includes(KIND_LEGENDS[k]) === kindsMarked(h).has(k));
/** The layer entries behind a face's marks (printed on the errata sheet, not on the face). */
const entriesIn = (f: Face) => f.footnotes.map((n) => n.entry);
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('warmaster printables', () => {
  it('has the six printables, ids prefixed with the pack', () => {
    expect(printables.map((p) => p.id)).toEqual([
      'warmaster-reference',
      'warmaster-units',
      'warmaster-cards',
      'warmaster-ship-map',
      'warmaster-special-areas',
      'warmaster-counters',
    ]);
    for (const p of printables) expect(p.pack).toBe('warmaster');
  });

  it('renders every face and back in strict mode', () => {
    for (const p of printables) {
      for (const f of p.faces) expect(() => html(p, f), `${p.id} ${f.label}`).not.toThrow();
      if (p.kind === 'card' && p.back) expect(() => templates.render(p.back!.template, p.back!.context)).not.toThrow();
    }
  });

  it('prints one mark for the values layers set and its legend in words, never the entries', () => {
    for (const p of printables) {
      for (const f of p.faces) {
        const h = html(p, f);
        const marked = Object.keys(f.marks).length > 0;
        expect(kindsMarked(h).size > 0, `${p.id} ${f.label}`).toBe(marked);
        expect(legendMatches(h), `${p.id} ${f.label} legend`).toBe(true);
        for (const n of f.footnotes) expect(h, `${p.id} ${f.label} ${n.entry}`).not.toContain(n.entry);
      }
    }
  });
});

describe('warmaster-reference', () => {
  const p = printable('warmaster-reference');
  const [turn, combat] = p.faces as [Face, Face];
  const turnHtml = html(p, turn);
  const combatHtml = html(p, combat);

  it('is a portrait sheet: the turn, then combat', () => {
    expect(p.kind).toBe('sheet');
    expect(p.faces).toHaveLength(2);
  });

  it('lists the six phases in printed order with their text', () => {
    const ordered = [...phaseIds].map((id) => phases[id]).sort((a, b) => a.order - b.order);
    let at = -1;
    for (const ph of ordered) {
      const i = turnHtml.indexOf(esc(ph.name));
      expect(i, ph.id).toBeGreaterThan(at);
      at = i;
      expect(turnHtml).toContain(esc(ph.text));
    }
  });

  it('holds every teleport entry (range, name, text), the ruled 61-65 entry marked', () => {
    for (const e of buildTeleportTable(teleportTables.teleportation)) {
      expect(turnHtml).toContain(`${rangeText(e.range)}`);
      expect(turnHtml).toContain(esc(e.name));
      expect(turnHtml).toContain(esc(e.text));
    }
    expect(entriesIn(turn)).toContain('teleport-61-65');
    expect(turnHtml).toContain(`<td class="wm-range">61\u201365${markHtml('ruling')}</td>`);
    expect(turnHtml).toMatch(/<tr class="layered">\s*<td class="wm-range">61\u201365/);
    // The ruled phase values are marked too.
    expect(entriesIn(turn)).toEqual(expect.arrayContaining(['traitor-units-drawn', 'traitor-teleport-by-unit']));
  });

  it('holds every combat cell as the effective table has it, row by row', () => {
    const table = combatTables['combat-results'];
    const cells = [...combatHtml.matchAll(/<td class="wm-cell[^"]*">([^<]*)/g)].map((m) => m[1]);
    expect(cells).toEqual(table.rows.flatMap((r) => r.cells).map((c) => c ?? '\u2014'));
    for (const c of table.columns) expect(combatHtml).toContain(`<th>${esc(c.label)}</th>`);
  });

  it('marks every layer-set cell, dashed, each tied to its own entry', () => {
    const table = combatTables['combat-results'];
    const cellEntries = table.rows.flatMap((row, r) => row.cells.map((_, c) => `combat-roll-${r + 1}-col-${c + 1}`));
    expect(entriesIn(combat)).toEqual(expect.arrayContaining(cellEntries));
    const marked = [
      ...combatHtml.matchAll(/<td class="wm-cell[^"]*layered">[A-Z\u2014]+<sup class="layer-mark mark-(?:inference|reconstruction)">[^<]*<\/sup><\/td>/g),
    ];
    expect(marked).toHaveLength(30);
    // Cell r,c is marked for its own entry, which the errata sheet prints, not the face.
    for (const [i, entry] of cellEntries.entries()) {
      const pointer = `/rows/${Math.floor(i / table.columns.length)}/cells/${i % table.columns.length}`;
      expect(combat.marks[markKey('combat-results', pointer)], entry).toBe(combat.footnotes.find((f) => f.entry === entry)!.n);
      expect(combatHtml).not.toContain(entry);
    }
    expect(combatHtml).toContain(KIND_LEGENDS.reconstruction);
    expect(combatHtml).toContain(KIND_LEGENDS.inference);
  });

  it('holds the legend (the five combat-result records with their printed meanings, in printed order) and the odds rule ruling', () => {
    expect(combatTables['combat-results'].legend).toEqual({ kind: 'combat-result', order: ['aa', 'ar', 'bb', 'dr', 'da'] });
    const at: number[] = [];
    for (const code of LEGEND_ORDER) {
      const r = Object.values(results).find((x) => x.code === code)!;
      at.push(combatHtml.indexOf(`>${r.code}</span>`));
      expect(combatHtml).toContain(esc(r.name));
      expect(combatHtml).toContain(esc(r.text));
    }
    // AA, AR, BB, DR, DA as printed, not the records' id order (aa, ar, bb, da, dr).
    expect(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!))).toBe(true);
    expect(combatHtml).toContain(esc(combatTables['combat-results'].extension.oddsRule!.text));
    expect(entriesIn(combat)).toEqual(
      expect.arrayContaining(['combat-odds-rule', 'combat-odds-rounding', 'combat-one-reroll-per-side', 'ar-effects', 'bb-effects', 'dr-effects']),
    );
  });
});

describe('warmaster-units', () => {
  const p = printable('warmaster-units') as CardPrintable;

  it('has one poker card per special unit (size left to --card)', () => {
    expect(p.kind).toBe('card');
    expect(p.size).toBeUndefined();
    expect(p.faces).toHaveLength(specialUnitIds.length);
    for (const f of p.faces) expect(f.copies).toBe(1);
  });

  it('prints name, side, abilities and exceptions, and the stats: reconstructed (marked, no ?) or the rolled value', () => {
    for (const f of p.faces) {
      const id = f.context.id as keyof typeof units;
      const u = units[id];
      const h = html(p, f);
      expect(h).toContain(esc(u.name));
      expect(h).toContain(`side-${u.side}`);
      for (const a of u.abilities) expect(h).toContain(esc(a.text));
      if (u.exceptions) expect(h).toContain(esc(u.exceptions));
      expect(h).toContain('<svg class="wm-emblem"');
    }
    const emperor = html(p, p.faces.find((f) => f.context.id === 'the-emperor')!);
    expect(emperor).toContain(`Attack</span><span class="wm-stat-v">${units['the-emperor'].attack}${markHtml('reconstruction')}</span>`);
    for (const f of p.faces) expect(html(p, f), String(f.context.id)).not.toContain(UNKNOWN_LEGEND);
    expect(html(p, p.faces.find((f) => f.context.id === 'demonic-hordes')!)).toMatch(/Defence<\/span><span class="wm-stat-v rolled">D6\+4<\/span>/);
  });

  it('marks the inferred re-roll cancellation; Sanguinius prints none and shows none (only his reconstructed values are marked)', () => {
    const sang = p.faces.find((f) => f.context.id === 'sanguinius')!;
    expect(entriesIn(sang)).toEqual(['sanguinius-attack', 'sanguinius-defence']);
    expect(html(p, sang)).not.toContain('Warmaster Horus');
    const dorn = p.faces.find((f) => f.context.id === 'rogal-dorn')!;
    expect(entriesIn(dorn)).toEqual(['rogal-dorn-attack', 'rogal-dorn-defence', 'rogal-dorn-cancelled-by-horus']);
    expect(html(p, dorn)).toContain(`Warmaster Horus${markHtml('inference')}`);
  });
});

describe('warmaster-cards', () => {
  const p = printable('warmaster-cards') as CardPrintable;

  it('prints the Trap, Horror, Crew and Crew Ambush! cards once each (their counts, not printed, are reconstructed for the counters)', () => {
    expect(p.faces.map((f) => f.context.id)).toEqual(['trap', 'horror', 'crew', 'crew-ambush']);
    expect(new Set(p.faces.map((f) => f.context.id))).toEqual(new Set(cardIds));
    for (const f of p.faces) {
      expect(f.copies).toBe(1);
      const h = html(p, f);
      expect(h).toContain(esc(cards[f.context.id as keyof typeof cards].name));
      expect(h).toContain(esc(cards[f.context.id as keyof typeof cards].text));
    }
  });

  it('has one common back', () => {
    expect(p.back).toBeDefined();
    expect(p.back!.template).toBe('warmaster/card-back.hbs');
    const back = templates.render(p.back!.template, p.back!.context);
    expect(back).toContain('Warmaster');
    expect(back).toContain('Traitor');
  });

  it('shows the D6 outcomes the engine plays, the ruled choices marked', () => {
    const horror = p.faces.find((f) => f.context.id === 'horror')!;
    const h = html(p, horror);
    for (const r of ['1\u20132', '3\u20134', '5\u20136']) expect(h).toContain(`<th>${r}</th>`);
    expect(entriesIn(horror)).toEqual(['horror-one-guard-unit', 'horror-one-unit']);
    const ambush = p.faces.find((f) => f.context.id === 'crew-ambush')!;
    expect(entriesIn(ambush)).toEqual(['crew-ambush-defence']);
    expect(html(p, ambush)).toContain(`3${markHtml('inference')}`);
  });

  it("shows the movement the card's rules fix: Crew cannot move, and Crew Ambush! is used exactly as the Crew", () => {
    for (const id of ['crew', 'crew-ambush']) {
      const f = p.faces.find((x) => x.context.id === id)!;
      expect(f.context.move, id).toEqual({ value: '0', pointer: '/rules/0/do/0/maxDistance' });
      expect(html(p, f), id).toMatch(/<span class="wm-stat-k">Move<\/span><span class="wm-stat-v">0<\/span>/);
    }
    for (const id of ['trap', 'horror']) expect(p.faces.find((x) => x.context.id === id)!.context.move, id).toBeNull();
  });
});

describe('warmaster-ship-map', () => {
  const p = printable('warmaster-ship-map');
  const f = p.faces[0]!;
  const h = html(p, f);
  const numbered = shipAreaIds.filter((id) => areas[id].category === 'numbered');

  it('says prominently that the map is reconstructed', () => {
    expect(h).toContain('Reconstructed map');
    expect(h).toContain('The real map is not in the source.');
  });

  it('has every numbered area exactly once, with its number', () => {
    expect(numbered).toHaveLength(27);
    for (const id of numbered) {
      expect(count(h, `data-area="${id}"`), id).toBe(1);
      expect(h).toContain(`<span class="wm-area-n">${areas[id].number}</span>`);
    }
  });

  it('draws every connection exactly once', () => {
    const pairs = new Set<string>();
    for (const id of numbered) for (const c of areas[id].connections ?? []) pairs.add([id, c].sort().join(' '));
    const lines = [...h.matchAll(/data-edge="([^"]+)"/g)].map((m) => m[1]!);
    expect(lines).toHaveLength(pairs.size);
    expect(new Set(lines)).toEqual(pairs);
  });

  it('labels the special areas where the rulings put them, and marks each ruling', () => {
    for (const id of numbered) {
      const special = areas[id].special;
      const box = h.slice(h.indexOf(`data-area="${id}"`), h.indexOf('</div>', h.indexOf(`data-area="${id}"`)));
      if (special) expect(box, id).toContain(esc(areas[special as keyof typeof areas].name!));
      else expect(box).not.toContain('wm-area-special');
    }
    const entries = entriesIn(f);
    for (const id of numbered) expect(entries).toContain(`map-${id}-connections`);
    expect(entries).toEqual(
      expect.arrayContaining(['map-area-15-special', 'map-area-22-special', 'map-area-33-special', 'map-area-45-special', 'map-area-55-special']),
    );
  });
});

describe('warmaster-special-areas', () => {
  const p = printable('warmaster-special-areas');
  const h = faceHtml('warmaster-special-areas');

  it("prints each special area's name and rules text", () => {
    const special = shipAreaIds.filter((id) => areas[id].category !== 'numbered');
    expect(special).toHaveLength(6);
    for (const id of special) {
      const a = areas[id];
      expect(h).toContain(esc(a.name!));
      for (const r of a.rules ?? []) expect(h).toContain(esc(r.text));
    }
    expect(entriesIn(p.faces[0]!)).toEqual(
      expect.arrayContaining(['shields-laser-hits', 'fire-destroys-units', 'engine-room-blocked-by-any-traitor', 'weapons-store-blocked-by-any-traitor']),
    );
  });
});

describe('escaping', () => {
  const evil = '<script>alert(1)</script>';
  const check = (p: Printable, f: Face, context: Record<string, unknown>) => {
    const out = renderFace(templates, p, { ...f, context: { ...f.context, ...context } });
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain(evil);
  };

  it('escapes content text on every template', () => {
    const ref = printable('warmaster-reference');
    const turn = ref.faces[0]!;
    check(ref, turn, { phases: (turn.context.phases as Record<string, unknown>[]).map((x) => ({ ...x, name: evil })) });
    check(ref, ref.faces[1]!, { combat: { ...(ref.faces[1]!.context.combat as object), oddsRule: evil } });
    const unitsP = printable('warmaster-units');
    check(unitsP, unitsP.faces[0]!, { name: evil });
    const cardsP = printable('warmaster-cards');
    check(cardsP, cardsP.faces[0]!, { name: evil, text: evil });
    const back = (cardsP as CardPrintable).back!;
    const backHtml = templates.render(back.template, { ...back.context, title: evil });
    expect(backHtml).toContain('&lt;script&gt;');
    expect(backHtml).not.toContain(evil);
    const map = printable('warmaster-ship-map');
    check(map, map.faces[0]!, { areas: (map.faces[0]!.context.areas as Record<string, unknown>[]).map((a) => ({ ...a, special: { id: 'x', name: evil } })) });
    const sa = printable('warmaster-special-areas');
    check(sa, sa.faces[0]!, { areas: (sa.faces[0]!.context.areas as Record<string, unknown>[]).map((a) => ({ ...a, name: evil })) });
  });

  it('prints no footnote reasons (they are on the errata sheet)', () => {
    const ref = printable('warmaster-reference');
    const f = ref.faces[0]!;
    const footnotes: Footnote[] = f.footnotes.map((n) => ({ ...n, reason: evil }));
    const out = renderFace(templates, ref, { ...f, footnotes });
    expect(out).not.toContain('&lt;script&gt;');
    expect(out).not.toContain(evil);
  });
});

describe('grouped footnotes', () => {
  const shared =
    'The cell was lost in extraction and the fragments do not fix it. Ruled table: the results lie in diagonal bands, two steps each, by roll and column.';
  const note = (n: number, entry: string, reason: string, kind: Footnote['kind'] = 'ruling'): Footnote => ({ n, entry, kind, reason });

  it('prints a shared reason once and keeps every entry with its number', () => {
    const groups = groupNotes([
      note(1, 'a', `Roll 1, odds 1-2: ${shared}`),
      note(2, 'b', 'Something else entirely.'),
      note(3, 'c', `Roll 2, odds 1-1: ${shared}`),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ numbers: '1, 3', grouped: true, reason: shared });
    expect(groups[0]!.plain.map((m) => [m.n, m.entry])).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
    expect(groups[1]).toMatchObject({ numbers: '2', grouped: false, reason: 'Something else entirely.' });
  });

  it('keeps what each entry adds to a shared opening or closing', () => {
    const open = groupNotes([note(1, 'a', `${shared} A is first.`), note(2, 'b', `${shared} B is second.`)]);
    expect(open[0]!.detailed.map((m) => m.own)).toEqual(['A is first.', 'B is second.']);
    const close = groupNotes([note(1, 'a', `A is first. ${shared}`), note(2, 'b', `B is second. ${shared}`)]);
    expect(close[0]!.reason).toBe(shared);
    expect(close[0]!.detailed.map((m) => m.own)).toEqual(['A is first.', 'B is second.']);
  });

  it('never groups different kinds', () => {
    expect(groupNotes([note(1, 'a', shared, 'ruling'), note(2, 'b', shared, 'inference')])).toHaveLength(2);
  });

  it('compresses mark numbers into runs', () => {
    expect(compressNumbers([1, 2, 3, 5, 7, 8])).toBe('1\u20133, 5, 7, 8');
  });
});
