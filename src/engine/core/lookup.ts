// Table look-ups shared by every game: ranges (dice results, combat differentials, d66 bands) and
// 2-D matrices. Pure functions over plain data.

/** An inclusive range; `min: null` is open below ("or less"), `max: null` open above ("or more"). */
export interface Range {
  readonly min: number | null;
  readonly max: number | null;
}

export function inRange(value: number, range: Range): boolean {
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/** The first entry whose range holds `value`, with its index; undefined when none does. */
export function findInRanges<T>(entries: readonly T[], value: number, rangeOf: (entry: T) => Range): { entry: T; index: number } | undefined {
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (inRange(value, rangeOf(entry))) return { entry, index };
  }
  return undefined;
}

/** A ratio a:b, compared by value (2:1 is 2, 1:3 is 1/3). */
export type Ratio = readonly [number, number];

export function ratioValue([a, b]: Ratio): number {
  return a / b;
}

/** An inclusive range of ratios, open where null. */
export interface RatioRange {
  readonly min: Ratio | null;
  readonly max: Ratio | null;
}

/** The first entry whose ratio range holds `value` (a ratio already reduced as the rules say). */
export function findInRatioRanges<T>(entries: readonly T[], value: number, rangeOf: (entry: T) => RatioRange): { entry: T; index: number } | undefined {
  const eps = 1e-9;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    const { min, max } = rangeOf(entry);
    if ((min === null || value >= ratioValue(min) - eps) && (max === null || value <= ratioValue(max) + eps)) return { entry, index };
  }
  return undefined;
}

/** The cell at a 1-based row and column of a matrix (as tables are printed: row 1 is the first). */
export function cellAt<T>(matrix: readonly (readonly T[])[], row: number, column: number): T | undefined {
  return matrix[row - 1]?.[column - 1];
}

/**
 * The layer origin of the value at a JSON pointer (`/rng/4/2`): the origin recorded for that pointer
 * or, failing that, for the nearest value containing it (`/rng/4`, `/rng`, the whole record), with
 * the pointer it was recorded at. Undefined when the value is as printed.
 */
export function originAt<O>(
  origins: { readonly [pointer: string]: O } | undefined,
  pointer: string,
): { readonly origin: O; readonly pointer: string } | undefined {
  if (!origins) return undefined;
  let at = pointer;
  for (;;) {
    const origin = Object.hasOwn(origins, at) ? origins[at] : undefined;
    if (origin !== undefined) return { origin, pointer: at };
    if (at === '') return undefined;
    at = at.slice(0, at.lastIndexOf('/'));
  }
}
