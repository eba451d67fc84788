// teleport: each target moves to a location the game allows (its `destinations` hook, given the
// effect's `range`), ignoring what lies between; the unit's side picks through the policy. With no
// hook or no destination the unit stays where it is.
import { isAsked } from '../choices.js';
import { entry, type LogEntry } from '../log.js';
import { moveUnit } from '../move.js';
import { checkedLocation } from '../policy.js';
import { fightsFor, findUnit } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const teleport: Handler<'teleport'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  const log: LogEntry[] = [];
  const moved: Record<string, string> = {};
  const stayed: string[] = [];
  for (const id of selected.ids) {
    const unit = findUnit(next, id)!;
    const candidates = ctx.destinations?.(next, unit, { kind: 'teleport', distance: effect.range ?? null }) ?? [];
    if (candidates.length === 0) {
      stayed.push(id);
      continue;
    }
    const choice = {
      side: fightsFor(unit),
      unit: id,
      candidates,
      reason: `${ctx.source}: teleport${effect.range !== undefined ? ` up to ${effect.range}` : ''}`,
    };
    const answer = policy.chooseLocation(next, choice);
    if (isAsked(answer)) return answer;
    const to = checkedLocation(answer, choice);
    const step = moveUnit(next, id, to);
    next = step.state;
    log.push(...step.log);
    moved[id] = to;
  }
  const text =
    `Teleport: ${names(next, selected.ids)}.` +
    (Object.keys(moved).length > 0
      ? ` Moved: ${Object.entries(moved)
          .map(([id, to]) => `${id} to ${to}`)
          .join(', ')}.`
      : '') +
    (stayed.length > 0 ? ` No destination: ${stayed.join(', ')}.` : '');
  return {
    state: next,
    log: [
      entry('teleport', ctx.source, text, { units: selected.ids, data: { range: effect.range ?? null, moved, stayed, ...choiceData(selected.choice) } }),
      ...log,
    ],
  };
};
