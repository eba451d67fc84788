// Static rules: a rule without `when` holds while its `if` does ("units in battle here may not
// leave", "-1 CS while in a Frigid location"). Its effects are never left behind as marks: after
// every change the interpreter removes what static rules put on the state (modifiers and
// movement limits with the duration `while`) and applies again the rules whose condition holds
// now; when what they would select is what they selected last time, the state stays as it is.
// The log says when a static rule starts or stops applying, not every recompute.
import type { EffectOf } from '../effects/common.js';
import { addLimit } from '../effects/limit-movement.js';
import { addModifiers } from '../effects/modify-strength.js';
import { entry, NO_ENTRIES, type LogEntry } from '../log.js';
import { contextWith, resolveSides, type EffectContext } from '../context.js';
import { selectUnits } from '../filter.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import { firstPolicy, type Policy } from '../policy.js';
import { findUnit, type CoreState, coreWith, unitWith } from '../state.js';
import { holds } from './condition.js';
import type { RuleHooks } from '../context.js';
import { instancesOf, type RuleInstance, type RuleSource } from './ruleset.js';
import { unapplied } from './unapplied.js';

/** The effect kinds a static rule may use: those whose result is a mark the recompute can remove. */
export const STATIC_EFFECT_KINDS: readonly string[] = ['modify-strength', 'limit-movement'];

export interface Recomputed {
  readonly state: CoreState;
  /** Static rules that started or stopped applying. */
  readonly log: readonly LogEntry[];
}

/** The static rules of a rule list (no `when`, something for the interpreter to apply), found once per list. */
const staticsOf = new WeakMap<readonly RuleSource[], readonly RuleSource[]>();
function staticSources(rules: readonly RuleSource[]): readonly RuleSource[] {
  let found = staticsOf.get(rules);
  if (found === undefined) {
    found = rules.filter((r) => r.rule.when === undefined && r.rule.do.some((e) => !unapplied(e.kind)));
    staticsOf.set(rules, found);
  }
  return found;
}

const contexts = new WeakMap<RuleInstance, { readonly hooks: RuleHooks; readonly ctx: EffectContext }>();

/** A static rule's context: no subject, no named choices (it never fires on an event); made once per instance (instances are reused: ruleset.ts). */
function contextOf(inst: RuleInstance, hooks: RuleHooks): EffectContext {
  const known = contexts.get(inst);
  if (known !== undefined && known.hooks === hooks) return known.ctx;
  const ctx = contextWith(
    { placeTraits: hooks.placeTraits, controlling: hooks.controlling },
    { owner: inst.owner, source: inst.id, location: inst.location, self: inst.self },
  );
  contexts.set(inst, { hooks, ctx });
  return ctx;
}

/**
 * What the static rules would put on the state now, as text: each holding instance with the units
 * (or the location) each of its effects selects. Two recomputes that find the same marks need not
 * rebuild the state: the common case, as most moves change nothing a static rule reads.
 */
function marksOf(state: CoreState, statics: readonly RuleSource[], hooks: RuleHooks): string {
  let marks = '';
  for (const inst of instancesOf(state, statics)) {
    if (inst.self !== null && findUnit(state, inst.self)?.destroyed !== false) continue;
    const ctx = contextOf(inst, hooks);
    const rule = inst.source.rule;
    if (rule.if !== undefined && !holds(state, rule.if, ctx)) continue;
    marks += `${inst.id}>`;
    for (const e of rule.do) {
      if (unapplied(e.kind)) continue;
      const target = 'target' in e ? e.target : undefined;
      const sides = e.kind === 'limit-movement' ? e.sides : undefined;
      // A limit on sides marks the sides it names now (the place's controller changes them).
      if (target !== undefined) marks += selectUnits(state, target, ctx, firstPolicy).ids.join(',');
      else marks += sides !== undefined ? `sides:${resolveSides(state, sides, ctx).join(',')}` : String(inst.location);
      marks += ';';
    }
    marks += '|';
  }
  return marks;
}

/** Whether `rebuilt`, the unit `before` with its `while` modifiers taken off and put on again, has the modifiers it had. */
function sameModifiers(rebuilt: CoreState['units'][number], before: CoreState['units'][number]): boolean {
  if (rebuilt.id !== before.id || rebuilt.modifiers.length !== before.modifiers.length) return false;
  for (let i = 0; i < rebuilt.modifiers.length; i++) {
    const a = rebuilt.modifiers[i]!;
    const b = before.modifiers[i]!;
    if (
      a !== b &&
      (a.stat !== b.stat ||
        a.op !== b.op ||
        a.value !== b.value ||
        a.rounding !== b.rounding ||
        a.duration !== b.duration ||
        a.location !== b.location ||
        a.turnsLeft !== b.turnsLeft ||
        a.source !== b.source)
    )
      return false;
  }
  return true;
}

