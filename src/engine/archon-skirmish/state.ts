// The state of a game of Archon Skirmish: plain JSON, changed by copying only what a move changes
// (the board's square list, one creature, one hand, a pile), never the whole state.
import type { GameEvent, GameMove, GameState } from '../core/game.js';
import type { Mutable } from '../core/state.js';

/** A creature of either army: on the board, not yet placed (square -1), or killed (hits 0, square -1). */
export interface CreatureState {
  /** Instance id (the creature id when the army has one of it). */
  readonly id: string;
  /** The creature record. */
  readonly creature: string;
  readonly side: string;
  /** Square index (see board.ts), or -1 off the board (not yet placed, or killed and removed). */
  readonly square: number;
  /** Hits left, 0..the creature's Hits (0: killed). */
  readonly hits: number;
  /** Own turns still imprisoned (Imprison): while above 0 it may not take the actions its spell prevents (ArchonRules.imprisonment: move, attack). */
  readonly imprisoned: number;
}

/**
 * Where the turn stands. `setup`: placing creatures on the back rows; `orders`: discarding down to
 * the hand limit; `move`, `battle`: the phases; `save`: the defender may answer an attack with a
 * Save card (the attacker's turn, but the defender acts).
 */
export type Step = 'setup' | 'orders' | 'move' | 'battle' | 'save' | 'over';

/** An attack waiting for the defender's answer (a Save, or none). */
export interface PendingAttack {
  readonly card: string;
  readonly attacker: string;
  readonly target: string;
  /** The side whose turn it is (the attacker's). */
  readonly side: string;
}

/** A group forward move under way: its card, the squares each creature moves, those moved so far. */
export interface GroupMove {
  readonly card: string;
  readonly distance: number;
  readonly moved: readonly string[];
}

export interface ArchonState extends GameState {
  readonly scenario: string;
  readonly step: Step;
  /** The side whose turn it is (`active` differs only while the defender answers an attack). */
  readonly turnSide: string;
  /** Each square's creature, as its index in `creatures`, or -1 when empty. */
  readonly squares: readonly number[];
  /** Every creature of both armies, in a fixed order (the first side's army, then the other's, as the scenario lists them). */
  readonly creatures: readonly CreatureState[];
  /** Creatures still to place, per side, in army order (set-up). */
  readonly unplaced: { readonly [side: string]: readonly string[] };
  /** The draw pile, next card first. */
  readonly deck: readonly string[];
  readonly discard: readonly string[];
  readonly hands: { readonly [side: string]: readonly string[] };
  /** Cards of the phase's own type played in this phase. */
  readonly played: number;
  readonly group: GroupMove | null;
  readonly pending: PendingAttack | null;
}

/** The moves (see docs in index.ts). */
export type ArchonMove =
  | { readonly kind: 'place'; readonly creature: string; readonly square: string }
  | { readonly kind: 'discard'; readonly card: string }
  | { readonly kind: 'move'; readonly card: string; readonly creature: string; readonly to: string }
  | { readonly kind: 'forward'; readonly card: string; readonly creature: string; readonly to: string }
  | { readonly kind: 'forward'; readonly creature: string; readonly to: string }
  | { readonly kind: 'attack'; readonly card: string; readonly creature: string; readonly target: string }
  | { readonly kind: 'save'; readonly card: string }
  | { readonly kind: 'cast'; readonly card: string; readonly creatures: readonly string[]; readonly to?: string }
  | { readonly kind: 'pass' };

export type ArchonEvent = GameEvent;

/** A state being made by one move: a fresh shallow copy whose fields are replaced (never the arrays it shares). */
export type Draft = Mutable<ArchonState>;

// Copies by object literal: V8 copies a literal of known fields many times faster than `{ ...o }`.

/** A shallow copy of the state, to replace fields of. */
export function draft(s: ArchonState): Draft {
  return {
    random: s.random,
    active: s.active,
    turn: s.turn,
    result: s.result,
    scenario: s.scenario,
    step: s.step,
    turnSide: s.turnSide,
    squares: s.squares,
    creatures: s.creatures,
    unplaced: s.unplaced,
    deck: s.deck,
    discard: s.discard,
    hands: s.hands,
    played: s.played,
    group: s.group,
    pending: s.pending,
  };
}

/** The creature with some fields changed. */
export function changed(c: CreatureState, square: number, hits: number, imprisoned: number): CreatureState {
  return { id: c.id, creature: c.creature, side: c.side, square, hits, imprisoned };
}

/** A per-side record, built the way `withSide` builds one (the same object shape, so reads of it stay monomorphic). */
export function perSide<T>(sides: readonly string[], value: (side: string) => T): { [side: string]: T } {
  const out: { [side: string]: T } = {};
  for (let i = 0; i < sides.length; i++) out[sides[i]!] = value(sides[i]!);
  return out;
}

/**
 * `record[side]` for one of the two sides. Each read site here always reads the same key, which
 * V8 serves much faster than one site reading both (as `record[side]` in a caller would).
 */
export function bySide<T>(sides: readonly [string, string], record: { readonly [side: string]: T }, side: string): T {
  return side === sides[0] ? record[sides[0]]! : record[sides[1]]!;
}

/** A per-side record with one side's value replaced. */
export function withSide<T>(sides: readonly string[], record: { readonly [side: string]: T }, side: string, value: T): { [side: string]: T } {
  const out: { [side: string]: T } = {};
  if (sides.length === 2) {
    // Two sides (every Archon game): one store per site, each always the same key, is the fast case.
    const a = sides[0]!,
      b = sides[1]!;
    out[a] = a === side ? value : record[a]!;
    out[b] = b === side ? value : record[b]!;
    return out;
  }
  for (let i = 0; i < sides.length; i++) {
    const s = sides[i]!;
    out[s] = s === side ? value : record[s]!;
  }
  return out;
}
export type { GameMove };
