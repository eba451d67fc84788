import { asArray, get, type LintCheck } from './context.js';

export const GENERIC_DECK_SCHEMA = 'common/deck.schema.json';

/** deck/count: the counts of a deck's cards add up to the deck's size. */
export const deckCounts: LintCheck = (ctx) => {
  // A generic deck (common/deck.schema.json) gives each card's copies itself.
  const generic = ctx.kindsWithSchema(GENERIC_DECK_SCHEMA);
  for (const deck of ctx.ofSchema(GENERIC_DECK_SCHEMA)) {
    const size = deck.data.size;
    const copies = asArray(deck.data.cards).map((c) => get(c, 'copies'));
    if (typeof size !== 'number' || !copies.every((n) => typeof n === 'number')) continue;
    const total = (copies as number[]).reduce((a, b) => a + b, 0);
    if (total !== size) ctx.at('deck/count', deck, ['size'], `The deck's size is ${size}, but its cards' copies add up to ${total}.`, `Check each card's copies, or make the size ${total}.`);
  }
  if (generic.includes('deck')) return;
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
