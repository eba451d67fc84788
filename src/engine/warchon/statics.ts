// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
//
// A core state this recompute produced is marked settled (CoreState.settled): recomputing it
// again, with the same spreads in battle, finds the marks it has and turns no face, so the work is
// skipped. Any change makes a new object with `coreWith`, which is not settled.
import { firstPolicy, type Policy } from '../core/policy.js';
import { recomputeStatics, staticsLog } from '../core/rules/statics.js';
import { NO_ENTRIES, type LogEntry } from '../core/log.js';
import { coreWith, unitWith, type CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';
import { placementReads, samePlacement, sameList, type Keys } from './placement.js';

/** The spreads `battle: here` names outside a battle: those of the Movement Round, none while a battle is on. */
function dueOf(core: CoreState, inBattle: readonly string[]): readonly string[] {
  return core.battle !== null ? [] : inBattle;
}

/** Whether `core` came out of a recompute (and a face sync) with these spreads in battle, unchanged since. */
export function isSettled(core: CoreState, inBattle: readonly string[]): boolean {
  return core.settled && sameList(core.battlesDue, dueOf(core, inBattle));
}

/** Whether `core` came out of a recompute unchanged since, whatever spreads it named in battle. */
export function wasSettled(core: CoreState): boolean {
  return core.settled;
}

/** The core state marked settled: the output of a recompute and a face sync, or a copy of one that differs only in its generator. */
export function markSettled(core: CoreState): CoreState {
  return core.settled ? core : coreWith(core, { settled: true });
}

/**
 * The core with a new turn and active side, still settled if it was when no static rule reads the
 * turn, the active side or the phase (the marks are then a function of the placement alone).
 */
export function withTurn(core: CoreState, rules: WarchonRules, active: string, turn: number): CoreState {
  const reads = placementReads(rules);
  const keeps = core.settled && reads !== null && !reads.turn && !reads.active && !reads.phase;
  return coreWith(core, { active, turn, settled: keeps });
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
  const result = recomputeStaticsOf(named, rules, firstPolicy, previous?.settled ? previous : undefined);
  return { core: result.state, log: result.log };
}

/**
 * The core's recomputeStatics, skipped when it would find the marks the state has. The marks a
 * recompute compares (which static rules hold and what they select) read, when the pack's static
 * rules use only the conditions and filter fields below, nothing but where each unit is, whose it
 * is, what it is (record, traits), the battle, and the turn, side and phase when a rule reads them:
 * the placement (`samePlacement`). The marks are then a function of the placement. A state with the
 * same placement as a settled one (`previous`, or one of the RECENT recomputes kept) and its marks
 * is one the recompute would leave as it is, with nothing to log; with the same placement and other
 * marks, it takes that state's marks (`transplant`) instead of applying the rules again. Several
 * recomputes, not one, as a battle's end comes back to the placement its start left, and a turn's
 * end to its Movement Round's.
 */
export function recomputeStaticsOf(core: CoreState, rules: WarchonRules, policy: Policy, previous?: CoreState): ReturnType<typeof recomputeStatics> {
  const reads = placementReads(rules);
  if (reads === null) return recomputeStatics(core, rules.rules, policy, ruleHooks(rules));
  // What the rules read of each unit of `core`, found once for all the states it is compared with.
  const keys: Keys = [];
  if (previous !== undefined && previous !== core && core.staticMarks === previous.staticMarks && samePlacement(core, previous, reads, keys))
    return { state: core, log: NO_ENTRIES };
  if (recent.rules === rules) {
    const cores = recent.cores;
    for (let i = 0; i < cores.length; i++) {
      const kept = cores[i]!;
      const known = kept.core;
      if (!samePlacement(core, known, reads, keys, kept.keys)) continue;
      // The placement found moves to the front: the few placements a game keeps coming back to are
      // then found first, and the ones it has left are those dropped.
      if (i > 0) {
        cores.splice(i, 1);
        cores.unshift(kept);
      }
      if (core.staticMarks === known.staticMarks) return { state: core, log: NO_ENTRIES };
      if (reads.transplant) {
        const moved = transplantStatics(core, known);
        if (moved !== null) return moved;
      }
    }
  } else recent = { rules, cores: [] };
  const result = recomputeStatics(core, rules.rules, policy, ruleHooks(rules), (a, b) => samePlacement(a, b, reads, a === core ? keys : []));
  recent.cores.unshift({ core: result.state, keys: [] });
  if (recent.cores.length > RECENT) recent.cores.pop();
  return result;
}

/**
 * `core` with the static marks of `known`, a recomputed state with the same placement: what a full
 * recompute gives (its own modifiers and limits kept, in their order, with `known`'s `while` ones
 * after them, as the recompute puts them on in rule order), or null when the units do not line up.
 */
function transplantStatics(core: CoreState, known: CoreState): ReturnType<typeof recomputeStatics> | null {
  if (core.units.length !== known.units.length) return null;
  // The units array is copied only once a unit's marks differ: every unit kept, the same array.
  let units: CoreState['units'][number][] | null = null;
  for (let i = 0; i < core.units.length; i++) {
    const u = core.units[i]!;
    const k = known.units[i]!;
    if (u.id !== k.id) return null;
    if (u.modifiers.length === 0 && k.modifiers.length === 0) {
      units?.push(u);
      continue;
    }
    const modifiers = [...u.modifiers.filter((m) => m.duration !== 'while'), ...k.modifiers.filter((m) => m.duration === 'while')];
    // The same modifiers (the unit came from `known`, or holds no mark in either): the unit itself, so states stay comparable by identity.
    if (modifiers.length === u.modifiers.length && modifiers.every((m, j) => m === u.modifiers[j])) {
      units?.push(u);
      continue;
    }
    units ??= core.units.slice(0, i);
    units.push(unitWith(u, { modifiers }));
  }
  const locationRules = [...core.locationRules.filter((r) => r.duration !== 'while'), ...known.locationRules.filter((r) => r.duration === 'while')];
  const log = staticsLog(core.statics, known.statics);
  // Every unit kept: the same array, so what is kept by units array (Capacity) still holds.
  return { state: coreWith(core, { units: units ?? core.units, locationRules, statics: known.statics, staticMarks: known.staticMarks }), log };
}

/**
 * How many recomputes are kept, most recently found first. With 4 kept in the order they were made,
 * 7% of the benchmark's recomputes after a change of placement ran in full; with 8 kept most
 * recently found first, about 0.5%.
 */
const RECENT = 8;
let recent: { rules: WarchonRules | null; cores: { core: CoreState; keys: Keys }[] } = { rules: null, cores: [] };
