// Archon's creatures and squares as the core's units and places, so that a cast spell's effects
// (its record's `effects`) run through the core's effect interpreter (core/effects applyEffects):
// the creatures the cast move chose are the effect's units, each at its square's name with its
// Hits and imprisonment (the effect's filter still applies to them: its side, a heal's lost Hits);
// the move answers the interpreter's questions (which of them, which square), and the board answers
// where a teleported unit may go; what changed is written back to the creatures and squares, and
// logged as Archon's events. Made per cast (spells are rare), never while moves are listed.
import type { Effect } from '../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { EffectContext } from '../core/context.js';
import { applyEffectsUnlogged } from '../core/effects/index.js';
import type { Policy } from '../core/policy.js';
import { coreWith, createState, makeUnit, type CoreState, type Mutable, type UnitState } from '../core/state.js';
import type { ArchonRules } from './content.js';
import { changed, type ArchonEvent, type ArchonMove, type CreatureState, type Draft } from './state.js';

type Cast = Extract<ArchonMove, { kind: 'cast' }>;

/**
 * Applies a spell's effects to the draft for the side casting it: the creatures the move names
 * answer the effect's pick (`choose`), its `to` the teleport's square; the interpreter checks both.
 */
export function castEffects(rules: ArchonRules, state: Draft, effects: readonly DeepReadonly<Effect>[], move: Cast, rule: string, events: ArchonEvent[]): void {
  const side = state.turnSide;
  const before = coreOf(rules, state, move);
  const ctx: EffectContext = {
    owner: side,
    caster: side,
    source: rule,
    location: null,
    destinations: (_core, unit, m) => teleportSquares(rules, state.squares, unit, m.distance),
  };
  // The core state is dropped once written back: its log is not kept, only Archon's events.
  const after = applyEffectsUnlogged(before, effects, ctx, new CastAnswers(move));
  for (let k = 0; k < after.log.length; k++) {
    const e = after.log[k]!;
    eventsOf(e.kind, e.units, e.data, before, after.state, state, rule, events);
  }
  writeBack(rules, state, before, after.state);
}

/** The core state the effects see: the creatures the move chose as units (in the move's order, which is state order), the game's generator, turn and side. */
function coreOf(rules: ArchonRules, state: Draft, move: Cast): CoreState {
  const units: UnitState[] = [];
  for (let k = 0; k < move.creatures.length; k++) units.push(unitOf(rules, state.creatures[rules.instanceIndex.get(move.creatures[k]!)!]!));
  const core = coreWith(emptyCore(rules), {}) as Mutable<CoreState>;
  core.units = units;
  core.random = state.random;
  core.turn = state.turn;
  core.active = state.turnSide;
  return core;
}

const empties = new WeakMap<ArchonRules, CoreState>();

export function emptyCore(rules: ArchonRules): CoreState {
  let core = empties.get(rules);
  if (core === undefined) empties.set(rules, (core = createState({ seed: 0, sides: rules.sides })));
  return core;
}

// Each creature record's unit (its name, stats and traits), made once for the rules last cast with:
// a cast copies it with the creature's id, side, square, Hits and imprisonment.
let recordsRules: ArchonRules | null = null;
let recordUnits = new Map<string, UnitState>();

/** A creature as a unit: its record's stats, its Hits, and its imprisonment as actions prevented for its turns left. */
export function unitOf(rules: ArchonRules, c: CreatureState): UnitState {
  if (rules !== recordsRules) {
    recordsRules = rules;
    recordUnits = new Map();
  }
  let record = recordUnits.get(c.creature);
  if (record === undefined) {
    const stats = rules.creatures[c.creature]!;
    record = makeUnit({
      id: c.creature,
      record: c.creature,
      name: stats.name,
      side: stats.side,
      stats: { hits: stats.hits, move: stats.move, attack: stats.attack },
      traits: stats.flyer ? ['flyer'] : [],
    });
    recordUnits.set(c.creature, record);
  }
  const prevented = c.imprisoned === 0 ? record.prevented : [{ actions: rules.imprisonment.actions, turnsLeft: c.imprisoned, source: rules.keys.imprisoned }];
  // Written out rather than unitWith(record, patch): a cast makes one or two, and reading a patch's
  // fields is the slow part of a copy (core/state.ts `patched`).
  return {
    id: c.id,
    record: record.record,
    name: record.name,
    side: c.side,
    location: rules.board.names[c.square]!,
    stats: record.stats,
    hits: c.hits,
    maxHits: record.maxHits,
    traits: record.traits,
    modifiers: record.modifiers,
    destroyed: false,
    controlledBy: null,
    prevented,
    retreat: null,
    leaves: null,
  };
}

