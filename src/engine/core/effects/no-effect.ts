// no-effect: nothing happens; with `useOriginalNumber`, the battle resumes with the number that
// called the event (`battle.useOriginalNumber`).
import { entry } from '../log.js';
import type { Handler } from './common.js';

export const noEffect: Handler<'no-effect'> = (state, effect, ctx) => {
  if (effect.useOriginalNumber === true && state.battle !== null) {
    return {
      state: { ...state, battle: { ...state.battle, useOriginalNumber: true } },
      log: [entry('no-effect', ctx.source, 'No effect; combat uses the original number.', { data: { useOriginalNumber: true } })],
    };
  }
  return { state, log: [entry('no-effect', ctx.source, 'No effect.', { data: { useOriginalNumber: false } })] };
};
