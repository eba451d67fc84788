// Unit filters: which units a rule is about. The conditions narrow in a fixed order: units in play
// at the rule's location (or the trigger's subject, for `binding: subject`), then side, listed
// units, traits, stat comparison, highest/lowest, and last the pick (`choose`), so a player picks
// only among units every other condition allows.
import type { Chooser, UnitFilter } from '../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import { controllingSide, resolveSides, ruleLocation, type EffectContext } from './context.js';
import type { JsonValue } from './log.js';
import { type Asked, type AskingPolicy, isAsked } from './choices.js';
import { checkedUnits, type Policy } from './policy.js';
import { nextInt, sampleIndices, type RandomState } from './random.js';
import { fightsFor, otherSides, type CoreState, type UnitState } from './state.js';
import { rankValue, statValues } from './stats.js';

export interface Selection {
  /** Instance ids selected, in state order. */
  readonly ids: readonly string[];
  /** The generator after a random pick (unchanged otherwise). */
  readonly random: RandomState;
  /** Who picked and among whom, when the filter has `choose`; for the log. */
  readonly choice: { readonly [key: string]: JsonValue } | null;
}

export interface SelectOptions {
  /** Narrows the candidates before highest/lowest and the pick (heal: only units that lost Hits). */
  readonly eligible?: (unit: UnitState) => boolean;
  /** Why, for the policy. */
  readonly reason?: string;
}

const compare = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  eq: (a: number, b: number) => a === b,
  gte: (a: number, b: number) => a >= b,
  gt: (a: number, b: number) => a > b,
} as const;

/** Whether the unit meets every condition but `extreme` and `choose`, which depend on the others. */
export function matchesUnit(state: CoreState, unit: UnitState, filter: DeepReadonly<UnitFilter>, ctx: EffectContext): boolean {
  return matchesAt(unit, filter, ctx, scopeOf(state, filter, ctx));
}

/** What a filter reads of the state and the context, found once for all the units it is tried on. */
export interface Scope {
  /** The rule's location, when the filter binds no name. */
  readonly location: string | null;
  /** The units the filter's binding names, when it has one. */
  readonly bound: readonly string[] | null;
  /** The sides its `side` names, when it has one. */
  readonly sides: readonly string[] | null;
}

export function scopeOf(state: CoreState, filter: DeepReadonly<UnitFilter>, ctx: EffectContext): Scope {
  return {
    location: filter.binding === undefined ? ruleLocation(state, ctx) : null,
    bound: filter.binding !== undefined ? boundUnits(filter.binding, ctx) : null,
    sides: filter.side !== undefined ? resolveSides(state, filter.side, ctx) : null,
  };
}

/** matchesUnit with what the filter reads of the state found once (`scopeOf`) for all the units it is tried on. */
export function matchesAt(unit: UnitState, filter: DeepReadonly<UnitFilter>, ctx: EffectContext, scope: Scope): boolean {
  if (unit.destroyed) return false;
  if (scope.bound !== null) {
    // A name stands for units wherever they are (a group teleporting is not yet at the rule's
    // location), and a name with no units selects nothing, never every unit.
    if (!scope.bound.includes(unit.id)) return false;
  } else if (scope.location !== null && unit.location !== scope.location) return false;
  if (scope.sides !== null && !scope.sides.includes(fightsFor(unit))) return false;
  if (filter.units !== undefined && !names(filter.units, unit)) return false;
  if (filter.exceptUnits !== undefined && names(filter.exceptUnits, unit)) return false;
  if (filter.exceptBinding !== undefined && boundUnits(filter.exceptBinding, ctx).includes(unit.id)) return false;
  if (filter.hasTrait !== undefined) for (const trait of lowerCased(filter.hasTrait)) if (!unit.traits.includes(trait)) return false;
  if (filter.lacksTrait !== undefined) for (const trait of lowerCased(filter.lacksTrait)) if (unit.traits.includes(trait)) return false;
  if (filter.stat !== undefined) {
    const { stat, op, value } = filter.stat;
    // A stat the unit does not have (printed null) never meets a comparison.
    if (!statValues(unit, stat).every((v) => v !== null && compare[op](v, value))) return false;
  }
  return true;
}

/** Whether the list names the unit, by record or by instance id. */
function names(ids: readonly string[], unit: UnitState): boolean {
  for (const id of ids) if (id === unit.record || id === unit.id) return true;
  return false;
}

const lowerCasedLists = new WeakMap<readonly string[], readonly string[]>();

/** A filter's trait names in lower case (as units' traits are), made once per list. */
function lowerCased(traits: readonly string[]): readonly string[] {
  let lower = lowerCasedLists.get(traits);
  if (lower === undefined) lowerCasedLists.set(traits, (lower = traits.map((t) => t.toLowerCase())));
  return lower;
}

/** The units a binding names: `self`, `subject`, or a choice saved with `as`; none when unset. */
export function boundUnits(name: string, ctx: EffectContext): readonly string[] {
  if (name === 'self') return ctx.self != null ? [ctx.self] : [];
  if (name === 'subject') return ctx.subject ?? [];
  return ctx.bindings?.get(name) ?? [];
}

