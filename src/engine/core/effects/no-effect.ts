// no-effect: nothing happens; with `useOriginalNumber`, the battle resumes with the number that
// called the event (`battle.useOriginalNumber`).
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith, battleWith } from '../state.js';

export const noEffect: Handler<'no-effect'> = (state, effect, ctx) => {
  if (effect.useOriginalNumber === true && state.battle !== null) {
    return {
      state: coreWith(state, { battle: battleWith(state.battle, { useOriginalNumber: true }) }),
      log: [entry('no-effect', ctx.source, 'No effect; combat uses the original number.', { data: { useOriginalNumber: true } })],
    };
  }
  return { state, log: [entry('no-effect', ctx.source, 'No effect.', { data: { useOriginalNumber: false } })] };
};
