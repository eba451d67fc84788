// Warchon's jobs for the core's runner (core/rules/run.ts): an event announced through `fire`, an
// event entry's effects, a combat result's effects. Each runs with the answers given so far: it
// either completes, or returns the question it asks a side, and then runs again from the same saved
// state with one answer more. The interpreter's entries become the game's `effect` events (`logEvents`).
import { type Asked, type AskingPolicy, type ChoiceAnswer, type ChoiceRequest, isAsked } from '../core/choices.js';
import type { LogEntry } from '../core/log.js';
import { holds } from '../core/rules/condition.js';
import { describeEvent } from '../core/rules/event.js';
import { announce, applyAndFire, attemptRun, quietEvent as coreQuietEvent, effectContext, idleEvent, type Ran } from '../core/rules/run.js';
import { type CoreState, withoutLog } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { warchonRuleSet } from './hooks.js';
import type { Job } from './state.js';

export { logEvents } from '../core/rules/run.js';

export type JobDone = Ran;

/** Whether running the job on `core` would give `core` back with nothing logged (core/rules/run.ts idleEvent). */
export function idleJob(core: CoreState, rules: WarchonRules, job: Job): boolean {
  return job.kind === 'fire' && idleEvent(core, warchonRuleSet(rules), job.event);
}

/** Whether announcing an event of this kind now surely fires nothing (core/rules/run.ts quietEvent). */
export function quietEvent(state: CoreState, rules: WarchonRules, event: string): boolean {
  return coreQuietEvent(state, warchonRuleSet(rules), event);
}

function run(core: CoreState, rules: WarchonRules, job: Job, policy: AskingPolicy): JobDone | Asked {
  const set = warchonRuleSet(rules);
  if (job.kind === 'fire') return announce(core, set, job.event, policy);
  const start = withoutLog(core);
  const location = core.battle?.location ?? null;
  if (job.kind === 'event-entry') {
    const entry = rules.spread.get(job.spread)?.events?.find((e) => e.number === job.number);
    if (entry === undefined)
      return {
        core: start,
        log: [
          {
            kind: 'event',
            source: `spread/${job.spread}`,
            text: `No entry ${job.number} on the events table.`,
            units: [],
            rolls: [],
            manual: false,
            data: { entry: job.number },
          },
        ],
      };
    const ctx = effectContext(set, { owner: null, source: entry.key, location: job.spread });
    const header: LogEntry = {
      kind: 'event',
      source: entry.key,
      text: `Random Event ${entry.number}: ${entry.name}.`,
      units: [],
      rolls: [],
      manual: false,
      data: { entry: entry.number, name: entry.name },
    };
    if (entry.if !== null && !holds(start, entry.if, ctx)) {
      return {
        core: start,
        log: [header, { ...header, text: `${entry.name}: its condition does not hold; nothing happens.`, data: { entry: entry.number, applies: false } }],
      };
    }
    const done = applyAndFire(start, set, entry.effects, ctx, policy);
    if (isAsked(done)) return done;
    return { core: withoutLog(done.core), log: [header, ...done.log] };
  }
  const result = rules.results[job.form]!;
  const ctx = effectContext(set, { owner: null, source: result.key, location });
  const done = applyAndFire(start, set, result.effects, ctx, policy);
  if (isAsked(done)) return done;
  return { core: withoutLog(done.core), log: done.log };
}

export type JobAttempt = { readonly done: true; readonly result: JobDone } | { readonly done: false; readonly request: ChoiceRequest };

export function attemptJob(core: CoreState, rules: WarchonRules, job: Job, answers: readonly ChoiceAnswer[]): JobAttempt {
  const attempt = attemptRun(answers, (policy) => run(core, rules, job, policy));
  return attempt.done ? { done: true, result: attempt.value } : { done: false, request: attempt.request };
}

export function describeJob(job: Job): string {
  return job.kind === 'fire' ? describeEvent(job.event) : job.kind === 'event-entry' ? `event ${job.number} at ${job.spread}` : `result ${job.form}`;
}
