// The current battle: starting one, who takes part, re-rolls granted in it, and ending it.
import { expire, type Expired } from './expire.js';
import { fightsFor, unitsInPlay, type CoreState, type UnitState, coreWith, battleWith } from './state.js';

export interface NewBattle {
  readonly location: string;
  readonly attacker: string;
  readonly defender: string;
  readonly controlling?: string | null;
}

export function startBattle(state: CoreState, battle: NewBattle): CoreState {
  return coreWith(state, {
    battle: {
      location: battle.location,
      attacker: battle.attacker,
      defender: battle.defender,
      controlling: battle.controlling ?? null,
      round: 1,
      ended: false,
      resultOverride: null,
      rerolls: [],
      useOriginalNumber: false,
    },
  });
}

/** Units taking part in the current battle: in play at its location, fighting for either side. */
export function battleUnits(state: CoreState): UnitState[] {
  const battle = state.battle;
  if (battle === null) return [];
  return unitsInPlay(state).filter((u) => u.location === battle.location && (fightsFor(u) === battle.attacker || fightsFor(u) === battle.defender));
}

/** Whether a side holds an unused re-roll in the current battle. */
export function hasReroll(state: CoreState, side: string): boolean {
  return state.battle?.rerolls.some((r) => r.side === side && !r.used) ?? false;
}

/** Spends one of the side's re-rolls; unchanged when it has none. */
export function spendReroll(state: CoreState, side: string): CoreState {
  const battle = state.battle;
  if (battle === null) return state;
  const index = battle.rerolls.findIndex((r) => r.side === side && !r.used);
  if (index < 0) return state;
  return coreWith(state, { battle: battleWith(battle, { rerolls: battle.rerolls.map((r, i) => (i === index ? { ...r, used: true } : r)) }) });
}

/** Ends the battle: its battle and battle-round effects end (logged in state.log), and `battle` is null. */
export function endBattle(state: CoreState): Expired {
  const done = expire(state, 'battle');
  return { state: coreWith(done.state, { battle: null }), log: done.log };
}
