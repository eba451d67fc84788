// Issue 20: Warmaster's combat table moved onto the generic kind (common/combat-table) with no value
// changed. The fixtures are `playmark export warmaster` and `export warmaster --provenance` saved
// before the move; mapping them through the renames docs/migration.md lists must give today's
// export exactly, so any changed value (a cell, a label, a layer entry's id, kind or reason) fails.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeTarget } from '../src/content/diff.js';
import { exportPack } from '../src/content/export.js';
import { commonView } from '../src/render/common/content.js';
import { packContentOf } from './content-support.js';
import { validate } from '../src/content/validate.js';
import { repoRoot } from './helpers.js';
import { migrateWarmasterExport, migrateWarmasterPointer } from './migration-warmaster-map.js';

type Json = unknown;
const before = (name: string): Json => JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'migration-warmaster', name), 'utf8'));

const result = validate([path.join(repoRoot, 'content', 'warmaster')], { cwd: repoRoot });
const pack = result.packs.find((p) => p.id === 'warmaster')!;

describe('Warmaster combat table on the generic kind (docs/migration.md)', () => {
  it('the migrated pack validates clean', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('effective content: the old export, renamed, is the new export (no value changed)', () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, {})));
    expect(now).toEqual(migrateWarmasterExport(before('before.json')));
  });

  it('provenance: every layer entry on the table still sets the same value, with its id, kind and reason', () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, { provenance: true })));
    expect(now).toEqual(migrateWarmasterExport(before('before-provenance.json')));
  });

  it('the base transcription still prints null where the text prints nothing', () => {
    const base = JSON.parse(JSON.stringify(exportPack(pack, { base: true }))) as { kinds: { 'combat-table': Record<string, any>[] } };
    const table = base.kinds['combat-table'][0]!;
    expect(table.rows.map((r: { cells: unknown[] }) => r.cells).flat().every((c: unknown) => c === null)).toBe(true);
    expect(table.key).toEqual({ kind: 'odds', rounding: null });
    expect(table.extension).toEqual({ oddsRule: null, rerollsPerSide: null });
  });

  it('the comparison fails when a value changes (a cell, a label or a reason)', () => {
    const old = before('before-provenance.json') as { kinds: { 'combat-table': { data: { rows: string[][]; columns: { label: string }[] }; provenance: { layers: Record<string, { reason: string }> } }[] } };
    const now = JSON.parse(JSON.stringify(exportPack(pack, { provenance: true })));
    const cell = structuredClone(old);
    cell.kinds['combat-table'][0]!.data.rows[2]![2] = 'DA';
    expect(migrateWarmasterExport(cell)).not.toEqual(now);
    const label = structuredClone(old);
    label.kinds['combat-table'][0]!.data.columns[0]!.label = '1-3 or less';
    expect(migrateWarmasterExport(label)).not.toEqual(now);
    const reason = structuredClone(old);
    reason.kinds['combat-table'][0]!.provenance.layers['/rows/0/0']!.reason = 'changed';
    expect(migrateWarmasterExport(reason)).not.toEqual(now);
  });

  it('layer pointers move to the new shape', () => {
    expect(migrateWarmasterPointer('/rows/3/4')).toBe('/rows/3/cells/4');
    expect(migrateWarmasterPointer('/oddsRule')).toBe('/extension/oddsRule');
    expect(migrateWarmasterPointer('/rerollsPerSide')).toBe('/extension/rerollsPerSide');
    expect(migrateWarmasterPointer('/columns/0/normalizedLabel')).toBe('/columns/0/label');
    expect(migrateWarmasterPointer('/columns/0/label')).toBe('/columns/0/printedLabel');
    expect(migrateWarmasterPointer('/die')).toBe('/dice');
  });

  it('the errata sheet still names the targets as before: the printed column heading, no `extension`', () => {
    const view = commonView(packContentOf('warmaster'));
    const where = (pointer: string) => describeTarget(view, { kind: 'combat-table', id: 'combat-results', pointer }).where;
    expect(where('/rows/0/cells/0')).toBe('Table of Results of Combate, row 1 (roll 1), column 1-3or less');
    expect(where('/extension/oddsRule')).toBe('Table of Results of Combate, oddsRule');
    expect(where('/extension/rerollsPerSide')).toBe('Table of Results of Combate, rerollsPerSide');
  });
});
