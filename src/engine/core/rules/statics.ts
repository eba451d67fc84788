// Static rules: a rule without `when` holds while its `if` does ("units in battle here may not
// leave", "-1 CS while in a Frigid location"). Its effects are never left behind as marks: after
// every change the interpreter removes what static rules put on the state (modifiers and
// movement limits with the duration `while`) and applies again the rules whose condition holds
// now. The log says when a static rule starts or stops applying, not every recompute.
import { applyEffects } from '../effects/index.js';
import { entry, type LogEntry } from '../log.js';
import type { Policy } from '../policy.js';
import { findUnit, type CoreState } from '../state.js';
import { holds } from './condition.js';
import type { RuleHooks } from './fire.js';
import { instancesOf, type RuleSource } from './ruleset.js';

/** The effect kinds a static rule may use: those whose result is a mark the recompute can remove. */
export const STATIC_EFFECT_KINDS: readonly string[] = ['modify-strength', 'limit-movement'];

export interface Recomputed {
  readonly state: CoreState;
  /** Static rules that started or stopped applying. */
  readonly log: readonly LogEntry[];
}

/** The state with static rules' marks recomputed from the rules whose condition holds now. */
export function recomputeStatics(state: CoreState, rules: readonly RuleSource[], policy: Policy, hooks: RuleHooks = {}): Recomputed {
  const hasStatics = rules.some((r) => r.rule.when === undefined);
  if (!hasStatics && state.statics.length === 0) return { state, log: [] };
  let current: CoreState = {
    ...state,
    units: state.units.map((u) => (u.modifiers.some((m) => m.duration === 'while') ? { ...u, modifiers: u.modifiers.filter((m) => m.duration !== 'while') } : u)),
    locationRules: state.locationRules.filter((r) => r.duration !== 'while'),
  };
  const holding: string[] = [];
  for (const inst of instancesOf(current, rules)) {
    const rule = inst.source.rule;
    if (rule.when !== undefined) continue;
    if (inst.self !== null && findUnit(current, inst.self)?.destroyed !== false) continue;
    // A rule with nothing for the engine to do (manual, no-effect) is the players' to apply.
    const effects = rule.do.filter((e) => e.kind !== 'manual' && e.kind !== 'no-effect');
    if (effects.length === 0) continue;
    const ctx = { ...hooks, owner: inst.owner, source: inst.id, location: inst.location, self: inst.self, subject: [], bindings: new Map<string, readonly string[]>() };
    if (rule.if !== undefined && !holds(current, rule.if, ctx)) continue;
    const wrong = effects.find((e) => !STATIC_EFFECT_KINDS.includes(e.kind) || ('duration' in e && e.duration !== 'while'));
    if (wrong !== undefined) {
      throw new Error(`The static rule ${inst.source.key} uses ${wrong.kind}; a rule without \`when\` may use only ${STATIC_EFFECT_KINDS.join(', ')} with duration \`while\` (validate reports this as rule/static-effect).`);
    }
    holding.push(inst.id);
    current = { ...applyEffects({ ...current, log: [] }, effects, ctx, policy).state, log: current.log };
  }
  const log: LogEntry[] = [];
  for (const id of holding) if (!state.statics.includes(id)) log.push(entry('static', id, `${id} applies now.`, { data: { applies: true } }));
  for (const id of state.statics) if (!holding.includes(id)) log.push(entry('static', id, `${id} no longer applies.`, { data: { applies: false } }));
  return { state: { ...current, statics: holding }, log };
}
