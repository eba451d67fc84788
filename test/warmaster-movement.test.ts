// Warmaster's movement phases through the game loop: area to area along the connections, up to
// three areas for the side controlling the Bridge and one for the other, one each once the Bridge
// is destroyed; control passing to the last side to arrive; never into a destroyed area or the
// Reactors; face-down pieces and Crew staying put; an enemy-held area entered stops the unit.
import { describe, expect, it } from 'vitest';
import { findUnit } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { atMovement, bridgeOf, type Placements, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
const movement = (side: 'imperial' | 'traitor', at: Placements, bridge: string | null = 'traitor', destroyed: string[] = []) =>
  atMovement(content, side, at, bridge, destroyed);

/** The areas a piece may move to now. */
function reach(state: WarmasterState, unit: string): string[] {
  return game
    .legalMoves(c, state)
    .filter((m) => m.kind === 'move' && m.unit === unit)
    .map((m) => (m as { to: string }).to)
    .sort();
}

/** Areas within `steps` of `from` along the connections (not `from`), never through or into `blocked`. */
function within(from: string, steps: number, blocked: readonly string[] = []): string[] {
  const found = new Set<string>();
  let frontier = [from];
  for (let i = 0; i < steps; i++) {
    frontier = frontier.flatMap((a) => rules.area.get(a)!.neighbours.filter((b) => b !== from && !found.has(b) && !blocked.includes(b)));
    for (const a of frontier) found.add(a);
  }
  return [...found].sort();
}

const REACTORS = rules.areas.find((a) => a.special === 'the-reactors')!.id;
const BRIDGE = rules.bridge!.area;

describe('Warmaster movement', () => {
  it('the Bridge: its controller moves units up to three areas, the other side one', () => {
    const slow = movement('imperial', { 'imperial-unit-1': 'area-34' }, 'traitor');
    expect(reach(slow, 'imperial-unit-1')).toEqual(within('area-34', 1));
    const fast = movement('imperial', { 'imperial-unit-1': 'area-34' }, 'imperial');
    expect(reach(fast, 'imperial-unit-1')).toEqual(within('area-34', 3, [REACTORS]));
    expect(within('area-34', 3).length).toBeGreaterThan(within('area-34', 1).length);
    // The Traitor, who controls it at the start, moves three.
    const traitor = movement('traitor', { angron: ['area-34', 'angron'] }, 'traitor');
    const angron = traitor.core.units.find((u) => u.record === 'angron')!.id;
    expect(reach(traitor, angron)).toEqual(within('area-34', 3, [REACTORS]));
  });

  it('the Bridge: the Traitor controls it at the start; control passes to the last side with a unit arriving', () => {
    expect(bridgeOf(c, game.setup(c, 1).state)).toBe('traitor');
    const near = rules.area.get(BRIDGE)!.neighbours[0]!;
    const s = movement('imperial', { 'imperial-unit-1': near }, 'traitor');
    const { state, events } = game.play(c, s, { kind: 'move', unit: 'imperial-unit-1', to: BRIDGE });
    expect(bridgeOf(c, state)).toBe('imperial');
    expect(events).toContainEqual(
      expect.objectContaining({
        effect: 'control-place',
        rule: 'ship-area/the-bridge/control',
        data: expect.objectContaining({ side: 'imperial', changed: true }),
      }),
    );
    // Now the Imperial units move three areas.
    expect(reach(state, 'imperial-unit-2')).toEqual([]);
    const after = movement('imperial', { 'imperial-unit-2': 'area-34' }, 'imperial');
    expect(reach(after, 'imperial-unit-2')).toHaveLength(within('area-34', 3, [REACTORS]).length);
  });

  it('the Bridge destroyed: nobody controls it, and every unit moves one area', () => {
    const s = movement('imperial', { 'imperial-unit-1': 'area-34' }, 'imperial', [BRIDGE]);
    expect(reach(s, 'imperial-unit-1')).toEqual(within('area-34', 1));
    const near = rules.area.get(BRIDGE)!.neighbours[0]!;
    const t = movement('imperial', { 'imperial-unit-1': near }, null, [BRIDGE]);
    expect(reach(t, 'imperial-unit-1')).not.toContain(BRIDGE);
    expect(reach(t, 'imperial-unit-1')).toHaveLength(rules.area.get(near)!.neighbours.length - 1);
  });

  it('no unit moves into a destroyed area or the Reactors', () => {
    const next = rules.area.get(REACTORS)!.neighbours[0]!;
    const s = movement('imperial', { 'imperial-unit-1': next }, 'imperial', ['area-34']);
    expect(reach(s, 'imperial-unit-1')).not.toContain(REACTORS);
    const t = movement('imperial', { 'imperial-unit-1': 'area-24' }, 'traitor', ['area-34']);
    expect(reach(t, 'imperial-unit-1')).not.toContain('area-34');
    expect(reach(t, 'imperial-unit-1')).toEqual(within('area-24', 1, ['area-34']));
    expect(() => game.play(c, t, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' })).toThrow(/not a legal move/);
  });

  it('face-down pieces, Crew and Crew Ambush! do not move; a unit moves once a phase; entering an enemy-held area stops it and makes a battle there', () => {
    const s = movement(
      'traitor',
      { hidden: ['area-34', null], crew: ['area-44', 'crew'], ambush: ['area-43', 'crew-ambush'], demon: ['area-24', 'demonic-hordes'] },
      'traitor',
    );
    const onShip = s.core.units.filter((u) => u.side === 'traitor' && u.location !== null);
    const hidden = onShip.find((u) => u.record === null)!;
    const crew = onShip.find((u) => u.record === 'crew')!;
    const demon = onShip.find((u) => u.record === 'demonic-hordes')!;
    expect(reach(s, hidden.id)).toEqual([]);
    expect(reach(s, crew.id)).toEqual([]);
    expect(reach(s, onShip.find((u) => u.record === 'crew-ambush')!.id)).toEqual([]);
    expect(s.core.locationRules.some((r) => r.source.startsWith('card/crew-ambush/cannot-move'))).toBe(true);
    expect(s.core.locationRules.some((r) => r.source.startsWith('card/crew/cannot-move'))).toBe(true);
    expect(reach(s, demon.id).length).toBeGreaterThan(0);
    // Once moved, a unit moves no more this phase.
    const moved = game.play(c, s, { kind: 'move', unit: demon.id, to: 'area-14' }).state;
    expect(reach(moved, demon.id)).toEqual([]);
    // An Imperial unit stops on entering an area with a Traitor piece, face down or up, and fights there.
    const i = movement('imperial', { 'imperial-unit-1': 'area-24', hidden: ['area-34', null] }, 'imperial');
    expect(reach(i, 'imperial-unit-1')).toContain('area-34');
    expect(reach(i, 'imperial-unit-1')).not.toContain('area-44');
    const entered = game.play(c, i, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' }).state;
    expect(entered.battles).toEqual(['area-34']);
    expect(findUnit(entered.core, 'imperial-unit-1')!.location).toBe('area-34');
  });
});
