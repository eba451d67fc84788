// The exact distribution of a dice expression: each result's probability as a fraction of the
// equally likely throws (2d6: 7 is 6/36 = 1/6), so the probabilities sum to exactly 1.
import { diceWays, type Dice } from '../engine/core/dice-expression.js';
import { Fraction } from './fraction.js';

export interface DiceOutcome {
  readonly roll: number;
  readonly probability: Fraction;
}

/** Every result of the dice, ascending, with its exact probability. */
export function diceDistribution(dice: Dice): DiceOutcome[] {
  const ways = diceWays(dice);
  const total = ways.reduce((sum, w) => sum + w.ways, 0n);
  return ways.map((w) => ({ roll: w.roll, probability: Fraction.of(w.ways, total) }));
}
