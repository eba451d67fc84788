// Movement: "the player who controls the Bridge can move his units up to three areas, whereas its
// opponent only can move them one by one"; "If the bridge is destroyed ... both will only be able to
// move an area in turn" (the Bridge's `control.movement`). A unit moves area to area along the
// connections, never into a destroyed area or the Reactors ("No unit can penetrate voluntarily");
// it may enter an area holding enemy pieces, face up or face down, but goes no farther that move
// (ruling stop-at-enemy), and a battle is fought there in its side's battle phase. Face-down pieces
// do not move ("can move anyone of the units ... which are face up"), nor do units a rule holds in
// place (Crew: `limit-movement` 0).
import { fightsFor, type CoreState, type UnitState } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { enemyAt, enterable, locationLimit } from './hooks.js';
import type { WarmasterState } from './state.js';

/** How many areas a unit of `side` may move now, by who controls the Bridge. */
export function areasPerMove(rules: WarmasterRules, core: CoreState, bridge: string | null, side: string): number {
  const b = rules.bridge;
  if (b === null) return 1;
  if (core.destroyedPlaces.includes(b.area)) return b.destroyed;
  return bridge === side ? b.controller : b.opponent;
}

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

/** The areas a unit may end its move in, in area order: within its reach, never past an enemy-held area. */
export function destinations(rules: WarmasterRules, state: WarmasterState, unit: UnitState): string[] {
  if (!mayMove(state, unit)) return [];
  const core = state.core;
  const side = fightsFor(unit);
  let reach = areasPerMove(rules, core, state.bridge, side);
  const limit = locationLimit(core, unit);
  if (limit !== null) reach = Math.min(reach, limit);
  const found = new Set<string>();
  let frontier = [unit.location!];
  for (let step = 0; step < reach; step++) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const to of rules.area.get(at)?.neighbours ?? []) {
        if (to === unit.location || found.has(to) || !enterable(rules, core, to)) continue;
        found.add(to);
        if (!enemyAt(core, to, side)) next.push(to);
      }
    }
    frontier = next;
  }
  return rules.areas.map((a) => a.id).filter((a) => found.has(a));
}
