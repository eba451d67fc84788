// SETUP: the state before the first turn. The deck is shuffled with the seeded generator (a logged
// random draw), each side gets the starting hand (ruling starting-hand: none), and the creatures
// wait to be placed: "Each player places one creature on each square of his back row." The zone's
// `placement` is `players-choice` (rulings light-placement, dark-placement), so placing is a move:
// the first player places his creatures one by one, in army order, each on an empty square of his
// back row he chooses, then the other player does.
import { seedRandom } from '../core/random.js';
import type { PlayResult } from '../core/game.js';
import type { ArchonRules } from './content.js';
import { drawCards, shuffle } from './deck.js';
import { perSide, type ArchonEvent, type ArchonState, type Draft } from './state.js';

export function setupState(rules: ArchonRules, seed: number): PlayResult<ArchonState> {
  const events: ArchonEvent[] = [{ type: 'setup', pack: rules.pack, scenario: rules.scenario, seed, sides: [...rules.sides], first: rules.first }];
  const shuffled = shuffle(seedRandom(seed), rules.deck);
  events.push({ type: 'draw', what: 'shuffle', pile: 'deck', rule: 'deck/common-deck', order: shuffled.cards });
  const other = rules.sides[0] === rules.first ? rules.sides[1] : rules.sides[0];
  const state: Draft = {
    random: shuffled.random,
    active: rules.first,
    turn: 0,
    result: null,
    scenario: rules.scenario,
    step: 'setup',
    turnSide: rules.first,
    squares: new Array<number>(rules.board.size).fill(-1),
    creatures: rules.instances.map((c) => ({
      id: c.id,
      creature: c.creature,
      side: c.side,
      square: -1,
      hits: rules.creatures[c.creature]!.hits,
      imprisoned: 0,
    })),
    unplaced: perSide(rules.sides, (s) => rules.armies[s]!.map((a) => a.id)),
    deck: shuffled.cards,
    discard: [],
    hands: perSide(rules.sides, (): string[] => []),
    played: 0,
    group: null,
    pending: null,
  };
  for (const side of [rules.first, other]) drawCards(rules, state, side, rules.startingHand, events);
  events.push({ type: 'phase', phase: 'setup', side: rules.first });
  return { state: state as ArchonState, events };
}
