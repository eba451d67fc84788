import { asArray, get, type LintCheck } from './context.js';

/**
 * events/mismatch: a matrix with event cells needs an events table, an events table needs event
 * cells, and the table's entries are numbered (`roll`) 1 to N in order, one per number the matrix
 * gives. Warchon's events table is a generic roll table (`events.entries`, each entry's `roll`; the
 * generic check reports a number no entry covers, this one the order and count the text relies on,
 * `Event #3`); a spread-like kind of a designer's own may give the entries as a plain list (`number`).
 */
export const eventTables: LintCheck = (ctx) => {
  for (const record of ctx.withProperty('rng')) {
    const rows = asArray(record.data.rng);
    const hasEventCells = rows.some((row) => asArray(row).some((cell) => typeof cell === 'string' && cell.endsWith('E')));
    const events = record.data.events;
    const generic = !Array.isArray(events);
    const at: (string | number)[] = generic ? ['events', 'entries'] : ['events'];
    const field = generic ? 'roll' : 'number';
    const list = asArray(generic ? get(events, 'entries') : events);
    if (hasEventCells && list.length === 0) {
      ctx.at('events/mismatch', record, ['rng'], `${record.id}'s random number matrix calls for events, but it has no events table.`);
    }
    if (!hasEventCells && list.length > 0) {
      ctx.at('events/mismatch', record, ['events'], `${record.id} has an events table, but no cell of its random number matrix calls for an event.`);
    }
    if (list.length > 0 && list.length !== rows.length) {
      ctx.at(
        'events/mismatch',
        record,
        at,
        `${record.id}'s events table has ${list.length} entries, but its random number matrix gives ${rows.length} numbers.`,
      );
    }
    list.forEach((event, i) => {
      const number = get(event, field);
      if (number !== i + 1)
        ctx.at(
          'events/mismatch',
          record,
          [...at, i, field],
          `Event ${i + 1} of ${record.id} is numbered ${String(number)}; entries are numbered 1 to ${list.length} in order.`,
        );
    });
  }
};
