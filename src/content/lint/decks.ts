import { asArray, type LintCheck } from './context.js';

/** deck/count: the counts of a deck's cards add up to the deck's size. */
export const deckCounts: LintCheck = (ctx) => {
  for (const deck of ctx.ofKind('deck')) {
    const size = deck.data.size;
    if (typeof size !== 'number') continue;
    const ids = asArray(deck.data.cards).filter((c): c is string => typeof c === 'string');
    let total = 0;
    const uncounted: string[] = [];
    // A card that is missing or breaks its schema is reported already; its count is not known.
    if (ids.some((id) => !ctx.byKind.get('card')?.get(id)?.valid)) continue;
    for (const id of ids) {
      const card = ctx.byKind.get('card')!.get(id)!;
      const count = card.data.count;
      if (typeof count === 'number') total += count;
      else uncounted.push(id);
    }
    if (uncounted.length) {
      ctx.at('deck/count', deck, ['cards'], `The deck's size is ${size}, but ${uncounted.join(', ')} ${uncounted.length > 1 ? 'have' : 'has'} no count.`);
    } else if (total !== size) {
      ctx.at('deck/count', deck, ['size'], `The deck's size is ${size}, but its cards' counts add up to ${total}.`);
    }
  }
};
