// Revealing a Warmaster card (Trap, Horror, Crew, Crew Ambush!) in a ship area. The Emperor's and
// General Kane's immunities are conditions read at this moment, not marks stored on units: "He
// removes from the game these cards so soon are revealed if the Emperor is in the same area";
// "These cards will be removed from play as soon as they are revealed if Kane is in the same
// area". So a Horror revealed where the Emperor stands is removed with no effect, and one revealed
// after he left (or died) acts as printed. The content is an argument; nothing here imports it.
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { WarmasterCard } from '../../../generated/types/warmaster/card.js';
import type { WarmasterSpecialUnit } from '../../../generated/types/warmaster/special-unit.js';
import { applyEffects, type Step } from '../core/effects/index.js';
import { cardIgnoredAt } from '../core/effects/ignore-cards.js';
import { entry } from '../core/log.js';
import type { Policy } from '../core/policy.js';
import type { CoreState, UnitState } from '../core/state.js';

/** The records a reveal reads: the cards, and the special units whose abilities may ignore them. */
export interface WarmasterCardContent {
  readonly cards: { readonly [id: string]: DeepReadonly<WarmasterCard> };
  readonly units: { readonly [id: string]: DeepReadonly<WarmasterSpecialUnit> };
}

/**
 * Reveals `card` in `area`: if a unit there holds an ability that ignores it, the card is removed
 * from play with no effect; otherwise its effects apply at that area, as its side's rule.
 */
export function revealCard(state: CoreState, content: WarmasterCardContent, card: string, area: string, policy: Policy): Step {
  const record = content.cards[card];
  if (record === undefined) throw new Error(`Warmaster has no card ${card}; its cards are ${Object.keys(content.cards).join(', ')}.`);
  const source = `${card} revealed in ${area}`;
  const abilitiesOf = (unit: UnitState) => (unit.record !== null ? (content.units[unit.record]?.abilities.flatMap((a) => a.effects) ?? []) : []);
  const ignored = cardIgnoredAt(state, card, area, abilitiesOf);
  if (ignored !== null) {
    const removed = entry('card-ignored', source, `${record.name} is removed from play with no effect: ${ignored.holders.join(', ')} ${ignored.holders.length === 1 ? 'is' : 'are'} in ${area}.`, {
      units: ignored.protected,
      data: { card, area, holders: [...ignored.holders], protected: [...ignored.protected] },
    });
    return { state: { ...state, log: [...state.log, removed] }, log: [removed] };
  }
  return applyEffects(state, record.effects, { owner: record.side, source, location: area }, policy);
}
