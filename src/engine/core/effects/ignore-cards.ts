// ignore-cards: the targets are unaffected by these cards (the game removes such a card from play
// when it is revealed in their area); recorded as `unit.immuneTo`.
import { entry } from '../log.js';
import { updateUnit } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const ignoreCards: Handler<'ignore-cards'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  let next = selected.state;
  for (const id of selected.ids) next = updateUnit(next, id, (u) => ({ ...u, immuneTo: [...new Set([...u.immuneTo, ...effect.cards])] }));
  return {
    state: next,
    log: [entry('ignore-cards', ctx.source, `${names(next, selected.ids)} ignore ${effect.cards.join(', ')} cards.`, { units: selected.ids, data: { cards: [...effect.cards], ...choiceData(selected.choice) } })],
  };
};
