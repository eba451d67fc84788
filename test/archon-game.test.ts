// Archon Skirmish as a whole, through the game loop: the same seed and moves give the same states
// and log, and thousands of seeded random games keep the game's invariants after every move.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_MOVES } from '../src/analysis/simulate-game.js';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { sampleIndices, seedRandom } from '../src/engine/core/random.js';
import { ARCHON_RULES_RUN, archonSkirmishGame as game, type ArchonMove, type ArchonState } from '../src/engine/archon-skirmish/index.js';
import { shuffle } from '../src/engine/archon-skirmish/deck.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { chooser } from './helpers.js';

const PACK = fileURLToPath(new URL('../content/archon-skirmish/', import.meta.url));
const content = loadContent([PACK]).packs.get('archon-skirmish') as PackContent;

function randomGame(seed: number, check?: (before: ArchonState, move: ArchonMove, after: ArchonState, events: readonly GameEvent[]) => void) {
  const pick = chooser(seed);
  const setup = game.setup(content, seed);
  let state = setup.state;
  const log: GameEvent[] = [...setup.events];
  const states: ArchonState[] = [state];
  // The text has no end but victory: a game nobody wins is stopped where simulate stops it (--max-moves).
  for (let step = 0; !state.result && step < DEFAULT_MAX_MOVES; step++) {
    const moves = game.legalMoves(content, state);
    if (moves.length === 0) throw new Error(`seed ${seed}: no legal move in a game that is not over (turn ${state.turn}, step ${state.step})`);
    const move = moves[pick(moves.length)]!;
    const { state: next, events } = game.play(content, state, move);
    check?.(state, move, next, events);
    log.push(...events);
    states.push(next);
    state = next;
  }
  return { state, log, states };
}

const DECK = (() => {
  const deck = content.records.deck!['common-deck'] as { cards: { card: string; copies: number }[] };
  return deck.cards.flatMap((c) => Array<string>(c.copies).fill(c.card)).sort();
})();

