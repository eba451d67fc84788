// control-place: who controls the rule's location changes (Warmaster's Bridge: "it will be
// controlled by the last player who has a unit arrives in the area"). The state holds it by place
// (`state.placeControl`); the `place` condition's `controlled` and `controlledBy` read it.
import { ruleLocation } from '../context.js';
import { entry } from '../log.js';
import { findUnit, fightsFor, placeController, withPlaceControl } from '../state.js';
import type { Handler } from './common.js';

export const controlPlace: Handler<'control-place'> = (state, effect, ctx) => {
  const place = ruleLocation(state, ctx);
  if (place === null)
    return {
      state,
      log: [entry('control-place', ctx.source, 'No location to control: the rule has none here.', { data: { place: null, side: null, changed: false } })],
    };
  let side: string | null = null;
  if (effect.to === 'active') side = state.active;
  else if (effect.to === 'subject') {
    const sides = new Set(
      (ctx.subject ?? []).flatMap((id) => {
        const unit = findUnit(state, id);
        return unit === undefined ? [] : [fightsFor(unit)];
      }),
    );
    if (sides.size !== 1) {
      return {
        state,
        log: [
          entry('control-place', ctx.source, `No single side's units are the subject: control of ${place} does not change.`, {
            data: { place, side: null, changed: false },
          }),
        ],
      };
    }
    side = [...sides][0]!;
  }
  if (effect.to !== 'nobody' && side === null) {
    return {
      state,
      log: [
        entry('control-place', ctx.source, `No side is ${effect.to} now: control of ${place} does not change.`, {
          data: { place, side: null, changed: false },
        }),
      ],
    };
  }
  const was = placeController(state, place);
  if (was === side && state.placeControl?.[place] !== undefined) {
    return { state, log: [entry('control-place', ctx.source, `${side ?? 'Nobody'} already controls ${place}.`, { data: { place, side, changed: false } })] };
  }
  const text = side === null ? `Nobody controls ${place} now.` : `${side} controls ${place} now.`;
  return { state: withPlaceControl(state, place, side), log: [entry('control-place', ctx.source, text, { data: { place, side, changed: true } })] };
};
