// The Movement Round's geometry: where a unit may go (through spreads in number order or along
// paths, each step costing its Movement, stopping on entering a spread with an enemy when the core
// rules say so; a unit whose trait moves directly, Aerial, straight to any spread within Movement),
// Capacity per army and spread (the separate trait's units, Aerial, apart when the core rules say
// so), and the movement limits static rules put on spreads (limit-movement) or on units
// (prevent-actions). What varies is read from WarchonRules (content.ts), built once per content.
import { fightsFor, limitBinds, mayAct, placeClosed, type CoreState, type UnitState } from '../core/state.js';
import { effectiveStat } from '../core/stats.js';
import type { WarchonRules } from './content.js';
import type { WarchonState } from './state.js';

/** Whether the unit moves directly (a trait of it holds `move-directly`: Aerial): straight to any spread within its Movement. */
export function movesDirectly(rules: WarchonRules, unit: UnitState): boolean {
  const direct = rules.directTraits;
  for (let i = 0; i < direct.length; i++) if (unit.traits.includes(direct[i]!)) return true;
  return false;
}

/** Whether the unit counts against Capacity apart from the others (it has the core rules' separate trait, Aerial). */
export function countsApart(rules: WarchonRules, unit: UnitState): boolean {
  return rules.capacityApart !== null && unit.traits.includes(rules.capacityApart);
}

/** The unit's Size for Capacity: a controller's Capacity size while controlled (Bribery), else its effective Size. */
export function capacitySize(unit: UnitState): number {
  if (unit.controlledBy === null && unit.modifiers.length === 0) return unit.stats.size ?? 0;
  return unit.controlledBy?.sizeForCapacity ?? effectiveStat(unit, 'size') ?? 0;
}

/** The Size `side` has at `spread` in one class (counting apart or not). */
export function sizeAt(core: CoreState, rules: WarchonRules, side: string, spread: string, apart: boolean): number {
  let total = 0;
  for (const u of core.units) if (!u.destroyed && u.location === spread && fightsFor(u) === side && countsApart(rules, u) === apart) total += capacitySize(u);
  return total;
}

export interface Overflow {
  readonly side: string;
  readonly spread: string;
  /** The class over Capacity: the units that count apart (Aerial), or the others. */
  readonly apart: boolean;
}

const spreadIndex = new WeakMap<WarchonRules, ReadonlyMap<string, number>>();

/** Each spread's place in number order. */
export function spreadOrder(rules: WarchonRules): ReadonlyMap<string, number> {
  let order = spreadIndex.get(rules);
  if (order === undefined) spreadIndex.set(rules, (order = new Map(rules.spreads.map((s, i) => [s.id, i]))));
  return order;
}

/**
 * The units last asked about and the answer: Capacity reads only the units (where, whose, Size), and
 * most steps of a battle make a new state with the same units (arrays are never changed in place).
 */
const lastOverflow: { units: CoreState['units'] | null; rules: WarchonRules | null; found: Overflow | null } = { units: null, rules: null, found: null };

/** The first army, spread and class over Capacity (spread order, then side order, the others before those counting apart), or null. */
export function overflow(core: CoreState, rules: WarchonRules): Overflow | null {
  // Asked at every step and by every listing of moves: once per set of units.
  const last = lastOverflow;
  if (last.rules === rules && last.units === core.units) return last.found;
  // Units one step on from the last asked about, none of them grown: within Capacity still.
  let found =
    last.rules === rules && last.found === null && last.units !== null && noneGrew(rules, last.units, core.units) ? null : knownOf(rules).get(core.units);
  if (found === undefined) {
    found = findOverflow(core, rules);
    knownOf(rules).set(core.units, found);
  }
  // Written in place: a record per answer would be garbage at every step.
  last.units = core.units;
  last.rules = rules;
  last.found = found;
  return found;
}

const knownByRules = new WeakMap<WarchonRules, WeakMap<CoreState['units'], Overflow | null>>();

/** The answers found, by units array: a state kept and played from again (a look-ahead, a replay) asks about units seen before. */
function knownOf(rules: WarchonRules): WeakMap<CoreState['units'], Overflow | null> {
  let known = knownByRules.get(rules);
  if (known === undefined) knownByRules.set(rules, (known = new WeakMap()));
  return known;
}

/** How many changed units noneGrew compares before it leaves the answer to the kept ones or a count. */
const MAX_CHANGED = 4;

/**
 * Whether no army can have more Size at a spread in `after` than in `before` (the same units, most
 * of them the same objects): each unit that changed is gone, or stands where it stood, for the same
 * army, in the same class, with no more Size. A state within Capacity stays within it then (a
 * battle's Hits and losses, the usual change, take Size away).
 */
