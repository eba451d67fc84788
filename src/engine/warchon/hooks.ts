// What the core cannot know and Warchon gives the interpreter: spreads' terrain traits, units an
// event brings in (from the pack's unit records), where a unit may retreat or teleport, and the
// number an event generates (from the spread's RNG and both players' fingers); and the rule set the
// core's runner is given (the pack's rules with these hooks), one per pack.
import { type Asked, isAsked, type AskingPolicy } from '../core/choices.js';
import { type EffectContext, type Generated, ruleLocation } from '../core/context.js';
import type { RuleHooks } from '../core/rules/fire.js';
import { type RuleSet, ruleSet } from '../core/rules/rule-set.js';
import { fightsFor, limitBinds, mayAct, type CoreState, type UnitState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { closedSpreads, movesDirectly, spreadsWithin } from './movement.js';
import { rngCell } from './tables.js';

const cache = new WeakMap<WarchonRules, RuleHooks>();

function hasEnemy(state: CoreState, spread: string, side: string): boolean {
  for (const u of state.units) if (!u.destroyed && u.location === spread && fightsFor(u) !== side) return true;
  return false;
}

/** 1 for each spread (by index in rules.spreads) holding a unit fighting against `side`. */
function enemiesAt(state: CoreState, rules: WarchonRules, side: string): Uint8Array {
  const at = new Uint8Array(rules.spreads.length);
  rules.spreads.forEach((s, i) => {
    if (hasEnemy(state, s.id, side)) at[i] = 1;
  });
  return at;
}

/**
 * Where an event may bring the unit in from where it stands (Erdon Pass Event 4 Surprise Reserve,
 * "within that unit's Movement"), by the movement rules but for having moved this turn, which the
 * event allows: a unit locked where it is (an Engaged result's "no units currently here may leave",
 * a spread's limit of 0 units leaving) comes from nowhere, a limit on distance there holds, and a
 * unit that does not move directly stops on entering a spread with an enemy (where the rules say
 * so), so it cannot come past one.
 */
function bringInFrom(state: CoreState, rules: WarchonRules, unit: UnitState, distance: number): string[] {
  if (unit.location === null || !mayAct(unit, 'move')) return [];
  let reach = distance;
  for (const r of state.locationRules) {
    if (!limitBinds(r, unit)) continue;
    if (r.maxUnitsLeaving === 0) return [];
    if (r.maxDistance !== null) reach = Math.min(reach, r.maxDistance);
  }
  const closed = closedSpreads(state, rules);
  if (movesDirectly(rules, unit) || !rules.stopOnEnemy) return spreadsWithin(rules, unit.location, reach, null, closed);
  return spreadsWithin(rules, unit.location, reach, enemiesAt(state, rules, fightsFor(unit)), closed);
}

/**
 * "Generate a number" in an event (Dracosroar Events 1 and 4, Xetti Bishum Event 1): the spread's
 * RNG read as a battle reads it ("If it's your turn, you go by the top horizontal row, while the
 * other player will use the leftmost vertical column"; both reveal their fingers at once). The side
 * whose turn it is picks first, the other after it without seeing it (`after`: a player view hides
 * the first pick, view.ts). An E in the cell calls nothing: the event under way is the spread's one
 * this turn ("Only one Random Event can happen in a location per turn").
 */
function generateNumber(rules: WarchonRules, state: CoreState, ctx: EffectContext, policy: AskingPolicy): Generated | Asked {
  const spread = ruleLocation(state, ctx);
  const tables = spread === null ? undefined : rules.tables.spreads.get(spread);
  const top = state.active;
  const left = rules.sides.find((s) => s !== top);
  if (spread === null || tables === undefined || top === null || left === undefined)
    throw new Error(`${ctx.source} generates a number, but no spread's RNG and side to play are known here (spread ${spread}, side ${top}).`);
  const name = rules.spread.get(spread)?.name ?? spread;
  const reason = `fingers for ${ctx.source}: generate a number on the ${name} RNG`;
  const { min, max } = rules.fingers;
  const attacker = policy.chooseNumber(state, { side: top, min, max, reason });
  if (isAsked(attacker)) return attacker;
  const defender = policy.chooseNumber(state, { side: left, min, max, reason, after: [top] });
  if (isAsked(defender)) return defender;
  const cell = rngCell(tables, { attacker, defender })?.value;
  if (!cell) throw new Error(`Spread ${spread} has no RNG value for ${attacker} and ${defender} fingers.`);
  return {
    value: cell.number,
    text: `${top} shows ${attacker}, ${left} ${defender}: the ${name} RNG gives ${cell.number}`,
    data: { rule: rules.keys.rng, spread, attacker, defender, number: cell.number },
  };
}

export function ruleHooks(rules: WarchonRules): RuleHooks {
  let hooks = cache.get(rules);
  if (hooks) return hooks;
  hooks = {
    placeTraits: (place) => rules.spread.get(place)?.traits ?? [],
    generate: (state, die, ctx, policy) => (die === 'rng' ? generateNumber(rules, state, ctx, policy) : null),
    createUnit: (record) => {
      const unit = rules.units[record];
      const face = unit?.faces[0];
      if (unit === undefined) return undefined;
      return {
        record,
        name: unit.name,
        stats: face ? { as: face.as, ds: face.ds, size: face.size, movement: face.movement, hits: face.hits } : {},
        traits: unit.traits,
      };
    },
    // Ruling retreat-destination: one Movement away, the owner's choice, a spread without enemies when there is one.
    destinations: (state: CoreState, unit: UnitState, move) => {
      if (unit.location === null) return [];
      if (move.kind === 'bring-in') return bringInFrom(state, rules, unit, move.distance ?? 0);
      // A spread a rule closes is entered by no move, retreat or teleport (limit-movement with `closed`).
      const closed = closedSpreads(state, rules);
      const all =
        move.distance === null
          ? rules.spreads.filter((s, i) => s.id !== unit.location && closed?.[i] !== 1).map((s) => s.id)
          : spreadsWithin(rules, unit.location, move.distance, null, closed);
      if (move.kind === 'teleport') return all;
      const safe = all.filter((s) => !hasEnemy(state, s, fightsFor(unit)));
      return safe.length > 0 ? safe : all;
    },
  };
  cache.set(rules, hooks);
  return hooks;
}

const sets = new WeakMap<WarchonRules, RuleSet>();

/** The pack's rules and Warchon's hooks, as the core's runner takes them: the same object for the same pack, as the runner's caches are kept by it. */
export function warchonRuleSet(rules: WarchonRules): RuleSet {
  let set = sets.get(rules);
  if (set === undefined) sets.set(rules, (set = ruleSet(rules.rules, ruleHooks(rules))));
  return set;
}
