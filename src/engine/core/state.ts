// The core state the effect interpreter works on, which each game's engine embeds in its own.
// Plain JSON (no classes, no undefined, no Map) so a game can be saved, compared and replayed;
// every function here returns a new state and never changes the one it is given.
import type { Duration, Stat, Trigger } from '../../../generated/types/common/defs.js';
import type { Effect } from '../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { LogEntry } from './log.js';
import { seedRandom, type RandomState } from './random.js';

/** A stat change in force on a unit. `cs` changes both AS and DS. */
export interface Modifier {
  readonly stat: Stat;
  readonly op: 'add' | 'multiply' | 'set';
  readonly value: number;
  /** After `multiply`; null when the rule prints no rounding (the value may then be fractional). */
  readonly rounding: 'down' | 'up' | 'nearest' | null;
  readonly duration: Duration;
  /** Where the unit was when it began: a `while-here` modifier holds only there. Null for a static rule's mark (`while`), which holds wherever its rule does. */
  readonly location: string | null;
  /** For `turns`: how many more of the unit's turns it lasts. */
  readonly turnsLeft: number | null;
  readonly source: string;
}

/** Another army controls the unit (take-control). */
export interface Control {
  readonly side: string;
  /** The unit's Size for Capacity while controlled, if the rule changes it. */
  readonly sizeForCapacity: number | null;
  readonly duration: Duration;
  readonly location: string | null;
  readonly turnsLeft: number | null;
  readonly source: string;
}

/** Actions a unit may not take for a number of its own turns (prevent-actions). */
export interface Prevention {
  readonly actions: readonly string[];
  readonly turnsLeft: number;
  readonly source: string;
}

/** A retreat the unit must make; destinations are the game's (see EffectContext.destinations). */
export interface PendingRetreat {
  readonly distance: number;
  readonly from: string | null;
  readonly source: string;
}

/** When a unit that an effect brought in leaves play again (add-unit). */
export interface Leaving {
  readonly duration: Duration;
  readonly location: string | null;
  readonly turnsLeft: number | null;
  readonly source: string;
}

export interface UnitState {
  /** Instance id, unique in the state (a record may be in play more than once). */
  readonly id: string;
  /** The content record's id, or null for a unit a rule describes only by stats. */
  readonly record: string | null;
  readonly name: string;
  /** The side (army) that owns it; `controlledBy` may lend it to another. */
  readonly side: string;
  readonly location: string | null;
  /** Printed stats, by stat name; `cs` is never stored (it is `as` and `ds`). */
  readonly stats: { readonly [stat: string]: number };
  readonly hits: number;
  readonly maxHits: number;
  /** Traits and descriptors, lower-case names, as filters match them. */
  readonly traits: readonly string[];
  readonly modifiers: readonly Modifier[];
  readonly destroyed: boolean;
  readonly controlledBy: Control | null;
  readonly prevented: readonly Prevention[];
  readonly retreat: PendingRetreat | null;
  /** Set on units an effect added for a while; null for the units of the armies. */
  readonly leaves: Leaving | null;
}

/** A re-roll of the combat result granted to a side for the current battle. */
export interface RerollGrant {
  readonly side: string;
  readonly source: string;
  readonly used: boolean;
}

export interface BattleState {
  readonly location: string;
  readonly attacker: string;
  readonly defender: string;
  /** Warchon's Controlling army (the one that generated the number); null where the game has none. */
  readonly controlling: string | null;
  /** Battle rounds fought so far in this battle (a Blood bath fights another). */
  readonly round: number;
  /** end-combat: the battle stops and no combat result applies. */
  readonly ended: boolean;
  /** set-combat-result: the result to apply instead of the table's. */
  readonly resultOverride: string | null;
  readonly rerolls: readonly RerollGrant[];
  /** no-effect with useOriginalNumber: combat resumes with the number that called the event. */
  readonly useOriginalNumber: boolean;
}

