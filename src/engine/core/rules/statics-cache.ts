// Static rules recomputed after every change, skipped when nothing they read has changed. A core
// state a recompute produced may be marked settled (CoreState.settled): recomputing it again finds
// the marks it has, so the work is skipped. Any change makes a new object with `coreWith`, which is
// not settled. The caches here are kept by the rule set (rule-set.ts), so one game's pack never
// answers for another's.
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import { NO_ENTRIES } from '../log.js';
import type { Policy } from '../policy.js';
import { type CoreState, coreWith, unitWith } from '../state.js';
import { type Keys, placementReads, samePlacement } from './placement.js';
import type { RuleSet } from './rule-set.js';
import { type Recomputed, recomputeStatics, staticsLog } from './statics.js';

/** The core state marked settled: the output of a recompute, or a copy of one that differs only in its generator. */
export function markSettled(core: CoreState): CoreState {
  return core.settled ? core : coreWith(core, { settled: true });
}

/**
 * The core with a new turn and active side, still settled if it was when no static rule reads the
 * turn, the active side or the phase (the marks are then a function of the placement alone).
 */
export function withTurn(core: CoreState, rules: RuleSet, active: string, turn: number): CoreState {
  const reads = placementReads(rules);
  const keeps = core.settled && reads !== null && !reads.turn && !reads.active && !reads.phase;
  return coreWith(core, { active, turn, settled: keeps });
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
export function recomputeStaticsOf(core: CoreState, rules: RuleSet, policy: Policy, previous?: CoreState): Recomputed;
export function recomputeStaticsOf(core: CoreState, rules: RuleSet, policy: AskingPolicy, previous?: CoreState): Recomputed | Asked;
export function recomputeStaticsOf(core: CoreState, rules: RuleSet, policy: AskingPolicy, previous?: CoreState): Recomputed | Asked {
  const reads = placementReads(rules);
  if (reads === null) return recomputeStatics(core, rules.rules, policy, rules.hooks);
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
  const result = recomputeStatics(core, rules.rules, policy, rules.hooks, (a, b) => samePlacement(a, b, reads, a === core ? keys : []));
  if (isAsked(result)) return result;
  recent.cores.unshift({ core: result.state, keys: [] });
  if (recent.cores.length > RECENT) recent.cores.pop();
  return result;
}

/**
 * `core` with the static marks of `known`, a recomputed state with the same placement: what a full
 * recompute gives (its own modifiers and limits kept, in their order, with `known`'s `while` ones
 * after them, as the recompute puts them on in rule order), or null when the units do not line up.
 */
function transplantStatics(core: CoreState, known: CoreState): Recomputed | null {
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
let recent: { rules: RuleSet | null; cores: { core: CoreState; keys: Keys }[] } = { rules: null, cores: [] };
