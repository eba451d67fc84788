import { asArray, get, type LintCheck } from './context.js';

/**
 * events/mismatch: a matrix with event cells needs an events table, an events table needs event
 * cells, and the table's entries are numbered 1 to N in order, one per number the matrix gives.
 */
export const eventTables: LintCheck = (ctx) => {
  for (const record of ctx.withProperty('rng')) {
    const rows = asArray(record.data.rng);
    const hasEventCells = rows.some((row) => asArray(row).some((cell) => typeof cell === 'string' && cell.endsWith('E')));
    const events = record.data.events;
    const list = asArray(events);
    if (hasEventCells && list.length === 0) {
      ctx.at('events/mismatch', record, ['rng'], `${record.id}'s random number matrix calls for events, but it has no events table.`);
    }
    if (!hasEventCells && list.length > 0) {
      ctx.at('events/mismatch', record, ['events'], `${record.id} has an events table, but no cell of its random number matrix calls for an event.`);
    }
    if (list.length > 0 && list.length !== rows.length) {
      ctx.at('events/mismatch', record, ['events'], `${record.id}'s events table has ${list.length} entries, but its random number matrix gives ${rows.length} numbers.`);
    }
    list.forEach((event, i) => {
      const number = get(event, 'number');
      if (number !== i + 1) ctx.at('events/mismatch', record, ['events', i, 'number'], `Event ${i + 1} of ${record.id} is numbered ${String(number)}; entries are numbered 1 to ${list.length} in order.`);
    });
  }
};
