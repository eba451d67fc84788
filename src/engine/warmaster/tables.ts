// Warmaster's two tables, typed and built from the content given (the effective content a command
// read from the YAML this run, or a generated content module a program bundles): the Table of
// Results of Combate (odds columns, D6 rows, five results) and the Teleportation Table (D66
// ranges). Every cell carries the layer entry that set it, if one did: most combat cells were lost
// in extraction and come from layers. Nothing here imports content: it is an argument.
import { TableError } from '../core/generic-tables.js';
import { recordsOfKind, type PackContentOf } from '../core/content-of.js';
import type { WarmasterRecords } from './records.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { Effect } from '../../../generated/types/common/effect.js';
import type { Cell, Provenance } from '../core/provenance.js';
import { findInRanges, findInRatioRanges, originAt, ratioValue, type Range, type Ratio, type RatioRange } from '../core/lookup.js';

export type { Cell, Provenance } from '../core/provenance.js';

/** The result codes of the legend, from the attacker's worst to his best. */
export type WarmasterCode = 'AA' | 'AR' | 'BB' | 'DR' | 'DA';

/**
 * The records of a legend kind in the legend's printed order, the table's `legend.order` (the
 * records carry no order of their own); throws TableError when an id of it has no record.
 */
export function inLegendOrder<R extends { readonly id: string }>(records: readonly R[], legend: { readonly order: readonly string[] }, table: string): R[] {
  return legend.order.map((id, rank) => {
    const r = records.find((x) => x.id === id);
    if (!r) throw new TableError(`combat-table "${table}" legend ${rank + 1}: no combat-result record "${id}".`);
    return r;
  });
}

/** What a result does to one side: nothing, one unit destroyed (the rest retreat or not), or all. */
export type Loss = 'none' | 'one-unit' | 'one-unit-rest-retreat' | 'all';

export interface WarmasterResult {
  readonly id: string;
  readonly code: WarmasterCode;
  readonly name: string;
  /** The legend's explanation as printed. */
  readonly text: string;
  readonly attacker: Loss;
  readonly defender: Loss;
  /** True for Blood bath: the survivors fight another battle turn. */
  readonly battleAgain: boolean;
  /** Position in the printed legend, 0 (AA, the attacker's worst) to 4 (DA, his best). */
  readonly rank: number;
}

// What each legend code does, from the printed legend (AA: "all the attacking units are
// eliminated"; AR: "an attacking unit is destroyed; the rest must retreat"; BB: "an attacking unit
// and a defender are destroyed. Another turn battle ..."; DR, DA the same for the defender). The
// codes are the schema's closed enum, so this is a typed table, not string matching in play.
const MEANING: { readonly [C in WarmasterCode]: Pick<WarmasterResult, 'attacker' | 'defender' | 'battleAgain'> } = {
  AA: { attacker: 'all', defender: 'none', battleAgain: false },
  AR: { attacker: 'one-unit-rest-retreat', defender: 'none', battleAgain: false },
  BB: { attacker: 'one-unit', defender: 'one-unit', battleAgain: true },
  DR: { attacker: 'none', defender: 'one-unit-rest-retreat', battleAgain: false },
  DA: { attacker: 'none', defender: 'all', battleAgain: false },
};

export interface OddsColumn {
  /** The heading with its spacing normalised (`1-3 or less`). */
  readonly label: string;
  readonly odds: RatioRange;
}

/** How the pack's odds ruling finds a column: the table's `extension.oddsRule` with its `key.rounding`. */
export interface OddsRule {
  readonly text: string;
  readonly attack: 'sum';
  readonly defence: 'sum';
  /** The table's `key.rounding` (the generic key, as the generic resolve reads it); null: not decided. */
  readonly rounding: 'defender-favour' | 'attacker-favour' | null;
  readonly origin: Provenance | null;
}

