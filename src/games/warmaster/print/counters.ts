// The playing pieces on one sheet, fronts on the first page and backs on the second (print them
// two-sided, flipped on the long edge, or print the second page and glue it behind the first): every
// unit and card of each side's army in the selected scenario, as many as the army lists, and the
// pack's markers. Each piece has its own back: a side whose pieces are hidden (drawn from a cup,
// set up face down) gets one common face-down back for all of them, so they cannot be told apart;
// the other side's pieces show its emblem; a marker shows its front again. Counters are square and
// fit inside a ship map area below its number, with a millimetre to spare; each carries its own bleed in its own
// colour, so a miscut shows no neighbour's colour.
import type { Scenario } from '../../../../generated/types/scenario.js';
import type { WarmasterMarker } from '../../../../generated/types/warmaster/marker.js';
import type { WarmasterUnit } from '../../../../generated/types/warmaster/unit.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { MarkBook, type Origins } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import { recordsOf, type NamedContext } from '../../../render/contexts/context.js';
import { COUNTER_ROOM } from './map.js';
import { dieText, face, footer, layered, sideView, type SideView, type Unit, type WarmasterView, warmasterView } from './shared.js';

/** Counter size: square, the room below a ship map area's number less a millimetre each side. */
export const COUNTER = Math.min(COUNTER_ROOM.width, COUNTER_ROOM.height) - 2;
/** Each counter's own bleed past its cut line, and so half the gutter between two counters. */
export const COUNTER_BLEED = 1.5;
/** The sheet's inner width (the 190 mm sheet box). */
const SHEET_W = 190;
const PITCH = COUNTER + 2 * COUNTER_BLEED;
const COLUMNS = Math.floor(SHEET_W / PITCH);
/** Height of a section's heading above its rows. */
const HEADING = 6;

type Ordinary = DeepReadonly<WarmasterUnit>;
type Marker = DeepReadonly<WarmasterMarker>;

export interface Stat {
  readonly value: string | null;
  readonly label: string;
}

export interface Piece {
  readonly kind: 'unit' | 'card' | 'marker';
  /** `unit`, `card` or `marker`: the counter's style. */
  readonly style: string;
  readonly record: string;
  readonly name: string;
  readonly side: SideView | null;
  /** Attack and defence (a roll, a number, or null: printed as ?); none for cards that do not fight. */
  readonly stats: readonly Stat[];
  /** The values of `record` a layer set that the counter prints: its marks, one per kind. */
  readonly marked: readonly string[];
  /** The back: `hidden` (the side's face-down back), `side` (the side's emblem) or `same` (the front again). */
  readonly back: 'hidden' | 'side' | 'same';
}

export interface PlacedPiece extends Piece {
  readonly x: number;
  readonly y: number;
  /** The name needs two lines. */
  readonly long: boolean;
  /** The name needs three lines (Magnus the Red one): the emblem shrinks to leave them room. */
  readonly crowded: boolean;
  /** For tests and the HTML: which copy of its piece this is. */
  readonly copy: number;
}

/** The roll an ability sets a stat to (`D6+4` for the Great Demons and the Demonic hordes), or null. */
function rolledStat(u: Unit): string | null {
  for (const a of u.abilities)
    for (const e of a.do) {
      if (e.kind === 'modify-strength' && e.op === 'set' && typeof e.value !== 'number' && e.stat === 'cs') return dieText(e.value.die, e.value.plus ?? 0);
    }
  return null;
}

function value(v: number | null | undefined): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** Whether the side's pieces are hidden: the scenario draws them from a cup or sets them up face down. */
function hiddenSide(view: WarmasterView, scenario: DeepReadonly<Scenario>, side: string): boolean {
  const entry = scenario.sides.find((s) => s.side === side);
  const words = [entry?.army.text ?? '', entry?.setup.text ?? ''].join(' ');
  void view;
  return /\bcup\b|face down/i.test(words);
}

