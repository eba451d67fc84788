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
import { coreWith, fightsFor, type CoreState } from '../core/state.js';
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
  const named = sameList(core.battlesDue, due) ? core : coreWith(core, { battlesDue: [...due] });
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
  /**
   * The places whose battle a static rule reads (a place's rule with `battle: here` or `not-here`
   * asks only whether the battle, or one due, is at that place), or null when a rule reads every
   * battle (`battle: anywhere`, a unit's rule, a filter's side that may name the attacker).
   */
  readonly battlePlaces: ReadonlySet<string> | null;
  /**
   * Where units are read: at the places holding static rules (a place's rule looks only there),
   * and units of the records holding one, wherever they are; null when a rule reads units
   * everywhere (a rule of a trait or of the game).
   */
  readonly unitPlaces: ReadonlySet<string> | null;
  readonly unitRecords: ReadonlySet<string>;
}

/**
 * Whether two states agree on all the marks can read when the static rules read only placement and
 * `reads` (see recomputeStaticsOf): the battles the rules read (Reads.battlePlaces), the places
 * destroyed, the id, location, side, record, traits and the stats read of each unit a rule may read
 * (Reads.unitPlaces), and the turn, active side and phase if read. Compared field by field, as
 * states made one from another share most of their units. A battle at, or a unit lost at, a spread
 * no static rule looks at changes no mark.
 */
function samePlacement(a: CoreState, b: CoreState, reads: Reads): boolean {
  if (a === b) return true;
  if (!sameBattles(a, b, reads.battlePlaces)) return false;
  if ((reads.turn && a.turn !== b.turn) || (reads.active && a.active !== b.active) || (reads.phase && a.phase !== b.phase)) return false;
  if (!sameList(a.destroyedPlaces, b.destroyedPlaces)) return false;
  if (a.units === b.units) return true;
  if (a.units.length !== b.units.length) return false;
  for (let i = 0; i < a.units.length; i++) {
    const u = a.units[i]!;
    const v = b.units[i]!;
    if (u !== v && (read(u, reads) || read(v, reads)) && !sameUnitPlacement(u, v, reads.stats)) return false;
  }
  return true;
}

/** Whether a static rule may read this unit: in play where units are read (Reads.unitPlaces), or of a record holding a rule. */
function read(u: CoreState['units'][number], reads: Reads): boolean {
  if (u.destroyed) return false;
  return reads.unitPlaces === null || (u.location !== null && reads.unitPlaces.has(u.location)) || (u.record !== null && reads.unitRecords.has(u.record));
}

/** Whether two states agree on the battles the static rules read: all of it, or only whether each place in `places` has its battle. */
function sameBattles(a: CoreState, b: CoreState, places: ReadonlySet<string> | null): boolean {
  const x = a.battle;
  const y = b.battle;
  if (places === null) {
    return x?.location === y?.location && x?.attacker === y?.attacker && x?.defender === y?.defender && x?.controlling === y?.controlling && sameList(a.battlesDue, b.battlesDue);
  }
  for (const place of places) if (battleAt(a, place) !== battleAt(b, place)) return false;
  return true;
}

/** What `battle: here` reads at a place (rules/condition.ts): a battle there now, or one due there. */
function battleAt(s: CoreState, place: string): boolean {
  return s.battle?.location === place || s.battlesDue.includes(place);
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
    let battlePlaces: Set<string> | null = new Set();
    let unitPlaces: Set<string> | null = new Set();
    const unitRecords = new Set<string>();
    let place: string | null = null;
    const filterOk = (f: object) => {
      const stat = (f as { stat?: { stat: Stat } }).stat?.stat;
      if (stat !== undefined && !stats.includes(stat)) stats.push(stat);
      if ('side' in f) {
        read.active = true;
        battlePlaces = null;
      }
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
            if (v === 'anywhere' || place === null) battlePlaces = null;
            else battlePlaces?.add(place);
            return true;
          case 'place':
            return true;
          default:
            return false;
        }
      });
    const ok = rules.rules
      .filter((r) => r.rule.when === undefined)
      .every((r) => {
        const h = r.holder;
        place = 'place' in h ? h.place : null;
        if ('place' in h) unitPlaces?.add(h.place);
        else if ('record' in h) unitRecords.add(h.record);
        else unitPlaces = null;
        return (r.rule.if === undefined || conditionOk(r.rule.if)) && r.rule.do.every((e) => !('target' in e) || e.target === undefined || filterOk(e.target as object));
      });
    found = ok ? { stats, ...read, battlePlaces, unitPlaces, unitRecords } : null;
    placementReadsOf.set(rules, found);
  }
  return found;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
