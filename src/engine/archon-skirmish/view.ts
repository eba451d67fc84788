// What each side of Archon Skirmish sees (issue 21, player views; docs/game-log.md "Player views").
// Hands are private to their side and the draw pile's order is hidden from both; everything else
// is open: the board, the creatures, the discard pile (the rule text prints nothing about it, and
// cards are played and discarded face up, as at a table), the Save step under way. A view keeps
// the counts (how many cards the other side holds, how many are left to draw) and marks each card
// it cannot see with UNSEEN_CARD; `determinizeView` deals the cards the side has not seen back
// into those places, shuffled with the bot's own generator.
import type { GameEvent } from '../core/game.js';
import type { RandomState } from '../core/random.js';
import type { ArchonRules } from './content.js';
import { shuffle } from './deck.js';
import { bySide, draft, withSide, type ArchonState } from './state.js';

/** A card a view does not show: no pack can have it, as card ids are lower-case words joined by hyphens. */
export const UNSEEN_CARD = '?';

/** Piles of unseen cards by length, shared by every view: states are never changed in place. */
const unseenPiles: string[][] = [];

function unseenPile(length: number): readonly string[] {
  for (let n = unseenPiles.length; n <= length; n++) unseenPiles.push(new Array<string>(n).fill(UNSEEN_CARD));
  return unseenPiles[length]!;
}

function otherSide(rules: ArchonRules, side: string): string {
  return rules.sides[0] === side ? rules.sides[1] : rules.sides[0];
}

/** `state` as `side` sees it: the other side's hand and the whole draw pile unseen, counts kept. */
export function viewFor(rules: ArchonRules, state: ArchonState, side: string): ArchonState {
  const other = otherSide(rules, side);
  const s = draft(state);
  s.hands = withSide(rules.sides, state.hands, other, unseenPile(bySide(rules.sides, state.hands, other).length));
  s.deck = unseenPile(state.deck.length);
  return s;
}

/** The deck's copies of each card, by card index, and the card ids by index (the canonical order of the unseen cards). */
interface DeckCounts {
  readonly ids: readonly string[];
  readonly copies: readonly number[];
}

const countsCache = new WeakMap<ArchonRules, DeckCounts>();

function deckCounts(rules: ArchonRules): DeckCounts {
  let counts = countsCache.get(rules);
  if (counts) return counts;
  const ids: string[] = [];
  for (const card of rules.cardById.values()) ids[card.index] = card.id;
  const copies = new Array<number>(ids.length).fill(0);
  for (const id of rules.deck) copies[rules.cardById.get(id)!.index]!++;
  counts = { ids, copies };
  countsCache.set(rules, counts);
  return counts;
}

// The copies of each card left once a discard pile is taken out, by pile: piles are never changed in
// place and every state of a turn shares one, so a greedy bot's many views count it once (by rules
// too: a card's index is its rules').
const leftCache = new WeakMap<ArchonRules, WeakMap<readonly string[], readonly number[]>>();

function leftAfterDiscard(rules: ArchonRules, discard: readonly string[]): readonly number[] {
  let byPile = leftCache.get(rules);
  if (byPile === undefined) leftCache.set(rules, (byPile = new WeakMap()));
  let left = byPile.get(discard);
  if (left !== undefined) return left;
  const counted = deckCounts(rules).copies.slice();
  for (let k = 0; k < discard.length; k++) counted[rules.cardById.get(discard[k]!)!.index]!--;
  byPile.set(discard, (left = counted));
  return left;
}

/** The deck's cards less `hand` and `discard`, in card order. */
function unseenCards(rules: ArchonRules, hand: readonly string[], discard: readonly string[]): readonly string[] {
  const { ids } = deckCounts(rules);
  const left = leftAfterDiscard(rules, discard).slice();
  for (let k = 0; k < hand.length; k++) left[rules.cardById.get(hand[k]!)!.index]!--;
  const cards: string[] = [];
  for (let i = 0; i < ids.length; i++) for (let n = 0; n < left[i]!; n++) cards.push(ids[i]!);
  return cards;
}

/**
 * A view of `side` made playable: the cards `side` has not seen (the deck's cards minus its own
 * hand and the discard pile; no card lies anywhere else) listed in card order, so the result
 * depends on the view alone, shuffled with `random` (the same Fisher-Yates shuffle as
 * core/random.ts `sampleIndices`), then dealt into the other side's hand and the draw pile.
 */
export function determinizeView(rules: ArchonRules, view: ArchonState, side: string, random: RandomState): { state: ArchonState; random: RandomState } {
  const other = otherSide(rules, side);
  const otherCount = bySide(rules.sides, view.hands, other).length;
  const unseen = unseenCards(rules, bySide(rules.sides, view.hands, side), view.discard);
  if (unseen.length !== otherCount + view.deck.length) {
    throw new Error(`Archon view of ${side}: ${unseen.length} unseen cards for ${otherCount} in hand and ${view.deck.length} in the deck.`);
  }
  const shuffled = shuffle(random, unseen);
  const s = draft(view);
  s.hands = withSide(rules.sides, view.hands, other, shuffled.cards.slice(0, otherCount));
  s.deck = shuffled.cards.slice(otherCount);
  return { state: s, random: shuffled.random };
}

/**
 * A log line as `side` sees it. The other side's draws show that a card was drawn, not which; a
 * shuffle shows how many cards, not their order; the set-up line leaves out the seed. Whether the defender may answer an attack is his
 * own business: the engine asks him only when he holds a Save, so the attacker's log leaves out the
 * Save step (its start, the defender's pass, the attack taken, the Battle Phase resumed) and shows
 * a played Save and the damage as at a table. Plays and discards are open.
 */
export function viewEventFor(event: GameEvent, side: string): GameEvent | null {
  switch (event.type) {
    case 'setup': {
      // The seed makes the game's generator, so it would tell every shuffle to come.
      const { seed: _, ...rest } = event;
      return rest;
    }
    case 'draw': {
      if (event.what !== 'shuffle') return event;
      const { order, ...rest } = event;
      return { ...rest, cards: Array.isArray(order) ? order.length : 0 };
    }
    case 'effect':
      if (event.effect === 'draw-card' && event.side !== side) {
        const { card: _, ...rest } = event;
        return rest;
      }
      if (event.effect === 'no-save' && event.side !== side) return null;
      return event;
    case 'phase':
      if (event.phase === 'save' && event.side !== side) return null;
      // The Battle Phase resumed after the Save step: the attacker's (its `side`) never stopped.
      if (event.resumed === true && event.side === side) return null;
      return event;
    case 'move': {
      const move = event.move as { readonly kind?: string } | null;
      if (event.step === 'save' && move?.kind === 'pass' && event.side !== side) return null;
      return event;
    }
    default:
      return event;
  }
}
