// Playing a move, then everything it sets off up to the next decision (`advance`): set-up, the
// Movement Round, the battles in spread order, the end of the turn, Capacity losses and victory.
// A move the state does not offer throws IllegalMove.
import { IllegalMove, type GameEvent, type PlayResult } from '../core/game.js';
import { moveUnit } from '../core/move.js';
import { expire } from '../core/expire.js';
import { fightsFor, findUnit, makeUnit, updateUnit, type CoreState, coreWith, unitWith, withoutLog } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { afterJob, bothPresent, lookUpResult, newBattle, numberShown, stageJob } from './battle.js';
import { destroyForCapacity, hitUnit, syncFaces } from './damage.js';
import { attemptJob, idleJob, logEvents } from './jobs.js';
import { listMoves, sameMove, spentOn } from './moves.js';
import { armyUnit } from './setup.js';
import { contested, overflow } from './movement.js';
import { isSettled, markSettled, recompute, withTurn } from './statics.js';
import { stateWith, battleStageWith, type Job, type WarchonMove, type WarchonState } from './state.js';
import { endedByRule, victory } from './victory.js';

/** The state with a new core: statics recomputed, faces turned, the generator carried to the top. */
function withCore(state: WarchonState, rules: WarchonRules, core: CoreState, events: GameEvent[]): WarchonState {
  const inBattle = state.step === 'movement' ? state.inBattle : [];
  // Nothing changed since the last recompute: no face to turn, the marks already right.
  if (isSettled(core, inBattle)) return core === state.core && core.random === state.random ? state : stateWith(state, { core, random: core.random });
  const faced = syncFaces(core, rules);
  events.push(...faced.events);
  const statics = recompute(faced.core, rules, inBattle, state.core);
  events.push(...logEvents(statics.log));
  return stateWith(state, { core: markSettled(withoutLog(statics.core)), random: statics.core.random });
}

/** The core with the generator in force (a bot's look-ahead replaces it); still settled if it was (no static rule or face reads the generator). */
function withRandom(core: CoreState, random: CoreState['random']): CoreState {
  return coreWith(core, { random, settled: core.settled });
}

/** Runs a job; on completion `then` gives the next state, else the question waits for a move. */
function runJob(state: WarchonState, rules: WarchonRules, job: Job, events: GameEvent[], then: (s: WarchonState) => WarchonState): WarchonState {
  // Most announcements fire nothing on a state already settled: the job would give the same state.
  if (idleJob(state.core, rules, job) && state.core.random === state.random && isSettled(state.core, state.step === 'movement' ? state.inBattle : [])) return then(state);
  const attempt = attemptJob(state.core, rules, job, []);
  if (!attempt.done) return stateWith(state, { pending: { job, base: state.core, answers: [], request: attempt.request } });
  events.push(...logEvents(attempt.result.log));
  return then(withCore(state, rules, attempt.result.core, events));
}

/** The Movement Round of `side` begins. */
function startTurn(state: WarchonState, rules: WarchonRules, side: string, turn: number, events: GameEvent[]): WarchonState {
  const core = withTurn(state.core, rules, side, turn);
  events.push({ type: 'turn', turn, side });
  events.push({ type: 'phase', phase: 'movement', side, turn });
  const s: WarchonState = stateWith(state, { step: 'movement', turn, active: side, acted: [], departures: [], eventsUsed: [], queue: [], battle: null, inBattle: contested(core, rules) });
  return withCore(s, rules, core, events);
}

/** After turn-ends: durations of the turn end, the end a rule gave the game (end-game), or the next side's turn. */
function finishTurn(state: WarchonState, rules: WarchonRules, events: GameEvent[]): WarchonState {
  const side = state.core.active!;
  const expired = expire(withoutLog(state.core), { turnOf: side });
  events.push(...logEvents(expired.log));
  let s = withCore(state, rules, expired.state, events);
  const draw = endedByRule(s.core, rules);
  if (draw !== null && victory(s.core, rules) === null) {
    events.push({ type: 'end', ...draw, turn: s.turn });
    return stateWith(s, { result: draw, step: 'over' });
  }
  const next = rules.sides.find((x) => x !== side)!;
  s = startTurn(s, rules, next, s.turn + 1, events);
  return s;
}

/** The stages of a battle up to its result: a battle whose one side is gone in them goes straight to its end. */
const UNTIL_RESULT: ReadonlySet<string> = new Set(['fingers', 'event-fingers', 'before-result', 'apply']);

