// Set-up from the scenario: each side's army (the scenario's units, layers applied, or the units a
// side buys from its points budget first, by moves: play.ts) waits off the book; the sides place their units in the scenario's order (Azuthka first), each unit on one of
// the side's set-up spreads, Capacity respected. Nothing of one side's placement is offered to or
// depends on the other's.
import type { GameEvent, PlayResult } from '../core/game.js';
import { createState, type UnitInit } from '../core/state.js';
import type { WarchonRules } from './content.js';
import { draft, type WarchonState } from './state.js';
import { advance } from './play.js';
import { armyUnit } from './army-unit.js';

export function setupState(rules: WarchonRules, seed: number): PlayResult<WarchonState> {
  const units: UnitInit[] = rules.setupOrder.flatMap((side) => rules.armies[side]!.map((a) => armyUnit(rules, side, a.id, a.record)));
  const building = rules.builds.map((b) => b.side);
  const core = createState({ seed, sides: rules.sides, units, turn: 1, active: null });
  const state: WarchonState = {
    random: core.random,
    active: building[0] ?? rules.setupOrder[0]!,
    turn: 1,
    result: null,
    scenario: rules.scenario,
    step: building.length > 0 ? 'army' : 'setup',
    core,
    unplaced: Object.fromEntries(rules.sides.map((s) => [s, rules.armies[s]!.map((a) => a.id)])),
    acted: [],
    departures: [],
    inBattle: [],
    queue: [],
    battle: null,
    eventsUsed: [],
    pending: null,
    seen: Object.fromEntries(rules.sides.map((s) => [s, []])),
    // Only where a side builds its army: other scenarios' states stay as they were.
    ...(building.length > 0 ? { army: { building } } : {}),
  };
  const events: GameEvent[] = [
    { type: 'setup', pack: rules.pack, scenario: rules.scenario, seed, sides: [...rules.sides], first: rules.first, setupOrder: [...rules.setupOrder] },
  ];
  return advance(rules, draft(state), events);
}
