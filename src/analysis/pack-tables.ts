// A pack's generic tables (common/combat-table and common/roll-table schemas), found by the schema
// their kind uses, whatever the designer called the kind: what `resolve` and `odds` read, and what a
// program reads to look a table up (resolveCombatTable, resolveRollTable) or take its odds.
import type { RecordOrigins } from '../../generated/types/readonly.js';
import type { CombatTable, RollTable } from '../engine/core/generic-tables.js';

export const COMBAT_TABLE_SCHEMA = 'common/combat-table.schema.json';
export const ROLL_TABLE_SCHEMA = 'common/roll-table.schema.json';

/** One generic table of a pack: its record (layers applied) and where its layer-set values came from. */
export type GenericTable =
  | { readonly type: 'combat'; readonly id: string; readonly table: CombatTable; readonly origins: RecordOrigins | undefined }
  | { readonly type: 'roll'; readonly id: string; readonly table: RollTable; readonly origins: RecordOrigins | undefined };

/**
 * What genericTables reads of a pack's effective content (content/effective.ts PackContent has it):
 * named here so analysis takes the content as an argument without importing the content layer.
 */
export interface PackTablesSource {
  readonly pack: { readonly kinds: Readonly<Record<string, { readonly schema: string }>> };
  readonly records: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  readonly origins: Readonly<Record<string, Readonly<Record<string, RecordOrigins | undefined>> | undefined>>;
}

/** The pack's generic tables by id (combat tables first, then roll tables, each sorted by id). */
export function genericTables(pack: PackTablesSource): Map<string, GenericTable> {
  const out = new Map<string, GenericTable>();
  for (const [type, schema] of [['combat', COMBAT_TABLE_SCHEMA], ['roll', ROLL_TABLE_SCHEMA]] as const) {
    for (const [kind, k] of Object.entries(pack.pack.kinds)) {
      if (k.schema.replace(/\\/g, '/') !== schema) continue;
      for (const [id, record] of Object.entries(pack.records[kind] ?? {})) {
        // The schema validated these records when the pack was read: here they take the generated types.
        const origins = pack.origins[kind]?.[id];
        if (!out.has(id)) out.set(id, { type, id, table: record as unknown as CombatTable & RollTable, origins } as GenericTable);
      }
    }
  }
  return out;
}