export interface CombatTable {
  readonly id: string;
  readonly name: string;
  readonly columns: readonly OddsColumn[];
  /** `rows[roll - 1][column]`. */
  readonly rows: readonly (readonly Cell<WarmasterResult>[])[];
  /** The legend, in printed order (attacker's worst to best). */
  readonly results: readonly WarmasterResult[];
  readonly oddsRule: OddsRule | null;
}

export interface TeleportEntry {
  readonly range: Range;
  /** `Death!`, `Failure!`, `Success!`, `Perfectly!`. */
  readonly name: string;
  readonly text: string;
  readonly outcome: string;
  readonly origin: Provenance | null;
}

type OriginsOf =
  | { readonly [pointer: string]: { readonly layer: string; readonly entry: string; readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction' } }
  | undefined;

function provenance(recordOrigins: OriginsOf, pointer: string): Provenance | null {
  const found = originAt(recordOrigins, pointer);
  return found ? { layer: found.origin.layer, entry: found.origin.entry, kind: found.origin.kind, pointer: found.pointer } : null;
}

/** A table the engine cannot read, or a value it lacks: a content error. */
export { TableError };

/**
 * The fields of the records the tables are built from (the generated records have them): the
 * generic combat table's shape (common/combat-table) with Warmaster's `extension`.
 */
export interface CombatTableInput {
  readonly id: string;
  readonly name: string;
  readonly columns: readonly { readonly label: string; readonly odds: RatioRange }[];
  readonly rows: readonly { readonly cells: readonly (WarmasterCode | null)[] }[];
  readonly key: { readonly rounding: OddsRule['rounding'] };
  /** The legend is the combat-result records, in `order`. */
  readonly legend: { readonly kind: 'combat-result'; readonly order: readonly string[] };
  readonly extension: {
    readonly oddsRule: { readonly text: string; readonly attack: 'sum'; readonly defence: 'sum' } | null;
  };
}
export interface ResultInput {
  readonly id: string;
  readonly code: WarmasterCode;
  readonly name: string;
  readonly text: string;
}

export function buildCombatTable(table: CombatTableInput, resultRecords: readonly ResultInput[], tableOrigins?: OriginsOf): CombatTable {
  // The legend is the combat-result records, in the printed order of their codes.
  const legend = inLegendOrder(resultRecords, table.legend, table.id).map((r, rank) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    text: r.text,
    rank,
    ...MEANING[r.code],
  }));
  const byCode = new Map(legend.map((r) => [r.code, r]));
  const rows = table.rows.map((row, r) =>
    row.cells.map((code, c) => {
      const value = code === null ? null : byCode.get(code);
      if (value === undefined) throw new TableError(`combat-table "${table.id}" /rows/${r}/cells/${c}: "${code}" is not in the table's legend.`);
      return { value, origin: provenance(tableOrigins, `/rows/${r}/cells/${c}`) };
    }),
  );
  const oddsRule = table.extension.oddsRule;
  return {
    id: table.id,
    name: table.name,
    columns: table.columns.map((c) => ({ label: c.label, odds: c.odds })),
    rows,
    results: legend,
    oddsRule: oddsRule && { ...oddsRule, rounding: table.key.rounding, origin: provenance(tableOrigins, '/extension/oddsRule') },
  };
}

/** A teleport table as the generic roll table holds it: `roll` ranges, Warmaster's `outcome` under each entry's `extension`. */
export interface TeleportTableInput {
  readonly dice: 'd66';
  readonly entries: readonly {
    readonly roll: Range;
    readonly name: string;
    readonly text: string;
    readonly effects: readonly DeepReadonly<Effect>[];
    readonly extension: { readonly outcome: string };
  }[];
}

export function buildTeleportTable(table: TeleportTableInput, tableOrigins?: OriginsOf): readonly TeleportEntry[] {
  return table.entries.map((e, i) => ({
    range: e.roll,
    name: e.name,
    text: e.text,
    outcome: e.extension.outcome,
    origin: provenance(tableOrigins, `/entries/${i}`),
  }));
}

