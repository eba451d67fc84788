// The seeded pseudo-random generator. pure-rand's generators are objects that change as they draw;
// the game state must be plain JSON, so the state holds only the generator's numbers and every draw
// rebuilds the generator from them, draws, and returns the new numbers. A seed and a list of
// actions therefore replay a game exactly, and a saved game resumes with the same future rolls.
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
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
  const state = mersenneFirstFour(seed);
  // An all-zero state would make xoroshiro return 0 forever; keep its documented seeding then.
  if (state.every((n) => n === 0)) return { algorithm: 'xoroshiro128plus', state: [...xoroshiro128plus(seed).getState()] };
  return { algorithm: 'xoroshiro128plus', state };
}

/**
 * The first four numbers of pure-rand's `mersenne(seed)`, without building its 624-number state:
 * they are the first four words of the state after its first twist, tempered, and twisting words
 * 0-3 reads only the seeded words 0-4 and 397-400 (test/engine-core-random-speed.test.ts checks
 * this against pure-rand). Every game seeds a generator for itself and each of its bots.
 */
function mersenneFirstFour(seed: number): number[] {
  const low: number[] = [seed | 0];
  const high: number[] = [];
  let word = seed | 0;
  for (let i = 1; i <= 400; i++) {
    word = (Math.imul(1812433253, word ^ (word >>> 30)) + i) | 0;
    if (i <= 4) low.push(word);
    else if (i >= 397) high.push(word);
  }
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    const y0 = (low[i]! & 0x80000000) | (low[i + 1]! & 0x7fffffff);
    let y = high[i]! ^ (y0 >>> 1) ^ (-(y0 & 1) & 0x9908b0df);
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    out.push(y);
  }
  return out;
}

/** A whole number from `min` to `max` inclusive, each equally likely. Pure: `random` is not changed. */
export function nextInt(random: RandomState, min: number, max: number): Drawn<number> {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`nextInt needs whole numbers min <= max, got ${min} and ${max}.`);
  }
  if (random.algorithm !== 'xoroshiro128plus') throw new Error(`Unknown random algorithm ${String(random.algorithm)}.`);
  const size = max - min + 1;
  if (size > 0x1_0000_0000) {
    // fromState builds a fresh generator, so drawing from it leaves `random` untouched.
    const generator = xoroshiro128plusFromState(random.state);
    const value = uniformInt(generator, min, max);
    return { value, random: { algorithm: 'xoroshiro128plus', state: [...generator.getState()] } };
  }
  // pure-rand's xoroshiro128plus `next` and `uniformInt` written out on the state's four numbers,
  // drawing exactly what they draw without a generator object per draw (a game draws at every
  // move); test/engine-core-random-speed.test.ts checks the two agree.
  const state = random.state;
  if (state.length !== 4) throw new Error('The state must have been produced by a xoroshiro128plus RandomGenerator');
  let s01 = state[0]!,
    s00 = state[1]!,
    s11 = state[2]!,
    s10 = state[3]!;
  const allowed = size > 2 ? ~~(0x1_0000_0000 / size) * size : 0x1_0000_0000;
  let drawn: number;
  do {
    drawn = ((s00 + s10) | 0) + 0x8000_0000;
    const a0 = s10 ^ s00,
      a1 = s11 ^ s01,
      t00 = s00,
      t01 = s01;
    s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
    s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s10 = (a1 << 5) ^ (a0 >>> 27);
    s11 = (a0 << 5) ^ (a1 >>> 27);
  } while (drawn >= allowed);
  return { value: (drawn % size) + min, random: { algorithm: 'xoroshiro128plus', state: [s01, s00, s11, s10] } };
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
