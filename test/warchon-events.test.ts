// Warchon's events, spread rules, results and army rules, each played through the game loop
// (`warchonGame.play`) from a position set up for it. Fingers are moves, so the test chooses the
// number: the finger pair for a number is read from the spread's own RNG table. A number an event
// generates (Generate a number...) is shown by fingers too, the attacker's then the defender's,
// read on the spread's RNG: the tests show the pairs of the printed matrix and check the logged roll.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { bot } from '../src/engine/core/bots.js';
import { boost, playMoves, position } from './warchon-support.js';
import { seedRandom } from '../src/engine/core/random.js';
import { findUnit, fightsFor, unitsInPlay } from '../src/engine/core/state.js';
import { effectiveStat } from '../src/engine/core/stats.js';
import { warchonGame as game, warchonRules, WarchonContentError, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const base = loadContent([PACK]).packs.get('warchon') as PackContent;

type Records = { [kind: string]: { [id: string]: Record<string, unknown> } };

/** A hand-made copy of the content with some records changed (a trait, a stat, an army). */
function variant(change: (records: Records) => void): PackContent {
  const records = structuredClone(base.records) as unknown as Records;
  change(records);
  return { ...base, records: records as unknown as PackContent['records'] };
}

/** A unit record's new fields (the rest as printed). */
const withUnit = (id: string, fields: Record<string, unknown>) => (r: Records) => {
  r.unit![id] = { ...r.unit![id]!, ...fields };
};

/** One more unit in the Azuthka army of the demo. */
const inAzuthkaArmy = (unit: string) => (r: Records) => {
  const demo = r.scenario!.demo as { sides: { army: { units: { unit: string; count: number }[] } }[] };
  demo.sides[0]!.army.units.push({ unit, count: 1 });
};

const play = playMoves;

/** Plays the first legal move until the turn passes (the battles of this turn over). */
function finishTurn(content: PackContent, state: WarchonState): { state: WarchonState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  const turn = s.turn;
  while (s.turn === turn && s.result === null) {
    const r = game.play(content, s, game.legalMoves(content, s)[0]!);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

const END: WarchonMove = { kind: 'end-movement' };

/** The two fingers moves (attacker, then defender) that give `number` on the spread's RNG; `event` says whether the cell must (or must not) call an event. */
function fingersFor(content: PackContent, spread: string, number: number | null, event?: boolean): WarchonMove[] {
  const t = warchonRules(content).tables.spreads.get(spread)!;
  for (let d = 1; d <= 5; d++) {
    for (let a = 1; a <= 5; a++) {
      const c = t.rng[d - 1]![a - 1]!.value;
      if (c && (number === null || c.number === number) && (event === undefined || c.event === event))
        return [
          { kind: 'fingers', n: a },
          { kind: 'fingers', n: d },
        ];
    }
  }
  throw new Error(`No fingers give ${number}${event ? 'E' : ''} at ${spread}.`);
}

/** The fingers that call the spread's Events Table, then those that pick entry `entry`. */
const toEvent = (content: PackContent, spread: string, entry: number): WarchonMove[] => [
  ...fingersFor(content, spread, null, true),
  ...fingersFor(content, spread, entry),
];

/** Fingers for a number an event generates: the attacker's (top row), then the defender's (left column). */
const shows = (attacker: number, defender: number): WarchonMove[] => [
  { kind: 'fingers', n: attacker },
  { kind: 'fingers', n: defender },
];

const unit = (s: WarchonState, id: string) => findUnit(s.core, id)!;
const result = (events: readonly GameEvent[]) => events.find((e) => e.type === 'result');
const eventEntry = (events: readonly GameEvent[]) => events.find((e) => e.type === 'effect' && e.effect === 'event');
const rolled = (events: readonly GameEvent[]) => events.find((e) => e.type === 'effect' && e.effect === 'roll');
const dests = (content: PackContent, s: WarchonState, id: string) =>
  game.legalMoves(content, s).flatMap((m) => (m.kind === 'move' && m.unit === id ? [m.to] : []));
const here = (s: WarchonState, spread: string) =>
  unitsInPlay(s.core)
    .filter((u) => u.location === spread)
    .map((u) => u.id);

describe('Warchon spread rules through the game loop', () => {
  it('Irondale: every Construct unit gains +1 CS there, and loses it on leaving', () => {
    // No demo unit is a Construct: the Ogres are given the descriptor in a copy of the content.
    const content = variant(withUnit('deathknoll-ogres', { descriptors: ['ogre', 'brutes', 'construct'] }));
    const start = position(content, 'azuthka', {
      'deathknoll-ogres': 'irondale',
      'baphite-swarm-1': 'irondale',
      'celestine-crusaders': 'irondale',
      'celestine-paladins': 'erdon-pass',
    });
    expect(effectiveStat(unit(start, 'deathknoll-ogres'), 'as')).toBe(5);
    expect(effectiveStat(unit(start, 'deathknoll-ogres'), 'ds')).toBe(5);
    expect(effectiveStat(unit(start, 'baphite-swarm-1'), 'as')).toBe(2);
    const { events } = play(content, start, END, ...fingersFor(content, 'irondale', 2));
    expect(result(events)).toMatchObject({ spread: 'irondale', as: 7, ds: 3 });
    // The printed content: no Construct, no bonus.
    const plain = play(
      base,
      position(base, 'azuthka', { 'deathknoll-ogres': 'irondale', 'baphite-swarm-1': 'irondale', 'celestine-crusaders': 'irondale' }),
      END,
      ...fingersFor(base, 'irondale', 2),
    );
    expect(result(plain.events)).toMatchObject({ as: 6, ds: 3 });
    // Away from Irondale the Construct has its printed CS.
    const away = play(content, start, { kind: 'move', unit: 'deathknoll-ogres', to: 'mount-tzask' }).state;
    expect(effectiveStat(unit(away, 'deathknoll-ogres'), 'as')).toBe(4);
  });

  it('Kier-Zhadd: units of Size 3 or higher gain +1 CS there', () => {
    // The Ogres (Size 3) attack the Crusaders (Size 2): AS 4 + 1 against DS 3.
    const start = position(base, 'azuthka', { 'deathknoll-ogres': 'kier-zhadd', 'celestine-crusaders': 'kier-zhadd' });
    expect(effectiveStat(unit(start, 'celestine-crusaders'), 'ds')).toBe(3);
    const { events } = play(base, start, END, ...fingersFor(base, 'kier-zhadd', 2));
    expect(result(events)).toMatchObject({ spread: 'kier-zhadd', as: 5, ds: 3 });
    // Defending there, the Ogres' DS is 4 + 1.
    const defending = play(
      base,
      position(base, 'celestine', { 'deathknoll-ogres': 'kier-zhadd', 'celestine-crusaders': 'kier-zhadd' }),
      END,
      ...fingersFor(base, 'kier-zhadd', 2),
    );
    expect(result(defending.events)).toMatchObject({ as: 3, ds: 5 });
  });

  it('Xetti Bishum: Goblin Assassins gain +1 CS while there', () => {
    // No demo army has Goblin Assassins: a copy of the content gives them stats and puts them in the Azuthka army.
    const content = variant((r) => {
      withUnit('goblin-assassins', { side: 'azuthka', descriptors: [], traits: [], points: 2, faces: [{ hits: 1, size: 1, movement: 2, as: 2, ds: 1 }] })(r);
      inAzuthkaArmy('goblin-assassins')(r);
    });
    const start = position(content, 'azuthka', {
      'goblin-assassins': 'xetti-bishum',
      'baphite-swarm-1': 'xetti-bishum',
      'celestine-crusaders': 'xetti-bishum',
    });
    expect(effectiveStat(unit(start, 'goblin-assassins'), 'as')).toBe(3);
    expect(effectiveStat(unit(start, 'baphite-swarm-1'), 'as')).toBe(2);
    const { events } = play(content, start, END, ...fingersFor(content, 'xetti-bishum', 3, false));
    expect(result(events)).toMatchObject({ spread: 'xetti-bishum', as: 5, ds: 3 });
    const elsewhere = position(content, 'azuthka', { 'goblin-assassins': 'mount-tzask', 'celestine-crusaders': 'irondale' });
    expect(effectiveStat(unit(elsewhere, 'goblin-assassins'), 'as')).toBe(2);
  });

  it('Akibatu: units in battle there always remain Engaged: none may leave, reinforcements may enter', () => {
    const start = position(base, 'azuthka', {
      'baphite-swarm-1': 'akibatu',
      'baphite-swarm-2': 'kier-zhadd',
      'celestine-war-angels': 'akibatu',
      'celestine-paladins': 'erdon-pass',
    });
    expect(dests(base, start, 'baphite-swarm-1')).toEqual([]);
    expect(dests(base, start, 'baphite-swarm-2')).toContain('akibatu');
    const moved = play(base, start, { kind: 'move', unit: 'baphite-swarm-2', to: 'akibatu' }).state;
    expect(dests(base, moved, 'baphite-swarm-2')).toEqual([]);
    // The printed result applies (ruling akibatu-always-engaged): AS 4 against DS 4, number 2, D1.
    const { state, events } = play(base, moved, END, ...fingersFor(base, 'akibatu', 2));
    expect(result(events)).toMatchObject({ spread: 'akibatu', as: 4, ds: 4, result: 'D1' });
    const next = play(base, state, { kind: 'assign', unit: 'celestine-war-angels' }).state;
    expect(next.active).toBe('celestine');
    expect(unit(next, 'celestine-war-angels').hits).toBe(1);
    // Next turn the War Angels, still in battle at Akibatu, may not leave; the Paladins may come in.
    expect(dests(base, next, 'celestine-war-angels')).toEqual([]);
    expect(dests(base, next, 'celestine-paladins')).toContain('akibatu');
    // Without a battle there, units leave Akibatu freely.
    const calm = position(base, 'azuthka', { 'baphite-swarm-1': 'akibatu', 'celestine-crusaders': 'erdon-pass' });
    expect(dests(base, calm, 'baphite-swarm-1').length).toBeGreaterThan(0);
  });

  it('Baphite Swarm: -1 CS in Frigid locations', () => {
    // No demo spread is Frigid: a copy of the content makes the Mountain terrain (Kier-Zhadd, Mount Tzask) Frigid.
    const content = variant((r) => {
      r.terrain!.mountain = { ...r.terrain!.mountain!, traits: ['frigid'] };
    });
    const start = position(content, 'azuthka', { 'baphite-swarm-1': 'kier-zhadd', 'baphite-swarm-2': 'kier-zhadd', 'celestine-crusaders': 'kier-zhadd' });
    expect(effectiveStat(unit(start, 'baphite-swarm-1'), 'as')).toBe(1);
    expect(effectiveStat(unit(start, 'baphite-swarm-1'), 'ds')).toBe(1);
    const { events } = play(content, start, END, ...fingersFor(content, 'kier-zhadd', 2));
    expect(result(events)).toMatchObject({ spread: 'kier-zhadd', as: 2, ds: 3 });
    // Outside a Frigid spread, and on the printed (not Frigid) Kier-Zhadd, the Swarm has its printed CS.
    expect(
      effectiveStat(unit(position(content, 'azuthka', { 'baphite-swarm-1': 'irondale', 'celestine-crusaders': 'erdon-pass' }), 'baphite-swarm-1'), 'as'),
    ).toBe(2);
    expect(
      effectiveStat(unit(position(base, 'azuthka', { 'baphite-swarm-1': 'kier-zhadd', 'celestine-crusaders': 'erdon-pass' }), 'baphite-swarm-1'), 'as'),
    ).toBe(2);
  });
});

describe('Warchon Random Events through the game loop', () => {
  it('Erdon Pass Event 1, Inspired Charge: an attacking army with a Tactics unit gains +2 AS this turn', () => {
    // No demo unit has Tactics: a copy of the content makes the Baphite Swarm tacticians.
    const content = variant(withUnit('baphite-swarm', { descriptors: ['demon', 'tactics'] }));
    const at = { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'erdon-pass', 'celestine-paladins': 'kier-zhadd' };
    const ev = play(content, position(content, 'azuthka', at), END, ...toEvent(content, 'erdon-pass', 1));
    expect(eventEntry(ev.events)).toMatchObject({ rule: 'spread/erdon-pass#/events/entries/0' });
    expect(effectiveStat(unit(ev.state, 'baphite-swarm-1'), 'as')).toBe(4);
    const fought = play(content, ev.state, ...fingersFor(content, 'erdon-pass', 2));
    expect(result(fought.events)).toMatchObject({ as: 8, ds: 3, column: '+5' });
    // This turn only: the bonus is gone when the turn is over.
    const after = finishTurn(content, fought.state).state;
    expect(after.turn).toBe(2);
    expect(effectiveStat(unit(after, 'baphite-swarm-1'), 'as')).toBe(2);
    // Without a Tactics unit (the printed army) nothing happens.
    const plain = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'erdon-pass', 1));
    expect(plain.events.some((e) => e.type === 'effect' && String(e.text).includes('condition does not hold'))).toBe(true);
    expect(result(play(base, plain.state, ...fingersFor(base, 'erdon-pass', 2)).events)).toMatchObject({ as: 4, ds: 3 });
  });

  it('Erdon Pass Event 5, Torrential Rain: combat ends at once, with no combat result', () => {
    const start = position(base, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' });
    const { state, events } = play(base, start, END, ...toEvent(base, 'erdon-pass', 5));
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/erdon-pass#/events/entries/4' });
    expect(result(events)).toBeUndefined();
    expect(state.battle).toBeNull();
    expect(state.turn).toBe(2);
    expect(here(state, 'erdon-pass')).toEqual(['baphite-swarm-1', 'celestine-crusaders']);
  });

  it("Dracosroar Event 1, Ramping Water Elemental: a number from both players' fingers on the spread's RNG; 1-2 it joins the attacker, 3-4 the defender, 5 all armies at halved CS, this turn", () => {
    const at = {
      'baphite-swarm-1': 'dracosroar',
      'baphite-swarm-2': 'dracosroar',
      'celestine-crusaders': 'dracosroar',
      'celestine-paladins': 'dracosroar',
      'deathknoll-ogres': 'kier-zhadd',
      'celestine-war-angels': 'erdon-pass',
    };
    const elemental = (s: WarchonState) => unitsInPlay(s.core).find((u) => u.record === 'ramping-water-elemental');
    // Dracosroar's printed RNG, row 1 (defender shows 1): 3 4 5 1 2E; the attacker's fingers pick the column.
    for (const [attacker, roll, side, as, ds] of [
      [4, 1, 'azuthka', 8, 6],
      [1, 3, 'celestine', 4, 10],
      [3, 5, null, 2, 2],
    ] as const) {
      const asked = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'dracosroar', 1)).state;
      // The event asks the attacker's fingers, then the defender's, as fingers moves.
      expect(asked.pending?.request).toMatchObject({ kind: 'number', side: 'azuthka', after: [] });
      expect(game.legalMoves(base, asked)).toEqual([1, 2, 3, 4, 5].map((n) => ({ kind: 'fingers', n })));
      const second = play(base, asked, { kind: 'fingers', n: attacker }).state;
      expect(second.pending?.request).toMatchObject({ kind: 'number', side: 'celestine', after: ['azuthka'] });
      const ev = play(base, second, { kind: 'fingers', n: 1 });
      expect(eventEntry(ev.events)).toMatchObject({ rule: 'spread/dracosroar#/events/entries/0' });
      expect(rolled(ev.events)).toMatchObject({ data: { die: 'rng', value: roll, generated: { spread: 'dracosroar', attacker, defender: 1, number: roll } } });
      const water = elemental(ev.state);
      if (side === null) expect(water).toBeUndefined();
      else {
        expect(water).toMatchObject({ side, location: 'dracosroar', hits: 2 });
        expect(water!.traits).toContain('aquatic');
        expect([effectiveStat(water!, 'as'), effectiveStat(water!, 'ds')]).toEqual([4, 4]);
      }
      const fought = play(base, ev.state, ...fingersFor(base, 'dracosroar', 3));
      expect(result(fought.events)).toMatchObject({ as, ds });
      // This turn only: the Elemental leaves and CS is whole again once the turn is over.
      const after = finishTurn(base, fought.state).state;
      expect(after.turn).toBe(2);
      expect(elemental(after)).toBeUndefined();
      for (const u of unitsInPlay(after.core))
        if (u.location === 'dracosroar') expect([effectiveStat(u, 'as'), effectiveStat(u, 'ds')]).toEqual([u.stats.as, u.stats.ds]);
    }
    // The number is the fingers', not the generator's: another seed, the same fingers, the same number.
    for (const seed of [1, 2, 3]) {
      const ev = play(base, position(base, 'azuthka', at, { seed }), END, ...toEvent(base, 'dracosroar', 1), ...shows(4, 1));
      expect(rolled(ev.events)).toMatchObject({ data: { value: 1 } });
    }
  });

  it('Dracosroar Event 2, Accidental Fall: each army picks one opposing unit without Aerial or Aquatic, and it is destroyed', () => {
    const start = position(base, 'azuthka', {
      'baphite-swarm-1': 'dracosroar',
      'baphite-swarm-2': 'dracosroar',
      'celestine-war-angels': 'dracosroar',
      'celestine-crusaders': 'dracosroar',
      'celestine-paladins': 'dracosroar',
    });
    const asked = play(base, start, END, ...toEvent(base, 'dracosroar', 2)).state;
    // Azuthka picks among the Celestine units that are neither Aerial nor Aquatic: not the War Angels.
    expect(asked.pending?.request).toMatchObject({ kind: 'units', side: 'azuthka', candidates: ['celestine-crusaders', 'celestine-paladins'], count: 1 });
    const second = play(base, asked, { kind: 'choose', ids: ['celestine-paladins'] }).state;
    expect(second.pending?.request).toMatchObject({ side: 'celestine', candidates: ['baphite-swarm-1', 'baphite-swarm-2'] });
    const done = play(base, second, { kind: 'choose', ids: ['baphite-swarm-2'] }).state;
    expect(unit(done, 'celestine-paladins').destroyed).toBe(true);
    expect(unit(done, 'baphite-swarm-2').destroyed).toBe(true);
    expect(here(done, 'dracosroar')).toEqual(['baphite-swarm-1', 'celestine-war-angels', 'celestine-crusaders']);
    expect(done.battle?.stage).toBe('fingers');
  });

  it("Dracosroar Event 5, River's Fury: a random unit of each Battle Army takes 1 Hit", () => {
    const start = position(
      base,
      'azuthka',
      { 'baphite-swarm-1': 'dracosroar', 'deathknoll-ogres': 'dracosroar', 'celestine-war-angels': 'dracosroar', 'celestine-crusaders': 'dracosroar' },
      { seed: 3 },
    );
    const { state, events } = play(base, start, END, ...toEvent(base, 'dracosroar', 5));
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/dracosroar#/events/entries/4' });
    const lost = (side: string) =>
      state.core.units
        .filter((u) => u.side === side && u.id in { 'baphite-swarm-1': 1, 'deathknoll-ogres': 1, 'celestine-war-angels': 1, 'celestine-crusaders': 1 })
        .reduce((n, u) => n + (u.maxHits - u.hits), 0);
    expect([lost('azuthka'), lost('celestine')]).toEqual([1, 1]);
    const hits = events.filter((e) => e.type === 'effect' && e.effect === 'damage');
    expect(hits.map((e) => (e.data as { choice?: { by?: string } }).choice?.by)).toEqual(['random', 'random']);
    expect(state.pending).toBeNull();
  });

  it('Dracosroar Event 3, Magic Bridge: lifts an attack restriction Dracosroar never has (ruling), so nothing changes and combat resumes with a new number', () => {
    const at = { 'baphite-swarm-1': 'dracosroar', 'deathknoll-ogres': 'dracosroar', 'celestine-war-angels': 'dracosroar', 'celestine-crusaders': 'dracosroar' };
    const start = position(base, 'azuthka', at);
    const { state, events } = play(base, start, END, ...toEvent(base, 'dracosroar', 3));
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/dracosroar#/events/entries/2', data: { entry: 3, name: 'Magic Bridge' } });
    // Nothing is destroyed, damaged or changed: the units are as before, at full Hits, stats unmodified.
    expect(here(state, 'dracosroar')).toEqual(Object.keys(at));
    for (const id of Object.keys(at)) {
      expect(unit(state, id)).toMatchObject({ hits: unit(start, id).hits, stats: unit(start, id).stats });
      expect(effectiveStat(unit(state, id), 'as')).toBe(effectiveStat(unit(start, id), 'as'));
    }
    // No result yet: the attacker is asked for fingers again, for a new number that ignores E.
    expect(result(events)).toBeUndefined();
    expect(state.battle).toMatchObject({ spread: 'dracosroar', stage: 'fingers', ignoreEvents: true, attackerFingers: null });
    expect(state.active).toBe('azuthka');
    const again = play(base, state, ...fingersFor(base, 'dracosroar', null, true));
    // The new number comes from an E cell yet calls no event: it gives the result at once.
    expect(again.events.some((e) => e.type === 'event-called')).toBe(false);
    expect(result(again.events)).toMatchObject({ spread: 'dracosroar', override: false });
  });

  it('Mount Tzask Event 1, Volcanic Eruption: every unit there but Brimstone Dragons is destroyed, and combat ends', () => {
    // No demo army has Brimstone Dragons: a copy of the content gives them stats and an Azuthka playmark.
    const content = variant((r) => {
      withUnit('brimstone-dragons', {
        side: 'azuthka',
        descriptors: [],
        traits: [],
        points: 5,
        playmarks: 1,
        faces: [{ hits: 2, size: 3, movement: 3, as: 5, ds: 5 }],
      })(r);
      inAzuthkaArmy('brimstone-dragons')(r);
    });
    const start = position(content, 'azuthka', {
      'brimstone-dragons': 'mount-tzask',
      'baphite-swarm-1': 'mount-tzask',
      'baphite-swarm-2': 'kier-zhadd',
      'celestine-crusaders': 'mount-tzask',
      'celestine-paladins': 'erdon-pass',
    });
    const { state, events } = play(content, start, END, ...toEvent(content, 'mount-tzask', 1));
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/mount-tzask#/events/entries/0' });
    expect(here(state, 'mount-tzask')).toEqual(['brimstone-dragons']);
    expect(unit(state, 'baphite-swarm-1').destroyed).toBe(true);
    expect(unit(state, 'celestine-crusaders').destroyed).toBe(true);
    expect(result(events)).toBeUndefined();
    expect(state.battle).toBeNull();
    expect(state.turn).toBe(2);
  });

  it("Mount Tzask Event 2, Magma Flow: units of Movement 2 or less are destroyed, the others retreat one spread by their owner's choice, combat ends", () => {
    const start = position(base, 'azuthka', {
      'baphite-swarm-1': 'mount-tzask',
      'deathknoll-ogres': 'mount-tzask',
      'baphite-swarm-2': 'kier-zhadd',
      'celestine-war-angels': 'mount-tzask',
      'celestine-crusaders': 'mount-tzask',
      'celestine-paladins': 'erdon-pass',
    });
    const asked = play(base, start, END, ...toEvent(base, 'mount-tzask', 2));
    // The Swarm (Movement 3) retreats one spread, where its owner chooses.
    expect(asked.state.pending?.request).toMatchObject({ kind: 'location', side: 'azuthka', unit: 'baphite-swarm-1' });
    expect([...asked.state.pending!.request.candidates].sort()).toEqual(['akibatu', 'irondale', 'xetti-bishum']);
    const second = play(base, asked.state, { kind: 'choose', ids: ['xetti-bishum'] }).state;
    expect(second.pending?.request).toMatchObject({ kind: 'location', side: 'celestine', unit: 'celestine-war-angels' });
    const { state, events } = play(base, second, { kind: 'choose', ids: ['irondale'] });
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/mount-tzask#/events/entries/1' });
    expect(unit(state, 'deathknoll-ogres').destroyed).toBe(true);
    expect(unit(state, 'celestine-crusaders').destroyed).toBe(true);
    expect(unit(state, 'baphite-swarm-1').location).toBe('xetti-bishum');
    expect(unit(state, 'celestine-war-angels').location).toBe('irondale');
    expect(here(state, 'mount-tzask')).toEqual([]);
    expect(result(events)).toBeUndefined();
    expect(state.battle).toBeNull();
    expect(state.turn).toBe(2);
  });

  it('Mount Tzask Events 3 and 4, Earthquake and Lava Burst: units without (with) Aerial take 1 Hit and have CS 1 this turn', () => {
    const at = {
      'deathknoll-ogres': 'mount-tzask',
      'baphite-swarm-1': 'mount-tzask',
      'celestine-war-angels': 'mount-tzask',
      'celestine-crusaders': 'mount-tzask',
    };
    // Earthquake: the Ogres (2 Hits) keep 1 and fight at CS 1; the Swarm and the Crusaders (1 Hit) are destroyed; the Angels are untouched.
    const quake = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'mount-tzask', 3));
    expect(eventEntry(quake.events)).toMatchObject({ rule: 'spread/mount-tzask#/events/entries/2' });
    expect(here(quake.state, 'mount-tzask')).toEqual(['deathknoll-ogres', 'celestine-war-angels']);
    const ogres = unit(quake.state, 'deathknoll-ogres');
    expect([ogres.hits, effectiveStat(ogres, 'as'), effectiveStat(ogres, 'ds')]).toEqual([1, 1, 1]);
    expect(unit(quake.state, 'celestine-war-angels').hits).toBe(2);
    const fought = play(base, quake.state, ...fingersFor(base, 'mount-tzask', 3));
    expect(result(fought.events)).toMatchObject({ as: 1, ds: 4 });
    // Lava Burst: only the Aerial War Angels take the Hit and fight at CS 1.
    const lava = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'mount-tzask', 4));
    expect(eventEntry(lava.events)).toMatchObject({ rule: 'spread/mount-tzask#/events/entries/3' });
    expect(here(lava.state, 'mount-tzask')).toEqual(['baphite-swarm-1', 'deathknoll-ogres', 'celestine-war-angels', 'celestine-crusaders']);
    const angels = unit(lava.state, 'celestine-war-angels');
    expect([angels.hits, effectiveStat(angels, 'as'), effectiveStat(angels, 'ds')]).toEqual([1, 1, 1]);
    const burnt = play(base, lava.state, ...fingersFor(base, 'mount-tzask', 3));
    expect(result(burnt.events)).toMatchObject({ as: 6, ds: 4 });
    // This turn only: after the turn, the Angels show their hurt face's CS again.
    const after = finishTurn(base, burnt.state).state;
    const later = findUnit(after.core, 'celestine-war-angels')!;
    if (!later.destroyed) expect(effectiveStat(later, 'as')).toBe(later.stats.as);
  });

  it('Mount Tzask Event 5, None: the number that called the event gives the combat result', () => {
    const start = position(base, 'azuthka', { 'baphite-swarm-1': 'mount-tzask', 'baphite-swarm-2': 'mount-tzask', 'celestine-crusaders': 'mount-tzask' });
    const call = fingersFor(base, 'mount-tzask', null, true);
    const called = play(base, start, END, ...call);
    const original = called.events.find((e) => e.type === 'fingers')!.number as number;
    const { state, events } = play(base, called.state, ...fingersFor(base, 'mount-tzask', 5));
    expect(eventEntry(events)).toMatchObject({ rule: 'spread/mount-tzask#/events/entries/4' });
    // No new fingers: the result is looked up at once with the original number.
    expect(events.filter((e) => e.type === 'fingers')).toHaveLength(1);
    expect(result(events)).toMatchObject({ spread: 'mount-tzask', number: original, as: 4, ds: 3 });
    expect(state.battle === null || state.battle.stage === 'assign').toBe(true);
  });

  it("Xetti Bishum Event 1, Assassination: a number from both players' fingers on the spread's RNG; 1-2 the attacker loses a unit of its choice, 3-4 the defender, 5 nothing", () => {
    const at = {
      'baphite-swarm-1': 'xetti-bishum',
      'deathknoll-ogres': 'xetti-bishum',
      'celestine-crusaders': 'xetti-bishum',
      'celestine-paladins': 'xetti-bishum',
    };
    // Xetti Bishum's printed RNG, row 1 (defender shows 1): 4E 5 1 2 3. The 4E calls no event: the
    // event under way is the spread's one this turn.
    for (const [attacker, roll, side, candidates] of [
      [4, 2, 'azuthka', ['baphite-swarm-1', 'deathknoll-ogres']],
      [1, 4, 'celestine', ['celestine-crusaders', 'celestine-paladins']],
      [2, 5, null, []],
    ] as const) {
      const ev = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'xetti-bishum', 1), ...shows(attacker, 1));
      if (side === null) {
        expect(eventEntry(ev.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/0' });
        expect(rolled(ev.events)).toMatchObject({
          data: { die: 'rng', value: roll, generated: { spread: 'xetti-bishum', attacker, defender: 1, number: roll } },
        });
        expect(ev.state.pending).toBeNull();
        expect(here(ev.state, 'xetti-bishum')).toHaveLength(4);
        continue;
      }
      expect(ev.state.pending?.request).toMatchObject({ kind: 'units', side, candidates, count: 1 });
      const chosen = play(base, ev.state, { kind: 'choose', ids: [candidates[1]] });
      // The event's entries are logged once its choices are made (the effects re-run with the answers).
      expect(eventEntry(chosen.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/0' });
      expect(rolled(chosen.events)).toMatchObject({ data: { die: 'rng', value: roll, generated: { spread: 'xetti-bishum', attacker, defender: 1 } } });
      expect(chosen.events.filter((e) => e.type === 'event-called')).toEqual([]);
      const done = chosen.state;
      expect(unit(done, candidates[1]).destroyed).toBe(true);
      expect(unit(done, candidates[0]).destroyed).toBe(false);
      expect(here(done, 'xetti-bishum')).toHaveLength(3);
    }
  });

  it('Xetti Bishum Event 2, Swarming Mob: the unit of largest Size has CS 0 this turn, all of them in a tie', () => {
    const ev = play(
      base,
      position(base, 'azuthka', { 'baphite-swarm-1': 'xetti-bishum', 'deathknoll-ogres': 'xetti-bishum', 'celestine-crusaders': 'xetti-bishum' }),
      END,
      ...toEvent(base, 'xetti-bishum', 2),
    );
    expect(eventEntry(ev.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/1' });
    expect([effectiveStat(unit(ev.state, 'deathknoll-ogres'), 'as'), effectiveStat(unit(ev.state, 'baphite-swarm-1'), 'as')]).toEqual([0, 2]);
    expect(result(play(base, ev.state, ...fingersFor(base, 'xetti-bishum', 3, false)).events)).toMatchObject({ as: 2, ds: 3 });
    // A tie at Size 2: every unit there fights at CS 0.
    const tie = play(
      base,
      position(base, 'azuthka', { 'baphite-swarm-1': 'xetti-bishum', 'celestine-crusaders': 'xetti-bishum', 'celestine-paladins': 'xetti-bishum' }),
      END,
      ...toEvent(base, 'xetti-bishum', 2),
    );
    expect(result(play(base, tie.state, ...fingersFor(base, 'xetti-bishum', 3, false)).events)).toMatchObject({ as: 0, ds: 0 });
    const after = finishTurn(base, play(base, tie.state, ...fingersFor(base, 'xetti-bishum', 3, false)).state).state;
    for (const u of unitsInPlay(after.core)) expect(effectiveStat(u, 'as')).toBe(u.stats.as);
  });

  it('Xetti Bishum Event 3, Cull the Weak: the unit with the least DS there is destroyed, all of them in a tie', () => {
    const ev = play(
      base,
      position(base, 'azuthka', {
        'baphite-swarm-1': 'xetti-bishum',
        'baphite-swarm-2': 'xetti-bishum',
        'deathknoll-ogres': 'xetti-bishum',
        'celestine-crusaders': 'xetti-bishum',
      }),
      END,
      ...toEvent(base, 'xetti-bishum', 3),
    );
    expect(eventEntry(ev.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/2' });
    // The two Swarms (DS 2) tie for the least: both go; the Ogres (DS 4) and the Crusaders (DS 3) stay.
    expect(here(ev.state, 'xetti-bishum')).toEqual(['deathknoll-ogres', 'celestine-crusaders']);
    expect(ev.state.battle?.stage).toBe('fingers');
  });

  it('Xetti Bishum Events 4 and 5, Bribery and Shell Game: the Controlling (non-Controlling) army takes one opposing unit for this turn, Size 0 for Capacity', () => {
    const at = {
      'baphite-swarm-1': 'xetti-bishum',
      'deathknoll-ogres': 'xetti-bishum',
      'celestine-crusaders': 'xetti-bishum',
      'celestine-paladins': 'xetti-bishum',
      'celestine-war-angels': 'erdon-pass',
    };
    // Bribery: the Controlling army is the attacker (ruling controlling-army); Azuthka takes the Paladins.
    const bribe = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'xetti-bishum', 4));
    expect(bribe.state.pending?.request).toMatchObject({ kind: 'units', side: 'azuthka', candidates: ['celestine-crusaders', 'celestine-paladins'] });
    const paid = play(base, bribe.state, { kind: 'choose', ids: ['celestine-paladins'] });
    expect(eventEntry(paid.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/3' });
    const bought = paid.state;
    expect(fightsFor(unit(bought, 'celestine-paladins'))).toBe('azuthka');
    expect(unit(bought, 'celestine-paladins').controlledBy?.sizeForCapacity).toBe(0);
    const fought = play(base, bought, ...fingersFor(base, 'xetti-bishum', 3, false));
    expect(result(fought.events)).toMatchObject({ as: 2 + 4 + 3, ds: 3 });
    const after = finishTurn(base, fought.state).state;
    const paladins = findUnit(after.core, 'celestine-paladins')!;
    if (!paladins.destroyed) expect(fightsFor(paladins)).toBe('celestine');
    // Shell Game: the non-Controlling army (the defender) takes one attacking unit, its pick.
    const shell = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'xetti-bishum', 5));
    expect(shell.state.pending?.request).toMatchObject({ kind: 'units', side: 'celestine', candidates: ['baphite-swarm-1', 'deathknoll-ogres'] });
    const shelled = play(base, shell.state, { kind: 'choose', ids: ['deathknoll-ogres'] });
    expect(eventEntry(shelled.events)).toMatchObject({ rule: 'spread/xetti-bishum#/events/entries/4' });
    const turned = shelled.state;
    expect(fightsFor(unit(turned, 'deathknoll-ogres'))).toBe('celestine');
    expect(result(play(base, turned, ...fingersFor(base, 'xetti-bishum', 3, false)).events)).toMatchObject({ as: 2, ds: 3 + 3 + 4 });
  });
});

describe('Warchon results and armies through the game loop', () => {
  it('Ax: the attacker alone takes the Hits, its owner giving them one at a time, no unit more than it has', () => {
    // Irondale, the Ogres (AS 4) against the War Angels and the Crusaders (DS 7): column -3/-2, number 1, A2.
    const start = position(base, 'azuthka', {
      'deathknoll-ogres': 'irondale',
      'baphite-swarm-2': 'kier-zhadd',
      'celestine-war-angels': 'irondale',
      'celestine-crusaders': 'irondale',
      'celestine-paladins': 'erdon-pass',
    });
    const { state, events } = play(base, start, END, ...fingersFor(base, 'irondale', 1));
    expect(result(events)).toMatchObject({ as: 4, ds: 7, column: '-3/-2', number: 1, result: 'A2' });
    expect(state.battle?.hits).toEqual([{ side: 'azuthka', left: 2 }]);
    expect(state.active).toBe('azuthka');
    expect(game.legalMoves(base, state)).toEqual([{ kind: 'assign', unit: 'deathknoll-ogres' }]);
    const one = play(base, state, { kind: 'assign', unit: 'deathknoll-ogres' }).state;
    expect(unit(one, 'deathknoll-ogres')).toMatchObject({ hits: 1, destroyed: false });
    const two = play(base, one, { kind: 'assign', unit: 'deathknoll-ogres' }).state;
    expect(unit(two, 'deathknoll-ogres').destroyed).toBe(true);
    // The defender took nothing, and the turn passed.
    expect(here(two, 'irondale')).toEqual(['celestine-war-angels', 'celestine-crusaders']);
    expect(unit(two, 'celestine-war-angels').hits).toBe(2);
    expect(two.turn).toBe(2);
  });

  it('Dx: the defender alone takes the Hits, split by its owner among its units there', () => {
    // Irondale, AS 6 + 4 against DS 7: column +2/+3, number 1, D2.
    const start = position(
      base,
      'azuthka',
      {
        'deathknoll-ogres': 'irondale',
        'baphite-swarm-1': 'irondale',
        'baphite-swarm-2': 'kier-zhadd',
        'celestine-war-angels': 'irondale',
        'celestine-crusaders': 'irondale',
        'celestine-paladins': 'erdon-pass',
      },
      { mods: { 'deathknoll-ogres': [boost('as', 4)] } },
    );
    const { state, events } = play(base, start, END, ...fingersFor(base, 'irondale', 1));
    expect(result(events)).toMatchObject({ as: 10, ds: 7, column: '+2/+3', number: 1, result: 'D2' });
    expect(state.battle?.hits).toEqual([{ side: 'celestine', left: 2 }]);
    expect(state.active).toBe('celestine');
    expect(game.legalMoves(base, state)).toEqual([
      { kind: 'assign', unit: 'celestine-war-angels' },
      { kind: 'assign', unit: 'celestine-crusaders' },
    ]);
    const one = play(base, state, { kind: 'assign', unit: 'celestine-crusaders' }).state;
    // The Crusaders had 1 Hit: destroyed, so the second Hit can only go to the War Angels.
    expect(unit(one, 'celestine-crusaders').destroyed).toBe(true);
    expect(game.legalMoves(base, one)).toEqual([{ kind: 'assign', unit: 'celestine-war-angels' }]);
    const two = play(base, one, { kind: 'assign', unit: 'celestine-war-angels' }).state;
    expect(unit(two, 'celestine-war-angels')).toMatchObject({ hits: 1, stats: { as: 2, ds: 3 } });
    expect(unit(two, 'deathknoll-ogres').hits).toBe(2);
    expect(two.turn).toBe(2);
  });

  it('Distinct: an army may hold one copy of a Distinct unit, not two', () => {
    // No demo unit is Distinct: a copy of the content makes Goblin Assassins a Distinct Azuthka unit.
    const distinct = (count: number, budget?: Record<string, unknown>) =>
      variant((r) => {
        withUnit('goblin-assassins', {
          side: 'azuthka',
          descriptors: ['distinct'],
          traits: [],
          points: 2,
          faces: [{ hits: 1, size: 1, movement: 2, as: 2, ds: 1 }],
        })(r);
        const demo = r.scenario!.demo as { sides: { army: { units: { unit: string; count: number }[]; budget?: Record<string, unknown> } }[] };
        demo.sides[0]!.army.units.push({ unit: 'goblin-assassins', count });
        if (budget) demo.sides[0]!.army.budget = budget;
      });
    expect(() => game.setup(distinct(2), 1)).toThrow(WarchonContentError);
    expect(() => game.setup(distinct(2), 1)).toThrow(/Distinct/);
    // One copy is an army: it sets up and plays.
    const one = distinct(1);
    let s = game.setup(one, 1).state;
    while (s.step === 'setup') s = game.play(one, s, game.legalMoves(one, s)[0]!).state;
    expect(s.core.units.filter((u) => u.record === 'goblin-assassins').map((u) => u.id)).toEqual(['goblin-assassins']);
    expect(s.step).toBe('movement');
    // A scenario whose budget allows copies of Distinct units (distinctOnce: false) may field two.
    expect(() => game.setup(distinct(2, { points: 100, distinctOnce: false }), 1)).not.toThrow();
    // The same budget's points are a limit too.
    expect(() => game.setup(distinct(1, { points: 5 }), 1)).toThrow(/over its budget of 5/);
  });

  it('Nether and Purity: opposites, no unit starts off with both', () => {
    const both = variant(withUnit('deathknoll-ogres', { traits: ['nether', 'purity'] }));
    expect(() => game.setup(both, 1)).toThrow(/both Nether and Purity/);
    // The demo armies: Nether on the Azuthka side, Purity on the Celestine side, never both.
    const s = game.setup(base, 1).state;
    for (const u of s.core.units) expect(u.traits.includes('nether') && u.traits.includes('purity')).toBe(false);
    expect(s.core.units.filter((u) => u.traits.includes('nether')).map((u) => u.side)).toEqual(['azuthka', 'azuthka', 'azuthka']);
    expect(s.core.units.filter((u) => u.traits.includes('purity')).map((u) => u.side)).toEqual(['celestine', 'celestine', 'celestine']);
  });
});

describe('Warchon optional declarations and choices of any number, through the game loop', () => {
  it('Erdon Pass Event 4, Surprise Reserve: the Controlling army may bring one unit in from within its Movement, even one that moved, Size 0 for Capacity this turn, and it retreats one spread when the turn is over', () => {
    // The Ogres (Size 3) attack the Crusaders at Erdon Pass (Capacity 4); a Swarm (Size 2, Movement
    // 3) moves to Akibatu this turn, one Movement away by the path; the other Swarm stands at Xetti Bishum.
    const at = {
      'deathknoll-ogres': 'erdon-pass',
      'celestine-crusaders': 'erdon-pass',
      'baphite-swarm-1': 'kier-zhadd',
      'baphite-swarm-2': 'xetti-bishum',
      'celestine-paladins': 'irondale',
    };
    const moved = play(base, position(base, 'azuthka', at), { kind: 'move', unit: 'baphite-swarm-1', to: 'akibatu' });
    expect(moved.state.acted).toContain('baphite-swarm-1');
    const ev = play(base, moved.state, END, ...toEvent(base, 'erdon-pass', 4));
    // "may": the Controlling army (the attacker, ruling controlling-army) answers yes or no, as a move.
    expect(ev.state.pending?.request).toMatchObject({ kind: 'option', side: 'azuthka', candidates: ['0', '1'], options: ['yes', 'no'] });
    expect(game.legalMoves(base, ev.state)).toEqual([
      { kind: 'choose', ids: ['0'] },
      { kind: 'choose', ids: ['1'] },
    ]);
    // Declined: nothing moves, and combat resumes with a new number.
    const declined = play(base, ev.state, { kind: 'choose', ids: ['1'] });
    expect(eventEntry(declined.events)).toMatchObject({ rule: 'spread/erdon-pass#/events/entries/3' });
    expect(declined.events.find((e) => e.type === 'effect' && e.effect === 'may')).toMatchObject({ data: { side: 'azuthka', accepted: false } });
    expect(here(declined.state, 'erdon-pass')).toEqual(['deathknoll-ogres', 'celestine-crusaders']);
    expect(declined.state.battle?.stage).toBe('fingers');
    // Accepted: the army picks among its units elsewhere within their own Movement (the Paladins are Celestine's).
    const yes = play(base, ev.state, { kind: 'choose', ids: ['0'] });
    const request = yes.state.pending?.request;
    expect(request).toMatchObject({ kind: 'units', side: 'azuthka', count: 1 });
    expect(request?.candidates).toContain('baphite-swarm-1');
    expect(request?.candidates).not.toContain('deathknoll-ogres');
    const brought = play(base, yes.state, { kind: 'choose', ids: ['baphite-swarm-1'] });
    expect(brought.events.find((e) => e.type === 'effect' && e.effect === 'bring-in')).toMatchObject({
      rule: 'spread/erdon-pass#/events/entries/3',
      data: { to: 'erdon-pass', brought: ['baphite-swarm-1'], from: { 'baphite-swarm-1': 'akibatu' } },
    });
    const s = brought.state;
    expect(unit(s, 'baphite-swarm-1').location).toBe('erdon-pass');
    // Size 3 + 2 over Capacity 4, but its Size does not count this turn: nothing is destroyed, the battle goes on.
    expect(unit(s, 'baphite-swarm-1').controlledBy).toMatchObject({ side: 'azuthka', sizeForCapacity: 0, duration: 'turn' });
    expect(game.legalMoves(base, s).every((m) => m.kind === 'fingers')).toBe(true);
    // It fights in the battle: AS 4 + 2.
    const fought = play(base, s, ...fingersFor(base, 'erdon-pass', 1, false));
    expect(result(fought.events)).toMatchObject({ spread: 'erdon-pass', as: 6, ds: 3 });
    // When the turn is over it retreats one spread (its owner's choice, ruling retreat-destination), and counts its Size again.
    const after = finishTurn(base, fought.state);
    expect(after.events.some((e) => e.type === 'effect' && e.effect === 'retreat' && e.rule === 'spread/erdon-pass#/events/entries/3')).toBe(true);
    const swarm = unit(after.state, 'baphite-swarm-1');
    if (!swarm.destroyed) {
      expect(['irondale', 'akibatu']).toContain(swarm.location);
      expect(swarm.controlledBy).toBeNull();
    }
  });

  /**
   * The units Surprise Reserve offers the Controlling army (Azuthka) at Erdon Pass, the Ogres and
   * Crusaders fighting there (`engaged`: units an Engaged result holds where they are): the request's
   * candidates, or the one unit brought when only one may come (then nobody is asked).
   */
  const reserveOffered = (at: Record<string, string>, engaged: string[] = []) => {
    const s = position(base, 'azuthka', { 'deathknoll-ogres': 'erdon-pass', 'celestine-crusaders': 'erdon-pass', ...at });
    const prevented = [{ actions: ['move'], turnsLeft: 1, source: 'result/eg' }];
    const units = s.core.units.map((u) => (engaged.includes(u.id) ? { ...u, prevented } : u));
    const ev = play(base, { ...s, core: { ...s.core, units } }, END, ...toEvent(base, 'erdon-pass', 4));
    const yes = play(base, ev.state, { kind: 'choose', ids: ['0'] });
    const request = yes.state.pending?.request;
    if (request !== undefined) {
      expect(request).toMatchObject({ kind: 'units', side: 'azuthka', count: 1 });
      return request.candidates;
    }
    const brought = yes.events.find((e) => e.type === 'effect' && e.effect === 'bring-in');
    return (brought as unknown as { data: { brought: string[] } }).data.brought;
  };

  it('Surprise Reserve brings no unit locked in a battle elsewhere: a Swarm Engaged at Akibatu ("no units currently here may leave") stays', () => {
    // Both Swarms are one Movement from Erdon Pass (Irondale by number, Akibatu by the path).
    const at = { 'baphite-swarm-1': 'irondale', 'baphite-swarm-2': 'akibatu', 'celestine-paladins': 'akibatu' };
    expect(reserveOffered(at)).toEqual(['baphite-swarm-1', 'baphite-swarm-2']);
    expect(reserveOffered(at, ['baphite-swarm-2'])).toEqual(['baphite-swarm-1']);
  });

  it('Surprise Reserve brings no unit that could not reach the spread past enemies: a Swarm at Kier-Zhadd stops at Akibatu, where an enemy stands', () => {
    // Kier-Zhadd to Erdon Pass is two Movement through Akibatu (Movement 3), four the other way round.
    expect(reserveOffered({ 'baphite-swarm-1': 'kier-zhadd', 'baphite-swarm-2': 'irondale', 'celestine-paladins': 'akibatu' })).toEqual(['baphite-swarm-2']);
    // With no enemy on the way, it may come.
    expect(reserveOffered({ 'baphite-swarm-1': 'kier-zhadd', 'baphite-swarm-2': 'irondale', 'celestine-paladins': 'mount-tzask' })).toEqual([
      'baphite-swarm-1',
      'baphite-swarm-2',
    ]);
  });

  it('Berserk: its owner may declare it when a battle starts (ruling berserk-strategy-round); its current CS doubles, prior changes kept, and it is destroyed after the battle', () => {
    // No unit of the text has Berserk: a copy of the content gives it to the Ogres.
    const content = variant(withUnit('deathknoll-ogres', { traits: ['nether', 'berserk'] }));
    const at = { 'deathknoll-ogres': 'irondale', 'celestine-crusaders': 'irondale', 'celestine-paladins': 'erdon-pass' };
    // A prior +1 AS stays in effect and is doubled with the rest: (4 + 1) x 2.
    const start = play(content, position(content, 'azuthka', at, { mods: { 'deathknoll-ogres': [boost('as', 1)] } }), END);
    expect(start.state.pending?.request).toMatchObject({ kind: 'option', side: 'azuthka', options: ['yes', 'no'] });
    expect(start.state.pending?.request.reason).toContain('trait/berserk/go-berserk');
    const berserk = play(content, start.state, { kind: 'choose', ids: ['0'] });
    expect(berserk.events.find((e) => e.type === 'effect' && e.effect === 'may')).toMatchObject({
      rule: 'trait/berserk/go-berserk@deathknoll-ogres',
      data: { side: 'azuthka', accepted: true },
    });
    expect(effectiveStat(unit(berserk.state, 'deathknoll-ogres'), 'as')).toBe(10);
    expect(effectiveStat(unit(berserk.state, 'deathknoll-ogres'), 'ds')).toBe(8);
    // An alteration after the declaration applies to the Berserker CS: the battle's AS is 10.
    const fought = play(content, berserk.state, ...fingersFor(content, 'irondale', 1));
    expect(result(fought.events)).toMatchObject({ spread: 'irondale', as: 10, ds: 3 });
    // The battle's Hits are assigned first; then it is destroyed after this battle.
    const after = finishTurn(content, fought.state);
    const destroyed = [...fought.events, ...after.events].filter(
      (e) => e.type === 'effect' && e.effect === 'destroy' && e.rule === 'trait/berserk/go-berserk@deathknoll-ogres',
    );
    expect(destroyed.map((e) => e.units)).toEqual([['deathknoll-ogres']]);
    // After the result: the Berserker is destroyed when the battle ends, after the result's Hits.
    const order = [...fought.events, ...after.events];
    expect(order.indexOf(destroyed[0]!)).toBeGreaterThan(order.findIndex((e) => e.type === 'result'));
    expect(unit(after.state, 'deathknoll-ogres').destroyed).toBe(true);
    // Declined: its printed CS, and it stays in play after the battle (Hits aside).
    const calm = play(content, start.state, { kind: 'choose', ids: ['1'] });
    expect(effectiveStat(unit(calm.state, 'deathknoll-ogres'), 'as')).toBe(5);
    const calmFought = play(content, calm.state, ...fingersFor(content, 'irondale', 2));
    expect(result(calmFought.events)).toMatchObject({ as: 5, ds: 3 });
    const calmAfter = finishTurn(content, calmFought.state);
    expect(calmAfter.events.some((e) => e.type === 'effect' && e.effect === 'destroy' && String(e.rule).startsWith('trait/berserk/'))).toBe(false);
    // A defending Berserk unit's owner declares for it too; a unit without the trait is never asked.
    const defending = play(content, position(content, 'celestine', at), END);
    expect(defending.state.pending?.request).toMatchObject({ kind: 'option', side: 'azuthka' });
    const printed = play(base, position(base, 'azuthka', at), END);
    expect(printed.state.pending).toBeNull();
  });

  it("Dracosroar Event 4, Magic Bridge: the Attacking army commits any number of its units (ruling dracosroar-magic-bridge-4), the rest add no AS, then a number from both players' fingers; on 1 or 2 the committed units without Aerial or Aquatic are destroyed", () => {
    const at = { 'deathknoll-ogres': 'dracosroar', 'baphite-swarm-1': 'dracosroar', 'celestine-crusaders': 'dracosroar', 'celestine-paladins': 'erdon-pass' };
    const ev = play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'dracosroar', 4));
    // Any number of them, none included: every subset is a move.
    expect(ev.state.pending?.request).toMatchObject({
      kind: 'units',
      side: 'azuthka',
      candidates: ['baphite-swarm-1', 'deathknoll-ogres'],
      count: 2,
      anyNumber: true,
    });
    expect(game.legalMoves(base, ev.state)).toEqual([
      { kind: 'choose', ids: [] },
      { kind: 'choose', ids: ['baphite-swarm-1'] },
      { kind: 'choose', ids: ['deathknoll-ogres'] },
      { kind: 'choose', ids: ['baphite-swarm-1', 'deathknoll-ogres'] },
    ]);
    // The Ogres commit; then the number: fingers 4 and 1 give 1 on Dracosroar's RNG (row 1: 3 4 5 1 2E), the bridge is an illusion and they fall.
    const committed = play(base, ev.state, { kind: 'choose', ids: ['deathknoll-ogres'] }).state;
    expect(committed.pending?.request).toMatchObject({ kind: 'number', side: 'azuthka' });
    const illusion = play(base, committed, ...shows(4, 1));
    expect(eventEntry(illusion.events)).toMatchObject({ rule: 'spread/dracosroar#/events/entries/3' });
    expect(illusion.events.find((e) => e.type === 'effect' && e.effect === 'choose-units')).toMatchObject({
      data: { as: 'committed', chosen: ['deathknoll-ogres'] },
    });
    expect(rolled(illusion.events)).toMatchObject({ data: { die: 'rng', value: 1, generated: { spread: 'dracosroar', attacker: 4, defender: 1 } } });
    expect(unit(illusion.state, 'deathknoll-ogres').destroyed).toBe(true);
    expect(effectiveStat(unit(illusion.state, 'baphite-swarm-1'), 'as')).toBe(0);
    expect(illusion.state.battle?.stage).toBe('fingers');
    // Fingers 1 and 1 give 3: the bridge holds; only the committed Ogres attack (AS 4, the Swarm's 2 left out), for this battle only.
    const holds = play(base, ev.state, { kind: 'choose', ids: ['deathknoll-ogres'] }, ...shows(1, 1));
    expect(rolled(holds.events)).toMatchObject({ data: { value: 3 } });
    expect(unit(holds.state, 'deathknoll-ogres').destroyed).toBe(false);
    const fought = play(base, holds.state, ...fingersFor(base, 'dracosroar', 1, false));
    expect(result(fought.events)).toMatchObject({ spread: 'dracosroar', as: 4, ds: 3 });
    const after = finishTurn(base, fought.state).state;
    for (const u of unitsInPlay(after.core)) expect(effectiveStat(u, 'as')).toBe(u.stats.as);
    // Committing nobody risks nobody, and nobody attacks (fingers 5 and 1 give 2E: a 2, no new event).
    const none = play(base, ev.state, { kind: 'choose', ids: [] }, ...shows(5, 1));
    expect(rolled(none.events)).toMatchObject({ data: { value: 2 } });
    expect(here(none.state, 'dracosroar')).toEqual(['baphite-swarm-1', 'deathknoll-ogres', 'celestine-crusaders']);
    expect(result(play(base, none.state, ...fingersFor(base, 'dracosroar', 1, false)).events)).toMatchObject({ as: 0 });
  });
});