/** A movement limit recorded at a location (limit-movement). */
export interface LocationRule {
  readonly location: string | null;
  /** The units it binds (instance ids), or null for every unit there. */
  readonly units: readonly string[] | null;
  /**
   * Set by a limit with `sides`: it binds every unit these sides field, wherever it is (`location`
   * is then null); left out otherwise, so the state of a game that has none reads as before.
   */
  readonly sides?: readonly string[];
  /** Set by a limit with `closed`: no unit may enter `location`; left out otherwise, as `sides` is. */
  readonly closed?: true;
  readonly maxUnitsLeaving: number | null;
  readonly maxDistance: number | null;
  readonly duration: Duration;
  readonly source: string;
}

/**
 * Effects a `delayed` effect set up: they happen the next time `at` fires, as the rule that set
 * them up would have applied them (its owner, location, self, subject and named choices).
 */
export interface DelayedEffect {
  readonly at: DeepReadonly<Trigger>;
  readonly do: readonly DeepReadonly<Effect>[];
  readonly owner: string | null;
  readonly source: string;
  readonly location: string | null;
  readonly self: string | null;
  readonly subject: readonly string[];
  readonly bindings: { readonly [name: string]: readonly string[] };
}

export interface CoreState {
  /** The pack's side ids in manifest order; "enemy" and "opponent" are the sides other than one. */
  readonly sides: readonly string[];
  readonly units: readonly UnitState[];
  readonly battle: BattleState | null;
  /**
   * Locations where a battle is due though not under way now (Warchon: spreads both armies share
   * during the Movement Round, fought after it). The condition `battle: here` holds there too.
   */
  readonly battlesDue: readonly string[];
  readonly locationRules: readonly LocationRule[];
  readonly random: RandomState;
  readonly turn: number;
  /** Whose turn it is (the `active` chooser and condition), or null when no side's. */
  readonly active: string | null;
  /** The current phase's id, or null when the game has no phases or is between them. */
  readonly phase: string | null;
  /** Locations (squares, spreads, ship areas) a `destroy-place` effect destroyed, in order. */
  readonly destroyedPlaces: readonly string[];
  /**
   * The marker lying on each destroyed location whose `destroy-place` names one (a card of destroyed
   * area), by location; undefined until one is placed, so the state of a game that places none
   * reads (and logs) as it did before markers.
   */
  readonly placeMarkers: { readonly [place: string]: string } | undefined;
  /**
   * The side controlling each place a `control-place` effect or the game gave (null: nobody), by
   * place; undefined until one is given, so the state of a game that has none reads (and logs) as
   * it did before control of places.
   */
  readonly placeControl: { readonly [place: string]: string | null } | undefined;
  /** Cards by zone (`deck`, `discard`, `removed`, `hand:<side>`...), top first. */
  readonly zones: { readonly [zone: string]: readonly string[] };
  readonly delayed: readonly DelayedEffect[];
  /** Rules with `once` that fired: `<rule instance>` (once a game) or `<rule instance>@<turn>` (once a turn). */
  readonly fired: readonly string[];
  /** Static rule instances whose condition held at the last recompute (see rules/statics.ts). */
  readonly statics: readonly string[];
  /** What those instances selected then, as instance and unit ids: a recompute that finds the same leaves the state as it is. */
  readonly staticMarks: string;
  /**
   * Whether a game's engine found this state settled: its static rules' marks and its units' faces
   * are those a recompute would give. A cache the engine keeps, never a rule: every copy made by
   * `coreWith` is unsettled unless the copy says otherwise, and false is always safe.
   */
  readonly settled: boolean;
  /** Set by an `end-game` effect: the winner (null: a draw) and the rule that ended the game. */
  readonly ended: { readonly winner: string | null; readonly source: string } | null;
  /** Numbers instance ids of units added during play, so they are the same in every replay. */
  readonly nextUnitNumber: number;
  readonly log: readonly LogEntry[];
}

/** What a game gives to put a unit in play; everything not given has a plain default. */
export interface UnitInit {
  readonly id: string;
  readonly record?: string | null;
  readonly name?: string;
  readonly side: string;
  readonly location?: string | null;
  /** Printed stats; `cs` sets both `as` and `ds`. Null stats (not printed) are left out. */
  readonly stats?: { readonly [stat: string]: number | null | undefined };
  /** Current hits; defaults to the `hits` stat, or 1. */
  readonly hits?: number;
  readonly traits?: readonly string[];
}

