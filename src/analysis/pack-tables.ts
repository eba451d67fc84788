// A pack's generic tables (common/combat-table and common/roll-table), found where the pack's
// schemas put them, whatever the designer called the kind: a record that is a table, a game's schema
// that extends one (Warmaster's combat table), or a record's field that holds one (a Warchon
// spread's `combatTable`). What `resolve` and `odds` read, and what a program reads to look a table
// up (resolveCombatTable, resolveRollTable) or take its odds.
import type { RecordOrigins } from '../../generated/types/readonly.js';
import type { LegendResult } from '../../generated/types/common/combat-table.js';
import type { CombatTable, RollTable } from '../engine/core/generic-tables.js';

export const COMBAT_TABLE_SCHEMA = 'common/combat-table.schema.json';
export const ROLL_TABLE_SCHEMA = 'common/roll-table.schema.json';

/** One generic table of a pack: its value (layers applied) and where its layer-set values came from. */
export type GenericTable =
  | { readonly type: 'combat'; readonly id: string; readonly table: CombatTable; readonly origins: RecordOrigins | undefined; readonly at: TableHome }
  | { readonly type: 'roll'; readonly id: string; readonly table: RollTable; readonly origins: RecordOrigins | undefined; readonly at: TableHome };

/** Where a table lives: its record, and the pointer into it ('' when the record is the table). */
export interface TableHome {
  readonly kind: string;
  readonly record: string;
  readonly pointer: string;
}

/**
 * What genericTables reads of a pack's effective content (content/effective.ts PackContent has it):
 * named here so analysis takes the content as an argument without importing the content layer.
 */
export interface PackTablesSource {
  readonly records: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  readonly origins: Readonly<Record<string, Readonly<Record<string, RecordOrigins | undefined>> | undefined>>;
  /** Where each kind's records hold generic tables (content/table-places.ts). */
  readonly tables: Readonly<Record<string, readonly { readonly type: 'combat' | 'roll'; readonly pointer: string }[]>>;
}

/**
 * The pack's generic tables by id (combat tables first, then roll tables, each by kind and record
 * id). A table's id is its own `id`; a legend given as a kind (`legend: { kind: result }`) is listed
 * from that kind's records, in id order.
 */
export function genericTables(pack: PackTablesSource): Map<string, GenericTable> {
  const out = new Map<string, GenericTable>();
  for (const type of ['combat', 'roll'] as const) {
    for (const kind of Object.keys(pack.tables).sort()) {
      for (const place of pack.tables[kind]!) {
        if (place.type !== type) continue;
        for (const [recordId, record] of Object.entries(pack.records[kind] ?? {})) {
          const value = valueAt(record, place.pointer);
          if (value === null || typeof value !== 'object') continue; // a field left null: no table here
          // The schema validated these records when the pack was read: here they take the generated types.
          const table = (type === 'combat' ? withLegend(value as Record<string, unknown>, pack) : value) as CombatTable & RollTable;
          const id = typeof table.id === 'string' ? table.id : recordId;
          const origins = within(pack.origins[kind]?.[recordId], place.pointer);
          if (!out.has(id)) out.set(id, { type, id, table, origins, at: { kind, record: recordId, pointer: place.pointer } } as GenericTable);
        }
      }
    }
  }
  return out;
}

/** A combat table with its legend as a list: a legend kind's records become its results. */
function withLegend(table: Record<string, unknown>, pack: PackTablesSource): Record<string, unknown> {
  const legend = table.legend as { kind?: unknown; order?: unknown } | undefined;
  if (!legend || Array.isArray(legend) || typeof legend.kind !== 'string') return table;
  const byId = pack.records[legend.kind] ?? {};
  // validate has checked that every id of `order` is a record of the kind (table/legend-kind).
  const records = Array.isArray(legend.order) ? legend.order.map((id) => byId[id as string]).filter((r) => r !== undefined) : Object.values(byId);
  const results: LegendResult[] = records.map((r) => {
    const record = r as Record<string, unknown>;
    const result: Record<string, unknown> = { code: record.code, name: record.name ?? null };
    for (const field of ['pattern', 'text', 'effects'] as const) if (record[field] !== undefined) result[field] = record[field];
    // Cast: built field by field from a validated legend record, as LegendResult describes it.
    return result as unknown as LegendResult;
  });
  return { ...table, legend: results };
}

/** The value at a JSON pointer of one or more plain steps (`''`, `/combatTable`). */
function valueAt(record: unknown, pointer: string): unknown {
  let node = record;
  for (const step of pointer.split('/').slice(1))
    node = node === null || typeof node !== 'object' ? undefined : (node as Record<string, unknown>)[step.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/** A record's origins re-rooted at a table inside it (`/combatTable/rows/1/cells/2` -> `/rows/1/cells/2`). */
function within(origins: RecordOrigins | undefined, pointer: string): RecordOrigins | undefined {
  if (!origins || pointer === '') return origins;
  const inside = Object.entries(origins).filter(([p]) => p === pointer || p.startsWith(`${pointer}/`));
  return inside.length ? Object.fromEntries(inside.map(([p, o]) => [p.slice(pointer.length), o])) : undefined;
}
