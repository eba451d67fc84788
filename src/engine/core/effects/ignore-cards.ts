// ignore-cards: a static ability ("neither he nor the units with him are affected by Horror
// cards"), checked when a card is revealed, never stored as a mark on units. Applying the effect
// changes nothing: it only logs what it protects now. A game asks `cardIgnoredAt` at the moment it
// reveals a card: the card is ignored (removed from play with no effect) while a unit holding the
// ability shares its area, and only then; a holder who left, or died, protects no one.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { EffectContext } from '../context.js';
import { selectUnits } from '../filter.js';
import { entry } from '../log.js';
import { firstPolicy } from '../policy.js';
import { fightsFor, unitsInPlay, type CoreState, type UnitState } from '../state.js';
import { names, type Handler } from './common.js';

type IgnoreCards = DeepReadonly<Extract<Effect, { kind: 'ignore-cards' }>>;

export const ignoreCards: Handler<'ignore-cards'> = (state, effect, ctx) => {
  const ids = protectedUnits(state, effect, ctx);
  return {
    state,
    log: [
      entry('ignore-cards', ctx.source, `${names(state, ids)} ignore ${effect.cards.join(', ')} cards while this holds; checked when such a card is revealed.`, {
        units: ids,
        data: { cards: [...effect.cards], static: true },
      }),
    ],
  };
};

/** The units an ignore-cards ability protects now: its target at the context's location (no choice is asked). */
function protectedUnits(state: CoreState, effect: IgnoreCards, ctx: EffectContext): readonly string[] {
  const { choose: _choose, ...filter } = effect.target;
  return selectUnits(state, filter, ctx, firstPolicy).ids;
}

export interface CardIgnored {
  /** The units holding an ability that ignores the card, in the card's area. */
  readonly holders: readonly string[];
  /** The units those abilities protect there. */
  readonly protected: readonly string[];
}

/**
 * Whether a card revealed at `location` is ignored: some unit in play there holds an
 * `ignore-cards` ability naming it (`abilitiesOf` gives a unit's abilities from its record).
 * Null when no holder is there. The condition is read at the moment of the reveal.
 */
export function cardIgnoredAt(
  state: CoreState,
  card: string,
  location: string,
  abilitiesOf: (unit: UnitState) => readonly DeepReadonly<Effect>[],
): CardIgnored | null {
  const holders: string[] = [];
  const guarded = new Set<string>();
  for (const unit of unitsInPlay(state)) {
    if (unit.location !== location) continue;
    for (const effect of abilitiesOf(unit)) {
      if (effect.kind !== 'ignore-cards' || !effect.cards.includes(card)) continue;
      holders.push(unit.id);
      for (const id of protectedUnits(state, effect, { owner: fightsFor(unit), source: unit.id, location })) guarded.add(id);
    }
  }
  if (holders.length === 0) return null;
  return { holders: [...new Set(holders)], protected: state.units.filter((u) => guarded.has(u.id)).map((u) => u.id) };
}