function noneGrew(rules: WarchonRules, before: CoreState['units'], after: CoreState['units']): boolean {
  if (before.length !== after.length) return false;
  // A step changes a few units; many changed means units from elsewhere (a state kept and played
  // from again), whose answer is looked up instead of compared unit by unit.
  let changed = 0;
  for (let i = 0; i < after.length; i++) {
    const u = before[i]!;
    const v = after[i]!;
    if (u === v) continue;
    if (++changed > MAX_CHANGED) return false;
    if (v.destroyed || v.location === null) continue;
    if (
      u.id !== v.id ||
      u.destroyed ||
      v.location !== u.location ||
      fightsFor(v) !== fightsFor(u) ||
      countsApart(rules, v) !== countsApart(rules, u) ||
      capacitySize(v) > capacitySize(u)
    )
      return false;
  }
  return true;
}

/** The tables findOverflow, contested and destinations count in, one per rules, reused: allocating typed arrays at every step costs more than the counting. */
interface Tables {
  /** Size by spread, side and class, at index (spread * sides + side) * 2 + apart. */
  readonly sizes: Float64Array;
  /** The Capacity each entry of `sizes` is held to. */
  readonly capacities: Float64Array;
  /** A bit per side for each spread. */
  readonly present: Uint32Array;
  /** For one moving unit, by spread: whether an enemy is there, and its army's Size there in its class. */
  readonly enemy: Uint8Array;
  readonly classSize: Float64Array;
  /** For spreadsWithin, by spread: the Movement it costs to reach, and the spreads in the order found. */
  readonly cost: Float64Array;
  readonly found: Int32Array;
}

const tablesOf = new WeakMap<WarchonRules, Tables>();

function tables(rules: WarchonRules): Tables {
  let t = tablesOf.get(rules);
  if (t === undefined) {
    const entries = rules.spreads.length * rules.sides.length * 2;
    const capacities = new Float64Array(entries);
    for (let i = 0; i < entries; i++) capacities[i] = rules.spreads[Math.floor(i / (rules.sides.length * 2))]!.capacity;
    const n = rules.spreads.length;
    tablesOf.set(
      rules,
      (t = {
        sizes: new Float64Array(entries),
        capacities,
        present: new Uint32Array(n),
        enemy: new Uint8Array(n),
        classSize: new Float64Array(n),
        cost: new Float64Array(n),
        found: new Int32Array(n),
      }),
    );
  }
  return t;
}

function findOverflow(core: CoreState, rules: WarchonRules): Overflow | null {
  // One pass over the units: Size by spread, side and class, at index (spread * sides + side) * 2 + apart.
  const order = spreadOrder(rules);
  const sides = rules.sides;
  const { sizes, capacities } = tables(rules);
  sizes.fill(0);
  for (const u of core.units) {
    if (u.destroyed || u.location === null) continue;
    const at = order.get(u.location);
    const side = sides.indexOf(fightsFor(u));
    if (at === undefined || side < 0) continue;
    const k = (at * sides.length + side) * 2 + (countsApart(rules, u) ? 1 : 0);
    sizes[k] = sizes[k]! + capacitySize(u);
  }
  for (let i = 0; i < sizes.length; i++) {
    if (sizes[i]! > capacities[i]!)
      return { side: sides[Math.floor(i / 2) % sides.length]!, spread: rules.spreads[Math.floor(i / (sides.length * 2))]!.id, apart: i % 2 === 1 };
  }
  return null;
}

/** Whether one more unit fits at `spread` for its army. */
export function fits(core: CoreState, rules: WarchonRules, unit: UnitState, spread: string): boolean {
  const capacity = rules.spread.get(spread)!.capacity;
  return sizeAt(core, rules, fightsFor(unit), spread, countsApart(rules, unit)) + capacitySize(unit) <= capacity;
}

/** The limits at the unit's spread: may it leave at all, and how far. */
function limits(state: WarchonState, unit: UnitState): { mayLeave: boolean; maxDistance: number | null } {
  let mayLeave = true;
  let maxDistance: number | null = null;
  const side = fightsFor(unit);
  for (const r of state.core.locationRules) {
    if (!limitBinds(r, unit)) continue;
    if (r.maxUnitsLeaving !== null) {
      const left = state.departures.filter((d) => d.from === r.location && d.side === side).length;
      if (left >= r.maxUnitsLeaving) mayLeave = false;
    }
    if (r.maxDistance !== null) maxDistance = maxDistance === null ? r.maxDistance : Math.min(maxDistance, r.maxDistance);
  }
  return { mayLeave, maxDistance };
}

/** The units, side and class the tables' `enemy` and `classSize` were last counted for (arrays of units are never changed in place). */
let counted: { readonly units: CoreState['units']; readonly rules: WarchonRules; readonly side: string; readonly apart: boolean } | null = null;

