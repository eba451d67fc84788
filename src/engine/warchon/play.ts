// Playing a move, then everything it sets off up to the next decision (`advance`): set-up, the
// Movement Round, the battles in spread order, the end of the turn, Capacity losses and victory.
// A move the state does not offer throws IllegalMove. A play works on its own copy of the state
// (state.ts Draft), written in place step by step and returned as the new state.
import { IllegalMove, type GameEvent, type PlayResult } from '../core/game.js';
import { moveUnit } from '../core/move.js';
import { expire } from '../core/expire.js';
import { markSettled, withTurn } from '../core/rules/statics-cache.js';
import { findUnit, makeUnit, updateUnit, type CoreState, coreWith, unitWith, withoutLog } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { afterJob, bothPresent, lookUpResult, newBattle, numberShown, STAGE_EVENTS, stageJob } from './battle.js';
import { destroyForCapacity, hitUnit, syncFaces } from './damage.js';
import { warchonRuleSet } from './hooks.js';
import { attemptJob, idleJob, logEvents, quietEvent } from './jobs.js';
import { actsNow, listMoves, sameMove, spentOn, takesHit } from './moves.js';
import { armyUnit } from './army-unit.js';
import { contested, destinations, overflow } from './movement.js';
import { isSettled, recompute } from './statics.js';
import { battleStageWith, draft, stateWith, type Job, type WarchonBattle, type WarchonMove, type WarchonState, type Draft } from './state.js';
import { endedByRule, victory } from './victory.js';

/**
 * A new core in the draft: statics recomputed, faces turned, the generator carried to the
 * top. `previous` is the state the change was made to (the draft's core, unless the caller
 * has already put the new core there): when settled, only what changed since is looked at.
 */
function withCore(state: Draft, rules: WarchonRules, core: CoreState, events: GameEvent[], previous: CoreState = state.core): Draft {
  const inBattle = state.step === 'movement' ? state.inBattle : [];
  // Nothing changed since the last recompute: no face to turn, the marks already right.
  if (!isSettled(core, inBattle)) {
    const faced = syncFaces(core, rules, previous.settled ? previous : undefined);
    if (faced.events.length > 0) events.push(...faced.events);
    const statics = recompute(faced.core, rules, inBattle, previous);
    if (statics.log.length > 0) events.push(...logEvents(statics.log));
    core = markSettled(withoutLog(statics.core));
  }
  state.core = core;
  state.random = core.random;
  return state;
}

/** The core with the generator in force (a bot's look-ahead replaces it); still settled if it was (no static rule or face reads the generator). */
function withRandom(core: CoreState, random: CoreState['random']): CoreState {
  return coreWith(core, { random, settled: core.settled });
}

/** Runs a job: true when it completed (its state taken in), false when its question waits for a move. */
function runJob(state: Draft, rules: WarchonRules, job: Job, events: GameEvent[]): boolean {
  // Most announcements fire nothing on a state already settled: the job would give the same state.
  if (idleJob(state.core, rules, job) && state.core.random === state.random && isSettled(state.core, state.step === 'movement' ? state.inBattle : []))
    return true;
  const attempt = attemptJob(state.core, rules, job, []);
  if (!attempt.done) {
    state.pending = { job, base: state.core, answers: [], request: attempt.request };
    return false;
  }
  if (attempt.result.log.length > 0) events.push(...logEvents(attempt.result.log));
  withCore(state, rules, attempt.result.core, events);
  return true;
}

/** The Movement Round of `side` begins. */
function startTurn(s: Draft, rules: WarchonRules, side: string, turn: number, events: GameEvent[]): void {
  const core = withTurn(s.core, warchonRuleSet(rules), side, turn);
  events.push({ type: 'turn', turn, side });
  events.push({ type: 'phase', phase: 'movement', side, turn });
  s.step = 'movement';
  s.turn = turn;
  s.active = side;
  s.acted = [];
  s.departures = [];
  s.eventsUsed = [];
  s.queue = [];
  s.battle = null;
  s.inBattle = contested(core, rules);
  withCore(s, rules, core, events);
}

