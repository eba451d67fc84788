// What every effect handler shares: its signature, the step it returns, and the small helpers
// that keep handlers short (select units and keep the generator, name units in the log).
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { UnitFilter } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { EffectContext } from '../context.js';
import { selectUnits, type SelectOptions } from '../filter.js';
import type { JsonValue, LogEntry } from '../log.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import type { GameEvent } from '../rules/event.js';
import { findUnit, type CoreState, coreWith } from '../state.js';

/** A new state and what happened, in order. */
export interface Step {
  readonly state: CoreState;
  readonly log: readonly LogEntry[];
  /** Events the effects announced (a place destroyed, units destroyed), for rules to fire on. */
  readonly events?: readonly GameEvent[];
}

/** Applies nested effects (a roll's outcome, a table's entry) without writing them to `state.log`. */
export type ApplyNested = (state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy) => Step | Asked;

export type EffectOf<K extends Effect['kind']> = DeepReadonly<Extract<Effect, { kind: K }>>;

/** A handler's step, or the question a side was asked (choices.ts): the handler then stops and returns it. */
export type Handler<K extends Effect['kind']> = (
  state: CoreState,
  effect: EffectOf<K>,
  ctx: EffectContext,
  policy: AskingPolicy,
  nested: ApplyNested,
) => Step | Asked;

export interface Selected {
  readonly state: CoreState;
  readonly ids: readonly string[];
  /** Who picked, for the log's data; null when nobody did. */
  readonly choice: { readonly [key: string]: JsonValue } | null;
}

/** The units a filter selects, with the generator advanced when the pick was random; or the question their pick asked. */
export function select(
  state: CoreState,
  filter: DeepReadonly<UnitFilter>,
  ctx: EffectContext,
  policy: AskingPolicy,
  options: SelectOptions = {},
): Selected | Asked {
  const selection = selectUnits(state, filter, ctx, policy, options);
  if (isAsked(selection)) return selection;
  return { state: selection.random === state.random ? state : coreWith(state, { random: selection.random }), ids: selection.ids, choice: selection.choice };
}

/** `Baphite Swarm (baphite-swarm-1), Deathknoll Ogres (ogres-2)`, or `no unit`. */
export function names(state: CoreState, ids: readonly string[]): string {
  if (ids.length === 0) return 'no unit';
  return ids.map((id) => `${findUnit(state, id)?.name ?? id} (${id})`).join(', ');
}

/** How many of the target's turns a `turns` duration lasts when the rule prints no number: one. */
export function turnsLeftFor(duration: string): number | null {
  return duration === 'turns' ? 1 : null;
}

/** The log data of a selection: the choice, when there was one. */
export function choiceData(choice: Selected['choice']): { choice?: JsonValue } {
  return choice === null ? {} : { choice };
}
