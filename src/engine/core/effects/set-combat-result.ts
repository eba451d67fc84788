// set-combat-result: the battle's result becomes the one printed (e.g. `Eg`) instead of the table's.
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith, battleWith } from '../state.js';

export const setCombatResult: Handler<'set-combat-result'> = (state, effect, ctx) => {
  if (state.battle === null)
    return { state, log: [entry('set-combat-result', ctx.source, `No battle: result ${effect.result} not set.`, { data: { result: null } })] };
  return {
    state: coreWith(state, { battle: battleWith(state.battle, { resultOverride: effect.result }) }),
    log: [entry('set-combat-result', ctx.source, `The combat result is ${effect.result}.`, { data: { result: effect.result } })],
  };
};