/** After turn-ends: durations of the turn end, the end a rule gave the game (end-game), or the next side's turn. */
function finishTurn(s: Draft, rules: WarchonRules, events: GameEvent[]): void {
  const side = s.core.active!;
  const expired = expire(withoutLog(s.core), { turnOf: side });
  events.push(...logEvents(expired.log));
  withCore(s, rules, expired.state, events);
  const draw = endedByRule(s.core, rules);
  if (draw !== null && victory(s.core, rules) === null) {
    events.push({ type: 'end', ...draw, turn: s.turn });
    s.result = draw;
    s.step = 'over';
    return;
  }
  // The other side (the first one that is not `side`, as Warchon has two), found without a closure.
  let next = side;
  for (const x of rules.sides) {
    if (x !== side) {
      next = x;
      break;
    }
  }
  startTurn(s, rules, next, s.turn + 1, events);
}

/** Whether the side has a unit in play at the spread with Hits left to take. */
function mayTakeHits(core: CoreState, spread: string, side: string): boolean {
  for (const u of core.units) if (takesHit(u, spread, side)) return true;
  return false;
}

/** The Hits left to assign, by sides that still have a unit to take them: the battle's own list when every entry stays (the usual case). */
function stillToAssign(core: CoreState, b: WarchonBattle): WarchonBattle['hits'] {
  let keep = 0;
  for (const h of b.hits) if (h.left > 0 && mayTakeHits(core, b.spread, h.side)) keep++;
  if (keep === b.hits.length) return b.hits;
  return b.hits.filter((h) => h.left > 0 && mayTakeHits(core, b.spread, h.side));
}

/** The stages of a battle up to its result: a battle whose one side is gone in them goes straight to its end. */
function untilResult(stage: string): boolean {
  return stage === 'fingers' || stage === 'event-fingers' || stage === 'before-result' || stage === 'apply';
}

