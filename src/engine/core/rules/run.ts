// Running the interpreter for a game's procedure: an event announced (`announce`), or effects
// applied and the events they announce fired in turn (`runEffects`, `applyAndFire`). Each returns
// the new core state with an empty log and what happened. A game runs them with the answers its
// players gave so far (`attemptRun`, core/choices.ts): the run either completes, or returns the
// question it asks a side (`Asked`) and goes no further; the game offers the question's answers as
// moves and, on each answer, runs the same work again from the same saved state with one answer
// more. The entries become the game's `effect` events (`logEvents`).
//
// Most announcements fire nothing (no rule listens for that kind of event): those are short-cut
// (`quiet`) to what `fire` would do then, recompute the static rules, which statics-cache.ts skips
// in turn when nothing they read has changed. Everything here is kept by the rule set
// (rule-set.ts), made once per pack and game.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { type Asked, type AskingPolicy, type Attempt, type ChoiceAnswer, isAsked, withAnswers } from '../choices.js';
import { contextWith, type EffectContext } from '../context.js';
import { applyEffects } from '../effects/index.js';
import { type GameEvent, NO_EVENTS } from '../game.js';
import { type LogEntry, NO_ENTRIES } from '../log.js';
import { firstPolicy, type Policy } from '../policy.js';
import { type CoreState, coreWith, withoutLog } from '../state.js';
import { holds } from './condition.js';
import type { GameEvent as RuleEvent } from './event.js';
import { fire } from './fire.js';
import type { RuleSet } from './rule-set.js';
import type { RuleSource } from './ruleset.js';
import { markSettled, recomputeStaticsOf } from './statics-cache.js';

/** The state after a run (its log empty) and what happened, in order. */
export interface Ran {
  readonly core: CoreState;
  readonly log: readonly LogEntry[];
}

/**
 * Whether announcing `event` now fires nothing: no rule of the pack fires on its kind and no
 * delayed effect waits. `fire` would then only recompute the static rules, which is all the
 * runner does instead (or nothing, for a state already recomputed: statics-cache.ts).
 */
function quiet(state: CoreState, rules: RuleSet, event: RuleEvent): boolean {
  if (state.delayed.length > 0) return false;
  if (!rules.listens.has(event.event)) return true;
  // Rules that fire on this kind of event but whose condition fails now (the turn-limit draw before
  // its turn): each checks its `if` as its turn comes, and with none firing before it, nothing has
  // changed, so none fires. Only rules of a place or of the game whose condition names no bound
  // units (the trigger's subject differs by event) are judged here; any other rule is left to `fire`.
  for (const source of listenersOf(rules, event.event)) {
    // A place's rule waiting for an event `here` does not fire on one elsewhere (fire.ts passes it over too).
    if (elsewhere(source, event)) continue;
    // A unit's or trait's rule fires only for units in play that have it (Berserk: none in the demo).
    if (!heldInPlay(state, source)) continue;
    const condition = source.rule.if;
    const ctx = judgedContext(rules, source);
    if (ctx === null || condition === undefined || holds(state, condition, ctx)) return false;
  }
  return true;
}

/**
 * Whether a rule of a place or of the game waits for its event `here` (given, or a place's default)
 * and the event is not at its place (a rule of the game has none): its trigger cannot match (trigger.ts).
 */
