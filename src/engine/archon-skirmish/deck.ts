// The common deck: the seeded shuffle, drawing (reshuffling the discard pile when the deck runs
// out), and discarding. Every shuffle is a random draw and is logged with the order it made.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomState } from '../core/random.js';
import type { ArchonRules } from './content.js';
import { bySide, withSide, type ArchonEvent, type Draft } from './state.js';

/**
 * `cards` in a seeded random order, and the generator to use next: exactly
 * `sampleIndices(random, n, n)` of src/engine/core/random.ts (a Fisher-Yates shuffle drawing
 * `nextInt(i, n - 1)` for each position), with one generator for the whole shuffle instead of one
 * per draw (test/archon-deck.test.ts checks they agree).
 */
export function shuffle(random: RandomState, cards: readonly string[]): { cards: string[]; random: RandomState } {
  if (random.algorithm !== 'xoroshiro128plus') throw new Error(`Unknown random algorithm ${String(random.algorithm)}.`);
  const generator = xoroshiro128plusFromState(random.state);
  const pool = cards.slice();
  for (let i = 0; i < pool.length; i++) {
    const j = uniformInt(generator, i, pool.length - 1);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return { cards: pool, random: { algorithm: 'xoroshiro128plus', state: [...generator.getState()] } };
}

/**
 * `side` draws `count` cards (ORDERS PHASE "Draw 2 cards."). A draw from an empty deck first
 * shuffles the discard pile into a new deck ("If the deck runs out, shuffle the discard and draw
 * from it."); with both empty there is nothing to draw.
 */
export function drawCards(rules: ArchonRules, s: Draft, side: string, count: number, events: ArchonEvent[]): void {
  if (count === 0) return;
  let deck = s.deck;
  const hand = bySide(rules.sides, s.hands, side).slice();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at >= deck.length) {
      if (!rules.orders.reshuffle || s.discard.length === 0) break;
      const shuffled = shuffle(s.random, s.discard);
      s.random = shuffled.random;
      deck = shuffled.cards;
      at = 0;
      s.discard = [];
      events.push({ type: 'draw', what: 'shuffle', pile: 'discard', rule: rules.keys.reshuffle, order: deck });
    }
    const card = deck[at++]!;
    hand.push(card);
    events.push({ type: 'effect', effect: 'draw-card', rule: rules.keys.draw, side, card });
  }
  s.deck = at === 0 ? deck : deck.slice(at);
  s.hands = withSide(rules.sides, s.hands, side, hand);
}

/** `hand` without one copy of `card`. */
export function without(hand: readonly string[], card: string): string[] {
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${card} is not in the hand`);
  const out: string[] = [];
  for (let k = 0; k < hand.length; k++) if (k !== i) out.push(hand[k]!);
  return out;
}

/** `pile` with `card` on top (a new array: `slice` and `push` are several times faster than `concat`). */
export function appended(pile: readonly string[], card: string): string[] {
  const out = pile.slice();
  out.push(card);
  return out;
}
