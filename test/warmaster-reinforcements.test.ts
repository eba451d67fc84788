// Warmaster's reinforcements phases through the game loop: the Emperor's group teleports first and
// perfectly; the other groups roll the D66 Teleportation Table (Death!, Failure!, Success!,
// Perfectly!); teleports into the Reactors or a destroyed area annihilate the units; the Traitor
// rolls a D6, draws that many pieces from the cup and teleports each on its own, face down.
import { describe, expect, it } from 'vitest';
import { rollD66 } from '../src/engine/core/dice.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { coreWith, findUnit } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import { placeAll, randomGame, testContent } from './warmaster-support.js';

/** Test content whose Emperor's group is listed last and whose set-up names no unit to go first, so the first group to teleport rolls the table. */
const rolling = testContent((r) => {
  const groups = r.phase['imperial-reinforcements'].groups;
  r.phase['imperial-reinforcements'].groups = [...groups.slice(1), groups[0]];
  delete r.scenario['standard-game'].sides[0].setup.firstUnits;
});
const c = rolling as never;
const rules = warmasterRules(c);

/** A generator whose first D66 is `roll`. */
function forced(roll: number): RandomState {
  for (let k = 0; ; k++) if (rollD66(seedRandom(k)).value === roll) return seedRandom(k);
}

/** The set-up state with its generator replaced, then Horus placed: the first group rolls `roll`. */
function firstRoll(
  roll: number,
  change: (s: WarmasterState) => WarmasterState = (s) => s,
): { state: WarmasterState; events: GameEvent[]; group: readonly string[] } {
  const setup = change(game.setup(c, 1).state);
  const random = forced(roll);
  const ready = stateWith(setup, { random, core: coreWith(setup.core, { random }) });
  const played = placeAll(rolling, ready);
  return { ...played, events: [...played.events], group: setup.waiting[0]!.pieces };
}

const teleports = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'teleport');

