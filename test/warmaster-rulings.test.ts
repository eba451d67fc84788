// Warmaster's procedural rulings (the scenario's special rules in content/warmaster/layers/rulings.yaml)
// through the game loop: groups teleporting whole, a chosen teleport never picking a destroyed area,
// any arrival taking the Bridge, and a total of 0 losing without a roll.
import { describe, expect, it } from 'vitest';
import { rollD66 } from '../src/engine/core/dice.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { coreWith, findUnit } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import type { PackContent } from '../src/content/effective.js';
import { atMovement, bridgeOf, fight, forcedD6, placeAll, testContent } from './warmaster-support.js';

/** Test content whose first group to teleport rolls the table (the Emperor's is listed last and not sent first); `change` edits it further. */
const rolling = (change: (r: any) => void = () => {}) =>
  testContent((r) => {
    const groups = r.phase['imperial-reinforcements'].groups;
    r.phase['imperial-reinforcements'].groups = [...groups.slice(1), groups[0]];
    delete r.scenario['standard-game'].sides[0].setup.firstUnits;
    change(r);
  });

/** A generator whose first D66 is `roll`. */
function forced(roll: number): RandomState {
  for (let k = 0; ; k++) if (rollD66(seedRandom(k)).value === roll) return seedRandom(k);
}

/** The first Imperial reinforcements of `content`, its first D66 `roll`, after `change` to the set-up state. */
function firstRoll(content: PackContent, roll: number, change: (s: WarmasterState) => WarmasterState = (s) => s) {
  const c = content as never;
  const setup = change(game.setup(c, 1).state);
  const random = forced(roll);
  const ready = stateWith(setup, { random, core: coreWith(setup.core, { random }) });
  const played = placeAll(content, ready);
  return { ...played, events: [...played.events] as GameEvent[], group: setup.waiting[0]!.pieces };
}

const teleports = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'teleport');
const destroying = (area: string) => (s: WarmasterState) => stateWith(s, { core: coreWith(s.core, { destroyedPlaces: [area] }) });