function elsewhere(source: RuleSource, event: RuleEvent): boolean {
  const h = source.holder;
  if (!('place' in h || 'side' in h)) return false;
  const where = source.rule.when?.where ?? ('place' in h ? 'here' : 'anywhere');
  return where === 'here' && (event.location == null || event.location !== ('place' in h ? h.place : null));
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

const judged = new WeakMap<RuleSource, { readonly rules: RuleSet; readonly ctx: EffectContext | null }>();

/**
 * The context a listening rule's condition is judged in ahead of `fire` (as fire.ts instanceContext
 * makes it for a rule of a place or of the game: no unit, no subject, no named choice), or null for
 * a rule `quiet` leaves to `fire` (a unit's rule, no condition, or a condition naming bound units).
 */
function judgedContext(rules: RuleSet, source: RuleSource): EffectContext | null {
  const known = judged.get(source);
  if (known !== undefined && known.rules === rules) return known.ctx;
  const holder = source.holder;
  const condition = source.rule.if;
  const ctx =
    !('place' in holder || 'side' in holder) || condition === undefined || bindsUnits(condition)
      ? null
      : contextWith(rules.hooks, {
          owner: 'side' in holder ? holder.side : null,
          source: source.key,
          location: 'place' in holder ? holder.place : null,
          self: null,
          subject: [],
          bindings: new Map(),
        });
  judged.set(source, { rules, ctx });
  return ctx;
}

const listeners = new WeakMap<RuleSet, Map<string, readonly RuleSource[]>>();

/** The pack's rules that fire on events of this kind, in rule order. */
function listenersOf(rules: RuleSet, event: string): readonly RuleSource[] {
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
 * Whether announcing `event` on `core` would give `core` back with nothing logged: an announcement
 * that fires nothing (`quiet`), on a state already recomputed (as `announce` finds first).
 */
export function idleEvent(core: CoreState, rules: RuleSet, event: RuleEvent): boolean {
  return core.log.length === 0 && core.settled && quiet(core, rules, event);
}

/** Whether announcing an event of this kind now surely fires nothing: no rule listens for it and no delayed effect waits. */
export function quietEvent(state: CoreState, rules: RuleSet, event: string): boolean {
  return state.delayed.length === 0 && !rules.listens.has(event);
}

/**
 * What `fire` does for an event that fires nothing: the static rules recomputed (their log appended
 * to the state's). `previous`, a settled state the run started from, is compared first (statics-cache.ts).
 */
function settle(state: CoreState, rules: RuleSet, policy: AskingPolicy, previous?: CoreState): { state: CoreState; log: readonly LogEntry[] } | Asked {
  const statics = recomputeStaticsOf(state, rules, policy, previous?.settled ? previous : undefined);
  if (isAsked(statics)) return statics;
  return { state: statics.log.length === 0 ? statics.state : coreWith(statics.state, { log: [...state.log, ...statics.log] }), log: statics.log };
}

/**
 * Effects applied, then the events they announced (units destroyed...) fired in turn. The state
 * keeps its log with the new entries appended; `log` holds the new entries alone. With a policy
 * that may ask (choices.ts), the question a side is asked is returned instead.
 */
export function applyAndFire(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: Policy): Ran;
export function applyAndFire(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Ran | Asked;
export function applyAndFire(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Ran | Asked {
  const step = applyEffects(core, effects, ctx, policy);
  if (isAsked(step)) return step;
  let state = step.state;
  const log: LogEntry[] = [...step.log];
  // `fire` ends with the statics recomputed; until something changes again, a quiet event needs nothing.
  let recomputed = false;
  for (const e of step.events ?? []) {
    if (quiet(state, rules, e)) {
      if (recomputed) continue;
      const settled = settle(state, rules, policy, core);
      if (isAsked(settled)) return settled;
      state = settled.state;
      log.push(...settled.log);
    } else {
      const fired = fire(state, e, rules.rules, policy, rules.hooks);
      if (isAsked(fired)) return fired;
      state = fired.state;
      log.push(...fired.log);
    }
    recomputed = true;
  }
  return { core: state, log };
}

/** An event announced: the rules that fire on it (fire.ts), or only the statics recomputed when none can. */
export function announce(core: CoreState, rules: RuleSet, event: RuleEvent, policy: Policy): Ran;
export function announce(core: CoreState, rules: RuleSet, event: RuleEvent, policy: AskingPolicy): Ran | Asked;
export function announce(core: CoreState, rules: RuleSet, event: RuleEvent, policy: AskingPolicy): Ran | Asked {
  // Nothing fires and nothing is recomputed: the same state (still settled, as only its log may differ).
  if (idleEvent(core, rules, event)) return { core, log: NO_ENTRIES };
  const start = withoutLog(core);
  if (quiet(core, rules, event)) {
    if (core.settled) return { core: start === core ? core : markSettled(start), log: NO_ENTRIES };
    const settled = settle(start, rules, policy);
    if (isAsked(settled)) return settled;
    return { core: withoutLog(settled.state), log: settled.log };
  }
  const fired = fire(start, event, rules.rules, policy, rules.hooks);
  if (isAsked(fired)) return fired;
  return { core: withoutLog(fired.state), log: fired.log };
}

/** Effects of a record (a card played, a table's entry) applied as `ctx`'s rule, then the events they announced fired. */
export function runEffects(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: Policy): Ran;
export function runEffects(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Ran | Asked;
export function runEffects(core: CoreState, rules: RuleSet, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy): Ran | Asked {
  const done = applyAndFire(withoutLog(core), rules, effects, ctx, policy);
  if (isAsked(done)) return done;
  return { core: withoutLog(done.core), log: done.log };
}

/** The context a record's effects run in: the game's hooks, whose rule it is, where. */
export function effectContext(
  rules: RuleSet,
  rule: { readonly owner: string | null; readonly source: string; readonly location?: string | null },
): EffectContext {
  return contextWith(rules.hooks, { owner: rule.owner, source: rule.source, location: rule.location ?? null, bindings: new Map() });
}

/**
 * Runs `work` (announce, runEffects...) with the answers given so far: done with what it gave, or
 * the next question a side must answer, which the work returns as it got it (`Asked`: work that
 * runs several steps returns the first step's question before the next step). A question no side
 * can be named for is the rules' own and gets the first candidate (firstPolicy), without a move.
 */
export function attemptRun<T = Ran>(answers: readonly ChoiceAnswer[], work: (policy: AskingPolicy) => T | Asked): Attempt<T> {
  return withAnswers(answers, firstPolicy, work);
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
