// What a pack's static rules read of a state, and whether two states agree on all of it (their
// placement): when the static rules use only the conditions and filter fields below, their marks
// (which rules hold and what they select) are a function of the placement, so a state with the
// placement of one already recomputed needs no recompute of its own (statics-cache.ts). Worked out
// once per rule set (`placementReads`), and compared field by field, as states made one from another share
// most of their units (`samePlacement`).
import type { Condition, Stat, UnitFilter } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { contextWith, type EffectContext } from '../context.js';
import { matchesAt, matchesUnit, type Scope } from '../filter.js';
import { fightsFor, type CoreState } from '../state.js';
import { statValues } from '../stats.js';
import { holds } from './condition.js';
import type { RuleSet } from './rule-set.js';
import type { RuleSource } from './ruleset.js';
import { unapplied } from './unapplied.js';

/** What the static rules read of each unit of one state (`unitKey`), by index, found as asked. */
export type Keys = (string | undefined)[];

/** What the static rules read besides where units are and what they are: stats, and the turn, active side and phase. */
export interface Reads {
  readonly stats: readonly Stat[];
  readonly turn: boolean;
  readonly active: boolean;
  readonly phase: boolean;
  /**
   * The places whose battle a static rule reads (a place's rule with `battle: here` or `not-here`
   * asks only whether the battle, or one due, is at that place), or null when a rule reads every
   * battle (`battle: anywhere`, a unit's rule, a filter's side that may name the attacker).
   */
  readonly battlePlaces: readonly string[] | null;
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
type UnitFilters = { readonly ctx: EffectContext; readonly scope: Scope; readonly filters: DeepReadonly<UnitFilter>[] } | 'all';

/** Filter fields whose match reads only the unit itself: matchesUnit needs no binding, side or owner for them. */
const UNIT_ONLY_FILTER = new Set(['units', 'exceptUnits', 'hasTrait', 'lacksTrait', 'stat']);

/**
 * Whether two states agree on all the marks can read when the static rules read only placement and
 * `reads` (see statics-cache.ts recomputeStaticsOf): the battles the rules read (Reads.battlePlaces), the places
 * destroyed, the id, location, side, record, traits and the stats read of each unit a rule may read
 * (Reads.unitPlaces), and the turn, active side and phase if read. Compared field by field, as
 * states made one from another share most of their units. A battle at, or a unit lost at, a spread
 * no static rule looks at changes no mark.
 */
export function samePlacement(a: CoreState, b: CoreState, reads: Reads, aKeys: Keys = [], bKeys: Keys = []): boolean {
  if (a === b) return true;
  if (!sameBattles(a, b, reads.battlePlaces)) return false;
  if ((reads.turn && a.turn !== b.turn) || (reads.active && a.active !== b.active) || (reads.phase && a.phase !== b.phase)) return false;
  if (!sameList(a.destroyedPlaces, b.destroyedPlaces) || !sameControl(a.placeControl, b.placeControl)) return false;
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
function read(_state: CoreState, u: CoreState['units'][number], reads: Reads): boolean {
  if (u.destroyed) return false;
  if (reads.unitPlaces === null || (u.record !== null && reads.unitRecords.has(u.record))) return true;
  const here = u.location !== null ? reads.unitPlaces.get(u.location) : undefined;
  if (here === undefined) return false;
  if (here === 'all') return true;
  // The place's filters name no binding and no side: what they read of the state is the place alone (`scope`).
  for (const filter of here.filters) if (matchesAt(u, filter, here.ctx, here.scope)) return true;
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
    for (const target of rule.targets)
      marks += Object.keys(target).length === 1 || matchesUnit(state, u, target, (ctx ??= unitRuleContext(rule, u, reads))) ? '1' : '0';
  }
  return marks;
}

/** The context core/rules/fire.ts and core/rules/statics.ts give a unit's rule: its side, its place, itself. */
function unitRuleContext(rule: SelfRule, u: CoreState['units'][number], reads: Reads): EffectContext {
  return contextWith(reads.hooks, { owner: fightsFor(u), source: rule.source.key, location: u.location, self: u.id });
}

/** Whether two states agree on the battles the static rules read: all of it, or only whether each place in `places` has its battle. */
function sameBattles(a: CoreState, b: CoreState, places: readonly string[] | null): boolean {
  const x = a.battle;
  const y = b.battle;
  if (places === null) {
    return (
      x?.location === y?.location &&
      x?.attacker === y?.attacker &&
      x?.defender === y?.defender &&
      x?.controlling === y?.controlling &&
      sameList(a.battlesDue, b.battlesDue)
    );
  }
  // The same battle and the same battles due: nothing to look up place by place.
  if (a.battle === b.battle && a.battlesDue === b.battlesDue) return true;
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

const placementReadsOf = new WeakMap<RuleSet, Reads | null>();

/**
 * When every static rule of the pack reads only placement, some stats (in its condition and its
 * effects' targets), and maybe the turn, active side or phase, what it reads; else null (every
 * recompute runs). A filter's `side` may name the active side, so it counts as reading it.
 */
export function placementReads(rules: RuleSet): Reads | null {
  // Asked at every recompute: the last pack's answer first.
  if (lastReads !== null && lastReads.rules === rules) return lastReads.reads;
  const reads = placementReadsFor(rules);
  lastReads = { rules, reads };
  return reads;
}

let lastReads: { readonly rules: RuleSet; readonly reads: Reads | null } | null = null;

function placementReadsFor(rules: RuleSet): Reads | null {
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
    // The static rules as the core finds them (statics.ts): a rule that only notes what
    // players do by hand (manual, no-effect) or a way of moving (move-directly) is never applied, so it reads nothing.
    const statics = rules.rules.filter((r) => r.rule.when === undefined && r.rule.do.some((e) => !unapplied(e.kind)));
    const ok = statics.every((r) => {
      const h = r.holder;
      place = 'place' in h ? h.place : null;
      if ('place' in h) {
        if (!filtersAt.has(h.place)) filtersAt.set(h.place, []);
      } else if ('record' in h) {
        const targets = r.rule.do.flatMap((e) => ('target' in e && e.target !== undefined ? [e.target as DeepReadonly<UnitFilter>] : []));
        // A limit-movement's mark names the place the unit stands in (a location rule): a function of
        // where the unit is, not of the unit alone, so such a record is read with its place.
        const selfOnly =
          (r.rule.if === undefined || !readsUnits(r.rule.if)) &&
          targets.every((t) => t.binding === 'self') &&
          r.rule.do.every((e) => ('target' in e || unapplied(e.kind)) && e.kind !== 'limit-movement');
        const byPlace = r.rule.if === undefined || readsPlaceTraitsOnly(r.rule.if) ? new Map<string | null, boolean>() : null;
        if (selfOnly && !unitRecords.has(h.record)) selfRecords.set(h.record, [...(selfRecords.get(h.record) ?? []), { source: r, targets, byPlace }]);
        else {
          unitRecords.add(h.record);
          selfRecords.delete(h.record);
        }
      } else everywhere = true;
      const targetOk = (e: (typeof r.rule.do)[number]) => {
        if ('target' in e && e.target !== undefined) return filterOk(e.target as object);
        // Without a target, limit-movement binds every unit there without naming one (the marks
        // name the place); another kind's default reads every unit there.
        if (e.kind !== 'limit-movement' && !unapplied(e.kind) && place !== null) filtersAt.set(place, 'all');
        // A limit on sides reads what they name: the turn's side, or a battle's (a place's controller is in the placement).
        if (e.kind === 'limit-movement' && e.sides !== undefined) {
          if (e.sides === 'active' || e.sides === 'inactive') read.active = true;
          else if (e.sides === 'attacker' || e.sides === 'defender' || e.sides === 'controlling' || e.sides === 'non-controlling') battlePlaces = null;
        }
        return true;
      };
      return (r.rule.if === undefined || conditionOk(r.rule.if)) && r.rule.do.every(targetOk);
    });
    const hooks = rules.hooks;
    const unitPlaces = everywhere
      ? null
      : new Map(
          [...filtersAt].map(([at, filters]): [string, UnitFilters] => [
            at,
            filters === 'all'
              ? 'all'
              : {
                  filters,
                  ctx: contextWith(
                    { placeTraits: hooks.placeTraits, controlling: hooks.controlling },
                    { owner: null, source: `place/${at}`, location: at, self: null },
                  ),
                  scope: { location: at, bound: null, sides: null },
                },
          ]),
        );
    const transplant = statics.every((r) => r.rule.do.every((e) => e.kind !== 'modify-strength' || typeof e.value === 'number'));
    found = ok
      ? {
          stats,
          ...read,
          battlePlaces: battlePlaces === null ? null : [...battlePlaces],
          unitPlaces,
          unitRecords,
          selfRecords,
          transplant,
          hooks: { placeTraits: hooks.placeTraits, controlling: hooks.controlling },
        }
      : null;
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

/** Whether two states give the same places the same controllers (control-place). */
function sameControl(a: CoreState['placeControl'], b: CoreState['placeControl']): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k] && k in b);
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
