// take-control: the targets fight for the army `by` names until the duration ends (see
// expire.ts); `sizeForCapacity`, when given, is their Size for Capacity meanwhile.
import { isAsked } from '../choices.js';
import { resolveOneSide } from '../context.js';
import { entry } from '../log.js';
import { updateUnit, unitWith } from '../state.js';
import { choiceData, names, select, turnsLeftFor, type Handler } from './common.js';

export const takeControl: Handler<'take-control'> = (state, effect, ctx, policy) => {
  // The side is named before the pick: "by: controlling" is the same army whichever unit it takes.
  const side = resolveOneSide(state, effect.by, ctx);
  if (side === null) {
    return {
      state,
      log: [entry('take-control', ctx.source, `No single army is "${effect.by}" here: nobody takes control.`, { data: { by: effect.by, side: null } })],
    };
  }
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  for (const id of selected.ids) {
    next = updateUnit(next, id, (u) =>
      unitWith(u, {
        controlledBy: {
          side,
          sizeForCapacity: effect.sizeForCapacity ?? null,
          duration: effect.duration,
          location: u.location,
          turnsLeft: turnsLeftFor(effect.duration),
          source: ctx.source,
        },
      }),
    );
  }
  return {
    state: next,
    log: [
      entry('take-control', ctx.source, `${side} takes control of ${names(next, selected.ids)} (${effect.duration}).`, {
        units: selected.ids,
        data: { side, sizeForCapacity: effect.sizeForCapacity ?? null, duration: effect.duration, ...choiceData(selected.choice) },
      }),
    ],
  };
};
