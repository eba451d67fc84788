// Archon Skirmish's player views (docs/game-log.md "Player views"): each side sees its own hand,
// the board and the discard pile, but not the other side's hand nor the draw pile; bots decide from
// that view alone, and a log line shows a side only what it may see.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { archonRules, archonSkirmishGame as game, UNSEEN_CARD, type ArchonMove, type ArchonState } from '../src/engine/archon-skirmish/index.js';
import { isSave } from '../src/engine/archon-skirmish/moves.js';
import { bot } from '../src/engine/core/bots.js';
import type { Game, GameEvent } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { knownState } from '../src/engine/core/view.js';
import { chooser } from './helpers.js';

const PACK = fileURLToPath(new URL('../content/archon-skirmish/', import.meta.url));
const content = loadContent([PACK]).packs.get('archon-skirmish') as PackContent;
const rules = archonRules(content);
const [LIGHT, DARK] = rules.sides;
const other = (side: string) => (side === LIGHT ? DARK : LIGHT);
type ArchonGame = Game<PackContent, ArchonState, ArchonMove>;
/** The game with every side seeing everything: what the bots saw before player views. */
const { playerView: _v, determinize: _d, viewEvent: _e, ...openGame } = game as ArchonGame;

/** Plays random moves (a test chooser) from `seed` until `until` holds, or the game ends; every state and the events on the way. */
function playUntil(seed: number, until: (s: ArchonState) => boolean, each?: (s: ArchonState, events: readonly GameEvent[]) => void): ArchonState {
  const pick = chooser(seed);
  const setup = game.setup(content, seed);
  let state = setup.state;
  each?.(state, setup.events);
  while (!state.result && !until(state)) {
    const moves = game.legalMoves(content, state);
    const played = game.play(content, state, moves[pick(moves.length)]!);
    state = played.state;
    each?.(state, played.events);
  }
  return state;
}

const saveOf = (side: string) => (card: string) => isSave(rules, rules.cardById.get(card)!, side);

/**
 * A Battle Phase where the side to act may attack, and two states of it that differ only in what
 * that side cannot see: the other side holds a Save in one and none in the other (the cards of
 * its hand and the deck exchanged), and the deck is in another order.
 */
function twins(): [ArchonState, ArchonState] {
  for (let seed = 1; seed < 500; seed++) {
    const s = playUntil(seed, (x) => x.step === 'battle' && x.turn > 6 && game.legalMoves(content, x).some((m) => m.kind === 'attack'));
    if (s.result) continue;
    const foe = other(s.active);
    const hand = s.hands[foe]!;
    const pool = [...hand, ...s.deck];
    const saves = pool.filter(saveOf(foe));
    const rest = pool.filter((c) => !saveOf(foe)(c));
    if (hand.length === 0 || saves.length === 0 || rest.length < hand.length) continue;
    const withSave = [...saves, ...rest];
    const without = [...rest, ...saves];
    const a = { ...s, hands: { ...s.hands, [foe]: withSave.slice(0, hand.length) }, deck: withSave.slice(hand.length) };
    const b = { ...s, hands: { ...s.hands, [foe]: without.slice(0, hand.length) }, deck: without.slice(hand.length).reverse() };
    return [a, b];
  }
  throw new Error('no seed reaches a Battle Phase with an attack and a Save to hide');
}

