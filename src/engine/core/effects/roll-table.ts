// roll-table: rolls a generic roll table's dice (the game's `table` hook gives the table by id)
// and applies the effects of the entry whose roll holds the result. Without the hook or the table,
// nothing.
import { rollDice } from '../dice-expression.js';
import { pickByRoll, tableDice } from '../generic-tables.js';
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

export const rollTable: Handler<'roll-table'> = (state, effect, ctx, policy, nested) => {
  const table = ctx.table?.(effect.table);
  if (table === undefined) {
    return {
      state,
      log: [entry('roll-table', ctx.source, `Table ${effect.table} is not available here: nothing rolled.`, { data: { table: effect.table, value: null } })],
    };
  }
  const dice = tableDice(table);
  const drawn = rollDice(state.random, dice);
  const rolled = coreWith(state, { random: drawn.random });
  const index = pickByRoll(table.entries, drawn.value);
  const found = index < 0 ? undefined : table.entries[index]!;
  const name = found?.name;
  const rollEntry = entry(
    'roll-table',
    ctx.source,
    `Rolled ${dice.text} on ${effect.table}: ${drawn.value}${found === undefined ? ' (no entry covers it).' : name !== undefined ? ` - ${name}` : '.'}`,
    {
      rolls: [{ die: dice.text, value: drawn.value, for: effect.table }],
      data: { table: effect.table, die: dice.text, value: drawn.value, entry: found === undefined ? null : index },
    },
  );
  if (found === undefined) return { state: rolled, log: [rollEntry] };
  const applied = nested(rolled, found.effects ?? [], ctx, policy);
  if (isAsked(applied)) return applied;
  return { state: applied.state, log: [rollEntry, ...applied.log], events: applied.events ?? [] };
};
