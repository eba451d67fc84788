// Every move the side to act may make now, by step of the turn. What a card allows is read from
// the card (type, Range, side, limitedBy, playedIn), the creature (Move, Attack, Flyer) and the
// phase (directions, cardsPerPhase, cardNumber, mayEndOnOccupied, groupMove, lineOfSight).
import { lineOfSight, squaresBetweenEmpty } from './board.js';
import type { ArchonRules, CardInfo, CreatureStats } from './content.js';
import { casterOf, castMoves, mayCast } from './spells.js';
import { bySide, type ArchonMove, type ArchonState } from './state.js';

const PASS: ArchonMove = { kind: 'pass' };

export function legalMoves(rules: ArchonRules, state: ArchonState): ArchonMove[] {
  const out: ArchonMove[] = [];
  switch (state.step) {
    case 'over':
      return out;
    case 'setup':
      placeMoves(rules, state, out);
      return out;
    case 'orders':
      // "Max hand size = 5 cards. Discard excess cards.": the player picks each card to discard.
      // Each distinct card once, in hand order.
      for (let k = 0, hand = bySide(rules.sides, state.hands, state.active); k < hand.length; k++) {
        const card = hand[k]!;
        if (!seenBefore(hand, k)) out.push(rules.interned.discard(rules.cardById.get(card)!));
      }
      return out;
    case 'save':
      saveMoves(rules, state, out);
      out.push(PASS);
      return out;
    case 'move':
      if (state.group) forwardMoves(rules, state, state.group.distance, null, state.group.moved, out);
      else phaseMoves(rules, state, 'move', out);
      out.push(PASS);
      return out;
    case 'battle':
      phaseMoves(rules, state, 'battle', out);
      out.push(PASS);
      return out;
  }
}

/** True when the card at `k` is also earlier in the hand (a loop: cheaper than indexOf on a hand of a few cards). */
function seenBefore(hand: readonly string[], k: number): boolean {
  const id = hand[k];
  for (let j = 0; j < k; j++) if (hand[j] === id) return true;
  return false;
}

/** Set-up: the next creature of the side placing goes on any empty square of its set-up zone. */
function placeMoves(rules: ArchonRules, state: ArchonState, out: ArchonMove[]): void {
  const creature = state.unplaced[state.active]![0];
  if (creature === undefined) return;
  const i = rules.instanceIndex.get(creature)!;
  for (let k = 0, squares = rules.setupSquares[state.active]!; k < squares.length; k++) {
    const sq = squares[k]!;
    if (state.squares[sq] === -1) out.push(rules.interned.place(i, sq));
  }
}

/** True when `side` may play `card` in phase `role` of its own turn (side-restricted cards, spellcasters). */
export function playableInOwnTurn(rules: ArchonRules, state: ArchonState, side: string, card: CardInfo, role: 'move' | 'battle'): boolean {
  if (!(role === 'move' ? card.ownMove : card.ownBattle)) return false;
  if (card.side !== null && card.side !== side) return false;
  return card.spell === null || mayCast(rules, state, side, card);
}

/** True when the side still has a spell card it could cast in this phase besides the phase's own type. */
export function hasOtherSpell(rules: ArchonRules, state: ArchonState, role: 'move' | 'battle'): boolean {
  const side = state.turnSide;
  const type = role === 'move' ? rules.move.cardType : rules.battle.cardType;
  for (let id_i = 0, id_a = bySide(rules.sides, state.hands, side); id_i < id_a.length; id_i++) {
    const card = rules.cardById.get(id_a[id_i]!)!;
    if (card.spell !== null && card.type !== type && playableInOwnTurn(rules, state, side, card, role)) return true;
  }
  return false;
}

