// Playing one move, then everything it sets off up to the next choice: the turn sequence (Orders:
// draw, discard down to the hand limit; Move; Battle), an attack's rules (attack.ts), the end of a turn
// (imprisonment counted down), and the victory check after every move. A move makes one shallow
// copy of the state (a draft) and replaces only the fields and arrays it changes.
import { IllegalMove, type PlayResult } from '../core/game.js';
import { attackRules } from './attack.js';
import { byRole, type ArchonRules } from './content.js';
import { appended, drawCards, without } from './deck.js';
import { hasForwardMove, hasOtherSpell, isSave, legalMoves } from './moves.js';
import { castSpell } from './spells.js';
import { bySide, changed, draft, withSide, type ArchonEvent, type ArchonMove, type ArchonState, type CreatureState, type Draft } from './state.js';
import { victoryResult } from './victory.js';

/**
 * The legal moves last listed, and for which state and rules: a bot lists the moves of a state and
 * then plays one, so checking that move needs no second listing. One entry (a WeakMap costs more
 * than it saves at this rate); states are never changed, so the entry cannot go stale.
 */
let lastState: ArchonState | null = null;
let lastRules: ArchonRules | null = null;
let lastMoves: readonly ArchonMove[] = [];

export function listMoves(rules: ArchonRules, state: ArchonState): readonly ArchonMove[] {
  if (state === lastState && rules === lastRules) return lastMoves;
  const moves = legalMoves(rules, state);
  lastState = state;
  lastRules = rules;
  lastMoves = moves;
  return moves;
}

function sameMove(a: ArchonMove, b: ArchonMove): boolean {
  if (a === b) return true;
  // A move is plain JSON (GameMove): its fields are read by key.
  const x: { readonly [field: string]: unknown } = a,
    y: { readonly [field: string]: unknown } = b;
  if (x.kind !== y.kind) return false;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) {
    const u = x[k],
      v = y[k];
    if (Array.isArray(u) && Array.isArray(v)) {
      if (u.length !== v.length || u.some((e, i) => e !== v[i])) return false;
    } else if (u !== v) return false;
  }
  return true;
}

export function playMove(rules: ArchonRules, state: ArchonState, move: ArchonMove): PlayResult<ArchonState> {
  const legal = listMoves(rules, state);
  if (!legal.includes(move) && !legal.some((m) => sameMove(m, move))) {
    throw new IllegalMove(
      state.result ? `The game is over (${state.result.reason}).` : `${JSON.stringify(move)} is not a legal move for ${state.active} now (step ${state.step}).`,
    );
  }
  const events: ArchonEvent[] = [{ type: 'move', side: state.active, turn: state.turn, step: state.step, move: move as never }];
  const s = draft(state);
  apply(rules, s, move, events);
  return { state: s, events };
}

/** VICTORY, checked after every move that changes the board: ends the game when a side has won. */
function won(rules: ArchonRules, s: Draft, events: ArchonEvent[]): boolean {
  const result = victoryResult(rules, s);
  if (result) finish(s, result, events);
  return result !== null;
}

function finish(s: Draft, result: NonNullable<ArchonState['result']>, events: ArchonEvent[]): void {
  events.push({ type: 'end', winner: result.winner, reason: result.reason, rule: result.rule, turn: s.turn });
  s.result = result;
  s.step = 'over';
  s.group = null;
  s.pending = null;
}

function other(rules: ArchonRules, side: string): string {
  return rules.sides[0] === side ? rules.sides[1] : rules.sides[0];
}

