// destroy-place: a location (a square, spread or ship area) is destroyed. It is recorded in
// `state.destroyedPlaces` and announced as `place-destroyed` there, so the place's own rules (an
// explosion that kills every unit inside) fire on it. Destroying a destroyed place does nothing.
// An effect naming a `marker` places it there (`state.placeMarkers`; the line names it).
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
  const marker = effect.marker;
  const placed = marker === undefined ? {} : { placeMarkers: { ...state.placeMarkers, [place]: marker } };
  const text = marker === undefined ? `${place} is destroyed.` : `${place} is destroyed; a ${marker} is placed there.`;
  return {
    state: coreWith(state, { destroyedPlaces: [...state.destroyedPlaces, place], ...placed }),
    log: [entry('destroy-place', ctx.source, text, { data: { place, already: false, ...(marker === undefined ? {} : { marker }) } })],
    events: [{ event: 'place-destroyed', location: place }],
  };
};