function phaseMoves(rules: ArchonRules, state: ArchonState, role: 'move' | 'battle', out: ArchonMove[]): void {
  const side = state.turnSide;
  const phase = role === 'move' ? rules.move : rules.battle;
  const phaseCardsLeft = state.played < phase.cardsPerPhase;
  const hand = bySide(rules.sides, state.hands, side);
  // Whether the side's spellcaster is in play, looked up once (what `playableInOwnTurn` asks per spell card).
  let canCast: boolean | undefined;
  // The attacks open whatever the card, found once for all the Attack cards in hand.
  let attacks: number[] | undefined;
  for (let k = 0; k < hand.length; k++) {
    const id = hand[k]!;
    if (seenBefore(hand, k)) continue; // a second copy allows the same moves
    const card = rules.cardById.get(id)!;
    if (!(role === 'move' ? card.ownMove : card.ownBattle)) continue;
    if (card.side !== null && card.side !== side) continue;
    if (card.spell !== null && !(canCast ??= casterOf(rules, state, side) !== null)) continue;
    if (card.type === phase.cardType) {
      if (!phaseCardsLeft) continue;
      if (card.spell !== null) castMoves(rules, state, side, card, out);
      else if (role === 'move') {
        moveMoves(rules, state, card, out);
        forwardMoves(rules, state, card.range!, card, [], out);
      } else attackMoves(rules, card, (attacks ??= openAttacks(rules, state, hand)), out);
    } else if (card.spell !== null) castMoves(rules, state, side, card, out);
  }
}

/** The creature may use the card (UNITS TABLE NOTATION: Move and Attack are the highest card numbers it can use). */
function allowed(stats: CreatureStats, card: CardInfo): boolean {
  if (card.limitedBy === 'move') return card.range! <= stats.move;
  if (card.limitedBy === 'attack') return card.range! <= stats.attack;
  return true;
}

/** Whether a creature may go `distance` squares along `ray`: the squares passed empty unless a Flyer, the square reached empty. */
function canGo(rules: ArchonRules, squares: readonly number[], flies: boolean, ray: readonly number[], distance: number): boolean {
  const to = ray[distance - 1];
  if (to === undefined) return false;
  if (!rules.move.mayEndOnOccupied && squares[to] !== -1) return false;
  return flies || squaresBetweenEmpty(squares, ray, distance);
}

/** One creature along a line, the card's number of squares (exactly, or up to it: `cardNumber`). */
function moveMoves(rules: ArchonRules, state: ArchonState, card: CardInfo, out: ArchonMove[]): void {
  const range = card.range!;
  const least = rules.move.cardNumber === 'exact' ? range : 1;
  const mayEnd = rules.move.mayEndOnOccupied;
  const { creatures, squares } = state;
  const interned = rules.interned;
  for (let i = 0; i < creatures.length; i++) {
    const c = creatures[i]!;
    if (c.square < 0 || c.side !== state.turnSide || (c.imprisoned > 0 && rules.imprisonment.move)) continue;
    const stats = rules.instanceStats[i]!;
    if (!allowed(stats, card)) continue;
    const flies = rules.move.flyersPassThrough && stats.flyer;
    const rays = rules.board.rays[c.square]!;
    for (let si = 0, stepList = rules.moveSteps; si < stepList.length; si++) {
      const ray = rays[stepList[si]!]!;
      const last = Math.min(range, ray.length);
      if (flies) {
        // A Flyer passes over the squares between: only the squares it may end on are looked at.
        for (let d = least; d <= last; d++) if (mayEnd || squares[ray[d - 1]!] === -1) out.push(interned.move(card, i, ray[d - 1]!));
        continue;
      }
      // `canGo` for each distance in one walk along the line, which stops at the first creature.
      for (let d = 1; d <= last; d++) {
        const to = ray[d - 1]!;
        const empty = squares[to] === -1;
        if (d >= least && (mayEnd || empty)) out.push(interned.move(card, i, to));
        if (!empty) break;
      }
    }
  }
}

/**
 * Every forward step of the group move open to the side to act: each creature not yet moved (and,
 * as `groupMove` says, with Move enough) going `distance` squares forward, obeying the move rules.
 * Each is added to `out` as a move (with `card` when it starts the group); with `out` null, the
 * walk stops at the first and says whether there is one.
 */
function eachForward(
  rules: ArchonRules,
  state: ArchonState,
  distance: number,
  card: CardInfo | null,
  moved: readonly string[],
  out: ArchonMove[] | null,
): boolean {
  const { creatures, squares } = state;
  const steps = rules.forwardSteps[state.turnSide]!;
  for (let i = 0; i < creatures.length; i++) {
    const c = creatures[i]!;
    if (c.square < 0 || c.side !== state.turnSide || (c.imprisoned > 0 && rules.imprisonment.move)) continue;
    const stats = rules.instanceStats[i]!;
    if (rules.move.group.limitedByMove && stats.move < distance) continue;
    if (moved.length > 0 && moved.includes(c.id)) continue;
    const flies = rules.move.flyersPassThrough && stats.flyer;
    for (let k = 0; k < steps.length; k++) {
      const ray = rules.board.rays[c.square]![steps[k]!]!;
      if (!canGo(rules, squares, flies, ray, distance)) continue;
      if (out === null) return true;
      out.push(rules.interned.forward(card, i, ray[distance - 1]!));
    }
  }
  return false;
}

