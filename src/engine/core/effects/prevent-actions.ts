// prevent-actions: the targets may not take these actions for their next `turns` turns; counted
// down at the end of each of their own turns (see expire.ts), checked with mayAct().
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import { unitWith, updateUnit } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const preventActions: Handler<'prevent-actions'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  for (const id of selected.ids) {
    next = updateUnit(next, id, (u) =>
      unitWith(u, { prevented: [...u.prevented, { actions: [...effect.actions], turnsLeft: effect.turns, source: ctx.source }] }),
    );
  }
  return {
    state: next,
    log: [
      entry('prevent-actions', ctx.source, `${names(next, selected.ids)} may not ${effect.actions.join(' or ')} for ${effect.turns} turn(s).`, {
        units: selected.ids,
        data: { actions: [...effect.actions], turns: effect.turns, ...choiceData(selected.choice) },
      }),
    ],
  };
};
