// Static rules recomputed after every change. During the Movement Round no battle is under way,
// yet "move out of battle" rules (Erdon Pass) bind then: by the ruling in-battle-during-movement, a
// spread both armies shared when the Movement Round began is in battle during it. The core's
// `battle: here` reads the one current battle, so the rules are recomputed once with no battle and
// once per such spread with a battle there, and what each spread's extra rules put on the state is
// added to the first result.
import { startBattle } from '../core/battle.js';
import { firstPolicy } from '../core/policy.js';
import { recomputeStatics } from '../core/rules/statics.js';
import type { LogEntry } from '../core/log.js';
import type { CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { ruleHooks } from './hooks.js';

export function recompute(core: CoreState, rules: WarchonRules, inBattle: readonly string[]): { core: CoreState; log: readonly LogEntry[] } {
  const hooks = ruleHooks(rules);
  // Static effects (modify-strength, limit-movement) never choose, so the first policy is never asked.
  const base = recomputeStatics(core, rules.rules, firstPolicy, hooks);
  if (core.battle !== null || inBattle.length === 0) return { core: base.state, log: base.log };
  let state = base.state;
  const log = [...base.log];
  for (const spread of inBattle) {
    const there = recomputeStatics({ ...core, battle: startBattle(core, { location: spread, attacker: core.active ?? '', defender: '' }).battle }, rules.rules, firstPolicy, hooks).state;
    const extra = there.statics.filter((id) => !state.statics.includes(id));
    if (extra.length === 0) continue;
    const added = new Set(extra);
    state = {
      ...state,
      statics: [...state.statics, ...extra],
      locationRules: [...state.locationRules, ...there.locationRules.filter((r) => added.has(r.source))],
      units: state.units.map((u) => {
        const mods = there.units.find((t) => t.id === u.id)?.modifiers.filter((m) => added.has(m.source)) ?? [];
        return mods.length > 0 ? { ...u, modifiers: [...u.modifiers, ...mods] } : u;
      }),
    };
    for (const id of extra) if (!core.statics.includes(id)) log.push({ kind: 'static', source: id, text: `${id} applies now (in battle at ${spread} this Movement Round).`, units: [], rolls: [], manual: false, data: { applies: true } });
  }
  // The first recompute logged these as stopping; they hold still.
  return { core: state, log: log.filter((e) => !(e.kind === 'static' && e.data.applies === false && state.statics.includes(e.source))) };
}
