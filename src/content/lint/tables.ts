import type { EffectiveRecord, Json } from '../model.js';
import { asArray, get, type LintCheck, type LintContext } from './context.js';

/**
 * Combat tables: columns by differential (`{min, max}` integers) must meet end to start, neither
 * leaving a gap nor overlapping; columns by odds (`[a, b]` ratios) must not overlap. Every row has
 * one cell per column; a null cell left once layers apply is reported.
 */
export const combatTables: LintCheck = (ctx) => {
  for (const record of ctx.records) {
    if (!record.valid) continue;
    for (const [key, table] of Object.entries(record.data)) {
      if (table && typeof table === 'object' && !Array.isArray(table) && Array.isArray(table.columns) && Array.isArray(table.rows)) {
        checkColumns(ctx, record, key === 'columns' ? [] : [key], table.columns);
        checkRows(ctx, record, [key], table.columns.length, table.rows);
      }
    }
    if (Array.isArray(record.data.columns) && Array.isArray(record.data.rows)) {
      checkColumns(ctx, record, [], record.data.columns);
      checkRows(ctx, record, [], record.data.columns.length, record.data.rows);
    }
  }
};

function checkColumns(ctx: LintContext, record: EffectiveRecord, at: (string | number)[], columns: Json[]): void {
  for (let i = 1; i < columns.length; i++) {
    const prev = columns[i - 1];
    const next = columns[i];
    const label = (c: Json | undefined) => String(get(c, 'label') ?? '?');
    // Differential columns, and a generic table's named-value columns (`range`), meet end to start.
    for (const key of ['differential', 'range'] as const) {
      if (get(prev, key) === undefined || (key === 'range' && get(next, key) === undefined)) continue;
      const pMax = get(prev, key, 'max');
      const nMin = get(next, key, 'min');
      if (typeof pMax !== 'number' || typeof nMin !== 'number') {
        ctx.at(
          'table/column-overlap',
          record,
          [...at, 'columns', i, key],
          `Column "${label(next)}" follows a column open above, or is open below itself, so the two overlap.`,
        );
      } else if (nMin <= pMax) {
        ctx.at(
          'table/column-overlap',
          record,
          [...at, 'columns', i, key, 'min'],
          `Column "${label(next)}" starts at ${nMin}, which column "${label(prev)}" (up to ${pMax}) covers already.`,
        );
      } else if (nMin > pMax + 1) {
        ctx.at(
          'table/column-gap',
          record,
          [...at, 'columns', i, key, 'min'],
          `No column covers ${pMax + 1 === nMin - 1 ? pMax + 1 : `${pMax + 1} to ${nMin - 1}`}: "${label(prev)}" ends at ${pMax} and "${label(next)}" starts at ${nMin}.`,
        );
      }
    }
    const pOdds = get(prev, 'odds', 'max');
    const nOdds = get(next, 'odds', 'min');
    if (get(prev, 'odds') !== undefined && Array.isArray(pOdds) && Array.isArray(nOdds)) {
      const p = Number(pOdds[0]) / Number(pOdds[1]);
      const n = Number(nOdds[0]) / Number(nOdds[1]);
      if (n <= p) {
        ctx.at(
          'table/column-overlap',
          record,
          [...at, 'columns', i, 'odds', 'min'],
          `Column "${label(next)}" starts at odds ${nOdds.join(':')}, which column "${label(prev)}" (up to ${pOdds.join(':')}) covers already.`,
        );
      }
    }
  }
  const first = columns[0];
  const last = columns[columns.length - 1];
  if (get(first, 'differential') !== undefined && get(first, 'differential', 'min') !== null) {
    ctx.at(
      'table/column-gap',
      record,
      [...at, 'columns', 0, 'differential', 'min'],
      `The first column starts at ${String(get(first, 'differential', 'min'))}, so no column covers lower differentials.`,
      'Make the first column open below (min: null).',
    );
  }
  if (get(last, 'differential') !== undefined && get(last, 'differential', 'max') !== null) {
    ctx.at(
      'table/column-gap',
      record,
      [...at, 'columns', columns.length - 1, 'differential', 'max'],
      `The last column ends at ${String(get(last, 'differential', 'max'))}, so no column covers higher differentials.`,
      'Make the last column open above (max: null).',
    );
  }
}

function checkRows(ctx: LintContext, record: EffectiveRecord, at: (string | number)[], width: number, rows: Json[]): void {
  rows.forEach((row, r) => {
    // A row is its list of cells, or (generic combat tables) an object with its roll and `cells`.
    const inner = Array.isArray(row) ? [] : ['cells'];
    const cells = Array.isArray(row) ? row : asArray(get(row, 'cells'));
    if (cells.length !== width) {
      ctx.at('table/shape', record, [...at, 'rows', r, ...inner], `Row ${r + 1} has ${cells.length} cells but the table has ${width} columns.`);
      return;
    }
    cells.forEach((cell, c) => {
      if (cell === null)
        ctx.at('table/unfilled', record, [...at, 'rows', r, ...inner, c], `Row ${r + 1}, column ${c + 1} of ${record.id}'s table has no value.`);
    });
  });
}

/** Results a die gives: d6 1-6; d66 11-66 with both digits 1-6. */
function dieResults(die: string): number[] | undefined {
  if (die === 'd6') return [1, 2, 3, 4, 5, 6];
  if (die === 'd3') return [1, 2, 3];
  if (die === 'd66') return [1, 2, 3, 4, 5, 6].flatMap((t) => [1, 2, 3, 4, 5, 6].map((u) => t * 10 + u));
  return undefined;
}

/** table/shape: a die-roll table's entries must cover each result of its die exactly once. */
export const rangeTables: LintCheck = (ctx) => {
  for (const record of ctx.records) {
    if (!record.valid || typeof record.data.die !== 'string' || !Array.isArray(record.data.entries)) continue;
    const results = dieResults(record.data.die);
    if (!results) continue;
    const owner = new Map<number, number>();
    record.data.entries.forEach((entry, i) => {
      const min = get(entry, 'range', 'min');
      const max = get(entry, 'range', 'max');
      const shared: number[] = [];
      let before: number | undefined;
      for (const n of results) {
        if ((typeof min === 'number' && n < min) || (typeof max === 'number' && n > max)) continue;
        const previous = owner.get(n);
        if (previous !== undefined) {
          shared.push(n);
          before ??= previous;
        } else owner.set(n, i);
      }
      if (shared.length) {
        ctx.at(
          'table/shape',
          record,
          ['entries', i, 'range'],
          `Result${shared.length > 1 ? 's' : ''} ${shared.join(', ')} ${shared.length > 1 ? 'are' : 'is'} covered by entry ${before! + 1} and entry ${i + 1}.`,
        );
      }
    });
    const missing = results.filter((n) => !owner.has(n));
    if (missing.length) {
      ctx.at('table/shape', record, ['entries'], `No entry covers the ${record.data.die} result${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
    }
  }
};
