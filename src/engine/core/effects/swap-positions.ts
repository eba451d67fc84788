// swap-positions: two selected units exchange locations. Any other number of units selected (the
// pick found fewer than two) changes nothing.
import { isAsked } from '../choices.js';
import { entry, type LogEntry } from '../log.js';
import { moveUnit } from '../move.js';
import { findUnit } from '../state.js';
import { choiceData, names, select, type Handler } from './common.js';

export const swapPositions: Handler<'swap-positions'> = (state, effect, ctx, policy) => {
  const selected = select(state, effect.target, ctx, policy);
  if (isAsked(selected)) return selected;
  if (selected.ids.length !== 2) {
    return {
      state: selected.state,
      log: [
        entry('swap-positions', ctx.source, `Swap needs two units; selected ${names(selected.state, selected.ids)}: nothing moves.`, {
          units: selected.ids,
          data: { swapped: false, ...choiceData(selected.choice) },
        }),
      ],
    };
  }
  const [a, b] = selected.ids as [string, string];
  const from = { [a]: findUnit(selected.state, a)!.location, [b]: findUnit(selected.state, b)!.location };
  const first = moveUnit(selected.state, a, from[b] ?? null);
  const second = moveUnit(first.state, b, from[a] ?? null);
  const log: LogEntry[] = [
    entry('swap-positions', ctx.source, `${names(state, [a])} and ${names(state, [b])} swap places (${from[a]} <-> ${from[b]}).`, {
      units: [a, b],
      data: { swapped: true, from, ...choiceData(selected.choice) },
    }),
    ...first.log,
    ...second.log,
  ];
  return { state: second.state, log };
};
