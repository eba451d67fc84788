// What the core cannot know and Warchon gives the interpreter: spreads' terrain traits, units an
// event brings in (from the pack's unit records), and where a unit may retreat or teleport; and the
// rule set the core's runner is given (the pack's rules with these hooks), one per pack.
import type { RuleHooks } from '../core/rules/fire.js';
import { type RuleSet, ruleSet } from '../core/rules/rule-set.js';
import { fightsFor, mayAct, type CoreState, type UnitState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { isAerial, spreadsWithin } from './movement.js';

const cache = new WeakMap<WarchonRules, RuleHooks>();

function hasEnemy(state: CoreState, spread: string, side: string): boolean {
  for (const u of state.units) if (!u.destroyed && u.location === spread && fightsFor(u) !== side) return true;
  return false;
}

/**
 * Where an event may bring the unit in from where it stands (Erdon Pass Event 4 Surprise Reserve,
 * "within that unit's Movement"), by the movement rules but for having moved this turn, which the
 * event allows: a unit locked where it is (an Engaged result's "no units currently here may leave",
 * a spread's limit of 0 units leaving) comes from nowhere, a limit on distance there holds, and a
 * non-Aerial unit stops on entering a spread with an enemy, so it cannot come past one.
 */
function bringInFrom(state: CoreState, rules: WarchonRules, unit: UnitState, distance: number): string[] {
  if (unit.location === null || !mayAct(unit, 'move')) return [];
  let reach = distance;
  for (const r of state.locationRules) {
    if (r.location !== unit.location || (r.units !== null && !r.units.includes(unit.id))) continue;
    if (r.maxUnitsLeaving === 0) return [];
    if (r.maxDistance !== null) reach = Math.min(reach, r.maxDistance);
  }
  if (isAerial(unit)) return spreadsWithin(rules, unit.location, reach);
  const side = fightsFor(unit);
  const seen = new Set([unit.location]);
  let frontier = [unit.location];
  const out: string[] = [];
  for (let d = 0; d < reach && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const s of frontier) {
      for (const n of rules.spread.get(s)?.neighbours ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        out.push(n);
        if (!hasEnemy(state, n, side)) next.push(n);
      }
    }
    frontier = next;
  }
  return out;
}

export function ruleHooks(rules: WarchonRules): RuleHooks {
  let hooks = cache.get(rules);
  if (hooks) return hooks;
  hooks = {
    placeTraits: (place) => rules.spread.get(place)?.traits ?? [],
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
      const all =
        move.distance === null ? rules.spreads.map((s) => s.id).filter((s) => s !== unit.location) : spreadsWithin(rules, unit.location, move.distance);
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
