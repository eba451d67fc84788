// limit-movement: records a movement limit at the rule's location, for the units the target
// selects now (or every unit there when the effect has no target). The game's movement rules
// read `state.locationRules`; the limit ends with its duration (see expire.ts).
import { ruleLocation } from '../context.js';
import { entry } from '../log.js';
import { coreWith, type LocationRule } from '../state.js';
import { choiceData, select, type Handler } from './common.js';

export const limitMovement: Handler<'limit-movement'> = (state, effect, ctx, policy) => {
  const selected = effect.target !== undefined ? select(state, effect.target, ctx, policy) : null;
  const next = selected?.state ?? state;
  const rule: LocationRule = {
    location: ruleLocation(next, ctx),
    units: selected !== null ? [...selected.ids] : null,
    maxUnitsLeaving: effect.maxUnitsLeaving ?? null,
    maxDistance: effect.maxDistance ?? null,
    duration: effect.duration,
    source: ctx.source,
  };
  const limits = [rule.maxUnitsLeaving !== null ? `at most ${rule.maxUnitsLeaving} unit(s) per army leave` : null, rule.maxDistance !== null ? `moves of at most ${rule.maxDistance}` : null].filter((s) => s !== null);
  const text = `Movement limited at ${rule.location ?? 'every location'} (${effect.duration}): ${limits.join('; ') || 'no limit printed'}${rule.units !== null ? ` for ${rule.units.join(', ') || 'no unit'}` : ''}.`;
  return {
    state: coreWith(next, { locationRules: [...next.locationRules, rule] }),
    log: [entry('limit-movement', ctx.source, text, { units: rule.units ?? [], data: { location: rule.location, maxUnitsLeaving: rule.maxUnitsLeaving, maxDistance: rule.maxDistance, duration: effect.duration, ...choiceData(selected?.choice ?? null) } })],
  };
};
