// end-game: the game ends now, won by the side named (relative to the rule), or drawn. The core
// records it in `state.ended`; each game's procedure reads it after every move, as it checks its
// own victory conditions, so a rule of the content can end a game (a turn limit, a sudden death).
import { resolveOneSide } from '../context.js';
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

export const endGame: Handler<'end-game'> = (state, effect, ctx) => {
  if (state.ended !== null) return { state, log: [entry('end-game', ctx.source, 'The game has ended already.', { data: { already: true } })] };
  const winner = effect.winner === null ? null : resolveOneSide(state, effect.winner, ctx);
  return {
    state: coreWith(state, { ended: { winner, source: ctx.source } }),
    log: [entry('end-game', ctx.source, winner === null ? 'The game ends in a draw.' : `The game ends: ${winner} wins.`, { data: { winner, already: false } })],
  };
};
