// move-cards: cards go from one zone to another (`state.zones`: a deck, a discard pile, a hand,
// the cup, `removed` from the game). Which cards: the trigger's card (`subject`: the cards the
// event names, as a revealed Horror card), named cards, or `count` cards from the top of the zone
// or picked by a chooser. A hand is the zone `hand:<side>`, the side named by `side`.
import type { Side } from '../../../../generated/types/common/defs.js';
import { isAsked } from '../choices.js';
import type { EffectContext } from '../context.js';
import { resolveOneSide } from '../context.js';
import { choosingSide } from '../filter.js';
import { entry } from '../log.js';
import { sampleIndices } from '../random.js';
import type { CoreState } from '../state.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

function zoneName(state: CoreState, zone: string, side: Side | undefined, ctx: EffectContext): string {
  if (zone !== 'hand') return zone;
  const whose = side !== undefined ? resolveOneSide(state, side, ctx) : ctx.owner;
  return `hand:${whose ?? 'nobody'}`;
}

export const moveCards: Handler<'move-cards'> = (state, effect, ctx, policy) => {
  const from = zoneName(state, effect.from, effect.side, ctx);
  const to = zoneName(state, effect.to, effect.side, ctx);
  const source = state.zones[from] ?? [];
  let next = state;
  let picked: string[];
  if (effect.cards === 'subject') picked = (ctx.cards ?? []).filter((c) => source.includes(c));
  else if (effect.cards !== undefined) picked = effect.cards.filter((c) => source.includes(c));
  else {
    const count = Math.min(effect.count ?? 1, source.length);
    if (effect.by === undefined || count === source.length) picked = source.slice(0, count);
    else if (effect.by === 'random') {
      const drawn = sampleIndices(next.random, source.length, count);
      next = coreWith(next, { random: drawn.random });
      picked = drawn.value.sort((a, b) => a - b).map((i) => source[i]!);
    } else {
      // A player picks among the cards, one at a time, by index into what is left.
      const side = choosingSide(state, effect.by, [], ctx);
      const pool = [...source];
      picked = [];
      for (let i = 0; i < count; i++) {
        const index = policy.chooseOption(state, { side, options: pool, reason: `${ctx.source}: a card from ${from}` });
        if (isAsked(index)) return index;
        if (!Number.isInteger(index) || index < 0 || index >= pool.length)
          throw new Error(`The policy must pick a card index from 0 to ${pool.length - 1} (${ctx.source}); it picked ${index}.`);
        picked.push(pool.splice(index, 1)[0]!);
      }
    }
  }
  // One copy per id picked, the first found from the top.
  const left = [...source];
  for (const card of picked) left.splice(left.indexOf(card), 1);
  const zones = { ...next.zones, [from]: left, [to]: [...(next.zones[to] ?? []), ...picked] };
  return {
    state: coreWith(next, { zones }),
    log: [
      entry('move-cards', ctx.source, `${picked.length === 0 ? 'No card' : picked.join(', ')} ${picked.length === 1 ? 'goes' : 'go'} from ${from} to ${to}.`, {
        data: { cards: picked, from, to },
      }),
    ],
  };
};
