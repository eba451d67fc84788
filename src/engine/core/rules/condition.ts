// The `if` of a rule: a small predicate language over the game state. One form per object:
// all / any / not combine; present / count count units matching a filter (at the rule's location
// unless the filter binds a name); battle, phase, active and turn ask about the turn; place asks
// about the rule's location (its traits or terrain, whether it is destroyed, who controls it).
import type { Condition } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { resolveSides, ruleLocation, type EffectContext } from '../context.js';
import { matchesUnit } from '../filter.js';
import { placeController, unitsInPlay, type CoreState } from '../state.js';

const compare = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  eq: (a: number, b: number) => a === b,
  gte: (a: number, b: number) => a >= b,
  gt: (a: number, b: number) => a > b,
} as const;

export function holds(state: CoreState, condition: DeepReadonly<Condition>, ctx: EffectContext): boolean {
  if (condition.all !== undefined) return condition.all.every((c) => holds(state, c, ctx));
  if (condition.any !== undefined) return condition.any.some((c) => holds(state, c, ctx));
  if (condition.not !== undefined) return !holds(state, condition.not, ctx);
  if (condition.present !== undefined) return unitsInPlay(state).some((u) => matchesUnit(state, u, condition.present!, ctx));
  if (condition.count !== undefined) {
    const { units, op, value } = condition.count;
    const n = unitsInPlay(state).filter((u) => matchesUnit(state, u, units, ctx)).length;
    return compare[op](n, value);
  }
  if (condition.battle !== undefined) {
    const here = ctx.location ?? null;
    const battleHere = here !== null && ((state.battle !== null && state.battle.location === here) || state.battlesDue.includes(here));
    if (condition.battle === 'anywhere') return state.battle !== null || state.battlesDue.length > 0;
    return condition.battle === 'here' ? battleHere : !battleHere;
  }
  if (condition.phase !== undefined) return state.phase === condition.phase;
  if (condition.active !== undefined) return state.active !== null && resolveSides(state, condition.active, ctx).includes(state.active);
  if (condition.turn !== undefined) return compare[condition.turn.op](state.turn, condition.turn.value);
  if (condition.place !== undefined) {
    const place = ruleLocation(state, ctx);
    if (place === null) return false;
    const { hasTrait, destroyed, controlled, controlledBy } = condition.place;
    if (destroyed !== undefined && state.destroyedPlaces.includes(place) !== destroyed) return false;
    const controller = placeController(state, place);
    if (controlled !== undefined && (controller !== null) !== controlled) return false;
    if (controlledBy !== undefined && (controller === null || !resolveSides(state, controlledBy, ctx).includes(controller))) return false;
    if (hasTrait !== undefined) {
      const traits = ctx.placeTraits?.(place) ?? [];
      if (!hasTrait.every((t) => traits.includes(t.toLowerCase()))) return false;
    }
    return true;
  }
  // The schema allows exactly one form per condition object; an empty one never reaches here.
  throw new Error(`A condition has no form the engine knows: ${JSON.stringify(condition)}.`);
}
