// Dice expressions any table may name: `d6`, `2d6`, `3d6+1`, `d10`, `d3`, `d66` (two d6 read as tens
// and units) and `fingers` (Warchon's number from the fingers two players show: 1 to 5, each equally
// likely when the pack's matrix gives every number once in each row and column; `rng` is its older
// name). Each parses to a plain value with its exact distribution (fractions, never floats) and a
// seeded roll from the state's generator, so odds and play read the same dice. The engine counts the
// ways each result comes up; src/analysis/dice.ts turns them into exact fractions.
import { roll1to5, rollD66 } from './dice.js';
import { nextInt, type Drawn, type RandomState } from './random.js';

/** A parsed dice expression. `text` is the expression as the content writes it, normalised. */
export type Dice =
  | { readonly kind: 'sum'; readonly count: number; readonly sides: number; readonly plus: number; readonly text: string }
  | { readonly kind: 'd66'; readonly text: string }
  | { readonly kind: 'fingers'; readonly text: string };

/** One result a dice expression can give, and how many of the equally likely throws give it. */
export interface DiceWays {
  readonly roll: number;
  readonly ways: bigint;
}

/** An expression that cannot be read or rolled; the message says what is wrong and what is allowed. */
export class DiceError extends Error {}

// Bounds keep a distribution small enough to compute exactly at once (20d100 has 1,981 results).
export const MAX_DICE = 20;
export const MAX_SIDES = 100;
export const MAX_PLUS = 1000;

/** The form every expression takes, for messages and the schema's pattern. */
export const DICE_FORMS = "NdM+K (d6, 2d6, 3d6+1, d10, d3), d66 (tens and units) or fingers (1-5 from two players' fingers)";

const SUM = /^([0-9]*)d([0-9]+)(?:\s*([+-])\s*([0-9]+))?$/;

/** Parses a dice expression; a DiceError says why one cannot be read. */
export function parseDice(text: string): Dice {
  const t = text.trim().toLowerCase();
  if (t === 'd66') return { kind: 'd66', text: 'd66' };
  if (t === 'fingers' || t === 'rng') return { kind: 'fingers', text: t };
  const m = SUM.exec(t);
  if (!m) throw new DiceError(`"${text}" is not a dice expression; write ${DICE_FORMS}.`);
  const count = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const plus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  if (count < 1 || count > MAX_DICE) throw new DiceError(`"${text}" rolls ${count} dice; roll 1 to ${MAX_DICE}.`);
  if (sides < 2 || sides > MAX_SIDES) throw new DiceError(`"${text}" has dice of ${sides} sides; a die has 2 to ${MAX_SIDES} sides.`);
  if (Math.abs(plus) > MAX_PLUS) throw new DiceError(`"${text}" adds ${plus}; add at most ${MAX_PLUS} either way.`);
  const add = plus === 0 ? '' : plus > 0 ? `+${plus}` : String(plus);
  return { kind: 'sum', count, sides, plus, text: `${count === 1 ? '' : count}d${sides}${add}` };
}

/** Every result of the expression, ascending, with the number of equally likely throws giving it. */
export function diceWays(dice: Dice): DiceWays[] {
  let ways: Map<number, bigint>;
  if (dice.kind === 'd66') ways = new Map(d66Rolls().map((r) => [r, 1n]));
  else if (dice.kind === 'fingers') ways = new Map([1, 2, 3, 4, 5].map((r) => [r, 1n]));
  else ways = sumWays(dice.count, dice.sides, dice.plus);
  return [...ways.entries()].sort(([a], [b]) => a - b).map(([roll, w]) => ({ roll, ways: w }));
}

/** Every result the expression can give, ascending. */
export function diceRolls(dice: Dice): number[] {
  if (dice.kind === 'd66') return d66Rolls();
  if (dice.kind === 'fingers') return [1, 2, 3, 4, 5];
  const low = dice.count + dice.plus;
  return Array.from({ length: dice.count * (dice.sides - 1) + 1 }, (_, i) => low + i);
}

/** One roll, drawn from the state's generator (d66 and fingers draw as `rollD66` and `roll1to5` do). */
export function rollDice(random: RandomState, dice: Dice): Drawn<number> {
  if (dice.kind === 'd66') return rollD66(random);
  if (dice.kind === 'fingers') return roll1to5(random);
  let current = random;
  let sum = dice.plus;
  for (let i = 0; i < dice.count; i++) {
    const drawn = nextInt(current, 1, dice.sides);
    sum += drawn.value;
    current = drawn.random;
  }
  return { value: sum, random: current };
}

/** The expression in words for a reader: "2d6 (2 to 12)", "d66 (11 to 66, both digits 1-6)". */
export function describeDice(dice: Dice): string {
  if (dice.kind === 'd66') return 'd66 (two d6 read as tens and units: 11 to 66, both digits 1-6)';
  if (dice.kind === 'fingers') return `${dice.text} (1 to 5 from the fingers two players show)`;
  const rolls = diceRolls(dice);
  return `${dice.text} (${rolls[0]} to ${rolls[rolls.length - 1]})`;
}

function d66Rolls(): number[] {
  return [1, 2, 3, 4, 5, 6].flatMap((t) => [1, 2, 3, 4, 5, 6].map((u) => t * 10 + u));
}

/** How many ways `count` dice of `sides` sides make each sum, shifted by `plus`. */
function sumWays(count: number, sides: number, plus: number): Map<number, bigint> {
  let ways: bigint[] = [1n]; // ways[s] for the sum s of the dice rolled so far (none: sum 0)
  for (let d = 0; d < count; d++) {
    const next: bigint[] = new Array<bigint>(ways.length + sides).fill(0n);
    ways.forEach((w, s) => {
      if (w === 0n) return;
      for (let face = 1; face <= sides; face++) next[s + face]! += w;
    });
    ways = next;
  }
  const out = new Map<number, bigint>();
  ways.forEach((w, s) => {
    if (w !== 0n) out.set(s + plus, w);
  });
  return out;
}