/**
 * The content the Warmaster tables are built from: a pack's `combat-table`, `combat-result` and
 * `teleport-table` records and their layer origins, in the shape of both a generated content
 * module (`generated/content/`) and the effective content a command reads from the YAML.
 */
export type WarmasterTablesContent = PackContentOf<Pick<WarmasterRecords, 'combat-table' | 'combat-result' | 'teleport-table'>>;

/** The id of the Table of Results of Combate, and of the Teleportation Table, in playmark's pack. */
export const DEFAULT_COMBAT_TABLE = 'combat-results';
export const DEFAULT_TELEPORT_TABLE = 'teleportation';

/** A pack's Warmaster tables, built from its content. */
export interface WarmasterTables {
  /** Every combat table, by id (sorted). */
  readonly combatTables: ReadonlyMap<string, CombatTable>;
  /** Every teleport table's entries, by id (sorted): printed ranges first, then those a layer added. */
  readonly teleportTables: ReadonlyMap<string, readonly TeleportEntry[]>;
  /**
   * A combat table by id; without one, `combat-results`, or the pack's only combat table. Throws
   * TableError when there is no such table (naming those there are).
   */
  combatTable(id?: string): CombatTable;
  /** A teleport table's entries by id; without one, `teleportation` or the only one. Throws TableError when none. */
  teleportTable(id?: string): readonly TeleportEntry[];
}

function pick<T>(map: ReadonlyMap<string, T>, id: string | undefined, fallback: string, what: string): T {
  const key = id ?? (map.has(fallback) || map.size !== 1 ? fallback : [...map.keys()][0]!);
  const found = map.get(key);
  if (found !== undefined) return found;
  const known = [...map.keys()];
  throw new TableError(`The pack has no ${what} "${key}"${known.length ? ` (it has ${known.map((k) => `"${k}"`).join(', ')})` : ` (it has none)`}.`);
}

const built = new WeakMap<WarmasterTablesContent, WarmasterTables>();

/**
 * The Warmaster tables of a pack's content, every table built now, so a table the engine cannot
 * read throws here (TableError). Built once per content object (the content is read-only; new
 * content read from the YAML is a new object).
 */
export function warmasterTables(content: WarmasterTablesContent): WarmasterTables {
  const cached = built.get(content);
  if (cached) return cached;
  const resultRecords = Object.values(recordsOfKind(content, 'combat-result')) satisfies readonly ResultInput[];
  const sorted = <T>(o: { readonly [id: string]: T }) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const combatTables = new Map(
    sorted(recordsOfKind(content, 'combat-table')).map(
      ([id, t]) => [id, buildCombatTable(t satisfies CombatTableInput, resultRecords, content.origins['combat-table']?.[id])] as const,
    ),
  );
  const teleportTables = new Map(
    sorted(recordsOfKind(content, 'teleport-table')).map(
      ([id, t]) => [id, buildTeleportTable(t satisfies TeleportTableInput, content.origins['teleport-table']?.[id])] as const,
    ),
  );
  const tables: WarmasterTables = {
    combatTables,
    teleportTables,
    combatTable: (id) => pick(combatTables, id, DEFAULT_COMBAT_TABLE, 'combat table'),
    teleportTable: (id) => pick(teleportTables, id, DEFAULT_TELEPORT_TABLE, 'teleport table'),
  };
  built.set(content, tables);
  return tables;
}

/**
 * The odds as the pack's odds ruling reduces them, `[attack, defence]` with one side 1. This
 * follows the ruling entries `combat-odds-rule` and `combat-odds-rounding` (the table's
 * `key.rounding`, content/warmaster/layers/rulings.yaml): each side's
 * values are summed (the caller passes the sums), then "round it in the defender's favour to a
 * printed column: when the attack is at least the defence, divide attack by defence and round
 * down (5:3 is 1-1, 8:3 is 2-1, 9:3 or more is 3-1 or more); when the defence is larger, divide
 * defence by attack and round up (3:4 is 1-2, 3:7 is 1-3 or less)". Only `defender-favour` is
 * ruled; a pack asking for another rounding gets an error, not a guess.
 */
