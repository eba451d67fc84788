// Players that pick from `legalMoves`: a random one, a greedy one and a search one (search-bot.ts). A bot draws only from its own
// seeded generator (never Math.random, never the game's generator), so a game played by bots is a
// function of its seed: the same seed gives the same moves and the same game.
import { BOT_NAMES, type Bot, type BotName } from './bot.js';
import { lookAheadRandom } from './look-ahead.js';
import { nextInt } from './random.js';
import { knownState } from './view.js';
import { searchBot } from './search-bot.js';

export { BOT_NAMES, type Bot, type BotChoice, type BotName } from './bot.js';

/** Uniform over the legal moves. */
export const randomBot: Bot = {
  name: 'random',
  choose(_game, _content, _state, moves, random) {
    const drawn = nextInt(random, 0, moves.length - 1);
    return { move: moves[drawn.value]!, random: drawn.random };
  },
};

/**
 * One-move look-ahead: plays each legal move and keeps the one `evaluate` rates best for the side
 * that moves; ties are broken by the bot's generator. It first takes the state as its side may
 * know it (view.ts `knownState`: the game's player view, each unknown a draw of the bot's own), so
 * it never reads what its side cannot see; then the game's own pick (`choose`, exact odds for a
 * simultaneous choice), when the game has one for these moves. A move that rolls dice is tried
 * with dice from the bot's own generator (the game's generator in the state is replaced for the
 * look-ahead), so the bot never sees the rolls the game will really make. Without `evaluate` (and
 * no pick of the game's), it plays randomly.
 */
export const greedyBot: Bot = {
  name: 'greedy',
  choose(game, content, state, moves, random) {
    if (moves.length === 1 || (!game.evaluate && !game.choose)) return randomBot.choose(game, content, state, moves, random);
    const side = state.active;
    const known = knownState(game, content, state, side, random);
    const view = known.state;
    let current = known.random;
    const picked = game.choose?.(content, view, moves, current) ?? null;
    if (picked !== null) return picked;
    if (!game.evaluate) return randomBot.choose(game, content, view, moves, current);
    let best: number[] = [];
    let bestScore = -Infinity;
    for (let i = 0; i < moves.length; i++) {
      const dice = lookAheadRandom(current);
      current = dice.random;
      const tried = game.play(content, { ...view, random: dice.value }, moves[i]!).state;
      const score = game.evaluate(content, tried, side);
      if (score > bestScore || best.length === 0) {
        bestScore = score;
        best = [i];
      } else if (score === bestScore) {
        best.push(i);
      }
    }
    const pick = nextInt(current, 0, best.length - 1);
    return { move: moves[best[pick.value]!]!, random: pick.random };
  },
};

const BOTS: { readonly [name in BotName]: Bot } = { random: randomBot, greedy: greedyBot, search: searchBot() };

export function isBotName(name: string): name is BotName {
  return (BOT_NAMES as readonly string[]).includes(name);
}

export function bot(name: BotName): Bot {
  return BOTS[name];
}

/**
 * The seed of side number `sideIndex`'s bot in the game seeded `gameSeed`: a mix of the two, so the
 * bots of one game draw different numbers, and none from the game's own generator.
 */
export function botSeed(gameSeed: number, sideIndex: number): number {
  return mixSeed(gameSeed, 0x62_6f_74_00 + sideIndex); // 'bot\0' + side
}

/**
 * A 32-bit seed from a seed (any safe integer) and a whole number `n`: both halves of the seed
 * and `n` go through murmur3's finaliser, so nearby inputs give unrelated seeds. Used for the seed
 * of game `n` of a batch (src/analysis/simulate.ts) and of each bot.
 */
export function mixSeed(seed: number, n: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`A seed must be a whole number, got ${seed}.`);
  const low = seed >>> 0;
  const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
  let h = fmix32(low ^ 0x9e3779b9);
  h = fmix32(h ^ high ^ 0x85ebca6b);
  h = fmix32(h ^ (n >>> 0) ^ Math.floor(n / 0x1_0000_0000));
  return h;
}

function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