export function makeUnit(init: UnitInit): UnitState {
  const stats = printedStats(init.stats ?? {});
  const maxHits = stats.hits ?? init.hits ?? 1;
  return {
    id: init.id,
    record: init.record ?? null,
    name: init.name ?? init.record ?? init.id,
    side: init.side,
    location: init.location ?? null,
    stats,
    hits: init.hits ?? maxHits,
    maxHits,
    traits: lowerCaseNames(init.traits ?? []),
    modifiers: [],
    destroyed: false,
    controlledBy: null,
    prevented: [],
    retreat: null,
    leaves: null,
  };
}

/** Stats as printed, with `cs` spread to `as` and `ds` (Warchon: "CS ... affect both AS and DS"). */
export function printedStats(stats: { readonly [stat: string]: number | null | undefined }): { [stat: string]: number } {
  const out: { [stat: string]: number } = {};
  for (const [stat, value] of Object.entries(stats)) {
    if (value === null || value === undefined) continue;
    if (stat === 'cs') {
      out.as = value;
      out.ds = value;
    } else out[stat] = value;
  }
  return out;
}

export function lowerCaseNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.toLowerCase()))];
}

export interface NewState {
  readonly seed: number;
  readonly sides: readonly string[];
  readonly units?: readonly UnitInit[];
  readonly turn?: number;
  readonly active?: string | null;
  readonly zones?: { readonly [zone: string]: readonly string[] };
}

export function createState(init: NewState): CoreState {
  const units = (init.units ?? []).map(makeUnit);
  const ids = new Set<string>();
  for (const u of units) {
    if (ids.has(u.id)) throw new Error(`Two units have the instance id ${u.id}; instance ids must be unique.`);
    ids.add(u.id);
  }
  return {
    sides: [...init.sides],
    units,
    battle: null,
    battlesDue: [],
    locationRules: [],
    random: seedRandom(init.seed),
    turn: init.turn ?? 1,
    active: init.active ?? null,
    phase: null,
    destroyedPlaces: [],
    placeMarkers: undefined,
    placeControl: undefined,
    zones: Object.fromEntries(Object.entries(init.zones ?? {}).map(([zone, cards]) => [zone, [...cards]])),
    delayed: [],
    fired: [],
    statics: [],
    staticMarks: '',
    settled: false,
    ended: null,
    nextUnitNumber: 1,
    log: [],
  };
}

export function findUnit(state: CoreState, id: string): UnitState | undefined {
  return state.units.find((u) => u.id === id);
}

/** The state with one unit replaced by `change(unit)`; unchanged when no unit has that id. */
export function updateUnit(state: CoreState, id: string, change: (unit: UnitState) => UnitState): CoreState {
  return coreWith(state, { units: state.units.map((u) => (u.id === id ? change(u) : u)) });
}

/** The state with each unit `ids` names replaced by `change(unit)`, in one pass over the units; the state itself when `ids` is empty. */
export function updateUnits(state: CoreState, ids: readonly string[], change: (unit: UnitState) => UnitState): CoreState {
  if (ids.length === 0) return state;
  if (ids.length === 1) return updateUnit(state, ids[0]!, change);
  return coreWith(state, { units: state.units.map((u) => (ids.includes(u.id) ? change(u) : u)) });
}

// Copies with some fields replaced. States are copied at every step. A spread copy (`{ ...state,
// x }`) of objects that came to have many hidden shapes takes V8's slow path (about a microsecond a
// copy, measured), and so does reading every field of a patch (the patches have as many shapes as
// call sites: some 140 ns a copy). Each copy is instead one object literal read from the source,
// which always has one shape, and then the patch's own fields written over it (some 40 ns).
// A field given as undefined keeps the old value (no field of these types is ever undefined).

/** A type whose fields may be written: a fresh copy being made, or a game's draft of its next state. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Writes the fields `patch` gives (not undefined) over `copy`, a fresh copy of the source; returns it. */
export function patched<T extends object>(copy: T, patch: Partial<T>): T {
  for (const key in patch) {
    const value = patch[key];
    if (value !== undefined) copy[key] = value as T[typeof key];
  }
  return copy;
}