/** Everything that follows until a side must decide (or the game is over); sets `active` to that side. */
export function advance(rules: WarchonRules, start: WarchonState, events: GameEvent[]): PlayResult<WarchonState> {
  let s = start;
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.result !== null) return { state: stateWith(s, { step: 'over' }), events };
    if (s.pending !== null) return { state: stateWith(s, { active: s.pending.request.side }), events };
    if (s.step === 'army') return { state: stateWith(s, { active: s.army!.building[0]! }), events };
    if (s.step === 'setup') {
      const side = rules.setupOrder.find((x) => s.unplaced[x]!.length > 0);
      if (side !== undefined) return { state: stateWith(s, { active: side }), events };
      s = startTurn(s, rules, rules.first, 1, events);
      continue;
    }
    const over = overflow(s.core, rules);
    if (over !== null) return { state: stateWith(s, { active: over.side }), events };
    const won = victory(s.core, rules);
    if (won !== null) {
      events.push({ type: 'end', ...won, turn: s.turn });
      return { state: stateWith(s, { result: won, step: 'over' }), events };
    }
    if (s.step === 'movement') return { state: stateWith(s, { active: s.core.active! }), events };
    const b = s.battle;
    if (b === null) {
      if (s.queue.length === 0) {
        const turnEnds: GameEvent[] = [];
        s = runJob(s, rules, { kind: 'fire', event: { event: 'turn-ends', side: s.core.active } }, turnEnds, (x) => finishTurn(x, rules, turnEnds));
        events.push(...turnEnds);
        continue;
      }
      const spread = s.queue[0]!;
      if (!bothPresent(s.core, spread)) {
        s = stateWith(s, { queue: s.queue.slice(1) });
        continue;
      }
      const started = newBattle(s.core, rules, spread);
      events.push({ type: 'phase', phase: 'battle', spread, side: s.core.active, turn: s.turn });
      s = withCore(stateWith(s, { battle: started.battle }), rules, started.core, events);
      continue;
    }
    // A battle whose one side is gone (an event, a rule) goes straight to its end.
    if (UNTIL_RESULT.has(b.stage) && !bothPresent(s.core, b.spread)) {
      s = stateWith(s, { battle: battleStageWith(b, { stage: 'end', attackerFingers: null }) });
      continue;
    }
    if (b.stage === 'fingers' || b.stage === 'event-fingers') {
      const cb = s.core.battle!;
      return { state: stateWith(s, { active: b.attackerFingers === null ? cb.attacker : cb.defender }), events };
    }
    if (b.stage === 'apply') {
      const found = lookUpResult(s, rules);
      events.push(found.event);
      const result = rules.tables.parseResult(found.code);
      const cb = s.core.battle!;
      if (result.kind === 'hits') {
        const hits = [
          { side: cb.attacker, left: result.attacker.kind === 'hits' ? result.attacker.hits : 0 },
          { side: cb.defender, left: result.defender.kind === 'hits' ? result.defender.hits : 0 },
        ].filter((h) => h.left > 0);
        s = stateWith(s, { battle: battleStageWith(b, { result: found.code, form: result.form, stage: 'assign', hits }) });
      } else s = stateWith(s, { battle: battleStageWith(b, { result: found.code, form: result.form, stage: 'effects' }) });
      continue;
    }
    if (b.stage === 'assign') {
      const units = (side: string) => s.core.units.filter((u) => !u.destroyed && u.location === b.spread && (u.controlledBy?.side ?? u.side) === side && u.hits > 0);
      const hits = b.hits.filter((h) => h.left > 0 && units(h.side).length > 0);
      if (hits.length === 0) {
        s = stateWith(s, { battle: battleStageWith(b, { hits: [], stage: 'applied' }) });
        continue;
      }
      return { state: stateWith(s, { battle: battleStageWith(b, { hits }), active: hits[0]!.side }), events };
    }
    const job = stageJob(s, rules);
    if (job === null) throw new Error(`Battle stage ${b.stage} has no job.`);
    // A battle's end is a change like any other: the static rules are recomputed before anything
    // else is announced (turn-ends, with its delayed effects, or the next battle).
    s = runJob(s, rules, job, events, (x) => {
      const next = afterJob(x);
      return next.battle === null ? withCore(next, rules, next.core, events) : next;
    });
  }
  throw new Error('The game did not reach a decision after 10,000 steps.');
}

/**
 * Whether `move` is one `listMoves` offers. Fingers and Hits, asked at every battle, are checked
 * directly against the conditions under which the listing offers them (no result, no question
 * pending, no army over Capacity, a battle asking for fingers: the numbers min..max; a battle
 * assigning Hits: the side's units there with Hits left); any other move is looked up in the listing.
 */
function isLegal(rules: WarchonRules, state: WarchonState, move: WarchonMove): boolean {
  if ((move.kind === 'fingers' || move.kind === 'assign') && Object.keys(move).length === 2) {
    const b = state.battle;
    if (state.result === null && state.pending === null && state.step === 'battle' && b !== null && overflow(state.core, rules) === null) {
      if (move.kind === 'fingers' && (b.stage === 'fingers' || b.stage === 'event-fingers')) return Number.isInteger(move.n) && move.n >= rules.fingers.min && move.n <= rules.fingers.max;
      // A Hit goes to a unit of the side assigning, in play at the battle's spread, with Hits left.
      if (move.kind === 'assign' && b.stage === 'assign' && b.hits.length > 0) {
        const unit = typeof move.unit === 'string' ? findUnit(state.core, move.unit) : undefined;
        return unit !== undefined && !unit.destroyed && unit.location === b.spread && fightsFor(unit) === b.hits[0]!.side && unit.hits > 0;
      }
    }
  }
  return listMoves(rules, state).some((m) => sameMove(m, move));
}

