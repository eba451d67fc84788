// What a Warchon bot may know, and how a greedy bot picks its fingers. Both players show fingers
// at the same time; here the attacker's are fixed first and kept in the state, so the defender's
// view (`viewFor`) marks them unseen, and a bot's `determinizeView` draws them from its own generator. A one-move look-ahead cannot rate
// a fingers count (the number depends on the other player's count), so `pickFingers` rates each
// own count by the exact odds: the mean, over the other player's five equally likely counts, of the
// attacker's edge of what the RNG cell gives in the current column (the measure of `playmark odds`,
// src/analysis/odds.ts: the defender's Hits minus the attacker's, an elimination counting one Hit
// more than the largest Hits result of the pack). An event cell is rated as what follows it: a new
// number with every later event ignored, so the mean over all 25 cells with their numbers. The
// number that picks an event's entry, and a number an event generates, are rated by playing each
// pair of counts (both fingers) and evaluating.
import { nextInt, type RandomState } from '../core/random.js';
import type { WarchonRules } from './content.js';
import { total } from './battle.js';
import { sideHits, type CombatResult } from './results.js';
import { stateWith, battleStageWith, type WarchonMove, type WarchonState } from './state.js';
import { clampDifferential, columnFor, type SpreadTables } from './tables.js';

/** The attacker's fingers in a view of a side that has not seen them: fixed, but not shown (fingers are 1 or more). */
export const UNSEEN_FINGERS = 0;

/** The answers to a pending number question that `side` has not seen: the fingers other sides showed just before, with it (choices.ts `after`), by index. */
function unseenAnswers(state: WarchonState, side: string): number[] {
  const p = state.pending;
  if (p === null || p.request.kind !== 'number' || p.request.after.length === 0) return [];
  const after = p.request.after;
  const first = p.answers.length - after.length;
  const out: number[] = [];
  after.forEach((by, i) => {
    if (by !== side) out.push(first + i);
  });
  return out;
}

/** The state as `side` sees it: fingers fixed by another side and not yet shown (a battle's attacker's, or those of a number an event generates) unseen. */
export function viewFor(state: WarchonState, side: string): WarchonState {
  const b = state.battle;
  let view = state;
  if (b !== null && b.attackerFingers !== null && state.core.battle?.attacker !== side)
    view = stateWith(view, { battle: battleStageWith(b, { attackerFingers: UNSEEN_FINGERS }) });
  const unseen = unseenAnswers(state, side);
  if (unseen.length > 0) {
    const p = state.pending!;
    view = stateWith(view, { pending: { ...p, answers: p.answers.map((a, i) => (unseen.includes(i) ? [String(UNSEEN_FINGERS)] : a)) } });
  }
  return view;
}

/** Whether `side` sees the fingers the move `by` made, in `state` (the state after the move): not while they are unseen fingers of another side. */
export function fingersUnseen(state: WarchonState, by: string, side: string): boolean {
  if (by === side) return false;
  const b = state.battle;
  if (b !== null && b.attackerFingers !== null) return true;
  const p = state.pending;
  return p !== null && p.request.kind === 'number' && p.request.after.includes(by);
}

/** A view made playable: unseen fingers drawn from `random`. */
export function determinizeView(rules: WarchonRules, view: WarchonState, random: RandomState): { state: WarchonState; random: RandomState } {
  let state = view;
  let r = random;
  const b = view.battle;
  if (b !== null && b.attackerFingers === UNSEEN_FINGERS) {
    const drawn = nextInt(r, rules.fingers.min, rules.fingers.max);
    r = drawn.random;
    state = stateWith(state, { battle: battleStageWith(b, { attackerFingers: drawn.value }) });
  }
  const p = view.pending;
  if (p !== null && p.request.kind === 'number' && p.answers.some((a) => a[0] === String(UNSEEN_FINGERS))) {
    const answers = p.answers.map((a) => {
      if (a[0] !== String(UNSEEN_FINGERS)) return a;
      const drawn = nextInt(r, rules.fingers.min, rules.fingers.max);
      r = drawn.random;
      return [String(drawn.value)];
    });
    state = stateWith(state, { pending: { ...p, answers } });
  }
  return { state, random: r };
}

const eliminationCache = new WeakMap<WarchonRules, number>();