/** Units with the highest or lowest value; all tied units; units without the stat never count. */
export function extremeUnits(units: readonly UnitState[], extreme: NonNullable<DeepReadonly<UnitFilter>['extreme']>): UnitState[] {
  const ranked = units.map((u) => ({ u, v: rankValue(u, extreme.stat) })).filter((r): r is { u: UnitState; v: number } => r.v !== null);
  if (ranked.length === 0) return [];
  const values = ranked.map((r) => r.v);
  const best = extreme.which === 'highest' ? Math.max(...values) : Math.min(...values);
  return ranked.filter((r) => r.v === best).map((r) => r.u);
}

/**
 * Who picks for a chooser. `owner` is the side the candidates fight for and `opponent` its
 * enemy; when the candidates belong to several sides, the rule's owner picks (owner) or its
 * enemy does (opponent). `controller` is the side whose rule it is, `caster` the side casting
 * (the owner when no caster is named), `active` the side whose turn it is.
 * `controlling`/`non-controlling` are the battle's or the context's.
 */
export function choosingSide(state: CoreState, by: Exclude<Chooser, 'random'>, candidates: readonly UnitState[], ctx: EffectContext): string | null {
  const sides = [...new Set(candidates.map(fightsFor))];
  const unitsSide = sides.length === 1 ? sides[0]! : ctx.owner;
  switch (by) {
    case 'owner':
      return unitsSide;
    case 'controller':
      return ctx.owner;
    case 'caster':
      return ctx.caster ?? ctx.owner;
    case 'active':
      return state.active;
    case 'opponent':
      return unitsSide !== null ? (otherSides(state, unitsSide)[0] ?? null) : null;
    case 'controlling':
      return controllingSide(state, ctx);
    case 'non-controlling': {
      const c = controllingSide(state, ctx);
      return c !== null ? (otherSides(state, c)[0] ?? null) : null;
    }
  }
}

/** The units a filter selects; with a policy that may ask (choices.ts), or the question their pick asked. */
export function selectUnits(state: CoreState, filter: DeepReadonly<UnitFilter>, ctx: EffectContext, policy: Policy, options?: SelectOptions): Selection;
export function selectUnits(
  state: CoreState,
  filter: DeepReadonly<UnitFilter>,
  ctx: EffectContext,
  policy: AskingPolicy,
  options?: SelectOptions,
): Selection | Asked;
export function selectUnits(
  state: CoreState,
  filter: DeepReadonly<UnitFilter>,
  ctx: EffectContext,
  policy: AskingPolicy,
  options: SelectOptions = {},
): Selection | Asked {
  const selection = selectFrom(state, filter, ctx, policy, options);
  if (isAsked(selection)) return selection;
  if (filter.as !== undefined) ctx.bindings?.set(filter.as, selection.ids);
  return selection;
}

function selectFrom(state: CoreState, filter: DeepReadonly<UnitFilter>, ctx: EffectContext, policy: AskingPolicy, options: SelectOptions): Selection | Asked {
  const scope = scopeOf(state, filter, ctx);
  let units = state.units.filter((u) => matchesAt(u, filter, ctx, scope));
  if (options.eligible !== undefined) units = units.filter(options.eligible);
  if (filter.extreme !== undefined) units = extremeUnits(units, filter.extreme);
  const choose = filter.choose;
  // `count: any` picks from none to all of them: a choice whenever there is a candidate.
  const anyNumber = choose?.count === 'any';
  const count = choose === undefined ? 0 : choose.count === 'any' ? units.length : choose.count;
  // Picking n of n or fewer units leaves no choice: every candidate is taken.
  if (choose === undefined || (!anyNumber && units.length <= count) || units.length === 0) {
    const choice = choose === undefined ? null : { by: choose.by, side: null, from: units.map((u) => u.id), picked: units.map((u) => u.id) };
    return { ids: units.map((u) => u.id), random: state.random, choice };
  }
  const candidates = units.map((u) => u.id);
  if (choose.by === 'random') {
    // Any number at random: how many drawn evenly from none to all, then which.
    let random = state.random;
    let n = count;
    if (anyNumber) {
      const size = nextInt(random, 0, candidates.length);
      random = size.random;
      n = size.value;
    }
    const drawn = sampleIndices(random, candidates.length, n);
    const picked = new Set(drawn.value.map((i) => candidates[i]!));
    const ids = candidates.filter((id) => picked.has(id));
    return { ids, random: drawn.random, choice: { by: 'random', side: null, from: candidates, picked: ids } };
  }
  const side = choosingSide(state, choose.by, units, ctx);
  const request = { side, candidates, count, ...(anyNumber ? { anyNumber } : {}), reason: options.reason ?? ctx.source };
  const answer = policy.chooseUnits(state, request);
  if (isAsked(answer)) return answer;
  const picked = new Set(checkedUnits(answer, request));
  const ids = candidates.filter((id) => picked.has(id));
  return { ids, random: state.random, choice: { by: choose.by, side, from: candidates, picked: ids } };
}
