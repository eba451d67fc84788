// Dice expressions any table may name: parsing, exact distributions (fractions worked out by hand)
// and seeded rolls that draw exactly what the older per-die rollers draw.
import { describe, expect, it } from 'vitest';
import { diceDistribution } from '../src/analysis/dice.js';
import { Fraction } from '../src/analysis/fraction.js';
import { rollD66, rollDie, roll1to5 } from '../src/engine/core/dice.js';
import { DiceError, diceRolls, parseDice, rollDice } from '../src/engine/core/dice-expression.js';
import { nextInt, seedRandom, type RandomState } from '../src/engine/core/random.js';
import { diceResults } from '../src/content/lint/dice.js';

const odds = (text: string) => new Map(diceDistribution(parseDice(text)).map((o) => [o.roll, o.probability.toString()]));
const total = (text: string) => Fraction.sum(diceDistribution(parseDice(text)).map((o) => o.probability));

function series(random: RandomState, n: number, roll: (r: RandomState) => { value: number; random: RandomState }): number[] {
  const out: number[] = [];
  let r = random;
  for (let i = 0; i < n; i++) {
    const d = roll(r);
    out.push(d.value);
    r = d.random;
  }
  return out;
}

describe('dice expressions parse to their dice', () => {
  it('reads NdM+K, dM, d66 and fingers, normalising the text', () => {
    expect(parseDice('d6')).toEqual({ kind: 'sum', count: 1, sides: 6, plus: 0, text: 'd6' });
    expect(parseDice(' 2D6 ')).toEqual({ kind: 'sum', count: 2, sides: 6, plus: 0, text: '2d6' });
    expect(parseDice('3d6 + 1')).toEqual({ kind: 'sum', count: 3, sides: 6, plus: 1, text: '3d6+1' });
    expect(parseDice('1d10-2')).toEqual({ kind: 'sum', count: 1, sides: 10, plus: -2, text: 'd10-2' });
    expect(parseDice('d66').kind).toBe('d66');
    expect(parseDice('fingers').kind).toBe('fingers');
    expect(parseDice('rng').kind).toBe('fingers');
  });

  it('refuses what is not a dice expression, or dice too many or too large to count exactly, saying why', () => {
    expect(() => parseDice('2x6')).toThrow(DiceError);
    expect(() => parseDice('2x6')).toThrow(/not a dice expression.*NdM\+K/);
    expect(() => parseDice('0d6')).toThrow(/rolls 0 dice/);
    expect(() => parseDice('21d6')).toThrow(/roll 1 to 20/);
    expect(() => parseDice('d1')).toThrow(/2 to 100 sides/);
    expect(() => parseDice('d101')).toThrow(/2 to 100 sides/);
    expect(() => parseDice('d6+1001')).toThrow(/at most 1000/);
  });
});

describe('exact distributions', () => {
  it('2d6: 2 and 12 are 1/36, 7 is 6/36 = 1/6, and 2-12 sum to exactly 1', () => {
    const o = odds('2d6');
    expect([...o.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(o.get(2)).toBe('1/36');
    expect(o.get(6)).toBe('5/36');
    expect(o.get(7)).toBe('1/6');
    expect(o.get(12)).toBe('1/36');
    expect(total('2d6').toString()).toBe('1');
  });

  it('3d6: 10 and 11 are 27/216 = 1/8 each, 3 is 1/216', () => {
    const o = odds('3d6');
    expect(o.get(3)).toBe('1/216');
    expect(o.get(10)).toBe('1/8');
    expect(o.get(11)).toBe('1/8');
    expect(o.size).toBe(16);
    expect(total('3d6').toString()).toBe('1');
  });

  it('d6, d10, d3 and a modifier: each face equally likely, shifted by the modifier', () => {
    expect([...odds('d6').values()]).toEqual(Array(6).fill('1/6'));
    expect([...odds('d10').keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(odds('d10').get(10)).toBe('1/10');
    expect([...odds('d3').entries()]).toEqual([
      [1, '1/3'],
      [2, '1/3'],
      [3, '1/3'],
    ]);
    expect([...odds('2d6+1').keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(odds('2d6+1').get(8)).toBe('1/6');
  });

  it('d66 is 36 results read as tens and units, 1/36 each, never a 0, 7, 8 or 9 digit', () => {
    const o = odds('d66');
    expect(o.size).toBe(36);
    expect([...o.keys()].every((r) => /^[1-6][1-6]$/.test(String(r)))).toBe(true);
    expect(o.get(17)).toBeUndefined();
    expect(o.get(35)).toBe('1/36');
    expect(diceRolls(parseDice('d66'))).toEqual([...o.keys()]);
  });

  it('fingers give 1 to 5, 1/5 each (the 25 pairs of a uniform matrix)', () => {
    expect([...odds('fingers').entries()]).toEqual([
      [1, '1/5'],
      [2, '1/5'],
      [3, '1/5'],
      [4, '1/5'],
      [5, '1/5'],
    ]);
  });

  it('diceRolls lists every result the distribution has, in order', () => {
    for (const t of ['d6', '2d6', '3d6-3', 'd10', 'd3', 'fingers']) expect(diceRolls(parseDice(t))).toEqual([...odds(t).keys()]);
  });
});

describe('seeded rolls', () => {
  it('d6, d66 and fingers draw exactly what the per-die rollers draw, so older games replay unchanged', () => {
    const random = seedRandom(42);
    expect(series(random, 50, (r) => rollDice(r, parseDice('d6')))).toEqual(series(random, 50, (r) => rollDie(r, 'd6')));
    expect(series(random, 50, (r) => rollDice(r, parseDice('d66')))).toEqual(series(random, 50, rollD66));
    expect(series(random, 50, (r) => rollDice(r, parseDice('fingers')))).toEqual(series(random, 50, roll1to5));
  });

  it('2d6 is two d6 drawn one after the other, summed, and the same seed gives the same rolls', () => {
    const random = seedRandom(7);
    const a = nextInt(random, 1, 6);
    const b = nextInt(a.random, 1, 6);
    const rolled = rollDice(random, parseDice('2d6+1'));
    expect(rolled.value).toBe(a.value + b.value + 1);
    expect(rolled.random).toEqual(b.random);
    expect(series(seedRandom(7), 20, (r) => rollDice(r, parseDice('3d6')))).toEqual(series(seedRandom(7), 20, (r) => rollDice(r, parseDice('3d6'))));
  });

  it('every roll is one of the results the distribution lists', () => {
    const allowed = new Set(diceRolls(parseDice('2d6')));
    for (const v of series(seedRandom(3), 500, (r) => rollDice(r, parseDice('2d6')))) expect(allowed.has(v)).toBe(true);
  });
});

describe('validate reads dice as the engine does', () => {
  it("the lint's rolls (src/content/lint/dice.ts, which may not import the engine) are the engine's, and both refuse the same expressions", () => {
    for (const t of ['d6', '2d6', '3d6+1', 'd10-2', 'd3', 'd66', 'fingers', 'rng', '20d100', ' 2D6 ']) {
      expect(diceResults(t), t).toEqual({ rolls: diceRolls(parseDice(t)) });
    }
    for (const t of ['0d6', '21d6', 'd1', 'd101', 'd6+1001', '2x6', '']) {
      expect(() => parseDice(t), t).toThrow(DiceError);
      expect(diceResults(t), t).toHaveProperty('problem');
    }
  });
});
