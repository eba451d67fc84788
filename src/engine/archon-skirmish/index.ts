// Archon Skirmish played through the game loop (src/engine/core/game.ts): set-up on the back rows,
// turns of Orders, Move and Battle, the shared deck, Saves, spells and victory, everything read
// from the pack's content. See docs/game-log.md for the log; the moves:
//
//   { kind: 'place', creature, square }          set-up: the next creature of the army onto an empty back-row square
//   { kind: 'discard', card }                     Orders: discard one card while the hand is over the limit
//   { kind: 'move', card, creature, to }          Move: a Move card moves one creature along a line
//   { kind: 'forward', card, creature, to }       Move: a Move card starts the group forward move with a first creature
//   { kind: 'forward', creature, to }             Move: a further creature of the group (pass ends the group)
//   { kind: 'attack', card, creature, target }    Battle: an Attack card; the target loses one Hit unless saved
//   { kind: 'save', card }                        the defender, right after an attack on his creature: a Save cancels it
//   { kind: 'cast', card, creatures, to? }        a spell card: exchange [a, b]; teleport [c] to; imprison [target]; heal [c]
//   { kind: 'pass' }                              end the phase (or the group move); after an attack: take the damage
import type { Game, PlayResult } from '../core/game.js';
import { archonRules, type ArchonContent } from './content.js';
import { listMoves, playMove } from './play.js';
import { setupState } from './setup.js';
import type { ArchonMove, ArchonState } from './state.js';
import { determinizeView, viewEventFor, viewFor } from './view.js';

export type { ArchonContent, ArchonRules } from './content.js';
export { ArchonContentError, archonRules } from './content.js';
export type { ArchonMove, ArchonState, CreatureState } from './state.js';
export { ARCHON_RULES_RUN } from './rules-run.js';
export { UNSEEN_CARD } from './view.js';

export const archonSkirmishGame: Game<ArchonContent, ArchonState, ArchonMove> = {
  pack: 'archon-skirmish',
  sides: (content) => archonRules(content).sides,
  setup(content, seed, options) {
    return setupState(archonRules(content, options?.scenario), seed);
  },
  legalMoves(content, state) {
    return listMoves(archonRules(content, state.scenario), state);
  },
  play(content, state, move): PlayResult<ArchonState> {
    return playMove(archonRules(content, state.scenario), state, move);
  },
  // Hands are private, the draw pile's order hidden from both (view.ts; docs/game-log.md "Player views").
  playerView(content, state, side) {
    return viewFor(archonRules(content, state.scenario), state, side);
  },
  determinize(content, view, side, random) {
    return determinizeView(archonRules(content, view.scenario), view, side, random);
  },
  viewEvent(_content, event, side, state) {
    // The other side acts in your turn only in the Save step: its pass there would tell you it holds a Save.
    if (event.type === 'play' && event.side !== side && event.side !== state.turnSide && (event.move as { kind?: string } | null)?.kind === 'pass') return null;
    return viewEventFor(event, side);
  },
  evaluate(content, state, side) {
    if (state.result) return state.result.winner === side ? Infinity : state.result.winner === null ? 0 : -Infinity;
    const rules = archonRules(content, state.scenario);
    // Hits on the board (own minus enemy), and the corners held, as a small bonus.
    let score = 0;
    for (const c of state.creatures) if (c.hits > 0) score += (c.side === side ? 1 : -1) * (c.hits + 2);
    for (const v of rules.victory) {
      if (v.kind !== 'occupy') continue;
      for (const sq of v.squares) {
        const i = state.squares[sq]!;
        if (i !== -1) score += state.creatures[i]!.side === side ? 0.5 : -0.5;
      }
    }
    return score;
  },
};

/** The game, by the name every game module exports it under (pack.yaml's `game.module` names this module). */
export const game = archonSkirmishGame;