describe('Archon Skirmish games', () => {
  it('determinism: the same seed and the same moves give the same states and log', () => {
    for (const seed of [1, 2, 99]) {
      const a = randomGame(seed);
      const b = randomGame(seed);
      expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
      expect(JSON.stringify(b.states)).toBe(JSON.stringify(a.states));
      // Replaying the logged moves alone gives the same final state.
      let s = game.setup(content, seed).state;
      for (const e of a.log) if (e.type === 'move') s = game.play(content, s, e.move as unknown as ArchonMove).state;
      expect(s).toEqual(a.state);
    }
    // Another seed shuffles the deck otherwise.
    expect(game.setup(content, 1).state.deck).not.toEqual(game.setup(content, 2).state.deck);
  });

  it("the shared 50-card deck is shuffled with the state's seeded generator (the same draws as sampleIndices)", () => {
    const random = seedRandom(42);
    const cards = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const mine = shuffle(random, cards);
    const core = sampleIndices(random, 50, 50);
    expect(mine.cards).toEqual(core.value.map((i) => cards[i]));
    expect(mine.random).toEqual(core.random);
    const { state, events } = game.setup(content, 5);
    expect([...state.deck].sort()).toEqual(DECK);
    expect(events.find((e) => e.type === 'draw')).toMatchObject({ what: 'shuffle', pile: 'deck', order: state.deck });
  });

  it('fuzz: 2,000 seeded random games keep every invariant after every move, and nearly all end in a win', () => {
    const rules = {
      handLimit: 5,
      casters: { light: 'wizard', dark: 'sorceress' } as Record<string, string>,
      maxHits: {} as Record<string, number>,
    };
    for (const [id, c] of Object.entries(content.records.creature as Record<string, { hits: number }>)) rules.maxHits[id] = c.hits;
    const ends: Record<string, number> = {};
    let moves = 0;
    const check = (before: ArchonState, move: ArchonMove, s: ArchonState, events: readonly GameEvent[]) => {
      moves++;
      // No two creatures on a square; the board and the creatures agree.
      let onBoard = 0;
      for (let i = 0; i < s.creatures.length; i++) {
        const c = s.creatures[i]!;
        if (c.square >= 0) {
          onBoard++;
          if (s.squares[c.square] !== i) throw new Error(`${c.id} is not on its square ${c.square}`);
        }
        // Hits within 0..max; killed creatures are off the board.
        if (c.hits < 0 || c.hits > rules.maxHits[c.creature]!) throw new Error(`${c.id} has ${c.hits} hits`);
        if (before.step !== 'setup' && s.step !== 'setup' && (c.hits === 0) !== c.square < 0) throw new Error(`${c.id}: hits ${c.hits} at ${c.square}`);
        if (c.imprisoned < 0 || c.imprisoned > 3) throw new Error(`${c.id} imprisoned ${c.imprisoned}`);
      }
      if (s.squares.filter((x) => x !== -1).length !== onBoard) throw new Error('a square holds a creature that is elsewhere');
      // Hands within the limit once the Orders discard is done.
      for (const side of ['light', 'dark']) {
        const n = s.hands[side]!.length;
        if (n > rules.handLimit && !(s.step === 'orders' && s.active === side)) throw new Error(`${side} holds ${n} cards at ${s.step}`);
      }
      // The 50 cards always all accounted for.
      const all = [...s.deck, ...s.discard, ...s.hands.light!, ...s.hands.dark!];
      if (all.length !== 50 || JSON.stringify(all.sort()) !== JSON.stringify(DECK)) throw new Error(`cards: ${all.length}`);
      // Spells only while the side's caster lives.
      if (move.kind === 'cast') {
        const caster = before.creatures.find((c) => c.creature === rules.casters[before.active] && c.side === before.active);
        if (!caster || caster.square < 0) throw new Error(`${before.active} cast ${move.card} without its caster`);
      }
      for (const m of s.result ? [] : game.legalMoves(content, s)) {
        if (m.kind === 'cast') {
          const caster = s.creatures.find((c) => c.creature === rules.casters[s.active] && c.side === s.active);
          if (!caster || caster.square < 0) throw new Error(`${s.active} is offered ${m.card} without its caster`);
        }
      }
      if (s.result && !events.some((e) => e.type === 'end')) throw new Error('the game ended without an end event');
    };
    for (let seed = 1; seed <= 2000; seed++) {
      const { state } = randomGame(seed, check);
      const key = state.result === null ? 'unfinished' : `${state.result.winner}: ${state.result.reason}`;
      ends[key] = (ends[key] ?? 0) + 1;
    }
    expect(Object.values(ends).reduce((a, b) => a + b, 0)).toBe(2000);
    // Random play ends both ways, nearly always by a win (a game is never a draw: the text has none).
    expect(Object.keys(ends).some((k) => k.startsWith('null'))).toBe(false);
    expect(ends.unfinished ?? 0).toBeLessThan(20);
    expect(moves).toBeGreaterThan(100_000);
  }, 120_000);

  it('ARCHON_RULES_RUN: every rule key of the pack names a test that plays it', async () => {
    const { collectRules } = await import('../src/content/rules.js');
    const { validate } = await import('../src/content/validate.js');
    const result = validate([PACK]);
    const pack = result.packs[0]!;
    const records = [...pack.records.values()].flat();
    const keys = collectRules(records)
      .map((r) => r.key)
      .sort();
    expect(Object.keys(ARCHON_RULES_RUN).sort()).toEqual(keys);
    const titles = new Set<string>();
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = fileURLToPath(new URL('.', import.meta.url));
    for (const f of readdirSync(dir).filter((f) => /^archon-.*\.test\.ts$/.test(f))) {
      for (const m of readFileSync(`${dir}/${f}`, 'utf8').matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) titles.add(m[2]!.replace(/\\'/g, "'"));
    }
    for (const [key, title] of Object.entries(ARCHON_RULES_RUN)) expect(titles.has(title), `${key}: ${title}`).toBe(true);
  });
});
