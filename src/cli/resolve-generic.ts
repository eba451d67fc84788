// `resolve` and `odds` on playmark's generic tables (common/combat-table and common/roll-table
// schemas), for any pack: a designer's kinds are found by the schema they use, whatever they are
// called.
import type { GenericTable } from '../analysis/pack-tables.js';
import { describeDice, diceRolls } from '../engine/core/dice-expression.js';
import { canRoll, TableError, tableDice, type CombatTable, type RollTable } from '../engine/core/generic-tables.js';
import { lookUpCombatTable, lookUpRollTable } from '../analysis/table-lookup.js';
import { combatLookupText, rollLookupText } from '../analysis/table-lookup-text.js';
import { UsageError } from './io.js';
import { didYouMean } from './project.js';

// The pack's tables live in src/analysis (a program reads them too); re-exported for the commands.
export { COMBAT_TABLE_SCHEMA, ROLL_TABLE_SCHEMA, genericTables, type GenericTable } from '../analysis/pack-tables.js';

/** The table `--table` names, or the pack's only table; a usage error lists the tables otherwise. */
export function tableArg(pack: string, tables: ReadonlyMap<string, GenericTable>, arg: string | undefined): GenericTable {
  const list = [...tables.values()].map((t) => `${t.id} (${t.type})`).join(', ');
  if (arg === undefined) {
    if (tables.size === 1) return [...tables.values()][0]!;
    throw new UsageError('missing --table', `${pack} has ${tables.size} tables: give one, e.g. --table ${[...tables.keys()][0]}. Tables: ${list}.`);
  }
  const found = tables.get(arg.trim());
  if (found) return found;
  throw new UsageError(`no table "${arg}" in ${pack}`, `${didYouMean(arg.trim(), [...tables.keys()])}Tables: ${list}.`);
}

/** A whole number from an option, or a usage error. */
function wholeArg(name: string, raw: string | undefined, hint: string, min = Number.MIN_SAFE_INTEGER): number {
  if (raw === undefined) throw new UsageError(`missing ${name}`, hint);
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw;
  if (!/^\s*[+-]?[0-9]+\s*$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`${name} must be a whole number, not "${shown}"`, hint);
  const n = Number(raw);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, not ${n}`, hint);
  return n;
}

/** The roll, checked against what the table's dice can show. */
function rollArg(table: CombatTable | RollTable, raw: string | undefined): number {
  const dice = tableDice(table);
  const hint = `Give a roll of ${describeDice(dice)}, e.g. --roll ${diceRolls(dice)[Math.floor(diceRolls(dice).length / 2)]}.`;
  const roll = wholeArg('--roll', raw, hint);
  if (!canRoll(table, roll)) throw new UsageError(`--roll ${roll} is not a roll of ${dice.text}`, hint);
  return roll;
}

export interface GenericOptions {
  table?: string;
  attack?: string;
  defence?: string;
  value?: string;
  roll?: string;
}

/** One look-up on a generic table (analysis/table-lookup.ts), as JSON and as text: the options checked here. */
export function resolveGeneric(pack: string, picked: GenericTable, opts: GenericOptions): { json: object; text: string } {
  if (picked.type === 'roll') {
    for (const o of ['attack', 'defence', 'value'] as const)
      if (opts[o] !== undefined) throw new UsageError(`--${o} is not for ${picked.id}`, `${picked.id} is a roll table: give only --roll.`);
    const r = lookUpRollTable(pack, picked, rollArg(picked.table, opts.roll));
    return { json: r, text: rollLookupText(picked.table, r) };
  }
  const table = picked.table;
  const kind = table.key.kind;
  if (kind === 'value') {
    for (const o of ['attack', 'defence'] as const)
      if (opts[o] !== undefined)
        throw new UsageError(`--${o} is not for ${table.id}`, `${table.id}'s columns are read by ${table.key.name ?? 'a value'}: give --value and --roll.`);
  } else if (opts.value !== undefined) {
    throw new UsageError(
      `--value is not for ${table.id}`,
      `${table.id}'s columns are read by ${kind === 'odds' ? 'odds' : 'the differential'}: give --attack, --defence and --roll.`,
    );
  }
  const input =
    kind === 'value'
      ? { value: wholeArg('--value', opts.value, `Give the ${table.key.name ?? 'value'} that picks the column, e.g. --value 3.`) }
      : {
          attack: wholeArg('--attack', opts.attack, "Give the attacking side's total strength, e.g. --attack 7.", kind === 'odds' ? 1 : 0),
          defence: wholeArg('--defence', opts.defence, "Give the defending side's total strength, e.g. --defence 3.", kind === 'odds' ? 1 : 0),
        };
  const r = lookUpCombatTable(pack, picked, input, rollArg(table, opts.roll));
  return { json: r, text: combatLookupText(table, r) };
}

/** A content problem of a generic table (exit 1), as `reportTableError` prints it. */
export { TableError };
