// Look-ups on playmark's generic tables (schemas/common/combat-table and roll-table), the same for
// every pack: the column a differential, odds ratio or named value picks, the row or entry a roll
// picks, and the legend's result. Pure functions over the effective content; `validate` has
// checked already that every roll picks exactly one row and that cells hold legend codes.
import type { GenericCombatTable, LegendResult } from '../../../generated/types/common/combat-table.js';
import type { DiceRoll } from '../../../generated/types/common/defs.js';
import type { GenericRollTable, RollEntry } from '../../../generated/types/common/roll-table.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import { diceRolls, parseDice, type Dice } from './dice-expression.js';
import type { Range, Ratio } from './lookup.js';

/**
 * A combat table as the look-ups read it: its legend as a list, whether the pack wrote it in the
 * table or as records of a kind (`legend: { kind: result }`, listed by analysis/pack-tables.ts).
 */
export type CombatTable = DeepReadonly<Omit<GenericCombatTable, 'legend'> & { legend: LegendResult[] }>;
export type RollTable = DeepReadonly<GenericRollTable>;

/**
 * A table cannot answer (a value no column holds, odds with no rounding, a table the content lacks):
 * a content problem, exit 1. One class for every table, the generic ones and the games' own.
 */
export class TableError extends Error {}

/** What picks a column: attack and defence (differential and odds keys) or the named value. */
export type ColumnInput = { readonly attack: number; readonly defence: number } | { readonly value: number };

/** The range of rolls a row's or entry's `roll` covers. */
export function rollRange(roll: DeepReadonly<DiceRoll>): Range {
  return typeof roll === 'number' ? { min: roll, max: roll } : { min: roll.min, max: roll.max };
}

const holds = (range: Range, n: number) => (range.min === null || n >= range.min) && (range.max === null || n <= range.max);

/** The table's dice, parsed (the schema's pattern and `validate` have checked them). */
export function tableDice(table: { readonly dice: string }): Dice {
  return parseDice(table.dice);
}

/** The index of the first row or entry whose roll holds `roll`, or -1. */
export function pickByRoll(items: readonly { readonly roll: DeepReadonly<DiceRoll> }[], roll: number): number {
  return items.findIndex((item) => holds(rollRange(item.roll), roll));
}

/** True when the table's dice can show `roll`. */
export function canRoll(table: { readonly dice: string }, roll: number): boolean {
  return diceRolls(tableDice(table)).includes(roll);
}

/**
 * Attack to defence reduced to a printed ratio with one side 1. `defender-favour`: attack at least
 * defence, attack/defence rounded down (7:3 is 2:1); otherwise 1 to defence/attack rounded up
 * (3:4 is 1:2). `attacker-favour` rounds the other way (7:3 is 3:1, 3:4 is 1:1).
 */
export function reduceOdds(attack: number, defence: number, rounding: 'defender-favour' | 'attacker-favour'): Ratio {
  if (attack >= defence) return [rounding === 'defender-favour' ? Math.floor(attack / defence) : Math.ceil(attack / defence), 1];
  return [1, rounding === 'defender-favour' ? Math.ceil(defence / attack) : Math.floor(defence / attack)];
}

/** a:b compared with c:d exactly (no floating point): -1, 0 or 1. */
function compareRatio([a, b]: Ratio, [c, d]: Ratio): number {
  return Math.sign(a * d - c * b);
}

