// Hidden information: the Traitor's pieces are counters drawn face down from a cup. The core never
// holds a hidden piece's record (state.ts `identities` does), so a player view needs only to keep
// the identities its side may know: the Traitor player knows the pieces he drew and placed, not
// which counter of the cup is which; the Imperial player knows none of them until they are turned
// face up. `determinize` deals the records a side cannot place among its unknown pieces (Horus to
// one of those placed at set-up). No log line names a hidden piece's record (the deal and the draws
// give piece ids only, the core calls such a piece `face-down piece`), so every side may read every
// line: the game needs no `viewEvent`.
import { type RandomState, sampleIndices } from '../core/random.js';
import type { WarmasterRules } from './content.js';
import { stateWith, type WarmasterState } from './state.js';

/** Whether `side` may know what the hidden piece is: its own side's pieces once out of the cup. */
function knows(rules: WarmasterRules, state: WarmasterState, side: string, piece: string): boolean {
  return rules.hidden !== null && side === rules.hidden.side && !state.cup.includes(piece);
}

export function playerView(rules: WarmasterRules, state: WarmasterState, side: string): WarmasterState {
  const known: { [piece: string]: string } = {};
  for (const [piece, record] of Object.entries(state.identities)) if (knows(rules, state, side, piece)) known[piece] = record;
  return stateWith(state, { identities: known });
}

/** `pool` without one of each of `taken` (multisets of records). */
function without(pool: readonly string[], taken: readonly string[]): string[] {
  const left = [...pool];
  for (const r of taken) {
    const at = left.indexOf(r);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

export function determinize(rules: WarmasterRules, view: WarmasterState, _side: string, random: RandomState): { state: WarmasterState; random: RandomState } {
  const hidden = rules.hidden;
  if (hidden === null) return { state: view, random };
  // The records shown (face up, or known to this side), set-up's apart from the cup's.
  const shownOf = (ids: readonly string[]): string[] =>
    ids.flatMap((id) => {
      const record = view.core.units.find((u) => u.id === id)?.record ?? view.identities[id];
      return record ? [record] : [];
    });
  const setupCount = rules.setup?.count ?? 0;
  const setupIds = view.setupPieces;
  const unknown = (ids: readonly string[]) =>
    ids.filter((id) => view.identities[id] === undefined && view.core.units.find((u) => u.id === id)?.record === null);
  const identities: { [piece: string]: string } = { ...view.identities };
  // The army's own set-up records (Horus) not shown among the set-up pieces are held by some of
  // their unknown ones (the rest of those were drawn from the cup: set-up's `fromCup`); every other
  // unknown piece holds one of the records left.
  const own = without(hidden.records.slice(0, setupCount), shownOf(setupIds));
  const setupBlanks = unknown(setupIds);
  const holders = sampleIndices(random, setupBlanks.length, own.length);
  holders.value.forEach((b, k) => {
    identities[setupBlanks[b]!] = own[k]!;
  });
  const blanks = [...setupBlanks.filter((_, b) => !holders.value.includes(b)), ...unknown(hidden.ids.filter((id) => !setupIds.includes(id)))];
  const pool = without(hidden.records, [...shownOf(hidden.ids), ...own]);
  const order = sampleIndices(holders.random, pool.length, blanks.length);
  blanks.forEach((id, k) => {
    identities[id] = pool[order.value[k]!]!;
  });
  return { state: stateWith(view, { identities }), random: order.random };
}
