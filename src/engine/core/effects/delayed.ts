// delayed: effects that happen later ("after this battle", "in the next reinforcements phase").
// They wait in `state.delayed` with what the rule knew when it set them up (its owner, location,
// self, subject and named choices) and run, once, the next time their trigger fires (rules/fire.ts).
import { describeTrigger } from '../rules/trigger.js';
import { entry } from '../log.js';
import { coreWith, type DelayedEffect } from '../state.js';
import { ruleLocation } from '../context.js';
import type { Handler } from './common.js';

export const delayed: Handler<'delayed'> = (state, effect, ctx) => {
  const waiting: DelayedEffect = {
    at: effect.at,
    do: effect.do,
    owner: ctx.owner,
    source: ctx.source,
    location: ruleLocation(state, ctx),
    self: ctx.self ?? null,
    subject: [...(ctx.subject ?? [])],
    bindings: Object.fromEntries([...(ctx.bindings ?? new Map<string, readonly string[]>())].map(([k, v]) => [k, [...v]])),
  };
  const when = describeTrigger(effect.at);
  return {
    state: coreWith(state, { delayed: [...state.delayed, waiting] }),
    log: [
      entry('delayed', ctx.source, `Set up for later (${when}): ${effect.do.map((e) => e.kind).join(', ')}.`, {
        data: { at: when, effects: effect.do.map((e) => e.kind) },
      }),
    ],
  };
};
