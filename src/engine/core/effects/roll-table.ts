// roll-table: rolls the table's die (the game's `table` hook gives the table by id) and applies
// the effects of the entry whose range holds the result. Without the hook or the table, nothing.
import { rollDie } from '../dice.js';
import { entry } from '../log.js';
import { findInRanges } from '../lookup.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

export const rollTable: Handler<'roll-table'> = (state, effect, ctx, policy, nested) => {
  const table = ctx.table?.(effect.table);
  if (table === undefined) {
    return { state, log: [entry('roll-table', ctx.source, `Table ${effect.table} is not available here: nothing rolled.`, { data: { table: effect.table, value: null } })] };
  }
  const drawn = rollDie(state.random, table.die);
  const rolled = coreWith(state, { random: drawn.random });
  const found = findInRanges(table.entries, drawn.value, (e) => e.range);
  const name = found?.entry.name;
  const rollEntry = entry('roll-table', ctx.source, `Rolled ${table.die} on ${effect.table}: ${drawn.value}${found === undefined ? ' (no entry covers it).' : name !== undefined ? ` - ${name}` : '.'}`, {
    rolls: [{ die: table.die, value: drawn.value, for: effect.table }],
    data: { table: effect.table, die: table.die, value: drawn.value, entry: found?.index ?? null },
  });
  if (found === undefined) return { state: rolled, log: [rollEntry] };
  const applied = nested(rolled, found.entry.effects, ctx, policy);
  return { state: applied.state, log: [rollEntry, ...applied.log], events: applied.events ?? [] };
};
