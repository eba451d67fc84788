// destroy: the targets are destroyed outright, whatever Hits they have left.
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import { findUnit, updateUnits, unitWith } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const destroy: Handler<'destroy'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  next = updateUnits(next, selected.ids, (u) => unitWith(u, { destroyed: true }));
  return {
    state: next,
    log: [
      entry('destroy', ctx.source, `Destroyed: ${names(next, selected.ids)}.`, {
        units: selected.ids,
        data: { destroyed: selected.ids, ...choiceData(selected.choice) },
      }),
    ],
    events: selected.ids.length > 0 ? [{ event: 'unit-destroyed', units: selected.ids, location: findUnit(next, selected.ids[0]!)!.location }] : [],
  };
};
