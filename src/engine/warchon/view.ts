// Warchon's hidden information: what each side sees (docs/game-log.md, "Player views"). Set-up is
// secret and a playmark's placeline shows only that a unit is there, so of an enemy unit a side
// has not seen it knows where it is, whether it acted this turn and whether it is destroyed, and
// nothing else: not its record, name, stats, Hits, traits or modifiers, not even its instance id
// (ids are made from record ids). A battle shows both sides the units fighting in it, and they stay
// known (ruling seen-units-stay-known, the state's `seen`); a choice an effect asks shows the units
// it names. The attacker's fingers, fixed before the defender's, are hidden too (bot.ts viewFor),
// in a battle and when an event generates a number.
// A scenario's army list is printed, so public; an army built from points is built in secret.
import { nextInt, type RandomState, sampleIndices } from '../core/random.js';
import { coreWith, makeUnit, withoutLog, type CoreState, type UnitState } from '../core/state.js';
import type { GameEvent } from '../core/game.js';
import type { JsonValue } from '../core/log.js';
import { armyUnit } from './army-unit.js';
import { determinizeView, fingersUnseen, UNSEEN_FINGERS, viewFor } from './bot.js';
import type { WarchonRules } from './content.js';
import { syncFaces } from './damage.js';
import { markSettled } from '../core/rules/statics-cache.js';
import { recompute } from './statics.js';
import { stateWith, type WarchonState } from './state.js';

/** How a log line names a unit its reader has not seen. */
export const UNSEEN = 'unseen';

/** The id a player view gives its `n`th unseen unit (1, 2...): numbered in an order that depends only on what the side sees. */
export function unseenId(n: number): string {
  return `${UNSEEN}-${n}`;
}

function isUnseenId(id: string): boolean {
  return id.startsWith(`${UNSEEN}-`);
}

/** The ids of the units `side` has not seen in `state`: the other sides' units, less those seen in battle, in the battle under way or named by the choice asked now. */
export function unseenUnits(rules: WarchonRules, state: WarchonState, side: string): Set<string> {
  const hidden = new Set<string>();
  const seen = rules.seenStayKnown ? (state.seen[side] ?? []) : [];
  const battle = state.battle?.spread ?? null;
  const request = state.pending?.request;
  for (const u of state.core.units) {
    if (u.side === side || seen.includes(u.id) || (battle !== null && u.location === battle && !u.destroyed)) continue;
    if (request !== undefined && ((request.candidates as readonly string[]).includes(u.id) || ('unit' in request && request.unit === u.id))) continue;
    hidden.add(u.id);
  }
  return hidden;
}

/** A string with the hidden ids renamed: an id itself, or a rule instance of a hidden unit (`<key>@<id>`, `...@<turn>`), which becomes null. */
function renamed(text: string, names: ReadonlyMap<string, string>): string | null {
  const direct = names.get(text);
  if (direct !== undefined) return direct;
  if (!text.includes('@')) return text;
  // A part between '@'s that is a hidden id, found without splitting: a view renames few ids.
  if (names.size > 8 || names.has('')) {
    for (const part of text.split('@')) if (names.has(part)) return null;
    return text;
  }
  for (const id of names.keys()) {
    if (id.includes('@')) continue; // never a part
    for (let at = text.indexOf(id); at !== -1; at = text.indexOf(id, at + 1)) {
      const end = at + id.length;
      if ((at === 0 || text[at - 1] === '@') && (end === text.length || text[end] === '@')) return null;
    }
  }
  return text;
}

/**
 * `value` with every hidden id renamed (`names`) and every rule instance of a hidden unit left out
 * of its list (or, alone, named `instead`). Objects and lists with nothing to rename are returned
 * as they are.
 */
