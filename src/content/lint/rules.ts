import type { PathStep } from '../diagnostic.js';
import type { EffectiveRecord, Json } from '../model.js';
import { isRuleList } from '../rules.js';
import type { LintCheck, LintContext } from './context.js';

/** Effect kinds a static rule (no `when`) may hold: their marks are recomputed (see src/engine/core/rules/statics.ts). */
const STATIC_KINDS = new Set(['modify-strength', 'limit-movement', 'move-directly', 'manual', 'no-effect']);
/** Effect kinds only a static rule may hold: a way of moving that holds while the rule does, which the game's movement reads. */
const STATIC_ONLY_KINDS = new Set(['move-directly']);
const BUILT_IN_BINDINGS = new Set(['self', 'subject']);

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * rule/static-effect, rule/static-only-effect, rule/while-outside-static, rule/instead-without-when, rule/unbound-name:
 * what the schema cannot say about a rule's parts together. Rules are objects with `do` (and
 * `text`); cards, events and results carry `effects`, which fire when they are played or rolled.
 */
export const ruleShapes: LintCheck = (ctx) => {
  for (const record of ctx.records) {
    if (!record.valid) continue;
    const walk = (value: Json, path: PathStep[]): void => {
      if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, [...path, i]));
        return;
      }
      if (!isObject(value)) return;
      if (Array.isArray(value.do) && typeof value.text === 'string') {
        checkRule(ctx, record, value, path);
        return;
      }
      if (Array.isArray(value.effects)) {
        checkEffects(ctx, record, value.effects, [...path, 'effects'], false, new Set());
        // A card that fights as a unit has rules of its own beside what it does when revealed.
        for (const key of Object.keys(value)) if (key !== 'effects' && isRuleList(value[key]!)) walk(value[key]!, [...path, key]);
        return;
      }
      for (const key of Object.keys(value)) if (key !== 'source') walk(value[key]!, [...path, key]);
    };
    walk(record.data, []);
  }
};

function checkRule(ctx: LintContext, record: EffectiveRecord, rule: JsonObject, path: PathStep[]): void {
  const isStatic = rule.when === undefined;
  if (isStatic && rule.instead === true) {
    ctx.at('rule/instead-without-when', record, [...path, 'instead'], 'A rule with `instead: true` replaces an event, so it needs `when` to say which one.');
  }
  const names = new Set<string>();
  if (rule.if !== undefined) collectBindings(ctx, record, rule.if, [...path, 'if'], names);
  checkEffects(ctx, record, rule.do as Json[], [...path, 'do'], isStatic, names);
}

function checkEffects(ctx: LintContext, record: EffectiveRecord, effects: readonly Json[], path: PathStep[], isStatic: boolean, names: Set<string>): void {
  effects.forEach((effect, i) => {
    if (!isObject(effect)) return;
    const at = [...path, i];
    const kind = typeof effect.kind === 'string' ? effect.kind : '';
    if (isStatic && !STATIC_KINDS.has(kind)) {
      ctx.at(
        'rule/static-effect',
        record,
        [...at, 'kind'],
        `A rule without \`when\` holds while its condition does, so it may use only modify-strength or limit-movement; \`${kind}\` happens once and needs a trigger.`,
      );
    } else if (!isStatic && STATIC_ONLY_KINDS.has(kind)) {
      ctx.at(
        'rule/static-only-effect',
        record,
        [...at, 'kind'],
        `\`${kind}\` is a way of moving that holds while its rule does, so only a rule without \`when\` may hold it, not a triggered rule, card, event or result.`,
      );
    } else if (isStatic && effect.duration !== undefined && effect.duration !== 'while') {
      ctx.at(
        'rule/static-effect',
        record,
        [...at, 'duration'],
        `A rule without \`when\` lasts while its condition holds: give its ${kind} the duration \`while\`, not \`${String(effect.duration)}\`.`,
      );
    } else if (!isStatic && effect.duration === 'while') {
      ctx.at(
        'rule/while-outside-static',
        record,
        [...at, 'duration'],
        `The duration \`while\` belongs to a rule without \`when\` (a static rule); this ${kind} would never end. Give it a duration such as \`battle\` or \`turn\`.`,
      );
    }
    collectBindings(ctx, record, effect, at, names);
  });
}

/** Checks every `binding` against the names saved so far (document order), then saves this value's `as` names. */
function collectBindings(ctx: LintContext, record: EffectiveRecord, value: Json, path: PathStep[], names: Set<string>): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => collectBindings(ctx, record, v, [...path, i], names));
    return;
  }
  if (!isObject(value)) return;
  for (const key of ['binding', 'exceptBinding'] as const) {
    const binding = value[key];
    if (typeof binding === 'string' && !BUILT_IN_BINDINGS.has(binding) && !names.has(binding)) {
      const known = [...BUILT_IN_BINDINGS, ...names].join(', ');
      ctx.at('rule/unbound-name', record, [...path, key], `No earlier filter of this rule saves units as \`${binding}\` (names here: ${known}).`);
    }
  }
  for (const key of Object.keys(value)) if (key !== 'as') collectBindings(ctx, record, value[key]!, [...path, key], names);
  if (typeof value.as === 'string') names.add(value.as);
}
