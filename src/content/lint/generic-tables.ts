import type { PathStep } from '../diagnostic.js';
import type { Json } from '../model.js';
import { didYouMean } from '../suggest.js';
import { asArray, get, type LintCheck, type LintContext, type TableAt } from './context.js';
import { diceResults } from './dice.js';

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
  for (const table of ctx.tables('combat')) {
    rollCoverage(ctx, table, 'rows', 'row');
    legendCodes(ctx, table);
    columnKeys(ctx, table);
  }
  for (const table of ctx.tables('roll')) rollCoverage(ctx, table, 'entries', 'entry');
};

/** The rolls a row's or entry's `roll` covers among `rolls`: one number, or an inclusive range open where null. */
export function rollsCovered(roll: Json | undefined, rolls: readonly number[]): number[] {
  if (typeof roll === 'number') return rolls.filter((r) => r === roll);
  const min = get(roll, 'min');
  const max = get(roll, 'max');
  return rolls.filter((r) => (typeof min !== 'number' || r >= min) && (typeof max !== 'number' || r <= max));
}

const list = (ns: readonly number[]) => (ns.length > 1 ? `s ${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}` : ` ${ns[0]}`);

function rollCoverage(ctx: LintContext, table: TableAt, items: 'rows' | 'entries', word: string): void {
  const dice = String(table.data.dice);
  const results = diceResults(dice);
  if ('problem' in results) {
    ctx.atTable('table/dice', table, ['dice'], `${table.id}'s dice cannot be rolled: ${results.problem}`);
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
      ctx.atTable(
        'table/roll-doubled',
        table,
        [items, i, 'roll'],
        `The ${dice} roll${list(rolls)} pick${rolls.length > 1 ? '' : 's'} both ${word} ${before + 1} and ${word} ${i + 1} of ${table.id}.`,
      );
    }
  });
  const missing = results.rolls.filter((r) => !owner.has(r));
  if (missing.length) {
    ctx.atTable('table/roll-missing', table, [items], `No ${word} of ${table.id} covers the ${dice} roll${list(missing)}.`);
  }
}

/** A legend result as the checks read it: its code, and the pattern of a family of codes. */
interface LegendCode {
  readonly code: string;
  readonly pattern?: RegExp;
}

function legendCodes(ctx: LintContext, table: TableAt): void {
  const legend = legendOf(ctx, table);
  if (!legend) return;
  const codes = new Set<string>();
  for (const { code, at } of legend) {
    if (codes.has(code)) ctx.at('table/duplicate-code', at.record, at.steps, `The legend of ${table.id} defines "${code}" twice.`);
    codes.add(code);
  }
  const known = (cell: string) => legend.some((l) => l.code === cell || l.pattern?.test(cell));
  asArray(table.data.rows).forEach((row, r) => {
    asArray(get(row, 'cells')).forEach((cell, c) => {
      if (typeof cell !== 'string' || known(cell)) return;
      ctx.atTable(
        'table/unknown-result',
        table,
        ['rows', r, 'cells', c],
        `Row ${r + 1}, column ${c + 1} of ${table.id} holds "${cell}", which its legend does not define (the legend: ${[...codes].join(', ')}).`,
        didYouMean(cell, [...codes]) || undefined,
      );
    });
  });
}

/**
 * The legend's codes and where each is written: the table's own list, or the records of the kind
 * `legend.kind` names (table/legend-kind when the pack has no such kind). undefined: nothing to check.
 */
function legendOf(ctx: LintContext, table: TableAt): (LegendCode & { at: { record: TableAt['record']; steps: PathStep[] } })[] | undefined {
  const legend = table.data.legend;
  const kind = get(legend, 'kind');
  if (typeof kind === 'string') {
    if (!ctx.manifest.kinds[kind]) {
      ctx.atTable(
        'table/legend-kind',
        table,
        ['legend', 'kind'],
        `The legend of ${table.id} is the records of kind "${kind}", which the pack does not have.`,
        didYouMean(kind, Object.keys(ctx.manifest.kinds)) || undefined,
      );
      return undefined;
    }
    const order = asArray(get(legend, 'order'));
    const all = ctx.ofKind(kind);
    order.forEach((id, i) => {
      if (typeof id === 'string' && !all.some((r) => r.id === id)) {
        ctx.atTable(
          'table/legend-kind',
          table,
          ['legend', 'order', i],
          `The legend of ${table.id} lists "${id}", which is not a record of kind "${kind}".`,
          didYouMean(
            id,
            all.map((r) => r.id),
          ) || undefined,
        );
      }
    });
    const records = order.length ? all.filter((r) => order.includes(r.id)) : all;
    return records.flatMap((record) => {
      const code = record.data.code;
      if (typeof code !== 'string') {
        ctx.at(
          'table/legend-kind',
          record,
          [],
          `${record.id} is a result of ${table.id}'s legend (kind "${kind}") but gives no \`code\`.`,
          'Give every record of a legend kind the code its cells print, as `code: AE`.',
        );
        return [];
      }
      return [{ code, ...patternOf(ctx, table, record, ['pattern'], record.data.pattern), at: { record, steps: ['code'] } }];
    });
  }
  return asArray(legend).flatMap((result, i) => {
    const code = get(result, 'code');
    const steps = [...table.steps, 'legend', i];
    return typeof code === 'string'
      ? [
          {
            code,
            ...patternOf(ctx, table, table.record, [...steps, 'pattern'], get(result, 'pattern')),
            at: { record: table.record, steps: [...steps, 'code'] },
          },
        ]
      : [];
  });
}

/** A legend result's pattern as a regular expression; table/legend-pattern when it is not one. */
function patternOf(ctx: LintContext, table: TableAt, record: TableAt['record'], steps: PathStep[], pattern: Json | undefined): { pattern?: RegExp } {
  if (typeof pattern !== 'string') return {};
  try {
    return { pattern: new RegExp(pattern, 'u') };
  } catch (error) {
    ctx.at(
      'table/legend-pattern',
      record,
      steps,
      `The pattern of a result in ${table.id}'s legend is not a regular expression: ${(error as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /, '')}.`,
    );
    return {};
  }
}

function columnKeys(ctx: LintContext, table: TableAt): void {
  const kind = get(table.data, 'key', 'kind');
  // A rounding left null (not printed) and set by no layer: no odds can pick a column until one does.
  if (kind === 'odds' && get(table.data, 'key', 'rounding') === null) {
    ctx.atTable(
      'table/unfilled',
      table,
      ['key', 'rounding'],
      `${table.id} does not say how odds are rounded (key.rounding is null), so no odds can pick a column.`,
      'Decide it with a ruling layer entry (pointer /key/rounding), or write it in the table if the game prints it.',
    );
  }
  if (kind !== 'differential' && kind !== 'odds' && kind !== 'value') return;
  const wanted = COLUMN_RANGE[kind];
  asArray(table.data.columns).forEach((column, i) => {
    const label = String(get(column, 'label') ?? i + 1);
    const other = Object.values(COLUMN_RANGE).find((o) => o !== wanted && get(column, o) !== undefined);
    if (other !== undefined) {
      ctx.atTable(
        'table/column-key',
        table,
        ['columns', i, other],
        `Column "${label}" gives \`${other}\`, but ${table.id}'s key is ${kind}, whose columns give \`${wanted}\`.`,
      );
    } else if (get(column, wanted) === undefined) {
      ctx.atTable('table/column-key', table, ['columns', i], `Column "${label}" gives no \`${wanted}\` range, which ${table.id}'s key (${kind}) calls for.`);
    }
  });
}
