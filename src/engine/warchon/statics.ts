// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` holds at a battle due (`battlesDue`), so those spreads are named there while the
// Movement Round lasts, and the rules are recomputed once.
import { firstPolicy } from '../core/policy.js';
import { recomputeStatics } from '../core/rules/statics.js';
import type { LogEntry } from '../core/log.js';
import type { CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';

export function recompute(core: CoreState, rules: WarchonRules, inBattle: readonly string[]): { core: CoreState; log: readonly LogEntry[] } {
  const due = core.battle !== null ? [] : inBattle;
  const named = sameList(core.battlesDue, due) ? core : { ...core, battlesDue: [...due] };
  // Static effects (modify-strength, limit-movement) never choose, so the first policy is never asked.
  const result = recomputeStatics(named, rules.rules, firstPolicy, ruleHooks(rules));
  return { core: result.state, log: result.log };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
