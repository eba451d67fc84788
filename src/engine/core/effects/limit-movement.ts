// limit-movement: records a movement limit at the rule's location, for the units the target
// selects now (or every unit there when the effect has no target), or for every unit of the sides
// `sides` names now, wherever it is; with `closed`, the location is closed to units entering it
// (`placeClosed`). The game's movement rules
// read `state.locationRules`; the limit ends with its duration (see expire.ts).
import { resolveSides, ruleLocation, type EffectContext } from '../context.js';
import { entry } from '../log.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import { coreWith, type CoreState, type LocationRule } from '../state.js';
import { choiceData, select, type EffectOf, type Handler, type Selected } from './common.js';

/** The limit recorded, without the log: what the handler does, and all a static rule's recompute needs (core/rules/statics.ts). */
export function addLimit(
  state: CoreState,
  effect: EffectOf<'limit-movement'>,
  ctx: EffectContext,
  policy: AskingPolicy,
): { state: CoreState; rule: LocationRule; selected: Selected | null } | Asked {
  const selected = effect.target !== undefined ? select(state, effect.target, ctx, policy) : null;
  if (isAsked(selected)) return selected;
  const next = selected?.state ?? state;
  const common = {
    units: selected !== null ? [...selected.ids] : null,
    maxUnitsLeaving: effect.maxUnitsLeaving ?? null,
    maxDistance: effect.maxDistance ?? null,
    duration: effect.duration,
    source: ctx.source,
  };
  // With `sides`, the limit binds those sides' units wherever they are: no location.
  // With `closed`, no unit may enter the location: a limit on sides has none to close.
  if (effect.closed === true && effect.sides !== undefined)
    throw new Error(`${ctx.source}: a limit-movement with \`sides\` binds units wherever they are and has no location to close (\`closed\`).`);
  const rule: LocationRule =
    effect.sides === undefined
      ? { location: ruleLocation(next, ctx), ...common, ...(effect.closed === true ? { closed: true } : {}) }
      : { location: null, ...common, sides: resolveSides(next, effect.sides, ctx) };
  return { state: coreWith(next, { locationRules: [...next.locationRules, rule] }), rule, selected };
}

export const limitMovement: Handler<'limit-movement'> = (state, effect, ctx, policy) => {
  const added = addLimit(state, effect, ctx, policy);
  if (isAsked(added)) return added;
  const { state: next, rule, selected } = added;
  const limits = [
    rule.maxUnitsLeaving !== null ? `at most ${rule.maxUnitsLeaving} unit(s) per army leave` : null,
    rule.maxDistance !== null ? `moves of at most ${rule.maxDistance}` : null,
    rule.closed === true ? 'no unit may enter' : null,
  ].filter((s) => s !== null);
  const whom = rule.sides !== undefined ? ` for every unit of ${rule.sides.join(', ') || 'no side'}` : '';
  const text = `Movement limited at ${rule.location ?? 'every location'} (${effect.duration}): ${limits.join('; ') || 'no limit printed'}${rule.units !== null ? ` for ${rule.units.join(', ') || 'no unit'}` : ''}${whom}.`;
  return {
    state: next,
    log: [
      entry('limit-movement', ctx.source, text, {
        units: rule.units ?? [],
        data: {
          location: rule.location,
          maxUnitsLeaving: rule.maxUnitsLeaving,
          maxDistance: rule.maxDistance,
          duration: effect.duration,
          ...(rule.sides === undefined ? {} : { sides: [...rule.sides] }),
          ...(rule.closed === true ? { closed: true } : {}),
          ...choiceData(selected?.choice ?? null),
        },
      }),
    ],
  };
};
