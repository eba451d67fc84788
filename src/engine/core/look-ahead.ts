// The generator a bot's look-ahead plays with: dice of the bot's own, never the game's, so a bot
// never sees the rolls the game will really make (the state's generator is replaced by this one).
import { nextInt, type Drawn, type RandomState } from './random.js';

/**
 * A generator for a look-ahead, its 128 bits drawn from the bot's generator (cheaper than seeding
 * one): the four words of nextInt(random, -0x80000000, 0x7fffffff) drawn four times, written out
 * on the state's numbers as nextInt does, without a state per draw (a greedy bot draws these for
 * every move it tries). Over the whole 32-bit range nextInt never redraws and a word is the sum's
 * low 32 bits, signed. test/engine-core-random-speed.test.ts checks the two agree.
 */
export function lookAheadRandom(random: RandomState): Drawn<RandomState> {
  if (random.algorithm !== 'xoroshiro128plus' || random.state.length !== 4) return lookAheadByDraws(random);
  let s01 = random.state[0]!,
    s00 = random.state[1]!,
    s11 = random.state[2]!,
    s10 = random.state[3]!;
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    words.push((s00 + s10) | 0);
    const a0 = s10 ^ s00,
      a1 = s11 ^ s01,
      t00 = s00,
      t01 = s01;
    s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
    s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s10 = (a1 << 5) ^ (a0 >>> 27);
    s11 = (a0 << 5) ^ (a1 >>> 27);
  }
  return { value: seeded(words), random: { algorithm: 'xoroshiro128plus', state: [s01, s00, s11, s10] } };
}

/** lookAheadRandom by four nextInt draws: what it must equal (and what a state nextInt refuses gets, with nextInt's error). */
export function lookAheadByDraws(random: RandomState): Drawn<RandomState> {
  const words: number[] = [];
  let current = random;
  for (let i = 0; i < 4; i++) {
    const d = nextInt(current, -0x80000000, 0x7fffffff);
    current = d.random;
    words.push(d.value);
  }
  return { value: seeded(words), random: current };
}

function seeded(words: number[]): RandomState {
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && words[3] === 0) words[3] = 1; // xoroshiro must not start from all zeros
  return { algorithm: 'xoroshiro128plus', state: words };
}
