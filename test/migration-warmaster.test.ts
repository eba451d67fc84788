// Issue 20: Warmaster's tables moved onto the generic kinds (common/combat-table, common/roll-table)
// with no value changed, in two steps. The fixtures are `playmark export warmaster` and `export
// warmaster --provenance` saved before each step (before*.json before the first, before-generic*.json
// before the second); mapping them through the renames docs/migration.md lists must give today's
// export exactly, so any changed value (a cell, a label, a layer entry's id, kind or reason) fails.
// Only the kinds the migration moved are compared (and the manifest): the rest of the pack goes on
// changing with the content (the map's reasons, the leaders' values, the victory), which no
// migration touched.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeTarget } from '../src/content/diff.js';
import { exportPack } from '../src/content/export.js';
import { commonView } from '../src/render/common/content.js';
import { packContentOf } from './content-support.js';
import { validate } from '../src/content/validate.js';
import { repoRoot } from './helpers.js';
import {
  migrateWarmasterCombatExport,
  migrateWarmasterExport,
  migrateWarmasterGeneric,
  migrateWarmasterPointer,
  migrateTeleportPointer,
  migrateWarmasterRoundingPointer,
} from './migration-warmaster-map.js';

/** The order the text prints its legend in: the attacker's worst result to his best. */
const LEGEND_ORDER = ['AA', 'AR', 'BB', 'DR', 'DA'];

type Json = unknown;
const before = (name: string): Json => JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'migration-warmaster', name), 'utf8'));

/** The part of an export the migration moved: the manifest and the combat table, results and teleport table. */
const MIGRATED = ['combat-table', 'combat-result', 'teleport-table'];
function moved(json: unknown): unknown {
  const { pack: manifest, kinds } = json as { pack: unknown; kinds: Record<string, unknown> };
  return { pack: manifest, kinds: Object.fromEntries(MIGRATED.map((k) => [k, kinds[k]])) };
}

const result = validate([path.join(repoRoot, 'content', 'warmaster')], { cwd: repoRoot });
const pack = result.packs.find((p) => p.id === 'warmaster')!;

describe('Warmaster combat table on the generic kind (docs/migration.md)', () => {
  it('the migrated pack validates clean', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('effective content: the old export, renamed, is the new export (no value changed)', () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, {})));
    expect(moved(now)).toEqual(moved(migrateWarmasterExport(before('before.json'))));
  });

  it('provenance: every layer entry on the table still sets the same value, with its id, kind and reason', () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, { provenance: true })));
    expect(moved(now)).toEqual(moved(migrateWarmasterExport(before('before-provenance.json'))));
  });

  it('the base transcription still prints null where the text prints nothing', () => {
    const base = JSON.parse(JSON.stringify(exportPack(pack, { base: true }))) as { kinds: { 'combat-table': Record<string, any>[] } };
    const table = base.kinds['combat-table'][0]!;
    expect(table.rows.flatMap((r: { cells: unknown[] }) => r.cells).every((c: unknown) => c === null)).toBe(true);
    expect(table.key).toEqual({ kind: 'odds', rounding: null });
    expect(table.extension).toEqual({ oddsRule: null, rerollsPerSide: null });
  });

  it('the first step, mapped, is the export saved before the second', () => {
    expect(migrateWarmasterCombatExport(before('before.json'))).toEqual(before('before-generic.json'));
    expect(migrateWarmasterCombatExport(before('before-provenance.json'))).toEqual(before('before-generic-provenance.json'));
  });

  it('the comparison fails when a value changes (a cell, a label or a reason)', () => {
    const old = before('before-provenance.json') as {
      kinds: { 'combat-table': { data: { rows: string[][]; columns: { label: string }[] }; provenance: { layers: Record<string, { reason: string }> } }[] };
    };
    const now = moved(JSON.parse(JSON.stringify(exportPack(pack, { provenance: true }))));
    const cell = structuredClone(old);
    cell.kinds['combat-table'][0]!.data.rows[2]![2] = 'DA';
    expect(moved(migrateWarmasterExport(old))).toEqual(now);
    expect(moved(migrateWarmasterExport(cell))).not.toEqual(now);
    const label = structuredClone(old);
    label.kinds['combat-table'][0]!.data.columns[0]!.label = '1-3 or less';
    expect(moved(migrateWarmasterExport(label))).not.toEqual(now);
    const reason = structuredClone(old);
    reason.kinds['combat-table'][0]!.provenance.layers['/rows/0/0']!.reason = 'changed';
    expect(moved(migrateWarmasterExport(reason))).not.toEqual(now);
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
    expect(where('/rows/0/cells/0')).toBe('Table of Results of Combate, row 1, column 1-3or less');
    expect(where('/extension/oddsRule')).toBe('Table of Results of Combate, oddsRule');
    expect(where('/extension/rerollsPerSide')).toBe('Table of Results of Combate, rerollsPerSide');
  });
});

