// choose-units: picks units and names them (`as` in the target) for the rule's later effects; it
// changes nothing by itself ("the Attacking army chooses which units will attack now").
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import { choiceData, names, select, type Handler } from './common.js';

export const chooseUnits: Handler<'choose-units'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  const as = effect.target.as ?? null;
  return {
    state: selected.state,
    log: [
      entry('choose-units', ctx.source, `Chosen${as !== null ? ` as ${as}` : ''}: ${names(selected.state, selected.ids)}.`, {
        units: selected.ids,
        data: { as, chosen: selected.ids, ...choiceData(selected.choice) },
      }),
    ],
  };
};
