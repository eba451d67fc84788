// The generator a bot's look-ahead plays with: dice of the bot's own, never the game's, so a bot
// never sees the rolls the game will really make (the state's generator is replaced by this one).
import { nextInt, type Drawn, type RandomState } from './random.js';

/** A generator for a look-ahead, its 128 bits drawn from the bot's generator (cheaper than seeding one). */
export function lookAheadRandom(random: RandomState): Drawn<RandomState> {
  const words: number[] = [];
  let current = random;
  for (let i = 0; i < 4; i++) {
    const d = nextInt(current, -0x80000000, 0x7fffffff);
    current = d.random;
    words.push(d.value);
  }
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && words[3] === 0) words[3] = 1; // xoroshiro must not start from all zeros
  return { value: { algorithm: 'xoroshiro128plus', state: words }, random: current };
}
