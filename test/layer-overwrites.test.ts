// An entry that a later entry overwrites is a warning naming both, at the overwritten entry; a
// later entry that changes a value inside an earlier one (an erratum on a cell of a row a ruling
// set) refines it and is not.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../src/content/validate.js';
import { fixture, repoRoot } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-overwrite-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
cpSync(fixture('layer--overwritten'), path.join(work, 'content', 'p'), { recursive: true });
cpSync(fixture('schemas'), path.join(work, 'schemas'), { recursive: true });
const dir = path.join(work, 'content', 'p');

function entry(id: string, kind: string, pointer: string, value: string): string {
  return `  - id: ${id}\n    kind: ${kind}\n    target: { kind: spread, id: alpha, pointer: ${pointer} }\n    value: ${value}\n    reason: R.\n`;
}
function layers(errata: string, rulings: string, order = '[errata, rulings]') {
  const head = (id: string) => `id: ${id}\ntitle: T\nentries:\n`;
  writeFileSync(path.join(dir, 'layers', 'errata.yaml'), head('errata') + errata);
  writeFileSync(path.join(dir, 'layers', 'rulings.yaml'), head('rulings') + rulings);
  const manifest = path.join(dir, 'pack.yaml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/^layers: .*$/m, `layers: ${order}`));
}
const overwritten = () => validate([path.join(work, 'content')], { cwd: work }).diagnostics.filter((d) => d.code === 'layer/overwritten');

describe('layer/overwritten', () => {
  it('an erratum on a cell, then a ruling replacing the row with another value there: one warning at the erratum', () => {
    layers(entry('cell', 'erratum', '/combatTable/rows/0/1', 'D1'), entry('row', 'ruling', '/combatTable/rows/0', '[A1, DE]'));
    const found = overwritten();
    expect(found).toHaveLength(1);
    expect(found[0]!.file).toBe('content/p/layers/errata.yaml');
    expect(found[0]!.message).toContain('This entry (cell)');
    expect(found[0]!.message).toContain('the entry row in the later layer rulings replaces /combatTable/rows/0 whole');
  });

  it('errata last: the ruling sets the row, the erratum corrects a cell of it, and nothing warns', () => {
    layers(entry('cell', 'erratum', '/combatTable/rows/0/1', 'D1'), entry('row', 'ruling', '/combatTable/rows/0', '[A1, DE]'), '[rulings, errata]');
    expect(overwritten()).toEqual([]);
    const alpha = validate([path.join(work, 'content')], { cwd: work }).packs[0]!.records.get('spread')![0]!;
    expect((alpha.data.combatTable as { rows: unknown[][] }).rows[0]).toEqual(['A1', 'D1']);
  });

  it('two entries on the same pointer warn, even with the same value', () => {
    layers(entry('first', 'erratum', '/combatTable/rows/0/1', 'D1') + entry('second', 'erratum', '/combatTable/rows/0/1', 'D1'), '');
    const found = overwritten();
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('the entry second later in the layer errata sets the same pointer');
  });

  it('a row replaced whole that keeps the earlier cell as the earlier entry set it loses nothing: no warning', () => {
    layers(entry('cell', 'erratum', '/combatTable/rows/0/1', 'D1'), entry('row', 'ruling', '/combatTable/rows/0', '[A1, D1]'));
    expect(overwritten()).toEqual([]);
  });

  it('appending to a list another entry set is no overwrite', () => {
    layers(entry('paths', 'ruling', '/paths', '[]'), entry('more', 'ruling', '/paths/-', 'alpha'));
    expect(overwritten()).toEqual([]);
  });
});

describe('the shipped packs', () => {
  it('have no entry that a later one overwrites', () => {
    const result = validate([path.join(repoRoot, 'content')], { cwd: repoRoot });
    expect(result.diagnostics.filter((d) => d.code === 'layer/overwritten')).toEqual([]);
  });
});
