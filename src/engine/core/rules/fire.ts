// Firing rules on a game event. The game announces what happens (`fire(state, event)`); the
// interpreter answers with the rules that fire, in a defined order:
//   1. effects a `delayed` effect set up for this moment, in the order they were set up;
//   2. a replacement rule (`instead`) for the event the game announced: the first that matches,
//      in rule order; the event then does not happen (the result says `replaced`), so no other
//      rule fires on it;
//   3. every other matching rule, in rule order (then units in state order), each checking its
//      `if` again when its turn comes, as earlier rules may have changed the state.
// Effects announce events of their own (a place destroyed, units destroyed); those are fired in
// turn, first announced first, after the event that caused them. Static rules are recomputed last.
// A side asked a question (choices.ts) stops the firing: the question is returned.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import { contextWith, type EffectContext, type RuleHooks } from '../context.js';
import { applyEffects } from '../effects/index.js';
import { entry, type LogEntry } from '../log.js';
import type { Policy } from '../policy.js';
import { findUnit, type CoreState, type DelayedEffect, coreWith, withoutLog } from '../state.js';
import { holds } from './condition.js';
import { describeEvent, type GameEvent } from './event.js';
import { instancesOf, type RuleInstance, type RuleSource } from './ruleset.js';
import { recomputeStatics } from './statics.js';
import { describeTrigger, matchTrigger } from './trigger.js';

// What the core cannot know and the game gives (the map, tables, units): context.ts RuleHooks.
export type { RuleHooks } from '../context.js';

export interface Fired {
  readonly state: CoreState;
  /** Everything that happened, in order; also appended to `state.log`. */
  readonly log: readonly LogEntry[];
  /** A replacement rule fired on the announced event: the game must not carry it out. */
  readonly replaced: boolean;
}

/** Events set off by events set off by ... : past this many, the rules loop, which is a content error. */
const MAX_EVENTS = 1000;

/** The context a rule instance's effects run in. */
export function instanceContext(inst: RuleInstance, hooks: RuleHooks, subject: readonly string[], cards: readonly string[]): EffectContext {
  return contextWith(hooks, { owner: inst.owner, source: inst.id, location: inst.location, self: inst.self, subject, cards, bindings: new Map() });
}

function onceKey(state: CoreState, inst: RuleInstance): string | null {
  const once = inst.source.rule.once;
  if (once === undefined) return null;
  return once === 'game' ? inst.id : `${inst.id}@${state.turn}`;
}

/** Whether the instance may fire now: its unit still in play, `once` not spent, `if` holding. */
function mayFire(state: CoreState, inst: RuleInstance, ctx: EffectContext): boolean {
  if (inst.self !== null) {
    const unit = findUnit(state, inst.self);
    if (unit === undefined || unit.destroyed) return false;
  }
  const key = onceKey(state, inst);
  if (key !== null && state.fired.includes(key)) return false;
  const condition = inst.source.rule.if;
  return condition === undefined || holds(state, condition, ctx);
}

interface Applied {
  readonly state: CoreState;
  readonly log: readonly LogEntry[];
  readonly events: readonly GameEvent[];
}

function run(state: CoreState, effects: readonly DeepReadonly<Effect>[], ctx: EffectContext, policy: AskingPolicy, header: LogEntry): Applied | Asked {
  const step = applyEffects(withoutLog(state), effects, ctx, policy);
  if (isAsked(step)) return step;
  return { state: coreWith(step.state, { log: state.log }), log: [header, ...step.log], events: step.events ?? [] };
}

function runDelayed(state: CoreState, d: DelayedEffect, event: GameEvent, hooks: RuleHooks, policy: AskingPolicy): Applied | Asked {
  const ctx = contextWith(hooks, {
    owner: d.owner,
    source: d.source,
    location: d.location,
    self: d.self,
    subject: d.subject,
    cards: event.cards ?? [],
    bindings: new Map(Object.entries(d.bindings)),
  });
  const header = entry('trigger', d.source, `Delayed effects of ${d.source} happen (${describeTrigger(d.at)}).`, {
    units: d.subject,
    data: { event: describeEvent(event), delayed: true, instead: false },
  });
  return run(state, d.do, ctx, policy, header);
}

function runRule(state: CoreState, inst: RuleInstance, ctx: EffectContext, event: GameEvent, policy: AskingPolicy): Applied | Asked {
  const key = onceKey(state, inst);
  const marked = key !== null ? coreWith(state, { fired: [...state.fired, key] }) : state;
  const instead = inst.source.rule.instead === true;
  const header = entry('trigger', inst.id, `${inst.id} fires on ${describeEvent(event)}${instead ? ', instead of it' : ''}.`, {
    units: ctx.subject ?? [],
    data: { event: describeEvent(event), delayed: false, instead },
  });
  return run(marked, inst.source.rule.do, ctx, policy, header);
}

