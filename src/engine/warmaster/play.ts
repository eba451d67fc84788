// Playing a move, then everything it sets off up to the next decision (`advance`): set-up, the six
// phases of each game turn in order (Imperial reinforcements, movement, battle; Traitor
// reinforcements, movement, battle), each side's turn starting with its reinforcements phase, and
// victory. A move the state does not offer throws IllegalMove. A play works on its own copy of the
// state (state.ts Draft) and returns it as the new state.
import { expire } from '../core/expire.js';
import { IllegalMove, type GameEvent, type PlayResult } from '../core/game.js';
import { moveUnit } from '../core/move.js';
import { withTurn } from '../core/rules/statics-cache.js';
import { coreWith, findUnit, withoutLog } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import {
  afterResult,
  announceRound,
  applyResult,
  battleDone,
  battleEnd,
  battleNext,
  battleStart,
  decideReroll,
  rerollStage,
  retreats,
  reveal,
  roll,
} from './battle.js';
import { warmasterRuleSet } from './hooks.js';
import { attemptJob, logEvents } from './jobs.js';
import { isLegalMove, revealableAtWill } from './moves.js';
import { arrive, arrived, draw, teleportDone, teleportNext, teleportRoll } from './reinforcements.js';
import { addBattle, revealsAt, runJob, setCore, turnFaceUp, withRandom, type Next } from './steps.js';
import { draft, type Draft, type WarmasterMove, type WarmasterState } from './state.js';
import { turnLimit, victory } from './victory.js';

/** The phase under way. */
function phaseOf(rules: WarmasterRules, s: Draft) {
  return rules.phases.find((p) => p.id === s.phase)!;
}

/** A phase begins: its side acts; a side's first phase (reinforcements) begins its turn. */
function enterPhase(rules: WarmasterRules, s: Draft, index: number, turn: number, events: GameEvent[]): void {
  const p = rules.phases[index]!;
  s.phase = p.id;
  s.turn = turn;
  s.active = p.side;
  setCore(s, coreWith(withTurn(s.core, warmasterRuleSet(rules), p.side, turn), { phase: p.id }));
  events.push({ type: 'phase', phase: p.id, rule: p.key, side: p.side, turn });
  s.stage = p.step === 'reinforcements' ? 'turn-start' : 'phase-start';
}

/** `phase-end`: a side's battle phase ends its turn (its turn's effects end); then the next phase, a new game turn after the last. */
function phaseEnd(rules: WarmasterRules, s: Draft, events: GameEvent[]): void {
  const index = rules.phases.findIndex((p) => p.id === s.phase);
  const p = rules.phases[index]!;
  if (p.step === 'battle') {
    const expired = expire(withoutLog(s.core), { turnOf: p.side });
    events.push(...logEvents(expired.log));
    setCore(s, withoutLog(expired.state));
  }
  const next = (index + 1) % rules.phases.length;
  const limit = next === 0 ? turnLimit(rules, s.turn) : null;
  if (limit !== null) {
    events.push({ type: 'end', ...limit, turn: s.turn });
    s.result = limit;
    return;
  }
  enterPhase(rules, s, next, next === 0 ? s.turn + 1 : s.turn, events);
}

function step(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const p = s.phase === null ? null : phaseOf(rules, s);
  switch (s.stage) {
    case 'place':
      if (s.unplaced.length > 0) {
        s.active = rules.setup!.side;
        return 'stop';
      }
      enterPhase(rules, s, 0, 1, events);
      return 'go';
    case 'turn-start':
      events.push({ type: 'turn', turn: s.turn, side: p!.side });
      s.stage = 'reveal-at-will';
      return 'go';
    case 'reveal-at-will':
      // The side may first turn a face-down piece face up (Horus), or keep it hidden: a move.
      if (revealableAtWill(rules, s).length > 0) {
        s.active = p!.side;
        return 'stop';
      }
      s.stage = 'turn-starts';
      return 'go';
    case 'turn-starts':
      return runJob(s, rules, { kind: 'fire', event: { event: 'turn-starts', side: p!.side } }, 'phase-start', events);
    case 'phase-start': {
      const first = p!.step === 'reinforcements' ? 'draw' : p!.step === 'movement' ? 'move' : 'battle-next';
      // A side's battles are those its units made by teleporting in (reinforcements) or moving in (movement).
      if (p!.step === 'reinforcements') s.battles = [];
      if (p!.step === 'movement') s.moved = [];
      return runJob(s, rules, { kind: 'fire', event: { event: 'phase-starts', side: p!.side, phase: p!.id } }, first, events);
    }
    case 'draw':
      return draw(rules, s, p!.side, events);
    case 'teleport-next':
      return teleportNext(rules, s, events);
    case 'teleport-roll':
      return teleportRoll(rules, s, events);
    case 'arrive':
      return arrive(rules, s, events);
    case 'arrived':
      return arrived(rules, s);
    case 'teleport-done':
      return teleportDone(s);
    case 'move':
      s.active = p!.side;
      return 'stop';
    case 'battle-next':
      return battleNext(rules, s);
    case 'reveal':
      return reveal(rules, s, events);
    case 'battle-start':
      return battleStart(rules, s, events);
    case 'round-start':
      return announceRound(rules, s, events, 'battle-round-starts');
    case 'before-result':
      return announceRound(rules, s, events, 'before-result');
    case 'roll':
      return roll(rules, s, events);
    case 'reroll':
      return rerollStage(s);
    case 'result':
      return applyResult(rules, s, events);
    case 'retreats':
      return retreats(rules, s, events);
    case 'after-result':
      return afterResult(rules, s, events);
    case 'battle-end':
      return battleEnd(rules, s, events);
    case 'battle-done':
      return battleDone(s);
    case 'phase-end':
      phaseEnd(rules, s, events);
      return 'go';
    case 'over':
      return 'stop';
  }
}

