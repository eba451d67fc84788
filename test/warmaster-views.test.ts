// Warmaster's player views (src/engine/warmaster/view.ts): the Traitor's pieces are face-down
// counters, so the Imperial side sees where each lies but not what it is; the Traitor knows what he
// drew and placed, but not which counter of the cup is which. States that differ only there give
// equal views; a determinized view offers the side to act the real state's moves; bots play from views.
import { describe, expect, it } from 'vitest';
import { bot } from '../src/engine/core/bots.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import { randomGame, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
const view = (s: WarmasterState, side: string) => game.playerView!(c, s, side);

/** The state with what two hidden pieces are swapped. */
function swapped(s: WarmasterState, a: string, b: string): WarmasterState {
  return stateWith(s, { identities: { ...s.identities, [a]: s.identities[b]!, [b]: s.identities[a]! } });
}

// Several games' states: a game ends as soon as a leader falls, often in a few turns.
const states = [5, 6, 7, 8, 9, 10].flatMap((seed) => randomGame(content, seed, 800).states);
const onShip = (s: WarmasterState) => Object.keys(s.identities).filter((id) => s.core.units.find((u) => u.id === id)!.location !== null);

describe('Warmaster player views', () => {
  it("views: the Imperial side never sees what a face-down Traitor piece is; the Traitor sees his own pieces but not the cup's", () => {
    let checked = 0;
    for (const s of states) {
      const imperial = view(s, 'imperial');
      expect(imperial.identities).toEqual({});
      const traitor = view(s, 'traitor');
      for (const id of Object.keys(traitor.identities)) expect(s.cup).not.toContain(id);
      for (const id of onShip(s)) expect(traitor.identities[id]).toBe(s.identities[id]);
      // The core never names a hidden piece.
      for (const id of Object.keys(s.identities)) expect(s.core.units.find((u) => u.id === id)).toMatchObject({ record: null, name: 'face-down piece' });
      if (onShip(s).length > 0) checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('views: two states that differ only in what a side cannot see give that side equal views', () => {
    let compared = 0;
    for (const s of states.filter((_, i) => i % 10 === 0)) {
      const ship = onShip(s);
      if (s.cup.length >= 2) {
        const [a, b] = s.cup;
        if (s.identities[a!] !== s.identities[b!]) {
          const t = swapped(s, a!, b!);
          for (const side of rules.sides) expect(JSON.stringify(view(t, side))).toBe(JSON.stringify(view(s, side)));
          compared++;
        }
      }
      const diff = ship.length > 0 && s.cup.find((id) => s.identities[id] !== s.identities[ship[0]!]);
      if (diff) {
        const t = swapped(s, ship[0]!, diff);
        // The Imperial side cannot tell; the Traitor can (he drew the piece on the ship).
        expect(JSON.stringify(view(t, 'imperial'))).toBe(JSON.stringify(view(s, 'imperial')));
        expect(JSON.stringify(view(t, 'traitor'))).not.toBe(JSON.stringify(view(s, 'traitor')));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("views: a determinized view deals every unknown piece a record it could be, and offers the side to act the real state's moves", () => {
    let random: RandomState = seedRandom(99);
    const all = [...rules.hidden!.records].sort();
    for (const s of states.filter((_, i) => i % 7 === 0)) {
      for (const side of rules.sides) {
        const dealt = game.determinize!(c, view(s, side), side, random);
        random = dealt.random;
        const d = dealt.state;
        const records = rules.hidden!.ids.map((id) => d.core.units.find((u) => u.id === id)!.record ?? d.identities[id]);
        expect(records.sort()).toEqual(all);
        for (const [id, record] of Object.entries(view(s, side).identities)) expect(d.identities[id]).toBe(record);
        if (s.active === side) expect(JSON.stringify(game.legalMoves(c, d))).toBe(JSON.stringify(game.legalMoves(c, s)));
      }
    }
  });

  it('bots play from their views: greedy against random plays a game to its end', () => {
    let state = game.setup(c, 3).state;
    let random: RandomState = seedRandom(7);
    const bots = { imperial: bot('greedy'), traitor: bot('random') } as const;
    for (let i = 0; i < 5000 && state.result === null; i++) {
      const picked = bots[state.active as 'imperial' | 'traitor'].choose(game as never, c, state as never, game.legalMoves(c, state) as never, random);
      random = picked.random;
      state = game.play(c, state, picked.move as never).state;
    }
    expect(state.result).not.toBeNull();
  });
});
