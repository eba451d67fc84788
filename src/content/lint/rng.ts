import { asArray, type LintCheck } from './context.js';

/** The number in an RNG cell: `3` or `"5E"` (a number that calls for an event). */
export function rngNumber(cell: unknown): number | undefined {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') {
    const m = /^(\d+)E$/.exec(cell);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * rng/not-uniform: every number of a finger matrix must come up equally often, so each appears
 * once in every row and every column. rng/unfilled: a cell still null once layers apply.
 */
export const rngMatrices: LintCheck = (ctx) => {
  for (const record of ctx.withProperty('rng')) {
    const rows = asArray(record.data.rng).map(asArray);
    const size = rows.length;
    rows.forEach((row, r) => {
      const seen = new Map<number, number>();
      row.forEach((cell, c) => {
        const n = rngNumber(cell);
        if (n === undefined) {
          ctx.at('rng/unfilled', record, ['rng', r, c], `Cell (defender ${r + 1}, attacker ${c + 1}) of ${record.id}'s random number matrix has no value.`);
          return;
        }
        if (n < 1 || n > size) {
          ctx.at('rng/not-uniform', record, ['rng', r, c], `Cell (defender ${r + 1}, attacker ${c + 1}) holds ${n}, outside 1-${size}.`);
        } else if (seen.has(n)) {
          ctx.at(
            'rng/not-uniform',
            record,
            ['rng', r, c],
            `Row ${r + 1} of ${record.id}'s random number matrix gives ${n} twice (attacker ${seen.get(n)! + 1} and ${c + 1}), so ${n} is more likely than other numbers.`,
          );
        } else seen.set(n, c);
      });
    });
    for (let c = 0; c < size; c++) {
      const seen = new Map<number, number>();
      rows.forEach((row, r) => {
        const n = rngNumber(row[c]);
        if (n === undefined) return;
        if (seen.has(n)) {
          ctx.at(
            'rng/not-uniform',
            record,
            ['rng', r, c],
            `Column ${c + 1} of ${record.id}'s random number matrix gives ${n} twice (defender ${seen.get(n)! + 1} and ${r + 1}), so ${n} is more likely than other numbers.`,
          );
        } else seen.set(n, r);
      });
    }
  }
};