describe('Warmaster procedural rulings', () => {
  it('Teleporting groups: an Imperial group makes one teleport roll and arrives whole in one area; a side teleporting by unit rolls for each piece', () => {
    const { state, events, group } = firstRoll(rolling(), 34);
    expect(group.length).toBeGreaterThan(1);
    expect(teleports(events)[0]).toMatchObject({ side: 'imperial', pieces: group, roll: 34 });
    // One roll for the group: no other teleport of its pieces.
    expect(teleports(events).filter((e) => (e.pieces as string[]).some((id) => group.includes(id)))).toHaveLength(1);
    for (const id of group) expect(findUnit(state.core, id)!.location).toBe('area-34');
    // The phase's `teleportBy` is what keeps the group together: by unit, each piece rolls on its own.
    const apart = firstRoll(
      rolling((r) => {
        r.phase['imperial-reinforcements'].teleportBy = 'unit';
      }),
      34,
    );
    expect(teleports(apart.events)[0]).toMatchObject({ pieces: [apart.group[0]], roll: 34 });
    const own = teleports(apart.events).filter((e) => (e.pieces as string[]).some((id) => apart.group.includes(id)));
    expect(own.length).toBeGreaterThan(1);
    for (const e of own) expect(e.pieces).toHaveLength(1);
    expect(findUnit(apart.state.core, apart.group[0]!)!.location).toBe('area-34');
  });

  it("Perfectly! (66): a chosen teleport, and the Emperor's group's, may pick neither the Reactors nor a destroyed area", () => {
    const content = rolling();
    const c = content as never;
    const rules = warmasterRules(c);
    const reactors = rules.areas.find((a) => a.special === 'the-reactors')!.id;
    const { state } = firstRoll(content, 66, destroying('area-34'));
    expect(state.pending!.request).toMatchObject({ kind: 'location', side: 'imperial' });
    expect(state.pending!.request.candidates).toEqual(rules.areas.map((a) => a.id).filter((a) => a !== reactors && a !== 'area-34'));
    expect(() => game.play(c, state, { kind: 'choose', ids: ['area-34'] })).toThrow(/not a legal move/);
    // The Emperor's group, teleported perfectly by his rule: the same areas.
    const shipped = testContent() as never;
    const setup = destroying('area-34')(game.setup(shipped, 1).state);
    const emperor = placeAll(shipped, setup).state;
    expect(emperor.pending!.request).toMatchObject({ kind: 'location', unit: 'the-emperor' });
    expect(emperor.pending!.request.candidates).not.toContain('area-34');
    expect(emperor.pending!.request.candidates).not.toContain(reactors);
    expect(emperor.pending!.request.candidates).toHaveLength(rules.areas.length - 2);
  });

  it('Taking the Bridge: a group teleporting onto the Bridge, by the number rolled or a chosen area, gives its side control of it', () => {
    const content = rolling();
    const c = content as never;
    const rules = warmasterRules(c);
    const bridge = rules.bridge!.area;
    const number = rules.area.get(bridge)!.number;
    expect(bridgeOf(content, game.setup(c, 1).state)).toBe('traitor');
    const rolled = firstRoll(content, number);
    for (const id of rolled.group) expect(findUnit(rolled.state.core, id)!.location).toBe(bridge);
    expect(bridgeOf(content, rolled.state)).toBe('imperial');
    const taken = expect.objectContaining({
      effect: 'control-place',
      rule: 'ship-area/the-bridge/control',
      data: { place: bridge, side: 'imperial', changed: true },
    });
    expect(rolled.events).toContainEqual(taken);
    const chosen = firstRoll(content, 66);
    expect(bridgeOf(content, chosen.state)).toBe('traitor');
    const after = game.play(c, chosen.state, { kind: 'choose', ids: [bridge] });
    expect(bridgeOf(content, after.state)).toBe('imperial');
    expect(after.events).toContainEqual(taken);
    // Anywhere else, the Traitor keeps it.
    expect(bridgeOf(content, firstRoll(content, 34).state)).toBe('traitor');
  });

  it('No attack, no defence: a defence total of 0 is Defender annihilated and an attack of 0 Attacker annihilated, with no die rolled', () => {
    // Every piece of the shipped pack has values: a Crew Ambush! made to defend with 0 brings nothing.
    const bare = testContent((r) => {
      r.card['crew-ambush'].defence = 0;
    });
    const { state, events } = fight(bare, ['imperial-unit-1'], { a: ['area-34', 'crew-ambush'] }, forcedD6(1));
    const results = events.filter((e) => e.type === 'result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ area: 'area-34', attack: 5, defence: 0, result: 'DA', roll: null, reroll: false });
    expect(state.core.units.filter((u) => u.side === 'traitor' && !u.destroyed && u.location === 'area-34')).toEqual([]);
    expect(findUnit(state.core, 'imperial-unit-1')!.destroyed).toBe(false);
    // An attack of 0 (against any defence, 0 too) is AA.
    const unarmed = testContent((r) => {
      r.card['crew-ambush'].defence = 0;
      r.unit['imperial-unit'].attack = 0;
    });
    const lost = fight(unarmed, ['imperial-unit-1'], { a: ['area-34', 'crew-ambush'] }, forcedD6(1));
    expect(lost.events.filter((e) => e.type === 'result')).toEqual([expect.objectContaining({ attack: 0, defence: 0, result: 'AA', roll: null })]);
    expect(findUnit(lost.state.core, 'imperial-unit-1')!.destroyed).toBe(true);
    // With values on both sides (the shipped Crew Ambush!, 3 doubled), the table is rolled.
    const rolled = fight(testContent(), ['imperial-unit-1'], { a: ['area-34', 'crew-ambush'] }, forcedD6(1)).events.find((e) => e.type === 'result');
    expect(rolled).toMatchObject({ attack: 5, defence: 6, roll: 1 });
  });

  it('Re-roll order: with a re-roll on each side, the attacker decides first, then the defender, who sees the roll the attacker left', () => {
    // In the pack every Imperial re-roller cancels the Traitor's re-rolls; here Magnus keeps his beside the Emperor.
    const both = testContent((r) => {
      r['special-unit']['magnus-the-red-one'].abilities[0].do[0].cancelledBy = [];
    });
    const { events, asked } = fight(
      both,
      ['the-emperor', 'imperial-unit-1'],
      { a: ['area-34', 'magnus-the-red-one'] },
      forcedD6(3),
      (m) => m.find((x) => x.kind === 'reroll' && x.use) ?? m[0]!,
    );
    expect(asked.filter((s) => s.stage === 'reroll').map((s) => s.active)).toEqual(['imperial', 'traitor']);
    const rolls = events.filter((e) => e.type === 'result' || (e.type === 'effect' && e.effect === 'reroll'));
    expect(rolls.map((e) => (e.type === 'result' ? `result reroll=${e.reroll}` : `reroll ${e.side}`))).toEqual([
      'result reroll=false',
      'reroll imperial',
      'result reroll=true',
      'reroll traitor',
      'result reroll=true',
    ]);
    // The defender's re-roll answers the result the attacker's left.
    expect(rolls[3]).toMatchObject({ result: rolls[2]!.result });
  });

  it('Battles: every piece of both sides in the area takes part, and a phase fights its battles in its battleOrder, lowest area number first (highest first, or as made, when the data says so)', () => {
    /** Two battles in one Imperial battle phase, area 34 entered before area 25: the areas fought in order, and the first round's totals. */
    const fought = (content: PackContent) => {
      const c = content as never;
      let s = atMovement(
        content,
        'imperial',
        {
          'imperial-unit-1': 'area-24',
          'imperial-unit-2': 'area-24',
          'imperial-unit-3': 'area-35',
          a: ['area-34', 'crew'],
          b: ['area-34', 'crew'],
          d: ['area-25', 'crew'],
        },
        'traitor',
      );
      const events: GameEvent[] = [];
      for (const [unit, to] of [
        ['imperial-unit-1', 'area-34'],
        ['imperial-unit-2', 'area-34'],
        ['imperial-unit-3', 'area-25'],
      ] as const) {
        const moved = game.play(c, s, { kind: 'move', unit, to });
        s = moved.state;
        events.push(...moved.events);
      }
      let played = game.play(c, s, { kind: 'end-movement' });
      events.push(...played.events);
      while (played.state.phase === 'imperial-battle' && played.state.result === null) {
        played = game.play(c, played.state, game.legalMoves(c, played.state)[0]!);
        events.push(...played.events);
      }
      const first = (area: string) => events.find((e) => e.type === 'result' && e.area === area);
      return { order: events.filter((e) => e.type === 'battle').map((e) => e.area), first };
    };
    const ruled = fought(testContent());
    expect(ruled.order).toEqual(['area-25', 'area-34']);
    // Every piece there adds its value: one Space Marine against one Crew, two against two.
    expect(ruled.first('area-25')).toMatchObject({ attack: 5, defence: 3 });
    expect(ruled.first('area-34')).toMatchObject({ attack: 10, defence: 6 });
    // The order is the phase's data: highest area first, or in the order the battles were made.
    const order = (value: string) =>
      fought(
        testContent((r) => {
          r.phase['imperial-battle'].battleOrder = value;
        }),
      ).order;
    expect(order('place-number-descending')).toEqual(['area-34', 'area-25']);
    expect(order('arrival')).toEqual(['area-34', 'area-25']);
  });
});
