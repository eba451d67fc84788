// add-unit: a unit joins a side at the rule's location until the duration ends, then leaves play.
// It is built from the pack's record (the context's `createUnit`) when the effect names one, with
// the stats and traits the rule prints laid over it ("Treat it as a 4 CS, 2 Hits unit").
import { resolveOneSide, ruleLocation } from '../context.js';
import { entry } from '../log.js';
import { coreWith, lowerCaseNames, makeUnit, printedStats, unitWith } from '../state.js';
import { turnsLeftFor, type Handler } from './common.js';

export const addUnit: Handler<'add-unit'> = (state, effect, ctx) => {
  const side = resolveOneSide(state, effect.joins, ctx);
  const label = effect.name ?? effect.unit ?? 'unit';
  if (side === null) {
    return {
      state,
      log: [entry('add-unit', ctx.source, `No single army is "${effect.joins}" here: ${label} does not join.`, { data: { joins: effect.joins, side: null } })],
    };
  }
  const record = effect.unit !== undefined ? ctx.createUnit?.(effect.unit, side) : undefined;
  const stats = { ...printedStats(record?.stats ?? {}), ...printedStats(effect.stats ?? {}) };
  const slug =
    (effect.unit ??
      label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')) ||
    'unit';
  const id = `${slug}#${state.nextUnitNumber}`;
  const location = ruleLocation(state, ctx);
  const unit = unitWith(
    makeUnit({
      ...record,
      id,
      record: effect.unit ?? record?.record ?? null,
      name: effect.name ?? record?.name ?? label,
      side,
      location,
      stats,
      // The printed Hits win over the record's, and the unit joins unhurt.
      hits: stats.hits ?? record?.hits,
      traits: lowerCaseNames([...(record?.traits ?? []), ...(effect.traits ?? [])]),
    }),
    { leaves: { duration: effect.duration, location, turnsLeft: turnsLeftFor(effect.duration), source: ctx.source } },
  );
  return {
    state: coreWith(state, { units: [...state.units, unit], nextUnitNumber: state.nextUnitNumber + 1 }),
    log: [
      entry('add-unit', ctx.source, `${unit.name} (${id}) joins ${side} at ${location ?? 'no location'} (${effect.duration}).`, {
        units: [id],
        data: { side, record: unit.record, stats: unit.stats, traits: [...unit.traits], duration: effect.duration },
      }),
    ],
  };
};
