// The board on one sheet per board record: squares named from the record, each side's back row
// from its setup zone, the victory squares from the scenarios' occupy-locations conditions.
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { archonView, FaceMarks, sideName, victoryText, type ArchonView } from './shared.js';
import type { ArchonSkirmishBoard } from '../../../../generated/types/archon-skirmish/board.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';

/**
 * 23 mm squares: 8 of them (184 mm) fit the 190 mm sheet box of A4 and Letter alike, and hold a
 * 22 mm creature counter (printables.yaml) with room to pick it up.
 */
export const SQUARE_MM = 23;

/** How a placement reads on the sheet. */
const PLACEMENT: Readonly<Record<string, string>> = { 'players-choice': 'arranged as its player chooses' };

export interface Square {
  readonly name: string;
  /** Chessboard colouring: a1 is a dark square. */
  readonly shade: 'dark' | 'light';
  /** The side whose back row holds the square, or null. */
  readonly home: string | null;
  readonly victory: boolean;
  readonly file: number;
  readonly rank: number;
}

type Board = DeepReadonly<ArchonSkirmishBoard>;

export function boardSquares(view: ArchonView, b: Board): Square[][] {
  const files = [...b.squareNames.files];
  const ranks = [...b.squareNames.ranks];
  const homeOf = new Map<string, string>();
  for (const z of Object.values(view.zones)) {
    if (z.side === null || !('placement' in z)) continue;
    for (const sq of z.squares ?? []) homeOf.set(sq, z.side);
  }
  const victory = new Set(victoryZones(view).flatMap((z) => [...(view.zones[z]!.squares ?? [])]));
  const rows: Square[][] = [];
  // Rank 8 at the top: the board as the Light player sees it, Light's back row nearest.
  for (let r = b.rows - 1; r >= 0; r--) {
    const row: Square[] = [];
    for (let f = 0; f < b.columns; f++) {
      const name = `${files[f] ?? f + 1}${ranks[r] ?? r + 1}`;
      row.push({ name, shade: (f + r) % 2 === 0 ? 'dark' : 'light', home: homeOf.get(name) ?? null, victory: victory.has(name), file: f, rank: r });
    }
    rows.push(row);
  }
  return rows;
}

/** The zones a side must occupy to win, from every scenario's `occupy-locations` conditions. */
function victoryZones(view: ArchonView): string[] {
  const out: string[] = [];
  for (const s of Object.values(view.scenarios)) {
    for (const v of s.victory ?? []) {
      if (v.condition !== 'occupy-locations') continue;
      for (const l of v.locations ?? []) if (l in view.zones && !out.includes(l)) out.push(l);
    }
  }
  return out;
}

export const boardSheet: NamedContext = {
  name: 'archon-board',
  description:
    'One sheet per selected board record: the squares named and coloured as a chessboard (23 mm each), each side\u2019s back row and placement from its setup zone, the victory squares from the scenarios\u2019 occupy-locations conditions, and who moves first.',
  kinds: ['board'],
  build(input) {
    const view = archonView(input.content);
    const faces = input.records.map((r): Face => {
      const b = view.boards[r.id]!;
      const m = new FaceMarks(view);
      const rows = boardSquares(view, b);
      const files = [...b.squareNames.files].slice(0, b.columns);
      const ranks = [...b.squareNames.ranks].slice(0, b.rows);

      // The back rows, top edge first (the order the sheet is read in, so the footnotes number in order).
      const rankOf = (side: string) => (b.backRank as Readonly<Record<string, number>>)[side] ?? null;
      const sides = [...view.pack.sides].sort((x, y) => (rankOf(y.id) ?? 0) - (rankOf(x.id) ?? 0));
      const homes = sides.map((side) => {
        const zone = Object.values(view.zones).find((z) => z.side === side.id && 'placement' in z);
        const rank = rankOf(side.id);
        const squares = zone?.squares ?? [];
        return {
          side: side.id,
          name: side.name,
          rank: { value: rank === null ? null : (ranks[rank - 1] ?? String(rank)), ...m.at(r.kind, r.id, `/backRank/${side.id}`) },
          squares: zone
            ? {
                text: squares.length > 2 ? `${squares[0]}\u2013${squares[squares.length - 1]}` : squares.join(' '),
                all: squares.join(' '),
                ...m.at('zone', zone.id, '/squares'),
              }
            : null,
          placement:
            zone && 'placement' in zone
              ? {
                  text: zone.placement === null || zone.placement === undefined ? null : (PLACEMENT[zone.placement] ?? zone.placement),
                  ...m.at('zone', zone.id, '/placement'),
                }
              : null,
          zone: zone?.id ?? null,
          first: false,
        };
      });
      const top = homes.find((h) => h.rank.value === ranks[ranks.length - 1]) ?? null;
      const bottom = homes.find((h) => h.rank.value === ranks[0]) ?? null;
      const first = Object.values(view.scenarios)[0];
      const firstSide = first ? { side: first.first, name: sideName(view, first.first), ...m.at('scenario', first.id, '/first') } : null;
      const victorySquares = victoryZones(view).flatMap((z) => (view.zones[z]!.squares ?? []).map((sq) => ({ name: sq, ...m.at('zone', z, '/squares') })));
      const victory = victoryText(view, m);

      return {
        context: {
          title: view.pack.title,
          board: { text: b.text, columns: b.columns, rows: b.rows },
          victory,
          victorySquares,
          files,
          ranksTopDown: [...ranks].reverse(),
          rows,
          top,
          bottom,
          homes,
          first: firstSide,
          squareMm: SQUARE_MM,
        },
        ...m.result(),
        copies: r.copies,
        label: r.id,
      };
    });
    return { faces };
  },
};