/** The cast move as the answers to the interpreter's questions: its creatures, its square. */
class CastAnswers implements Policy {
  constructor(private readonly move: Cast) {}
  chooseUnits(): readonly string[] {
    return this.move.creatures;
  }
  chooseLocation(): string {
    return this.move.to ?? '';
  }
  useReroll(): boolean {
    return this.unasked('a re-roll');
  }
  chooseOption(): number {
    return this.unasked('an option');
  }
  chooseNumber(): number {
    return this.unasked('a number');
  }
  private unasked(what: string): never {
    throw new Error(`A cast of ${this.move.card} answers only which creatures and which square; its effect asked for ${what}.`);
  }
}

/** Where a teleported creature may go: an empty square up to `distance` along a Move Phase line, over others (the squares castMoves offers). */
function teleportSquares(rules: ArchonRules, squares: readonly number[], unit: UnitState, distance: number | null): readonly string[] {
  const board = rules.board;
  const from = board.index(unit.location!);
  // A greedy bot plays every teleport of a state, each asking this: the answer is kept by the
  // squares (a state's, never changed in place) and the square and distance asked.
  let bySquares = teleportCache.get(rules);
  if (bySquares === undefined) teleportCache.set(rules, (bySquares = new WeakMap()));
  let asked = bySquares.get(squares);
  if (asked === undefined) bySquares.set(squares, (asked = new Map()));
  const key = `${from}/${distance}`;
  const known = asked.get(key);
  if (known !== undefined) return known;
  const rays = board.rays[from]!;
  const out: string[] = [];
  for (let si = 0, steps = rules.moveSteps; si < steps.length; si++) {
    const ray = rays[steps[si]!]!;
    const end = distance === null ? ray.length : Math.min(distance, ray.length);
    for (let d = 0; d < end; d++) if (squares[ray[d]!] === -1) out.push(board.names[ray[d]!]!);
  }
  asked.set(key, out);
  return out;
}

const teleportCache = new WeakMap<ArchonRules, WeakMap<readonly number[], Map<string, readonly string[]>>>();

/** Archon's events for one interpreter entry (docs/game-log.md: exchange, teleport, imprison, heal), pushed to `events`. */
function eventsOf(
  kind: string,
  ids: readonly string[],
  data: { readonly [key: string]: unknown },
  before: CoreState,
  after: CoreState,
  state: Draft,
  rule: string,
  events: ArchonEvent[],
): void {
  const was = (id: string) => before.units.find((u) => u.id === id)!;
  const now = (id: string) => after.units.find((u) => u.id === id)!;
  switch (kind) {
    case 'swap-positions':
      if (data.swapped === true) events.push({ type: 'effect', effect: 'exchange', rule, creatures: [...ids], squares: ids.map((id) => now(id).location!) });
      return;
    case 'teleport':
      for (const [id, to] of Object.entries(data.moved as { [id: string]: string }))
        events.push({ type: 'effect', effect: 'teleport', rule, creature: id, from: was(id).location!, to });
      return;
    case 'prevent-actions':
      for (const id of ids) {
        const prevents = data.actions as string[];
        events.push({ type: 'effect', effect: 'imprison', rule, creature: id, prevents, turns: data.turns as number, was: imprisoned(state, id) });
      }
      return;
    case 'heal':
      for (const id of ids) events.push({ type: 'effect', effect: 'heal', rule, creature: id, hits: { from: was(id).hits, to: now(id).hits } });
      return;
  }
}

function imprisoned(state: Draft, id: string): number {
  return state.creatures.find((c) => c.id === id)!.imprisoned;
}

/** The units the effects changed, written back: each creature's square, Hits and imprisonment (the newest prevention's turns), the squares, the generator. */
function writeBack(rules: ArchonRules, state: Draft, before: CoreState, after: CoreState): void {
  const creatures = state.creatures.slice();
  let squares: number[] | null = null;
  const moved: [number, number][] = [];
  for (let k = 0; k < after.units.length; k++) {
    const u = after.units[k]!;
    const was = before.units[k]!;
    if (u === was) continue;
    const i = rules.instanceIndex.get(u.id)!;
    const c = creatures[i]!;
    const square = u.location === was.location ? c.square : u.location === null ? -1 : rules.board.index(u.location);
    const imprisonedFor = u.prevented.length > was.prevented.length ? u.prevented[u.prevented.length - 1]!.turnsLeft : c.imprisoned;
    creatures[i] = changed(c, square, u.hits, imprisonedFor);
    if (square !== c.square) {
      squares ??= state.squares.slice();
      squares[c.square] = -1;
      moved.push([i, square]);
    }
  }
  for (const [i, square] of moved) if (square >= 0) squares![square] = i;
  state.creatures = creatures;
  if (squares !== null) state.squares = squares;
  if (after.random !== state.random) state.random = after.random;
}
