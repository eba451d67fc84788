// destroy-place: a location (a square, spread or ship area) is destroyed. It is recorded in
// `state.destroyedPlaces` and announced as `place-destroyed` there, so the place's own rules (an
// explosion that kills every unit inside) fire on it. Destroying a destroyed place does nothing.
import { ruleLocation } from '../context.js';
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

export const destroyPlace: Handler<'destroy-place'> = (state, effect, ctx) => {
  const place = effect.place === 'here' ? ruleLocation(state, ctx) : effect.place;
  if (place === null) return { state, log: [entry('destroy-place', ctx.source, 'No location to destroy: the rule has none here.', { data: { place: null } })] };
  if (state.destroyedPlaces.includes(place)) {
    return { state, log: [entry('destroy-place', ctx.source, `${place} is already destroyed.`, { data: { place, already: true } })] };
  }
  return {
    state: coreWith(state, { destroyedPlaces: [...state.destroyedPlaces, place] }),
    log: [entry('destroy-place', ctx.source, `${place} is destroyed.`, { data: { place, already: false } })],
    events: [{ event: 'place-destroyed', location: place }],
  };
};