/** Everything that follows until a side must decide (or the game is over); sets `active` to that side. */
export function advance(rules: WarchonRules, s: Draft, events: GameEvent[]): PlayResult<WarchonState> {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.result !== null) {
      s.step = 'over';
      return { state: s, events };
    }
    if (s.pending !== null) {
      s.active = s.pending.request.side;
      return { state: s, events };
    }
    if (s.step === 'army') {
      s.active = s.army!.building[0]!;
      return { state: s, events };
    }
    if (s.step === 'setup') {
      const unplaced = s.unplaced;
      const side = rules.setupOrder.find((x) => unplaced[x]!.length > 0);
      if (side !== undefined) {
        s.active = side;
        return { state: s, events };
      }
      startTurn(s, rules, rules.first, 1, events);
      continue;
    }
    const over = overflow(s.core, rules);
    if (over !== null) {
      s.active = over.side;
      return { state: s, events };
    }
    const won = victory(s.core, rules);
    if (won !== null) {
      events.push({ type: 'end', ...won, turn: s.turn });
      s.result = won;
      s.step = 'over';
      return { state: s, events };
    }
    if (s.step === 'movement') {
      s.active = s.core.active!;
      return { state: s, events };
    }
    const b = s.battle;
    if (b === null) {
      if (s.queue.length === 0) {
        if (runJob(s, rules, { kind: 'fire', event: { event: 'turn-ends', side: s.core.active } }, events)) finishTurn(s, rules, events);
        continue;
      }
      const spread = s.queue[0]!;
      if (!bothPresent(s.core, spread)) {
        s.queue = s.queue.slice(1);
        continue;
      }
      const started = newBattle(s.core, rules, spread);
      events.push({ type: 'phase', phase: 'battle', spread, side: s.core.active, turn: s.turn });
      s.battle = started.battle;
      withCore(s, rules, started.core, events);
      continue;
    }
    // A battle whose one side is gone (an event, a rule) goes straight to its end.
    if (untilResult(b.stage) && !bothPresent(s.core, b.spread)) {
      b.stage = 'end';
      b.attackerFingers = null;
      continue;
    }
    if (b.stage === 'fingers' || b.stage === 'event-fingers') {
      const cb = s.core.battle!;
      s.active = b.attackerFingers === null ? cb.attacker : cb.defender;
      return { state: s, events };
    }
    if (b.stage === 'apply') {
      const found = lookUpResult(s, rules);
      events.push(found.event);
      const result = rules.tables.parseResult(found.code);
      const cb = s.core.battle!;
      b.result = found.code;
      b.form = result.form;
      if (result.kind === 'hits') {
        b.hits = [
          { side: cb.attacker, left: result.attacker.kind === 'hits' ? result.attacker.hits : 0 },
          { side: cb.defender, left: result.defender.kind === 'hits' ? result.defender.hits : 0 },
        ].filter((h) => h.left > 0);
        b.stage = 'assign';
      } else b.stage = 'effects';
      continue;
    }
    if (b.stage === 'assign') {
      const hits = stillToAssign(s.core, b);
      if (hits.length === 0) {
        b.hits = hits;
        b.stage = 'applied';
        continue;
      }
      b.hits = hits;
      s.active = hits[0]!.side;
      return { state: s, events };
    }
    // An announcement nobody listens for, with no delayed effect waiting, on a settled state gives
    // the same state (runJob's idle case): no job is made for it.
    const announced = STAGE_EVENTS[b.stage];
    const idle =
      announced !== undefined && quietEvent(s.core, rules, announced) && s.core.log.length === 0 && s.core.random === s.random && isSettled(s.core, []);
    if (idle || runJob(s, rules, stageJob(s, rules), events)) {
      // A battle's end is a change like any other: the static rules are recomputed before anything
      // else is announced (turn-ends, with its delayed effects, or the next battle). afterJob puts
      // it into the draft, so the settled core before it is the one to compare with.
      const before = s.core;
      afterJob(s, rules);
      if (s.battle === null) withCore(s, rules, s.core, events, before);
    }
  }
  throw new Error('The game did not reach a decision after 10,000 steps.');
}

/** How many fields the move has (its kind and its arguments), counted without making a list. */
function fieldCount(move: WarchonMove): number {
  let n = 0;
  for (const _ in move) n++;
  return n;
}

/**
 * Whether `move` is one `listMoves` offers. The moves asked at every step (a unit moving or holding,
 * the end of the Movement Round, fingers, Hits) are checked directly against the conditions under
 * which the listing offers them: no result, no question pending, no army over Capacity, and then
 * the step's own (a unit of the active side that has not acted, moving to one of its destinations;
 * fingers min..max; a Hit to a unit of the side assigning there with Hits left). Any other move is
 * looked up in the listing (test/warchon-speed-legality.test.ts checks the two agree).
 */
function isLegal(rules: WarchonRules, state: WarchonState, move: WarchonMove): boolean {
  if (move.kind === 'move' || move.kind === 'hold' || move.kind === 'end-movement') {
    const core = state.core;
    if (
      state.result === null &&
      state.pending === null &&
      state.step === 'movement' &&
      overflow(core, rules) === null &&
      fieldCount(move) === (move.kind === 'end-movement' ? 1 : move.kind === 'hold' ? 2 : 3)
    ) {
      if (move.kind === 'end-movement') return true;
      const unit = typeof move.unit === 'string' ? findUnit(core, move.unit) : undefined;
      if (unit === undefined || !actsNow(state, unit)) return false;
      return move.kind === 'hold' || (typeof move.to === 'string' && destinations(state, rules, unit).includes(move.to));
    }
  }
  if ((move.kind === 'fingers' || move.kind === 'assign') && fieldCount(move) === 2) {
    const b = state.battle;
    if (state.result === null && state.pending === null && state.step === 'battle' && b !== null && overflow(state.core, rules) === null) {
      if (move.kind === 'fingers' && (b.stage === 'fingers' || b.stage === 'event-fingers'))
        return Number.isInteger(move.n) && move.n >= rules.fingers.min && move.n <= rules.fingers.max;
      // A Hit goes to a unit of the side assigning, in play at the battle's spread, with Hits left.
      if (move.kind === 'assign' && b.stage === 'assign' && b.hits.length > 0) {
        const unit = typeof move.unit === 'string' ? findUnit(state.core, move.unit) : undefined;
        return unit !== undefined && takesHit(unit, b.spread, b.hits[0]!.side);
      }
    }
  }
  return listMoves(rules, state).some((m) => sameMove(m, move));
}

