// VICTORY: "Occupy the 4 corner squares of the map or destroy all enemy creatures.", checked after
// every move (the scenario's victory conditions). The text has no other end, and the engine adds
// none: `simulate --max-moves` stops a game that goes on, reported unfinished.
import type { GameResult } from '../core/game.js';
import type { ArchonRules } from './content.js';
import type { ArchonState } from './state.js';

/** The result if a side has won now, checking the side whose turn it is first; else null. */
export function victoryResult(rules: ArchonRules, state: ArchonState): GameResult | null {
  const first = state.turnSide;
  const second = rules.sides[0] === first ? rules.sides[1] : rules.sides[0];
  const victory = rules.victory;
  const { squares, creatures } = state;
  // Creatures left per side (one pass, for `destroy-all-enemy`): `first` side's, the other's.
  let firstLeft = 0,
    secondLeft = 0;
  for (let i = 0; i < creatures.length; i++) {
    const c = creatures[i]!;
    if (c.hits > 0) {
      if (c.side === first) firstLeft++;
      else secondLeft++;
    }
  }
  for (let o = 0; o < 2; o++) {
    const side = o === 0 ? first : second;
    for (let k = 0; k < victory.length; k++) {
      const v = victory[k]!;
      if (v.kind === 'occupy') {
        const vs = v.squares;
        let held = 0;
        for (; held < vs.length; held++) {
          const i = squares[vs[held]!]!;
          if (i === -1 || creatures[i]!.side !== side) break;
        }
        if (held === vs.length) return { winner: side, reason: v.text, rule: v.rule };
      } else if ((o === 0 ? secondLeft : firstLeft) === 0) return { winner: side, reason: v.text, rule: v.rule };
    }
  }
  return null;
}
