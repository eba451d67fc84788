// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
//
// A core state this recompute produced is remembered as settled (by object identity; states are
// never changed in place): recomputing it again, with the same spreads in battle, finds the marks
// it has and turns no face, so the work is skipped. Any change makes a new object, which is not.
import { firstPolicy } from '../core/policy.js';
import { recomputeStatics } from '../core/rules/statics.js';
import type { LogEntry } from '../core/log.js';
import type { CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';

/**
 * The last states found settled, by identity: a few suffice, as the settled state asked about is
 * nearly always one just made (a greedy bot's look-ahead plays several moves from one state). A
 * ring of strong references, not a WeakSet: weak collections of short-lived states cost the
 * garbage collector more than the recomputes they save.
 */
const RING = 16;
const ring: (CoreState | null)[] = new Array<CoreState | null>(RING).fill(null);
let slot = 0;
const settled = {
  has(core: CoreState): boolean {
    for (let i = 0; i < RING; i++) if (ring[i] === core) return true;
    return false;
  },
  add(core: CoreState): void {
    ring[slot] = core;
    slot = (slot + 1) % RING;
  },
};

/** The spreads `battle: here` names outside a battle: those of the Movement Round, none while a battle is on. */
function dueOf(core: CoreState, inBattle: readonly string[]): readonly string[] {
  return core.battle !== null ? [] : inBattle;
}

/** Whether `core` came out of a recompute (and a face sync) with these spreads in battle, unchanged since. */
export function isSettled(core: CoreState, inBattle: readonly string[]): boolean {
  return settled.has(core) && sameList(core.battlesDue, dueOf(core, inBattle));
}

/** Whether `core` came out of a recompute unchanged since, whatever spreads it named in battle. */
export function wasSettled(core: CoreState): boolean {
  return settled.has(core);
}

/** Marks a core state as settled: the output of a recompute and a face sync, or a copy of one that differs only in its generator. */
export function markSettled(core: CoreState): CoreState {
  settled.add(core);
  return core;
}

export function recompute(core: CoreState, rules: WarchonRules, inBattle: readonly string[]): { core: CoreState; log: readonly LogEntry[] } {
  const due = dueOf(core, inBattle);
  if (settled.has(core) && sameList(core.battlesDue, due)) return { core, log: [] };
  const named = sameList(core.battlesDue, due) ? core : { ...core, battlesDue: [...due] };
  // Static effects (modify-strength, limit-movement) never choose, so the first policy is never asked.
  const result = recomputeStatics(named, rules.rules, firstPolicy, ruleHooks(rules));
  return { core: result.state, log: result.log };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
