// Where a kind's records hold generic tables (src/content/table-places.ts): found from the kind's
// schema, so a game schema that extends a generic table, or a field that holds one, is checked and
// resolved like a designer's own table kind.
import { describe, expect, it } from 'vitest';
import { tablePlacesOf } from '../src/content/table-places.js';

const COMBAT = { $ref: '../common/combat-table.schema.json' };
const ROLL = { $ref: '../common/roll-table.schema.json' };

function places(schemas: Record<string, unknown>, rel: string) {
  return tablePlacesOf(rel, (r) => schemas[r]);
}

describe('generic tables found by schema', () => {
  it('a kind whose schema is a generic table holds one table: the record itself', () => {
    expect(places({}, 'common/combat-table.schema.json')).toEqual([{ type: 'combat', pointer: '' }]);
    expect(places({}, 'common/roll-table.schema.json')).toEqual([{ type: 'roll', pointer: '' }]);
  });

  it("a game schema that extends one (allOf) is that table, as Warmaster's combat table is", () => {
    const schemas = { 'game/crt.schema.json': { allOf: [COMBAT], properties: { extension: {} }, unevaluatedProperties: false } };
    expect(places(schemas, 'game/crt.schema.json')).toEqual([{ type: 'combat', pointer: '' }]);
  });

  it("a schema naming playmark's by its installed path (node_modules/playmark/schemas/...) is found too", () => {
    const schemas = { 'game/events.schema.json': { $ref: '../../node_modules/playmark/schemas/common/roll-table.schema.json' } };
    expect(places(schemas, 'game/events.schema.json')).toEqual([{ type: 'roll', pointer: '' }]);
  });

  it("fields that hold a table, directly, through the schema's own $defs, or as a table or null, are each a place", () => {
    const schemas = {
      'game/spread.schema.json': {
        type: 'object',
        properties: {
          id: { type: 'string' },
          combatTable: { $ref: '#/$defs/crt' },
          events: { anyOf: [ROLL, { type: 'null' }] },
          weather: ROLL,
        },
        $defs: { crt: { allOf: [COMBAT], unevaluatedProperties: false } },
      },
    };
    expect(places(schemas, 'game/spread.schema.json')).toEqual([
      { type: 'combat', pointer: '/combatTable' },
      { type: 'roll', pointer: '/events' },
      { type: 'roll', pointer: '/weather' },
    ]);
  });

  it('a schema with no table, or references that loop, holds none (and does not hang)', () => {
    const schemas = {
      'game/unit.schema.json': { properties: { name: { type: 'string' }, loop: { $ref: 'loop.schema.json' } } },
      'game/loop.schema.json': { $ref: 'unit.schema.json' },
    };
    expect(places(schemas, 'game/unit.schema.json')).toEqual([]);
  });

  it('a reference to a part of a generic table (a row, a defs entry) is not a table', () => {
    const schemas = { 'game/x.schema.json': { properties: { row: { $ref: '../common/combat-table.schema.json#/$defs/row' } } } };
    expect(places(schemas, 'game/x.schema.json')).toEqual([]);
  });
});