describe('A number an event generates, shown by fingers as a battle shows them', () => {
  const at = { 'baphite-swarm-1': 'dracosroar', 'deathknoll-ogres': 'dracosroar', 'celestine-crusaders': 'dracosroar', 'celestine-paladins': 'dracosroar' };
  const asked = () => play(base, position(base, 'azuthka', at), END, ...toEvent(base, 'dracosroar', 1)).state;

  it("the fingers are simultaneous: the defender's view and log line show the attacker's count unseen (0) until both are shown, and its determinized view offers the same moves", () => {
    const attacked = play(base, asked(), { kind: 'fingers', n: 4 });
    const line = attacked.events.find((e) => e.type === 'move')!;
    expect(line).toMatchObject({ side: 'azuthka', move: { kind: 'fingers', n: 4 } });
    expect(game.viewEvent!(base, line, 'celestine', attacked.state)).toMatchObject({ move: { kind: 'fingers', n: 0 } });
    expect(game.viewEvent!(base, line, 'azuthka', attacked.state)).toEqual(line);
    const view = game.playerView!(base, attacked.state, 'celestine');
    expect(view.pending?.answers.at(-1)).toEqual(['0']);
    expect(JSON.stringify(game.playerView!(base, attacked.state, 'azuthka').pending?.answers.at(-1))).toBe('["4"]');
    // Two states differing only in the attacker's count look the same to the defender.
    const other = play(base, asked(), { kind: 'fingers', n: 2 }).state;
    expect(JSON.stringify(game.playerView!(base, other, 'celestine'))).toBe(JSON.stringify(view));
    const known = game.determinize!(base, view, 'celestine', seedRandom(5)).state;
    expect(game.legalMoves(base, known)).toEqual(game.legalMoves(base, attacked.state));
    expect(known.pending?.answers.at(-1)?.[0]).toMatch(/^[1-5]$/);
    // Once both are shown, the log shows both, and the number read.
    const shown = play(base, attacked.state, { kind: 'fingers', n: 1 });
    const roll = rolled(shown.events)!;
    expect(roll).toMatchObject({ data: { generated: { attacker: 4, defender: 1, number: 1 } } });
    expect(game.viewEvent!(base, roll, 'celestine', shown.state)).toMatchObject({ data: { generated: { attacker: 4, defender: 1 } } });
  });

  it('random, greedy and search bots answer it with fingers, the attacker and then the defender', () => {
    for (const name of ['random', 'greedy', 'search'] as const) {
      let s = asked();
      for (const side of ['azuthka', 'celestine']) {
        expect(s.active).toBe(side);
        const legal = game.legalMoves(base, s);
        const picked = bot(name).choose(game as never, base, game.playerView!(base, s, side) as never, legal, seedRandom(9));
        expect(legal).toContainEqual(picked.move);
        s = game.play(base, s, picked.move as WarchonMove).state;
      }
      expect(s.pending).toBeNull();
      expect(s.battle?.stage).toBe('fingers');
    }
  });
});