describe("Archon Skirmish player views: hands are private, the deck's order hidden", () => {
  const [a, b] = twins();
  const side = a.active;
  const moves = game.legalMoves(content, a);

  it("two states that differ only in the other side's hand and the deck order give equal views, with the counts kept", () => {
    expect(a.hands[other(side)]).not.toEqual(b.hands[other(side)]);
    expect(game.legalMoves(content, b)).toEqual(moves);
    const va = game.playerView!(content, a, side);
    expect(JSON.stringify(game.playerView!(content, b, side))).toBe(JSON.stringify(va));
    expect(va.hands[other(side)]).toEqual(a.hands[other(side)]!.map(() => UNSEEN_CARD));
    expect(va.deck).toEqual(a.deck.map(() => UNSEEN_CARD));
    // What the side may see is shown as it is: its own hand, the discard pile, the board.
    expect(va.hands[side]).toEqual(a.hands[side]);
    expect(va.discard).toEqual(a.discard);
    expect(va.creatures).toEqual(a.creatures);
    expect(game.playerView!(content, a, side)).not.toBe(a); // a copy: the state is never changed
  });

  it('the greedy and search bots choose the same move from both (a bot that saw everything would not)', () => {
    const choice = (g: ArchonGame, s: ArchonState, seed: number, name: 'greedy' | 'search') =>
      JSON.stringify(bot(name).choose(g, content, s, moves, seedRandom(seed)).move);
    let openDiffers = 0;
    for (let seed = 0; seed < 20; seed++) {
      expect(choice(game, a, seed, 'greedy'), `greedy, seed ${seed}`).toBe(choice(game, b, seed, 'greedy'));
      if (choice(openGame, a, seed, 'greedy') !== choice(openGame, b, seed, 'greedy')) openDiffers++;
    }
    for (let seed = 0; seed < 3; seed++) expect(choice(game, a, seed, 'search'), `search, seed ${seed}`).toBe(choice(game, b, seed, 'search'));
    // The Save held or not changes what an attack does, so a bot reading the hand would see it.
    expect(openDiffers).toBeGreaterThan(0);
  });

  it("determinize deals the unseen cards (every card but the side's hand and the discards) into the hidden places, from the view alone", () => {
    const view = game.playerView!(content, a, side);
    const dealt = game.determinize!(content, view, side, seedRandom(3)).state;
    expect(dealt.hands[side]).toEqual(a.hands[side]);
    expect(dealt.hands[other(side)]).toHaveLength(a.hands[other(side)]!.length);
    expect(dealt.deck).toHaveLength(a.deck.length);
    const sorted = (xs: readonly string[]) => [...xs].sort();
    expect(sorted([...dealt.hands[other(side)]!, ...dealt.deck])).toEqual(sorted([...a.hands[other(side)]!, ...a.deck]));
    expect(game.legalMoves(content, dealt)).toEqual(moves);
    // Another draw of the bot's deals another way; the same draw from the other twin's view deals the same.
    expect(game.determinize!(content, view, side, seedRandom(4)).state.deck).not.toEqual(dealt.deck);
    expect(game.determinize!(content, game.playerView!(content, b, side), side, seedRandom(3)).state).toEqual(dealt);
  });
});

describe('Archon Skirmish player views over 300 seeded random games', () => {
  it("no view shows a card of the other side's hand or of the deck; determinize keeps the active side's moves", () => {
    let states = 0;
    let lines = 0;
    for (let seed = 1; seed <= 300; seed++) {
      playUntil(
        seed,
        () => false,
        (s, events) => {
          states++;
          for (const side of rules.sides) {
            const v = game.playerView!(content, s, side);
            const foe = other(side);
            // Hidden: the other hand and the deck, each card marked, the counts kept.
            if (v.hands[foe]!.length !== s.hands[foe]!.length || v.hands[foe]!.some((c) => c !== UNSEEN_CARD))
              throw new Error(`seed ${seed}: ${side} sees ${foe}'s hand ${JSON.stringify(v.hands[foe])}`);
            if (v.deck.length !== s.deck.length || v.deck.some((c) => c !== UNSEEN_CARD)) throw new Error(`seed ${seed}: ${side} sees the deck`);
            // Everything else is the state's own.
            for (const key of Object.keys(s) as (keyof ArchonState)[])
              if (key !== 'hands' && key !== 'deck' && v[key] !== s[key]) throw new Error(`seed ${seed}: ${side}'s view changes ${key}`);
            if (v.hands[side] !== s.hands[side]) throw new Error(`seed ${seed}: ${side}'s view changes its own hand`);
            for (const e of events) {
              const seen = game.viewEvent!(content, e, side, s);
              lines++;
              if (seen === null) continue;
              if (seen.type === 'draw' && 'order' in seen) throw new Error(`seed ${seed}: ${side} sees a shuffle's order`);
              if (seen.type === 'setup' && 'seed' in seen) throw new Error(`seed ${seed}: ${side} sees the seed`);
              if (seen.effect === 'draw-card' && seen.side === foe && 'card' in seen) throw new Error(`seed ${seed}: ${side} sees ${foe}'s draw`);
            }
          }
          if (s.result) return;
          // The moves offered to the side to act are the real state's, whatever its bot draws.
          const known = knownState(game as ArchonGame, content, s, s.active, seedRandom(states)).state;
          const real = game.legalMoves(content, s);
          const dealt = game.legalMoves(content, known);
          if (real.length !== dealt.length || real.some((m, i) => JSON.stringify(m) !== JSON.stringify(dealt[i])))
            throw new Error(`seed ${seed}: determinize changes ${s.active}'s moves in step ${s.step}`);
        },
      );
    }
    expect(states).toBeGreaterThan(50_000);
    expect(lines).toBeGreaterThan(states);
  }, 120_000);
});

