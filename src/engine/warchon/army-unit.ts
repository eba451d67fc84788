// A unit of a side's army as the core state holds it: set-up builds the armies from these, and a
// recruit move (army building) adds one.
import type { UnitInit } from '../core/state.js';
import type { WarchonRules } from './content.js';

/** A unit of a side's army, off the book, at full strength (its first face). */
export function armyUnit(rules: WarchonRules, side: string, id: string, record: string): UnitInit {
  const unit = rules.units[record]!;
  const face = unit.faces[0]!;
  return {
    id,
    record,
    name: unit.name,
    side,
    location: null,
    stats: { as: face.as, ds: face.ds, size: face.size, movement: face.movement, hits: face.hits },
    traits: unit.traits,
  };
}
