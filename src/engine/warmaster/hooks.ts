// What the core cannot know and Warmaster gives the interpreter: where a unit may retreat or
// teleport on the ship, and a ship area's traits (the special area it is); and the rule set the
// core's runner is given (the pack's rules with these hooks), one per compiled content.
import type { RuleHooks } from '../core/context.js';
import { type RuleSet, ruleSet } from '../core/rules/rule-set.js';
import { fightsFor, limitBinds, placeClosed, placeController, type CoreState, type UnitState } from '../core/state.js';
import type { WarmasterRules } from './content.js';

/**
 * Whether a unit may enter the area of its own will (a move, a retreat, a chosen teleport): not one
 * a rule closes (`limit-movement` with `closed`: the Reactors', the destroyed areas' `no-entry`).
 */
export function enterable(core: CoreState, area: string): boolean {
  return !placeClosed(core, area);
}

/**
 * The side controlling the Bridge: the core's control of its area (the Bridge's `control` rule gives
 * it), none while it is destroyed ("no player will be able to control it"), or with no Bridge.
 */
export function bridgeController(rules: WarmasterRules, core: CoreState): string | null {
  const b = rules.bridge;
  if (b === null || core.destroyedPlaces.includes(b.area)) return null;
  return placeController(core, b.area);
}

/** Whether the area holds a piece (face up or down) of a side other than `side`. */
export function enemyAt(core: CoreState, area: string, side: string): boolean {
  for (const u of core.units) if (!u.destroyed && u.location === area && fightsFor(u) !== side) return true;
  return false;
}

/** The farthest a unit may move now by the location rules in force on it (Crew: 0), or null when none limits it. */
export function locationLimit(core: CoreState, unit: UnitState): number | null {
  let limit: number | null = null;
  for (const r of core.locationRules) {
    if (r.maxDistance === null || !limitBinds(r, unit)) continue;
    limit = limit === null ? r.maxDistance : Math.min(limit, r.maxDistance);
  }
  return limit;
}

/**
 * Where a unit may retreat: one area along a connection, one it may enter, holding no enemy piece
 * (ruling retreat-area); none for a unit that may not move (Crew), which is then eliminated.
 */
export function retreatAreas(rules: WarmasterRules, core: CoreState, unit: UnitState): string[] {
  if (unit.location === null || locationLimit(core, unit) === 0) return [];
  const here = rules.area.get(unit.location);
  if (here === undefined) return [];
  return here.neighbours.filter((a) => enterable(core, a) && !enemyAt(core, a, fightsFor(unit)));
}

/** Where a chosen teleport may put units (a 66, the Emperor's group): any area a unit may enter, but those the table excludes. */
export function chosenAreas(rules: WarmasterRules, core: CoreState): string[] {
  return rules.areas.map((a) => a.id).filter((a) => enterable(core, a) && !rules.teleport.excluded.includes(a));
}

const cache = new WeakMap<WarmasterRules, RuleSet>();

/** The pack's rules and Warmaster's hooks, as the core's runner takes them: one object per compiled content (its caches key on it). */
export function warmasterRuleSet(rules: WarmasterRules): RuleSet {
  let set = cache.get(rules);
  if (set === undefined) {
    const all = rules.areas.map((a) => a.id);
    const hooks: RuleHooks = {
      // The ship's map for `at-place`: the areas, their connections (the adjacent areas), and the area of a D66 number.
      places: { all, neighbours: (place) => rules.area.get(place)?.neighbours ?? [], numbered: (n) => rules.byNumber.get(n) },
      placeTraits: (place) => {
        const special = rules.area.get(place)?.special;
        return special ? [special] : [];
      },
      destinations: (core, unit, move) => {
        if (move.kind === 'retreat') return retreatAreas(rules, core, unit);
        if (move.kind === 'teleport') return chosenAreas(rules, core);
        return [];
      },
    };
    cache.set(rules, (set = ruleSet(rules.rules, hooks)));
  }
  return set;
}
