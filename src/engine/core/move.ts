// Moving a unit by an effect (retreat, teleport, swap): the unit leaves its location, so its
// `while-here` effects end first, then it stands at the new place.
import { settleAll } from './expire.js';
import type { LogEntry } from './log.js';
import { findUnit, updateUnit, type CoreState, unitWith } from './state.js';

/** The unit at `to`; its while-here effects end when it changes location. Does not write state.log. */
export function moveUnit(state: CoreState, id: string, to: string | null): { state: CoreState; log: readonly LogEntry[] } {
  const unit = findUnit(state, id);
  if (unit === undefined || unit.location === to) return { state, log: [] };
  const left = settleAll(state, { leaving: id });
  const next = updateUnit(left.state, id, (u) => unitWith(u, { location: to }));
  return { state: next, log: left.log };
}
