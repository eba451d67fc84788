// end-combat: the current battle stops now; no combat result applies (the game reads `ended`).
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith, battleWith } from '../state.js';

export const endCombat: Handler<'end-combat'> = (state, _effect, ctx) => {
  if (state.battle === null) return { state, log: [entry('end-combat', ctx.source, 'No battle to end.', { data: { ended: false } })] };
  return {
    state: coreWith(state, { battle: battleWith(state.battle, { ended: true }) }),
    log: [entry('end-combat', ctx.source, `Combat at ${state.battle.location} ends.`, { data: { ended: true } })],
  };
};
