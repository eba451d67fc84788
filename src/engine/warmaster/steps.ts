// What the stages share: running an interpreter job into the draft (or leaving its question
// pending), the pieces of a side at an area, and revealing a hidden piece's identity in the core.
import type { GameEvent } from '../core/game.js';
import { coreWith, fightsFor, type CoreState, updateUnit, unitWith } from '../core/state.js';
import { unitOf, type WarmasterRules } from './content.js';
import { attemptJob, logEvents } from './jobs.js';
import type { Draft, Job, Stage } from './state.js';

/** A stage's answer: `stop` when a side must decide now, `go` to run the next stage. */
export type Next = 'stop' | 'go';

/** Runs a job: its state taken in and the stage set to `then`, or its question left pending (asked at the next step). */
export function runJob(s: Draft, rules: WarmasterRules, job: Job, then: Stage, events: GameEvent[]): Next {
  const attempt = attemptJob(s.core, rules, job, []);
  if (!attempt.done) {
    s.pending = { job, base: s.core, answers: [], request: attempt.request, then };
    return 'go';
  }
  if (attempt.result.log.length > 0) events.push(...logEvents(attempt.result.log));
  setCore(s, attempt.result.core);
  s.stage = then;
  return 'go';
}

/** The draft's core replaced, its generator carried to the top. */
export function setCore(s: Draft, core: CoreState): void {
  s.core = core;
  s.random = core.random;
}

/** Pieces in play at `area` of `side` (face down ones included). */
export function piecesAt(core: CoreState, area: string, side: string): string[] {
  const out: string[] = [];
  for (const u of core.units) if (!u.destroyed && u.location === area && fightsFor(u) === side) out.push(u.id);
  return out;
}

/**
 * Whether an arrival at the area turns face-down pieces there face up: both sides have a piece
 * there and one lies face down ("revealed by an Imperial unit that finalizes its movement in the
 * same area"; ruling standard-face-down-pieces: a move, a teleport, or the piece teleporting in).
 */
export function revealsAt(rules: WarmasterRules, s: Draft, area: string): boolean {
  return contested(s.core, area, rules.sides) && s.core.units.some((u) => !u.destroyed && u.location === area && s.identities[u.id] !== undefined);
}

/**
 * A battle to fight in the area in this side's battle phase, put in the order that phase fights
 * them (its `battleOrder`: by area number, lowest or highest first, or as they were made).
 */
export function addBattle(rules: WarmasterRules, s: Draft, area: string): void {
  if (s.battles.includes(area)) return;
  const order = rules.battleOrder[rules.phases.find((p) => p.id === s.phase)!.side]!;
  if (order === 'arrival') {
    s.battles = [...s.battles, area];
    return;
  }
  const byNumber = rules.areas.map((a) => a.id).filter((a) => a === area || s.battles.includes(a));
  s.battles = order === 'place-number' ? byNumber : byNumber.reverse();
}

/** Whether both sides have a piece at the area. */
export function contested(core: CoreState, area: string, sides: readonly string[]): boolean {
  return sides.every((side) => piecesAt(core, area, side).length > 0);
}

/** The hidden piece turned face up: the core gets its record, name, values and traits, and its rules come into play. */
export function turnFaceUp(s: Draft, rules: WarmasterRules, piece: string): string {
  const record = s.identities[piece]!;
  const { [piece]: _, ...rest } = s.identities;
  s.identities = rest;
  const init = unitOf(rules.pieces[record]!, piece);
  setCore(
    s,
    updateUnit(s.core, piece, (u) =>
      unitWith(u, {
        record,
        name: init.name!,
        stats: Object.fromEntries(Object.entries(init.stats ?? {}).filter(([, v]) => v !== null && v !== undefined)) as { [stat: string]: number },
        traits: (init.traits ?? []).map((t) => t.toLowerCase()),
      }),
    ),
  );
  return record;
}

/** A copy of the core with the generator in force. */
export function withRandom(core: CoreState, random: CoreState['random']): CoreState {
  return core.random === random ? core : coreWith(core, { random });
}