export function playMove(rules: WarchonRules, state: WarchonState, move: WarchonMove): PlayResult<WarchonState> {
  if (!isLegal(rules, state, move)) throw new IllegalMove(`${JSON.stringify(move)} is not a legal move now.`);
  const events: GameEvent[] = [{ type: 'move', side: state.active, turn: state.turn, step: state.step, move: move as never }];
  let s: WarchonState = state.core.random === state.random ? state : stateWith(state, { core: withRandom(state.core, state.random) });
  switch (move.kind) {
    case 'recruit': {
      const side = s.army!.building[0]!;
      const build = rules.builds.find((b) => b.side === side)!;
      let n = 1;
      while (s.core.units.some((u) => u.id === `${move.unit}-${n}`)) n++;
      const id = `${move.unit}-${n}`;
      const core: CoreState = coreWith(s.core, { units: [...s.core.units, makeUnit(armyUnit(rules, side, id, move.unit))] });
      s = stateWith(s, { core, unplaced: { ...s.unplaced, [side]: [...s.unplaced[side]!, id] } });
      events.push({ type: 'effect', effect: 'recruit', rule: build.key, side, unit: id, record: move.unit, points: build.offer.find((o) => o.record === move.unit)!.points, spent: spentOn(rules, s, side), budget: build.points });
      break;
    }
    case 'end-army': {
      const side = s.army!.building[0]!;
      const build = rules.builds.find((b) => b.side === side)!;
      events.push({ type: 'effect', effect: 'army-built', rule: build.key, side, units: [...s.unplaced[side]!], spent: spentOn(rules, s, side), budget: build.points });
      const building = s.army!.building.slice(1);
      s = stateWith(s, { army: { building }, step: building.length > 0 ? 'army' : 'setup' });
      break;
    }
    case 'place': {
      const core = updateUnit(s.core, move.unit, (u) => (unitWith(u, { location: move.spread })));
      const side = findUnit(core, move.unit)!.side;
      events.push({ type: 'effect', effect: 'place', rule: rules.keys.place, unit: move.unit, spread: move.spread });
      s = stateWith(s, { core, unplaced: { ...s.unplaced, [side]: s.unplaced[side]!.filter((id) => id !== move.unit) } });
      break;
    }
    case 'move': {
      const unit = findUnit(s.core, move.unit)!;
      const moved = moveUnit(s.core, move.unit, move.to);
      events.push({ type: 'effect', effect: 'move', rule: rules.keys.movement, unit: move.unit, from: unit.location, to: move.to });
      events.push(...logEvents(moved.log));
      s = stateWith(s, { acted: [...s.acted, move.unit], departures: [...s.departures, { unit: move.unit, from: unit.location!, side: unit.controlledBy?.side ?? unit.side }] });
      s = withCore(s, rules, moved.state, events);
      break;
    }
    case 'hold':
      events.push({ type: 'effect', effect: 'hold', rule: rules.keys.movement, unit: move.unit });
      s = stateWith(s, { acted: [...s.acted, move.unit] });
      break;
    case 'end-movement': {
      const queue = contested(s.core, rules);
      events.push({ type: 'effect', effect: 'end-movement', rule: rules.keys.turn, side: s.core.active, battles: queue, shifted: s.core.units.filter((u) => !u.destroyed && u.side === s.core.active && !s.acted.includes(u.id)).map((u) => u.id) });
      s = withCore(stateWith(s, { step: 'battle', queue, inBattle: [] }), rules, s.core, events);
      break;
    }
    case 'fingers': {
      const b = s.battle!;
      // The attacker's fingers stay in the state unseen by the defender's moves; both are logged once fixed.
      if (b.attackerFingers === null) s = stateWith(s, { battle: battleStageWith(b, { attackerFingers: move.n }) });
      else {
        const shown = numberShown(s, rules, move.n);
        events.push(...shown.events);
        s = shown.state;
      }
      break;
    }
    case 'assign': {
      const b = s.battle!;
      const hit = hitUnit(s.core, rules, move.unit, rules.results[b.form!]?.key ?? rules.keys.damage);
      events.push(...hit.events);
      const hits = b.hits.map((h, i) => (i === 0 ? { ...h, left: h.left - 1 } : h));
      s = withCore(stateWith(s, { battle: battleStageWith(b, { hits }) }), rules, hit.core, events);
      break;
    }
    case 'destroy': {
      const lost = destroyForCapacity(s.core, rules, move.unit);
      events.push(...lost.events);
      s = withCore(s, rules, lost.core, events);
      break;
    }
    case 'choose': {
      const p = s.pending!;
      const answers = [...p.answers, [...move.ids]];
      const attempt = attemptJob(p.base, rules, p.job, answers);
      if (!attempt.done) s = stateWith(s, { pending: { ...p, answers, request: attempt.request } });
      else {
        events.push(...logEvents(attempt.result.log));
        s = withCore(stateWith(s, { pending: null }), rules, attempt.result.core, events);
        s = s.battle !== null ? afterJob(s) : finishTurn(s, rules, events);
      }
      break;
    }
  }
  return advance(rules, s, events);
}
