// One battle, stage by stage (state.ts BattleStage): battle-starts announced; total AS of the
// attacker against total DS of the defender, the column; the number from both players' fingers;
// an event when the cell calls for one (one per spread per turn), then a new number; before-result;
// the result (Hits split by their owners, AE/DE/Eg/So by their records' effects); result-applied;
// battle-ends. Each announcement and effect runs through the rule interpreter.
import type { TriggerEvent } from '../../../generated/types/common/defs.js';
import { battleUnits, endBattle, startBattle } from '../core/battle.js';
import type { GameEvent } from '../core/game.js';
import { fightsFor, type CoreState, withoutLog } from '../core/state.js';
import { effectiveStat } from '../core/stats.js';
import type { WarchonRules } from './content.js';
import { quietEvent } from './jobs.js';
import { clampDifferential, columnFor, rngCell } from './tables.js';
import type { BattleStage, Draft, Job, WarchonBattle, WarchonState } from './state.js';

export function attackerOf(core: CoreState): string {
  return core.battle!.attacker;
}

/** Total effective strength of one side's units at the spread (AS or DS), whole and not below 0. */
export function total(core: CoreState, spread: string, side: string, stat: 'as' | 'ds'): number {
  let sum = 0;
  for (const u of core.units)
    if (!u.destroyed && u.location === spread && fightsFor(u) === side) sum += (u.modifiers.length === 0 ? u.stats[stat] : effectiveStat(u, stat)) ?? 0;
  return Math.max(0, Math.floor(sum));
}

/** Both armies still have units here. */
export function bothPresent(core: CoreState, spread: string): boolean {
  // Asked at every step of a battle until its result: once per set of units and spread.
  if (lastPresent.units === core.units && lastPresent.spread === spread) return lastPresent.both;
  let first: string | null = null;
  let both = false;
  for (const u of core.units) {
    if (u.destroyed || u.location !== spread) continue;
    const side = fightsFor(u);
    if (first === null) first = side;
    else if (side !== first) {
      both = true;
      break;
    }
  }
  lastPresent.units = core.units;
  lastPresent.spread = spread;
  lastPresent.both = both;
  return both;
}

/** The units and spread last asked about and the answer (arrays of units are never changed in place), written in place. */
const lastPresent: { units: CoreState['units'] | null; spread: string; both: boolean } = { units: null, spread: '', both: false };

export function newBattle(core: CoreState, rules: WarchonRules, spread: string): { core: CoreState; battle: WarchonBattle } {
  const attacker = core.active!;
  const defender = rules.sides.find((s) => s !== attacker)!;
  const started = startBattle(core, { location: spread, attacker, defender, controlling: rules.controlling === 'attacker' ? attacker : defender });
  return {
    core: started,
    battle: { spread, stage: 'start', attackerFingers: null, number: null, entry: null, ignoreEvents: false, result: null, form: null, hits: [] },
  };
}

/** The event each stage announces, where it announces one. */
export const STAGE_EVENTS: { readonly [stage in BattleStage]?: TriggerEvent } = {
  start: 'battle-starts',
  'before-result': 'before-result',
  applied: 'result-applied',
  end: 'battle-ends',
};

/**
 * The interpreter's job of a stage (play.ts asks only in a stage that has one): its announcement,
 * an event entry's effects, or a result record's. An announcement that fires nothing (jobs.ts
 * quietEvent) names no units: nothing reads them.
 */
export function stageJob(state: WarchonState, rules: WarchonRules): Job {
  const b = state.battle!;
  const core = state.core;
  const announced = STAGE_EVENTS[b.stage];
  if (announced !== undefined) {
    const units = quietEvent(core, rules, announced) ? [] : battleUnits(core).map((u) => u.id);
    const event = { event: announced, location: b.spread, side: attackerOf(core), units };
    return { kind: 'fire', event: b.stage === 'applied' ? { ...event, result: b.result } : event };
  }
  if (b.stage === 'event') return { kind: 'event-entry', spread: b.spread, number: b.entry! };
  if (b.stage === 'effects') return { kind: 'result', form: b.form! };
  throw new Error(`Battle stage ${b.stage} has no job.`);
}

