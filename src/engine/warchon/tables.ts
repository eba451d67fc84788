// Warchon's combat tables, typed and built from the content given (the effective content a command
// read from the YAML this run, or a generated content module a program bundles): each spread's RNG
// matrix as {number, event} cells, its Combat Results Table columns with their differential ranges,
// and every cell parsed from the result grammar into a typed result. Each cell also carries the
// layer entry that set it, if one did. Nothing here imports content: it is an argument.
import { TableError } from '../core/generic-tables.js';
import { recordsOfKind, type PackContentOf } from '../core/content-of.js';
import type { WarchonRecords } from './records.js';
import type { Cell, Provenance } from '../core/provenance.js';
import { cellAt, findInRanges, originAt, type Range } from '../core/lookup.js';
import { resultParser, type CombatResult, type ResultForm } from './results.js';

export type { Cell, Provenance } from '../core/provenance.js';

/** An RNG matrix cell: the number generated, and whether it also calls for a Random Event (`5E`). */
export interface RngCell {
  readonly number: number;
  readonly event: boolean;
}

export interface CombatColumn {
  /** The heading as printed (`+2/+3`). */
  readonly label: string;
  /** The differentials (AS - DS) it covers; the end columns are open (the text: "Use "+5" or "-5" columns for gaps greater than 5"). */
  readonly differential: Range;
  readonly origin: Provenance | null;
}

export interface SpreadTables {
  readonly id: string;
  readonly number: number;
  readonly name: string;
  /** `rng[d - 1][a - 1]`: the Defender shows d fingers (left column), the Attacker a (top row). */
  readonly rng: readonly (readonly Cell<RngCell>[])[];
  readonly columns: readonly CombatColumn[];
  /** `rows[n - 1][c]`: the result for generated number n in column c. */
  readonly rows: readonly (readonly Cell<CombatResult>[])[];
  /** The spread's own Events Table (its entries' numbers and names), or null when it prints none. */
  readonly events: readonly { readonly number: number; readonly name: string }[] | null;
}

/** The fields of a spread record the tables are built from (the generated records have them). */
export interface SpreadInput {
  readonly id: string;
  readonly number: number;
  readonly name: string;
  readonly rng: readonly (readonly (number | string | null)[])[];
  /** A generic combat table: `rows[n - 1]` is `{ roll: n, cells }`. */
  readonly combatTable: {
    readonly columns: readonly { readonly label: string; readonly differential: Range }[];
    readonly rows: readonly { readonly cells: readonly (string | null)[] }[];
  };
  /** A generic roll table: each entry's `roll` is its number. */
  readonly events: { readonly entries: readonly { readonly roll: number; readonly name: string }[] } | null;
}

