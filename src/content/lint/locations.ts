import { asArray, type LintCheck } from './context.js';

// Playmark's generic location kinds, found by schema whatever a pack calls them.
export const LOCATION_SCHEMA = 'common/location.schema.json';
export const LOCATION_KIND_SCHEMA = 'common/location-kind.schema.json';

/** location/one-way: where a location's kind says adjacency runs both ways, each adjacent location lists it back. */
export const symmetricAdjacency: LintCheck = (ctx) => {
  const locationKinds = ctx.kindsWithSchema(LOCATION_SCHEMA);
  const kindKinds = ctx.kindsWithSchema(LOCATION_KIND_SCHEMA);
  for (const location of ctx.ofSchema(LOCATION_SCHEMA)) {
    const kind = typeof location.data.kind === 'string' ? ctx.find(kindKinds, location.data.kind) : undefined;
    if (!kind?.valid || kind.data.symmetric !== true) continue; // a missing kind is ref/missing's
    asArray(location.data.adjacent).forEach((target, index) => {
      if (typeof target !== 'string') return;
      const other = ctx.find(locationKinds, target);
      if (!other?.valid) return; // ref/missing reports it
      if (!asArray(other.data.adjacent).includes(location.id)) {
        const name = typeof kind.data.name === 'string' ? kind.data.name.toLowerCase() : kind.id;
        ctx.at(
          'location/one-way',
          location,
          ['adjacent', index],
          `${location.id} lists ${target} as adjacent, and ${name} adjacency runs both ways, but ${target} does not list ${location.id} back.`,
        );
      }
    });
  }
};
