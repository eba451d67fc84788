// heal: each target regains `hits` Hits, never above its starting Hits. Only units that have lost
// Hits are candidates: "gain back one lost Hit" cannot be spent on an unhurt unit.
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import { findUnit, updateUnit, unitWith } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const heal: Handler<'heal'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy, { eligible: (u) => u.hits < u.maxHits, reason: `${ctx.source}: heal ${effect.hits}` });
  if (isAsked(selected)) return selected;
  let next = selected.state;
  for (const id of selected.ids) next = updateUnit(next, id, (u) => unitWith(u, { hits: Math.min(u.maxHits, u.hits + effect.hits) }));
  const hitsLeft = Object.fromEntries(selected.ids.map((id) => [id, findUnit(next, id)!.hits]));
  return {
    state: next,
    log: [
      entry('heal', ctx.source, `Healed ${effect.hits} Hit${effect.hits === 1 ? '' : 's'}: ${names(next, selected.ids)}.`, {
        units: selected.ids,
        data: { hits: effect.hits, hitsLeft, ...choiceData(selected.choice) },
      }),
    ],
  };
};