export interface PickedColumn {
  readonly index: number;
  readonly label: string;
  /** The key's value as the table reads it: "+4", "2-1", "3". */
  readonly key: string;
  /** For an odds key: the reduced odds. */
  readonly odds?: Ratio;
  readonly differential?: number;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The column attack and defence (or a named value) pick. */
export function pickColumn(table: CombatTable, input: ColumnInput): PickedColumn {
  if (table.key.kind === 'value') {
    if (!('value' in input)) throw new TableError(`${table.id} is read by ${table.key.name ?? 'a value'}, not by attack and defence.`);
    const index = table.columns.findIndex((c) => c.range !== undefined && holds(c.range, input.value));
    if (index < 0) throw new TableError(`No column of ${table.id} holds ${table.key.name ?? 'the value'} ${input.value}.`);
    return { index, label: table.columns[index]!.label, key: String(input.value) };
  }
  if (!('attack' in input)) throw new TableError(`${table.id} is read by attack and defence, not by a value.`);
  if (table.key.kind === 'differential') {
    const differential = input.attack - input.defence;
    const index = table.columns.findIndex((c) => c.differential !== undefined && holds(c.differential, differential));
    if (index < 0) throw new TableError(`No column of ${table.id} holds the differential ${signed(differential)}.`);
    return { index, label: table.columns[index]!.label, key: signed(differential), differential };
  }
  // A base transcription may leave rounding null (not printed) for a layer to decide.
  if (table.key.rounding === null || table.key.rounding === undefined)
    throw new TableError(`${table.id} does not say how odds are rounded (key.rounding is null): a layer must decide it (validate warns: table/unfilled).`);
  const odds = reduceOdds(input.attack, input.defence, table.key.rounding);
  const index = table.columns.findIndex(
    (c) =>
      c.odds !== undefined &&
      (c.odds.min === null || compareRatio(odds, c.odds.min as Ratio) >= 0) &&
      (c.odds.max === null || compareRatio(odds, c.odds.max as Ratio) <= 0),
  );
  if (index < 0) throw new TableError(`No column of ${table.id} holds the odds ${odds[0]}-${odds[1]}.`);
  return { index, label: table.columns[index]!.label, key: `${odds[0]}-${odds[1]}`, odds };
}

export interface CombatLookup {
  readonly column: PickedColumn;
  readonly row: { readonly index: number; readonly label: string };
  readonly roll: number;
  /** The cell's code, or null when the cell's value is not known. */
  readonly code: string | null;
  /** The legend's result for the code (null for an unknown cell). */
  readonly result: DeepReadonly<LegendResult> | null;
}

/** One look-up: the column, the row the roll picks, and the cell's result. */
export function resolveCombatTable(table: CombatTable, input: ColumnInput, roll: number): CombatLookup {
  const column = pickColumn(table, input);
  const r = pickByRoll(table.rows, roll);
  if (r < 0) throw new TableError(`No row of ${table.id} covers the roll ${roll}.`);
  const row = table.rows[r]!;
  const code = row.cells[column.index] ?? null;
  const result = code === null ? null : legendResult(table, code);
  if (code !== null && !result)
    throw new TableError(`The cell at row ${r + 1}, column "${column.label}" of ${table.id} holds "${code}", which its legend does not define.`);
  return { column, row: { index: r, label: rowLabel(row) }, roll, code, result };
}

const patterns = new WeakMap<object, RegExp | null>();

/** The legend's result for a cell's code: the result with that code, or whose pattern the code matches (`A3D1` for `AxDy`). */
export function legendResult(table: Pick<CombatTable, 'legend'>, code: string): DeepReadonly<LegendResult> | null {
  return table.legend.find((l) => l.code === code) ?? table.legend.find((l) => patternOf(l)?.test(code)) ?? null;
}

function patternOf(result: DeepReadonly<LegendResult>): RegExp | null {
  if (result.pattern === undefined) return null;
  let pattern = patterns.get(result);
  if (pattern === undefined) {
    // validate reports a pattern that is not a regular expression (table/legend-pattern).
    pattern = isRegExp(result.pattern) ? new RegExp(result.pattern, 'u') : null;
    patterns.set(result, pattern);
  }
  return pattern;
}

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false; // reported by validate as table/legend-pattern
  }
}

/** A row's heading: its label, or its roll ("7", "2-4", "10+"). */
export function rowLabel(row: { readonly roll: DeepReadonly<DiceRoll>; readonly label?: string }): string {
  if (row.label !== undefined) return row.label;
  const { min, max } = rollRange(row.roll);
  if (min === max) return String(min);
  if (min === null) return `${max} or less`;
  if (max === null) return `${min}+`;
  return `${min}-${max}`;
}

/** The entry of a roll table a roll picks. */
export function resolveRollTable(table: RollTable, roll: number): { readonly index: number; readonly entry: DeepReadonly<RollEntry> } {
  const index = pickByRoll(table.entries, roll);
  if (index < 0) throw new TableError(`No entry of ${table.id} covers the roll ${roll}.`);
  return { index, entry: table.entries[index]! };
}
