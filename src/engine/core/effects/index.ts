// The effect interpreter: one handler per kind of the vocabulary (one file each, like a validator's
// keywords). The handler table is typed by the generated `Effect` union, so a kind added to the
// schema does not compile until it has a handler here.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import type { EffectContext } from '../context.js';
import type { LogEntry } from '../log.js';
import type { Policy } from '../policy.js';
import type { GameEvent } from '../rules/event.js';
import { coreWith, type CoreState } from '../state.js';
import { addUnit } from './add-unit.js';
import { atPlace } from './at-place.js';
import { bringIn } from './bring-in.js';
import { chooseUnits } from './choose-units.js';
import { controlPlace } from './control-place.js';
import type { ApplyNested, Handler, Step } from './common.js';
import { damage } from './damage.js';
import { delayed } from './delayed.js';
import { destroy } from './destroy.js';
import { destroyPlace } from './destroy-place.js';
import { endCombat } from './end-combat.js';
import { endGame } from './end-game.js';
import { heal } from './heal.js';
import { limitMovement } from './limit-movement.js';
import { manual } from './manual.js';
import { may } from './may.js';
import { modifyStrength } from './modify-strength.js';
import { moveDirectly } from './move-directly.js';
import { moveCards } from './move-cards.js';
import { noEffect } from './no-effect.js';
import { preventActions } from './prevent-actions.js';
import { rerollCombat } from './reroll-combat.js';
import { retreat } from './retreat.js';
import { roll } from './roll.js';
import { rollTable } from './roll-table.js';
import { setCombatResult } from './set-combat-result.js';
import { swapPositions } from './swap-positions.js';
import { takeControl } from './take-control.js';
import { teleport } from './teleport.js';

export type { Step } from './common.js';

export const handlers: { readonly [K in Effect['kind']]: Handler<K> } = {
  'modify-strength': modifyStrength,
  destroy,
  damage,
  heal,
  'end-combat': endCombat,
  'set-combat-result': setCombatResult,
  'reroll-combat': rerollCombat,
  retreat,
  'limit-movement': limitMovement,
  'move-directly': moveDirectly,
  'take-control': takeControl,
  'add-unit': addUnit,
  roll,
  'roll-table': rollTable,
  'swap-positions': swapPositions,
  teleport,
  'bring-in': bringIn,
  'prevent-actions': preventActions,
  delayed,
  may,
  'choose-units': chooseUnits,
  'destroy-place': destroyPlace,
  'control-place': controlPlace,
  'at-place': atPlace,
  'move-cards': moveCards,
  'end-game': endGame,
  'no-effect': noEffect,
  manual,
};

/** Every kind the interpreter runs, in the schema's order. */
export const effectKinds = Object.keys(handlers) as Effect['kind'][];

const applyNested: ApplyNested = (state, effects, ctx, policy) => {
  let current = state;
  const log: LogEntry[] = [];
  const events: GameEvent[] = [];
  for (const effect of effects) {
    const handler = handlers[effect.kind] as Handler<typeof effect.kind> | undefined;
    if (handler === undefined) throw new Error(`Unknown effect kind ${String(effect.kind)}; the vocabulary is ${effectKinds.join(', ')}.`);
    const step = handler(current, effect as never, ctx, policy, applyNested);
    if (isAsked(step)) return step;
    current = step.state;
    log.push(...step.log);
    if (step.events !== undefined) events.push(...step.events);
  }
  return { state: current, log, events };
};

/**
 * As applyEffects, but the entries are only returned, not appended to `state.log`: for a game that
 * turns them into its own events and drops the core state (Archon's casts, core-units.ts), which
 * then skips a copy of the state and of its whole log.
 */
export function applyEffectsUnlogged(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: Policy): Step;
export function applyEffectsUnlogged(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Step | Asked;
export function applyEffectsUnlogged(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Step | Asked {
  return applyNested(state, effects, ctx, policy);
}

/**
 * Applies the effects in order and returns the new state and what happened; the entries are also
 * appended to `state.log`. Pure: the given state is never changed, and all randomness comes from
 * `state.random`, so the same state, effects, context and policy give the same result. With a
 * policy that may ask (choices.ts), the effects stop at the first question and it is returned.
 */
export function applyEffects(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: Policy): Step;
export function applyEffects(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Step | Asked;
export function applyEffects(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Step | Asked {
  const step = applyNested(state, effects, ctx, policy);
  if (isAsked(step)) return step;
  return { state: coreWith(step.state, { log: [...state.log, ...step.log] }), log: step.log, events: step.events ?? [] };
}
