// move-directly: a way of moving that holds while its rule does. A game's movement reads it from
// the rules of a unit's traits (Warchon: movement.ts), and the static recompute leaves it alone
// (rules/unapplied.ts): it marks nothing on the state. Validate refuses it anywhere but a static
// rule (rule/static-only-effect); applied as an effect, it changes nothing and the log says why.
import { entry } from '../log.js';
import type { Handler } from './common.js';

export const moveDirectly: Handler<'move-directly'> = (state, _effect, ctx) => ({
  state,
  log: [entry('move-directly', ctx.source, 'A way of moving, read by the movement from the rule; nothing changes now.')],
});
