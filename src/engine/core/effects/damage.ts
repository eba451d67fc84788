// damage: each target loses `hits` Hits, never going below 0; a unit left with 0 is destroyed.
// It announces `unit-damaged` for the units that lost Hits, then `unit-destroyed`.
// With `distribute`, `hits` is the total: the chooser gives them one at a time to a target that
// still has Hits left, so no unit takes more than it has, and Hits beyond all of theirs are lost.
import { isAsked } from '../choices.js';
import { choosingSide } from '../filter.js';
import { checkedUnits } from '../policy.js';
import { nextInt } from '../random.js';
import { entry } from '../log.js';
import { findUnit, updateUnit, coreWith, unitWith } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const damage: Handler<'damage'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  const taken = new Map<string, number>(selected.ids.map((id) => [id, effect.distribute === undefined ? effect.hits : 0]));
  const splits: string[] = [];
  if (effect.distribute !== undefined) {
    const left = new Map(selected.ids.map((id) => [id, findUnit(next, id)!.hits]));
    for (let hit = 0; hit < effect.hits; hit++) {
      const candidates = selected.ids.filter((id) => left.get(id)! > 0);
      if (candidates.length === 0) break;
      let to: string;
      if (candidates.length === 1) to = candidates[0]!;
      else if (effect.distribute === 'random') {
        const drawn = nextInt(next.random, 0, candidates.length - 1);
        next = coreWith(next, { random: drawn.random });
        to = candidates[drawn.value]!;
      } else {
        const side = choosingSide(
          next,
          effect.distribute,
          candidates.map((id) => findUnit(next, id)!),
          ctx,
        );
        const request = { side, candidates, count: 1, reason: `${ctx.source}: Hit ${hit + 1} of ${effect.hits}` };
        const answer = policy.chooseUnits(next, request);
        if (isAsked(answer)) return answer;
        to = checkedUnits(answer, request)[0]!;
      }
      left.set(to, left.get(to)! - 1);
      taken.set(to, taken.get(to)! + 1);
      splits.push(to);
    }
  }
  const destroyed: string[] = [];
  for (const id of selected.ids) {
    const hitsTaken = taken.get(id)!;
    if (hitsTaken === 0) continue;
    next = updateUnit(next, id, (u) => {
      const hits = Math.max(0, u.hits - hitsTaken);
      if (hits === 0) destroyed.push(id);
      return unitWith(u, { hits, destroyed: hits === 0 });
    });
  }
  const hurt = selected.ids.filter((id) => taken.get(id)! > 0);
  const hitsLeft = Object.fromEntries(selected.ids.map((id) => [id, findUnit(next, id)!.hits]));
  const what =
    effect.distribute === undefined
      ? `${names(next, selected.ids)} take${selected.ids.length === 1 ? 's' : ''} ${effect.hits} Hit${effect.hits === 1 ? '' : 's'}`
      : `${effect.hits} Hit${effect.hits === 1 ? '' : 's'} split among ${names(next, selected.ids)}: ${selected.ids.map((id) => `${id} ${taken.get(id)}`).join(', ')}`;
  const text = what + (destroyed.length > 0 ? `; destroyed: ${names(next, destroyed)}.` : '.');
  const data = {
    hits: effect.hits,
    hitsLeft,
    destroyed,
    ...(effect.distribute !== undefined ? { distributedBy: effect.distribute, split: splits } : {}),
    ...choiceData(selected.choice),
  };
  return {
    state: next,
    log: [entry('damage', ctx.source, text, { units: selected.ids, data })],
    events: [
      ...(hurt.length > 0 ? [{ event: 'unit-damaged' as const, units: hurt, location: findUnit(next, hurt[0]!)!.location }] : []),
      ...(destroyed.length > 0 ? [{ event: 'unit-destroyed' as const, units: destroyed, location: findUnit(next, destroyed[0]!)!.location }] : []),
    ],
  };
};
