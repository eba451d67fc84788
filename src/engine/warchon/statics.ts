// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
//
// A core state this recompute produced is remembered as settled (by object identity; states are
// never changed in place): recomputing it again, with the same spreads in battle, finds the marks
// it has and turns no face, so the work is skipped. Any change makes a new object, which is not.
import type { Condition, Stat } from '../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import { firstPolicy, type Policy } from '../core/policy.js';
import { recomputeStatics } from '../core/rules/statics.js';
import type { LogEntry } from '../core/log.js';
import { fightsFor, type CoreState } from '../core/state.js';
import { statValues } from '../core/stats.js';
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
  const result = recomputeStaticsOf(named, rules, firstPolicy);
  return { core: result.state, log: result.log };
}

/**
 * The core's recomputeStatics, skipped when it would find the marks the state has. The marks a
 * recompute compares (which static rules hold and what they select) read, when the pack's static
 * rules use only the conditions and filter fields below, nothing but where each unit is, whose it
 * is, what it is (record, traits), the battle, and the turn, side and phase when a rule reads them:
 * the placement (`samePlacement`). The marks are then a function of the placement. The last few
 * recomputes' states are kept: a state with the same placement as one of them and its marks is one
 * the recompute would leave as it is, with nothing to log. A few, not one, as a battle's end comes
 * back to the placement its start left, and a turn's end to its Movement Round's.
 */
export function recomputeStaticsOf(core: CoreState, rules: WarchonRules, policy: Policy): ReturnType<typeof recomputeStatics> {
  const reads = placementReads(rules);
  if (reads === null) return recomputeStatics(core, rules.rules, policy, ruleHooks(rules));
  if (recent.rules === rules) {
    for (const known of recent.cores) if (core.staticMarks === known.staticMarks && samePlacement(core, known, reads)) return { state: core, log: [] };
  } else recent = { rules, cores: [] };
  const result = recomputeStatics(core, rules.rules, policy, ruleHooks(rules), (a, b) => samePlacement(a, b, reads));
  recent.cores.unshift(result.state);
  if (recent.cores.length > RECENT) recent.cores.pop();
  return result;
}

/** How many recent recomputes are kept. */
const RECENT = 4;
let recent: { rules: WarchonRules | null; cores: CoreState[] } = { rules: null, cores: [] };

/** What the static rules read besides where units are and what they are: stats, and the turn, active side and phase. */
interface Reads {
  readonly stats: readonly Stat[];
  readonly turn: boolean;
  readonly active: boolean;
  readonly phase: boolean;
}

/**
 * Whether two states agree on all the marks can read when the static rules read only placement and
 * `reads` (see recomputeStaticsOf): the battle, the spreads in battle, the places destroyed, each
 * unit's id, location, side, record, traits and the stats read, and the turn, active side and
 * phase if read. Compared field by field, as states made one from another share most of their units.
 */
function samePlacement(a: CoreState, b: CoreState, reads: Reads): boolean {
  if (a === b) return true;
  const x = a.battle;
  const y = b.battle;
  if (x?.location !== y?.location || x?.attacker !== y?.attacker || x?.defender !== y?.defender || x?.controlling !== y?.controlling) return false;
  if ((reads.turn && a.turn !== b.turn) || (reads.active && a.active !== b.active) || (reads.phase && a.phase !== b.phase)) return false;
  if (!sameList(a.battlesDue, b.battlesDue) || !sameList(a.destroyedPlaces, b.destroyedPlaces)) return false;
  if (a.units === b.units) return true;
  if (a.units.length !== b.units.length) return false;
  for (let i = 0; i < a.units.length; i++) if (!sameUnitPlacement(a.units[i]!, b.units[i]!, reads.stats)) return false;
  return true;
}

function sameUnitPlacement(u: CoreState['units'][number], v: CoreState['units'][number], stats: readonly Stat[]): boolean {
  if (u === v) return true;
  if (u.id !== v.id || u.destroyed !== v.destroyed) return false;
  if (u.destroyed) return true;
  if (u.location !== v.location || fightsFor(u) !== fightsFor(v) || u.record !== v.record || !sameList(u.traits, v.traits)) return false;
  for (const stat of stats) if (!sameValues(statValues(u, stat), statValues(v, stat))) return false;
  return true;
}

function sameValues(a: readonly (number | null)[], b: readonly (number | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Filter fields that read only which units (by id, record, side, traits) and where, and `stat` (a unit's stat, in the placement): no highest or lowest, no pick. */
const PLACEMENT_FILTER = new Set(['binding', 'as', 'side', 'units', 'exceptUnits', 'hasTrait', 'lacksTrait', 'stat']);

const placementReadsOf = new WeakMap<WarchonRules, Reads | null>();

/**
 * When every static rule of the pack reads only placement, some stats (in its condition and its
 * effects' targets), and maybe the turn, active side or phase, what it reads; else null (every
 * recompute runs). A filter's `side` may name the active side, so it counts as reading it.
 */
function placementReads(rules: WarchonRules): Reads | null {
  let found = placementReadsOf.get(rules);
  if (found === undefined) {
    const stats: Stat[] = [];
    const read = { turn: false, active: false, phase: false };
    const filterOk = (f: object) => {
      const stat = (f as { stat?: { stat: Stat } }).stat?.stat;
      if (stat !== undefined && !stats.includes(stat)) stats.push(stat);
      if ('side' in f) read.active = true;
      return Object.keys(f).every((k) => PLACEMENT_FILTER.has(k));
    };
    const conditionOk = (c: DeepReadonly<Condition>): boolean =>
      Object.entries(c).every(([k, v]) => {
        switch (k) {
          case 'all':
          case 'any':
            return (v as readonly DeepReadonly<Condition>[]).every(conditionOk);
          case 'not':
            return conditionOk(v as DeepReadonly<Condition>);
          case 'present':
            return filterOk(v as object);
          case 'count':
            return filterOk((v as { units: object }).units);
          case 'phase':
          case 'active':
          case 'turn':
            read[k] = true;
            return true;
          case 'battle':
          case 'place':
            return true;
          default:
            return false;
        }
      });
    const ok = rules.rules
      .filter((r) => r.rule.when === undefined)
      .every((r) => (r.rule.if === undefined || conditionOk(r.rule.if)) && r.rule.do.every((e) => !('target' in e) || e.target === undefined || filterOk(e.target as object)));
    found = ok ? { stats, ...read } : null;
    placementReadsOf.set(rules, found);
  }
  return found;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