function apply(rules: ArchonRules, s: Draft, move: ArchonMove, events: ArchonEvent[]): void {
  const names = rules.board.names;
  switch (move.kind) {
    case 'place': {
      const side = s.active;
      const sq = rules.board.index(move.square);
      const i = rules.instanceIndex.get(move.creature)!;
      const squares = s.squares.slice();
      squares[sq] = i;
      const creatures = s.creatures.slice();
      const c = creatures[i]!;
      creatures[i] = changed(c, sq, c.hits, c.imprisoned);
      s.squares = squares;
      s.creatures = creatures;
      s.unplaced = withSide(rules.sides, s.unplaced, side, s.unplaced[side]!.slice(1));
      events.push({ type: 'effect', effect: 'place', rule: rules.keys.place, creature: move.creature, square: move.square });
      if (s.unplaced[side]!.length > 0) return;
      const next = other(rules, side);
      if (s.unplaced[next]!.length > 0) {
        events.push({ type: 'phase', phase: 'setup', side: next });
        s.active = next;
        s.turnSide = next;
        return;
      }
      startTurn(rules, s, rules.first, events);
      return;
    }
    case 'discard': {
      const side = s.active;
      events.push({ type: 'effect', effect: 'discard', rule: rules.keys.discard, side, card: move.card });
      const hand = without(bySide(rules.sides, s.hands, side), move.card);
      s.hands = withSide(rules.sides, s.hands, side, hand);
      s.discard = appended(s.discard, move.card);
      if (hand.length <= rules.orders.handLimit) nextPhase(rules, s, 'orders', events);
      return;
    }
    case 'move': {
      playCard(rules, s, move.card, events, rules.keys.playMove);
      s.played++;
      relocate(rules, s, move.creature, rules.board.index(move.to), events, rules.cardById.get(move.card)!.key);
      settle(rules, s, 'move', events);
      return;
    }
    case 'forward': {
      if ('card' in move) {
        playCard(rules, s, move.card, events, rules.keys.groupForward);
        s.played++;
        s.group = { card: move.card, distance: rules.cardById.get(move.card)!.range!, moved: [] };
      }
      relocate(rules, s, move.creature, rules.board.index(move.to), events, rules.keys.groupForward);
      s.group = { card: s.group!.card, distance: s.group!.distance, moved: appended(s.group!.moved, move.creature) };
      if (won(rules, s, events)) return;
      // The group ends when no other creature can go forward (or the player passes).
      if (!hasForwardMove(rules, s, s.group.distance, s.group.moved)) {
        s.group = null;
        settle(rules, s, 'move', events);
      }
      return;
    }
    case 'attack': {
      const side = s.turnSide;
      playCard(rules, s, move.card, events, rules.keys.playAttack);
      s.played++;
      const target = s.creatures[rules.instanceIndex.get(move.target)!]!;
      const attacker = s.creatures[rules.instanceIndex.get(move.creature)!]!;
      events.push({
        type: 'effect',
        effect: 'attack',
        rule: rules.cardById.get(move.card)!.key,
        creature: move.creature,
        target: move.target,
        from: names[attacker.square]!,
        at: names[target.square]!,
      });
      const defender = target.side;
      // A Save in the defender's hand: he may answer before the damage (rulings dark-save-timing, light-save-timing).
      if (hasSave(rules, bySide(rules.sides, s.hands, defender), defender)) {
        events.push({ type: 'phase', phase: 'save', side: defender });
        s.step = 'save';
        s.active = defender;
        s.pending = { card: move.card, attacker: move.creature, target: move.target, side };
        return;
      }
      attackRules(rules, s, side, move.card, move.target, events);
      settle(rules, s, 'battle', events);
      return;
    }
    case 'save': {
      const pending = s.pending!;
      const side = s.active;
      events.push({
        type: 'effect',
        effect: 'save',
        rule: rules.cardById.get(move.card)!.key,
        side,
        card: move.card,
        attack: pending.card,
        target: pending.target,
      });
      s.hands = withSide(rules.sides, s.hands, side, without(bySide(rules.sides, s.hands, side), move.card));
      s.discard = appended(s.discard, move.card);
      resume(s, pending.side, events);
      settle(rules, s, 'battle', events);
      return;
    }
    case 'cast': {
      const card = rules.cardById.get(move.card)!;
      const role = s.step === 'move' ? 'move' : 'battle';
      playCard(rules, s, move.card, events, card.key);
      if (card.type === (role === 'move' ? rules.move.cardType : rules.battle.cardType)) s.played++;
      castSpell(rules, s, move, events);
      settle(rules, s, role, events);
      return;
    }
    case 'pass': {
      if (s.step === 'save') {
        const pending = s.pending!;
        events.push({ type: 'effect', effect: 'no-save', side: s.active, attack: pending.card, target: pending.target });
        resume(s, pending.side, events);
        attackRules(rules, s, pending.side, pending.card, pending.target, events);
        settle(rules, s, 'battle', events);
        return;
      }
      if (s.step === 'move' && s.group) {
        s.group = null;
        settle(rules, s, 'move', events);
        return;
      }
      nextPhase(rules, s, s.step as 'move' | 'battle', events);
      return;
    }
  }
}