function renameIn<T>(value: T, names: ReadonlyMap<string, string>, instead: string): T {
  if (typeof value === 'string') return (renamed(value, names) ?? instead) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const r = typeof v === 'string' ? renamed(v, names) : renameIn(v, names, instead);
      if (r !== v && out === null) out = value.slice(0, i);
      if (out !== null && r !== null) out.push(r);
    }
    return (out ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let out: Record<string, unknown> | null = null;
    for (const k in value) {
      if (k === 'random') continue; // a generator: numbers only
      const v = (value as Record<string, unknown>)[k];
      const r = renameIn(v, names, instead);
      if (r !== v) {
        out ??= { ...(value as Record<string, unknown>) };
        out[k] = r;
      }
    }
    return (out ?? value) as T;
  }
  return value;
}

/** An unseen unit as a player view shows it: where it is, whose, whether destroyed; the rest a fixed blank. */
function blankUnit(u: UnitState, id: string): UnitState {
  return {
    id,
    record: null,
    name: UNSEEN,
    side: u.side,
    location: u.location,
    stats: {},
    hits: 1,
    maxHits: 1,
    traits: [],
    modifiers: [],
    destroyed: u.destroyed,
    controlledBy: u.controlledBy === null ? null : { ...u.controlledBy, source: UNSEEN },
    prevented: [],
    retreat: null,
    leaves: null,
  };
}

/**
 * The hidden units' new names: numbered in the order of what the side sees of them (where they
 * are, whether destroyed, when they acted or left a spread this turn), so two states that differ
 * only in which hidden unit is where name them alike.
 */
