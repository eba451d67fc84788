// Fuzz: many seeded games played by random and greedy bots, with invariants checked after every
// move. First what the game loop promises for every game (src/engine/core/game.ts), then Archon
// Skirmish's own (issue 8: no two creatures on a square, hands within the limit after discarding,
// the 50 cards always accounted for, Hits within bounds, spells only while a caster lives, every
// game ends within a bound, no state without a legal move). FUZZ_GAMES=N plays more.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bot, botSeed, type BotName } from '../src/engine/core/bots.js';
import type { Game, GameEvent, GameMove, GameState } from '../src/engine/core/game.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { loadContent } from '../src/content/effective.js';
import { loadGame } from '../src/engine/games.js';
import { gameRefOf } from '../src/content/game-module.js';
import { raceContent, raceGame } from './fixtures/games/support.js';
import { repoRoot } from './helpers.js';

type AnyGame = Game<unknown, GameState, GameMove>;
const GAMES = Number(process.env.FUZZ_GAMES ?? 0);
const MAX_MOVES = 10_000;
const RESERVED = new Set(['log', 'play', 'stop']);

/** Fails the test with `message` (made only then) unless `ok`: expect() per move would dominate the run. */
function assert(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/** The generic checks after one move; with `beforeJson`, also the costly ones (plain JSON, the input state unchanged). */
function checkStep(
  game: AnyGame,
  content: unknown,
  sides: readonly string[],
  before: GameState,
  beforeJson: string | null,
  after: GameState,
  events: readonly GameEvent[],
): void {
  if (beforeJson !== null) {
    assert(JSON.stringify(before) === beforeJson, () => 'play changed the state it was given');
    expect(JSON.parse(JSON.stringify(after)), 'the state is plain JSON').toEqual(after);
  }
  for (const e of events) {
    assert(typeof e.type === 'string', () => `an event without a type: ${JSON.stringify(e)}`);
    assert(!RESERVED.has(e.type), () => `the game wrote the loop's own type ${e.type}`);
  }
  assert(Number.isInteger(after.turn) && after.turn >= before.turn, () => `turn ${after.turn} after ${before.turn}`);
  if (after.result === null) {
    assert(sides.includes(after.active), () => `the active side ${after.active} is not a side`);
  } else {
    assert(after.result.winner === null || sides.includes(after.result.winner), () => `winner ${after.result!.winner}`);
    assert(after.result.reason !== '' && after.result.rule !== '', () => 'a result without reason or rule');
    assert(game.legalMoves(content, after).length === 0, () => 'legal moves after the end');
  }
}

/** Plays one fuzzed game, calling `check` after every move; returns the moves played. */
function fuzzGame(
  game: AnyGame,
  content: unknown,
  seed: number,
  bots: readonly BotName[],
  deep: boolean,
  check?: (before: GameState, move: GameMove, after: GameState, events: readonly GameEvent[]) => void,
): { moves: number; state: GameState } {
  const sides = game.sides(content);
  const start = game.setup(content, seed);
  let state = start.state;
  const randoms: RandomState[] = sides.map((_, i) => seedRandom(botSeed(seed, i)));
  let moves = 0;
  while (state.result === null) {
    assert(moves < MAX_MOVES, () => `seed ${seed}: no result within ${MAX_MOVES} moves`);
    const legal = game.legalMoves(content, state);
    assert(legal.length > 0, () => `seed ${seed}, move ${moves + 1}: no legal move while the game goes on`);
    const s = sides.indexOf(state.active);
    const choice = bot(bots[s]!).choose(game, content, state, legal, randoms[s]!);
    randoms[s] = choice.random;
    const json = deep ? JSON.stringify(state) : null;
    const played = game.play(content, state, choice.move);
    checkStep(game, content, sides, state, json, played.state, played.events);
    check?.(state, choice.move, played.state, played.events);
    state = played.state;
    moves++;
  }
  return { moves, state };
}

describe('fuzz: the game loop contract', () => {
  it('the race fixture: 200 games', () => {
    const content = raceContent();
    for (let seed = 0; seed < 200 + GAMES; seed++)
      fuzzGame(raceGame as AnyGame, content, seed, seed % 2 ? ['random', 'greedy'] : ['greedy', 'random'], seed < 20);
  });
});

describe('fuzz: Archon Skirmish', () => {
  it('every move keeps the invariants (50 random games; 10 greedy against random with the deep checks)', async () => {
    const { archonRules } = await import('../src/engine/archon-skirmish/index.js');
    const { packs, validation } = loadContent([path.join(repoRoot, 'content', 'archon-skirmish')], { cacheDir: false });
    expect(validation.errors).toBe(0);
    const { printables: _, ...content } = packs.get('archon-skirmish')!;
    const game = (await loadGame(gameRefOf(content)!)) as AnyGame;
    const rules = archonRules(content);
    type Creature = { id: string; creature: string; side: string; square: number; hits: number };
    type Archon = GameState & { step: string; squares: number[]; creatures: Creature[]; deck: string[]; discard: string[]; hands: Record<string, string[]> };
    const deckCounts = new Map<string, number>();
    for (const c of rules.deck) deckCounts.set(c, (deckCounts.get(c) ?? 0) + 1);
    const maxHits = (c: Creature) => rules.creatures[c.creature]!.hits;
    const check = (beforeState: GameState, move: GameMove, afterState: GameState) => {
      const before = beforeState as Archon;
      const s = afterState as Archon;
      // No two creatures on a square: the board and the creatures agree, one to one.
      let onBoard = 0;
      for (const [i, c] of s.creatures.entries()) {
        if (c.square >= 0) {
          onBoard++;
          assert(s.squares[c.square] === i, () => `${c.id} is on square ${c.square}, which holds creature ${s.squares[c.square]}`);
        }
        // Hits within bounds; a creature at 0 Hits is off the board.
        assert(c.hits >= 0 && c.hits <= maxHits(c), () => `${c.id} has ${c.hits} Hits of ${maxHits(c)}`);
        assert(c.hits > 0 || c.square === -1, () => `${c.id} has 0 Hits and is still on square ${c.square}`);
      }
      assert(s.squares.filter((i) => i !== -1).length === onBoard, () => 'a square holds a creature that is not there');
      // The cards: every card of the deck always somewhere, once.
      const seen = new Map<string, number>();
      for (const pile of [s.deck, s.discard, ...Object.values(s.hands)]) for (const c of pile) seen.set(c, (seen.get(c) ?? 0) + 1);
      assert(
        seen.size === deckCounts.size && [...deckCounts].every(([c, n]) => seen.get(c) === n),
        () => `the cards are not all accounted for: ${JSON.stringify([...seen])}`,
      );
      // Hands within the limit once the Orders Phase is done.
      if (s.step !== 'orders' && s.step !== 'setup')
        for (const [side, hand] of Object.entries(s.hands))
          assert(hand.length <= rules.orders.handLimit, () => `${side} holds ${hand.length} cards in ${s.step}`);
      // Spells only while the side's caster is in play.
      if (move.kind === 'cast') {
        const caster = rules.casters[before.active];
        assert(
          before.creatures.some((c) => c.creature === caster && c.side === before.active && c.hits > 0 && c.square >= 0),
          () => `${before.active} cast with no ${caster} in play`,
        );
      }
    };
    let moves = 0;
    for (let seed = 0; seed < 50 + GAMES; seed++) moves += fuzzGame(game, content, seed, ['random', 'random'], false, check).moves;
    for (let seed = 1000; seed < 1010; seed++) moves += fuzzGame(game, content, seed, ['greedy', 'random'], true, check).moves;
    expect(moves).toBeGreaterThan(0);
  }, 120_000);
});
