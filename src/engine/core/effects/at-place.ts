// at-place: effects applied at other places than the rule's (the areas next to an exploding
// Weapons store, the next area of the fire's countdown, the area a laser roll hits). For each place
// selected, in turn, the nested effects run with that place as the rule's location, so `here` and
// the units their filters look at are that place's. The places come from the game's map (the
// `places` hook); with none, or no place selected, nothing happens.
import { isAsked } from '../choices.js';
import { contextWith, ruleLocation } from '../context.js';
import { choosingSide } from '../filter.js';
import { entry, type LogEntry } from '../log.js';
import type { GameEvent } from '../rules/event.js';
import type { CoreState } from '../state.js';
import type { Handler } from './common.js';

export const atPlace: Handler<'at-place'> = (state, effect, ctx, policy, nested) => {
  const map = ctx.places;
  const sel = effect.place;
  let places: readonly string[] = [];
  let chosen: { by: string; side: string | null } | null = null;
  if (map !== undefined) {
    if ('adjacent' in sel) {
      const here = ruleLocation(state, ctx);
      places = here === null ? [] : map.neighbours(here);
    } else if ('countdown' in sel) {
      places = nextOfCountdown(state, map.numbered, sel.countdown.from, sel.countdown.to);
    } else if ('numbered' in sel) {
      const place = ctx.rolled === undefined ? undefined : map.numbered(ctx.rolled);
      places = place === undefined ? [] : [place];
    } else {
      const except = sel.except ?? [];
      // `except` names places by id or by trait (a ship area by the special area it is).
      const excluded = (p: string) => except.includes(p) || (ctx.placeTraits?.(p) ?? []).some((t) => except.some((e) => e.toLowerCase() === t));
      const candidates = map.all.filter((p) => !excluded(p) && !state.destroyedPlaces.includes(p));
      if (candidates.length > 0) {
        const side = sel.choose === 'random' ? null : choosingSide(state, sel.choose, [], ctx);
        const answer = policy.chooseOption(state, { side, options: candidates, reason: `${ctx.source}: which place?` });
        if (isAsked(answer)) return answer;
        const picked = candidates[answer];
        if (picked === undefined) throw new Error(`The policy must answer an index of ${candidates.join(', ')} (${ctx.source}); it answered ${answer}.`);
        places = [picked];
        chosen = { by: sel.choose, side };
      }
    }
  }
  const log: LogEntry[] = [
    entry('at-place', ctx.source, places.length > 0 ? `At ${places.join(', ')}:` : 'No place selected.', {
      data: { places: [...places], ...(chosen === null ? {} : chosen) },
    }),
  ];
  let next = state;
  const events: GameEvent[] = [];
  for (const place of places) {
    const applied = nested(next, effect.do, contextWith(ctx, { location: place }), policy);
    if (isAsked(applied)) return applied;
    next = applied.state;
    log.push(...applied.log);
    events.push(...(applied.events ?? []));
  }
  return { state: next, log, events };
};

/** The first number from `from` to `to` naming a place not yet destroyed: that place, or none. */
function nextOfCountdown(state: CoreState, numbered: (n: number) => string | undefined, from: number, to: number): string[] {
  const step = from <= to ? 1 : -1;
  for (let n = from; step > 0 ? n <= to : n >= to; n += step) {
    const place = numbered(n);
    if (place !== undefined && !state.destroyedPlaces.includes(place)) return [place];
  }
  return [];
}
