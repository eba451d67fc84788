// Victory: the scenario's conditions (content.ts `Victory`), checked after every step.
// `destroy-units`: the other side wins as soon as every listed unit (the standard game: Warmaster
// Horus; the Emperor) is destroyed, in battle or otherwise; both sides' met at once is a draw.
// `turn-limit` (turnLimit, as the last phase of a turn ends): when turn `turns` has ended with no
// winner, `winner` wins. `destroy-all-enemy`: a
// side wins when every unit of the other side is destroyed, wherever it is (cards are not units).
import type { GameResult } from '../core/game.js';
import type { UnitState } from '../core/state.js';
import type { Victory, WarmasterRules } from './content.js';
import type { WarmasterState } from './state.js';

/** The unit's record, face down or not. */
const recordOf = (state: WarmasterState, u: UnitState): string => u.record ?? state.identities[u.id] ?? '';

/** Whether every unit `ids` names is destroyed (and the game has one). */
function allDestroyed(state: WarmasterState, ids: readonly string[]): boolean {
  // A loop, not filter and every: this runs after every step of every playout of the search bot.
  let listed = false;
  for (const u of state.core.units) {
    if (!ids.includes(recordOf(state, u))) continue;
    if (!u.destroyed) return false;
    listed = true;
  }
  return listed;
}

/** The side that has won now (null winner: a draw), or null while the game goes on. */
export function victory(rules: WarmasterRules, state: WarmasterState): GameResult | null {
  // Leaders' deaths: every condition met now; two sides' at once is a draw.
  let met: Extract<Victory, { condition: 'destroy-units' }>[] | null = null;
  for (const v of rules.victory) if (v.condition === 'destroy-units' && allDestroyed(state, v.units)) (met ??= []).push(v);
  if (met !== null) {
    const first = met[0]!;
    if (new Set(met.map((v) => v.winner)).size > 1) return { winner: null, reason: 'both sides lost their leaders at once', rule: first.key };
    const names = first.units.map((id) => rules.pieces[id]?.name ?? id).join(', ');
    return { winner: first.winner, reason: `${names} destroyed`, rule: first.key };
  }
  for (const v of rules.victory) {
    if (v.condition === 'destroy-all-enemy') {
      for (const side of rules.sides) {
        const enemy = rules.sides.find((x) => x !== side)!;
        const units = state.core.units.filter((u) => u.side === enemy && rules.pieces[recordOf(state, u)]?.kind !== 'card');
        if (units.length > 0 && units.every((u) => u.destroyed)) return { winner: side, reason: `every ${enemy} unit is destroyed`, rule: v.key };
      }
    }
  }
  return null;
}

/** The result when turn `ended` has just ended and a turn limit ends the game there, else null. */
export function turnLimit(rules: WarmasterRules, ended: number): GameResult | null {
  for (const v of rules.victory)
    if (v.condition === 'turn-limit' && ended >= v.turns) return { winner: v.winner, reason: `nobody won by the end of turn ${v.turns}`, rule: v.key };
  return null;
}