/** The group forward moves; `card` starts the group (null: a further creature of a group under way). */
function forwardMoves(rules: ArchonRules, state: ArchonState, distance: number, card: CardInfo | null, moved: readonly string[], out: ArchonMove[]): void {
  eachForward(rules, state, distance, card, moved, out);
}

/** True when a further creature of the group under way can go forward (what `forwardMoves` would list). */
export function hasForwardMove(rules: ArchonRules, state: ArchonState, distance: number, moved: readonly string[]): boolean {
  return eachForward(rules, state, distance, null, moved, null);
}

/**
 * The attacks open to the side whose turn it is, with the Attack cards of `hand`: for each of its
 * creatures free to attack and each Battle line, the first creature on the line, when it is an
 * enemy in line of sight (nothing beyond the first creature is in line of sight) within the reach
 * of some card, as flat triples [attacker, distance, target] (state indexes), in creature then
 * line order. Each card then only narrows these (attackMoves).
 */
function openAttacks(rules: ArchonRules, state: ArchonState, hand: readonly string[]): number[] {
  // How far any card reaches: the longest Range, and no further than a creature's Attack when
  // every card is limited by Attack (the walk along a line stops there).
  let longest = 0;
  let limited = true;
  for (let k = 0; k < hand.length; k++) {
    const card = rules.cardById.get(hand[k]!)!;
    if (card.type !== rules.battle.cardType || card.spell !== null) continue;
    if (card.range! > longest) longest = card.range!;
    if (card.limitedBy !== 'attack') limited = false;
  }
  const open: number[] = [];
  const { creatures, squares } = state;
  // On `squares-on-line`, the first creature on a line is always in sight (the squares between are empty).
  const touched = rules.battle.lineOfSight !== 'squares-on-line';
  for (let i = 0; i < creatures.length; i++) {
    const c = creatures[i]!;
    if (c.square < 0 || c.side !== state.turnSide || (c.imprisoned > 0 && rules.imprisonment.attack)) continue;
    const reach = limited ? Math.min(longest, rules.instanceStats[i]!.attack) : longest;
    const rays = rules.board.rays[c.square]!;
    for (let si = 0, stepList = rules.battleSteps; si < stepList.length; si++) {
      const step = stepList[si]!;
      const ray = rays[step]!;
      for (let d = 1; d <= reach && d <= ray.length; d++) {
        const there = squares[ray[d - 1]!]!;
        if (there === -1) continue;
        if (creatures[there]!.side !== c.side && (!touched || lineOfSight(rules.board, squares, c.square, step, d, rules.battle.lineOfSight)))
          open.push(i, d, there);
        break;
      }
    }
  }
  return open;
}

/** Attacks with `card`: the open attacks within its Range (`cardNumber`) by creatures that may use it. */
function attackMoves(rules: ArchonRules, card: CardInfo, open: readonly number[], out: ArchonMove[]): void {
  const range = card.range!;
  const exact = rules.battle.cardNumber === 'exact';
  for (let k = 0; k < open.length; k += 3) {
    const i = open[k]!,
      d = open[k + 1]!;
    if (d > range || (exact && d !== range) || !allowed(rules.instanceStats[i]!, card)) continue;
    out.push(rules.interned.attack(card, i, open[k + 2]!));
  }
}

/** The defender's answers to an attack: a Save card of his side, played in the opponent's Battle Phase. */
function saveMoves(rules: ArchonRules, state: ArchonState, out: ArchonMove[]): void {
  for (let k = 0, hand = bySide(rules.sides, state.hands, state.active); k < hand.length; k++) {
    if (seenBefore(hand, k)) continue; // each distinct card once
    const card = rules.cardById.get(hand[k]!)!;
    if (isSave(rules, card, state.active)) out.push(rules.interned.save(card));
  }
}

/** A card `side` may play in reply to an attack on its creature (`playedIn` opponent's battle, its side). */
export function isSave(_rules: ArchonRules, card: CardInfo, side: string): boolean {
  return card.type === 'D' && card.turn === 'opponent' && card.phases.includes('battle') && (card.side === null || card.side === side);
}
