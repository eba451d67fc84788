// The bots: a function of their seed, never of Math.random; greedy looks one move ahead with dice
// of its own and never touches the game's generator.
import { describe, expect, it, vi } from 'vitest';
import { bot, botSeed, greedyBot, mixSeed, randomBot } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { knownState } from '../src/engine/core/view.js';
import { raceContent, raceGame } from './fixtures/games/support.js';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { CoreState } from '../src/engine/core/state.js';
import { warchonGame, warchonRules, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';
import { fingersOdds } from '../src/engine/warchon/bot.js';
import { contested } from '../src/engine/warchon/movement.js';
import { recompute } from '../src/engine/warchon/statics.js';

type RaceState = GameState & { readonly positions: Record<string, number> };
const game = raceGame as unknown as Game<unknown, RaceState, GameMove>;

/** The moves a bot picks over `n` turns of one race, from `seed`. */
function picks(name: 'random' | 'greedy', seed: number, n = 12): string[] {
  const content = raceContent();
  let state = game.setup(content, 1).state;
  let random = seedRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < n && state.result === null; i++) {
    const c = bot(name).choose(game, content, state, game.legalMoves(content, state), random);
    random = c.random;
    out.push(c.move.kind);
    state = game.play(content, state, c.move).state;
  }
  return out;
}

