// Dice the three games roll, each a pure function of the generator state. The schema's `Die`
// names them; `rng` (Warchon's number from the spread's matrix and both players' fingers) is not
// rolled here: the game generates it (context.ts `generate`, effects/draw.ts).
import { nextInt, type Drawn, type RandomState } from './random.js';

/** The dice the content names (the schema's `Die`: d6, d66, rng, d3). */
export type DieName = 'd6' | 'd66' | 'rng' | 'd3';

export function rollD6(random: RandomState): Drawn<number> {
  return nextInt(random, 1, 6);
}

export function rollD3(random: RandomState): Drawn<number> {
  return nextInt(random, 1, 3);
}

/** 1 to 5, each equally likely: a `fingers` dice expression of a roll table (dice-expression.ts). */
export function roll1to5(random: RandomState): Drawn<number> {
  return nextInt(random, 1, 5);
}

/**
 * Two d6 read as tens and units (11, 12, ... 16, 21, ... 66): 36 equally likely results, never a
 * 0, 7, 8 or 9 digit. Not a number from 11 to 66, which would include 17 or 20.
 */
export function rollD66(random: RandomState): Drawn<number> {
  const tens = rollD6(random);
  const units = rollD6(tens.random);
  return { value: tens.value * 10 + units.value, random: units.random };
}

const rollers: Record<Exclude<DieName, 'rng'>, (random: RandomState) => Drawn<number>> = {
  d6: rollD6,
  d66: rollD66,
  d3: rollD3,
};

/** The dice the generator rolls alone; `rng` is the game's (generatedDie). */
export function rollDie(random: RandomState, die: DieName): Drawn<number> {
  if (generatedDie(die)) throw new Error(`The die ${die} is the game's own number, not rolled from the generator (effects/draw.ts drawNumber).`);
  const roller = rollers[die as Exclude<DieName, 'rng'>];
  if (roller === undefined) throw new Error(`Unknown die ${String(die)}; the dice are ${Object.keys(rollers).join(', ')}, rng.`);
  return roller(random);
}

/** Whether the game, not the generator, gives the die's number: `rng`, a Warchon spread's matrix read from both players' fingers. */
export function generatedDie(die: DieName): boolean {
  return die === 'rng';
}

/** Every result a die can show, each equally likely: for exact odds and range checks. */
export function dieFaces(die: DieName): number[] {
  if (die === 'd66') return [1, 2, 3, 4, 5, 6].flatMap((t) => [1, 2, 3, 4, 5, 6].map((u) => t * 10 + u));
  const max = die === 'd6' ? 6 : die === 'rng' ? 5 : 3;
  return Array.from({ length: max }, (_, i) => i + 1);
}
