// The state of a game of Warmaster: plain JSON. The core state holds the pieces (units and cards,
// on the ship or off it), the battle under way, destroyed areas, who controls the Bridge and the
// generator; the Warmaster fields say where the turn stands (the phase and its stage), what the cup
// holds, which pieces lie face down, and which groups wait to teleport.
import type { ChoiceAnswer, ChoiceRequest } from '../core/choices.js';
import type { GameMove, GameState } from '../core/game.js';
import type { GameEvent as RuleEvent } from '../core/rules/event.js';
import { patched, type CoreState, type Mutable } from '../core/state.js';
import type { Group } from './content.js';

/**
 * Where the game stands inside a phase (play.ts runs them in order):
 * `place` set-up placement; `turn-start`, `reveal-at-will` (the side may turn a piece face up:
 * Horus), `turn-starts` (its rules hear the turn start); `phase-start`; reinforcements: `draw`, `teleport-next`, `teleport-roll`,
 * `arrive`, `arrived`, `teleport-done`; movement:
 * `move`; battle: `battle-next`, `reveal`, `battle-start`, `round-start`, `before-result`, `roll`,
 * `reroll` (a side holding a re-roll decides), `result`, `retreats` (then result-applied), `after-result`, `battle-end`, `battle-done`; `phase-end`; `over`.
 */
export type Stage =
  | 'place'
  | 'turn-start'
  | 'reveal-at-will'
  | 'turn-starts'
  | 'phase-start'
  | 'draw'
  | 'teleport-next'
  | 'teleport-roll'
  | 'arrive'
  | 'arrived'
  | 'teleport-done'
  | 'move'
  | 'battle-next'
  | 'reveal'
  | 'battle-start'
  | 'round-start'
  | 'before-result'
  | 'roll'
  | 'reroll'
  | 'result'
  | 'retreats'
  | 'after-result'
  | 'battle-end'
  | 'battle-done'
  | 'phase-end'
  | 'over';

/** A group waiting off the ship: it teleports in its side's reinforcements phase of turn `turn` or later (a Failure! delays it). */
export interface Waiting extends Group {
  readonly turn: number;
}

/** A job of the interpreter (jobs.ts): an event announced, a table entry's or result's effects, a card revealed. */
export type Job =
  | { readonly kind: 'fire'; readonly event: RuleEvent }
  | { readonly kind: 'teleport-entry'; readonly entry: number; readonly side: string; readonly pieces: readonly string[] }
  | { readonly kind: 'result'; readonly code: string }
  | { readonly kind: 'reveal'; readonly piece: string; readonly area: string };

/** A choice inside effects waiting for a move: the job, the core state it started from, the answers so far, and the stage after it. */
export interface PendingChoice {
  readonly job: Job;
  readonly base: CoreState;
  readonly answers: readonly ChoiceAnswer[];
  readonly request: ChoiceRequest;
  readonly then: Stage;
}

export interface WarmasterState extends GameState {
  readonly scenario: string;
  /** The phase under way (a phase id), or null during set-up and after the end. */
  readonly phase: string | null;
  readonly stage: Stage;
  readonly core: CoreState;
  /** Piece ids in the cup, unordered (each draw is a random pick). */
  readonly cup: readonly string[];
  /**
   * What each hidden piece is (piece id -> record): the cup's, those still to place and those face
   * down on the ship. The core holds such a piece without a record, so none of its rules is in play
   * until it is revealed (reveal.ts); a player view keeps only what its side may know (view.ts).
   */
  readonly identities: { readonly [piece: string]: string };
  /** Pieces still to place at set-up. */
  readonly unplaced: readonly string[];
  /** The hidden pieces dealt to be placed at set-up (known to be those pieces, not which is which: view.ts). */
  readonly setupPieces: readonly string[];
  /** Groups off the ship waiting to teleport, in order. */
  readonly waiting: readonly Waiting[];
  /** The reinforcements phase's groups still to teleport, the first teleporting now. */
  readonly teleports: readonly Group[];
  /** Where the group teleporting now arrives (a Success! or a chosen area). */
  readonly arrival: string | null;
  /** Units that moved in this movement phase. */
  readonly moved: readonly string[];
  /** Areas this phase's side moved into while the enemy held them: its battle phase fights there, in the order it fights them (its `battleOrder`). */
  readonly battles: readonly string[];
  /** The area whose face-down pieces are being turned face up outside a battle (a unit arrived there beside the enemy: ruling standard-face-down-pieces). */
  readonly revealing: string | null;
  /** The combat result (its code) of the battle round under way. */
  readonly combat: string | null;
  /** The sides asked whether to re-roll this round's combat roll (each once). */
  readonly asked: readonly string[];
  readonly pending: PendingChoice | null;
}

/** The moves (see index.ts). */
export type WarmasterMove =
  | { readonly kind: 'place'; readonly piece: string; readonly area: string }
  | { readonly kind: 'move'; readonly unit: string; readonly to: string }
  | { readonly kind: 'end-movement' }
  | { readonly kind: 'reveal'; readonly piece: string }
  | { readonly kind: 'keep-hidden' }
  | { readonly kind: 'reroll'; readonly use: boolean }
  | { readonly kind: 'choose'; readonly ids: readonly string[] };

export type { GameMove };

/** A copy of the state with the fields in `patch` replaced (one object literal, one shape: see coreWith). */
export function stateWith(s: WarmasterState, patch: Partial<WarmasterState>): WarmasterState {
  const copy: Mutable<WarmasterState> = {
    random: s.random,
    active: s.active,
    turn: s.turn,
    result: s.result,
    scenario: s.scenario,
    phase: s.phase,
    stage: s.stage,
    core: s.core,
    cup: s.cup,
    identities: s.identities,
    unplaced: s.unplaced,
    setupPieces: s.setupPieces,
    waiting: s.waiting,
    teleports: s.teleports,
    arrival: s.arrival,
    moved: s.moved,
    battles: s.battles,
    revealing: s.revealing,
    combat: s.combat,
    asked: s.asked,
    pending: s.pending,
  };
  return patched(copy, patch);
}

/** A state being worked on by one `play`: its own copy, written in place, handed back when the play ends. */
export type Draft = Mutable<WarmasterState>;

export function draft(s: WarmasterState): Draft {
  return stateWith(s, {}) as Draft;
}
