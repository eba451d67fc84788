// Numbers as the text reports write them.

/** A share as a percentage with one decimal: `56.5%`. */
export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A count as it is, any other number with one decimal; null as `-`. */
export const num = (x: number | null) => (x === null ? '-' : Number.isInteger(x) ? String(x) : x.toFixed(1));

/** `1 game`, `2 games`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
