// `resolve` and `odds` on playmark's generic tables (common/combat-table and common/roll-table
// schemas), for any pack: a designer's kinds are found by the schema they use, whatever they are
// called.
import type { GenericTable } from '../analysis/pack-tables.js';
import { describeDice, diceRolls } from '../engine/core/dice-expression.js';
import { canRoll, TableError, tableDice, type CombatTable, type RollTable } from '../engine/core/generic-tables.js';
import { type CombatTableLookup, type LayerNote, lookUpCombatTable, lookUpRollTable } from '../analysis/table-lookup.js';
import { combatTableOdds, rollTableOdds, type CombatTableOdds, type RollTableOdds, type TableLayer, type TableOutcome } from '../analysis/table-odds.js';
import type { Fraction } from '../analysis/fraction.js';
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
    const text =
      [`${picked.table.name} (${r.table}, ${r.dice})`, `Roll ${r.roll}: ${r.name ? `${r.name}: ` : ''}${r.result}${flagOf(r.origins)}`].join('\n') + '\n';
    return { json: r, text };
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
  return { json: r, text: combatText(table, r) };
}

function combatText(table: CombatTable, r: CombatTableLookup): string {
  let origins = r.origins;
  const lines = [`${table.name} (${table.id}, ${r.dice})`];
  const kind = table.key.kind;
  const column = flagOf(origins.filter((o) => o.value === 'column'));
  origins = origins.filter((o) => o.value !== 'column');
  if ('value' in r) lines.push(`${table.key.name ?? 'Value'} ${r.value}: column ${r.column}.`);
  else if (kind === 'odds')
    lines.push(
      `Attack ${r.attack} against defence ${r.defence}: odds ${r.key.value}, rounded in the ${table.key.kind === 'odds' && table.key.rounding === 'attacker-favour' ? "attacker's" : "defender's"} favour: column ${r.column}${column}.`,
    );
  else lines.push(`Attack ${r.attack} against defence ${r.defence}: differential ${r.key.value}: column ${r.column}.`);
  const row = r.row === String(r.roll) ? '' : ` (row ${r.row})`;
  if (r.result === null) lines.push(`Roll ${r.roll}${row}: the table has no value in this cell yet.${flagOf(origins)}`);
  // A result of a family (`AxDy`) may have no name of its own (null): its code says it.
  else lines.push(`Roll ${r.roll}${row}: ${r.result}${r.name ? `, ${r.name}` : ''}${r.text ? `: ${r.text}` : '.'}${flagOf(origins)}`);
  return lines.join('\n') + '\n';
}

/** What a layer entry of each kind did to a value, in words a designer uses (never "not printed": a generic table may be a designer's own). */
const DONE: Readonly<Record<string, string>> = { erratum: 'corrected in errata', inference: 'inferred', ruling: 'ruled', reconstruction: 'reconstructed' };

/** " (erratum crt-high-roll, corrected in errata)" for a value a layer set. */
function flagOf(notes: readonly LayerNote[]): string {
  return notes.length ? ` (${notes.map((n) => `${n.kind} ${n.entry}${DONE[n.kind] ? `, ${DONE[n.kind]}` : ''}`).join('; ')})` : '';
}

/** Odds of the chosen tables, as JSON and as text. */
export function genericOdds(pack: string, tables: readonly GenericTable[]): { json: object; text: string } {
  const odds = tables.map((t) =>
    t.type === 'combat'
      ? { type: 'combat' as const, odds: combatTableOdds(t.table, t.origins) }
      : { type: 'roll' as const, odds: rollTableOdds(t.table, t.origins) },
  );
  const json = {
    pack,
    measures: { rolls: "every roll of the table's dice with its exact probability; a column's (or a roll table's) probabilities sum to exactly 1" },
    tables: odds.map((o) => (o.type === 'combat' ? combatJson(o.odds) : rollJson(o.odds))),
  };
  const text = odds.map((o) => (o.type === 'combat' ? combatOddsText(o.odds) : rollOddsText(o.odds))).join('\n');
  return { json, text };
}

const layerJson = (l: TableLayer) => ({ layer: l.layer, entry: l.entry, kind: l.kind, pointer: l.pointer });
const prob = (p: Fraction) => ({ probability: p.toString(), value: p.toNumber() });

function combatJson(o: CombatTableOdds) {
  return {
    table: o.table,
    type: 'combat',
    name: o.name,
    dice: o.dice,
    columns: o.columns.map((c) => ({
      column: c.label,
      total: c.total.toString(),
      outcomes: c.outcomes.map((x: TableOutcome) => ({
        kind: x.kind,
        code: x.code,
        name: x.name,
        ...prob(x.probability),
        rolls: x.rolls,
        layers: x.layers.map(layerJson),
      })),
    })),
  };
}

function rollJson(o: RollTableOdds) {
  return {
    table: o.table,
    type: 'roll',
    name: o.name,
    dice: o.dice,
    total: o.total.toString(),
    entries: o.entries.map((e) => ({
      entry: e.index + 1,
      name: e.name,
      text: e.text,
      ...prob(e.probability),
      rolls: e.rolls,
      layers: e.layers.map(layerJson),
    })),
  };
}

/** "2-4, 7, 10-12": rolls as runs. */
export function rollsText(rolls: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < rolls.length; ) {
    let j = i;
    while (j + 1 < rolls.length && rolls[j + 1] === rolls[j]! + 1) j++;
    runs.push(i === j ? String(rolls[i]) : `${rolls[i]}-${rolls[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

function combatOddsText(o: CombatTableOdds): string {
  const lines = [`${o.name} (${o.table}): ${o.dice}, each roll at its exact probability`];
  const width = Math.max(7, ...o.columns.flatMap((c) => c.outcomes.map((x) => (x.code ?? 'unknown').length)));
  const pWidth = Math.max(...o.columns.flatMap((c) => c.outcomes.map((x) => x.probability.toString().length)));
  for (const c of o.columns) {
    lines.push('', `  Column ${c.label}`);
    for (const x of c.outcomes) {
      const layers = x.layers.length ? `  (${x.layers.map((l) => `${l.kind} ${l.entry}`).join(', ')})` : '';
      lines.push(
        `    ${(x.code ?? 'unknown').padEnd(width)}  ${x.probability.toString().padStart(pWidth)}  ${x.probability.toPercent().padStart(6)}   roll${x.rolls.length > 1 ? 's' : ''} ${rollsText(x.rolls)}${x.kind === 'unknown' ? ': no value in the table' : x.name ? `: ${x.name}` : ''}${layers}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

function rollOddsText(o: RollTableOdds): string {
  const lines = [`${o.name} (${o.table}): ${o.dice}, each roll at its exact probability`, ''];
  const pWidth = Math.max(...o.entries.map((e) => e.probability.toString().length));
  for (const e of o.entries) {
    const layers = e.layers.length ? `  (${e.layers.map((l) => `${l.kind} ${l.entry}`).join(', ')})` : '';
    lines.push(
      `  ${rollsText(e.rolls).padEnd(8)}  ${e.probability.toString().padStart(pWidth)}  ${e.probability.toPercent().padStart(6)}   ${e.name ?? e.text}${layers}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A content problem of a generic table (exit 1), as `reportTableError` prints it. */
export { TableError };
