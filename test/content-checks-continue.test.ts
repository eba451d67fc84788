// A record that breaks its schema never stops the checks of the others: a manifest with a schema
// problem still names its kinds and layers, and a layer file with one bad entry still applies the
// others, so reference problems and layer targets are reported in the same run.
import { describe, expect, it } from 'vitest';
import { validate } from '../src/content/validate.js';
import { fixture, inFixtures, repoRoot } from './helpers.js';

const F = 'test/fixtures/cases/schema-errors-and-refs';

describe('schema errors elsewhere do not hide reference problems', () => {
  const result = validate([fixture('cases', 'schema-errors-and-refs')], { cwd: repoRoot });
  const found = inFixtures(result.diagnostics).map(({ code, file, line, column }) => ({ code, file, line, column }));

  it("the manifest's unknown property, a record's wrong type, a missing reference and both layer problems, in one run", () => {
    expect(found).toEqual([
      { code: 'schema/type', file: `${F}/cards/strike.yaml`, line: 4, column: 8 },
      { code: 'ref/missing', file: `${F}/decks/main.yaml`, line: 3, column: 16 },
      { code: 'schema/enum', file: `${F}/layers/errata.yaml`, line: 6, column: 11 },
      { code: 'layer/target-missing', file: `${F}/layers/errata.yaml`, line: 7, column: 31 },
      { code: 'schema/additional-property', file: `${F}/pack.yaml`, line: 5, column: 1 },
    ]);
  });

  it('a reference to a record that breaks its schema is not missing: the record exists', () => {
    // decks/main.yaml names parry (valid) and strke (a typo); strike itself breaks its schema but exists.
    const refs = result.diagnostics.filter((d) => d.code === 'ref/missing');
    expect(refs.map((d) => d.message)).toEqual(['No card has the id "strke".']);
    expect(refs[0]!.hint).toBe('Did you mean "strike"?');
  });
});
