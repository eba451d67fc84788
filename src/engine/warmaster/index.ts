// Warmaster played through the game loop (src/engine/core/game.ts) on the core rule interpreter:
// set-up, the six phases of each game turn (Imperial reinforcements, movement, battle; Traitor
// reinforcements, movement, battle), teleports on the D66 table, movement by Bridge control,
// battles on the odds table, hidden Traitor pieces. See docs/game-log.md; the moves:
//
//   { kind: 'place', piece, area }   set-up: the Traitor places a face-down piece (Horus, or one drawn from the cup) in a set-up area
//   { kind: 'move', unit, to }       movement: a face-up unit moves to an area within its reach
//   { kind: 'end-movement' }         movement: the side's movement phase ends
//   { kind: 'reveal', piece }        a turn's start: the side turns a face-down piece face up at will (Horus)
//   { kind: 'keep-hidden' }          a turn's start: the side leaves it face down
//   { kind: 'reroll', use }          battle: a side holding a character's re-roll uses it on the combat roll, or not
//   { kind: 'choose', ids }          a choice an effect asks of a side (units to lose, where to retreat or teleport)
import type { Game, PlayResult } from '../core/game.js';
import { warmasterRules, type WarmasterContent } from './content.js';
import { evaluateState } from './evaluate.js';
import { listMoves } from './moves.js';
import { playMove } from './play.js';
import { setupState } from './setup.js';
import type { WarmasterMove, WarmasterState } from './state.js';
import { determinize, playerView } from './view.js';

export type { WarmasterContent, WarmasterRules } from './content.js';
export { WarmasterContentError, warmasterRules } from './content.js';
export type { WarmasterMove, WarmasterState } from './state.js';
export { WARMASTER_RULES_RUN } from './rules-run.js';

export const warmasterGame: Game<WarmasterContent, WarmasterState, WarmasterMove> = {
  pack: 'warmaster',
  // The manifest's sides, read without compiling the rest (a content error is set-up's to report).
  sides: (content) => content.pack.sides.map((s) => s.id),
  setup(content, seed, options) {
    return setupState(warmasterRules(content, options?.scenario), seed);
  },
  legalMoves(content, state) {
    return listMoves(warmasterRules(content, state.scenario), state);
  },
  play(content, state, move): PlayResult<WarmasterState> {
    return playMove(warmasterRules(content, state.scenario), state, move);
  },
  // The Traitor's face-down pieces (view.ts).
  playerView(content, state, side) {
    return playerView(warmasterRules(content, state.scenario), state, side);
  },
  determinize(content, view, side, random) {
    return determinize(warmasterRules(content, view.scenario), view, side, random);
  },
  evaluate(content, state, side) {
    if (state.result) return state.result.winner === side ? Infinity : state.result.winner === null ? 0 : -Infinity;
    // The leaders' danger and safety, material, the Bridge and areas held (evaluate.ts).
    return evaluateState(warmasterRules(content, state.scenario), state, side);
  },
};

/** The game, by the name every game module exports it under (pack.yaml's `game.module` names this module). */
export const game = warmasterGame;