function hiddenNames(state: WarchonState, hidden: ReadonlySet<string>): Map<string, string> {
  // One hidden unit is the first whatever its key: most views hide one or none.
  if (hidden.size === 1) return new Map([[hidden.values().next().value!, unseenId(1)]]);
  const keyed = state.core.units
    .filter((u) => hidden.has(u.id))
    .map((u) => ({
      id: u.id,
      key: JSON.stringify([
        u.side,
        u.location ?? '',
        u.destroyed,
        u.controlledBy?.side ?? '',
        state.acted.indexOf(u.id),
        state.departures.findIndex((d) => d.unit === u.id),
      ]),
    }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return new Map(keyed.map((k, i) => [k.id, unseenId(i + 1)]));
}

/** A core's units with the hidden ones blanked and renamed, in their places taken in name order (the places are public: the army lists are). */
function blankUnits(core: CoreState, names: ReadonlyMap<string, string>): CoreState {
  const places: number[] = [];
  const blanks: UnitState[] = [];
  // A unit the side sees keeps its fields, but a modifier or control from an unseen unit's rule
  // (`<key>@<id>`) would name that unit: renameIn names its source unseen (the same object when nothing is renamed).
  const units = core.units.map((u) => (names.has(u.id) ? u : renameIn(u, names, UNSEEN)));
  core.units.forEach((u, i) => {
    const id = names.get(u.id);
    if (id === undefined) return;
    places.push(i);
    blanks.push(blankUnit(u, id));
  });
  if (blanks.length > 1) blanks.sort((a, b) => Number(a.id.slice(UNSEEN.length + 1)) - Number(b.id.slice(UNSEEN.length + 1)));
  places.forEach((p, i) => {
    units[p] = blanks[i]!;
  });
  // Static marks and the settled flag are caches over the units: a view recomputes them (coreWith
  // leaves it unsettled). Copies by coreWith, not spreads: a state's spread is V8's slow path (state.ts).
  // The marks are left out of the renaming too: a long text, replaced by ''.
  return coreWith(renameIn(coreWith(core, { units: [], staticMarks: '' }), names, UNSEEN), { units, staticMarks: '', random: core.random });
}

/** The state as `side` sees it: see the top of this file. Pure: two states differing only in what `side` has not seen give equal views. */
export function playerView(rules: WarchonRules, state: WarchonState, side: string): WarchonState {
  const view = viewFor(state, side);
  const hidden = unseenUnits(rules, state, side);
  if (hidden.size === 0) return view;
  const names = hiddenNames(state, hidden);
  const unplaced: { [side: string]: readonly string[] } = {};
  for (const s in view.unplaced) {
    const list = renameIn(view.unplaced[s]!, names, UNSEEN);
    // The order a hidden army will be placed in is the army's order: not shown.
    unplaced[s] = s === side ? list : [...list].sort();
  }
  const pending = view.pending && { ...renameIn(view.pending, names, UNSEEN), base: blankUnits(view.pending.base, names) };
  return stateWith(view, {
    core: blankUnits(view.core, names),
    unplaced,
    acted: renameIn(view.acted, names, UNSEEN),
    departures: renameIn(view.departures, names, UNSEEN),
    pending,
    // Without the ruling seen-units-stay-known, a unit seen in an earlier battle is hidden again: its id leaves the list too.
    seen: seenWithout(view.seen, hidden),
  });
}

function seenWithout(seen: WarchonState['seen'], hidden: ReadonlySet<string>): WarchonState['seen'] {
  let out: { [side: string]: readonly string[] } | null = null;
  for (const s in seen) {
    if (!seen[s]!.some((id) => hidden.has(id))) continue;
    out ??= { ...seen };
    out[s] = seen[s]!.filter((id) => !hidden.has(id));
  }
  return out ?? seen;
}

// A unit of an army as `determinize` fills it in, made once per rules, side, id and record: states
// are never changed in place, so views may share it, and a greedy bot fills one in at every decision.
const filledUnits = new WeakMap<WarchonRules, Map<string, UnitState>>();

function filledUnit(rules: WarchonRules, side: string, id: string, record: string): UnitState {
  let bySide = filledUnits.get(rules);
  if (bySide === undefined) filledUnits.set(rules, (bySide = new Map()));
  const key = `${side} ${id} ${record}`;
  let unit = bySide.get(key);
  if (unit === undefined) bySide.set(key, (unit = makeUnit(armyUnit(rules, side, id, record))));
  return unit;
}

/**
 * A view made playable: the attacker's unseen fingers drawn (bot.ts), and the unseen units filled
 * in by a random assignment of what they may be. A scenario's army is printed: its units that
 * `side` does not see are shuffled over the unseen places. An army built in secret (or a unit an
 * effect added): each unseen unit is a unit of the side's offer (else of its army list) drawn at
 * random, with an id of its own.
 */
export function determinize(rules: WarchonRules, view: WarchonState, side: string, random: RandomState): { state: WarchonState; random: RandomState } {
  let { state, random: r } = determinizeView(rules, view, random);
  const blanks = state.core.units.filter((u) => u.side !== side && isUnseenId(u.id));
  if (blanks.length === 0) return { state, random: r };
  const taken = new Set(state.core.units.map((u) => u.id));
  const names = new Map<string, string>();
  const filled = new Map<string, UnitState>();
  for (const enemy of rules.sides) {
    const mine = blanks.filter((u) => u.side === enemy);
    if (mine.length === 0) continue;
    const pool = rules.armies[enemy]!.filter((a) => !taken.has(a.id));
    const order = sampleIndices(r, pool.length, Math.min(pool.length, mine.length));
    r = order.random;
    mine.forEach((blank, i) => {
      let pick = pool[order.value[i]!];
      if (pick === undefined) {
        const records = rules.builds.find((b) => b.side === enemy)?.offer.map((o) => o.record) ?? rules.armies[enemy]!.map((a) => a.record);
        const drawn = nextInt(r, 0, records.length - 1);
        r = drawn.random;
        const record = records[drawn.value]!;
        let n = 1;
        while (taken.has(`${record}-${n}`)) n++;
        pick = { id: `${record}-${n}`, record };
      }
      taken.add(pick.id);
      names.set(blank.id, pick.id);
      const unit = filledUnit(rules, enemy, pick.id, pick.record);
      // Written out rather than spread: the shape makeUnit gives every unit.
      filled.set(blank.id, {
        id: unit.id,
        record: unit.record,
        name: unit.name,
        side: unit.side,
        location: blank.location,
        stats: unit.stats,
        hits: unit.hits,
        maxHits: unit.maxHits,
        traits: unit.traits,
        modifiers: unit.modifiers,
        destroyed: blank.destroyed,
        controlledBy: blank.controlledBy,
        prevented: unit.prevented,
        retreat: unit.retreat,
        leaves: unit.leaves,
      });
    });
  }
  // Unsettled (coreWith), with the core's own generator; copies by coreWith, as in blankUnits.
  // The filled-in units are left out of the renaming: made from the army list, they name no blank.
  const fill = (core: CoreState): CoreState =>
    coreWith(renameIn(coreWith(core, { units: [] }), names, UNSEEN), {
      units: core.units.map((u) => filled.get(u.id) ?? renameIn(u, names, UNSEEN)),
      random: core.random,
    });
  // The filled-in units' static marks and faces, as play.ts withCore gives them after any change:
  // a look-ahead would otherwise rate a move that recomputes them against one that does not.
  const filledCore = fill(state.core);
  const faced = syncFaces(filledCore, rules);
  const settled = recompute(faced.core, rules, state.step === 'movement' ? state.inBattle : []);
  state = stateWith(state, {
    core: markSettled(withoutLog(settled.core)),
    unplaced: renameIn(state.unplaced, names, UNSEEN),
    acted: renameIn(state.acted, names, UNSEEN),
    departures: renameIn(state.departures, names, UNSEEN),
    pending: state.pending && { ...renameIn(state.pending, names, UNSEEN), base: fill(state.pending.base) },
  });
  return { state, random: r };
}

/** The fields a line about an unseen unit keeps besides its type and effect: where it happened. */
const WHERE = ['spread', 'from', 'to', 'side', 'turn', 'step'];

/**
 * A log line as `side` sees it, `state` being the state after the move that wrote it: units it has
 * not seen are named `unseen` (a line whose `unit` is one keeps only where it happened), rules of
 * unseen units too (their text left out), the attacker's fingers in its `play` and `move` lines
 * are 0 for the defender until both are shown (the `fingers` line, or an event's `roll` line,
 * shows both), and an army built in secret shows only that a unit was recruited.
 */
export function viewEvent(rules: WarchonRules, event: GameEvent, side: string, state: WarchonState): GameEvent | null {
  let e = event;
  const move = e.move as { kind?: string; n?: number } | undefined;
  if ((e.type === 'play' || e.type === 'move') && move?.kind === 'fingers' && typeof e.side === 'string' && fingersUnseen(state, e.side, side))
    e = { ...e, move: { ...move, n: UNSEEN_FINGERS } as JsonValue };
  // A recruit names the record bought: not shown to the other side.
  if ((e.type === 'play' || e.type === 'move') && e.side !== side && move?.kind === 'recruit') e = { ...e, move: { ...move, unit: UNSEEN } as JsonValue };
  const owner = typeof e.side === 'string' ? e.side : null;
  if (e.type === 'effect' && (e.effect === 'recruit' || e.effect === 'army-built') && owner !== side) {
    return e.effect === 'recruit'
      ? { type: 'effect', effect: 'recruit', rule: e.rule ?? null, side: owner, unit: UNSEEN, budget: e.budget ?? null }
      : { type: 'effect', effect: 'army-built', rule: e.rule ?? null, side: owner, units: (e.units as string[]).map(() => UNSEEN), budget: e.budget ?? null };
  }
  const hidden = unseenUnits(rules, state, side);
  if (hidden.size === 0) return e;
  const names = new Map([...hidden].map((id) => [id, UNSEEN]));
  if (typeof e.unit === 'string' && hidden.has(e.unit)) {
    const kept: Record<string, JsonValue> = { type: e.type };
    if (e.effect !== undefined) kept.effect = e.effect;
    if (e.rule !== undefined) kept.rule = renameIn(e.rule, names, UNSEEN);
    kept.unit = UNSEEN;
    for (const k of WHERE) if (e[k] !== undefined) kept[k] = e[k]!;
    return kept as GameEvent;
  }
  const out = renameIn(e, names, UNSEEN);
  // A rule of an unseen unit: its text would tell the trait.
  if (out !== e && typeof e.rule === 'string' && out.rule === UNSEEN && typeof out.text === 'string') return { ...out, text: UNSEEN };
  return out;
}