type OriginsOf =
  | { readonly [pointer: string]: { readonly layer: string; readonly entry: string; readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction' } }
  | undefined;

/** A table shape or cell the engine cannot read: a content error, named with the spread and cell. */
export { TableError };

/** `5`, `"5E"` -> {number, event}; null stays null. */
export function parseRngCell(raw: number | string | null, where: string): RngCell | null {
  if (raw === null) return null;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= 5) return { number: raw, event: false };
  const m = typeof raw === 'string' ? /^([1-5])E$/.exec(raw) : null;
  if (m) return { number: Number(m[1]), event: true };
  throw new TableError(`${where}: "${String(raw)}" is not an RNG cell (a number 1-5, or one followed by E).`);
}

function provenance(origins: OriginsOf, pointer: string): Provenance | null {
  const found = originAt(origins, pointer);
  return found ? { layer: found.origin.layer, entry: found.origin.entry, kind: found.origin.kind, pointer: found.pointer } : null;
}

/** Builds one spread's typed tables; `parse` is the pack's result grammar. */
export function buildSpreadTables(spread: SpreadInput, parse: (code: string) => CombatResult, recordOrigins?: OriginsOf): SpreadTables {
  const where = (pointer: string) => `spread "${spread.id}" ${pointer}`;
  if (spread.rng.length !== 5 || spread.rng.some((row) => row.length !== 5))
    throw new TableError(`${where('/rng')}: the RNG matrix must be 5 rows of 5 cells.`);
  const rng = spread.rng.map((row, r) =>
    row.map((raw, c) => ({ value: parseRngCell(raw, where(`/rng/${r}/${c}`)), origin: provenance(recordOrigins, `/rng/${r}/${c}`) })),
  );
  const table = spread.combatTable;
  const columns = table.columns.map((col, c) => ({
    label: col.label,
    differential: col.differential,
    origin: provenance(recordOrigins, `/combatTable/columns/${c}`),
  }));
  const rows = table.rows.map(({ cells }, r) => {
    if (cells.length !== columns.length) throw new TableError(`${where(`/combatTable/rows/${r}/cells`)}: ${cells.length} cells for ${columns.length} columns.`);
    return cells.map((code, c) => ({ value: code === null ? null : parse(code), origin: provenance(recordOrigins, `/combatTable/rows/${r}/cells/${c}`) }));
  });
  return {
    id: spread.id,
    number: spread.number,
    name: spread.name,
    rng,
    columns,
    rows,
    events: spread.events ? spread.events.entries.map((e) => ({ number: e.roll, name: e.name })) : null,
  };
}

/**
 * The content the Warchon tables are built from: a pack's `spread` and `result` records and the
 * spreads' layer origins, in the shape of both a generated content module (`generated/content/`)
 * and the effective content a command reads from the YAML (`PackContent`).
 */
export type WarchonTablesContent = PackContentOf<Pick<WarchonRecords, 'spread' | 'result'>>;

/** A spread number that more than one spread has: the engine will not pick one of them. */
export class AmbiguousSpreadError extends TableError {
  constructor(
    readonly number: number,
    readonly ids: readonly string[],
  ) {
    super(
      `Spread number ${number} is ambiguous: spreads ${ids.map((id) => `"${id}"`).join(' and ')} ${ids.length === 2 ? 'both' : 'all'} have number ${number}. Give the spread by id, or give each spread its own number.`,
    );
  }
}

/** A pack's Warchon tables, built from its content. */
export interface WarchonTables {
  /** Every spread's tables, by id, in spread-number order (then id). */
  readonly spreads: ReadonlyMap<string, SpreadTables>;
  /** The pack's result grammar, from its `result` records. */
  readonly parseResult: (code: string) => CombatResult;
  /**
   * A spread by id or by its printed number ("1" or "erdon-pass"); undefined when none. Throws
   * AmbiguousSpreadError for a number that more than one spread has.
   */
  findSpread(idOrNumber: string): SpreadTables | undefined;
}

const built = new WeakMap<WarchonTablesContent, WarchonTables>();

/**
 * The Warchon tables of a pack's content: every spread built and every cell parsed now, so a table
 * the engine cannot read throws here (TableError, ResultGrammarError). Built once per content
 * object (the content is read-only; new content read from the YAML is a new object).
 */
export function warchonTables(content: WarchonTablesContent): WarchonTables {
  const cached = built.get(content);
  if (cached) return cached;
  const parseResult = resultParser(Object.values(recordsOfKind(content, 'result')) satisfies readonly ResultForm[]);
  const spreads = new Map(
    Object.entries(recordsOfKind(content, 'spread'))
      .sort(([a, x], [b, y]) => x.number - y.number || (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, spread]) => [id, buildSpreadTables(spread satisfies SpreadInput, parseResult, content.origins.spread?.[id])] as const),
  );
  const tables: WarchonTables = { spreads, parseResult, findSpread: (idOrNumber) => findSpreadIn(spreads.values(), idOrNumber) };
  built.set(content, tables);
  return tables;
}

/**
 * A spread among `spreads` by id or by its printed number ("1" or "erdon-pass"); undefined when
 * none. A number that more than one spread has throws AmbiguousSpreadError: never a silent pick.
 */
export function findSpreadIn(spreads: Iterable<SpreadTables>, idOrNumber: string): SpreadTables | undefined {
  const all = [...spreads];
  const byId = all.find((s) => s.id === idOrNumber);
  if (byId) return byId;
  if (!/^[0-9]+$/.test(idOrNumber)) return undefined;
  const n = Number(idOrNumber);
  const found = all.filter((s) => s.number === n);
  if (found.length > 1)
    throw new AmbiguousSpreadError(
      n,
      found.map((s) => s.id),
    );
  return found[0];
}

/** The fingers shown: each 1-5. */
export interface Fingers {
  readonly attacker: number;
  readonly defender: number;
}

export interface CombatInput {
  /** The Attacking army's total Attack Strength. */
  readonly as: number;
  /** The Defending army's total Defense Strength. */
  readonly ds: number;
  readonly fingers: Fingers;
}

/** Which looked-up value a layer entry set. */
export type LookedUp = 'column' | 'number' | 'result';

