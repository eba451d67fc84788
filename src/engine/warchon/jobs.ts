// Running the interpreter for the procedure: an event announced through `fire`, an event entry's
// effects, a combat result's effects. Each runs with the answers given so far (core/choices.ts):
// it either completes, or asks a side a question, and then runs again from the same saved state
// with one answer more. The interpreter's entries become the game's `effect` events.
import { withAnswers, type ChoiceAnswer, type ChoiceRequest } from '../core/choices.js';
import { contextWith, type EffectContext } from '../core/context.js';
import { applyEffects } from '../core/effects/index.js';
import { NO_EVENTS, type GameEvent } from '../core/game.js';
import { NO_ENTRIES, type LogEntry } from '../core/log.js';
import { firstPolicy, type Policy } from '../core/policy.js';
import { holds } from '../core/rules/condition.js';
import { describeEvent, type GameEvent as RuleEvent } from '../core/rules/event.js';
import { fire } from '../core/rules/fire.js';
import type { RuleSource } from '../core/rules/ruleset.js';
import { coreWith, type CoreState, withoutLog } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';
import { markSettled, recomputeStaticsOf, wasSettled } from './statics.js';
import type { Job } from './state.js';

export interface JobDone {
  readonly core: CoreState;
  readonly log: readonly LogEntry[];
}

/**
 * Whether announcing `event` now fires nothing: no rule of the pack fires on its kind and no
 * delayed effect waits. `fire` would then only recompute the static rules, which is all the
 * procedure does instead (or nothing, for a state already recomputed: statics.ts).
 */
function quiet(state: CoreState, rules: WarchonRules, event: RuleEvent): boolean {
  if (state.delayed.length > 0) return false;
  if (!rules.listens.has(event.event)) return true;
  // Rules that fire on this kind of event but whose condition fails now (the turn-limit draw before
  // its turn): each checks its `if` as its turn comes, and with none firing before it, nothing has
  // changed, so none fires. Only rules of a place or of the game whose condition names no bound
  // units (the trigger's subject differs by event) are judged here; any other rule is left to `fire`.
  for (const source of listenersOf(rules, event.event)) {
    // A unit's or trait's rule fires only for units in play that have it (Berserk: none in the demo).
    if (!heldInPlay(state, source)) continue;
    const condition = source.rule.if;
    const ctx = judgedContext(rules, source);
    if (ctx === null || condition === undefined || holds(state, condition, ctx)) return false;
  }
  return true;
}

/** Whether a rule has a holder now: a place's or the game's always; a unit's or trait's only while a unit in play has it. */
function heldInPlay(state: CoreState, source: RuleSource): boolean {
  const h = source.holder;
  if ('record' in h) return state.units.some((u) => !u.destroyed && u.record === h.record);
  if ('trait' in h) {
    const trait = h.trait.toLowerCase();
    return state.units.some((u) => !u.destroyed && u.traits.includes(trait));
  }
  return true;
}

const judged = new WeakMap<RuleSource, EffectContext | null>();

/**
 * The context a listening rule's condition is judged in ahead of `fire` (as fire.ts instanceContext
 * makes it for a rule of a place or of the game: no unit, no subject, no named choice), or null for
 * a rule `quiet` leaves to `fire` (a unit's rule, no condition, or a condition naming bound units).
 */
function judgedContext(rules: WarchonRules, source: RuleSource): EffectContext | null {
  let ctx = judged.get(source);
  if (ctx === undefined) {
    const holder = source.holder;
    const condition = source.rule.if;
    ctx =
      !('place' in holder || 'side' in holder) || condition === undefined || bindsUnits(condition)
        ? null
        : contextWith(ruleHooks(rules), {
            owner: 'side' in holder ? holder.side : null,
            source: source.key,
            location: 'place' in holder ? holder.place : null,
            self: null,
            subject: [],
            bindings: new Map(),
          });
    judged.set(source, ctx);
  }
  return ctx;
}

const listeners = new WeakMap<WarchonRules, Map<string, readonly RuleSource[]>>();

/** The pack's rules that fire on events of this kind, in rule order. */
function listenersOf(rules: WarchonRules, event: string): readonly RuleSource[] {
  let byEvent = listeners.get(rules);
  if (byEvent === undefined) listeners.set(rules, (byEvent = new Map()));
  let found = byEvent.get(event);
  if (found === undefined) byEvent.set(event, (found = rules.rules.filter((r) => r.rule.when?.event === event)));
  return found;
}

const binds = new WeakMap<object, boolean>();

/** Whether a condition names bound units anywhere (`binding`: self, subject or a saved choice). */
function bindsUnits(condition: object): boolean {
  let found = binds.get(condition);
  if (found === undefined) binds.set(condition, (found = JSON.stringify(condition).includes('"binding"')));
  return found;
}

