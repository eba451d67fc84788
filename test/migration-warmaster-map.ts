// The renames of issue 20's Warmaster combat table migration (docs/migration.md), as a function from
// an export made before it to the export expected after it. Only renames and moves: no value is
// computed except a row's `roll` (its position, row i is roll i+1, as the old schema said), the
// odds key (`rounding: null`, not printed) and the legend's name and text (copied from the
// combat-result records the old `results` ids named).
type Obj = Record<string, any>;

/** A JSON pointer into an old combat table, in the new shape. */
export function migrateWarmasterPointer(pointer: string): string {
  return pointer
    .replace(/^\/rows\/(\d+)\/(\d+|-)(?=\/|$)/, '/rows/$1/cells/$2')
    .replace(/^\/(oddsRule|rerollsPerSide)(?=\/|$)/, '/extension/$1')
    .replace(/^\/die$/, '/dice')
    .replace(/^\/results(?=\/|$)/, '/legend')
    .replace(/^\/columns\/(\d+)\/label$/, '/columns/$1/printedLabel')
    .replace(/^\/columns\/(\d+)\/normalizedLabel$/, '/columns/$1/label');
}

/** An old combat-table record's data in the new shape; `results` is the old export's combat-result records. */
export function migrateWarmasterTable(old: Obj, results: readonly { id: string; data: Obj }[]): Obj {
  const { die, columns, rows, results: ids, oddsRule, rerollsPerSide, ...rest } = old;
  return {
    ...rest,
    dice: die,
    key: { kind: 'odds', rounding: null },
    columns: columns.map(({ label, normalizedLabel, ...c }: Obj) => ({ ...c, label: normalizedLabel, printedLabel: label })),
    rows: rows.map((cells: unknown[], i: number) => ({ roll: i + 1, cells })),
    legend: ids.map((id: string) => {
      const r = results.find((x) => x.id === id);
      if (!r) throw new Error(`no combat-result ${id}`);
      return { code: r.data.code, name: r.data.name, text: r.data.text };
    }),
    extension: { oddsRule, rerollsPerSide },
  };
}

/** A whole `playmark export warmaster [--provenance]` made before the migration, as it must read after. */
export function migrateWarmasterExport(exported: unknown): unknown {
  const out = structuredClone(exported) as Obj;
  // With --provenance each record is { id, data, provenance }; without, the data itself.
  const wrapped = (r: Obj) => 'data' in r && 'provenance' in r;
  const results = (out.kinds['combat-result'] as Obj[]).map((r) => (wrapped(r) ? r : { id: r.id, data: r })) as { id: string; data: Obj }[];
  out.kinds['combat-table'] = (out.kinds['combat-table'] as Obj[]).map((record) => {
    if (!wrapped(record)) return migrateWarmasterTable(record, results);
    const migrated: Obj = { ...record, data: migrateWarmasterTable(record.data, results) };
    if (record.provenance) {
      const layers: Obj = {};
      for (const [pointer, entry] of Object.entries(record.provenance.layers as Obj)) layers[migrateWarmasterPointer(pointer)] = entry;
      migrated.provenance = { ...record.provenance, layers };
    }
    return migrated;
  });
  return out;
}
