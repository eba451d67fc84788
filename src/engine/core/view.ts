// What a bot may know of a state: its side's player view (the game's `playerView`), made playable
// again with draws of the bot's own (`determinize`), and with the game's generator replaced, since
// the rolls and shuffles to come are hidden from every side. Bots call this before they look at a
// state at all, so no bot reads what its side cannot see.
import type { Game, GameEvent, GameMove, GameState } from './game.js';
import { type RandomState, seedRandom } from './random.js';

/** The generator every view carries instead of the game's: the same for every state, so it tells nothing. */
export const VIEW_RANDOM: RandomState = seedRandom(0);

/** `state` as `side` sees it (`playerView`), with the game's generator hidden too. */
export function playerViewOf<C, S extends GameState, M extends GameMove>(game: Game<C, S, M>, content: C, state: S, side: string): S {
  const view = game.playerView ? game.playerView(content, state, side) : state;
  return { ...view, random: VIEW_RANDOM };
}

/**
 * A state the bot of `side` may play with: its player view, each unknown filled with a draw from
 * `random` (`determinize`), returned with `random`'s next state.
 */
export function knownState<C, S extends GameState, M extends GameMove>(
  game: Game<C, S, M>,
  content: C,
  state: S,
  side: string,
  random: RandomState,
): { state: S; random: RandomState } {
  return determinized(game, content, playerViewOf(game, content, state, side), side, random);
}

/** `view`, a player view of `side` (`playerViewOf`), made playable (`determinize`): a search bot takes one view of a state for all its playouts. */
export function determinized<C, S extends GameState, M extends GameMove>(
  game: Game<C, S, M>,
  content: C,
  view: S,
  side: string,
  random: RandomState,
): { state: S; random: RandomState } {
  return game.determinize ? game.determinize(content, view, side, random) : { state: view, random };
}

/** A log line as `side` sees it, or null when it sees nothing of it (`viewEvent`); `state` is the state it was written from (a `play` line's: before its move; an event's: after). */
export function viewEventOf<C, S extends GameState, M extends GameMove>(
  game: Game<C, S, M>,
  content: C,
  event: GameEvent,
  side: string,
  state: S,
): GameEvent | null {
  return game.viewEvent ? game.viewEvent(content, event, side, state) : event;
}
