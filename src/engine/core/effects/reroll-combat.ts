// reroll-combat: the rule's owner may re-roll the combat result once in this battle (the game asks
// the policy, then spends it with spendReroll). No re-roll when a unit in `cancelledBy` takes part
// in the battle. Applying the same rule again while its re-roll is unused grants no second one.
import { entry } from '../log.js';
import { battleUnits } from '../battle.js';
import { names, type Handler } from './common.js';
import { coreWith, battleWith } from '../state.js';

export const rerollCombat: Handler<'reroll-combat'> = (state, effect, ctx) => {
  const battle = state.battle;
  const side = ctx.owner;
  if (battle === null || side === null) {
    return {
      state,
      log: [
        entry('reroll-combat', ctx.source, battle === null ? 'No battle: no re-roll.' : 'The rule has no owner: no re-roll.', { data: { granted: false } }),
      ],
    };
  }
  const cancelledBy = effect.cancelledBy ?? [];
  const cancelling = battleUnits(state).filter((u) => cancelledBy.some((id) => id === u.record || id === u.id));
  if (cancelling.length > 0) {
    const ids = cancelling.map((u) => u.id);
    return {
      state,
      log: [
        entry('reroll-combat', ctx.source, `No re-roll for ${side}: ${names(state, ids)} take part in the battle.`, {
          units: ids,
          data: { side, granted: false, cancelledBy: ids },
        }),
      ],
    };
  }
  if (battle.rerolls.some((r) => r.side === side && r.source === ctx.source && !r.used)) {
    return { state, log: [entry('reroll-combat', ctx.source, `${side} already holds this re-roll.`, { data: { side, granted: false } })] };
  }
  return {
    state: coreWith(state, { battle: battleWith(battle, { rerolls: [...battle.rerolls, { side, source: ctx.source, used: false }] }) }),
    log: [entry('reroll-combat', ctx.source, `${side} may re-roll the combat result once.`, { data: { side, granted: true } })],
  };
};
