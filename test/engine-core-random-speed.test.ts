// The seeded generator draws exactly what pure-rand draws: seedRandom and nextInt compute pure-rand's
// Mersenne seeding and xoroshiro128plus + uniformInt by hand (for speed), and must never differ
// from the library they replace, or every seeded game would change.
import { describe, expect, it } from 'vitest';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { mersenne } from 'pure-rand/generator/mersenne';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { lookAheadByDraws, lookAheadRandom } from '../src/engine/core/look-ahead.js';
import { nextInt, seedRandom, type RandomState } from '../src/engine/core/random.js';

/** seedRandom as it was written with pure-rand's generators. */
function referenceSeed(seed: number): RandomState {
  const scrambler = mersenne(seed);
  const state = [scrambler.next(), scrambler.next(), scrambler.next(), scrambler.next()];
  if (state.every((n) => n === 0)) return { algorithm: 'xoroshiro128plus', state: [...xoroshiro128plus(seed).getState()] };
  return { algorithm: 'xoroshiro128plus', state };
}

/** nextInt as it was written with pure-rand's generators. */
function referenceNext(random: RandomState, min: number, max: number): { value: number; random: RandomState } {
  const generator = xoroshiro128plusFromState(random.state);
  const value = uniformInt(generator, min, max);
  return { value, random: { algorithm: 'xoroshiro128plus', state: [...generator.getState()] } };
}

describe('the seeded generator', () => {
  it("seedRandom gives the state pure-rand's Mersenne seeding gives, for small, large, negative and 2^32-apart seeds", () => {
    const seeds = [
      0,
      1,
      2,
      42,
      -1,
      -123456,
      0x7fffffff,
      0x80000000,
      0xffffffff,
      0x1_0000_0000,
      0x1_0000_0005,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ];
    for (let i = 0; i < 2000; i++) seeds.push(Math.imul(i, 2654435761) ^ (i << 7), i * 7919);
    for (const seed of seeds) expect(seedRandom(seed), `seed ${seed}`).toEqual(referenceSeed(seed));
  });

  it("nextInt draws the value and next state pure-rand's uniformInt draws, over ranges from one value to beyond 2^32", () => {
    const ranges: [number, number][] = [
      [0, 0],
      [1, 6],
      [1, 3],
      [0, 1],
      [0, 2],
      [0, 14],
      [-5, 5],
      [-0x80000000, 0x7fffffff],
      [0, 0xffffffff],
      [0, 0x1_0000_0000],
      [0, 2 ** 40],
      [-(2 ** 45), 2 ** 45],
      [7, 2 ** 31 + 12345],
    ];
    let random = seedRandom(7);
    let reference = random;
    for (let i = 0; i < 20_000; i++) {
      const [min, max] = ranges[i % ranges.length]!;
      const mine = nextInt(random, min, max);
      const theirs = referenceNext(reference, min, max);
      expect(mine).toEqual(theirs);
      random = mine.random;
      reference = theirs.random;
    }
  });

  it('nextInt leaves the state it is given unchanged', () => {
    const random = seedRandom(3);
    const copy = JSON.parse(JSON.stringify(random)) as RandomState;
    nextInt(random, 1, 6);
    expect(random).toEqual(copy);
  });

  it("lookAheadRandom, written out, draws a look-ahead's generator and the next state as four nextInt draws of the 32-bit range do", () => {
    let random = seedRandom(11);
    for (let i = 0; i < 2000; i++) {
      const fast = lookAheadRandom(random);
      expect(fast).toEqual(lookAheadByDraws(random));
      random = fast.random;
    }
    // A state of all-zero words still gives a generator xoroshiro can start from.
    const zeros: RandomState = { algorithm: 'xoroshiro128plus', state: [0, 0, 0, 0] };
    expect(lookAheadRandom(zeros)).toEqual(lookAheadByDraws(zeros));
    expect(lookAheadRandom(zeros).value.state).toEqual([0, 0, 0, 1]);
  });
});
