// Players' choices inside effects as moves. The interpreter asks a Policy; a game whose players
// answer by moves runs the effects with a policy that answers from the answers given so far and
// throws NeedsChoice when it runs out. The game keeps the request and the answers in its state,
// offers the request's candidates as moves, and on each answer runs the same effects again from the
// same saved state with one answer more. Effects draw randomness only from the state, so a re-run
// makes the same draws and asks the same questions in the same order: pure and deterministic.
import type { JsonValue } from './log.js';
import type { Policy } from './policy.js';
import type { CoreState } from './state.js';

/** A question the effects put to a side, as plain JSON (kept in the game state). */
export type ChoiceRequest =
  | {
      readonly kind: 'units';
      readonly side: string;
      readonly candidates: readonly string[];
      readonly count: number;
      readonly anyNumber?: boolean;
      readonly reason: string;
    }
  | { readonly kind: 'location'; readonly side: string; readonly unit: string; readonly candidates: readonly string[]; readonly reason: string }
  | { readonly kind: 'option'; readonly side: string; readonly candidates: readonly string[]; readonly options?: readonly string[]; readonly reason: string }
  | { readonly kind: 'reroll'; readonly side: string; readonly candidates: readonly ['yes', 'no']; readonly reason: string };

/** One answer, in the request's terms: the ids picked (units, one location, one option index as a string, `yes`/`no`). */
export type ChoiceAnswer = readonly string[];

/** The effects need an answer nobody has given yet. */
export class NeedsChoice extends Error {
  readonly request: ChoiceRequest;
  constructor(request: ChoiceRequest) {
    // Thrown and caught inside the engine at every question: a stack trace would cost more than the rest.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`A choice is needed from ${request.side}: ${request.reason}`);
    Error.stackTraceLimit = limit;
    this.request = request;
  }
}

/**
 * A policy that answers the questions in order from `answers`, then throws NeedsChoice. A question
 * no side can be named for (side null) is the rules' own and goes to `fallback`, without a move.
 */
export function answeringPolicy(answers: readonly ChoiceAnswer[], fallback: Policy): Policy {
  let next = 0;
  const take = (request: ChoiceRequest): ChoiceAnswer => {
    if (next < answers.length) return answers[next++]!;
    throw new NeedsChoice(request);
  };
  return {
    chooseUnits(state: CoreState, choice) {
      if (choice.side === null) return fallback.chooseUnits(state, choice);
      const anyNumber = choice.anyNumber === true ? { anyNumber: true } : {};
      return take({ kind: 'units', side: choice.side, candidates: [...choice.candidates], count: choice.count, ...anyNumber, reason: choice.reason });
    },
    chooseLocation(state: CoreState, choice) {
      if (choice.side === null) return fallback.chooseLocation(state, choice);
      return take({ kind: 'location', side: choice.side, unit: choice.unit, candidates: [...choice.candidates], reason: choice.reason })[0]!;
    },
    useReroll(_state: CoreState, choice) {
      return take({ kind: 'reroll', side: choice.side, candidates: ['yes', 'no'], reason: `re-roll ${choice.result}?` })[0] === 'yes';
    },
    chooseOption(state: CoreState, choice) {
      if (choice.side === null) return fallback.chooseOption(state, choice);
      return Number(
        take({
          kind: 'option',
          side: choice.side,
          candidates: choice.options.map((_, i) => String(i)),
          options: [...choice.options],
          reason: choice.reason,
        })[0],
      );
    },
  };
}

export type Attempt<T> = { readonly done: true; readonly value: T } | { readonly done: false; readonly request: ChoiceRequest };

/** Runs `work` with the answers given; either its value, or the next question it asks. */
export function withAnswers<T>(answers: readonly ChoiceAnswer[], fallback: Policy, work: (policy: Policy) => T): Attempt<T> {
  try {
    return { done: true, value: work(answeringPolicy(answers, fallback)) };
  } catch (error) {
    if (error instanceof NeedsChoice) return { done: false, request: error.request };
    throw error;
  }
}

/**
 * Every answer a request allows, in candidate order: each pick of `count` units (combinations), or
 * for `anyNumber` each subset of them, none first; else each candidate.
 */
export function possibleAnswers(request: ChoiceRequest): ChoiceAnswer[] {
  if (request.kind === 'units' && request.anyNumber === true) {
    const subsets: ChoiceAnswer[] = [[]];
    for (let size = 1; size <= request.count; size++) subsets.push(...possibleAnswers({ ...request, anyNumber: false, count: size }));
    return subsets;
  }
  if (request.kind !== 'units' || request.count === 1) return request.candidates.map((c) => [c]);
  const out: string[][] = [];
  const pick = (from: number, chosen: string[]): void => {
    if (chosen.length === request.count) {
      out.push(chosen);
      return;
    }
    for (let i = from; i < request.candidates.length; i++) pick(i + 1, [...chosen, request.candidates[i]!]);
  };
  pick(0, []);
  return out;
}

/** Whether `answer` is one the request allows. */
export function isAnswer(request: ChoiceRequest, answer: readonly JsonValue[]): answer is ChoiceAnswer {
  if (request.kind === 'units' && request.anyNumber === true) {
    // Distinct candidates in candidate order, as many as the request allows (none included).
    const at = answer.map((id) => (typeof id === 'string' ? request.candidates.indexOf(id) : -1));
    return answer.length <= request.count && at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!));
  }
  const key = JSON.stringify(answer);
  return possibleAnswers(request).some((a) => JSON.stringify(a) === key);
}
