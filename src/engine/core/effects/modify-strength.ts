// modify-strength: a modifier on each target. A rolled value (`{ die: d6, plus: 4 }`) is rolled
// once when the effect applies, and every target gets that value. The modifier stays until its
// duration ends (see expire.ts); `instant` and `permanent` ones never end.
import { ruleLocation } from '../context.js';
import { entry, type JsonValue, type LoggedRoll } from '../log.js';
import type { EffectContext } from '../context.js';
import { type Asked, type AskingPolicy, isAsked } from '../choices.js';
import { findUnit, unitWith, updateUnits, type CoreState, type Modifier } from '../state.js';
import { effectiveStats } from '../stats.js';
import { drawNumber } from './draw.js';
import { choiceData, names, select, turnsLeftFor, type EffectOf, type Handler, type Selected } from './common.js';

/** The modifier put on each target, without the log: what the handler does, and all a static rule's recompute needs (core/rules/statics.ts). */
export function addModifiers(
  state: CoreState,
  effect: EffectOf<'modify-strength'>,
  ctx: EffectContext,
  policy: AskingPolicy,
): { state: CoreState; selected: Selected; value: number; rolls: LoggedRoll[]; generated: { readonly [key: string]: JsonValue } | null } | Asked {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  let next = selected.state;
  let value: number;
  const rolls: LoggedRoll[] = [];
  let generated: { readonly [key: string]: JsonValue } | null = null;
  if (typeof effect.value === 'number') value = effect.value;
  else {
    const plus = effect.value.plus ?? 0;
    const drawn = drawNumber(next, effect.value.die, ctx, policy);
    if (isAsked(drawn)) return drawn;
    next = drawn.state;
    value = drawn.value + plus;
    // `rolls` lists the generator's draws only; a number the game generated is in the data.
    if (drawn.generated !== null) generated = drawn.generated.data;
    else rolls.push({ die: effect.value.die, value: drawn.value, for: `${effect.value.die}${plus !== 0 ? (plus > 0 ? `+${plus}` : plus) : ''} = ${value}` });
  }
  // The rule's location, for a target with none, is the same before and after (only units change).
  const here = next;
  next = updateUnits(next, selected.ids, (unit) => {
    const modifier: Modifier = {
      stat: effect.stat,
      op: effect.op,
      value,
      rounding: effect.rounding ?? null,
      duration: effect.duration,
      // A static rule's mark (`while`) holds wherever its rule does: it names no place, so the mark
      // is the same however the unit came where it stands (a recompute from nothing gives the same).
      location: effect.duration === 'while' ? null : (unit.location ?? ruleLocation(here, ctx)),
      turnsLeft: turnsLeftFor(effect.duration),
      source: ctx.source,
    };
    return unitWith(unit, { modifiers: [...unit.modifiers, modifier] });
  });
  return { state: next, selected, value, rolls, generated };
}

export const modifyStrength: Handler<'modify-strength'> = (state, effect, ctx, policy) => {
  const added = addModifiers(state, effect, ctx, policy);
  if (isAsked(added)) return added;
  const { state: next, selected, value, rolls, generated } = added;
  const sign = effect.op === 'add' ? (value >= 0 ? `+${value}` : `${value}`) : effect.op === 'multiply' ? `x${value}` : `= ${value}`;
  const after = Object.fromEntries(selected.ids.map((id) => [id, effectiveStats(findUnit(next, id)!)]));
  return {
    state: next,
    log: [
      entry('modify-strength', ctx.source, `${effect.stat.toUpperCase()} ${sign} (${effect.duration}) for ${names(next, selected.ids)}.`, {
        units: selected.ids,
        rolls,
        data: {
          stat: effect.stat,
          op: effect.op,
          value,
          duration: effect.duration,
          rounding: effect.rounding ?? null,
          after,
          ...choiceData(selected.choice),
          ...(generated === null ? {} : { generated }),
        },
      }),
    ],
  };
};
