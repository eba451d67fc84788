// Revealing a Warmaster card (Trap, Horror, Crew, Crew Ambush!) in a ship area. The reveal is an
// event the rules hear first: the Emperor's and General Kane's immunities are replacement rules
// on `card-revealed` in their own area ("He removes from the game these cards so soon are
// revealed if the Emperor is in the same area"), read at this moment, never marks stored on
// units. So a Horror revealed where the Emperor stands leaves the game with no effect, and one
// revealed after he left (or died) acts as printed. The content is an argument; nothing here
// imports it.
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { WarmasterCard } from '../../../generated/types/warmaster/card.js';
import type { WarmasterSpecialUnit } from '../../../generated/types/warmaster/special-unit.js';
import { applyEffects, type Step } from '../core/effects/index.js';
import type { Policy } from '../core/policy.js';
import { fire, type RuleSource } from '../core/rules/index.js';
import { coreWith, type CoreState } from '../core/state.js';

/** The records a reveal reads: the cards, and the special units whose abilities may replace it. */
export interface WarmasterCardContent {
  readonly cards: { readonly [id: string]: DeepReadonly<WarmasterCard> };
  readonly units: { readonly [id: string]: DeepReadonly<WarmasterSpecialUnit> };
}

/**
 * The rules in play: every special unit's abilities (held by each unit of that record) and the
 * rules of cards that fight as units (Crew), in record order. Keys as coverage names them.
 */
export function warmasterRules(content: WarmasterCardContent): RuleSource[] {
  const out: RuleSource[] = [];
  for (const [id, unit] of Object.entries(content.units)) {
    unit.abilities.forEach((rule, i) => out.push({ key: `special-unit/${id}/${rule.id ?? `#/abilities/${i}`}`, holder: { record: id }, rule }));
  }
  for (const [id, card] of Object.entries(content.cards)) {
    (card.rules ?? []).forEach((rule, i) => out.push({ key: `card/${id}/${rule.id ?? `#/rules/${i}`}`, holder: { record: id }, rule }));
  }
  return out;
}

/**
 * Reveals `card` in `area`, played by its side: the card goes to the `revealed` zone and the
 * rules hear `card-revealed` there. When a rule replaces the reveal, the card does nothing more;
 * otherwise its effects apply at that area, as its side's rule (a Horror or Trap ends by leaving
 * play: its own `move-cards`).
 */
export function revealCard(state: CoreState, content: WarmasterCardContent, card: string, area: string, policy: Policy): Step {
  const record = content.cards[card];
  if (record === undefined) throw new Error(`Warmaster has no card ${card}; its cards are ${Object.keys(content.cards).join(', ')}.`);
  const shown: CoreState = coreWith(state, { zones: { ...state.zones, revealed: [...(state.zones.revealed ?? []), card] } });
  const heard = fire(shown, { event: 'card-revealed', location: area, side: record.side, cards: [card] }, warmasterRules(content), policy);
  if (heard.replaced) return { state: heard.state, log: heard.log };
  const applied = applyEffects(
    heard.state,
    record.effects,
    { owner: record.side, source: `card/${card} revealed in ${area}`, location: area, cards: [card] },
    policy,
  );
  return { state: applied.state, log: [...heard.log, ...applied.log], events: applied.events ?? [] };
}