/** Everything that follows until a side must decide (or the game is over); sets `active` to that side. */
export function advance(rules: WarmasterRules, s: Draft, events: GameEvent[]): PlayResult<WarmasterState> {
  // The pieces and identities victory last read: it reads nothing else, so with neither changed since, nobody has won.
  let checkedUnits: WarmasterState['core']['units'] | null = null;
  let checkedIdentities: WarmasterState['identities'] | null = null;
  for (let guard = 0; guard < 100_000; guard++) {
    if (s.result === null && s.phase !== null && (s.core.units !== checkedUnits || s.identities !== checkedIdentities)) {
      checkedUnits = s.core.units;
      checkedIdentities = s.identities;
      const won = victory(rules, s);
      if (won !== null) {
        events.push({ type: 'end', ...won, turn: s.turn });
        s.result = won;
      }
    }
    if (s.result !== null) {
      s.stage = 'over';
      s.pending = null;
      return { state: s, events };
    }
    if (s.pending !== null) {
      s.active = s.pending.request.side;
      return { state: s, events };
    }
    if (step(rules, s, events) === 'stop') return { state: s, events };
  }
  throw new Error('The game did not reach a decision after 100,000 steps.');
}

/**
 * One more answer to the pending question: the job runs again with it. A group teleports as one
 * (its units arrive together): once its first unit's area is chosen, the rest of the group is
 * answered with the same area.
 */
function answer(rules: WarmasterRules, s: Draft, ids: readonly string[], events: GameEvent[]): void {
  const p = s.pending!;
  let answers = [...p.answers, [...ids]];
  let attempt = attemptJob(p.base, rules, p.job, answers);
  const together = p.job.kind === 'teleport-entry' || (p.job.kind === 'fire' && p.job.event.event === 'group-teleports');
  while (!attempt.done && together && attempt.request.kind === 'location' && attempt.request.candidates.includes(answers[0]![0]!)) {
    answers = [...answers, [answers[0]![0]!]];
    attempt = attemptJob(p.base, rules, p.job, answers);
  }
  if (!attempt.done) {
    s.pending = { ...p, answers, request: attempt.request };
    return;
  }
  events.push(...logEvents(attempt.result.log));
  s.pending = null;
  setCore(s, attempt.result.core);
  s.stage = p.then;
}

export function playMove(rules: WarmasterRules, state: WarmasterState, move: WarmasterMove): PlayResult<WarmasterState> {
  if (!isLegalMove(rules, state, move)) throw new IllegalMove(`${JSON.stringify(move)} is not a legal move now.`);
  const events: GameEvent[] = [{ type: 'move', side: state.active, turn: state.turn, phase: state.phase, move: move as never }];
  const s = draft(state);
  s.core = withRandom(s.core, s.random);
  switch (move.kind) {
    case 'place':
      setCore(s, moveUnit(s.core, move.piece, move.area).state);
      s.unplaced = s.unplaced.filter((id) => id !== move.piece);
      events.push({ type: 'effect', effect: 'place', rule: rules.setup!.key, piece: move.piece, area: move.area });
      break;
    case 'move': {
      const unit = findUnit(s.core, move.unit)!;
      const side = unit.side;
      const enemyHeld = rules.sides.some((x) => x !== side && s.core.units.some((u) => !u.destroyed && u.location === move.to && u.side === x));
      events.push({ type: 'effect', effect: 'move', rule: rules.phases.find((p) => p.id === s.phase)!.key, unit: move.unit, from: unit.location, to: move.to });
      setCore(s, moveUnit(s.core, move.unit, move.to).state);
      s.moved = [...s.moved, move.unit];
      if (enemyHeld) addBattle(rules, s, move.to);
      // A unit ending its move beside face-down enemy pieces turns them face up (ruling standard-face-down-pieces).
      const then = revealsAt(rules, s, move.to) ? 'reveal' : 'move';
      if (then === 'reveal') s.revealing = move.to;
      runJob(s, rules, { kind: 'fire', event: { event: 'unit-enters', location: move.to, side, units: [move.unit] } }, then, events);
      break;
    }
    case 'end-movement':
      events.push({ type: 'effect', effect: 'end-movement', rule: rules.phases.find((p) => p.id === s.phase)!.key, side: s.active, battles: [...s.battles] });
      s.stage = 'phase-end';
      break;
    case 'reroll':
      decideReroll(rules, s, move.use, events);
      break;
    case 'reveal': {
      // Turned face up by its own side: `unit-revealed` is that side's (Horus's retreat hears only an enemy's reveal).
      const unit = findUnit(s.core, move.piece)!;
      const rule = rules.revealAtWill.find((r) => r.record === s.identities[move.piece])!.key;
      const record = turnFaceUp(s, rules, move.piece);
      events.push({ type: 'reveal', piece: move.piece, record, area: unit.location, side: unit.side, rule });
      runJob(
        s,
        rules,
        { kind: 'fire', event: { event: 'unit-revealed', location: unit.location, side: unit.side, units: [move.piece] } },
        'turn-starts',
        events,
      );
      break;
    }
    case 'keep-hidden':
      s.stage = 'turn-starts';
      break;
    case 'choose':
      answer(rules, s, move.ids, events);
      break;
  }
  return advance(rules, s, events);
}