describe('Archon Skirmish log lines as each side sees them', () => {
  // Archon's viewEvent does not read the state after the move: any state will do.
  const start = game.setup(content, 1).state;
  const view = (e: GameEvent, side: string) => game.viewEvent!(content, e, side, start);

  it("a draw shows the drawer its card and the other side only that a card was drawn; a shuffle's order and the seed are hidden from both", () => {
    const { events } = game.setup(content, 1);
    for (const side of rules.sides)
      expect(view(events[0]!, side)).toEqual({ type: 'setup', pack: 'archon-skirmish', scenario: 'standard-game', sides: [LIGHT, DARK], first: LIGHT });
    const shuffle = events.find((e) => e.type === 'draw')!;
    for (const side of rules.sides) expect(view(shuffle, side)).toEqual({ type: 'draw', what: 'shuffle', pile: 'deck', rule: shuffle.rule, cards: 50 });
    const drawn: GameEvent[] = [];
    playUntil(
      1,
      (s) => s.turn > 2,
      (_s, es) => drawn.push(...es.filter((e) => e.effect === 'draw-card')),
    );
    const mine = drawn[0]!;
    expect(view(mine, mine.side as string)).toBe(mine);
    expect(view(mine, other(mine.side as string))).toEqual({ type: 'effect', effect: 'draw-card', rule: mine.rule, side: mine.side });
  });

  it("plays and discards are open; the attacker's log leaves out the Save step the defender passed", () => {
    const lines: GameEvent[] = [];
    let attacker = '';
    // A game where a defender holding a Save lets an attack through.
    for (let seed = 1; !lines.some((e) => e.effect === 'no-save'); seed++) {
      lines.length = 0;
      playUntil(
        seed,
        (s) => s.step === 'battle' && lines.some((e) => e.effect === 'no-save'),
        (s, es) => {
          lines.push(...es);
          if (s.step === 'save') attacker = s.turnSide;
        },
      );
    }
    const defender = other(attacker);
    // The last Save step (an earlier one may have been answered with a Save).
    let at = -1;
    lines.forEach((e, i) => {
      if (e.type === 'phase' && e.phase === 'save' && e.side === defender) at = i;
    });
    const step = lines.slice(at, lines.findIndex((e, i) => i > at && e.type === 'phase' && e.resumed === true) + 1);
    expect(step.map((e) => e.effect ?? e.phase ?? e.type)).toEqual(['save', 'move', 'no-save', 'battle']);
    for (const e of step) expect(view(e, attacker)).toBeNull();
    for (const e of step) expect(view(e, defender)).toBe(e);
    const played = lines.find((e) => e.effect === 'play-card' || e.effect === 'discard')!;
    for (const side of rules.sides) expect(view(played, side)).toBe(played);
  });
});