/**
 * Whether running the job on `core` would give `core` back with nothing logged: an announcement
 * that fires nothing (`quiet`), on a state already recomputed (as `run` finds first).
 */
export function idleJob(core: CoreState, rules: WarchonRules, job: Job): boolean {
  return job.kind === 'fire' && core.log.length === 0 && wasSettled(core) && quiet(core, rules, job.event);
}

/** Whether announcing an event of this kind now fires nothing (see `quiet`). */
export function quietEvent(state: CoreState, rules: WarchonRules, event: string): boolean {
  return state.delayed.length === 0 && !rules.listens.has(event);
}

/**
 * What `fire` does for an event that fires nothing: the static rules recomputed (their log appended
 * to the state's). `previous`, a settled state the job started from, is compared first (statics.ts).
 */
function settle(state: CoreState, rules: WarchonRules, policy: Policy, previous?: CoreState): { state: CoreState; log: readonly LogEntry[] } {
  const statics = recomputeStaticsOf(state, rules, policy, previous !== undefined && wasSettled(previous) ? previous : undefined);
  return { state: statics.log.length === 0 ? statics.state : coreWith(statics.state, { log: [...state.log, ...statics.log] }), log: statics.log };
}

/** Effects applied, then the events they announced (units destroyed...) fired in turn. */
function applyAndFire(core: CoreState, rules: WarchonRules, effects: Parameters<typeof applyEffects>[1], ctx: EffectContext, policy: Policy): JobDone {
  const step = applyEffects(core, effects, ctx, policy);
  let state = step.state;
  const log: LogEntry[] = [...step.log];
  // `fire` ends with the statics recomputed; until something changes again, a quiet event needs nothing.
  let recomputed = false;
  for (const e of step.events ?? []) {
    if (quiet(state, rules, e)) {
      if (recomputed) continue;
      const settled = settle(state, rules, policy, core);
      state = settled.state;
      log.push(...settled.log);
    } else {
      const fired = fire(state, e, rules.rules, policy, ruleHooks(rules));
      state = fired.state;
      log.push(...fired.log);
    }
    recomputed = true;
  }
  return { core: state, log };
}

function run(core: CoreState, rules: WarchonRules, job: Job, policy: Policy): JobDone {
  // Nothing fires and nothing is recomputed: the same state (still settled, as only its log may differ).
  if (idleJob(core, rules, job)) return { core, log: NO_ENTRIES };
  const hooks = ruleHooks(rules);
  const start = withoutLog(core);
  if (job.kind === 'fire') {
    if (quiet(core, rules, job.event)) {
      if (wasSettled(core)) return { core: start === core ? core : markSettled(start), log: NO_ENTRIES };
      const settled = settle(start, rules, policy);
      return { core: withoutLog(settled.state), log: settled.log };
    }
    const fired = fire(start, job.event, rules.rules, policy, hooks);
    return { core: withoutLog(fired.state), log: fired.log };
  }
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
    const ctx = contextWith(hooks, { owner: null, source: entry.key, location: job.spread, bindings: new Map() });
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
    const done = applyAndFire(start, rules, entry.effects, ctx, policy);
    return { core: withoutLog(done.core), log: [header, ...done.log] };
  }
  const result = rules.results[job.form]!;
  const ctx = contextWith(hooks, { owner: null, source: result.key, location, bindings: new Map() });
  const done = applyAndFire(start, rules, result.effects, ctx, policy);
  return { core: withoutLog(done.core), log: done.log };
}

export type JobAttempt = { readonly done: true; readonly result: JobDone } | { readonly done: false; readonly request: ChoiceRequest };

export function attemptJob(core: CoreState, rules: WarchonRules, job: Job, answers: readonly ChoiceAnswer[]): JobAttempt {
  const attempt = withAnswers(answers, firstPolicy, (policy) => run(core, rules, job, policy));
  return attempt.done ? { done: true, result: attempt.value } : { done: false, request: attempt.request };
}

/** The interpreter's entries as game events (shared and frozen when there are none). */
export function logEvents(log: readonly LogEntry[]): readonly GameEvent[] {
  if (log.length === 0) return NO_EVENTS;
  return log.map((e) => ({
    type: 'effect',
    effect: e.kind,
    rule: e.source,
    text: e.text,
    units: [...e.units],
    rolls: e.rolls.map((r) => ({ ...r })),
    data: e.data,
  }));
}

export function describeJob(job: Job): string {
  return job.kind === 'fire' ? describeEvent(job.event) : job.kind === 'event-entry' ? `event ${job.number} at ${job.spread}` : `result ${job.form}`;
}
