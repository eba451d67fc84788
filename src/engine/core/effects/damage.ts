// damage: each target loses `hits` Hits, never going below 0; a unit left with 0 is destroyed.
import { entry } from '../log.js';
import { findUnit, updateUnit } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const damage: Handler<'damage'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  let next = selected.state;
  const destroyed: string[] = [];
  for (const id of selected.ids) {
    next = updateUnit(next, id, (u) => {
      const hits = Math.max(0, u.hits - effect.hits);
      if (hits === 0) destroyed.push(id);
      return { ...u, hits, destroyed: hits === 0 };
    });
  }
  const hitsLeft = Object.fromEntries(selected.ids.map((id) => [id, findUnit(next, id)!.hits]));
  const text = `${names(next, selected.ids)} take${selected.ids.length === 1 ? 's' : ''} ${effect.hits} Hit${effect.hits === 1 ? '' : 's'}` + (destroyed.length > 0 ? `; destroyed: ${names(next, destroyed)}.` : '.');
  return { state: next, log: [entry('damage', ctx.source, text, { units: selected.ids, data: { hits: effect.hits, hitsLeft, destroyed, ...choiceData(selected.choice) } })] };
};
