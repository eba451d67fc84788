// Set-up from the scenario: each side's army (the scenario's units, layers applied) waits off the
// book; the sides place their units in the scenario's order (Azuthka first), each unit on one of
// the side's set-up spreads, Capacity respected. Nothing of one side's placement is offered to or
// depends on the other's.
import type { GameEvent, PlayResult } from '../core/game.js';
import { createState, type UnitInit } from '../core/state.js';
import type { WarchonRules } from './content.js';
import type { WarchonState } from './state.js';
import { advance } from './play.js';

export function setupState(rules: WarchonRules, seed: number): PlayResult<WarchonState> {
  const units: UnitInit[] = rules.setupOrder.flatMap((side) =>
    rules.armies[side]!.map((a) => {
      const unit = rules.units[a.record]!;
      const face = unit.faces[0]!;
      return { id: a.id, record: a.record, name: unit.name, side, location: null, stats: { as: face.as, ds: face.ds, size: face.size, movement: face.movement, hits: face.hits }, traits: unit.traits };
    }),
  );
  const core = createState({ seed, sides: rules.sides, units, turn: 1, active: null });
  const state: WarchonState = {
    random: core.random,
    active: rules.setupOrder[0]!,
    turn: 1,
    result: null,
    scenario: rules.scenario,
    step: 'setup',
    core,
    unplaced: Object.fromEntries(rules.sides.map((s) => [s, rules.armies[s]!.map((a) => a.id)])),
    acted: [],
    departures: [],
    inBattle: [],
    queue: [],
    battle: null,
    eventsUsed: [],
    pending: null,
  };
  const events: GameEvent[] = [{ type: 'setup', pack: rules.pack, scenario: rules.scenario, seed, sides: [...rules.sides], first: rules.first, setupOrder: [...rules.setupOrder] }];
  return advance(rules, state, events);
}