export function reduceOdds(attack: number, defence: number, rule: OddsRule | null): Ratio {
  if (!Number.isInteger(attack) || attack < 1) throw new RangeError(`The attack must be a whole number of at least 1, not ${attack}.`);
  if (!Number.isInteger(defence) || defence < 1) throw new RangeError(`The defence must be a whole number of at least 1, not ${defence}.`);
  if (!rule) throw new TableError('The combat table has no odds rule (extension.oddsRule is null): the source does not say how odds are found.');
  if (rule.rounding === null) throw new TableError('The combat table does not say how odds are rounded (key.rounding is null).');
  if (rule.rounding !== 'defender-favour') throw new TableError(`The odds rule asks for "${rule.rounding}" rounding; only "defender-favour" is implemented.`);
  return attack >= defence ? [Math.floor(attack / defence), 1] : [1, Math.ceil(defence / attack)];
}

export interface WarmasterResolution {
  readonly attack: number;
  readonly defence: number;
  /** The odds after the ruling's rounding, `[attack, defence]`. */
  readonly odds: Ratio;
  readonly column: { readonly index: number; readonly label: string };
  readonly roll: number;
  readonly result: WarmasterResult;
  /** The looked-up values a layer entry set: the odds rule (`column`) and the cell (`result`). */
  readonly origins: readonly (Provenance & { readonly value: 'column' | 'result' })[];
}

/** The odds column for attack against defence, per the table's odds rule. */
export function oddsColumn(table: CombatTable, attack: number, defence: number): { odds: Ratio; index: number; column: OddsColumn } {
  const odds = reduceOdds(attack, defence, table.oddsRule);
  const found = findInRatioRanges(table.columns, ratioValue(odds), (c) => c.odds);
  if (!found) throw new TableError(`No column of "${table.id}" holds the odds ${odds[0]}-${odds[1]}.`);
  return { odds, index: found.index, column: found.entry };
}

/** One combat look-up: attack and defence (each side's sum) pick the column, the D6 the row. */
export function resolveWarmasterCombat(table: CombatTable, input: { attack: number; defence: number; roll: number }): WarmasterResolution {
  const { attack, defence, roll } = input;
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) throw new RangeError(`A D6 roll is 1 to 6, not ${roll}.`);
  const { odds, index, column } = oddsColumn(table, attack, defence);
  const cell = table.rows[roll - 1]?.[index];
  if (!cell?.value) throw new TableError(`"${table.id}" has no result for a roll of ${roll} at ${column.label}.`);
  const used: (Provenance & { value: 'column' | 'result' })[] = [];
  if (table.oddsRule?.origin) used.push({ value: 'column', ...table.oddsRule.origin });
  if (cell.origin) used.push({ value: 'result', ...cell.origin });
  return { attack, defence, odds, column: { index, label: column.label }, roll, result: cell.value, origins: used };
}

/** True for a D66 roll: two digits, each 1-6 (11 to 66). */
export function isD66(roll: number): boolean {
  return Number.isInteger(roll) && roll >= 11 && roll <= 66 && roll % 10 >= 1 && roll % 10 <= 6;
}

export interface TeleportResolution {
  readonly roll: number;
  readonly entry: TeleportEntry;
}

/** The Teleportation Table entry for a D66 roll. */
export function resolveTeleport(entries: readonly TeleportEntry[], roll: number): TeleportResolution {
  if (!isD66(roll)) throw new RangeError(`${roll} is not a D66 roll: both digits must be 1 to 6 (11 to 66).`);
  const found = findInRanges(entries, roll, (e) => e.range);
  if (!found) throw new TableError(`The Teleportation Table has no entry for ${roll}.`);
  return { roll, entry: found.entry };
}
