// The seeded pseudo-random generator. pure-rand's generators are objects that change as they draw;
// the game state must be plain JSON, so the state holds only the generator's numbers and every draw
// rebuilds the generator from them, draws, and returns the new numbers. A seed and a list of
// actions therefore replay a game exactly, and a saved game resumes with the same future rolls.
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { mersenne } from 'pure-rand/generator/mersenne';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/** The generator's state as plain JSON: which algorithm, and its internal numbers. */
export interface RandomState {
  readonly algorithm: 'xoroshiro128plus';
  readonly state: readonly number[];
}

/** A value drawn, with the generator state to use next. */
export interface Drawn<T> {
  readonly value: T;
  readonly random: RandomState;
}

/**
 * The generator for a seed. xoroshiro128plus seeded directly starts from `[-1, ~seed, seed, 0]`, so
 * the first rolls of nearby seeds follow a cycle (the first d6 of seeds 0, 1, 2, ... is 2, 1, 6, 5,
 * 4, 3, 2, ...). Its 128-bit state is instead filled from pure-rand's Mersenne Twister, whose
 * seeding scrambles the seed well; the Mersenne generator is used only here, as its own state (625
 * numbers) would bloat every saved game.
 */
export function seedRandom(seed: number): RandomState {
  // Mersenne takes the seed's low 32 bits, so seeds that differ by a multiple of 2^32 are the same.
  if (!Number.isSafeInteger(seed)) throw new RangeError(`A random seed must be a whole number, got ${seed}.`);
  const scrambler = mersenne(seed);
  const state = [scrambler.next(), scrambler.next(), scrambler.next(), scrambler.next()];
  // An all-zero state would make xoroshiro return 0 forever; keep its documented seeding then.
  if (state.every((n) => n === 0)) return { algorithm: 'xoroshiro128plus', state: [...xoroshiro128plus(seed).getState()] };
  return { algorithm: 'xoroshiro128plus', state };
}

/** A whole number from `min` to `max` inclusive, each equally likely. Pure: `random` is not changed. */
export function nextInt(random: RandomState, min: number, max: number): Drawn<number> {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`nextInt needs whole numbers min <= max, got ${min} and ${max}.`);
  }
  if (random.algorithm !== 'xoroshiro128plus') throw new Error(`Unknown random algorithm ${String(random.algorithm)}.`);
  // fromState builds a fresh generator, so drawing from it leaves `random` untouched.
  const generator = xoroshiro128plusFromState(random.state);
  const value = uniformInt(generator, min, max);
  return { value, random: { algorithm: 'xoroshiro128plus', state: [...generator.getState()] } };
}

/** `count` distinct positions of `0..size-1`, in the order drawn (a partial Fisher-Yates shuffle). */
export function sampleIndices(random: RandomState, size: number, count: number): Drawn<number[]> {
  const pool = Array.from({ length: size }, (_, i) => i);
  const picked: number[] = [];
  let current = random;
  for (let i = 0; i < Math.min(count, size); i++) {
    const drawn = nextInt(current, i, size - 1);
    current = drawn.random;
    const j = drawn.value;
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    picked.push(pool[i]!);
  }
  return { value: picked, random: current };
}
