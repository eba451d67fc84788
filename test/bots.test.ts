// The bots: a function of their seed, never of Math.random; greedy looks one move ahead with dice
// of its own and never touches the game's generator.
import { describe, expect, it, vi } from 'vitest';
import { bot, botSeed, greedyBot, mixSeed, randomBot } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { raceContent, raceGame } from './fixtures/games/support.js';

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
