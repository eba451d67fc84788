// Archon Skirmish printables, built and rendered without a browser: every creature's stats, the
// whole deck (copies follow counts, one shared back), the 8x8 board with its named squares, back
// rows and victory corners, the turn card; layer marks and their legend; escaping.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as content from '../generated/content/archon-skirmish.js';
import { originAt } from '../src/engine/core/lookup.js';
import { playerNote } from '../src/games/archon-skirmish/print/shared.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { KIND_LEGENDS, MARK_KINDS, markHtml, markKey } from '../src/render/marks.js';
import type { CardPrintable, Face, Printable, SheetPrintable } from '../src/render/printable.js';
import { printablesOf } from './content-support.js';
import { repoRoot, htmlText, poisoned } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
// The pack's own printables (printables.yaml), without the scenario and errata sheets every pack has.
const all = printablesOf('archon-skirmish');
const printables = all.filter((p) => !['archon-skirmish-scenarios', 'archon-skirmish-errata'].includes(p.id));
const byId = (id: string): Printable => {
  const p = printables.find((x) => x.id === id);
  if (!p) throw new Error(`no printable ${id}`);
  return p;
};
const html = (p: Printable, face: Face) => renderFace(templates, p, face);
const creatures = byId('archon-skirmish-creatures') as CardPrintable;
const deck = byId('archon-skirmish-deck') as CardPrintable;
const board = byId('archon-skirmish-board') as SheetPrintable;
const turn = byId('archon-skirmish-turn') as CardPrintable;
const text = htmlText;
/** The one mark a player's face prints beside a value a layer set (the entry is on the errata sheet). */
/** A layer mark of any kind, and the kinds a face's HTML marked. */
const ANY_MARK = /<sup class="layer-mark mark-(\w+)">[^<]*<\/sup>/g;
const kindsMarked = (h: string) => new Set([...h.matchAll(ANY_MARK)].map((m) => m[1]!));
/** The face's legend says what each kind of mark it printed means, and no other. */
const legendMatches = (h: string) => MARK_KINDS.every((k) => htmlText(h).includes(KIND_LEGENDS[k]) === kindsMarked(h).has(k));

describe('archon-skirmish printables', () => {
  it('are the creatures, the markers, the deck, the board and the turn card from printables.yaml, then the common sheets', () => {
    expect(all.map((p) => p.id)).toEqual([
      'archon-skirmish-cover',
      'archon-skirmish-creatures',
      'archon-skirmish-markers',
      'archon-skirmish-deck',
      'archon-skirmish-board',
      'archon-skirmish-turn',
      'archon-skirmish-scenarios',
      'archon-skirmish-errata',
    ]);
    for (const p of all) expect(p.pack).toBe('archon-skirmish');
  });

  it('render every face and back in strict mode', () => {
    for (const p of printables) {
      for (const face of p.faces) expect(() => html(p, face), `${p.id} ${face.label}`).not.toThrow();
      if (p.kind === 'card' && p.back) expect(() => templates.render(p.back!.template, p.back!.context)).not.toThrow();
    }
  });
});

describe('creatures', () => {
  it('are sixteen counters of a fixed size, one each', () => {
    expect(creatures.faces).toHaveLength(16);
    expect(creatures.size).toEqual({ width: 22, height: 22 });
    expect(creatures.faces.every((f) => f.copies === 1)).toBe(true);
    expect(new Set(creatures.faces.map((f) => f.context.id))).toEqual(new Set(content.creatureIds));
  });

  it('each show the name, side, hits, move (F for flyers), attack range and attack name', () => {
    for (const face of creatures.faces) {
      const c = content.creatures[face.context.id as keyof typeof content.creatures];
      const out = html(creatures, face);
      const t = text(out);
      expect(t).toContain(c.name);
      expect(t).toContain(c.attackName);
      expect(out).toContain(`as-side-${c.side}`);
      expect(t).toMatch(new RegExp(`H ${c.hits} M ${c.move}${c.flyer ? 'F' : ''} A ${c.attack}`));
      // One hit pip per hit.
      expect(out.match(/<i><\/i>/g)).toHaveLength(c.hits);
    }
  });

  it('list Light first, then Dark, in the order the rule text prints each side', () => {
    const ids = creatures.faces.map((f) => f.context.id);
    expect(ids.slice(0, 8)).toEqual(['wizard', 'unicorn', 'archer', 'golem', 'valkyrie', 'djinni', 'phoenix', 'knight']);
    expect(ids.slice(8)).toEqual(['sorceress', 'basilisk', 'manticore', 'troll', 'shapeshifter', 'dragon', 'banshee', 'goblin']);
  });
});

