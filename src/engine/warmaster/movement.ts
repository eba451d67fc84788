// Movement: as far as the movement limits in force allow (the Bridge's rules: "the player who
// controls the Bridge can move his units up to three areas, whereas its opponent only can move them
// one by one", one area each once it is destroyed), one area when none does. A unit moves area to area along the
// connections, never into a destroyed area or the Reactors ("No unit can penetrate voluntarily");
// it may enter an area holding enemy pieces, face up or face down, but goes no farther that move
// (ruling stop-at-enemy), and a battle is fought there in its side's battle phase. Face-down pieces
// do not move ("can move anyone of the units ... which are face up"), nor do units a rule holds in
// place (Crew: `limit-movement` 0).
import { fightsFor, type UnitState } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { enterable, locationLimit } from './hooks.js';
import type { WarmasterState } from './state.js';

/** Whether a unit may move in this movement phase: its side's, on the ship, face up, not yet moved. */
export function mayMove(state: WarmasterState, unit: UnitState): boolean {
  return (
    !unit.destroyed &&
    unit.location !== null &&
    fightsFor(unit) === state.active &&
    state.identities[unit.id] === undefined &&
    unit.record !== null &&
    !state.moved.includes(unit.id)
  );
}

/** The map by area number in `rules.areas` order: each area's neighbours as numbers (made once per compiled content). */
interface AreaGraph {
  readonly index: ReadonlyMap<string, number>;
  readonly neighbours: readonly (readonly number[])[];
}

const graphs = new WeakMap<WarmasterRules, AreaGraph>();

function graphOf(rules: WarmasterRules): AreaGraph {
  let graph = graphs.get(rules);
  if (graph === undefined) {
    const index = new Map(rules.areas.map((a, i) => [a.id, i]));
    // A neighbour that is no area of the map leads nowhere and is no destination: left out.
    const neighbours = rules.areas.map((a) => a.neighbours.flatMap((n) => (index.has(n) ? [index.get(n)!] : [])));
    graph = { index, neighbours };
    graphs.set(rules, graph);
  }
  return graph;
}

/**
 * The ship as the side to move finds it, by area number: the areas no unit may enter (hooks.ts
 * `enterable`) and those holding an enemy piece, face up or down (hooks.ts `enemyAt`). Taken once
 * for all the units whose moves are listed, not once for every area each of them may reach.
 */
export interface MoveMap {
  readonly graph: AreaGraph;
  readonly closed: Uint8Array;
  readonly enemy: Uint8Array;
}

export function moveMap(rules: WarmasterRules, state: WarmasterState): MoveMap {
  const graph = graphOf(rules);
  const core = state.core;
  const closed = new Uint8Array(rules.areas.length);
  const enemy = new Uint8Array(rules.areas.length);
  rules.areas.forEach((a, i) => {
    if (!enterable(core, a.id)) closed[i] = 1;
  });
  for (const u of core.units) {
    if (u.destroyed || u.location === null || fightsFor(u) === state.active) continue;
    const i = graph.index.get(u.location);
    if (i !== undefined) enemy[i] = 1;
  }
  return { graph, closed, enemy };
}

/**
 * The areas a unit may end its move in, in area order: within its reach, never past an enemy-held
 * area. `map` is moveMap of the state (given when the moves of many units are listed); only a unit
 * of the side to move may move, so the enemy is the other side's.
 */
export function destinations(rules: WarmasterRules, state: WarmasterState, unit: UnitState, map: MoveMap = moveMap(rules, state)): string[] {
  if (!mayMove(state, unit)) return [];
  const core = state.core;
  // The limits the rules put on it (the Bridge's: three areas or one; Crew's: none); one area when no rule says.
  const reach = locationLimit(core, unit) ?? 1;
  const { graph, closed, enemy } = map;
  const from = graph.index.get(unit.location!);
  if (from === undefined) return [];
  const found = new Uint8Array(rules.areas.length);
  let frontier = [from];
  for (let step = 0; step < reach && frontier.length > 0; step++) {
    const next: number[] = [];
    for (const at of frontier) {
      for (const to of graph.neighbours[at]!) {
        if (to === from || found[to] === 1 || closed[to] === 1) continue;
        found[to] = 1;
        if (enemy[to] === 0) next.push(to);
      }
    }
    frontier = next;
  }
  const out: string[] = [];
  for (let i = 0; i < found.length; i++) if (found[i] === 1) out.push(rules.areas[i]!.id);
  return out;
}