function piecesOf(
  view: WarmasterView,
  content: Parameters<typeof recordsOf>[0],
  scenario: DeepReadonly<Scenario>,
  book: MarkBook,
): { side: SideView; hidden: boolean; pieces: { piece: Piece; copies: number }[] }[] {
  const ordinary = recordsOf<WarmasterUnit>(content, 'unit');
  const origins = (kind: string, id: string): Origins => view.origins(kind, id);
  const marked = (kind: string, id: string, pointers: readonly string[]) => {
    const o = origins(kind, id);
    const set = pointers.filter((p) => layered(o, p));
    if (set.length > 0) book.add(id, o, set);
    return set;
  };
  return scenario.sides.map((s) => {
    const side = sideView(view, s.side);
    const hidden = hiddenSide(view, scenario, s.side);
    const back = hidden ? 'hidden' : 'side';
    // The side's army, then its cards (drawn from the cup with its units), as many as each card's count.
    const cards = Object.values(view.cards)
      .filter((c) => c.side === s.side)
      .sort((a, b) => Number(a.defence !== null || a.attack !== null) - Number(b.defence !== null || b.attack !== null) || a.name.localeCompare(b.name))
      .map((c) => ({ unit: c.id, count: c.count ?? 1 }));
    const listed = new Set((s.army.units ?? []).map((u) => u.unit));
    const pieces = [...(s.army.units ?? []), ...cards.filter((c) => !listed.has(c.unit))].map(({ unit, count }) => {
      const special = view.units[unit];
      if (special) {
        const roll = rolledStat(special);
        const attack = value(special.attack) ?? roll;
        const defence = value(special.defence) ?? roll;
        // One box when both are the same roll (the Great Demons' and the Demonic hordes' D6+4).
        const stats =
          roll !== null && attack === roll && defence === roll
            ? [{ label: 'Attack and defence', value: roll }]
            : [
                { label: 'Attack', value: attack },
                { label: 'Defence', value: defence },
              ];
        return {
          piece: {
            kind: 'unit',
            style: 'unit',
            record: unit,
            name: special.name,
            side,
            stats,
            marked: marked('special-unit', unit, ['/name', '/attack', '/defence', '/count']),
            back,
          },
          copies: count,
        } as const;
      }
      const troop: Ordinary | undefined = ordinary[unit];
      if (troop) {
        const name = troop.name === null ? unit : troop.name.charAt(0).toUpperCase() + troop.name.slice(1);
        const stats = [
          { label: 'Attack', value: value(troop.attack) },
          { label: 'Defence', value: value(troop.defence) },
        ];
        return {
          piece: {
            kind: 'unit',
            style: 'unit',
            record: unit,
            name,
            side,
            stats,
            marked: marked('unit', unit, ['/name', '/attack', '/defence', '/count']),
            back,
          },
          copies: count,
        } as const;
      }
      const card = view.cards[unit];
      if (!card) throw new RangeError(`warmaster counters: the ${s.side} army lists "${unit}", which is no unit or card of the pack`);
      // A card fights only when it has a defence or an attack (Crew, Crew Ambush!).
      const stats = card.attack === null && card.defence === null ? [] : [{ label: 'Defence', value: value(card.defence) }];
      return {
        piece: {
          kind: 'card',
          style: `card card-${unit}`,
          record: unit,
          name: card.name,
          side,
          stats,
          marked: marked('card', unit, ['/name', '/attack', '/defence', '/count']),
          back,
        },
        copies: count,
      } as const;
    });
    return { side, hidden, pieces };
  });
}

export interface CounterSection {
  readonly title: string;
  readonly note: string;
  readonly y: number;
  readonly pieces: readonly PlacedPiece[];
}