export interface Resolution {
  readonly spread: string;
  readonly as: number;
  readonly ds: number;
  /** AS - DS. */
  readonly differential: number;
  readonly column: { readonly index: number; readonly label: string };
  readonly fingers: Fingers;
  /** The number the RNG generates (1-5). */
  readonly number: number;
  /** True when the cell calls for a Random Event (`5E`): go to the Events Table, no combat result. */
  readonly event: boolean;
  /** The Events Table to go to (the spread's own, by spread id) when `event`; null otherwise or when the spread prints none. */
  readonly eventsTable: string | null;
  /** The combat result; null on an event. */
  readonly result: CombatResult | null;
  /** The looked-up values that a layer entry set, rather than the printed source. */
  readonly origins: readonly (Provenance & { readonly value: LookedUp })[];
}

/** A column's differential range (one function for every look-up, not a closure each time). */
const differentialOf = (c: CombatColumn): CombatColumn['differential'] => c.differential;

/** The column whose differential range holds `differential`, or undefined when none does. */
export function columnFor(spread: SpreadTables, differential: number): { column: CombatColumn; index: number } | undefined {
  const found = findInRanges(spread.columns, differential, differentialOf);
  return found && { column: found.entry, index: found.index };
}

/** The RNG cell for the fingers shown: the attacker's pick the column (on the top row) and the defender's the row, or, with `attackerReads` `rows`, the other way round. */
export function rngCell(spread: SpreadTables, fingers: Fingers, attackerReads: 'columns' | 'rows' = 'columns'): Cell<RngCell> | undefined {
  return attackerReads === 'columns' ? cellAt(spread.rng, fingers.defender, fingers.attacker) : cellAt(spread.rng, fingers.attacker, fingers.defender);
}

/** The differential a column is looked up by: beyond plus or minus `clamp`, the clamp with its sign ("Use +5 or -5 columns for gaps greater than 5"). */
export function clampDifferential(differential: number, clamp: number): number {
  return Math.min(clamp, Math.max(-clamp, differential));
}

/** How the core rules say the tables are read (rules core /rng/attackerReads, /combat/clamp); unset, as printed: the attacker on the top row, the end columns open. */
export interface TableReading {
  readonly attackerReads?: 'columns' | 'rows';
  readonly clamp?: number;
}

/**
 * One combat look-up, as "Let's Fight!" describes it: the differential AS - DS picks the column, the
 * fingers pick the number on the RNG, and the number and column pick the result, unless the number
 * calls for a Random Event. Throws RangeError on values outside the rules (fingers not 1-5,
 * strengths not whole numbers of at least 0) and TableError when the tables lack the value.
 */
export function resolveCombat(spread: SpreadTables, input: CombatInput, reading: TableReading = {}): Resolution {
  const { as, ds, fingers } = input;
  for (const [name, v] of [
    ['AS', as],
    ['DS', ds],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number of at least 0, not ${v}.`);
  }
  for (const [name, v] of [
    ['attacker', fingers.attacker],
    ['defender', fingers.defender],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 5) throw new RangeError(`The ${name} shows 1 to 5 fingers, not ${v}.`);
  }
  const differential = as - ds;
  const found = columnFor(spread, reading.clamp === undefined ? differential : clampDifferential(differential, reading.clamp));
  if (!found) throw new TableError(`Spread "${spread.id}" has no Combat Results Table column for the differential ${differential}.`);
  const cell = rngCell(spread, fingers, reading.attackerReads);
  if (!cell?.value)
    throw new TableError(`Spread "${spread.id}" has no RNG value for ${fingers.attacker} (attacker) and ${fingers.defender} (defender) fingers.`);
  const { number, event } = cell.value;
  const used: (Provenance & { value: LookedUp })[] = [];
  if (found.column.origin) used.push({ value: 'column', ...found.column.origin });
  if (cell.origin) used.push({ value: 'number', ...cell.origin });
  let result: CombatResult | null = null;
  if (!event) {
    const resultCell = spread.rows[number - 1]?.[found.index];
    if (!resultCell?.value) throw new TableError(`Spread "${spread.id}" has no combat result for number ${number} in column ${found.column.label}.`);
    result = resultCell.value;
    if (resultCell.origin) used.push({ value: 'result', ...resultCell.origin });
  }
  return {
    spread: spread.id,
    as,
    ds,
    differential,
    column: { index: found.index, label: found.column.label },
    fingers: { attacker: fingers.attacker, defender: fingers.defender },
    number,
    event,
    eventsTable: event && spread.events ? spread.id : null,
    result,
    origins: used,
  };
}
