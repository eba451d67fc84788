import type { EffectiveRecord, Json } from '../model.js';
import { didYouMean } from '../suggest.js';
import { asArray, get, type LintCheck, type LintContext } from './context.js';
import { diceResults } from './dice.js';

// Playmark's generic table kinds, found by schema whatever a pack calls them.
export const COMBAT_TABLE_SCHEMA = 'common/combat-table.schema.json';
export const ROLL_TABLE_SCHEMA = 'common/roll-table.schema.json';

/** The range each key kind's columns give. */
const COLUMN_RANGE = { differential: 'differential', odds: 'odds', value: 'range' } as const;

/**
 * table/dice, table/roll-missing, table/roll-doubled: every roll of a generic table's dice picks
 * exactly one row (combat tables) or entry (roll tables). table/duplicate-code and
 * table/unknown-result: a combat table's cells hold codes its legend defines once.
 * table/column-key: each column gives the range its table's key calls for. table/unfilled: an
 * odds key's rounding is decided, by the table or a layer.
 */
export const genericTables: LintCheck = (ctx) => {
  for (const table of ctx.ofSchema(COMBAT_TABLE_SCHEMA)) {
    rollCoverage(ctx, table, 'rows', 'row');
    legendCodes(ctx, table);
    columnKeys(ctx, table);
  }
  for (const table of ctx.ofSchema(ROLL_TABLE_SCHEMA)) rollCoverage(ctx, table, 'entries', 'entry');
};

/** The rolls a row's or entry's `roll` covers among `rolls`: one number, or an inclusive range open where null. */
export function rollsCovered(roll: Json | undefined, rolls: readonly number[]): number[] {
  if (typeof roll === 'number') return rolls.filter((r) => r === roll);
  const min = get(roll, 'min');
  const max = get(roll, 'max');
  return rolls.filter((r) => (typeof min !== 'number' || r >= min) && (typeof max !== 'number' || r <= max));
}

const list = (ns: readonly number[]) => (ns.length > 1 ? `s ${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}` : ` ${ns[0]}`);

function rollCoverage(ctx: LintContext, table: EffectiveRecord, items: 'rows' | 'entries', word: string): void {
  const dice = String(table.data.dice);
  const results = diceResults(dice);
  if ('problem' in results) {
    ctx.at('table/dice', table, ['dice'], `${table.id}'s dice cannot be rolled: ${results.problem}`);
    return;
  }
  const owner = new Map<number, number>();
  asArray(table.data[items]).forEach((item, i) => {
    const doubled = new Map<number, number[]>(); // earlier item -> rolls it shares with this one
    for (const roll of rollsCovered(get(item, 'roll'), results.rolls)) {
      const before = owner.get(roll);
      if (before === undefined) owner.set(roll, i);
      else doubled.set(before, [...(doubled.get(before) ?? []), roll]);
    }
    for (const [before, rolls] of doubled) {
      ctx.at('table/roll-doubled', table, [items, i, 'roll'], `The ${dice} roll${list(rolls)} pick${rolls.length > 1 ? '' : 's'} both ${word} ${before + 1} and ${word} ${i + 1} of ${table.id}.`);
    }
  });
  const missing = results.rolls.filter((r) => !owner.has(r));
  if (missing.length) {
    ctx.at('table/roll-missing', table, [items], `No ${word} of ${table.id} covers the ${dice} roll${list(missing)}.`);
  }
}

function legendCodes(ctx: LintContext, table: EffectiveRecord): void {
  const codes = new Set<string>();
  asArray(table.data.legend).forEach((result, i) => {
    const code = get(result, 'code');
    if (typeof code !== 'string') return;
    if (codes.has(code)) ctx.at('table/duplicate-code', table, ['legend', i, 'code'], `The legend of ${table.id} defines "${code}" twice.`);
    codes.add(code);
  });
  asArray(table.data.rows).forEach((row, r) => {
    asArray(get(row, 'cells')).forEach((cell, c) => {
      if (typeof cell !== 'string' || codes.has(cell)) return;
      ctx.at('table/unknown-result', table, ['rows', r, 'cells', c], `Row ${r + 1}, column ${c + 1} of ${table.id} holds "${cell}", which its legend does not define (the legend: ${[...codes].join(', ')}).`, didYouMean(cell, [...codes]) || undefined);
    });
  });
}

function columnKeys(ctx: LintContext, table: EffectiveRecord): void {
  const kind = get(table.data, 'key', 'kind');
  // A rounding left null (not printed) and set by no layer: no odds can pick a column until one does.
  if (kind === 'odds' && get(table.data, 'key', 'rounding') === null) {
    ctx.at('table/unfilled', table, ['key', 'rounding'], `${table.id} does not say how odds are rounded (key.rounding is null), so no odds can pick a column.`, 'Decide it with a ruling layer entry (pointer /key/rounding), or write it in the table if the game prints it.');
  }
  if (kind !== 'differential' && kind !== 'odds' && kind !== 'value') return;
  const wanted = COLUMN_RANGE[kind];
  asArray(table.data.columns).forEach((column, i) => {
    const label = String(get(column, 'label') ?? i + 1);
    const other = Object.values(COLUMN_RANGE).find((o) => o !== wanted && get(column, o) !== undefined);
    if (other !== undefined) {
      ctx.at('table/column-key', table, ['columns', i, other], `Column "${label}" gives \`${other}\`, but ${table.id}'s key is ${kind}, whose columns give \`${wanted}\`.`);
    } else if (get(column, wanted) === undefined) {
      ctx.at('table/column-key', table, ['columns', i], `Column "${label}" gives no \`${wanted}\` range, which ${table.id}'s key (${kind}) calls for.`);
    }
  });
}
