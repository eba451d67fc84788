// The board's geometry: squares by index (rank * columns + file), their names in the pack's
// notation, and the eight queen lines from every square, precomputed once per board. Moves and
// attacks follow these lines; line of sight is read from the squares a line passes.
import { intern } from './intern.js';

/** The lines a move or attack may follow (phase `directions`). */
export type Direction = 'orthogonal' | 'diagonal';

export interface Step {
  readonly files: number;
  readonly ranks: number;
  readonly line: Direction;
}

/** The eight steps: four orthogonal, then four diagonal. */
export const STEPS: readonly Step[] = [
  { files: 0, ranks: 1, line: 'orthogonal' },
  { files: 0, ranks: -1, line: 'orthogonal' },
  { files: 1, ranks: 0, line: 'orthogonal' },
  { files: -1, ranks: 0, line: 'orthogonal' },
  { files: 1, ranks: 1, line: 'diagonal' },
  { files: 1, ranks: -1, line: 'diagonal' },
  { files: -1, ranks: 1, line: 'diagonal' },
  { files: -1, ranks: -1, line: 'diagonal' },
];

export interface Board {
  readonly columns: number;
  readonly rows: number;
  readonly size: number;
  /** Square names by index (`a1`, `b1`, ... `h8`). */
  readonly names: readonly string[];
  /** `rays[square][step]`: the squares along that step from the square, nearest first, to the edge. */
  readonly rays: readonly (readonly (readonly number[])[])[];
  /** The index of a square name; throws on a name that is not on the board. */
  index(name: string): number;
  file(square: number): number;
  rank(square: number): number;
}

export function boardGeometry(columns: number, rows: number, files: string, ranks: string): Board {
  const size = columns * rows;
  const names: string[] = [];
  const byName = new Map<string, number>();
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < columns; f++) {
      const name = intern(`${files[f] ?? `f${f}`}${ranks[r] ?? `r${r}`}`);
      names.push(name);
      byName.set(name, r * columns + f);
    }
  }
  const rays: number[][][] = [];
  for (let sq = 0; sq < size; sq++) {
    const f0 = sq % columns,
      r0 = Math.floor(sq / columns);
    rays.push(
      STEPS.map((s) => {
        const out: number[] = [];
        for (let f = f0 + s.files, r = r0 + s.ranks; f >= 0 && f < columns && r >= 0 && r < rows; f += s.files, r += s.ranks) out.push(r * columns + f);
        return out;
      }),
    );
  }
  return {
    columns,
    rows,
    size,
    names,
    rays,
    index(name: string): number {
      const i = byName.get(name);
      if (i === undefined) throw new Error(`${name} is not a square of the ${columns}x${rows} board`);
      return i;
    },
    file: (sq) => sq % columns,
    rank: (sq) => Math.floor(sq / columns),
  };
}

/** The step indices (into STEPS) whose line is one of `directions`. */
export function stepsFor(directions: readonly Direction[]): number[] {
  return STEPS.flatMap((s, i) => (directions.includes(s.line) ? [i] : []));
}

/** The step index and distance from `from` to `to` when they share a line among `steps`, else null. */
export function lineBetween(board: Board, steps: readonly number[], from: number, to: number): { step: number; distance: number } | null {
  for (const step of steps) {
    const d = board.rays[from]![step]!.indexOf(to);
    if (d >= 0) return { step, distance: d + 1 };
  }
  return null;
}

/** True when the first `distance - 1` squares along the ray (those strictly between) are empty. */
export function squaresBetweenEmpty(squares: readonly number[], ray: readonly number[], distance: number): boolean {
  for (let i = 0; i < distance - 1; i++) if (squares[ray[i]!] !== -1) return false;
  return true;
}

/**
 * Line of sight from `from` along step `step` to the square `distance` away. `squares-on-line`:
 * the squares strictly between must be empty (ruling line-of-sight-squares-on-line);
 * `touched-squares`: also, on a diagonal, the two squares beside each corner the line passes.
 */
export function lineOfSight(
  board: Board,
  squares: readonly number[],
  from: number,
  step: number,
  distance: number,
  mode: 'squares-on-line' | 'touched-squares',
): boolean {
  const ray = board.rays[from]![step]!;
  if (!squaresBetweenEmpty(squares, ray, distance)) return false;
  const s = STEPS[step]!;
  if (mode === 'squares-on-line' || s.line !== 'diagonal') return true;
  let at = from;
  for (let i = 0; i < distance; i++) {
    const next = ray[i]!;
    // The corner between `at` and `next` touches the square beside on the file and on the rank.
    const besideFile = at + s.files,
      besideRank = at + s.ranks * board.columns;
    if (squares[besideFile] !== -1 || squares[besideRank] !== -1) return false;
    at = next;
  }
  return true;
}
