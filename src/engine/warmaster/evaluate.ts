// How good a state of Warmaster is for a side, for the greedy bot's one-move look-ahead (core/bots.ts).
// A game is won by destroying the enemy's leader (the scenario's `destroy-units` victory), so the
// rating rewards what brings that about and what prevents the same at home:
//   - the enemy leaders' danger: own attack within a few areas of each, nearer counting more;
//   - one's own leaders' safety: enemy attack near them, less own defence beside them;
//   - material: attack plus defence of the units still in the game, own minus enemy's;
//   - the Bridge (its controller moves three areas to the other's one) and the areas each side holds.
// A face-down piece is rated by its record when the state knows it (the greedy bot sees a
// determinized state: its guesses), else as an average piece.
import type { UnitState } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { bridgeController } from './hooks.js';
import type { WarmasterState } from './state.js';

/** How far (in areas) a threat to a leader is counted, and the weights of the terms. */
const REACH = 3;
const WEIGHT = { danger: 2, safety: 1, material: 1, bridge: 4, area: 0.5 } as const;
/** A piece whose record is not known counts as this much attack and defence. */
const UNKNOWN = 2;

const recordOf = (state: WarmasterState, u: UnitState): string => u.record ?? state.identities[u.id] ?? '';

/** The state rated for `side` (higher is better); a finished game is rated by evaluate's caller. */
export function evaluateState(rules: WarmasterRules, state: WarmasterState, side: string): number {
  const attack = (u: UnitState) => rules.pieces[recordOf(state, u)]?.attack ?? u.stats.as ?? UNKNOWN;
  const defence = (u: UnitState) => rules.pieces[recordOf(state, u)]?.defence ?? u.stats.ds ?? UNKNOWN;
  const alive = state.core.units.filter((u) => !u.destroyed && rules.pieces[recordOf(state, u)]?.kind !== 'card');

  const onShip = (u: UnitState) => u.location !== null && rules.area.has(u.location);
  let material = 0;
  const holders = new Map<string, Set<string>>();
  for (const u of alive) {
    material += (u.side === side ? 1 : -1) * (attack(u) + defence(u));
    if (u.location !== null && rules.area.has(u.location)) {
      let s = holders.get(u.location);
      if (s === undefined) holders.set(u.location, (s = new Set()));
      s.add(u.side);
    }
  }
  let areas = 0;
  for (const sides of holders.values()) if (sides.size === 1) areas += sides.has(side) ? 1 : -1;

  // Attack of `by`'s units near `area`: full in the area, halved one area away, and so on.
  const near = (area: string, by: string): number => {
    const distance = distances(rules, area);
    let total = 0;
    for (const u of alive) {
      if (u.side !== by || u.location === null) continue;
      const d = distance.get(u.location);
      if (d !== undefined) total += attack(u) / (1 + d);
    }
    return total;
  };

  let danger = 0;
  let safety = 0;
  for (const v of rules.victory) {
    if (v.condition !== 'destroy-units') continue;
    const mine = v.winner !== side;
    for (const u of alive) {
      if (!v.units.includes(recordOf(state, u)) || !onShip(u)) continue;
      const enemy = u.side === rules.sides[0] ? rules.sides[1] : rules.sides[0];
      if (mine) {
        const guards = alive.filter((g) => g.side === side && g.location === u.location).reduce((s, g) => s + defence(g), 0);
        safety += guards - near(u.location!, enemy);
      } else if (u.record !== null) {
        danger += near(u.location!, side);
      } else {
        // A face-down leader may be any face-down piece of its side: the threat to each, averaged
        // (the look-ahead's guess of which one it is is a draw of the bot's, not knowledge).
        const suspects = alive.filter((p) => p.side === u.side && p.record === null && onShip(p));
        danger += suspects.reduce((s, p) => s + near(p.location!, side), 0) / suspects.length;
      }
    }
  }

  const held = bridgeController(rules, state.core);
  const bridge = held === null ? 0 : held === side ? 1 : -1;
  return WEIGHT.danger * danger + WEIGHT.safety * safety + WEIGHT.material * material + WEIGHT.bridge * bridge + WEIGHT.area * areas;
}

/** Areas within REACH of `from`, by distance, over the map's neighbours. */
function distances(rules: WarmasterRules, from: string): Map<string, number> {
  const out = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= REACH; d++) {
    const next: string[] = [];
    for (const a of frontier)
      for (const n of rules.area.get(a)?.neighbours ?? [])
        if (!out.has(n)) {
          out.set(n, d);
          next.push(n);
        }
    frontier = next;
  }
  return out;
}
