// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
//
// A core state this recompute produced is marked settled (CoreState.settled): recomputing it
// again, with the same spreads in battle, finds the marks it has and turns no face, so the work is
// skipped (the core's statics-cache.ts keeps what it compares).
import { NO_ENTRIES, type LogEntry } from '../core/log.js';
import { firstPolicy } from '../core/policy.js';
import { sameList } from '../core/rules/placement.js';
import { recomputeStaticsOf } from '../core/rules/statics-cache.js';
import { coreWith, type CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { warchonRuleSet } from './hooks.js';

/** The spreads `battle: here` names outside a battle: those of the Movement Round, none while a battle is on. */
function dueOf(core: CoreState, inBattle: readonly string[]): readonly string[] {
  return core.battle !== null ? [] : inBattle;
}

/** Whether `core` came out of a recompute (and a face sync) with these spreads in battle, unchanged since. */
export function isSettled(core: CoreState, inBattle: readonly string[]): boolean {
  return core.settled && sameList(core.battlesDue, dueOf(core, inBattle));
}

/**
 * The core with its static rules recomputed for these spreads in battle. `previous`, the settled
 * state the change was made to, is compared first: most changes (a Hit, a unit lost) leave what the
 * static rules read as it was, and two states one step apart differ in a unit or two.
 */
export function recompute(
  core: CoreState,
  rules: WarchonRules,
  inBattle: readonly string[],
  previous?: CoreState,
): { core: CoreState; log: readonly LogEntry[] } {
  const due = dueOf(core, inBattle);
  if (core.settled && sameList(core.battlesDue, due)) return { core, log: NO_ENTRIES };
  const named = sameList(core.battlesDue, due) ? core : coreWith(core, { battlesDue: [...due] });
  // Static effects (modify-strength, limit-movement) never choose, so the first policy is never asked.
  const result = recomputeStaticsOf(named, warchonRuleSet(rules), firstPolicy, previous?.settled ? previous : undefined);
  return { core: result.state, log: result.log };
}
