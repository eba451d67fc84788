import path from 'node:path';
import type { EffectiveRecord } from '../model.js';
import type { LintCheck } from './context.js';

/**
 * spread/duplicate-number: two spreads share a number, so looking a spread up by its number (as
 * `resolve --spread 7` does) would pick one silently. An error.
 * spread/number-gap: the numbers do not run 1, 2, 3... without a hole. A warning, not an error:
 * every spread is still found by its number and "the next spread" is still well defined (the next
 * higher number), and a transcription in progress, or a source that really skips a number, is
 * legitimate; but it is usually a typo, and the printed next-spread links then skip a number.
 */
export const spreadNumbers: LintCheck = (ctx) => {
  const byNumber = new Map<number, EffectiveRecord>();
  for (const spread of ctx.ofKind('spread').sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const n = spread.data.number;
    if (typeof n !== 'number' || !Number.isInteger(n)) continue;
    const first = byNumber.get(n);
    if (first) {
      const file = path.relative(path.dirname(ctx.manifestFile), first.file).split(path.sep).join('/');
      ctx.at(
        'spread/duplicate-number',
        spread,
        ['number'],
        `Spreads ${first.id} (${file}) and ${spread.id} both have the number ${n}.`,
        `Give ${spread.id} the number the source prints on it; numbers in use: ${[...byNumber.keys()].sort((a, b) => a - b).join(', ')}.`,
      );
    } else byNumber.set(n, spread);
  }
  if (byNumber.size === 0) return;
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  let expected = 1;
  for (const n of numbers) {
    if (n > expected) {
      const missing = n - 1 === expected ? `${expected}` : `${expected} to ${n - 1}`;
      ctx.at(
        'spread/number-gap',
        byNumber.get(n)!,
        ['number'],
        `No spread has the number ${missing}: ${expected > 1 ? `the spread before ${byNumber.get(n)!.id} is number ${expected - 1}` : `the lowest number is ${n}`}.`,
      );
    }
    expected = Math.max(expected, n + 1);
  }
};
