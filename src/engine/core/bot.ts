// What a bot is: the names `simulate --bots` takes, and the one method every bot has. A leaf of the
// bots (bots.ts, search-bot.ts), so neither needs the other to say what a bot is.
import type { Game, GameMove, GameState } from './game.js';
import type { RandomState } from './random.js';

export const BOT_NAMES = ['random', 'greedy', 'search'] as const;
export type BotName = (typeof BOT_NAMES)[number];

/** A bot's pick, with its generator's state to use next. */
export interface BotChoice<M> {
  readonly move: M;
  readonly random: RandomState;
}

/**
 * A player. `choose` gets the moves the game offers (never empty) and the bot's own generator, and
 * returns one of the moves; it never changes `state`.
 */
export interface Bot {
  readonly name: BotName;
  choose<C, S extends GameState, M extends GameMove>(game: Game<C, S, M>, content: C, state: S, moves: readonly M[], random: RandomState): BotChoice<M>;
}
