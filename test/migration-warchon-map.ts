// The renames of issue 20's Warchon spread migration (docs/migration.md), as a function from an
// export made before it to the export expected after it. Only renames and moves: no value is
// computed except what the new shape names and the old one implied: each table's id (the spread's
// id and `-crt` / `-events`), the events table's name (its printed heading, `<spread> Events
// Table`), `dice: fingers`, the differential key, `legend: { kind: result }`, and a row's `roll`
// (its position: row i is number i + 1, as the old schema said).
type Obj = Record<string, any>;

/** A JSON pointer into an old spread, in the new shape. */
export function migrateWarchonPointer(pointer: string): string {
  return pointer
    .replace(/^\/combatTable\/title$/, '/combatTable/name')
    .replace(/^\/combatTable\/rows\/(\d+)\/(\d+|-)(?=\/|$)/, '/combatTable/rows/$1/cells/$2')
    .replace(/^\/combatTable\/rows\/(\d+)$/, '/combatTable/rows/$1/cells')
    .replace(/^\/events\/(\d+|-)\/number$/, '/events/entries/$1/roll')
    .replace(/^\/events\/(\d+|-)\/if(?=\/|$)/, '/events/entries/$1/extension/if')
    .replace(/^\/events\/(\d+|-)(?=\/|$)/, '/events/entries/$1');
}

/** An old spread's data in the new shape. */
export function migrateWarchonSpread(old: Obj): Obj {
  const { title, rows, ...table } = old.combatTable;
  const combatTable = {
    id: `${old.id}-crt`,
    name: title,
    ...table,
    dice: 'fingers',
    key: { kind: 'differential' },
    rows: rows.map((cells: unknown[], i: number) => ({ roll: i + 1, cells })),
    legend: { kind: 'result' },
  };
  const events =
    old.events === null
      ? null
      : {
          id: `${old.id}-events`,
          name: `${old.name} Events Table`,
          dice: 'fingers',
          entries: old.events.map(({ number, if: condition, ...entry }: Obj) => ({
            roll: number,
            ...entry,
            ...(condition !== undefined ? { extension: { if: condition } } : {}),
          })),
        };
  return { ...old, combatTable, events };
}

/** A whole `playmark export warchon [--provenance]` made before the migration, as it must read after. */
export function migrateWarchonExport(exported: unknown): unknown {
  const out = structuredClone(exported) as Obj;
  // With --provenance each record is { id, data, provenance }; without, the data itself.
  const wrapped = (r: Obj) => 'data' in r && 'provenance' in r;
  out.kinds.spread = (out.kinds.spread as Obj[]).map((record) => {
    if (!wrapped(record)) return migrateWarchonSpread(record);
    const migrated: Obj = { ...record, data: migrateWarchonSpread(record.data) };
    if (record.provenance) {
      const layers: Obj = {};
      for (const [pointer, entry] of Object.entries(record.provenance.layers as Obj)) layers[migrateWarchonPointer(pointer)] = entry;
      migrated.provenance = { ...record.provenance, layers };
    }
    return migrated;
  });
  return out;
}
