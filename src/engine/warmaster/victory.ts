// Victory: the scenario's conditions the engine checks. `destroy-all-enemy` (ruling
// standard-victory: "A side also wins when every enemy unit, on the ship or still to teleport, is
// destroyed"): a side wins when every unit of the other side is destroyed, wherever it is (cards
// are not units). The leaders' deaths are `manual` conditions until the data can say them.
import type { GameResult } from '../core/game.js';
import type { WarmasterRules } from './content.js';
import type { WarmasterState } from './state.js';

/** The side that has won now, or null. */
export function victory(rules: WarmasterRules, state: WarmasterState): GameResult | null {
  for (const v of rules.victory) {
    for (const side of rules.sides) {
      const enemy = rules.sides.find((x) => x !== side)!;
      const units = state.core.units.filter((u) => u.side === enemy && rules.pieces[u.record ?? state.identities[u.id] ?? '']?.kind !== 'card');
      if (units.length > 0 && units.every((u) => u.destroyed)) return { winner: side, reason: `every ${enemy} unit is destroyed`, rule: v.key };
    }
  }
  return null;
}
