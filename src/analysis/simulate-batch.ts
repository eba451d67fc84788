// A whole `simulate` run: one pairing of bots or several, over a range of the batch's games, on
// worker threads or in this one.
import type { GameRef } from '../engine/games.js';
import { defaultWorkers, simulate, type GameContent, type SimulateOptions } from './simulate.js';
import { pairingsOf, simulatePairings, type AnyReport } from './simulate-pairings.js';
import { emptyTally, makeReport, type Batch, type Range } from './simulate-report.js';

/** Worker threads for `count` games when none are asked for: a thread costs a start-up, so a small batch plays in this thread. */
export function workersFor(count: number): number {
  return count <= 64 ? 0 : Math.min(defaultWorkers(), Math.ceil(count / 64));
}

/**
 * Plays the games of `range` once for each pairing of bots (`pairings[k]`: one bot per side, in
 * side order; `batch.bots` is the first): one pairing's report, or several side by side. A range
 * with no games gives the reports of no games.
 */
export async function playBatch(
  ref: GameRef,
  content: GameContent,
  batch: Batch,
  pairings: readonly Batch['bots'][],
  options: SimulateOptions & { readonly range: Range },
): Promise<AnyReport> {
  const { range } = options;
  const empty = range.to === range.from;
  if (pairings.length > 1)
    return empty
      ? pairingsOf(pairings.map((bots) => makeReport({ ...batch, bots }, range, emptyTally())))
      : simulatePairings(ref, content, batch, pairings, options);
  return empty ? makeReport(batch, range, emptyTally()) : simulate(ref, content, batch, options);
}
