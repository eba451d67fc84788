// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
//
// A core state this recompute produced is marked settled (CoreState.settled): recomputing it
// again, with the same spreads in battle, finds the marks it has and turns no face, so the work is
// skipped. Any change makes a new object with `coreWith`, which is not settled.
import type { Condition, Stat, UnitFilter } from '../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import { firstPolicy, type Policy } from '../core/policy.js';
import { recomputeStatics, staticsLog } from '../core/rules/statics.js';
import { contextWith, type EffectContext } from '../core/context.js';
import { matchesUnit } from '../core/filter.js';
import { holds } from '../core/rules/condition.js';
import type { RuleSource } from '../core/rules/ruleset.js';
import type { LogEntry } from '../core/log.js';
import { coreWith, fightsFor, unitWith, type CoreState } from '../core/state.js';
import { statValues } from '../core/stats.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';

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
export function recompute(core: CoreState, rules: WarchonRules, inBattle: readonly string[], previous?: CoreState): { core: CoreState; log: readonly LogEntry[] } {
  const due = dueOf(core, inBattle);
  if (core.settled && sameList(core.battlesDue, due)) return { core, log: [] };
  const named = sameList(core.battlesDue, due) ? core : coreWith(core, { battlesDue: [...due] });
  // Static effects (modify-strength, limit-movement) never choose, so the first policy is never asked.
  const result = recomputeStaticsOf(named, rules, firstPolicy, previous !== undefined && previous.settled ? previous : undefined);
  return { core: result.state, log: result.log };
}

/**
 * The core's recomputeStatics, skipped when it would find the marks the state has. The marks a
 * recompute compares (which static rules hold and what they select) read, when the pack's static
 * rules use only the conditions and filter fields below, nothing but where each unit is, whose it
 * is, what it is (record, traits), the battle, and the turn, side and phase when a rule reads them:
 * the placement (`samePlacement`). The marks are then a function of the placement. A state with the
 * same placement as a settled one (`previous`, or one of the last few recomputes) and its marks is
 * one the recompute would leave as it is, with nothing to log; with the same placement and other
 * marks, it takes that state's marks (`transplant`) instead of applying the rules again. A few
 * recomputes, not one, as a battle's end comes back to the placement its start left, and a turn's
 * end to its Movement Round's.
 */
