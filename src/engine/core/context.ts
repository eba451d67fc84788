// The context an effect runs in: whose rule it is, where, and the game's hooks for what the core
// cannot know (the map, the pack's records and tables). Relative sides in the content (attacker,
// friendly, controlling...) are turned into the pack's side ids here.
import type { Side } from '../../../generated/types/common/defs.js';
import type { Asked, AskingPolicy } from './choices.js';
import type { DieName } from './dice.js';
import type { JsonValue, LogEntry } from './log.js';
import type { GameEvent as RuleEvent } from './rules/event.js';
import { otherSides, patched, placeController, type CoreState, type Mutable, type UnitInit, type UnitState } from './state.js';

/** A table an effect may roll on (roll-table): any generic roll table (its dice, its entries by roll). */
export type { RollTable } from './generic-tables.js';
import type { RollTable } from './generic-tables.js';

/** The game's hooks a rule's effects may call (context.ts EffectContext's), which fire.ts and statics.ts pass along. */
export type RuleHooks = Pick<EffectContext, 'createUnit' | 'destinations' | 'table' | 'placeTraits' | 'controlling' | 'generate' | 'places' | 'replace'>;

/** The game's map as `at-place` reads it: its places, which are adjacent, and which a number names. */
export interface PlaceMap {
  /** Every place, in the map's order. */
  readonly all: readonly string[];
  /** The places adjacent to one, in the map's order. */
  readonly neighbours: (place: string) => readonly string[];
  /** The place a number names (a ship area's D66 number), if any. */
  readonly numbered: (n: number) => string | undefined;
}

/** What announcing a replaceable event did (rules/fire.ts Fired): the state, the entries, and whether a rule replaced it. */
export interface Heard {
  readonly state: CoreState;
  readonly log: readonly LogEntry[];
  readonly replaced: boolean;
}

/** A number the game generated for a die (EffectContext.generate): the number, in words, and how it came about, for the log. */
export interface Generated {
  readonly value: number;
  readonly text: string;
  readonly data: { readonly [key: string]: JsonValue };
}

export interface EffectContext {
  /** The side whose rule this is ("friendly"); null for a rule of the board (a location's event). */
  readonly owner: string | null;
  /** The rule, for the log: `erdon-pass event 2`, `the-emperor reroll`, ... */
  readonly source: string;
  /**
   * Where the rule's filters look: units at this location. Null: everywhere (Archon's spells).
   * Left out: the current battle's location, or everywhere when there is no battle.
   */
  readonly location?: string | null;
  /**
   * The trigger's subject: the units the rule's trigger is about (the group that teleports, the
   * unit that entered), by instance id. A filter with `binding: subject` selects only these,
   * wherever they are; left out, such a filter selects no unit.
   */
  readonly subject?: readonly string[];
  /** The unit whose rule it is (an ability, a trait): `binding: self`. */
  readonly self?: string | null;
  /**
   * Named choices of the rule being applied: a filter with `as: name` saves what it selected here,
   * and `binding: name` reads it. One map per rule application (rules/fire.ts makes it).
   */
  readonly bindings?: Map<string, readonly string[]>;
  /** The cards the trigger is about (a revealed card), for `move-cards` with `cards: subject`. */
  readonly cards?: readonly string[];
  /** The side casting the spell, for the `caster` chooser; defaults to the owner. */
  readonly caster?: string | null;
  /** The traits and terrain of a location, lower-case, for the `place` condition. */
  readonly placeTraits?: (place: string) => readonly string[];
  /** The Controlling army, when the rule names one outside a battle; else the battle's. */
  readonly controlling?: string | null;
  /** add-unit: a unit of the pack, by record id, for the side it joins. */
  readonly createUnit?: (record: string, side: string) => Omit<UnitInit, 'id' | 'side'> | undefined;
  /**
   * retreat, teleport, bring-in: where the unit may go (bring-in: the spreads it could be brought in
   * to). Without it a retreat stays pending and a teleport or a bring-in does nothing.
   */
  readonly destinations?: (
    state: CoreState,
    unit: UnitState,
    move: { readonly kind: 'retreat' | 'teleport' | 'bring-in'; readonly distance: number | null },
  ) => readonly string[];
  /** roll-table: the pack's table by id. */
  readonly table?: (id: string) => RollTable | undefined;
  /**
   * roll, modify-strength: the number for a die the generator cannot roll alone (`rng`, Warchon's
   * number from both players' fingers on the spread's matrix), the sides asked through `policy`.
   * Null when the game has none for that die. Without the hook (or with null) such a die is an error.
   */
  readonly generate?: (state: CoreState, die: DieName, ctx: EffectContext, policy: AskingPolicy) => Generated | Asked | null;
  /** at-place: the game's map. Without it no place is selected. */
  readonly places?: PlaceMap;
  /** The number the enclosing `roll` gave, for `at-place` with `numbered: rolled`. */
  readonly rolled?: number;
  /**
   * An event an effect announces before it carries it out (`retreat`: `unit-retreats`, one unit at
   * a time): the rules hear it now, and an `instead` rule may replace it (a Crew card "eliminated
   * if forced to retreat"), the effect then leaving that unit be. The rule set gives it (rule-set.ts);
   * without it the effect goes ahead.
   */
  readonly replace?: (state: CoreState, event: RuleEvent, policy: AskingPolicy) => Heard | Asked;
}

