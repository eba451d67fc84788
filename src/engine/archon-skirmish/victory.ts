// VICTORY: "Occupy the 4 corner squares of the map or destroy all enemy creatures.", checked after
// every move (the scenario's victory conditions), and the draw after the turn limit (ruling
// draw-after-turns).
import type { GameResult } from '../core/game.js';
import type { ArchonRules } from './content.js';
import type { ArchonState } from './state.js';

/** The result if a side has won now, checking the side whose turn it is first; else null. */
export function victoryResult(rules: ArchonRules, state: ArchonState): GameResult | null {
  const first = state.turnSide;
  const order = rules.sides[0] === first ? rules.sides : [rules.sides[1], rules.sides[0]];
  for (const side of order) {
    for (const v of rules.victory) {
      if (v.kind === 'occupy') {
        let held = 0;
        for (const sq of v.squares) {
          const i = state.squares[sq]!;
          if (i === -1 || state.creatures[i]!.side !== side) break;
          held++;
        }
        if (held === v.squares.length) return { winner: side, reason: v.text, rule: v.rule };
      } else {
        let enemies = 0;
        for (const c of state.creatures) if (c.side !== side && c.hits > 0) enemies++;
        if (enemies === 0) return { winner: side, reason: v.text, rule: v.rule };
      }
    }
  }
  return null;
}

/** The draw when the turn limit is reached with no winner. */
export function drawResult(rules: ArchonRules): GameResult {
  return { winner: null, reason: `no side has won after ${rules.drawAfterTurns} turns`, rule: 'turn/turn-sequence#/drawAfterTurns' };
}