describe('bots', () => {
  it('the random bot is a function of its seed, and different seeds play differently', () => {
    expect(picks('random', 5)).toEqual(picks('random', 5));
    expect(picks('random', 5)).not.toEqual(picks('random', 6));
    expect(picks('random', 5, 200)).toEqual(expect.arrayContaining(['step', 'roll', 'wait']));
  });

  it('the greedy bot is a function of its seed', () => {
    expect(picks('greedy', 9)).toEqual(picks('greedy', 9));
  });

  it('never draws from Math.random', () => {
    const spy = vi.spyOn(Math, 'random');
    picks('random', 3, 50);
    picks('greedy', 3, 50);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('greedy keeps the move the game rates best: never waits when running gains', () => {
    const greedy = picks('greedy', 11, 40);
    expect(greedy).not.toContain('wait');
  });

  it("greedy's look-ahead leaves the game's generator alone: the state is unchanged", () => {
    const content = raceContent();
    const state = game.setup(content, 4).state;
    const before = JSON.stringify(state);
    greedyBot.choose(game, content, state, game.legalMoves(content, state), seedRandom(1));
    expect(JSON.stringify(state)).toBe(before);
  });

  it('greedy breaks ties with its generator, and without evaluate plays as the random bot', () => {
    const content = raceContent();
    const state = game.setup(content, 4).state;
    const moves = game.legalMoves(content, state);
    const flat = { ...game, evaluate: () => 0 };
    const seen = new Set<string>();
    for (let s = 0; s < 30; s++) seen.add(greedyBot.choose(flat, content, state, moves, seedRandom(s)).move.kind);
    expect([...seen].sort()).toEqual(['roll', 'step', 'wait']);
    const { evaluate: _, ...blind } = game;
    for (let s = 0; s < 10; s++) {
      expect(greedyBot.choose(blind, content, state, moves, seedRandom(s))).toEqual(randomBot.choose(blind, content, state, moves, seedRandom(s)));
    }
  });

  it('seeds: each side of each game gets its own, all 32-bit whole numbers', () => {
    const seeds = new Set<number>();
    for (let g = 0; g < 100; g++) for (let side = 0; side < 2; side++) seeds.add(botSeed(mixSeed(42, g), side));
    expect(seeds.size).toBe(200);
    for (const s of seeds) expect(Number.isInteger(s) && s >= 0 && s < 2 ** 32).toBe(true);
    expect(mixSeed(42, 0)).not.toBe(mixSeed(43, 0));
    expect(mixSeed(2 ** 40, 1)).not.toBe(mixSeed(0, 1));
    expect(mixSeed(-5, 1)).toBe(mixSeed(-5, 1));
  });
});

const warchon = loadContent([fileURLToPath(new URL('../content/warchon/', import.meta.url))]).packs.get('warchon') as PackContent;

/** A copy of the Warchon content whose Erdon Pass RNG is `rng` (the printed ones are Latin squares). */
function withRng(rng: (number | string)[][]): PackContent {
  const records = structuredClone(warchon.records) as unknown as { spread: Record<string, Record<string, unknown>> };
  records.spread['erdon-pass'] = { ...records.spread['erdon-pass']!, rng };
  return { ...warchon, records: records as unknown as PackContent['records'] };
}

/** Azuthka's battle at Erdon Pass, at the first fingers: two Swarms (AS 4, or 5 with `as5`) against the Crusaders (DS 3). */
function erdonBattle(content: PackContent, as5 = false): WarchonState {
  const rules = warchonRules(content);
  let s = warchonGame.setup(content, 7).state;
  while (s.step === 'setup') s = warchonGame.play(content, s, warchonGame.legalMoves(content, s)[0]!).state;
  const at: Record<string, string> = {
    'baphite-swarm-1': 'erdon-pass',
    'baphite-swarm-2': 'erdon-pass',
    'celestine-crusaders': 'erdon-pass',
    'celestine-paladins': 'kier-zhadd',
  };
  const units = s.core.units.map((u) => ({
    ...u,
    location: at[u.id] ?? null,
    destroyed: !(u.id in at),
    modifiers:
      as5 && u.id === 'baphite-swarm-1'
        ? [
            {
              stat: 'as' as const,
              op: 'add' as const,
              value: 1,
              rounding: null,
              duration: 'permanent' as const,
              location: null,
              turnsLeft: null,
              source: 'test',
            },
          ]
        : [],
  }));
  let core: CoreState = { ...s.core, units, active: 'azuthka', turn: 1, statics: [], staticMarks: '', settled: false, locationRules: [] };
  core = recompute(core, rules, contested(core, rules)).core;
  s = { ...s, core, active: 'azuthka', turn: 1, inBattle: contested(core, rules), acted: [], departures: [] };
  return warchonGame.play(content, s, { kind: 'end-movement' }).state;
}

const fingers = (n: number): WarchonMove => ({ kind: 'fingers', n });

describe('Warchon bots', () => {
  it('greedy Warchon fingers: the count with the best expected result by the exact odds, ties by its generator', () => {
    // Attacker count 1 always gives 1, any other count 2. Column +2/+3 (AS 5 against DS 3): 1 is D2, 2 is D1.
    const content = withRng(Array.from({ length: 5 }, () => [1, 2, 2, 2, 2]));
    const battle = erdonBattle(content, true);
    expect(battle.battle?.stage).toBe('fingers');
    expect(fingersOdds(warchonRules(content), battle, true)).toEqual([2, 1, 1, 1, 1]);
    const moves = warchonGame.legalMoves(content, battle);
    for (let seed = 0; seed < 20; seed++) expect(greedyBot.choose(warchonGame, content, battle, moves, seedRandom(seed)).move).toEqual(fingers(1));
    // The defender's count changes nothing here (whatever it shows, the attacker's count 1 gives D2
    // and the other four D1: (2 + 4) / 5 = 1.2): every count ties, and its generator picks among all five.
    const shown = warchonGame.play(content, battle, fingers(1)).state;
    expect(fingersOdds(warchonRules(content), shown, false).map((v) => v.toFixed(9))).toEqual(Array(5).fill((1.2).toFixed(9)));
    const picked = new Set<number>();
    for (let seed = 0; seed < 40; seed++)
      picked.add((greedyBot.choose(warchonGame, content, shown, warchonGame.legalMoves(content, shown), seedRandom(seed)).move as { n: number }).n);
    expect([...picked].sort()).toEqual([1, 2, 3, 4, 5]);
    // A defender whose count 1 gives 1 (D2) and any other 2 (D1) never shows 1.
    const rows = [[1, 1, 1, 1, 1], ...Array.from({ length: 4 }, () => [2, 2, 2, 2, 2])];
    const guarded = withRng(rows);
    const second = warchonGame.play(guarded, erdonBattle(guarded, true), fingers(3)).state;
    expect(fingersOdds(warchonRules(guarded), second, false)).toEqual([2, 1, 1, 1, 1]);
    for (let seed = 0; seed < 20; seed++)
      expect(greedyBot.choose(warchonGame, guarded, second, warchonGame.legalMoves(guarded, second), seedRandom(seed)).move).not.toEqual(fingers(1));
  });

  it('the printed Warchon RNGs are Latin squares: against a player showing any count at random, every own count has the same odds', () => {
    const rules = warchonRules(warchon);
    const battle = erdonBattle(warchon);
    for (const spread of rules.tables.spreads.values()) {
      for (const attacking of [true, false]) {
        // Every column: the differential moved by a strength modifier on the attacker.
        for (let extra = -8; extra <= 8; extra++) {
          const units = battle.core.units.map((u) =>
            u.id === 'baphite-swarm-1'
              ? {
                  ...u,
                  modifiers: [
                    {
                      stat: 'as' as const,
                      op: 'add' as const,
                      value: extra,
                      rounding: null,
                      duration: 'permanent' as const,
                      location: null,
                      turnsLeft: null,
                      source: 'test',
                    },
                  ],
                }
              : u,
          );
          const moved = units.map((u) => (u.location === 'erdon-pass' ? { ...u, location: spread.id } : u));
          const s: WarchonState = {
            ...battle,
            core: { ...battle.core, units: moved, battle: { ...battle.core.battle!, location: spread.id } },
            battle: { ...battle.battle!, spread: spread.id },
          };
          const odds = fingersOdds(rules, s, attacking);
          expect(new Set(odds.map((v) => v.toFixed(9))).size, `${spread.id} ${extra}`).toBe(1);
        }
      }
    }
  });

  it('greedy never reads the hidden fingers: the defender sees a draw of its own, and picks the same whatever the attacker showed', () => {
    const battle = erdonBattle(warchon);
    const shown = [1, 2, 3, 4, 5].map((n) => warchonGame.play(warchon, battle, fingers(n)).state);
    expect(new Set(shown.map((s) => s.battle!.attackerFingers)).size).toBe(5);
    for (let seed = 0; seed < 10; seed++) {
      const views = shown.map((s) => JSON.stringify(knownState(warchonGame, warchon, s, 'celestine', seedRandom(seed))));
      expect(new Set(views).size).toBe(1);
      const picks = shown.map((s) => JSON.stringify(greedyBot.choose(warchonGame, warchon, s, warchonGame.legalMoves(warchon, s), seedRandom(seed))));
      expect(new Set(picks).size).toBe(1);
    }
    // The attacker sees its own fingers; with none fixed, no fingers are hidden (units may be: test/warchon-views.test.ts).
    expect(warchonGame.playerView!(warchon, shown[2]!, 'azuthka').battle).toEqual(shown[2]!.battle);
    expect(warchonGame.playerView!(warchon, battle, 'celestine').battle).toEqual(battle.battle);
    expect(warchonGame.playerView!(warchon, shown[2]!, 'celestine').battle!.attackerFingers).toBe(0);
  });
});
