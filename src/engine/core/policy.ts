// Decisions players make go through a Policy, so bots, tests and (later) people at a screen make
// them the same way. A policy answers questions; it never changes the game state, and the
// interpreter checks its answers. Candidates always come in state order, so a policy that picks
// "the first ones" is deterministic.
import type { CoreState } from './state.js';
import { nextInt, sampleIndices, seedRandom, type RandomState } from './random.js';

export interface UnitChoice {
  /** The side that decides, or null when no side can be named (then any answer is the rules'). */
  readonly side: string | null;
  /** Unit instance ids to pick from, in state order. */
  readonly candidates: readonly string[];
  /** How many to pick; never more than there are candidates. */
  readonly count: number;
  /** `count: any`: any number of the candidates, from none to `count` (all of them). */
  readonly anyNumber?: boolean;
  readonly reason: string;
}

export interface LocationChoice {
  readonly side: string | null;
  /** The unit that moves. */
  readonly unit: string;
  /** Where it may go, never empty. */
  readonly candidates: readonly string[];
  readonly reason: string;
}

export interface RerollChoice {
  readonly side: string;
  /** The combat result the side may re-roll. */
  readonly result: string;
}

export interface OptionChoice {
  readonly side: string | null;
  readonly options: readonly string[];
  readonly reason: string;
}

/**
 * A number a side picks (Warchon: the fingers shown to generate a number). `after`: the sides that
 * picked theirs just before, at the same time as this one (fingers shown together): this side must
 * not see those picks, one answer each, before it picks (a game's player view hides them).
 */
export interface NumberChoice {
  readonly side: string | null;
  readonly min: number;
  readonly max: number;
  readonly reason: string;
  readonly after?: readonly string[];
}

export interface Policy {
  /** Exactly `count` distinct ids from the candidates. */
  chooseUnits(state: CoreState, choice: UnitChoice): readonly string[];
  /** One of the candidates. */
  chooseLocation(state: CoreState, choice: LocationChoice): string;
  /** Whether to use a re-roll on this result. */
  useReroll(state: CoreState, choice: RerollChoice): boolean;
  /** The index of one option (which event option, which table, ...). */
  chooseOption(state: CoreState, choice: OptionChoice): number;
  /** A whole number from `min` to `max`. */
  chooseNumber(state: CoreState, choice: NumberChoice): number;
}

/** Always the first candidates, the first option and the least number; keeps every combat result (no re-roll). */
export const firstPolicy: Policy = {
  chooseUnits: (_state, choice) => choice.candidates.slice(0, choice.count),
  chooseLocation: (_state, choice) => choice.candidates[0]!,
  useReroll: () => false,
  chooseOption: () => 0,
  chooseNumber: (_state, choice) => choice.min,
};

/**
 * A policy that decides at random from its own seed. Its generator lives in the policy, not in the
 * game state, so a game's rolls are the same whoever decides; the same seed gives the same choices.
 */
export function randomPolicy(seed: number): Policy {
  let random: RandomState = seedRandom(seed);
  const draw = (min: number, max: number): number => {
    const drawn = nextInt(random, min, max);
    random = drawn.random;
    return drawn.value;
  };
  return {
    chooseUnits: (_state, choice) => {
      const drawn = sampleIndices(random, choice.candidates.length, choice.anyNumber === true ? draw(0, choice.count) : choice.count);
      random = drawn.random;
      return drawn.value.map((i) => choice.candidates[i]!);
    },
    chooseLocation: (_state, choice) => choice.candidates[draw(0, choice.candidates.length - 1)]!,
    useReroll: () => draw(0, 1) === 1,
    chooseOption: (_state, choice) => draw(0, Math.max(0, choice.options.length - 1)),
    chooseNumber: (_state, choice) => draw(choice.min, choice.max),
  };
}

/** One policy per side (a bot against a scripted test, say), with a fallback for the rest. */
export function policyBySide(bySide: { readonly [side: string]: Policy }, fallback: Policy = firstPolicy): Policy {
  const pick = (side: string | null): Policy => (side !== null ? bySide[side] : undefined) ?? fallback;
  return {
    chooseUnits: (state, choice) => pick(choice.side).chooseUnits(state, choice),
    chooseLocation: (state, choice) => pick(choice.side).chooseLocation(state, choice),
    useReroll: (state, choice) => pick(choice.side).useReroll(state, choice),
    chooseOption: (state, choice) => pick(choice.side).chooseOption(state, choice),
    chooseNumber: (state, choice) => pick(choice.side).chooseNumber(state, choice),
  };
}

/** The policy's pick, checked: `count` distinct candidates, or an error naming what was wrong. */
export function checkedUnits(picked: readonly string[], choice: UnitChoice): string[] {
  const unique = new Set(picked);
  const bad = picked.filter((id) => !choice.candidates.includes(id));
  if (bad.length > 0 || unique.size !== picked.length || (choice.anyNumber === true ? picked.length > choice.count : picked.length !== choice.count)) {
    throw new Error(
      `The policy must pick ${choice.anyNumber === true ? 'at most ' : ''}${choice.count} distinct unit(s) of ${choice.candidates.join(', ')} (${choice.reason}); it picked ${picked.join(', ') || 'none'}.`,
    );
  }
  return [...picked];
}

export function checkedLocation(picked: string, choice: LocationChoice): string {
  if (!choice.candidates.includes(picked)) {
    throw new Error(`The policy must pick one of ${choice.candidates.join(', ')} for ${choice.unit} (${choice.reason}); it picked ${picked}.`);
  }
  return picked;
}
