// Warchon's rules, each played through the game loop (`warchonGame.play`) from a position set up
// for it: the units stand where the test puts them at the start of a Movement Round, then only
// legal moves are played.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { boost, playMoves, position } from './warchon-support.js';
import { findUnit, type LocationRule } from '../src/engine/core/state.js';
import { effectiveStat } from '../src/engine/core/stats.js';
import { warchonGame as game, warchonRules, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';
import { victory } from '../src/engine/warchon/victory.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;
const rules = warchonRules(content);

const play = (state: WarchonState, ...moves: WarchonMove[]) => playMoves(content, state, ...moves);

const dests = (s: WarchonState, unit: string) => game.legalMoves(content, s).flatMap((m) => (m.kind === 'move' && m.unit === unit ? [m.to] : []));
const unit = (s: WarchonState, id: string) => findUnit(s.core, id)!;
const fingers = (n: number): WarchonMove => ({ kind: 'fingers', n });
const END: WarchonMove = { kind: 'end-movement' };

describe('Warchon rules through the game loop', () => {
  it('worked example: Erdon Pass, AS 9 against DS 7, fingers 5 and 2 give 3, column +2/+3, A1D1, each side assigns its Hit', () => {
    const start = position(
      content,
      'azuthka',
      { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-war-angels': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' },
      { mods: { 'baphite-swarm-1': [boost('as', 5)] } },
    );
    const battle = play(start, END).state;
    expect(battle.battle?.spread).toBe('erdon-pass');
    expect(battle.active).toBe('azuthka');
    const shown = play(battle, fingers(5)).state;
    // The defender's moves do not depend on the attacker's hidden fingers.
    expect(game.legalMoves(content, shown)).toEqual(game.legalMoves(content, play(battle, fingers(1)).state));
    expect(shown.active).toBe('celestine');
    const { state, events } = play(shown, fingers(2));
    expect(events.find((e) => e.type === 'fingers')).toMatchObject({ attacker: 5, defender: 2, number: 3, event: false });
    expect(events.find((e) => e.type === 'result')).toMatchObject({ spread: 'erdon-pass', as: 9, ds: 7, column: '+2/+3', number: 3, result: 'A1D1' });
    // Each owner assigns his side's Hit: Azuthka first (the attacker), then Celestine.
    expect(state.active).toBe('azuthka');
    expect(game.legalMoves(content, state)).toEqual([
      { kind: 'assign', unit: 'baphite-swarm-1' },
      { kind: 'assign', unit: 'baphite-swarm-2' },
    ]);
    const a = play(state, { kind: 'assign', unit: 'baphite-swarm-1' }).state;
    expect(unit(a, 'baphite-swarm-1').destroyed).toBe(true);
    expect(a.active).toBe('celestine');
    const b = play(a, { kind: 'assign', unit: 'celestine-war-angels' }).state;
    const angels = unit(b, 'celestine-war-angels');
    expect(angels.hits).toBe(1);
    expect(angels.stats).toMatchObject({ as: 2, ds: 3 });
    // The battle is over and the turn passed to Celestine.
    expect(b.battle).toBeNull();
    expect(b.active).toBe('celestine');
    expect(b.turn).toBe(2);
  });

  it("faces: a multi-Hit unit turns to its next face, with that face's stats", () => {
    // Irondale, number from fingers 1 and 1; AS 4 against DS 6: the Ogres' side takes Hits.
    const start = position(content, 'azuthka', { 'deathknoll-ogres': 'irondale', 'celestine-paladins': 'irondale', 'celestine-crusaders': 'irondale' });
    let s = play(start, END, fingers(1), fingers(1)).state;
    expect(s.battle?.result).toBeTruthy();
    const hits = s.battle!.hits.find((h) => h.side === 'azuthka')?.left ?? 0;
    expect(hits).toBeGreaterThan(0);
    const assigned = play(s, { kind: 'assign', unit: 'deathknoll-ogres' });
    s = assigned.state;
    const ogres = unit(s, 'deathknoll-ogres');
    expect(ogres.hits).toBe(1);
    expect(ogres.stats).toMatchObject({ size: 3, movement: 2, as: 3, ds: 3 });
    // The log's face line shows the face turned to, with the Hits the unit has left after the Hit.
    const face = assigned.events.find((e) => e.type === 'effect' && e.effect === 'face' && e.unit === 'deathknoll-ogres');
    expect(face).toMatchObject({ hits: 1, stats: { as: 3, ds: 3, size: 3, movement: 2, hits: ogres.hits } });
  });

  it('movement: up to Movement through spreads in number order or along paths, paths both ways', () => {
    const s = position(content, 'azuthka', { 'deathknoll-ogres': 'erdon-pass', 'celestine-paladins': 'dracosroar' });
    // Movement 2 from Sp. 1: Sp. 2, Sp. 3 (through 2), Akibatu by the path, Sp. 5 and Kier-Zhadd beyond it; not Sp. 6.
    expect(dests(s, 'deathknoll-ogres')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'kier-zhadd']);
    const back = position(content, 'azuthka', { 'deathknoll-ogres': 'kier-zhadd', 'celestine-paladins': 'irondale' });
    // Kier-Zhadd back to Akibatu (the path both ways), then on to Erdon Pass along Akibatu's path.
    expect(dests(back, 'deathknoll-ogres')).toEqual(expect.arrayContaining(['erdon-pass', 'akibatu', 'xetti-bishum']));
  });

  it("movement: a side's movement limit binds its units wherever they stand, and a spread a rule closes is not entered (the core's limitBinds and placeClosed, as Warmaster reads them)", () => {
    const s = position(content, 'azuthka', { 'deathknoll-ogres': 'erdon-pass', 'celestine-paladins': 'dracosroar' });
    const withRule = (rule: LocationRule): WarchonState => ({ ...s, core: { ...s.core, locationRules: [...s.core.locationRules, rule] } });
    const limit = { units: null, maxUnitsLeaving: null, duration: 'while' as const, source: 'test' };
    expect(dests(s, 'deathknoll-ogres')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'kier-zhadd']);
    // Every Azuthka unit moves one spread at most, wherever it stands (limit-movement with `sides`).
    expect(dests(withRule({ ...limit, location: null, sides: ['azuthka'], maxDistance: 1 }), 'deathknoll-ogres')).toEqual(['irondale', 'akibatu']);
    // The other side's limit does not bind it.
    expect(dests(withRule({ ...limit, location: null, sides: ['celestine'], maxDistance: 1 }), 'deathknoll-ogres')).toHaveLength(5);
    // Sp. 2 closed (limit-movement with `closed`): no move enters it; Sp. 3 is still reached the other way.
    expect(dests(withRule({ ...limit, location: 'irondale', closed: true, maxDistance: null }), 'deathknoll-ogres')).toEqual([
      'dracosroar',
      'akibatu',
      'mount-tzask',
      'kier-zhadd',
    ]);
  });

  it('movement: a unit stops on entering a spread with an enemy unit', () => {
    const s = position(content, 'azuthka', { 'deathknoll-ogres': 'kier-zhadd', 'celestine-paladins': 'xetti-bishum', 'celestine-crusaders': 'akibatu' });
    expect(dests(s, 'deathknoll-ogres')).toEqual(['akibatu', 'xetti-bishum']);
  });

  it('movement: an Aerial unit goes straight to any spread within its Movement', () => {
    const s = position(content, 'celestine', {
      'celestine-war-angels': 'erdon-pass',
      'celestine-paladins': 'erdon-pass',
      'baphite-swarm-1': 'irondale',
      'deathknoll-ogres': 'akibatu',
    });
    expect(dests(s, 'celestine-paladins')).toEqual(['irondale', 'akibatu']);
    // Straight over the Swarm at Sp. 2 and the Ogres at Akibatu: Sp. 3, and Xetti Bishum three away by Dracosroar's path.
    expect(dests(s, 'celestine-war-angels')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'xetti-bishum', 'kier-zhadd']);
  });

  it('movement: a move that would take an army over Capacity is refused, Aerial and non-Aerial counted apart', () => {
    const s = position(content, 'azuthka', {
      'baphite-swarm-1': 'erdon-pass',
      'baphite-swarm-2': 'irondale',
      'deathknoll-ogres': 'irondale',
      'celestine-paladins': 'kier-zhadd',
    });
    expect(dests(s, 'deathknoll-ogres')).not.toContain('erdon-pass'); // 2 + 3 > 4
    expect(dests(s, 'baphite-swarm-2')).toContain('erdon-pass'); // 2 + 2 = 4
    const c = position(content, 'celestine', {
      'celestine-crusaders': 'erdon-pass',
      'celestine-paladins': 'irondale',
      'celestine-war-angels': 'irondale',
      'deathknoll-ogres': 'kier-zhadd',
    });
    const full = play(c, { kind: 'move', unit: 'celestine-paladins', to: 'erdon-pass' }).state; // non-Aerial Size 4 of 4
    expect(dests(full, 'celestine-war-angels')).toContain('erdon-pass'); // Aerial counted apart
    expect(() => play(full, { kind: 'move', unit: 'celestine-war-angels', to: 'nowhere' })).toThrow();
  });

  it('movement: each unit acts once a turn (moved or held), end-movement shifts the rest', () => {
    const s = position(content, 'azuthka', { 'baphite-swarm-1': 'mount-tzask', 'baphite-swarm-2': 'mount-tzask', 'celestine-paladins': 'erdon-pass' });
    const moved = play(s, { kind: 'move', unit: 'baphite-swarm-1', to: 'xetti-bishum' }).state;
    expect(game.legalMoves(content, moved).some((m) => 'unit' in m && m.unit === 'baphite-swarm-1')).toBe(false);
    const held = play(moved, { kind: 'hold', unit: 'baphite-swarm-2' }).state;
    expect(game.legalMoves(content, held)).toEqual([END]);
    expect(() => play(held, { kind: 'hold', unit: 'baphite-swarm-2' })).toThrow();
  });

  it("Capacity: an army over a spread's Capacity destroys units of its choice until within it", () => {
    const s = position(content, 'azuthka', {
      'baphite-swarm-1': 'erdon-pass',
      'baphite-swarm-2': 'erdon-pass',
      'deathknoll-ogres': 'erdon-pass',
      'celestine-paladins': 'kier-zhadd',
    });
    expect(game.legalMoves(content, s)).toEqual(['baphite-swarm-1', 'baphite-swarm-2', 'deathknoll-ogres'].map((id) => ({ kind: 'destroy', unit: id })));
    const { state, events } = play(s, { kind: 'destroy', unit: 'deathknoll-ogres' });
    expect(events).toContainEqual(expect.objectContaining({ effect: 'capacity-loss', unit: 'deathknoll-ogres' }));
    expect(game.legalMoves(content, state).some((m) => m.kind === 'destroy')).toBe(false);
  });

  it('turn: battles on every spread both armies share, after all movement, in spread number order', () => {
    const s = position(content, 'azuthka', {
      'baphite-swarm-1': 'irondale',
      'baphite-swarm-2': 'erdon-pass',
      'celestine-paladins': 'irondale',
      'celestine-crusaders': 'erdon-pass',
      'deathknoll-ogres': 'kier-zhadd',
    });
    const moved = play(s, { kind: 'move', unit: 'deathknoll-ogres', to: 'xetti-bishum' }).state;
    expect(moved.battle).toBeNull();
    const fought = play(moved, END).state;
    expect(fought.queue).toEqual(['erdon-pass', 'irondale']);
    expect(fought.battle?.spread).toBe('erdon-pass');
  });

  it('Erdon Pass: only one unit per army may move out of battle there each turn', () => {
    const s = position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' });
    expect(dests(s, 'baphite-swarm-2').length).toBeGreaterThan(0);
    const one = play(s, { kind: 'move', unit: 'baphite-swarm-1', to: 'irondale' }).state;
    expect(dests(one, 'baphite-swarm-2')).toEqual([]);
    expect(game.legalMoves(content, one)).toContainEqual({ kind: 'hold', unit: 'baphite-swarm-2' });
    // Without a battle there (no enemy when the round began), both may leave.
    const calm = position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'kier-zhadd' });
    expect(dests(play(calm, { kind: 'move', unit: 'baphite-swarm-1', to: 'irondale' }).state, 'baphite-swarm-2').length).toBeGreaterThan(0);
  });

  it('Engaged: no unit of the battle may leave next turn, reinforcements may move in, and they fight again', () => {
    // Erdon Pass, AS 4 against DS 3 (column -1/0/+1), number 3 (fingers 5 and 2): Eg.
    const start = position(content, 'azuthka', {
      'baphite-swarm-1': 'erdon-pass',
      'baphite-swarm-2': 'erdon-pass',
      'celestine-crusaders': 'erdon-pass',
      'celestine-paladins': 'irondale',
    });
    const { state, events } = play(start, END, fingers(5), fingers(2));
    expect(events.find((e) => e.type === 'result')).toMatchObject({ result: 'Eg' });
    expect(state.turn).toBe(2);
    expect(state.active).toBe('celestine');
    expect(dests(state, 'celestine-crusaders')).toEqual([]);
    expect(dests(state, 'celestine-paladins')).toContain('erdon-pass');
    const next = play(state, { kind: 'move', unit: 'celestine-paladins', to: 'erdon-pass' }, END).state;
    expect(next.battle?.spread).toBe('erdon-pass');
    expect(next.core.battle?.attacker).toBe('celestine');
  });

  it('Standoff: no Hits, and units move in or out next turn as normal', () => {
    // Erdon Pass, number 2 (fingers 5 and 1), column -1/0/+1: So.
    const start = position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' });
    const { state, events } = play(start, END, fingers(5), fingers(1));
    expect(events.find((e) => e.type === 'result')).toMatchObject({ result: 'So' });
    expect(state.core.units.filter((u) => !u.destroyed && u.hits < u.maxHits)).toEqual([]);
    expect(dests(state, 'celestine-crusaders').length).toBeGreaterThan(0);
  });

  it('AE and DE: every attacking (or defending) unit in the battle is destroyed', () => {
    // Erdon Pass, number 1 (fingers 4 and 1): AS 2 against DS 7 is column -5, AE.
    const ae = play(
      position(content, 'azuthka', {
        'baphite-swarm-1': 'erdon-pass',
        'baphite-swarm-2': 'mount-tzask',
        'celestine-war-angels': 'erdon-pass',
        'celestine-crusaders': 'erdon-pass',
      }),
      END,
      fingers(4),
      fingers(1),
    );
    expect(ae.events.find((e) => e.type === 'result')).toMatchObject({ result: 'AE' });
    expect(unit(ae.state, 'baphite-swarm-1').destroyed).toBe(true);
    expect(unit(ae.state, 'celestine-war-angels').destroyed).toBe(false);
    // AS 9 against DS 3 is column +5: DE.
    const de = play(
      position(
        content,
        'azuthka',
        { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'mount-tzask', 'celestine-crusaders': 'erdon-pass', 'celestine-paladins': 'irondale' },
        { mods: { 'baphite-swarm-1': [boost('as', 7)] } },
      ),
      END,
      fingers(4),
      fingers(1),
    );
    expect(de.events.find((e) => e.type === 'result')).toMatchObject({ result: 'DE' });
    expect(unit(de.state, 'celestine-crusaders').destroyed).toBe(true);
  });

  it('events: an E number calls the Events Table once per spread per turn; the next number ignores E', () => {
    // Erdon Pass: fingers 3 and 1 give 5E; event number 2 (fingers 5 and 1): Fortified Defense, +2 DS.
    const start = position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' });
    const called = play(start, END, fingers(3), fingers(1));
    expect(called.events.filter((e) => e.type === 'event-called')).toHaveLength(1);
    expect(called.state.battle?.stage).toBe('event-fingers');
    const ev = play(called.state, fingers(5), fingers(1));
    expect(ev.events.find((e) => e.type === 'effect' && e.effect === 'event')).toMatchObject({ rule: 'spread/erdon-pass#/events/entries/1' });
    expect(effectiveStat(unit(ev.state, 'celestine-crusaders'), 'ds')).toBe(5);
    // A new number for the combat result: 5E again, but no second event this turn.
    const result = play(ev.state, fingers(3), fingers(1));
    expect(result.events.filter((e) => e.type === 'event-called')).toHaveLength(0);
    expect(result.events.find((e) => e.type === 'result')).toMatchObject({ number: 5, as: 4, ds: 5 });
    expect(result.state.eventsUsed).toEqual(['erdon-pass']);
  });

  it('Deadly Confrontation: each owner picks the unit that takes the Hit, as a move', () => {
    const start = position(content, 'azuthka', {
      'baphite-swarm-1': 'erdon-pass',
      'baphite-swarm-2': 'erdon-pass',
      'celestine-crusaders': 'erdon-pass',
      'celestine-war-angels': 'erdon-pass',
    });
    const called = play(start, END, fingers(3), fingers(1)).state;
    // Event number 3: row 1 [3,4,5E,1,2], attacker 1 and defender 1.
    const asked = play(called, fingers(1), fingers(1)).state;
    expect(asked.pending?.request).toMatchObject({ kind: 'units', side: 'azuthka', candidates: ['baphite-swarm-1', 'baphite-swarm-2'], count: 1 });
    expect(asked.active).toBe('azuthka');
    expect(game.legalMoves(content, asked)).toEqual([
      { kind: 'choose', ids: ['baphite-swarm-1'] },
      { kind: 'choose', ids: ['baphite-swarm-2'] },
    ]);
    const second = play(asked, { kind: 'choose', ids: ['baphite-swarm-2'] }).state;
    expect(second.pending?.request).toMatchObject({ side: 'celestine', candidates: ['celestine-war-angels', 'celestine-crusaders'] });
    const done = play(second, { kind: 'choose', ids: ['celestine-war-angels'] }).state;
    expect(done.pending).toBeNull();
    expect(unit(done, 'baphite-swarm-2').destroyed).toBe(true);
    expect(unit(done, 'baphite-swarm-1').destroyed).toBe(false);
    expect(unit(done, 'celestine-war-angels').hits).toBe(1);
    expect(done.battle?.stage).toBe('fingers');
  });

  it('victory: a side with no units left loses', () => {
    const { state, events } = play(
      position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'celestine-war-angels': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' }),
      END,
      fingers(4),
      fingers(1),
    );
    expect(state.result).toEqual({ winner: 'celestine', reason: expect.stringContaining('destroy your opponent'), rule: 'scenario/demo#/victory/0' });
    expect(events.at(-1)).toMatchObject({ type: 'end', winner: 'celestine' });
    expect(game.legalMoves(content, state)).toEqual([]);
  });

  it('no turn limit: the text ends a game only when an army is destroyed, so a game still going after its 100th turn goes on', () => {
    // A bound on a game's length is the simulator's (`simulate --max-moves`, reported unfinished), not a rule players read.
    const s = position(content, 'azuthka', { 'baphite-swarm-1': 'erdon-pass', 'celestine-crusaders': 'kier-zhadd' });
    for (const turn of [99, 100, 1000]) {
      const { state } = play({ ...s, turn, core: { ...s.core, turn } } as WarchonState, END);
      expect(state.result, `turn ${turn}`).toBeNull();
      expect(game.legalMoves(content, state).length, `turn ${turn}`).toBeGreaterThan(0);
    }
    expect(JSON.stringify(content.records.scenario)).not.toMatch(/100th turn/);
  });

  it('mutual destruction: both armies destroyed at once end the game as the ruling mutual-destruction-draw sets rules core /mutualDestruction (a draw)', () => {
    const s = position(content, 'azuthka', {});
    expect(rules.mutualDestruction).toBe('draw');
    expect(victory(s.core, rules)).toEqual({
      winner: null,
      reason: expect.stringContaining('both armies are destroyed at once'),
      rule: 'scenario/demo#/victory/0',
    });
    // The engine reads the field: a copy of the content that sets it otherwise ends the same game otherwise.
    const records = structuredClone(content.records) as unknown as { rules: { core: Record<string, unknown> } };
    records.rules.core.mutualDestruction = 'attacker';
    const copy = { ...content, records: records as unknown as PackContent['records'] };
    expect(victory(s.core, warchonRules(copy))).toMatchObject({ winner: 'azuthka' });
  });
});