/** One Hit more than the largest Hits result of the pack's tables (odds.ts `largestHits` + 1). */
function eliminationHits(rules: WarchonRules): number {
  let e = eliminationCache.get(rules);
  if (e === undefined) {
    let most = 0;
    for (const s of rules.tables.spreads.values()) {
      for (const row of s.rows)
        for (const cell of row)
          for (const o of cell.value ? [cell.value.attacker, cell.value.defender] : []) if (o.kind === 'hits') most = Math.max(most, o.hits);
    }
    e = most + 1;
    eliminationCache.set(rules, e);
  }
  return e;
}

/** The attacker's edge of a result: the defender's Hits minus the attacker's (0 for an unknown cell). */
function edge(result: CombatResult | null | undefined, elimination: number): number {
  return result ? sideHits(result.defender, elimination) - sideHits(result.attacker, elimination) : 0;
}

/**
 * The attacker's expected edge for each count the chooser may show (index 0 for `min` fingers) at
 * the combat number of the battle under way: for each count, the mean over the other player's
 * counts of the result the cell gives in the current column (an event cell, when an event can
 * still happen there, rated as a new number with events ignored).
 */
export function fingersOdds(rules: WarchonRules, state: WarchonState, attacking: boolean): number[] {
  const b = state.battle!;
  const cb = state.core.battle!;
  const tables: SpreadTables = rules.tables.spreads.get(b.spread)!;
  const differential = total(state.core, b.spread, cb.attacker, 'as') - total(state.core, b.spread, cb.defender, 'ds');
  const column = columnFor(tables, clampDifferential(differential, rules.clamp));
  const elimination = eliminationHits(rules);
  const at = (n: number) => edge(column ? tables.rows[n - 1]?.[column.index]?.value : null, elimination);
  const counts: number[] = [];
  for (let n = rules.fingers.min; n <= rules.fingers.max; n++) counts.push(n);
  const byColumn = rules.attackerReads === 'columns';
  const cellAt = (a: number, d: number) => (byColumn ? tables.rng[d - 1]?.[a - 1] : tables.rng[a - 1]?.[d - 1])?.value ?? null;
  // What follows an event: a new number, every later event ignored.
  let after = 0;
  for (const a of counts) for (const d of counts) after += at(cellAt(a, d)?.number ?? 0);
  after /= counts.length * counts.length;
  const eventsLeft =
    !b.ignoreEvents && rules.spread.get(b.spread)!.events !== null && state.eventsUsed.filter((s) => s === b.spread).length < rules.eventsPerTurn;
  return counts.map((own) => {
    let sum = 0;
    for (const other of counts) {
      const cell = attacking ? cellAt(own, other) : cellAt(other, own);
      sum += cell === null ? 0 : cell.event && eventsLeft ? after : at(cell.number);
    }
    return sum / counts.length;
  });
}

/**
 * A greedy bot's fingers: the count with the best expected value for the side to act (the
 * attacker's edge, or its opposite for the defender), ties broken by `random`. For the number that
 * picks an event's entry, `rate` plays each pair of counts and gives the chooser's score. Null when
 * the moves are not fingers.
 */
export function pickFingers(
  rules: WarchonRules,
  state: WarchonState,
  moves: readonly WarchonMove[],
  random: RandomState,
  rate: (attacker: number, defender: number) => number,
): { move: WarchonMove; random: RandomState } | null {
  const b = state.battle;
  const request = state.pending?.request;
  // A number an event generates (hooks.ts generateNumber): rated by playing it, as an event's entry.
  const generating = request?.kind === 'number';
  if (moves.length === 0 || !moves.every((m) => m.kind === 'fingers')) return null;
  if (!generating && (b === null || (b.stage !== 'fingers' && b.stage !== 'event-fingers'))) return null;
  const attacking = generating ? request.after.length === 0 : b!.attackerFingers === null;
  let values: number[];
  if (!generating && b!.stage === 'fingers') {
    const odds = fingersOdds(rules, state, attacking);
    values = odds.map((v) => (attacking ? v : -v));
  } else {
    values = [];
    for (let own = rules.fingers.min; own <= rules.fingers.max; own++) {
      let sum = 0;
      for (let other = rules.fingers.min; other <= rules.fingers.max; other++) sum += attacking ? rate(own, other) : rate(other, own);
      values.push(sum / (rules.fingers.max - rules.fingers.min + 1));
    }
  }
  const best = Math.max(...values);
  const ties = moves.filter((m) => m.kind === 'fingers' && values[m.n - rules.fingers.min]! >= best - 1e-9);
  const pick = nextInt(random, 0, ties.length - 1);
  return { move: ties[pick.value]!, random: pick.random };
}
