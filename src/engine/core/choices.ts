// Players' choices inside effects as moves. The interpreter asks a policy; a game whose players
// answer by moves runs the effects with a policy that answers from the answers given so far and,
// when it runs out, returns the question instead of an answer (`Asked`). The effects stop there and
// return it, and so does every runner up to `withAnswers`, which gives it to the game. The game
// keeps the request and the answers in its state, offers the request's candidates as moves, and on
// each answer runs the same effects again from the same saved state with one answer more. Effects
// draw randomness only from the state, so a re-run makes the same draws and asks the same questions
// in the same order: pure and deterministic.
import type { JsonValue } from './log.js';
import type { LocationChoice, NumberChoice, OptionChoice, Policy, RerollChoice, UnitChoice } from './policy.js';
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
  | { readonly kind: 'reroll'; readonly side: string; readonly candidates: readonly ['yes', 'no']; readonly reason: string }
  /** A number from the candidates (`min`..`max` as strings); `after`: the sides whose numbers, picked together with this one, the last answers hold (policy.ts NumberChoice). */
  | { readonly kind: 'number'; readonly side: string; readonly candidates: readonly string[]; readonly after: readonly string[]; readonly reason: string };

/** One answer, in the request's terms: the ids picked (units, one location, one option index as a string, `yes`/`no`, one number as a string). */
export type ChoiceAnswer = readonly string[];

/** The question a policy asked instead of answering: a run that gets it stops and returns it. */
export interface Asked {
  readonly asked: ChoiceRequest;
}

/**
 * A policy that may ask instead of answering (answeringPolicy). Every function of the interpreter
 * that takes one returns its result or, having stopped there, the `Asked` it got; given a plain
 * `Policy`, which always answers, it returns its result.
 */
export interface AskingPolicy {
  chooseUnits(state: CoreState, choice: UnitChoice): readonly string[] | Asked;
  chooseLocation(state: CoreState, choice: LocationChoice): string | Asked;
  useReroll(state: CoreState, choice: RerollChoice): boolean | Asked;
  chooseOption(state: CoreState, choice: OptionChoice): number | Asked;
  chooseNumber(state: CoreState, choice: NumberChoice): number | Asked;
}

/** Whether a policy's answer, or a run's result, is a question asked instead. */
export function isAsked(value: unknown): value is Asked {
  return typeof value === 'object' && value !== null && 'asked' in value;
}

/**
 * A policy that answers the questions in order from `answers`, then asks: it returns the next
 * question (`Asked`) instead of an answer, and keeps it (`asked`). A question no side can be named
 * for (side null) is the rules' own and goes to `fallback`, without a move.
 */
class AnsweringPolicy implements AskingPolicy {
  private next = 0;
  /** The question asked, once one was. */
  asked: ChoiceRequest | null = null;

  constructor(
    private readonly answers: readonly ChoiceAnswer[],
    private readonly fallback: Policy,
  ) {}

  chooseUnits(state: CoreState, choice: UnitChoice): readonly string[] | Asked {
    if (choice.side === null) return this.fallback.chooseUnits(state, choice);
    const anyNumber = choice.anyNumber === true ? { anyNumber: true } : {};
    return this.take({ kind: 'units', side: choice.side, candidates: [...choice.candidates], count: choice.count, ...anyNumber, reason: choice.reason });
  }

  chooseLocation(state: CoreState, choice: LocationChoice): string | Asked {
    if (choice.side === null) return this.fallback.chooseLocation(state, choice);
    const answer = this.take({ kind: 'location', side: choice.side, unit: choice.unit, candidates: [...choice.candidates], reason: choice.reason });
    return isAsked(answer) ? answer : answer[0]!;
  }

  useReroll(_state: CoreState, choice: RerollChoice): boolean | Asked {
    const answer = this.take({ kind: 'reroll', side: choice.side, candidates: ['yes', 'no'], reason: `re-roll ${choice.result}?` });
    return isAsked(answer) ? answer : answer[0] === 'yes';
  }

  chooseOption(state: CoreState, choice: OptionChoice): number | Asked {
    if (choice.side === null) return this.fallback.chooseOption(state, choice);
    const answer = this.take({
      kind: 'option',
      side: choice.side,
      candidates: choice.options.map((_, i) => String(i)),
      options: [...choice.options],
      reason: choice.reason,
    });
    return isAsked(answer) ? answer : Number(answer[0]);
  }

  chooseNumber(state: CoreState, choice: NumberChoice): number | Asked {
    if (choice.side === null) return this.fallback.chooseNumber(state, choice);
    const candidates: string[] = [];
    for (let n = choice.min; n <= choice.max; n++) candidates.push(String(n));
    const answer = this.take({ kind: 'number', side: choice.side, candidates, after: [...(choice.after ?? [])], reason: choice.reason });
    return isAsked(answer) ? answer : Number(answer[0]);
  }

  private take(request: ChoiceRequest): ChoiceAnswer | Asked {
    if (this.next < this.answers.length) return this.answers[this.next++]!;
    // A run stops at its first question: one that asks again went on past it, a bug in the runner.
    if (this.asked !== null)
      throw new Error(`"${request.reason}" was asked after "${this.asked.reason}" went unanswered: a run must stop at the question it is asked.`);
    this.asked = request;
    return { asked: request };
  }
}

/** A policy that answers from `answers`, then returns the next question instead (AnsweringPolicy above). */
export function answeringPolicy(answers: readonly ChoiceAnswer[], fallback: Policy): AskingPolicy {
  return new AnsweringPolicy(answers, fallback);
}

export type Attempt<T> = { readonly done: true; readonly value: T } | { readonly done: false; readonly request: ChoiceRequest };

/** Runs `work` with the answers given; either its value, or the next question it asks (the `Asked` it returns). */
export function withAnswers<T>(answers: readonly ChoiceAnswer[], fallback: Policy, work: (policy: AskingPolicy) => T | Asked): Attempt<T> {
  const policy = new AnsweringPolicy(answers, fallback);
  const result = work(policy);
  if (isAsked(result)) return { done: false, request: result.asked };
  // The work dropped the question it was asked and went on: its value would be made without that answer.
  if (policy.asked !== null)
    throw new Error(`The run returned a result though "${policy.asked.reason}" went unanswered: it must return the question it is asked.`);
  return { done: true, value: result };
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
