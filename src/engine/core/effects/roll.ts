// roll: rolls the die from the state's generator and applies the effects of the outcome whose
// range holds the result (the first such outcome). A result no outcome covers does nothing.
import { rollDie } from '../dice.js';
import { isAsked } from '../choices.js';
import { entry } from '../log.js';
import { findInRanges } from '../lookup.js';
import type { Handler } from './common.js';
import { coreWith } from '../state.js';

export const roll: Handler<'roll'> = (state, effect, ctx, policy, nested) => {
  const drawn = rollDie(state.random, effect.die);
  const rolled = coreWith(state, { random: drawn.random });
  const found = findInRanges(effect.outcomes, drawn.value, (o) => o.range);
  const rollEntry = entry(
    'roll',
    ctx.source,
    `Rolled ${effect.die}: ${drawn.value}${found === undefined ? ' (no outcome covers it).' : found.entry.text !== undefined ? ` - ${found.entry.text}` : '.'}`,
    {
      rolls: [{ die: effect.die, value: drawn.value, for: 'outcome' }],
      data: { die: effect.die, value: drawn.value, outcome: found?.index ?? null },
    },
  );
  if (found === undefined) return { state: rolled, log: [rollEntry] };
  const applied = nested(rolled, found.entry.effects, ctx, policy);
  if (isAsked(applied)) return applied;
  return { state: applied.state, log: [rollEntry, ...applied.log], events: applied.events ?? [] };
};