export function recomputeStaticsOf(core: CoreState, rules: WarchonRules, policy: Policy, previous?: CoreState): ReturnType<typeof recomputeStatics> {
  const reads = placementReads(rules);
  if (reads === null) return recomputeStatics(core, rules.rules, policy, ruleHooks(rules));
  // What the rules read of each unit of `core`, found once for all the states it is compared with.
  const keys: Keys = [];
  if (previous !== undefined && previous !== core && core.staticMarks === previous.staticMarks && samePlacement(core, previous, reads, keys)) return { state: core, log: [] };
  if (recent.rules === rules) {
    for (const { core: known, keys: knownKeys } of recent.cores) {
      if (!samePlacement(core, known, reads, keys, knownKeys)) continue;
      if (core.staticMarks === known.staticMarks) return { state: core, log: [] };
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
  const units = core.units.map((u, i) => {
    const k = known.units[i]!;
    if (u.id !== k.id) return null;
    if (u.modifiers.length === 0 && k.modifiers.length === 0) return u;
    const modifiers = [...u.modifiers.filter((m) => m.duration !== 'while'), ...k.modifiers.filter((m) => m.duration === 'while')];
    // The same modifiers (the unit came from `known`, or holds no mark in either): the unit itself, so states stay comparable by identity.
    return modifiers.length === u.modifiers.length && modifiers.every((m, j) => m === u.modifiers[j]) ? u : unitWith(u, { modifiers });
  });
  if (units.some((u) => u === null)) return null;
  const locationRules = [...core.locationRules.filter((r) => r.duration !== 'while'), ...known.locationRules.filter((r) => r.duration === 'while')];
  const log = staticsLog(core.statics, known.statics);
  return { state: coreWith(core, { units: units as CoreState['units'], locationRules, statics: known.statics, staticMarks: known.staticMarks }), log };
}

/** How many recent recomputes are kept. */
const RECENT = 4;
let recent: { rules: WarchonRules | null; cores: { core: CoreState; keys: Keys }[] } = { rules: null, cores: [] };

/** What the static rules read of each unit of one state (`unitKey`), by index, found as asked. */
type Keys = (string | undefined)[];

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
   * Where units are read, place by place: a place's rule selects or counts only the units there that
   * its filters match (`UnitFilters`), and a unit no filter of its place matches changes no mark.
   * Units of the records holding a rule are read wherever they are. Null when a rule reads units
   * everywhere (a rule of a trait or of the game).
   */
  readonly unitPlaces: ReadonlyMap<string, UnitFilters> | null;
  /** The game's hooks a rule's context carries (a place's traits, the controlling side). */
  readonly hooks: Partial<EffectContext>;
  /** Records holding a rule that may read other units than the one holding it: their units are read wherever they are. */
  readonly unitRecords: ReadonlySet<string>;
  /**
   * Records whose rules read only the unit holding them (a condition without present or count,
   * effects whose targets are `binding: self`): such a unit's marks are a function of the unit
   * alone (`selfMarks`), so a change to it that leaves them as they were changes no mark.
   */
  readonly selfRecords: ReadonlyMap<string, readonly SelfRule[]>;
  /** Whether a state may take the marks of another with the same placement: no static rule rolls its value (a roll would draw at every recompute). */
  readonly transplant: boolean;
}

interface SelfRule {
  readonly source: RuleSource;
  readonly targets: readonly DeepReadonly<UnitFilter>[];
  /** Whether the condition holds at each place, found as asked: when it reads only the place's traits (a Frigid location), else null. */
  readonly byPlace: Map<string | null, boolean> | null;
}

/**
 * The filters a place's static rules select or count units with (their conditions' present and
 * count, their effects' targets), with a context placing them there; `all` when a rule there may
 * read any unit at the place (a filter naming a binding or a side, or an effect without target
 * other than limit-movement, which then reads no unit).
 */
type UnitFilters = { readonly ctx: EffectContext; readonly filters: DeepReadonly<UnitFilter>[] } | 'all';

/** Filter fields whose match reads only the unit itself: matchesUnit needs no binding, side or owner for them. */
const UNIT_ONLY_FILTER = new Set(['units', 'exceptUnits', 'hasTrait', 'lacksTrait', 'stat']);

/**
 * Whether two states agree on all the marks can read when the static rules read only placement and
 * `reads` (see recomputeStaticsOf): the battles the rules read (Reads.battlePlaces), the places
 * destroyed, the id, location, side, record, traits and the stats read of each unit a rule may read
 * (Reads.unitPlaces), and the turn, active side and phase if read. Compared field by field, as
 * states made one from another share most of their units. A battle at, or a unit lost at, a spread
 * no static rule looks at changes no mark.
 */
function samePlacement(a: CoreState, b: CoreState, reads: Reads, aKeys: Keys = [], bKeys: Keys = []): boolean {
  if (a === b) return true;
  if (!sameBattles(a, b, reads.battlePlaces)) return false;
  if ((reads.turn && a.turn !== b.turn) || (reads.active && a.active !== b.active) || (reads.phase && a.phase !== b.phase)) return false;
  if (!sameList(a.destroyedPlaces, b.destroyedPlaces)) return false;
  if (a.units === b.units) return true;
  if (a.units.length !== b.units.length) return false;
  for (let i = 0; i < a.units.length; i++) {
    const u = a.units[i]!;
    const v = b.units[i]!;
    if (u === v) continue;
    const x = (aKeys[i] ??= unitKey(a, u, reads));
    const y = (bKeys[i] ??= unitKey(b, v, reads));
    if ((x === READ || y === READ || x !== y) && !sameUnitPlacement(u, v, reads.stats)) return false;
  }
  return true;
}

/** The key of a unit a place's or a record's rule may read (`read`). */
const READ = '*';

/** What the static rules read of a unit in `state`: READ when a place's or a record's rule may read it (any change to its placement counts), else its own rules' marks (`selfMarks`, '' for most units). */
function unitKey(state: CoreState, u: CoreState['units'][number], reads: Reads): string {
  return read(state, u, reads) ? READ : selfMarks(state, u, reads);
}

/** Whether a static rule may read this unit in `state`: in play at a place whose rules' filters match it (Reads.unitPlaces), or of a record holding a rule. */
function read(state: CoreState, u: CoreState['units'][number], reads: Reads): boolean {
  if (u.destroyed) return false;
  if (reads.unitPlaces === null || (u.record !== null && reads.unitRecords.has(u.record))) return true;
  const here = u.location !== null ? reads.unitPlaces.get(u.location) : undefined;
  if (here === undefined) return false;
  if (here === 'all') return true;
  for (const filter of here.filters) if (matchesUnit(state, u, filter, here.ctx)) return true;
  return false;
}

/**
 * What the rules of the unit's record that read only the unit put on the state (Reads.selfRecords):
 * for each, whether its instance holds, and which of its targets select the unit; '' when none.
 */
function selfMarks(state: CoreState, u: CoreState['units'][number], reads: Reads): string {
  const rules = u.record !== null ? reads.selfRecords.get(u.record) : undefined;
  if (rules === undefined || u.destroyed) return '';
  let marks = '';
  for (const rule of rules) {
    const condition = rule.source.rule.if;
    let ctx: EffectContext | null = null;
    if (condition !== undefined) {
      let holdsHere = rule.byPlace?.get(u.location);
      if (holdsHere === undefined) {
        ctx = unitRuleContext(rule, u, reads);
        holdsHere = holds(state, condition, ctx);
        rule.byPlace?.set(u.location, holdsHere);
      }
      if (!holdsHere) continue;
    }
    marks += '|';
    // `binding: self` alone selects the unit while it is in play, which it is here.
    for (const target of rule.targets) marks += Object.keys(target).length === 1 || matchesUnit(state, u, target, (ctx ??= unitRuleContext(rule, u, reads))) ? '1' : '0';
  }
  return marks;
}

/** The context fire.ts and statics.ts give a unit's rule: its side, its place, itself. */
function unitRuleContext(rule: SelfRule, u: CoreState['units'][number], reads: Reads): EffectContext {
  return contextWith(reads.hooks, { owner: fightsFor(u), source: rule.source.key, location: u.location, self: u.id });
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
    const filtersAt = new Map<string, DeepReadonly<UnitFilter>[] | 'all'>();
    let everywhere = false;
    const unitRecords = new Set<string>();
    const selfRecords = new Map<string, SelfRule[]>();
    let place: string | null = null;
    /** A filter of a place's rule: one more the place's units are tried on, or all of them read. */
    const readAt = (f: object) => {
      if (place === null) return;
      const known = filtersAt.get(place) ?? [];
      filtersAt.set(place, known === 'all' || !Object.keys(f).every((k) => UNIT_ONLY_FILTER.has(k)) ? 'all' : [...known, f as DeepReadonly<UnitFilter>]);
    };
    const filterOk = (f: object) => {
      readAt(f);
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
    // The static rules as the core finds them (core/rules/statics.ts): a rule that only notes what
    // players do by hand (manual, no-effect) is never applied, so it reads nothing.
    const statics = rules.rules.filter((r) => r.rule.when === undefined && r.rule.do.some((e) => e.kind !== 'manual' && e.kind !== 'no-effect'));
    const ok = statics.every((r) => {
        const h = r.holder;
        place = 'place' in h ? h.place : null;
        if ('place' in h) {
          if (!filtersAt.has(h.place)) filtersAt.set(h.place, []);
        } else if ('record' in h) {
          const targets = r.rule.do.flatMap((e) => ('target' in e && e.target !== undefined ? [e.target as DeepReadonly<UnitFilter>] : []));
          const selfOnly = (r.rule.if === undefined || !readsUnits(r.rule.if)) && targets.every((t) => t.binding === 'self') && r.rule.do.every((e) => 'target' in e || e.kind === 'manual' || e.kind === 'no-effect');
          const byPlace = r.rule.if === undefined || readsPlaceTraitsOnly(r.rule.if) ? new Map<string | null, boolean>() : null;
          if (selfOnly && !unitRecords.has(h.record)) selfRecords.set(h.record, [...(selfRecords.get(h.record) ?? []), { source: r, targets, byPlace }]);
          else {
            unitRecords.add(h.record);
            selfRecords.delete(h.record);
          }
        }
        else everywhere = true;
        const targetOk = (e: (typeof r.rule.do)[number]) => {
          if ('target' in e && e.target !== undefined) return filterOk(e.target as object);
          // Without a target, limit-movement binds every unit there without naming one (the marks
          // name the place); another kind's default reads every unit there.
          if (e.kind !== 'limit-movement' && e.kind !== 'manual' && e.kind !== 'no-effect' && place !== null) filtersAt.set(place, 'all');
          return true;
        };
        return (r.rule.if === undefined || conditionOk(r.rule.if)) && r.rule.do.every(targetOk);
      });
    const hooks = ruleHooks(rules);
    const unitPlaces = everywhere
      ? null
      : new Map(
          [...filtersAt].map(([at, filters]): [string, UnitFilters] => [
            at,
            filters === 'all' ? 'all' : { filters, ctx: contextWith({ placeTraits: hooks.placeTraits, controlling: hooks.controlling }, { owner: null, source: `place/${at}`, location: at, self: null }) },
          ]),
        );
    const transplant = statics.every((r) => r.rule.do.every((e) => e.kind !== 'modify-strength' || typeof e.value === 'number'));
    found = ok ? { stats, ...read, battlePlaces, unitPlaces, unitRecords, selfRecords, transplant, hooks: { placeTraits: hooks.placeTraits, controlling: hooks.controlling } } : null;
    placementReadsOf.set(rules, found);
  }
  return found;
}

/** Whether a condition reads nothing but the traits of the rule's place (no units, battle, turn, or destroyed places). */
function readsPlaceTraitsOnly(c: DeepReadonly<Condition>): boolean {
  return Object.entries(c).every(([k, v]) => {
    if (k === 'all' || k === 'any') return (v as readonly DeepReadonly<Condition>[]).every(readsPlaceTraitsOnly);
    if (k === 'not') return readsPlaceTraitsOnly(v as DeepReadonly<Condition>);
    return k === 'place' && Object.keys(v as object).every((f) => f === 'hasTrait');
  });
}

/** Whether a condition counts or looks for units (`present`, `count`) anywhere in it. */
function readsUnits(c: DeepReadonly<Condition>): boolean {
  if (c.present !== undefined || c.count !== undefined) return true;
  return (c.all ?? []).some(readsUnits) || (c.any ?? []).some(readsUnits) || (c.not !== undefined && readsUnits(c.not));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