/**
 * A context from `base` (a context, or the game's hooks) with the fields in `patch` replaced, made
 * as one object literal. A context is made for every rule applied, and a spread copy of one that
 * holds the game's hook functions (`{ ...hooks, owner }`) takes V8's slow path: some 8 us a copy,
 * measured, against some 30 ns here (the patch written over the copy, as core/state.ts coreWith).
 * A field given as undefined keeps the base's.
 */
export function contextWith(base: EffectContext, patch: Partial<EffectContext>): EffectContext;
export function contextWith(base: Partial<EffectContext>, patch: Partial<EffectContext> & Pick<EffectContext, 'owner' | 'source'>): EffectContext;
export function contextWith(base: Partial<EffectContext>, patch: Partial<EffectContext>): EffectContext {
  const copy: Mutable<EffectContext> = {
    owner: base.owner!,
    source: base.source!,
    location: base.location,
    subject: base.subject,
    self: base.self,
    bindings: base.bindings,
    cards: base.cards,
    caster: base.caster,
    placeTraits: base.placeTraits,
    controlling: base.controlling,
    createUnit: base.createUnit,
    destinations: base.destinations,
    table: base.table,
    generate: base.generate,
    places: base.places,
    rolled: base.rolled,
    replace: base.replace,
  };
  return patched(copy, patch);
}

/** The location the rule's filters look at (see EffectContext.location). */
export function ruleLocation(state: CoreState, ctx: EffectContext): string | null {
  if (ctx.location !== undefined) return ctx.location;
  return state.battle?.location ?? null;
}

export function controllingSide(state: CoreState, ctx: EffectContext): string | null {
  return ctx.controlling ?? state.battle?.controlling ?? null;
}

/** The pack sides a relative side names; empty when it names none here (no battle, no owner...). */
export function resolveSides(state: CoreState, side: Side, ctx: EffectContext): string[] {
  switch (side) {
    case 'any':
      return [...state.sides];
    case 'attacker':
      return state.battle !== null ? [state.battle.attacker] : [];
    case 'defender':
      return state.battle !== null ? [state.battle.defender] : [];
    case 'controlling': {
      const c = controllingSide(state, ctx);
      return c !== null ? [c] : [];
    }
    case 'non-controlling': {
      const c = controllingSide(state, ctx);
      return c !== null ? otherSides(state, c) : [];
    }
    case 'friendly':
      return ctx.owner !== null ? [ctx.owner] : [];
    case 'enemy':
      return ctx.owner !== null ? otherSides(state, ctx.owner) : [];
    case 'active':
      return state.active !== null ? [state.active] : [];
    case 'inactive':
      return state.active !== null ? otherSides(state, state.active) : [];
    case 'place-controller':
    case 'place-non-controller': {
      const place = ruleLocation(state, ctx);
      const c = place !== null ? placeController(state, place) : null;
      if (c === null) return [];
      return side === 'place-controller' ? [c] : otherSides(state, c);
    }
    default:
      return [];
  }
}

/** One army a relative side names (`by`, `joins`); null when it names none or several. */
export function resolveOneSide(state: CoreState, side: Side, ctx: EffectContext): string | null {
  const sides = resolveSides(state, side, ctx);
  return sides.length === 1 ? sides[0]! : null;
}
