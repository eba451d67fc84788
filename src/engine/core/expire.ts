// Durations end at moments the game announces: the end of a battle round, of a battle, of a turn
// (or of one side's turn), or a unit leaving its location. Ending a longer span ends the shorter
// ones inside it (a turn's end also ends its battles). `turns` durations count down at the end of
// each of the target's own turns and end at 0. `instant` and `permanent` never end here.
import type { Duration } from '../../../generated/types/common/defs.js';
import { entry, NO_ENTRIES, type LogEntry } from './log.js';
import type { CoreState, UnitState } from './state.js';
import { coreWith, unitWith } from './state.js';

export type Moment =
  | 'battle-round'
  | 'battle'
  /** The end of a game turn in which both sides act (Warchon): every unit's turn. */
  | 'turn'
  /** The end of one side's turn (Archon, Warmaster): counts down that side's units only. */
  | { readonly turnOf: string }
  /** A unit leaves its location: its `while-here` effects end there. */
  | { readonly leaving: string };

const ENDED_BY: Record<'battle-round' | 'battle' | 'turn', readonly Duration[]> = {
  'battle-round': ['battle-round'],
  battle: ['battle-round', 'battle'],
  turn: ['battle-round', 'battle', 'turn'],
};

export interface Expired {
  readonly state: CoreState;
  readonly log: readonly LogEntry[];
}

interface Timed {
  readonly duration: Duration;
  readonly turnsLeft: number | null;
}

/** What becomes of one timed thing at the moment, for one unit: kept as is, counted down, or ended. */
function settle<T extends Timed>(item: T, moment: Moment, unit: UnitState | null): T | null {
  if (typeof moment === 'string') {
    if (ENDED_BY[moment].includes(item.duration)) return null;
    if (moment === 'turn' && item.duration === 'turns') return countDown(item);
    return item;
  }
  if ('turnOf' in moment) {
    if (ENDED_BY.turn.includes(item.duration)) return null;
    if (item.duration === 'turns' && unit !== null && unit.side === moment.turnOf) return countDown(item);
    return item;
  }
  if (unit !== null && unit.id === moment.leaving && item.duration === 'while-here') return null;
  return item;
}

function countDown<T extends Timed>(item: T): T | null {
  const left = (item.turnsLeft ?? 1) - 1;
  return left <= 0 ? null : { ...item, turnsLeft: left };
}

/** Whether the moment leaves the unit as it is: its modifiers, its control, its prevented actions and its leaving (found without copying any of them). */
function unchanged(unit: UnitState, moment: Moment): boolean {
  if (unit.modifiers.length > 0 && !untouched(unit, moment)) return false;
  if (unit.controlledBy !== null && settle(unit.controlledBy, moment, unit) !== unit.controlledBy) return false;
  if (unit.prevented.length > 0 && counts(moment, unit)) return false;
  return unit.leaves === null || settle(unit.leaves, moment, unit) === unit.leaves;
}

/** Whether a location's movement limit ends: as a unit's effect, and `turns` (no count printed) after one turn. */
function endsRule(duration: Duration, moment: Moment): boolean {
  const span = typeof moment === 'string' ? moment : 'turnOf' in moment ? 'turn' : null;
  if (span === null) return false;
  return ENDED_BY[span].includes(duration) || (span === 'turn' && duration === 'turns');
}

function counts(moment: Moment, unit: UnitState): boolean {
  if (moment === 'turn') return true;
  return typeof moment === 'object' && 'turnOf' in moment && unit.side === moment.turnOf;
}

/** How the log names the moment. */
function labelOf(moment: Moment): string {
  return typeof moment === 'string' ? `end of ${moment}` : 'turnOf' in moment ? `end of ${moment.turnOf}'s turn` : `${moment.leaving} leaves its location`;
}

/** Durations no moment ends or counts down: a static rule's marks (`while`) and those that last for good. */
function lasting(duration: Duration): boolean {
  return duration === 'while' || duration === 'permanent' || duration === 'instant';
}

