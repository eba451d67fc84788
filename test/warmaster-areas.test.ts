// Warmaster's special areas destroyed through the game loop, as their records' rules say: the Engine
// Room and the Weapons store destroyed on purpose, the fire that follows the Engine Room, the
// Weapons store's chain explosion, the Shields' defence lasers, and the Bridge once destroyed.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { coreWith } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import { atMovement, bridgeOf, reactorsOf, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
const areaOf = (special: string) => rules.areas.find((a) => a.special === special)!;
const fired = (events: readonly GameEvent[], key: string) => events.filter((e) => e.type === 'effect' && String(e.rule).split('@')[0] === key);
const alive = (s: WarmasterState, id: string) => !s.core.units.find((u) => u.id === id)!.destroyed;
/** Answers the pending yes/no question: yes (option 0) or no (1). */
const answer = (s: WarmasterState, yes: boolean) => game.play(c, s, { kind: 'choose', ids: [yes ? '0' : '1'] });
/** The state with its generator (and the core's) set from `seed`. */
const seeded = (s: WarmasterState, seed: number) => stateWith(s, { random: seedRandom(seed), core: coreWith(s.core, { random: seedRandom(seed) }) });

describe('Warmaster special areas destroyed', () => {
  it('the Engine Room and the Weapons store: an Imperial unit there with no Traitor piece may destroy it as the Imperial battle phase starts, instead of attacking; every unit there is destroyed with it', () => {
    for (const special of ['the-engine-room', 'the-weapons-store']) {
      const area = areaOf(special).id;
      const key = `ship-area/${special}/destroy-instead-of-attacking`;
      const at = atMovement(content, 'imperial', { 'imperial-unit-1': area, 'imperial-unit-2': area });
      const asked = game.play(c, at, { kind: 'end-movement' });
      expect(asked.state.phase).toBe('imperial-battle');
      expect(asked.state.pending?.request).toMatchObject({ kind: 'option', side: 'imperial' });
      const done = answer(asked.state, true);
      expect(done.state.core.destroyedPlaces).toContain(area);
      expect(alive(done.state, 'imperial-unit-1') || alive(done.state, 'imperial-unit-2')).toBe(false);
      expect(fired(done.events, key).some((e) => e.effect === 'destroy-place')).toBe(true);
      expect(fired(done.events, `ship-area/${special}/explosion`).some((e) => e.effect === 'destroy')).toBe(true);
      // The Weapons store rolls its accident "when trying to destroy it"; the Engine Room rolls nothing.
      expect(fired(done.events, key).some((e) => e.effect === 'roll')).toBe(special === 'the-weapons-store');
      // Declined: the area stands.
      const declined = answer(asked.state, false);
      expect(declined.state.core.destroyedPlaces).not.toContain(area);
      expect(alive(declined.state, 'imperial-unit-1')).toBe(true);
      // Any Traitor piece there, even face down, and nothing is offered (rulings *-blocked-by-any-traitor).
      const blocked = atMovement(content, 'imperial', { 'imperial-unit-1': area, a: [area, null] });
      const after = game.play(c, blocked, { kind: 'end-movement' });
      expect(after.state.pending).toBeNull();
      expect(after.state.core.destroyedPlaces).not.toContain(area);
      // Nothing offered in the Traitor's battle phase: his turn passes to the next Imperial movement.
      const theirs = game.play(c, declined.state, { kind: 'end-movement' });
      expect(theirs.state.phase).toBe('imperial-movement');
      expect(fired(theirs.events, key)).toEqual([]);
    }
  });

  it('the card of destroyed area: each rule that destroys an area places the card there (its destroy-place names the marker); the log line names it and both sides see it on the area', () => {
    // Every destroy-place of the areas' rules, by rule: each names the card.
    const placed: { [key: string]: unknown[] } = {};
    const walk = (node: unknown, key: string): void => {
      if (Array.isArray(node)) for (const n of node) walk(n, key);
      else if (node !== null && typeof node === 'object') {
        const o = node as { [k: string]: unknown };
        if (o.kind === 'destroy-place') (placed[key] ??= []).push(o.marker);
        for (const v of Object.values(o)) walk(v, key);
      }
    };
    const areas = (content.records as { [kind: string]: { [id: string]: { rules?: { id?: string }[] } } })['ship-area']!;
    for (const [id, area] of Object.entries(areas)) for (const rule of area.rules ?? []) walk(rule, `ship-area/${id}/${rule.id}`);
    expect(Object.keys(placed).sort()).toEqual([
      'ship-area/shields/defence-lasers',
      'ship-area/the-engine-room/accident',
      'ship-area/the-engine-room/destroy-instead-of-attacking',
      'ship-area/the-engine-room/ship-burns',
      'ship-area/the-weapons-store/accident',
      'ship-area/the-weapons-store/chain-explosion',
      'ship-area/the-weapons-store/destroy-instead-of-attacking',
    ]);
    for (const [key, markers] of Object.entries(placed)) for (const m of markers) expect(m, key).toBe('destroyed-area');
    // Through the game loop: the Engine Room destroyed on purpose, then the fire as the Traitor's turn starts.
    const engine = areaOf('the-engine-room').id;
    const asked = game.play(c, atMovement(content, 'imperial', { 'imperial-unit-1': engine }), { kind: 'end-movement' });
    const done = answer(asked.state, true);
    const line = fired(done.events, 'ship-area/the-engine-room/destroy-instead-of-attacking').find((e) => e.effect === 'destroy-place');
    expect(line?.data).toEqual({ place: engine, already: false, marker: 'destroyed-area' });
    const burnt = game.play(c, done.state, { kind: 'end-movement' });
    expect(burnt.state.core.destroyedPlaces).toEqual([engine, 'area-56', 'area-55']);
    const cards = { [engine]: 'destroyed-area', 'area-56': 'destroyed-area', 'area-55': 'destroyed-area' };
    for (const side of rules.sides) expect(game.playerView!(c, burnt.state, side).core.placeMarkers).toEqual(cards);
  });

  it("the fire: once the Engine Room is destroyed, at the start of each player's turn the highest-numbered area not yet destroyed burns, with the units in it", () => {
    const engine = areaOf('the-engine-room').id;
    // 56 burns as the Traitor's turn starts (atMovement plays it); 55 is already destroyed, so 54
    // burns as the Imperial turn starts, then 53 as the Traitor's.
    const at = atMovement(
      content,
      'traitor',
      { 'imperial-unit-1': 'area-56', 'imperial-unit-2': 'area-54', 'imperial-unit-3': 'area-53', 'imperial-unit-4': 'area-14' },
      'traitor',
      [engine, 'area-55'],
    );
    expect(at.core.destroyedPlaces).toContain('area-56');
    expect(alive(at, 'imperial-unit-1')).toBe(false);
    expect(alive(at, 'imperial-unit-2')).toBe(true);
    const first = game.play(c, at, { kind: 'end-movement' });
    expect(first.state.phase).toBe('imperial-movement');
    expect(first.state.core.destroyedPlaces).toContain('area-54');
    expect(first.state.core.destroyedPlaces).not.toContain('area-53');
    expect(alive(first.state, 'imperial-unit-2')).toBe(false);
    expect(alive(first.state, 'imperial-unit-3')).toBe(true);
    const burns = fired(first.events, 'ship-area/the-engine-room/ship-burns');
    expect(burns.find((e) => e.effect === 'at-place')?.data).toMatchObject({ places: ['area-54'] });
    const second = game.play(c, first.state, { kind: 'end-movement' });
    expect(second.state.phase).toBe('traitor-movement');
    expect(second.state.core.destroyedPlaces).toContain('area-53');
    expect(alive(second.state, 'imperial-unit-3')).toBe(false);
    expect(alive(second.state, 'imperial-unit-4')).toBe(true);
    // The Engine Room standing, nothing burns.
    const calm = game.play(c, atMovement(content, 'traitor', { 'imperial-unit-1': 'area-56' }), { kind: 'end-movement' });
    expect(calm.state.core.destroyedPlaces).toEqual([]);
    expect(alive(calm.state, 'imperial-unit-1')).toBe(true);
  });

  it("the Weapons store's explosion: a D6 for each adjacent area, 1-2 destroys it and the units in it", () => {
    const store = areaOf('the-weapons-store');
    const placed: { [piece: string]: string } = { 'imperial-unit-1': store.id };
    store.neighbours.forEach((n, i) => {
      placed[`imperial-unit-${i + 2}`] = n;
    });
    // Until every face has shown, so a change to the range shows.
    const faces = new Set<number>();
    for (let seed = 0; seed < 50 && faces.size < 6; seed++) {
      const asked = game.play(c, seeded(atMovement(content, 'imperial', placed), seed), { kind: 'end-movement' });
      const done = answer(asked.state, true);
      const chain = fired(done.events, 'ship-area/the-weapons-store/chain-explosion');
      expect(chain.find((e) => e.effect === 'at-place')?.data).toMatchObject({ places: store.neighbours });
      const rolls = chain.filter((e) => e.effect === 'roll').map((e) => (e.data as { value: number }).value);
      expect(rolls).toHaveLength(store.neighbours.length);
      store.neighbours.forEach((n, i) => {
        const hit = rolls[i]! <= 2;
        faces.add(rolls[i]!);
        expect(done.state.core.destroyedPlaces.includes(n), n).toBe(hit);
        expect(alive(done.state, `imperial-unit-${i + 2}`), n).toBe(!hit);
      });
    }
    expect(faces.size).toBe(6);
  });

  it('the Shields: with an Imperial unit there as his turn starts, the Imperial player may fire the defence lasers before his groups teleport: a D66 on the Teleportation Table, 14-56 destroys that area and every unit in it, 66 an area he picks but the Reactors, any other roll misses', () => {
    const shields = areaOf('shields').id;
    const key = 'ship-area/shields/defence-lasers';
    // A Traitor piece in every other area the lasers may hit.
    const placed: { [piece: string]: string | readonly [string, string | null] } = { 'imperial-unit-1': shields };
    rules.areas
      .filter((a) => a.id !== shields && !reactorsOf(rules).includes(a.id))
      .forEach((a, i) => {
        placed[`t${i}`] = [a.id, null];
      });
    const start = atMovement(content, 'traitor', placed);
    const seen = { hit: false, miss: false, chosen: false };
    // Until every D66 number has shown, so a change to any range shows.
    const numbers = new Set<number>();
    for (let seed = 0; seed < 1000 && numbers.size < 36; seed++) {
      const asked = game.play(c, seeded(start, seed), { kind: 'end-movement' });
      expect(asked.state.phase).toBe('imperial-reinforcements');
      expect(asked.state.pending?.request).toMatchObject({ kind: 'option', side: 'imperial' });
      let done = answer(asked.state, true);
      let target: string | null = null;
      if (done.state.pending !== null) {
        // A 66: the Imperial player picks the area (the roll is logged once the whole shot is done).
        const request = done.state.pending.request as unknown as { options: string[] };
        expect(request.options).not.toContain(areaOf('the-reactors').id);
        target = 'area-14';
        done = game.play(c, done.state, { kind: 'choose', ids: [String(request.options.indexOf(target))] });
        seen.chosen = true;
      }
      const roll = fired(done.events, key).find((e) => e.effect === 'roll')!;
      const value = (roll.data as { value: number }).value;
      numbers.add(value);
      if (value === 66) expect(target).toBe('area-14');
      else {
        target = value >= 14 && value <= 56 ? rules.byNumber.get(value)! : null;
        if (target === null) seen.miss = true;
        else seen.hit = true;
      }
      const destroyed = done.state.core.destroyedPlaces;
      if (target === null) expect(destroyed).toEqual([]);
      else {
        expect(destroyed[0]).toBe(target);
        // The Weapons store hit explodes, and its chain may take areas next to it; nothing else falls.
        const store = areaOf('the-weapons-store');
        for (const more of destroyed.slice(1)) expect(target === store.id && store.neighbours.includes(more), more).toBe(true);
      }
      for (const place of destroyed) expect(done.state.core.units.filter((u) => u.location === place && !u.destroyed)).toEqual([]);
      // The pieces in the areas left standing stand.
      expect(done.state.core.units.filter((u) => u.location !== null && !destroyed.includes(u.location) && u.destroyed)).toEqual([]);
    }
    expect(numbers.size).toBe(36);
    expect(seen).toEqual({ hit: true, miss: true, chosen: true });
    // Declined, or no Imperial unit in the Shields: no shot.
    const declined = answer(game.play(c, start, { kind: 'end-movement' }).state, false);
    expect(declined.state.core.destroyedPlaces).toEqual([]);
    expect(fired(declined.events, key).some((e) => e.effect === 'roll')).toBe(false);
    const away = game.play(c, atMovement(content, 'traitor', { 'imperial-unit-1': 'area-14' }), { kind: 'end-movement' });
    expect(away.state.pending).toBeNull();
    expect(fired(away.events, key)).toEqual([]);
  });

  it('the Bridge destroyed: nobody controls it and every unit moves one area', () => {
    const bridge = rules.bridge!.area;
    const shields = areaOf('shields').id;
    // The lasers hit the Bridge (a 66, the Imperial player picking it) as his turn starts.
    let state: WarmasterState | null = null;
    for (let seed = 0; seed < 2000 && state === null; seed++) {
      const start = seeded(atMovement(content, 'traitor', { 'imperial-unit-1': shields, 'imperial-unit-2': 'area-34' }, 'imperial'), seed);
      const shot = answer(game.play(c, start, { kind: 'end-movement' }).state, true);
      const pending = shot.state.pending?.request as { options?: string[] } | undefined;
      if (pending?.options?.includes(bridge)) state = game.play(c, shot.state, { kind: 'choose', ids: [String(pending.options.indexOf(bridge))] }).state;
    }
    expect(state).not.toBeNull();
    expect(state!.core.destroyedPlaces).toEqual([bridge]);
    expect(bridgeOf(c, state!)).toBeNull();
    expect(state!.phase).toBe('imperial-movement');
    // The Imperial side controlled the Bridge, so moved three areas; now one.
    const reach = game
      .legalMoves(c, state!)
      .filter((m) => m.kind === 'move' && m.unit === 'imperial-unit-2')
      .map((m) => (m as { to: string }).to);
    expect(reach.sort()).toEqual([...rules.area.get('area-34')!.neighbours].filter((a) => !reactorsOf(rules).includes(a)).sort());
    const standing = atMovement(content, 'imperial', { 'imperial-unit-2': 'area-34' }, 'imperial');
    expect(game.legalMoves(c, standing).filter((m) => m.kind === 'move' && m.unit === 'imperial-unit-2').length).toBeGreaterThan(reach.length);
  });
});