/** Each rule list's rules by the event they wait for, in the list's order (made once a list: a game's rule set is one list). */
const byEvent = new WeakMap<readonly RuleSource[], Map<string, readonly RuleSource[]>>();

/** The rules of `rules` whose trigger waits for `event`, in their order. */
function listening(rules: readonly RuleSource[], event: string): readonly RuleSource[] {
  let index = byEvent.get(rules);
  if (index === undefined) {
    index = new Map();
    for (const r of rules) {
      if (r.rule.when === undefined) continue;
      const list = index.get(r.rule.when.event);
      if (list === undefined) index.set(r.rule.when.event, [r]);
      else (list as RuleSource[]).push(r);
    }
    byEvent.set(rules, index);
  }
  return index.get(event) ?? [];
}

/** Whether the instance's trigger is `here` (given, or a place's default) and the event is not at its location. */
function elsewhere(inst: RuleInstance, e: GameEvent): boolean {
  const where = inst.source.rule.when!.where ?? (inst.placeRule ? 'here' : 'anywhere');
  return where === 'here' && (e.location == null || e.location !== inst.location);
}

/** The rules that fire on `event`, applied in order; see the file's comment for the order. */
export function fire(state: CoreState, event: GameEvent, rules: readonly RuleSource[], policy: Policy, hooks?: RuleHooks): Fired;
export function fire(state: CoreState, event: GameEvent, rules: readonly RuleSource[], policy: AskingPolicy, hooks?: RuleHooks): Fired | Asked;
export function fire(state: CoreState, event: GameEvent, rules: readonly RuleSource[], policy: AskingPolicy, hooks: RuleHooks = {}): Fired | Asked {
  let current = state;
  const log: LogEntry[] = [];
  let replaced = false;
  const queue: GameEvent[] = [event];
  for (let n = 0; queue.length > 0; n++) {
    if (n >= MAX_EVENTS)
      throw new Error(
        `The rules set each other off more than ${MAX_EVENTS} times from ${describeEvent(event)}; check rules that fire on the events their own effects cause.`,
      );
    const e = queue.shift()!;
    const announced = n === 0;
    const take = (applied: Applied): void => {
      current = applied.state;
      log.push(...applied.log);
      queue.push(...applied.events);
    };

    const due = current.delayed.filter(
      (d) =>
        matchTrigger(
          current,
          d.at,
          e,
          { owner: d.owner, source: d.source, location: d.location, self: d.self, placeTraits: hooks.placeTraits, controlling: hooks.controlling },
          false,
        ) !== null,
    );
    if (due.length > 0) {
      current = coreWith(current, { delayed: current.delayed.filter((d) => !due.includes(d)) });
      for (const d of due) {
        const applied = runDelayed(current, d, e, hooks, policy);
        if (isAsked(applied)) return applied;
        take(applied);
      }
    }

    // Which rules trigger is settled when the event happens; each checks its `if` when it resolves.
    // Most rules wait for another event: those are passed over before their instances and
    // contexts are made (the instances keep the rules' order, so the order of firing is the same).
    const waiting = listening(rules, e.event);
    const triggered: { inst: RuleInstance; subject: readonly string[] }[] = [];
    if (waiting.length > 0) {
      for (const inst of instancesOf(current, waiting)) {
        // A rule of another place (a trigger `here`) passed over before its context is made: what
        // matchTrigger would answer first, and the most common answer on a map of many places.
        if (elsewhere(inst, e)) continue;
        const match = matchTrigger(current, inst.source.rule.when!, e, instanceContext(inst, hooks, [], []), inst.placeRule);
        if (match !== null) triggered.push({ inst, subject: match.subject });
      }
    }
    const replacing = announced
      ? triggered.find((t) => t.inst.source.rule.instead === true && mayFire(current, t.inst, instanceContext(t.inst, hooks, t.subject, e.cards ?? [])))
      : undefined;
    if (replacing !== undefined) {
      replaced = true;
      const applied = runRule(current, replacing.inst, instanceContext(replacing.inst, hooks, replacing.subject, e.cards ?? []), e, policy);
      if (isAsked(applied)) return applied;
      take(applied);
      continue;
    }
    for (const t of triggered) {
      if (t.inst.source.rule.instead === true) continue;
      const ctx = instanceContext(t.inst, hooks, t.subject, e.cards ?? []);
      if (!mayFire(current, t.inst, ctx)) continue;
      const applied = runRule(current, t.inst, ctx, e, policy);
      if (isAsked(applied)) return applied;
      take(applied);
    }
  }
  const statics = recomputeStatics(current, rules, policy, hooks);
  if (isAsked(statics)) return statics;
  log.push(...statics.log);
  return { state: coreWith(statics.state, { log: [...state.log, ...log] }), log, replaced };
}