/** Whether the moment leaves every modifier of the unit as it is. */
function untouched(unit: UnitState, moment: Moment): boolean {
  for (const m of unit.modifiers) if (!lasting(m.duration) && settle(m, moment, unit) !== m) return false;
  return true;
}

/** Whether the moment ends any of the location's movement limits (one pass, no list made). */
function endsAnyRule(rules: CoreState['locationRules'], moment: Moment): boolean {
  for (const r of rules) if (!lasting(r.duration) && endsRule(r.duration, moment)) return true;
  return false;
}

/** Ends and counts down what the moment ends; writes the entries to `state.log` too. */
export function expire(state: CoreState, moment: Moment): Expired {
  const done = settleAll(state, moment);
  if (done.log.length === 0) return done;
  return { state: coreWith(done.state, { log: [...state.log, ...done.log] }), log: done.log };
}

/** As expire(), but leaves `state.log` to the caller (effects that move units record one step). */
export function settleAll(state: CoreState, moment: Moment): Expired {
  // Made once something ends: most moments end nothing.
  let log: LogEntry[] | null = null;
  // The units after the moment, made only once one of them changes: until then, state.units.
  let units: UnitState[] | null = null;
  let removed: string[] | null = null;
  for (let i = 0; i < state.units.length; i++) {
    const unit = state.units[i]!;
    // Nothing on the unit that this moment ends or counts down (most units, most of the time).
    if (unchanged(unit, moment)) {
      units?.push(unit);
      continue;
    }
    if (unit.leaves !== null && settle(unit.leaves, moment, unit) === null) {
      units ??= state.units.slice(0, i);
      (removed ??= []).push(unit.id);
      continue;
    }
    const modifiers = unit.modifiers.flatMap((m) => settle(m, moment, unit) ?? []);
    const controlledBy = unit.controlledBy !== null ? settle(unit.controlledBy, moment, unit) : null;
    const prevented =
      counts(moment, unit) && unit.prevented.length > 0
        ? unit.prevented.flatMap((p) => (p.turnsLeft - 1 > 0 ? [{ ...p, turnsLeft: p.turnsLeft - 1 }] : []))
        : unit.prevented;
    const leaves = unit.leaves !== null ? settle(unit.leaves, moment, unit) : null;
    const changed =
      modifiers.length !== unit.modifiers.length ||
      controlledBy !== unit.controlledBy ||
      prevented !== unit.prevented ||
      leaves !== unit.leaves ||
      modifiers.some((m, j) => m !== unit.modifiers[j]);
    if (!changed) {
      units?.push(unit);
      continue;
    }
    units ??= state.units.slice(0, i);
    const ended: string[] = [];
    if (modifiers.length < unit.modifiers.length) ended.push(`${unit.modifiers.length - modifiers.length} modifier(s)`);
    if (unit.controlledBy !== null && controlledBy === null) ended.push(`control by ${unit.controlledBy.side}`);
    if (prevented.length < unit.prevented.length) ended.push('prevented actions');
    if (ended.length > 0)
      (log ??= []).push(entry('expire', labelOf(moment), `${unit.name} (${unit.id}): ${ended.join(', ')} ended.`, { units: [unit.id], data: { ended } }));
    units.push(unitWith(unit, { modifiers, controlledBy, prevented, leaves }));
  }
  if (removed !== null) (log ??= []).push(entry('expire', labelOf(moment), `Leave play: ${removed.join(', ')}.`, { units: removed, data: { removed } }));
  const locationRules = endsAnyRule(state.locationRules, moment) ? state.locationRules.filter((r) => !endsRule(r.duration, moment)) : state.locationRules;
  if (locationRules.length < state.locationRules.length) {
    (log ??= []).push(
      entry('expire', labelOf(moment), `${state.locationRules.length - locationRules.length} movement limit(s) ended.`, {
        data: { ended: state.locationRules.length - locationRules.length },
      }),
    );
  }
  // Nothing ended: the state itself, so callers that key on it (a game's settled state) keep it.
  if (units === null && locationRules === state.locationRules) return { state, log: log ?? NO_ENTRIES };
  return { state: coreWith(state, { units: units ?? state.units, locationRules }), log: log ?? NO_ENTRIES };
}
