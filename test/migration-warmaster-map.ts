// The renames of issue 20's Warmaster migrations (docs/migration.md), as functions from an export
// made before them to the export expected after them. Two steps:
// 1. the combat table onto the generic combat table (migrateWarmasterTable): only renames and
//    moves; no value is computed except a row's `roll` (its position, row i is roll i+1, as the old
//    schema said), the odds key (`rounding: null`, not printed) and the legend's name and text
//    (copied from the combat-result records the old `results` ids named);
// 2. one copy of each value (migrateWarmasterGeneric): the legend is the combat-result records
//    (`legend: { kind: combat-result, order: [aa, ar, bb, dr, da] }`), the odds rule's rounding moves to the generic key
//    (`key.rounding`, set by its own ruling entry, combat-odds-rounding, with the odds rule's reason),
//    and the Teleportation Table moves onto the generic roll table (`dice`, `roll`, `extension`).
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

/** Step 1: a whole `playmark export warmaster [--provenance]` made before the first migration, as it read after it. */
export function migrateWarmasterCombatExport(exported: unknown): unknown {
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

/** Step 2: a pointer into the combat table, as the rounding moved to the generic key. */
export function migrateWarmasterRoundingPointer(pointer: string): string {
  return pointer.replace(/^\/extension\/oddsRule\/rounding$/, '/key/rounding');
}

/** Step 2: a pointer into the Teleportation Table, on the generic roll table. */
export function migrateTeleportPointer(pointer: string): string {
  return pointer
    .replace(/^\/die$/, '/dice')
    .replace(/^\/entries\/(\d+|-)\/range(?=\/|$)/, '/entries/$1/roll')
    .replace(/^\/entries\/(\d+|-)\/(outcome|excludedAreas)(?=\/|$)/, '/entries/$1/extension/$2');
}

/** Step 2: a combat table's data with one copy of each value (the legend copies were the combat-result records'). */
export function legendOnce(table: Obj): Obj {
  const { legend: copies, key, extension, ...rest } = table;
  const { rounding = null, ...oddsRule } = extension.oddsRule ?? {};
  return {
    ...rest,
    key: { ...key, rounding },
    // The copies' order is the printed order; Warmaster's combat-result ids are their codes in lower case.
    legend: { kind: 'combat-result', order: copies.map((c: Obj) => c.code.toLowerCase()) },
    extension: { ...extension, oddsRule: extension.oddsRule === null ? null : oddsRule },
  };
}

/** Step 2: a teleport table's data on the generic roll table. */
export function teleportOnGeneric(table: Obj): Obj {
  const { die, entries, ...rest } = table;
  return {
    ...rest,
    dice: die,
    entries: entries.map(({ range, outcome, excludedAreas, ...e }: Obj) => ({
      ...e,
      roll: range,
      extension: excludedAreas === undefined ? { outcome } : { outcome, excludedAreas },
    })),
  };
}

/** Step 2: a whole export made after step 1 (the working tree before this change), as it reads now. */
export function migrateWarmasterGeneric(exported: unknown): unknown {
  const out = structuredClone(exported) as Obj;
  const wrapped = (r: Obj) => 'data' in r && 'provenance' in r;
  const each = (records: Obj[], data: (d: Obj) => Obj, pointer: (p: string) => string, extra?: (layers: Obj) => void) =>
    records.map((record) => {
      if (!wrapped(record)) return data(record);
      const migrated: Obj = { ...record, data: data(record.data) };
      if (record.provenance) {
        const layers: Obj = {};
        for (const [p, entry] of Object.entries(record.provenance.layers as Obj)) layers[pointer(p)] = entry;
        extra?.(layers);
        migrated.provenance = { ...record.provenance, layers };
      }
      return migrated;
    });
  out.kinds['combat-table'] = each(out.kinds['combat-table'], legendOnce, migrateWarmasterRoundingPointer, (layers) => {
    // The rounding, once part of the odds rule's value, is set by its own entry with the odds rule's reason.
    const rule = layers['/extension/oddsRule'];
    if (rule) layers['/key/rounding'] = { ...rule, entry: 'combat-odds-rounding' };
  });
  out.kinds['teleport-table'] = each(out.kinds['teleport-table'], teleportOnGeneric, migrateTeleportPointer);
  return out;
}

/** Both steps: an export made before issue 20, as it reads now. */
export function migrateWarmasterExport(exported: unknown): unknown {
  return migrateWarmasterGeneric(migrateWarmasterCombatExport(exported));
}
