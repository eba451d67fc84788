import { GENERIC_DECK_SCHEMA } from '../generic-deck.js';
import type { EffectiveRecord, Json } from '../model.js';
import { asArray, get, type LintCheck } from './context.js';

export { GENERIC_DECK_SCHEMA };

/** deck/count: the copies (or, in an older deck listing card ids, the cards' counts) add up to the deck's size. */
export const deckCounts: LintCheck = (ctx) => {
  // A generic deck (common/deck.schema.json, or a game's deck extending it as Archon Skirmish's does)
  // gives each card's copies itself: `cards: [{ card, copies }]`.
  const decks = new Set<EffectiveRecord>([...ctx.ofSchema(GENERIC_DECK_SCHEMA), ...ctx.ofKind('deck')]);
  for (const deck of decks) {
    const size = deck.data.size;
    const cards = asArray(deck.data.cards);
    if (typeof size !== 'number') continue;
    if (cards.every((c) => typeof c === 'string')) legacyCounts(ctx, deck, size, cards as string[]);
    else genericCopies(ctx, deck, size, cards);
  }
};

type Ctx = Parameters<LintCheck>[0];

function genericCopies(ctx: Ctx, deck: EffectiveRecord, size: number, cards: readonly Json[]): void {
  const copies = cards.map((c) => get(c, 'copies'));
  if (!copies.every((n) => typeof n === 'number')) return;
  const total = (copies as number[]).reduce((a, b) => a + b, 0);
  if (total !== size)
    ctx.at(
      'deck/count',
      deck,
      ['size'],
      `The deck's size is ${size}, but its cards' copies add up to ${total}.`,
      `Check each card's copies, or make the size ${total}.`,
    );
}

/** A deck listing card ids, each card giving its `count` (a designer's deck of an older shape). */
function legacyCounts(ctx: Ctx, deck: EffectiveRecord, size: number, ids: readonly string[]): void {
  let total = 0;
  const uncounted: string[] = [];
  // A card that is missing or breaks its schema is reported already; its count is not known.
  if (ids.some((id) => !ctx.byKind.get('card')?.get(id)?.valid)) return;
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
