// A game's rules as the interpreter runs them: the pack's rules in order, and the game's hooks for
// what the core cannot know (a place's traits, the units an effect brings in, where a unit may
// retreat). Made once per pack and game: the runner's caches (run.ts, statics-cache.ts,
// placement.ts) are kept by this object, so a game passes the same one every time.
import type { RuleHooks } from '../context.js';
import { fire } from './fire.js';
import type { RuleSource } from './ruleset.js';

export interface RuleSet {
  /** What the interpreter fires, in the pack's order. */
  readonly rules: readonly RuleSource[];
  readonly hooks: RuleHooks;
  /**
   * The trigger events some rule fires on (`when.event`). Announcing any other event, with no
   * delayed effect waiting, fires nothing: the runner then skips the interpreter (run.ts).
   */
  readonly listens: ReadonlySet<string>;
}

/** The rule set of these rules and hooks; make it once and keep it (see above). */
export function ruleSet(rules: readonly RuleSource[], hooks: RuleHooks = {}): RuleSet {
  const listens = new Set(rules.flatMap((r) => (r.rule.when !== undefined ? [r.rule.when.event] : [])));
  // The game's hooks, and the announcement of an event an effect may have replaced (a retreat):
  // these rules fired on it with these hooks, when one of them fires on its kind (else nothing
  // happens, and games whose rules never listen play as before). One object literal (see context.ts contextWith).
  const withReplace: RuleHooks = {
    createUnit: hooks.createUnit,
    destinations: hooks.destinations,
    table: hooks.table,
    placeTraits: hooks.placeTraits,
    controlling: hooks.controlling,
    generate: hooks.generate,
    places: hooks.places,
    replace:
      hooks.replace ??
      ((state, event, policy) => (listens.has(event.event) ? fire(state, event, rules, policy, withReplace) : { state, log: [], replaced: false })),
  };
  return { rules, hooks: withReplace, listens };
}
