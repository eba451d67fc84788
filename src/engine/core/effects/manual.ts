// manual: the engine changes nothing; the entry (manual: true) tells the players to apply the
// printed text themselves, and lets callers count or skip such rules.
import { entry } from '../log.js';
import type { Handler } from './common.js';

export const manual: Handler<'manual'> = (state, effect, ctx) => ({
  state,
  log: [entry('manual', ctx.source, `Players apply the printed rule by hand: ${effect.note}`, { manual: true, data: { note: effect.note } })],
});