describe('Warmaster reinforcements', () => {
  it("the Emperor's group teleports first and perfectly: the Imperial player picks one area for the whole group, any but the Reactors", () => {
    const shipped = testContent() as never;
    const setup = game.setup(shipped, 1).state;
    const { state, events } = placeAll(shipped, setup);
    // The first group is the Emperor's; his rule carries out its teleport instead of a roll: one question, the area.
    expect(state.waiting.map((w) => w.pieces)).not.toContainEqual(setup.waiting[0]!.pieces);
    expect(state.pending!.request).toMatchObject({ kind: 'location', side: 'imperial', unit: 'the-emperor' });
    const reactors = warmasterRules(shipped).areas.find((a) => a.special === 'the-reactors')!.id;
    expect(state.pending!.request.candidates).not.toContain(reactors);
    expect(state.pending!.request.candidates).toHaveLength(warmasterRules(shipped).areas.length - 1);
    expect(teleports(events)).toEqual([]);
    const moves = game.legalMoves(shipped, state);
    const to = moves[5]! as { kind: 'choose'; ids: string[] };
    const after = game.play(shipped, state, to);
    const group = setup.waiting[0]!.pieces;
    for (const id of group) expect(findUnit(after.state.core, id)!.location).toBe(to.ids[0]);
    expect(after.events.some((e) => e.type === 'effect' && String(e.rule).startsWith('special-unit/the-emperor/perfect-teleport'))).toBe(true);
    expect(after.events.find((e) => e.type === 'arrive')).toMatchObject({ side: 'imperial', pieces: group, area: to.ids[0] });
    // No D66 for his group; the next groups roll.
    expect(teleports(after.events).every((e) => !(e.pieces as string[]).includes('the-emperor'))).toBe(true);
    expect(teleports(after.events).length).toBeGreaterThan(0);
  });

  it('Teleportation Table 11-12, Death!: the group is destroyed', () => {
    for (const roll of [11, 12]) {
      const { state, events, group } = firstRoll(roll);
      expect(teleports(events)[0]).toMatchObject({ rule: 'teleport-table/teleportation#/entries/0', roll, outcome: 'death', pieces: group });
      for (const id of group) expect(findUnit(state.core, id)!.destroyed).toBe(true);
      expect(events.some((e) => e.type === 'effect' && e.rule === 'teleport-table/teleportation#/entries/0' && e.effect === 'destroy')).toBe(true);
    }
  });

  it("Teleportation Table 13 (and 61-65 by ruling), Failure!: the group tries again in its side's next reinforcements phase", () => {
    for (const [roll, entry] of [
      [13, 1],
      [63, 4],
    ] as const) {
      const { state, events, group } = firstRoll(roll);
      expect(teleports(events)[0]).toMatchObject({ rule: `teleport-table/teleportation#/entries/${entry}`, outcome: 'delay', pieces: group });
      expect(state.waiting).toContainEqual({ side: 'imperial', pieces: group, turn: 2 });
      for (const id of group) expect(findUnit(state.core, id)!.location).toBeNull();
      // Not in the Traitor's phase: in the next Imperial reinforcements phase, turn 2.
      let s = state;
      const later: GameEvent[] = [];
      for (let i = 0; i < 400 && !(s.turn === 2 && s.phase === 'imperial-movement') && s.result === null; i++) {
        const moves = game.legalMoves(c, s);
        // The last answer: the Emperor's group arrives far from Horus (area 14), so no battle ends the game first.
        const played = game.play(c, s, moves.find((m) => m.kind === 'end-movement') ?? moves[moves.length - 1]!);
        s = played.state;
        later.push(...played.events);
      }
      const again = teleports(later).filter((e) => JSON.stringify(e.pieces) === JSON.stringify(group));
      expect(again.length).toBeGreaterThan(0);
      const phaseOf = (e: GameEvent) => [...later.slice(0, later.indexOf(e))].reverse().find((x) => x.type === 'phase')!;
      for (const e of again) expect(phaseOf(e)).toMatchObject({ phase: 'imperial-reinforcements', turn: 2 });
    }
  });

  it('Teleportation Table 14-56, Success!: the group arrives in the area of the number rolled', () => {
    for (const roll of [14, 34, 56]) {
      const { state, events, group } = firstRoll(roll);
      expect(teleports(events)[0]).toMatchObject({ rule: 'teleport-table/teleportation#/entries/2', outcome: 'area-rolled' });
      for (const id of group) expect(findUnit(state.core, id)!.location).toBe(`area-${roll}`);
    }
  });

  it('Teleportation Table 66, Perfectly!: the side picks the area, any but the Reactors', () => {
    const { state, events, group } = firstRoll(66);
    expect(teleports(events)[0]).toMatchObject({ rule: 'teleport-table/teleportation#/entries/3', outcome: 'area-chosen' });
    // The entry's effects teleport the group: its side picks one area for all of it.
    expect(state.pending!.request).toMatchObject({ kind: 'location', side: 'imperial', unit: group[0] });
    expect(state.active).toBe('imperial');
    const reactors = rules.areas.find((a) => a.special === 'the-reactors')!.id;
    expect(state.pending!.request.candidates).toEqual(rules.areas.map((a) => a.id).filter((a) => a !== reactors));
    expect(() => game.play(c, state, { kind: 'choose', ids: [reactors] })).toThrow(/not a legal move/);
    const after = game.play(c, state, { kind: 'choose', ids: ['area-25'] });
    for (const id of group) expect(findUnit(after.state.core, id)!.location).toBe('area-25');
    expect(after.events.some((e) => e.type === 'effect' && e.rule === 'teleport-table/teleportation#/entries/3' && e.effect === 'teleport')).toBe(true);
    expect(after.events.find((e) => e.type === 'arrive')).toMatchObject({ pieces: group, area: 'area-25' });
  });

  it('teleporting into the Reactors or a destroyed area annihilates the units', () => {
    const reactors = rules.areas.find((a) => a.special === 'the-reactors')!;
    const into = firstRoll(reactors.number);
    for (const id of into.group) expect(findUnit(into.state.core, id)!.destroyed).toBe(true);
    expect(into.events.some((e) => e.type === 'effect' && e.rule === 'ship-area/the-reactors/teleport-death' && e.effect === 'destroy')).toBe(true);
    // A destroyed area: annihilated too; an area not destroyed: placed.
    const ruined = firstRoll(34, (s) => stateWith(s, { core: coreWith(s.core, { destroyedPlaces: ['area-34'] }) }));
    for (const id of ruined.group) expect(findUnit(ruined.state.core, id)!.destroyed).toBe(true);
    expect(ruined.events.some((e) => e.type === 'effect' && e.rule === 'ship-area/destroyed-areas/teleport-death' && e.effect === 'destroy')).toBe(true);
    const whole = firstRoll(35, (s) => stateWith(s, { core: coreWith(s.core, { destroyedPlaces: ['area-34'] }) }));
    for (const id of whole.group) expect(findUnit(whole.state.core, id)!.destroyed).toBe(false);
  });

  it('Traitor reinforcements: a D6 gives how many pieces are drawn from the cup, each teleported on its own, face down', () => {
    let checked = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const { states, events } = randomGame(rolling, seed, 600);
      events.forEach((e, i) => {
        if (e.type !== 'draw' || e.what !== 'cup') return;
        checked++;
        expect(e.die).toBe('d6');
        const pieces = e.pieces as string[];
        expect(pieces.length).toBe(Math.min(e.roll as number, pieces.length + (e.left as number)));
        // Each piece rolls on its own, in this phase (unless the game ends first: a Trap teleported in kills the Emperor).
        const next = events.findIndex((x, j) => j > i && (x.type === 'phase' || x.type === 'end'));
        const rolls = events.slice(i + 1, next).filter((x) => x.type === 'teleport' && (x.pieces as string[]).some((p) => pieces.includes(p)));
        if (events[next]?.type === 'phase') expect(rolls.length).toBe(pieces.length);
        else expect(rolls.length).toBeLessThanOrEqual(pieces.length);
        for (const r of rolls) expect(r.pieces).toHaveLength(1);
      });
      // A drawn piece on the ship lies face down: the core holds no record for it, the state knows it.
      const last = states[Math.min(states.length - 1, 40)]!;
      for (const [id, record] of Object.entries(last.identities)) {
        expect(findUnit(last.core, id)!.record).toBeNull();
        expect(record).toBeTruthy();
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