/** One more answer to the pending question: the job runs again with it, and either asks the next question or completes. */
function answer(s: Draft, rules: WarchonRules, ids: readonly string[], events: GameEvent[]): void {
  const p = s.pending!;
  const answers = [...p.answers, [...ids]];
  const attempt = attemptJob(p.base, rules, p.job, answers);
  if (!attempt.done) {
    s.pending = { ...p, answers, request: attempt.request };
    return;
  }
  events.push(...logEvents(attempt.result.log));
  s.pending = null;
  withCore(s, rules, attempt.result.core, events);
  if (s.battle !== null) afterJob(s, rules);
  else finishTurn(s, rules, events);
}

/**
 * The state before any fingers of the number under way were shown (a bot rates each pair of counts
 * from it): a battle's attacker's fingers taken back, or, for a number an effect generates, the
 * answers given with the one asked now (its `after`) taken back and their first question asked again.
 */
export function beforeFingers(rules: WarchonRules, state: WarchonState): WarchonState {
  const b = state.battle;
  const p = state.pending;
  if (p !== null && p.request.kind === 'number' && p.request.after.length > 0) {
    const answers = p.answers.slice(0, p.answers.length - p.request.after.length);
    const attempt = attemptJob(p.base, rules, p.job, answers);
    if (attempt.done) throw new Error(`The question before "${p.request.reason}" was not asked again.`);
    return stateWith(state, { pending: { ...p, answers, request: attempt.request }, active: attempt.request.side });
  }
  if (b !== null && b.attackerFingers !== null)
    return stateWith(state, { battle: battleStageWith(b, { attackerFingers: null }), active: state.core.battle!.attacker });
  return state;
}