describe('Warmaster: one copy of each value, the Teleportation Table on the generic roll table (docs/migration.md)', () => {
  type Rec = Record<string, any>;
  const kinds = (json: unknown) => (json as { kinds: Record<string, Rec[]> }).kinds;

  it('effective content: the export before, renamed, is the export now (no value changed)', () => {
    expect(moved(JSON.parse(JSON.stringify(exportPack(pack, {}))))).toEqual(moved(migrateWarmasterGeneric(before('before-generic.json'))));
  });

  it("provenance: the same entries set the same values; the rounding by its own entry, with the odds rule's reason", () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, { provenance: true })));
    expect(moved(now)).toEqual(moved(migrateWarmasterGeneric(before('before-generic-provenance.json'))));
    const layers = kinds(now)['combat-table']![0]!.provenance.layers;
    expect(layers['/key/rounding']).toMatchObject({ entry: 'combat-odds-rounding', kind: 'ruling', reason: layers['/extension/oddsRule'].reason });
  });

  it("the legend copies it drops were the combat-result records' code, name and text, in the engine's legend order", () => {
    const old = kinds(before('before-generic.json'));
    const records = old['combat-result']!;
    const copies = old['combat-table']![0]!.legend;
    expect(copies).toEqual(
      LEGEND_ORDER.map((code) => {
        const r = records.find((x) => x.code === code)!;
        return { code: r.code, name: r.name, text: r.text };
      }),
    );
    expect(kinds(exportPack(pack, {}))['combat-table']![0]!.legend).toEqual({ kind: 'combat-result', order: ['aa', 'ar', 'bb', 'dr', 'da'] });
  });

  it("the rounding was the odds rule's, and is now the generic key's only", () => {
    const old = kinds(before('before-generic.json'))['combat-table']![0]!;
    const now = kinds(JSON.parse(JSON.stringify(exportPack(pack, {}))))['combat-table']![0]!;
    expect(now.key.rounding).toBe(old.extension.oddsRule.rounding);
    expect(now.extension.oddsRule).not.toHaveProperty('rounding');
  });

  it('the comparison fails when a value changes (a legend copy, the rounding, a teleport range or outcome)', () => {
    const now = moved(JSON.parse(JSON.stringify(exportPack(pack, { provenance: true }))));
    const changed = (edit: (k: Record<string, Rec[]>) => void) => {
      const old = structuredClone(before('before-generic-provenance.json'));
      edit(kinds(old));
      return moved(migrateWarmasterGeneric(old));
    };
    expect(changed(() => undefined)).toEqual(now);
    expect(changed((k) => (k['combat-table']![0]!.data.extension.oddsRule.rounding = 'attacker-favour'))).not.toEqual(now);
    expect(changed((k) => (k['teleport-table']![0]!.data.entries[2].range.max = 55))).not.toEqual(now);
    expect(changed((k) => (k['teleport-table']![0]!.data.entries[3].outcome = 'death'))).not.toEqual(now);
    expect(changed((k) => (k['teleport-table']![0]!.data.entries[3].excludedAreas = []))).not.toEqual(now);
    // A legend copy is dropped, not compared: the test above ties the copies to the records.
  });

  it('layer pointers move to the new shape', () => {
    expect(migrateWarmasterRoundingPointer('/extension/oddsRule/rounding')).toBe('/key/rounding');
    expect(migrateWarmasterRoundingPointer('/extension/oddsRule')).toBe('/extension/oddsRule');
    expect(migrateTeleportPointer('/die')).toBe('/dice');
    expect(migrateTeleportPointer('/entries/2/range')).toBe('/entries/2/roll');
    expect(migrateTeleportPointer('/entries/2/range/max')).toBe('/entries/2/roll/max');
    expect(migrateTeleportPointer('/entries/3/outcome')).toBe('/entries/3/extension/outcome');
    expect(migrateTeleportPointer('/entries/3/excludedAreas/0')).toBe('/entries/3/extension/excludedAreas/0');
    expect(migrateTeleportPointer('/entries/1/effects')).toBe('/entries/1/effects');
  });
});