/** The sheet's sections (one per side, then the markers) with every copy placed on a grid, top-down. */
export function counterSheet(
  view: WarmasterView,
  content: Parameters<typeof recordsOf>[0],
  scenario: DeepReadonly<Scenario>,
  book: MarkBook,
): { sections: CounterSection[]; height: number; hidden: SideView[] } {
  const sides = piecesOf(view, content, scenario, book);
  const markers = Object.values(recordsOf<WarmasterMarker>(content, 'marker')) as Marker[];
  const groups: { title: string; note: string; pieces: { piece: Piece; copies: number }[] }[] = sides.map((s) => ({
    title: `${s.side.name} army`,
    note: s.hidden
      ? 'One back for all: set up or drawn from the cup face down, they cannot be told apart until revealed.'
      : 'Always face up; the back shows the side.',
    pieces: s.pieces,
  }));
  if (markers.length > 0) {
    groups.push({
      title: 'Markers',
      note: 'Placed on an area the rules destroy; the same on both sides.',
      pieces: markers.map((m) => {
        const o = view.origins('marker', m.id);
        const set = ['/name', '/count'].filter((p) => layered(o, p));
        if (set.length > 0) book.add(m.id, o, set);
        const name = m.name.charAt(0).toUpperCase() + m.name.slice(1);
        return {
          piece: { kind: 'marker', style: `marker marker-${m.id}`, record: m.id, name, side: null, stats: [], marked: set, back: 'same' } as Piece,
          copies: m.count ?? 1,
        };
      }),
    });
  }
  let y = 0;
  const sections = groups.map((g) => {
    const top = y;
    y += HEADING;
    const placed: PlacedPiece[] = [];
    let i = 0;
    for (const { piece, copies } of g.pieces) {
      for (let c = 0; c < copies; c++, i++)
        placed.push({
          ...piece,
          copy: c + 1,
          long: piece.name.length > 12,
          crowded: piece.name.length > 16,
          x: (i % COLUMNS) * PITCH + (SHEET_W - COLUMNS * PITCH) / 2,
          y: y + Math.floor(i / COLUMNS) * PITCH,
        });
    }
    y += Math.ceil(i / COLUMNS) * PITCH + 2;
    return { title: g.title, note: g.note, y: top, pieces: placed };
  });
  return { sections, height: y, hidden: sides.filter((s) => s.hidden).map((s) => s.side) };
}

export const countersContext: NamedContext = {
  name: 'warmaster-counters',
  description:
    'A sheet of the playing pieces of the selected scenario, in two pages to print two-sided (long edge): each side\u2019s army (its units, as many as its list, then the side\u2019s cards, as many as each card\u2019s count) and the pack\u2019s markers, as square counters that fit a ship map area, each with its own bleed; the second page is the backs, mirrored (a hidden side\u2019s common face-down back, the other side\u2019s emblem, a marker\u2019s front again). Values nobody knows print as ?, values a layer set put one * on the counter, with the legend.',
  kinds: ['scenario'],
  build(input) {
    const view = warmasterView(input.content);
    const faces: Face[] = input.records.flatMap((r) => {
      const scenario = view.scenarios[r.id]!;
      const book = new MarkBook();
      const { sections, height } = counterSheet(view, input.content, scenario, book);
      const unknown = sections.some((s) => s.pieces.some((p) => p.stats.some((st) => st.value === null)));
      const common = {
        title: view.pack.title,
        scenario: scenario.name,
        footer: footer(view, input.playmarkVersion),
        counter: COUNTER,
        bleed: COUNTER_BLEED,
        pitch: PITCH,
        height,
      };
      const front = face({ ...common, page: 'front', subtitle: 'Counters', sections }, book, `counters ${r.id}`, 1, unknown);
      // The backs: the same places mirrored left to right, so they land behind their fronts when the
      // sheet is turned over on its long edge.
      const mirrored = sections.map((s) => ({ ...s, pieces: s.pieces.map((p) => ({ ...p, x: SHEET_W - p.x - PITCH })) }));
      const back: Face = {
        context: { ...common, page: 'back', subtitle: 'Counters: backs', sections: mirrored, legend: [] },
        marks: {},
        footnotes: [],
        copies: 1,
        label: `counter backs ${r.id}`,
      };
      return [front, back];
    });
    return { faces };
  },
};
