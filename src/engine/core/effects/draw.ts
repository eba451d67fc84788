// The number of a die for an effect (roll, modify-strength): rolled from the state's generator, or,
// for a die the game generates (`rng`: Warchon's spread matrix read from the fingers both players
// show), asked of the game's `generate` hook, which may put the question to the sides.
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import type { EffectContext } from '../context.js';
import { generatedDie, rollDie, type DieName } from '../dice.js';
import type { JsonValue } from '../log.js';
import { type CoreState, coreWith } from '../state.js';

export interface Drawn {
  readonly state: CoreState;
  readonly value: number;
  /** How the game generated it (the hook's data), or null for a roll of the generator. */
  readonly generated: { readonly text: string; readonly data: { readonly [key: string]: JsonValue } } | null;
}

/** A die's number for an effect: see the top of this file. A generated die the game gives no number for is an error naming the rule. */
export function drawNumber(state: CoreState, die: DieName, ctx: EffectContext, policy: AskingPolicy): Drawn | Asked {
  if (!generatedDie(die)) {
    const drawn = rollDie(state.random, die);
    return { state: coreWith(state, { random: drawn.random }), value: drawn.value, generated: null };
  }
  const made = ctx.generate?.(state, die, ctx, policy) ?? null;
  if (made === null)
    throw new Error(
      `${ctx.source} generates a number with the die ${die}, which this game cannot give (no \`generate\` hook for it): ${die} is Warchon's spread RNG read from both players' fingers. Use d6, d3 or d66, or a game that generates ${die}.`,
    );
  if (isAsked(made)) return made;
  return { state, value: made.value, generated: { text: made.text, data: made.data } };
}