/** The log of a recompute: the static rule instances that started applying, then those that stopped. */
export function staticsLog(before: readonly string[], after: readonly string[]): LogEntry[] {
  const log: LogEntry[] = [];
  for (const id of after) if (!before.includes(id)) log.push(entry('static', id, `${id} applies now.`, { data: { applies: true } }));
  for (const id of before) if (!after.includes(id)) log.push(entry('static', id, `${id} no longer applies.`, { data: { applies: false } }));
  return log;
}

/**
 * The state with static rules' marks recomputed from the rules whose condition holds now.
 * `sameMarks`, when a game knows what its static rules read, says whether two states must have the
 * same marks: the rebuilt state then takes the marks found before rebuilding instead of a second
 * pass over the rules. With a policy that may ask (choices.ts), a pick a static rule's target asks
 * stops the recompute, and the question is returned.
 */
export function recomputeStatics(
  state: CoreState,
  rules: readonly RuleSource[],
  policy: Policy,
  hooks?: RuleHooks,
  sameMarks?: (a: CoreState, b: CoreState) => boolean,
): Recomputed;
export function recomputeStatics(
  state: CoreState,
  rules: readonly RuleSource[],
  policy: AskingPolicy,
  hooks?: RuleHooks,
  sameMarks?: (a: CoreState, b: CoreState) => boolean,
): Recomputed | Asked;
export function recomputeStatics(
  state: CoreState,
  rules: readonly RuleSource[],
  policy: AskingPolicy,
  hooks: RuleHooks = {},
  sameMarks?: (a: CoreState, b: CoreState) => boolean,
): Recomputed | Asked {
  const statics = staticSources(rules);
  if (statics.length === 0 && state.statics.length === 0) return { state, log: NO_ENTRIES };
  // Nothing a static rule reads has changed: the marks on the state are the right ones.
  const marks = marksOf(state, statics, hooks);
  if (marks === state.staticMarks) return { state, log: NO_ENTRIES };
  let current: CoreState = coreWith(state, {
    units: state.units.map((u) =>
      u.modifiers.some((m) => m.duration === 'while') ? unitWith(u, { modifiers: u.modifiers.filter((m) => m.duration !== 'while') }) : u,
    ),
    locationRules: state.locationRules.filter((r) => r.duration !== 'while'),
  });
  const holding: string[] = [];
  for (const inst of instancesOf(current, statics)) {
    const rule = inst.source.rule;
    if (inst.self !== null && findUnit(current, inst.self)?.destroyed !== false) continue;
    const effects = rule.do.filter((e) => !unapplied(e.kind));
    const ctx = contextOf(inst, hooks);
    if (rule.if !== undefined && !holds(current, rule.if, ctx)) continue;
    const wrong = effects.find((e) => !STATIC_EFFECT_KINDS.includes(e.kind) || ('duration' in e && e.duration !== 'while'));
    if (wrong !== undefined) {
      throw new Error(
        `The static rule ${inst.source.key} uses ${wrong.kind}; a rule without \`when\` may use only ${STATIC_EFFECT_KINDS.join(', ')} with duration \`while\` (validate reports this as rule/static-effect).`,
      );
    }
    holding.push(inst.id);
    // What the effects' handlers do, without their log entries: a recompute logs only whether a rule applies.
    for (const e of effects) {
      const added = e.kind === 'modify-strength' ? addModifiers(current, e, ctx, policy) : addLimit(current, e as EffectOf<'limit-movement'>, ctx, policy);
      if (isAsked(added)) return added;
      current = added.state;
    }
  }
  const log = staticsLog(state.statics, holding);
  // A unit that holds the same marks as before is kept as the same object: callers compare states by
  // their units' identity, and most units' marks do not change when a rule starts or stops applying.
  let units = current.units;
  if (units !== state.units && units.length === state.units.length) {
    const kept = units.map((u, i) => (u !== state.units[i] && sameModifiers(u, state.units[i]!) ? state.units[i]! : u));
    units = kept.every((u, i) => u === state.units[i]) ? state.units : kept;
  }
  const next: CoreState = coreWith(current, { statics: holding, units });
  return { state: coreWith(next, { staticMarks: sameMarks?.(state, next) ? marks : marksOf(next, statics, hooks) }), log };
}