/** True when `hand` holds a Save `side` may play. */
function hasSave(rules: ArchonRules, hand: readonly string[], side: string): boolean {
  for (let k = 0; k < hand.length; k++) if (isSave(rules, rules.cardById.get(hand[k]!)!, side)) return true;
  return false;
}

/** Back to the attacker's Battle Phase after the defender's answer. */
function resume(s: Draft, side: string, events: ArchonEvent[]): void {
  s.step = 'battle';
  s.active = side;
  s.pending = null;
  events.push({ type: 'phase', phase: 'battle', side, resumed: true });
}

/** The side whose turn it is plays (discards) `card` from its hand. */
function playCard(rules: ArchonRules, s: Draft, card: string, events: ArchonEvent[], rule: string): void {
  const side = s.turnSide;
  events.push({ type: 'effect', effect: 'play-card', rule, side, card });
  s.hands = withSide(rules.sides, s.hands, side, without(bySide(rules.sides, s.hands, side), card));
  s.discard = appended(s.discard, card);
}

function relocate(rules: ArchonRules, s: Draft, id: string, to: number, events: ArchonEvent[], rule: string): void {
  const i = rules.instanceIndex.get(id)!;
  const c = s.creatures[i]!;
  const squares = s.squares.slice();
  squares[c.square] = -1;
  squares[to] = i;
  const creatures = s.creatures.slice();
  creatures[i] = changed(c, to, c.hits, c.imprisoned);
  events.push({ type: 'effect', effect: 'move', rule, creature: id, from: rules.board.names[c.square]!, to: rules.board.names[to]! });
  s.squares = squares;
  s.creatures = creatures;
}

/**
 * After a creature moved or a card was played: the victory check ("endIf"), then the phase ends
 * by itself once nothing but passing is left to do in it.
 */
function settle(rules: ArchonRules, s: Draft, role: 'move' | 'battle', events: ArchonEvent[]): void {
  if (won(rules, s, events)) return;
  const perPhase = role === 'move' ? rules.move.cardsPerPhase : rules.battle.cardsPerPhase;
  if (s.played < perPhase || s.group) return;
  if (hasOtherSpell(rules, s, role)) return;
  nextPhase(rules, s, role, events);
}

function enterPhase(rules: ArchonRules, s: Draft, role: 'orders' | 'move' | 'battle', events: ArchonEvent[]): void {
  events.push({ type: 'phase', phase: byRole(rules.phaseIds, role), side: s.turnSide, turn: s.turn });
  s.step = role;
  s.played = 0;
  s.group = null;
  if (role !== 'orders') return;
  // ORDERS PHASE: draw, then discard down to the hand limit (the player picks: `discard` moves).
  const side = s.turnSide;
  drawCards(rules, s, side, rules.orders.draw, events);
  if (bySide(rules.sides, s.hands, side).length <= rules.orders.handLimit) nextPhase(rules, s, 'orders', events);
}

function nextPhase(rules: ArchonRules, s: Draft, from: 'orders' | 'move' | 'battle', events: ArchonEvent[]): void {
  const next = byRole(rules.phaseAfter, from);
  if (next === null) endTurn(rules, s, events);
  else enterPhase(rules, s, next, events);
}

function startTurn(rules: ArchonRules, s: Draft, side: string, events: ArchonEvent[]): void {
  s.turn++;
  s.turnSide = side;
  s.active = side;
  s.pending = null;
  events.push({ type: 'turn', turn: s.turn, side });
  enterPhase(rules, s, rules.turnPhases[0]!, events);
}

/** The end of a turn: the side's imprisoned creatures have served one of their turns; the next player's turn (the text sets no turn limit). */
function endTurn(rules: ArchonRules, s: Draft, events: ArchonEvent[]): void {
  const side = s.turnSide;
  let creatures: CreatureState[] | null = null;
  for (let i = 0; i < s.creatures.length; i++) {
    const c = s.creatures[i]!;
    if (c.side !== side || c.imprisoned === 0) continue;
    creatures ??= s.creatures.slice();
    creatures[i] = changed(c, c.square, c.hits, c.imprisoned - 1);
    events.push({
      type: 'effect',
      effect: c.imprisoned === 1 ? 'released' : 'imprisoned-turn',
      rule: rules.keys.imprisoned,
      creature: c.id,
      turnsLeft: c.imprisoned - 1,
    });
  }
  if (creatures) s.creatures = creatures;
  startTurn(rules, s, other(rules, side), events);
}
