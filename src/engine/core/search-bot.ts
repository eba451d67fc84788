// The search bot, which any game gets for free from `legalMoves` and `play`: flat Monte Carlo
// search with UCB1 at the root (UCT one level deep). Each candidate move is tried in playouts: the
// move, then random moves by every side up to `depth` more moves, scored for the bot's side (a win
// 1, a loss 0, a draw 1/2; a game still going at the cap 1 when `evaluate` rates it above 0 for the
// bot, 0 below, 1/2 at 0 or without `evaluate`). UCB1 spends more playouts on the moves that score
// best; the bot plays the move tried most. Each playout starts from a fresh view of the state as
// the bot's side may know it (view.ts `knownState`: its player view, taken once a decision, each unknown drawn afresh from the bot's generator), with dice of
// the bot's own instead of the game's generator, so it never reads what its side cannot see and
// never sees the rolls the game will make. Every draw is from the bot's own generator: the same
// seed gives the same moves, whatever thread plays the game.
import type { Bot } from './bot.js';
import type { Game, GameMove, GameState } from './game.js';
import { lookAheadRandom } from './look-ahead.js';
import { nextInt, sampleIndices, type RandomState } from './random.js';
import { determinized, playerViewOf } from './view.js';

export interface SearchOptions {
  /** Playouts per decision between two or more moves (the budget: each costs one `play` per move it plays). */
  readonly playouts: number;
  /** The most moves a playout plays after the move it tries, before it is scored. */
  readonly depth: number;
}

/** The `search` bot's budget: 64 playouts of at most 1 + 20 moves per decision. */
export const SEARCH_OPTIONS: SearchOptions = { playouts: 64, depth: 20 };

/** UCB1's exploration constant for rewards in 0..1 (Auer et al. 2002). */
const EXPLORATION = Math.SQRT2;

/** A search bot with its budget (`search` in BOT_NAMES is `searchBot(SEARCH_OPTIONS)`). */
export function searchBot(options: SearchOptions = SEARCH_OPTIONS): Bot {
  const { playouts, depth } = options;
  if (!Number.isSafeInteger(playouts) || playouts < 1 || !Number.isSafeInteger(depth) || depth < 0)
    throw new RangeError(`a search bot needs playouts >= 1 and depth >= 0, got ${playouts} and ${depth}`);
  return {
    name: 'search',
    choose(game, content, state, moves, random) {
      if (moves.length === 1) return { move: moves[0]!, random };
      const side = state.active;
      let current = random;
      // More moves than playouts: a sample of them, one playout each.
      let tried: number[];
      if (moves.length > playouts) {
        const sample = sampleIndices(current, moves.length, playouts);
        tried = sample.value;
        current = sample.random;
      } else {
        tried = moves.map((_, i) => i);
      }
      // One player view for every playout (each still drawn afresh): the view is a function of the state.
      const view = playerViewOf(game, content, state, side);
      const visits = tried.map(() => 0);
      const totals = tried.map(() => 0);
      for (let n = 0; n < playouts; n++) {
        const k = n < tried.length ? n : upperBound(visits, totals, n);
        const p = playout(game as Game<unknown, GameState, GameMove>, content, view, side, moves[tried[k]!]!, depth, current);
        current = p.random;
        visits[k]!++;
        totals[k]! += p.score;
      }
      // The move tried most, then the best mean; the rest of a tie is broken by the generator.
      let best: number[] = [];
      for (let k = 0; k < tried.length; k++) {
        const b = best[0];
        const better = b === undefined || visits[k]! > visits[b]! || (visits[k] === visits[b] && totals[k]! > totals[b]!);
        if (better) best = [k];
        else if (visits[k] === visits[b!] && totals[k] === totals[b!]) best.push(k);
      }
      const pick = nextInt(current, 0, best.length - 1);
      return { move: moves[tried[best[pick.value]!]!]!, random: pick.random };
    },
  };
}

/** The candidate with the highest UCB1 bound after `n` playouts (every candidate tried once); ties go to the first. */
function upperBound(visits: readonly number[], totals: readonly number[], n: number): number {
  const log = Math.log(n);
  let best = 0;
  let bestBound = -Infinity;
  for (let k = 0; k < visits.length; k++) {
    const bound = totals[k]! / visits[k]! + EXPLORATION * Math.sqrt(log / visits[k]!);
    if (bound > bestBound) {
      bestBound = bound;
      best = k;
    }
  }
  return best;
}

/** One playout of `move` for `side` from its player view of the state (`view`), made playable afresh, scored 0..1. */
function playout(
  game: Game<unknown, GameState, GameMove>,
  content: unknown,
  view: GameState,
  side: string,
  move: GameMove,
  depth: number,
  random: RandomState,
): { score: number; random: RandomState } {
  const known = determinized(game, content, view, side, random);
  let current = known.random;
  const dice = lookAheadRandom(current);
  current = dice.random;
  let s = game.play(content, { ...known.state, random: dice.value }, move).state;
  for (let i = 0; i < depth && s.result === null; i++) {
    const legal = game.legalMoves(content, s);
    if (legal.length === 0) break;
    const drawn = nextInt(current, 0, legal.length - 1);
    current = drawn.random;
    s = game.play(content, s, legal[drawn.value]!).state;
  }
  return { score: scoreFor(game, content, s, side), random: current };
}

/** A playout's end for `side`: 1 a win, 0 a loss, 1/2 a draw; unfinished, the sign of `evaluate` (1/2 without it). */
function scoreFor(game: Game<unknown, GameState, GameMove>, content: unknown, s: GameState, side: string): number {
  if (s.result !== null) return s.result.winner === side ? 1 : s.result.winner === null ? 0.5 : 0;
  if (!game.evaluate) return 0.5;
  const e = game.evaluate(content, s, side);
  return e > 0 ? 1 : e < 0 ? 0 : 0.5;
}