/** The spreads the unit may move to now, in spread order; empty when it may not move. */
export function destinations(state: WarchonState, rules: WarchonRules, unit: UnitState): string[] {
  if (unit.location === null || state.acted.includes(unit.id) || !mayAct(unit, 'move')) return [];
  const lim = limits(state, unit);
  if (!lim.mayLeave) return [];
  const movement = effectiveStat(unit, 'movement') ?? 0;
  const reach = lim.maxDistance === null ? movement : Math.min(movement, lim.maxDistance);
  const side = fightsFor(unit);
  const apart = countsApart(rules, unit);
  // One pass over the units for what the search asks of each spread: an enemy there, and the Size
  // the unit's army has there in its class (as `fits` counts it). A listing asks for every unit of
  // the side in turn, with the same units: counted once for them all.
  const order = spreadOrder(rules);
  const { enemy, classSize } = tables(rules);
  const units = state.core.units;
  if (counted === null || counted.units !== units || counted.rules !== rules || counted.side !== side || counted.apart !== apart) {
    enemy.fill(0);
    classSize.fill(0);
    for (const u of units) {
      if (u.destroyed || u.location === null) continue;
      const at = order.get(u.location);
      if (at === undefined) continue;
      if (fightsFor(u) !== side) enemy[at] = 1;
      else if (countsApart(rules, u) === apart) classSize[at] = classSize[at]! + capacitySize(u);
    }
    counted = { units, rules, side, apart };
  }
  // A unit moving directly enters no spread between; another is stopped by an enemy where the rules say so.
  const found = spreadsWithin(rules, unit.location, reach, movesDirectly(rules, unit) || !rules.stopOnEnemy ? null : enemy, closedSpreads(state.core, rules));
  // Whether one more unit fits at each (fits, with the Sizes counted above).
  const size = capacitySize(unit);
  return found.filter((s) => classSize[order.get(s)!]! + size <= rules.spread.get(s)!.capacity).sort((a, b) => order.get(a)! - order.get(b)!);
}

/** Spreads both armies share now, in spread number order. */
export function contested(core: CoreState, rules: WarchonRules): string[] {
  // One pass: a bit per side for each spread.
  const order = spreadOrder(rules);
  const { present } = tables(rules);
  present.fill(0);
  for (const u of core.units) {
    if (u.destroyed || u.location === null) continue;
    const at = order.get(u.location);
    const side = rules.sides.indexOf(fightsFor(u));
    if (at !== undefined && side >= 0) present[at] = present[at]! | (1 << side);
  }
  const all = (1 << rules.sides.length) - 1;
  const out: string[] = [];
  for (let i = 0; i < present.length; i++) if (present[i] === all) out.push(rules.spreads[i]!.id);
  return out;
}

/** The spreads a rule in force closes (limit-movement with `closed`: no unit may enter), marked 1 by index in rules.spreads; null when none is. */
export function closedSpreads(core: CoreState, rules: WarchonRules): Uint8Array | null {
  if (!core.locationRules.some((r) => r.closed === true)) return null;
  const closed = new Uint8Array(rules.spreads.length);
  rules.spreads.forEach((spread, i) => {
    if (placeClosed(core, spread.id)) closed[i] = 1;
  });
  return closed;
}

/**
 * Spreads within `distance` Movement of `from` (each step costing its Movement: content.ts
 * SpreadInfo.steps), cheapest first, then in the order found, `from` left out. A spread marked 1 in
 * `stops` (by index in rules.spreads) is entered but not left: a spread holding an enemy.
 */
export function spreadsWithin(
  rules: WarchonRules,
  from: string,
  distance: number,
  stops: Uint8Array | null = null,
  closed: Uint8Array | null = null,
): string[] {
  const start = spreadOrder(rules).get(from);
  if (start === undefined) return [];
  const { cost, found } = tables(rules);
  cost.fill(Infinity);
  cost[start] = 0;
  found[0] = start;
  let count = 1;
  let farthest = 0;
  const out: string[] = [];
  // Every step costs at least 1, so the spreads found at cost d are all known when d is reached.
  for (let d = 0; d <= distance && d <= farthest; d++) {
    for (let i = 0; i < count; i++) {
      const s = found[i]!;
      if (cost[s] !== d) continue;
      const spread = rules.spreads[s]!;
      if (s !== start) {
        out.push(spread.id);
        if (stops !== null && stops[s] === 1) continue;
      }
      for (const step of spread.steps) {
        const c = d + step.cost;
        if (c > distance || c >= cost[step.at]! || (closed !== null && closed[step.at] === 1)) continue;
        if (cost[step.at] === Infinity) found[count++] = step.at;
        cost[step.at] = c;
        if (c > farthest) farthest = c;
      }
    }
  }
  return out;
}