describe('the deck', () => {
  const d = content.decks['common-deck'];

  it("prints every card as many times as the deck lists it, in the deck's order: 50 faces in all", () => {
    expect(deck.faces.map((f) => [f.context.id, f.copies])).toEqual(d.cards.map((c) => [c.card, c.copies]));
    const total = deck.faces.reduce((n, f) => n + f.copies, 0);
    expect(total).toBe(50);
    expect(total).toBe(d.size);
  });

  it('has one shared back and takes the card size the user picks', () => {
    expect(deck.back?.template).toBe('archon-skirmish/card-back.hbs');
    expect(deck.size).toBeUndefined();
    const back = templates.render(deck.back!.template, deck.back!.context);
    expect(text(back)).toContain(content.pack.title);
    expect(text(back)).toContain('50 cards');
  });

  it('each card shows its name, type letter and name, range, side restriction, spell mark and notes', () => {
    for (const face of deck.faces) {
      const c = content.cards[face.context.id as keyof typeof content.cards];
      const out = html(deck, face);
      const t = text(out);
      expect(t).toContain(c.name);
      expect(out).toContain(`as-type-${c.type}`);
      expect(out).toContain(`<div class="as-type-chip">${c.type}</div>`);
      expect(t).toContain(c.typeName);
      // A card without a range (Save, Heal) prints none: no number, no medal, no dash or ? for it.
      if (c.range !== null) expect(t).toContain(`${c.range} Range`);
      else expect(t).not.toMatch(/[?\u2014]\s*Range/);
      if (c.notes !== null) expect(t).toContain(`Notes: ${c.notes}`);
      if (c.side !== null) expect(t).toContain(`${content.pack.sides.find((s) => s.id === c.side)!.name} side only`);
      else expect(t).not.toContain('side only');
      expect(t.includes('Spell')).toBe(c.spell || (c.notes ?? '').includes('Spell'));
      if (c.spell) expect(t).toContain(content.spells[c.spellId as keyof typeof content.spells].text);
    }
  });

  it('Save cards print their effect from the ruling, with its mark and the legend, not the entry', () => {
    for (const id of ['dark-save', 'light-save'] as const) {
      const face = deck.faces.find((f) => f.context.id === id)!;
      const origin = content.origins.card[id]!['/effects']!;
      const note = face.footnotes.find((n) => n.entry === origin.entry);
      expect(note, id).toBeDefined();
      expect(note!.kind).toBe('ruling');
      const out = html(deck, face);
      const effect = (content.cards[id].effects![0] as { note: string }).note;
      expect(effect).toMatch(/^Ruling: /);
      expect(text(out)).toContain(playerNote(effect));
      expect(out).toContain(`${playerNote(effect).replace(/'/g, '&#x27;')}${markHtml('ruling')}`);
      expect(text(out)).toContain(KIND_LEGENDS.ruling);
      expect(out).not.toContain(origin.entry);
      // The timing ruling too.
      expect(face.footnotes.map((n) => n.entry)).toContain(content.origins.card[id]!['/playedIn']!.entry);
    }
  });

  it('a player note drops the remark about the engine vocabulary', () => {
    expect(playerNote('Ruling: played in reply; that attack does no damage. The vocabulary has no effect that cancels one attack.')).toBe(
      'Played in reply; that attack does no damage.',
    );
    expect(playerNote('MOVE PHASE: moves a creature; the vocabulary has no move effect.')).toBe('MOVE PHASE: moves a creature.');
  });
});

describe('the board', () => {
  const out = html(board, board.faces[0]!);
  const squares = [...out.matchAll(/<div class="as-sq ([^"]*)" data-square="([a-h][1-8])">/g)].map((m) => ({ classes: m[1]!.split(' '), name: m[2]! }));
  const b = content.board.board;

  it('is one portrait sheet with 64 squares named from the board record, rank 8 at the top', () => {
    expect(board.faces).toHaveLength(1);
    expect(squares).toHaveLength(64);
    const expected = [...b.squareNames.ranks].reverse().flatMap((r) => [...b.squareNames.files].map((f) => `${f}${r}`));
    expect(squares.map((s) => s.name)).toEqual(expected);
    expect(new Set(squares.map((s) => s.name)).size).toBe(64);
  });

  it('colours the squares as a chessboard: a1 dark, h1 light', () => {
    expect(squares.find((s) => s.name === 'a1')!.classes).toContain('shade-dark');
    expect(squares.find((s) => s.name === 'h1')!.classes).toContain('shade-light');
  });

  it('marks the four corners, and only them, as the victory squares', () => {
    const victory = squares
      .filter((s) => s.classes.includes('victory'))
      .map((s) => s.name)
      .sort();
    const corners = content.scenarios['standard-game'].victory![0]!.locations!;
    expect(victory).toEqual(corners.flatMap((z) => content.zones[z as keyof typeof content.zones].squares ?? []).sort());
    expect(victory).toEqual(['a1', 'a8', 'h1', 'h8']);
    expect(text(out)).toContain('Occupy the 4 corner squares of the map or destroy all enemy creatures.');
  });

  it("highlights each side's back row, and marks the rulings that put them there", () => {
    expect(squares.filter((s) => s.classes.includes('home-light')).map((s) => s.name)).toEqual([...content.zones['light-back-row'].squares!]);
    expect(squares.filter((s) => s.classes.includes('home-dark')).map((s) => s.name)).toEqual([...content.zones['dark-back-row'].squares!]);
    const entries = board.faces[0]!.footnotes.map((n) => n.entry);
    for (const e of [
      'light-back-rank',
      'dark-back-rank',
      'light-back-row-squares',
      'dark-back-row-squares',
      'light-placement',
      'dark-placement',
      'first-player',
    ])
      expect(entries).toContain(e);
    // The reasons are on the errata sheet; the board says in words what its mark means.
    expect(out).not.toContain('light-back-rank');
    expect(text(out)).toContain(KIND_LEGENDS.ruling);
    expect(board.faces[0]!.marks[markKey('board:board', '/backRank/light')]).toBeDefined();
    expect(out).toContain(`back row: rank 1${markHtml('ruling')}`);
  });
});