/** The stage after a stage's job completed (written into the draft). */
export function afterJob(state: Draft, rules: WarchonRules): void {
  const b = state.battle!;
  switch (b.stage) {
    case 'start':
      b.stage = 'fingers';
      return;
    case 'event': {
      const cb = state.core.battle!;
      if (cb.ended) b.stage = 'end';
      // "Use the original number": the number that called the event gives the result.
      else if (cb.useOriginalNumber) {
        b.stage = 'before-result';
        b.ignoreEvents = true;
      } else {
        // A new number; its E calls another event only while the spread has events left this turn.
        b.stage = 'fingers';
        b.ignoreEvents = eventsHere(state, b.spread) >= rules.eventsPerTurn;
      }
      return;
    }
    case 'before-result':
      b.stage = 'apply';
      return;
    case 'effects':
      b.stage = 'applied';
      return;
    case 'applied':
      b.stage = 'end';
      return;
    case 'end': {
      const ended = endBattle(state.core);
      state.core = withoutLog(ended.state);
      state.battle = null;
      state.queue = state.queue.slice(1);
      return;
    }
    default:
      return;
  }
}

/** The Random Events that happened at `spread` this turn. */
function eventsHere(state: WarchonState | Draft, spread: string): number {
  let used = 0;
  for (const s of state.eventsUsed) if (s === spread) used++;
  return used;
}

/**
 * Both fingers fixed: the number from the spread's RNG, written into the draft. For the
 * combat number, an E cell calls the spread's Events Table unless the events there this turn
 * reached rules core /events/perLocationPerTurn (or the spread has none). Returns what the players see.
 */
export function numberShown(state: Draft, rules: WarchonRules, defenderFingers: number): GameEvent[] {
  const b = state.battle!;
  const tables = rules.tables.spreads.get(b.spread)!;
  const fingers = { attacker: b.attackerFingers!, defender: defenderFingers };
  const cell = rngCell(tables, fingers, rules.attackerReads)?.value;
  if (!cell) throw new Error(`Spread ${b.spread} has no RNG value for ${fingers.attacker} and ${fingers.defender} fingers.`);
  const shown: GameEvent = {
    type: 'fingers',
    rule: rules.keys.rng,
    spread: b.spread,
    purpose: b.stage === 'event-fingers' ? 'event' : 'combat',
    attacker: fingers.attacker,
    defender: fingers.defender,
    number: cell.number,
    event: cell.event,
  };
  b.attackerFingers = null;
  if (b.stage === 'event-fingers') {
    b.entry = cell.number;
    b.stage = 'event';
    return [shown];
  }
  b.number = cell.number;
  const events = rules.spread.get(b.spread)!.events;
  if (cell.event && !b.ignoreEvents && events !== null && eventsHere(state, b.spread) < rules.eventsPerTurn) {
    state.eventsUsed = [...state.eventsUsed, b.spread];
    b.stage = 'event-fingers';
    return [shown, { type: 'event-called', rule: rules.keys.events, spread: b.spread }];
  }
  b.stage = 'before-result';
  return [shown];
}

/** The combat result now: AS and DS recalculated, the column, the number's row (or a result a rule set). */
export function lookUpResult(state: WarchonState, rules: WarchonRules): { code: string; event: GameEvent } {
  const b = state.battle!;
  const core = state.core;
  const cb = core.battle!;
  const tables = rules.tables.spreads.get(b.spread)!;
  const as = total(core, b.spread, cb.attacker, 'as');
  const ds = total(core, b.spread, cb.defender, 'ds');
  const column = columnFor(tables, clampDifferential(as - ds, rules.clamp));
  if (!column) throw new Error(`Spread ${b.spread} has no column for the differential ${as - ds}.`);
  const cell = tables.rows[b.number! - 1]?.[column.index]?.value;
  const code = cb.resultOverride ?? cell?.code;
  if (code === undefined) throw new Error(`Spread ${b.spread} has no result for number ${b.number} in column ${column.column.label}.`);
  return {
    code,
    event: {
      type: 'result',
      rule: rules.keys.combat,
      spread: b.spread,
      as,
      ds,
      differential: as - ds,
      column: column.column.label,
      number: b.number!,
      result: code,
      override: cb.resultOverride !== null,
    },
  };
}
