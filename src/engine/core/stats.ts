// Effective stats: the printed stat with the modifiers in force, applied in a fixed order so the
// result never depends on when each modifier arrived: every `add` first, then each `multiply`
// (rounded as its rule says), then `set` (the latest wins). `cs` modifiers apply to AS and DS.
import type { Stat } from '../../../generated/types/common/defs.js';
import type { Modifier, UnitState } from './state.js';

/** Whether a modifier counts now: a `while-here` one only at the location where it began. */
export function inForce(unit: UnitState, modifier: Modifier): boolean {
  return modifier.duration !== 'while-here' || modifier.location === unit.location;
}

export function round(value: number, rounding: Modifier['rounding']): number {
  switch (rounding) {
    case 'down':
      return Math.floor(value);
    case 'up':
      return Math.ceil(value);
    case 'nearest':
      return Math.round(value);
    default:
      return value;
  }
}

function touches(modifier: Modifier, stat: string): boolean {
  return modifier.stat === stat || (modifier.stat === 'cs' && (stat === 'as' || stat === 'ds'));
}

/**
 * The unit's current value of one stored stat (`as`, `ds`, `size`, ...), or null when the stat is
 * not printed and no `set` gives it one. `hits` is the hits the unit has left.
 */
export function effectiveStat(unit: UnitState, stat: Exclude<Stat, 'cs'>): number | null {
  const base = stat === 'hits' ? unit.hits : (unit.stats[stat] ?? null);
  const mods = unit.modifiers;
  if (mods.length === 0) return base;
  // Three passes over the modifiers in force (asked for every unit at every total): no list made.
  let value = base;
  if (value !== null) {
    for (const m of mods) if (m.op === 'add' && touches(m, stat) && inForce(unit, m)) value += m.value;
    for (const m of mods) if (m.op === 'multiply' && touches(m, stat) && inForce(unit, m)) value = round(value * m.value, m.rounding);
  }
  for (const m of mods) if (m.op === 'set' && touches(m, stat) && inForce(unit, m)) value = m.value;
  return value;
}

/**
 * The values a stat stands for: `cs` is AS and DS together, every other stat is itself. Filters
 * compare all of them (a unit "with CS 2 or less" has AS and DS of 2 or less).
 */
export function statValues(unit: UnitState, stat: Stat): (number | null)[] {
  return stat === 'cs' ? [effectiveStat(unit, 'as'), effectiveStat(unit, 'ds')] : [effectiveStat(unit, stat)];
}

/** One number to rank units by a stat (for highest/lowest): `cs` ranks by AS + DS; null when unknown. */
export function rankValue(unit: UnitState, stat: Stat): number | null {
  const values = statValues(unit, stat);
  if (values.some((v) => v === null)) return null;
  return (values as number[]).reduce((a, b) => a + b, 0);
}

/** Every effective stat the unit has, for logs and for game engines: by name, in name order. */
export function effectiveStats(unit: UnitState): { [stat: string]: number } {
  const names = Object.keys(unit.stats);
  const add = (name: string) => {
    if (!names.includes(name)) names.push(name);
  };
  for (const m of unit.modifiers) {
    if (m.stat === 'cs') {
      add('as');
      add('ds');
    } else add(m.stat);
  }
  add('hits');
  names.sort();
  const out: { [stat: string]: number } = {};
  for (const name of names) {
    const value = effectiveStat(unit, name as Exclude<Stat, 'cs'>);
    if (value !== null) out[name] = value;
  }
  return out;
}
