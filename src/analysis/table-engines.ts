// A pack's tables as `resolve` and `odds` read them, chosen by what the pack's kinds are (the
// schemas its manifest checks them by), never by the pack's id: a pack whose kinds are checked by
// warchon/spread and warchon/result is read as spreads with a finger matrix (the Warchon engine's
// tables: --spread, --as, --ds, --fingers), whatever the pack and its kinds are called, so a copy
// of Warchon under another id reads the same. Any other pack's generic tables (pack-tables.ts).
import { typedContent } from '../engine/core/content-of.js';
import type { WarchonRecords } from '../engine/warchon/records.js';
import type { TableReading, WarchonTables } from '../engine/warchon/tables.js';
import { warchonTables } from '../engine/warchon/tables.js';
import type { WarmasterRecords } from '../engine/warmaster/records.js';
import type { WarmasterTables } from '../engine/warmaster/tables.js';
import { warmasterTables } from '../engine/warmaster/tables.js';
import { type GenericTable, genericTables, type PackTablesSource } from './pack-tables.js';

/** What packTables reads of a pack's effective content (content/effective.ts PackContent has it). */
export interface PackKindsSource extends PackTablesSource {
  readonly pack: { readonly kinds: Readonly<Record<string, { readonly schema: string }>> };
}

/**
 * The table engines, each with the kinds it reads, named as it reads them, and the schema a pack's
 * kind must be checked by to be one of them (its own name for the kind does not matter).
 */
const ENGINE_KINDS = {
  warchon: { spread: 'warchon/spread.schema.json', result: 'warchon/result.schema.json' },
  warmaster: {
    'combat-table': 'warmaster/combat-table.schema.json',
    'combat-result': 'warmaster/combat-result.schema.json',
    'teleport-table': 'warmaster/teleport-table.schema.json',
  },
} as const;

/** The table engines `resolve` and `odds` run over a pack's own kinds, named by the schemas they read. */
export type TableEngine = keyof typeof ENGINE_KINDS;

/** A pack's tables, built from its effective content, for the engine its record kinds call for. */
export type PackTables =
  | { readonly engine: 'warchon'; readonly pack: string; readonly tables: WarchonTables; readonly reading: TableReading }
  | { readonly engine: 'warmaster'; readonly pack: string; readonly tables: WarmasterTables }
  | { readonly engine: 'generic'; readonly pack: string; readonly tables: ReadonlyMap<string, GenericTable> };

/** The pack's kind checked by `schema` (its path ending so), or undefined. */
export function kindWithSchema(pack: PackKindsSource, schema: string): string | undefined {
  const ends = (p: string) => p.replace(/\\/g, '/') === schema || p.replace(/\\/g, '/').endsWith(`/${schema}`);
  return Object.entries(pack.pack.kinds).find(([, k]) => ends(k.schema))?.[0];
}

/** The engine's record kinds and their origins, keyed as the engine reads them; undefined when the pack lacks one. */
function engineContent(pack: PackKindsSource, engine: TableEngine): { records: Record<string, unknown>; origins: Record<string, unknown> } | undefined {
  const records: Record<string, unknown> = {};
  const origins: Record<string, unknown> = {};
  for (const [kind, schema] of Object.entries(ENGINE_KINDS[engine])) {
    const own = kindWithSchema(pack, schema);
    if (own === undefined) return undefined;
    records[kind] = pack.records[own] ?? {};
    origins[kind] = pack.origins[own] ?? {};
  }
  return { records, origins };
}

/** The Warchon engine's tables of a pack whose kinds are spreads and results (by their schemas), or undefined. */
export function spreadTablesOf(pack: PackKindsSource): WarchonTables | undefined {
  if (spreadCache.has(pack)) return spreadCache.get(pack) ?? undefined;
  const content = engineContent(pack, 'warchon');
  // The schema validated these records when the pack was read: here they take the generated types.
  const tables = content && warchonTables(typedContent<WarchonRecords>(content));
  spreadCache.set(pack, tables ?? null);
  return tables;
}

/**
 * How the pack's core rules (its kind checked by warchon/rules) say the spreads' tables are read:
 * the RNG axis the attacker's fingers pick and the clamp of the differential; as printed (the
 * attacker on the top row, the end columns open) when the pack has no such record.
 */
function spreadReading(pack: PackKindsSource): TableReading {
  const kind = kindWithSchema(pack, 'warchon/rules.schema.json');
  const core = kind === undefined ? undefined : Object.values(pack.records[kind] ?? {})[0];
  if (core === undefined) return {};
  // Validated against warchon/rules on this run.
  const { rng, combat } = core as { rng: { attackerReads: 'columns' | 'rows' }; combat: { clamp: number } };
  return { attackerReads: rng.attackerReads, clamp: combat.clamp };
}

/** Built once per pack's content (the content is never changed once read). */
const spreadCache = new WeakMap<object, WarchonTables | null>();

/**
 * A pack's combat and roll tables, by its kinds: an engine's tables when the pack has all of its
 * kinds, else the generic tables (first when `preferGeneric`, as `--table` asks); undefined when
 * it has none.
 */
export function packTables(packId: string, pack: PackKindsSource, options: { readonly preferGeneric?: boolean } = {}): PackTables | undefined {
  const generic = genericTables(pack);
  if (options.preferGeneric && generic.size > 0) return { engine: 'generic', pack: packId, tables: generic };
  const spreads = spreadTablesOf(pack);
  if (spreads) return { engine: 'warchon', pack: packId, tables: spreads, reading: spreadReading(pack) };
  const warmaster = engineContent(pack, 'warmaster');
  // As above: validated against these schemas on this run.
  if (warmaster) return { engine: 'warmaster', pack: packId, tables: warmasterTables(typedContent<WarmasterRecords>(warmaster)) };
  return generic.size > 0 ? { engine: 'generic', pack: packId, tables: generic } : undefined;
}
