// retreat: each target must retreat `distance`. Each unit's retreat is announced first
// (`unit-retreats`, ctx.replace): a rule may replace it (Crew: eliminated instead). With the game's `destinations` hook the owner's
// policy picks where and the unit moves now; otherwise (or with nowhere to go) the unit keeps a
// pending retreat (`unit.retreat`) for the game to resolve by its own rules.
import { isAsked } from '../choices.js';
import { entry, type LogEntry } from '../log.js';
import { moveUnit } from '../move.js';
import { checkedLocation } from '../policy.js';
import { coreWith, fightsFor, findUnit, updateUnit, unitWith } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const retreat: Handler<'retreat'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  const log: LogEntry[] = [];
  const moved: Record<string, string> = {};
  const pending: string[] = [];
  const replaced: string[] = [];
  for (const id of selected.ids) {
    // The retreat announced first: a rule may carry out something else instead (eliminated instead of retreating).
    if (ctx.replace !== undefined) {
      const before = findUnit(next, id)!;
      const heard = ctx.replace(next, { event: 'unit-retreats', units: [id], location: before.location, side: fightsFor(before) }, policy);
      if (isAsked(heard)) return heard;
      next = coreWith(heard.state, { log: next.log });
      log.push(...heard.log);
      if (heard.replaced) {
        replaced.push(id);
        continue;
      }
    }
    next = updateUnit(next, id, (u) => unitWith(u, { retreat: { distance: effect.distance, from: u.location, source: ctx.source } }));
    const unit = findUnit(next, id)!;
    const candidates = ctx.destinations?.(next, unit, { kind: 'retreat', distance: effect.distance }) ?? [];
    if (candidates.length === 0) {
      pending.push(id);
      continue;
    }
    const choice = { side: fightsFor(unit), unit: id, candidates, reason: `${ctx.source}: retreat ${effect.distance}` };
    const answer = policy.chooseLocation(next, choice);
    if (isAsked(answer)) return answer;
    const to = checkedLocation(answer, choice);
    const step = moveUnit(next, id, to);
    next = updateUnit(step.state, id, (u) => unitWith(u, { retreat: null }));
    log.push(...step.log);
    moved[id] = to;
  }
  const text =
    `Retreat ${effect.distance}: ${names(next, selected.ids)}.` +
    (Object.keys(moved).length > 0
      ? ` Moved: ${Object.entries(moved)
          .map(([id, to]) => `${id} to ${to}`)
          .join(', ')}.`
      : '') +
    (pending.length > 0 ? ` Pending (no destination given): ${pending.join(', ')}.` : '') +
    (replaced.length > 0 ? ` Replaced by a rule: ${replaced.join(', ')}.` : '');
  return {
    state: next,
    log: [
      entry('retreat', ctx.source, text, {
        units: selected.ids,
        data: { distance: effect.distance, moved, pending, ...(replaced.length > 0 ? { replaced } : {}), ...choiceData(selected.choice) },
      }),
      ...log,
    ],
  };
};