export function playMove(rules: WarchonRules, state: WarchonState, move: WarchonMove): PlayResult<WarchonState> {
  if (!isLegal(rules, state, move)) throw new IllegalMove(`${JSON.stringify(move)} is not a legal move now.`);
  const events: GameEvent[] = [{ type: 'move', side: state.active, turn: state.turn, step: state.step, move: move as never }];
  const s = draft(state);
  if (s.core.random !== s.random) s.core = withRandom(s.core, s.random);
  switch (move.kind) {
    case 'recruit': {
      const side = s.army!.building[0]!;
      const build = rules.builds.find((b) => b.side === side)!;
      let n = 1;
      while (s.core.units.some((u) => u.id === `${move.unit}-${n}`)) n++;
      const id = `${move.unit}-${n}`;
      s.core = coreWith(s.core, { units: [...s.core.units, makeUnit(armyUnit(rules, side, id, move.unit))] });
      s.unplaced = { ...s.unplaced, [side]: [...s.unplaced[side]!, id] };
      events.push({
        type: 'effect',
        effect: 'recruit',
        rule: build.key,
        side,
        unit: id,
        record: move.unit,
        points: build.offer.find((o) => o.record === move.unit)!.points,
        spent: spentOn(rules, s, side),
        budget: build.points,
      });
      break;
    }
    case 'end-army': {
      const side = s.army!.building[0]!;
      const build = rules.builds.find((b) => b.side === side)!;
      events.push({
        type: 'effect',
        effect: 'army-built',
        rule: build.key,
        side,
        units: [...s.unplaced[side]!],
        spent: spentOn(rules, s, side),
        budget: build.points,
      });
      const building = s.army!.building.slice(1);
      s.army = { building };
      s.step = building.length > 0 ? 'army' : 'setup';
      break;
    }
    case 'place': {
      const core = updateUnit(s.core, move.unit, (u) => unitWith(u, { location: move.spread }));
      const side = findUnit(core, move.unit)!.side;
      events.push({ type: 'effect', effect: 'place', rule: rules.keys.place, unit: move.unit, spread: move.spread });
      s.core = core;
      s.unplaced = { ...s.unplaced, [side]: s.unplaced[side]!.filter((id) => id !== move.unit) };
      break;
    }
    case 'move': {
      const unit = findUnit(s.core, move.unit)!;
      const moved = moveUnit(s.core, move.unit, move.to);
      events.push({ type: 'effect', effect: 'move', rule: rules.keys.movement, unit: move.unit, from: unit.location, to: move.to });
      events.push(...logEvents(moved.log));
      s.acted = [...s.acted, move.unit];
      s.departures = [...s.departures, { unit: move.unit, from: unit.location!, side: unit.controlledBy?.side ?? unit.side }];
      withCore(s, rules, moved.state, events);
      break;
    }
    case 'hold':
      events.push({ type: 'effect', effect: 'hold', rule: rules.keys.movement, unit: move.unit });
      s.acted = [...s.acted, move.unit];
      break;
    case 'end-movement': {
      const core = s.core;
      const queue = contested(core, rules);
      events.push({
        type: 'effect',
        effect: 'end-movement',
        rule: rules.keys.turn,
        side: core.active,
        battles: queue,
        shifted: core.units.filter((u) => !u.destroyed && u.side === core.active && !s.acted.includes(u.id)).map((u) => u.id),
      });
      s.step = 'battle';
      s.queue = queue;
      s.inBattle = [];
      withCore(s, rules, core, events);
      break;
    }
    case 'fingers': {
      // Fingers for a number an effect generates: an answer to its question (hooks.ts generateNumber).
      if (s.pending !== null) {
        answer(s, rules, [String(move.n)], events);
        break;
      }
      const b = s.battle!;
      // The attacker's fingers stay in the state unseen by the defender's moves; both are logged once fixed.
      if (b.attackerFingers === null) b.attackerFingers = move.n;
      else events.push(...numberShown(s, rules, move.n));
      break;
    }
    case 'assign': {
      const b = s.battle!;
      const hit = hitUnit(s.core, move.unit, rules.results[b.form!]?.key ?? rules.keys.damage);
      events.push(...hit.events);
      const hits = b.hits.slice();
      hits[0] = { side: hits[0]!.side, left: hits[0]!.left - 1 };
      b.hits = hits;
      withCore(s, rules, hit.core, events);
      break;
    }
    case 'destroy': {
      const lost = destroyForCapacity(s.core, rules, move.unit);
      events.push(...lost.events);
      withCore(s, rules, lost.core, events);
      break;
    }
    case 'choose':
      answer(s, rules, move.ids, events);
      break;
  }
  const played = advance(rules, s, events);
  noteSeen(s);
  return played;
}

/**
 * A battle under way opens its spread: the units there are seen by every side from now on (ruling
 * seen-units-stay-known). Noted when a move returns, so at every decision asked in a battle (each
 * battle asks for fingers at least), units that came in during it included.
 */
function noteSeen(s: Draft): void {
  if (s.battle === null) return;
  const spread = s.battle.spread;
  let seen: Draft['seen'] | null = null;
  for (const u of s.core.units) {
    if (u.location !== spread || u.destroyed) continue;
    for (const side in s.seen) {
      const list: readonly string[] = (seen ?? s.seen)[side]!;
      if (!list.includes(u.id)) seen = { ...(seen ?? s.seen), [side]: [...list, u.id] };
    }
  }
  if (seen !== null) s.seen = seen;
}