describe('the turn card', () => {
  const face = turn.faces[0]!;
  const out = html(turn, face);
  const t = text(out);

  it('is one card of its own size, one copy per player', () => {
    expect(turn.faces).toHaveLength(1);
    expect(turn.size).toEqual({ width: 190, height: 132 });
    expect(face.copies).toBe(content.pack.sides.length);
  });

  it('prints the three phases in order with every rule as printed, hand size and draw', () => {
    const seq = content.turn['turn-sequence'];
    const names = seq.phases.map((p) => content.phases[p as keyof typeof content.phases].name);
    let at = -1;
    for (const name of names) {
      const i = t.indexOf(name);
      expect(i, name).toBeGreaterThan(at);
      at = i;
    }
    for (const p of Object.values(content.phases)) for (const r of p.rules) expect(t, r.id).toContain(r.text);
    expect(t).toContain(`Hand ${content.phases.orders.handLimit}`);
    expect(t).toContain(`Draw ${content.phases.orders.draw}`);
    expect(t).toContain(seq.text);
  });

  it('prints the spells rule and every spell', () => {
    for (const r of content.rules['spell-cards'].rules) expect(t).toContain(r.text);
    for (const s of Object.values(content.spells)) expect(t).toContain(s.text);
  });

  it('marks what the layers decided about the phases', () => {
    const entries = face.footnotes.map((n) => n.entry);
    for (const o of Object.values(content.origins.phase).flatMap((r) => Object.values(r ?? {}))) expect(entries).toContain(o.entry);
    expect(entries).toContain('first-player');
    expect(entries).toContain('starting-hand');
  });
});

/** Every `{rec, ptr}` a face context holds: the values its template marks. */
function markedValues(value: unknown, out: { rec: string; ptr: string }[] = []): { rec: string; ptr: string }[] {
  if (Array.isArray(value)) for (const v of value) markedValues(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.rec === 'string' && typeof o.ptr === 'string') out.push({ rec: o.rec, ptr: o.ptr });
    for (const v of Object.values(o)) markedValues(v, out);
  }
  return out;
}

describe('layer marks', () => {
  it('every value a face shows that a layer set carries its mark, tied to the entry that set it', () => {
    let checked = 0;
    for (const p of printables) {
      for (const face of p.faces) {
        const out = html(p, face);
        const used = new Set<number>();
        for (const { rec, ptr } of markedValues(face.context)) {
          const [kind, id] = rec.split(':') as [keyof typeof content.origins, string];
          const origin = originAt((content.origins[kind] as Record<string, Record<string, { entry: string }> | undefined>)[id], ptr)?.origin;
          const n = face.marks[markKey(rec, ptr)];
          if (origin) {
            checked++;
            expect(n, `${p.id} ${face.label} ${rec}${ptr}`).toBeDefined();
            expect(face.footnotes[n! - 1]?.entry).toBe(origin.entry);
            used.add(n!);
          } else {
            expect(n, `${p.id} ${face.label} ${rec}${ptr}`).toBeUndefined();
          }
        }
        expect([...used].sort((a, b) => a - b)).toEqual(face.footnotes.map((f) => f.n));
        expect(kindsMarked(out), `${p.id} ${face.label}`).toEqual(new Set(face.footnotes.map((f) => f.kind)));
        expect(legendMatches(out), `${p.id} ${face.label} legend`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('the Teleport card carries the ruling that frees it from the Move limit', () => {
    const face = deck.faces.find((f) => f.context.id === 'teleport')!;
    expect(face.footnotes.map((n) => n.entry)).toEqual(['teleport-not-limited-by-move']);
  });
});

describe('escaping', () => {
  const evil = '<script>alert(1)</script>';

  it('content text prints as the characters it holds, on every template', () => {
    for (const p of printables) {
      const face = p.faces[0]!;
      const out = renderFace(templates, p, { ...face, context: poisoned(face.context, evil) as Record<string, unknown> });
      expect(out, p.id).not.toContain('<script>');
      expect(out, p.id).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    const back = templates.render(deck.back!.template, poisoned(deck.back!.context, evil) as Record<string, unknown>);
    expect(back).not.toContain('<script>');
    expect(back).toContain('&lt;script&gt;');
  });

  it('a creature named <script> prints as those characters', () => {
    const face = creatures.faces[0]!;
    const ctx = { ...face.context, name: { ...(face.context.name as object), text: evil } };
    const out = renderFace(templates, creatures, { ...face, context: ctx });
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain(evil);
  });
});
