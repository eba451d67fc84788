// bring-in: units from other locations move to the rule's location at once. The target filter looks at units elsewhere that can reach it: within `within` Movement,
// or each unit's own Movement, as the game's `destinations` hook measures it (kind `bring-in`: the
// game says which units may leave where they are and what stops them on the way).
// With `sizeForCapacity` they count that Size for Capacity for the duration (as take-control's).
// Without a location or the hook, nobody can be brought in.
import { isAsked } from '../choices.js';
import { contextWith, ruleLocation } from '../context.js';
import { entry, type LogEntry } from '../log.js';
import { moveUnit } from '../move.js';
import { fightsFor, findUnit, updateUnit, unitWith } from '../state.js';
import { effectiveStat } from '../stats.js';
import { choiceData, names, select, turnsLeftFor, type Handler } from './common.js';

export const bringIn: Handler<'bring-in'> = (state, effect, ctx, policy) => {
  const here = ruleLocation(state, ctx);
  const reach = ctx.destinations;
  const log: LogEntry[] = [];
  if (here === null || reach === undefined) {
    return { state, log: [entry('bring-in', ctx.source, 'Bring in: no location to bring units to.', { data: { to: here, brought: [] } })] };
  }
  // The filter looks everywhere (its bindings and named choices shared), narrowed to units elsewhere within reach.
  const selected = select(state, effect.target, contextWith(ctx, { location: null }), policy, {
    reason: `${ctx.source}: bring a unit in to ${here}`,
    eligible: (u) => {
      if (u.location === null || u.location === here) return false;
      const distance = effect.within ?? effectiveStat(u, 'movement');
      return distance !== null && distance >= 1 && reach(state, u, { kind: 'bring-in', distance }).includes(here);
    },
  });
  if (isAsked(selected)) return selected;
  let next = selected.state;
  const from: Record<string, string> = {};
  for (const id of selected.ids) {
    from[id] = findUnit(next, id)!.location!;
    const step = moveUnit(next, id, here);
    next = step.state;
    log.push(...step.log);
    const size = effect.sizeForCapacity;
    if (size !== undefined) {
      next = updateUnit(next, id, (u) =>
        unitWith(u, {
          controlledBy: {
            side: fightsFor(u),
            sizeForCapacity: size.size,
            duration: size.duration,
            location: u.location,
            turnsLeft: turnsLeftFor(size.duration),
            source: ctx.source,
          },
        }),
      );
    }
  }
  const text =
    `Bring in to ${here}: ${names(next, selected.ids)}.` +
    (selected.ids.length > 0 ? ` From: ${selected.ids.map((id) => `${id} ${from[id]}`).join(', ')}.` : '');
  const data = {
    to: here,
    brought: selected.ids,
    from,
    within: effect.within ?? null,
    sizeForCapacity: effect.sizeForCapacity?.size ?? null,
    ...choiceData(selected.choice),
  };
  return { state: next, log: [entry('bring-in', ctx.source, text, { units: selected.ids, data }), ...log] };
};