/** A copy of the core state with the fields in `patch` replaced; unsettled unless the patch says it is settled (see CoreState.settled). */
export function coreWith(s: CoreState, patch: Partial<CoreState>): CoreState {
  const copy: Mutable<CoreState> = {
    sides: s.sides,
    units: s.units,
    battle: s.battle,
    battlesDue: s.battlesDue,
    locationRules: s.locationRules,
    random: s.random,
    turn: s.turn,
    active: s.active,
    phase: s.phase,
    destroyedPlaces: s.destroyedPlaces,
    placeMarkers: s.placeMarkers,
    placeControl: s.placeControl,
    zones: s.zones,
    delayed: s.delayed,
    fired: s.fired,
    statics: s.statics,
    staticMarks: s.staticMarks,
    settled: false,
    ended: s.ended,
    nextUnitNumber: s.nextUnitNumber,
    log: s.log,
  };
  return patched(copy, patch);
}

/** The state with an empty log: itself when its log is empty already (callers' caches key on the object). */
export function withoutLog(s: CoreState): CoreState {
  return s.log.length === 0 ? s : coreWith(s, { log: [], settled: s.settled });
}

/** A copy of the unit with the fields in `patch` replaced. */
export function unitWith(u: UnitState, patch: Partial<UnitState>): UnitState {
  const copy: Mutable<UnitState> = {
    id: u.id,
    record: u.record,
    name: u.name,
    side: u.side,
    location: u.location,
    stats: u.stats,
    hits: u.hits,
    maxHits: u.maxHits,
    traits: u.traits,
    modifiers: u.modifiers,
    destroyed: u.destroyed,
    controlledBy: u.controlledBy,
    prevented: u.prevented,
    retreat: u.retreat,
    leaves: u.leaves,
  };
  return patched(copy, patch);
}

/** A copy of the battle with the fields in `patch` replaced. */
export function battleWith(b: BattleState, patch: Partial<BattleState>): BattleState {
  const copy: Mutable<BattleState> = {
    location: b.location,
    attacker: b.attacker,
    defender: b.defender,
    controlling: b.controlling,
    round: b.round,
    ended: b.ended,
    resultOverride: b.resultOverride,
    rerolls: b.rerolls,
    useOriginalNumber: b.useOriginalNumber,
  };
  return patched(copy, patch);
}

/** The side a unit fights for now: its controller's while controlled, else its owner. */
export function fightsFor(unit: UnitState): string {
  return unit.controlledBy?.side ?? unit.side;
}

/** The side controlling a place (control-place), or null when nobody does. */
export function placeController(state: CoreState, place: string): string | null {
  return state.placeControl?.[place] ?? null;
}

/**
 * Whether a movement limit in force binds the unit: a side's limit (`sides`) wherever the unit
 * stands, else a limit of the unit's own place; either only for the units it names, if it names any.
 * Every game's movement asks this, so a limit means the same in each.
 */
export function limitBinds(rule: LocationRule, unit: UnitState): boolean {
  if (rule.units !== null && !rule.units.includes(unit.id)) return false;
  return rule.sides !== undefined ? rule.sides.includes(fightsFor(unit)) : rule.location === unit.location;
}

/** Whether a movement limit in force closes `place`: no unit may enter it (limit-movement with `closed`). */
export function placeClosed(state: CoreState, place: string): boolean {
  return state.locationRules.some((r) => r.closed === true && r.location === place);
}

/** The state with `side` (null: nobody) controlling `place`. */
export function withPlaceControl(state: CoreState, place: string, side: string | null): CoreState {
  return coreWith(state, { placeControl: { ...state.placeControl, [place]: side } });
}

/** Units on the board: not destroyed. */
export function unitsInPlay(state: CoreState): UnitState[] {
  return state.units.filter((u) => !u.destroyed);
}

/** The sides other than `side`, in manifest order. */
export function otherSides(state: CoreState, side: string): string[] {
  return state.sides.filter((s) => s !== side);
}

/** Whether the unit may take an action now (prevent-actions). */
export function mayAct(unit: UnitState, action: string): boolean {
  return !unit.prevented.some((p) => p.turnsLeft > 0 && p.actions.includes(action));
}
