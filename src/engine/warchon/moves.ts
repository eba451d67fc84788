// What the side to act may do now (legalMoves). Set-up: place the side's next unit on one of its
// set-up spreads with room. Movement Round: move or hold each unit that has not acted, or end the
// round. Battle: show fingers (the defender's moves never depend on the attacker's hidden choice),
// assign a Hit. Any time: destroy a unit over Capacity, or answer a choice inside an effect (by
// fingers when the effect generates a number).
import { possibleAnswers } from '../core/choices.js';
import { fightsFor, findUnit, unitsInPlay, type UnitState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { countsApart, destinations, fits, overflow } from './movement.js';
import type { WarchonMove, WarchonState } from './state.js';

/** The same move: the same kind, the same arguments, and no argument more. */
export function sameMove(a: WarchonMove, b: WarchonMove): boolean {
  if (a.kind !== b.kind || Object.keys(a).length !== Object.keys(b).length) return false;
  const x: { readonly [key: string]: unknown } = a;
  const y: { readonly [key: string]: unknown } = b;
  for (const key in x) {
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length || u.some((id, i) => id !== v[i])) return false;
  }
  return true;
}

/** The points a side has spent on its army so far. */
export function spentOn(rules: WarchonRules, state: WarchonState, side: string): number {
  const build = rules.builds.find((b) => b.side === side)!;
  let spent = 0;
  for (const u of state.core.units) if (u.side === side) spent += build.offer.find((o) => o.record === u.record)?.points ?? 0;
  return spent;
}

/**
 * Army building: each unit on offer that the points left pay for (a Distinct unit only if the army
 * has none of it yet, unless the budget allows copies), and ending the army once it has a unit (or
 * when nothing more can be bought).
 */
function armyMoves(rules: WarchonRules, state: WarchonState): WarchonMove[] {
  const side = state.army!.building[0]!;
  const build = rules.builds.find((b) => b.side === side)!;
  const own = state.core.units.filter((u) => u.side === side);
  const left = build.points - spentOn(rules, state, side);
  const moves: WarchonMove[] = build.offer
    .filter((o) => o.points <= left && !(build.distinctOnce && o.distinct && own.some((u) => u.record === o.record)))
    .map((o) => ({ kind: 'recruit', unit: o.record }));
  if (own.length > 0 || moves.length === 0) moves.push({ kind: 'end-army' });
  return moves;
}

/** Whether the unit may move or hold in this Movement Round: in play, of the active side, not yet acted. */
export function actsNow(state: WarchonState, u: UnitState): boolean {
  return !u.destroyed && u.location !== null && fightsFor(u) === state.core.active && !state.acted.includes(u.id);
}

/** Whether the unit may take one of `side`'s Hits in the battle at `spread`: in play there, fighting for that side, with Hits left. */
export function takesHit(u: UnitState, spread: string, side: string): boolean {
  return !u.destroyed && u.location === spread && fightsFor(u) === side && u.hits > 0;
}

const fingersOf = new WeakMap<WarchonRules, readonly WarchonMove[]>();

/** The fingers a player may show, min..max, made once per rules (frozen: every listing shares them). */
function fingerMoves(rules: WarchonRules): readonly WarchonMove[] {
  let moves = fingersOf.get(rules);
  if (moves === undefined) {
    const out: WarchonMove[] = [];
    for (let n = rules.fingers.min; n <= rules.fingers.max; n++) out.push(Object.freeze({ kind: 'fingers', n }));
    fingersOf.set(rules, (moves = Object.freeze(out)));
  }
  return moves;
}

const assignsOf = new WeakMap<WarchonRules, Map<string, WarchonMove>>();

/** Assign moves by unit id, made once each per rules (frozen: every listing shares them). */
function assignMoves(rules: WarchonRules): Map<string, WarchonMove> {
  let made = assignsOf.get(rules);
  if (made === undefined) assignsOf.set(rules, (made = new Map()));
  return made;
}

export function listMoves(rules: WarchonRules, state: WarchonState): WarchonMove[] {
  if (state.result !== null) return [];
  if (state.pending !== null) {
    const request = state.pending.request;
    // A number an effect generates is shown as a battle's is: fingers.
    if (request.kind === 'number') return fingerMoves(rules).filter((m) => m.kind === 'fingers' && request.candidates.includes(String(m.n)));
    return possibleAnswers(request).map((ids) => ({ kind: 'choose', ids }));
  }
  const core = state.core;
  if (state.step === 'army') return armyMoves(rules, state);
  if (state.step === 'setup') {
    const side = state.active;
    const next = state.unplaced[side]?.[0];
    if (next === undefined) return [];
    const unit = findUnit(core, next)!;
    return rules.zones[side]!.filter((spread) => fits(core, rules, unit, spread)).map((spread) => ({ kind: 'place', unit: next, spread }));
  }
  const over = overflow(core, rules);
  if (over !== null) {
    return unitsInPlay(core)
      .filter((u) => u.location === over.spread && fightsFor(u) === over.side && countsApart(rules, u) === over.apart)
      .map((u) => ({ kind: 'destroy', unit: u.id }));
  }
  if (state.step === 'movement') {
    const moves: WarchonMove[] = [];
    for (const u of core.units) {
      if (!actsNow(state, u)) continue;
      for (const to of destinations(state, rules, u)) moves.push({ kind: 'move', unit: u.id, to });
      moves.push({ kind: 'hold', unit: u.id });
    }
    moves.push({ kind: 'end-movement' });
    return moves;
  }
  const b = state.battle;
  if (b === null) return [];
  if (b.stage === 'fingers' || b.stage === 'event-fingers') return [...fingerMoves(rules)];
  if (b.stage === 'assign' && b.hits.length > 0) {
    const side = b.hits[0]!.side;
    const out: WarchonMove[] = [];
    const made = assignMoves(rules);
    for (const u of core.units) {
      if (!takesHit(u, b.spread, side)) continue;
      let move = made.get(u.id);
      if (move === undefined) made.set(u.id, (move = Object.freeze({ kind: 'assign', unit: u.id })));
      out.push(move);
    }
    return out;
  }
  return [];
}
