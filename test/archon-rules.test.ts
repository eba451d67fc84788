// Archon Skirmish, rule by rule, played through the game loop: every test starts from a game set
// up by `setup` and placement moves, arranges the plain JSON state where a rule needs a position
// (creatures on squares, cards in hands, all 50 cards still accounted for), and then plays the
// rule only through `legalMoves` and `play`. Each test's title is what ARCHON_RULES_RUN names.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { IllegalMove } from '../src/engine/core/game.js';
import { archonSkirmishGame as game, type ArchonMove, type ArchonState } from '../src/engine/archon-skirmish/index.js';
import { chooser } from './helpers.js';

const PACK = fileURLToPath(new URL('../content/archon-skirmish/', import.meta.url));
const loaded = loadContent([PACK]);
const content = loaded.packs.get('archon-skirmish') as PackContent;

const FILES = 'abcdefgh';
const sq = (name: string) => (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]!);
const name = (i: number) => `${FILES[i % 8]}${Math.floor(i / 8) + 1}`;

/** A game set up and placed: each side's creatures in army order on a..h of its back row; Light's first turn, Move Phase. */
function started(seed = 1, c: PackContent = content): ArchonState {
  let state = game.setup(c, seed).state;
  while (state.step === 'setup') state = game.play(c, state, game.legalMoves(c, state)[0]!).state;
  return state;
}

interface Arrangement {
  /** Creature -> square; creatures not named keep their square unless `only` is set. */
  readonly at?: Record<string, string>;
  /** When true, creatures not in `at` are removed (killed). */
  readonly only?: boolean;
  readonly hands?: { readonly light?: readonly string[]; readonly dark?: readonly string[] };
  readonly hits?: Record<string, number>;
}

/** The state with creatures and hands arranged; every card stays accounted for (hands come out of the piles). */
function arrange(state: ArchonState, a: Arrangement): ArchonState {
  const squares = new Array<number>(64).fill(-1);
  const creatures = state.creatures.map((c, i) => {
    const at = a.at?.[c.id];
    const square = at !== undefined ? sq(at) : a.only ? -1 : c.square;
    const hits = square === -1 ? 0 : (a.hits?.[c.id] ?? c.hits);
    if (square !== -1) {
      expect(squares[square], `two creatures on ${at}`).toBe(-1);
      squares[square] = i;
    }
    return { ...c, square, hits };
  });
  let pool = [...state.deck, ...state.discard, ...state.hands.light!, ...state.hands.dark!];
  const hands: Record<string, string[]> = { light: [], dark: [] };
  for (const side of ['light', 'dark'] as const) {
    for (const card of a.hands?.[side] ?? state.hands[side]!) {
      const i = pool.indexOf(card);
      expect(i, `a ${card} left for ${side}`).toBeGreaterThanOrEqual(0);
      pool = [...pool.slice(0, i), ...pool.slice(i + 1)];
      hands[side]!.push(card);
    }
  }
  return { ...state, squares, creatures, hands, deck: pool, discard: [] };
}

function play(state: ArchonState, move: ArchonMove, c: PackContent = content) {
  return game.play(c, state, move);
}
function moves(state: ArchonState, kind?: string, c: PackContent = content): ArchonMove[] {
  return game.legalMoves(c, state).filter((m) => kind === undefined || m.kind === kind) as ArchonMove[];
}
/** A copy of the pack's content (in memory, the YAML untouched) with fields of one spell's effect replaced. */
function withSpellEffect(spell: string, change: Record<string, unknown>): PackContent {
  const record = content.records.spell![spell]! as unknown as { effects: Record<string, unknown>[] };
  const edited = { ...record, effects: [{ ...record.effects[0]!, ...change }] };
  return { ...content, records: { ...content.records, spell: { ...content.records.spell, [spell]: edited as never } } };
}
type Cast = Extract<ArchonMove, { kind: 'cast' }>;
function creature(state: ArchonState, id: string) {
  return state.creatures.find((c) => c.id === id)!;
}
const at = (state: ArchonState, id: string) => {
  const c = creature(state, id);
  return c.square < 0 ? null : name(c.square);
};
/** Plays pass until `side`'s `step` (or the game ends), answering any Save with pass. */
function passUntil(state: ArchonState, side: string, step: string, c: PackContent = content): ArchonState {
  let s = state;
  for (let n = 0; n < 50 && !(s.active === side && s.step === step) && !s.result; n++) {
    const ms = moves(s, undefined, c);
    const m = ms.find((x) => x.kind === 'pass') ?? ms.find((x) => x.kind === 'discard')!;
    s = play(s, m, c).state;
  }
  return s;
}
const cardsIn = (s: ArchonState) => s.deck.length + s.discard.length + s.hands.light!.length + s.hands.dark!.length;

describe('Archon Skirmish set-up and turns', () => {
  it('set-up: each player places one creature on each square of his back row, first Light then Dark, no stacking', () => {
    const { state: s0, events } = game.setup(content, 7);
    expect(events.filter((e) => e.type === 'draw' && e.what === 'shuffle')).toHaveLength(1);
    expect(s0.step).toBe('setup');
    expect(s0.active).toBe('light');
    // Light places its 8 creatures, one move each, on any empty square of rank 1.
    const first = moves(s0);
    expect(first.map((m) => (m as { square: string }).square)).toEqual(['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']);
    let s = play(s0, { kind: 'place', creature: 'wizard', square: 'e1' }).state;
    expect(moves(s).map((m) => (m as { square: string }).square)).not.toContain('e1');
    expect(() => play(s, { kind: 'place', creature: 'unicorn', square: 'e1' })).toThrow(IllegalMove);
    expect(() => play(s, { kind: 'place', creature: 'unicorn', square: 'e2' })).toThrow(IllegalMove);
    for (let n = 0; n < 7; n++) s = play(s, moves(s)[0]!).state;
    expect(s.active).toBe('dark');
    expect(moves(s).every((m) => m.kind === 'place' && m.square.endsWith('8'))).toBe(true);
    for (let n = 0; n < 8; n++) s = play(s, moves(s).at(-1)!).state;
    // Each player has 8 unique creatures, all on their back rows; Light's first turn begins.
    for (const side of ['light', 'dark']) {
      const mine = s.creatures.filter((c) => c.side === side);
      expect(new Set(mine.map((c) => c.creature)).size).toBe(8);
      expect(mine.every((c) => name(c.square).endsWith(side === 'light' ? '1' : '8'))).toBe(true);
    }
    expect(at(s, 'wizard')).toBe('e1');
    expect(s.turn).toBe(1);
    expect(s.turnSide).toBe('light');
  });

  it('a scenario without the no-stacking rule is refused: the board holds one creature a square', () => {
    const scenario = content.records.scenario!['standard-game']! as unknown as { specialRules: { id: string }[] };
    expect(scenario.specialRules.map((r) => r.id)).toEqual(['no-stacking']);
    const stacking = { ...content, records: { ...content.records, scenario: { 'standard-game': { ...scenario, specialRules: [] } } } };
    expect(() => game.setup(stacking as never, 1)).toThrow(
      /scenario standard-game: the game plays one creature a square; the scenario's special rules must state it/,
    );
  });

  it('turn sequence: players take turns, each turn Orders, Move, Battle', () => {
    const s0 = started();
    const { state: s1, events } = play(s0, { kind: 'pass' });
    expect(s1.step).toBe('battle');
    expect(events.filter((e) => e.type === 'phase').map((e) => e.phase)).toEqual(['battle']);
    const { state: s2, events: e2 } = play(s1, { kind: 'pass' });
    expect(e2.filter((e) => e.type === 'turn' || e.type === 'phase').map((e) => `${e.type}:${e.phase ?? e.side}`)).toEqual([
      'turn:dark',
      'phase:orders',
      'phase:move',
    ]);
    expect([s2.turn, s2.active, s2.step]).toEqual([2, 'dark', 'move']);
  });

  it('Orders: draw 2 cards from the shared deck at the start of each turn', () => {
    const s0 = game.setup(content, 3).state;
    const deck = s0.deck;
    let s = s0;
    while (s.step === 'setup') s = play(s, moves(s)[0]!).state;
    expect(s.hands.light).toEqual(deck.slice(0, 2));
    expect(s.hands.dark).toEqual([]);
    const { state: s2, events } = play(play(s, { kind: 'pass' }).state, { kind: 'pass' });
    expect(s2.hands.dark).toEqual(deck.slice(2, 4));
    expect(events.filter((e) => e.effect === 'draw-card').map((e) => e.card)).toEqual(deck.slice(2, 4));
    expect(cardsIn(s2)).toBe(50);
  });

  it('Orders: when the deck runs out, the discard is shuffled (seeded, logged) and drawn from', () => {
    const s0 = started();
    // One card left in the deck: Dark's draw takes it, shuffles the discard, and draws the second card from it.
    const pool = [...s0.deck, ...s0.hands.light!];
    const s = { ...s0, hands: { light: [], dark: [] }, deck: [pool[0]!], discard: pool.slice(1) };
    const { state: s1 } = play(s, { kind: 'pass' });
    const { state: s2, events } = play(s1, { kind: 'pass' });
    const shuffle = events.find((e) => e.type === 'draw' && e.what === 'shuffle')!;
    expect(shuffle).toMatchObject({ pile: 'discard', rule: 'phase/orders/reshuffle' });
    expect((shuffle.order as string[]).length).toBe(49);
    expect(s2.hands.dark).toEqual([pool[0], (shuffle.order as string[])[0]]);
    expect(s2.discard).toEqual([]);
    expect(s2.deck).toEqual((shuffle.order as string[]).slice(1));
    expect(cardsIn(s2)).toBe(50);
  });

  it('Orders: max hand size 5, the player discards the excess cards of his choice', () => {
    const s0 = arrange(started(), { hands: { light: [], dark: ['move-1', 'move-1', 'attack-1', 'heal', 'light-save'] } });
    let s = play(s0, { kind: 'pass' }).state;
    s = play(s, { kind: 'pass' }).state;
    // Dark drew 2: 7 cards, two over the limit; only discards are legal.
    expect(s.step).toBe('orders');
    expect(s.hands.dark).toHaveLength(7);
    expect(moves(s).every((m) => m.kind === 'discard')).toBe(true);
    expect(moves(s)).toContainEqual({ kind: 'discard', card: 'light-save' });
    s = play(s, { kind: 'discard', card: 'light-save' }).state;
    expect(s.step).toBe('orders');
    s = play(s, { kind: 'discard', card: 'move-1' }).state;
    expect(s.hands.dark).toHaveLength(5);
    expect(s.step).toBe('move');
    expect(s.discard).toEqual(['light-save', 'move-1']);
    expect(cardsIn(s)).toBe(50);
  });
});

describe('Archon Skirmish Move Phase', () => {
  it('move: a Move card moves one creature exactly its number of squares, diagonal or orthogonal', () => {
    const s0 = arrange(started(), { at: { unicorn: 'd4' }, only: false, hands: { light: ['move-2'] } });
    const to = moves(s0, 'move')
      .filter((m) => m.kind === 'move' && m.creature === 'unicorn')
      .map((m) => (m as Extract<ArchonMove, { kind: 'move' }>).to)
      .sort();
    // Exactly 2 squares along the 8 queen lines from d4 (the back row b2/d2/f2 are empty squares of rank 2).
    expect(to).toEqual(['b2', 'b4', 'b6', 'd2', 'd6', 'f2', 'f4', 'f6']);
    const { state, events } = play(s0, { kind: 'move', card: 'move-2', creature: 'unicorn', to: 'f6' });
    expect(at(state, 'unicorn')).toBe('f6');
    expect(state.hands.light).toEqual([]);
    expect(state.discard).toEqual(['move-2']);
    expect(events.find((e) => e.effect === 'move')).toMatchObject({ creature: 'unicorn', from: 'd4', to: 'f6' });
    expect(() => play(s0, { kind: 'move', card: 'move-2', creature: 'unicorn', to: 'e6' })).toThrow(IllegalMove);
  });

  it('move: creatures cannot move through or onto other creatures; Flyers move over them', () => {
    const s0 = arrange(started(), { at: { golem: 'c3', valkyrie: 'a3', troll: 'b3', goblin: 'a5' }, hands: { light: ['move-2', 'move-4'] } });
    // Golem (Move 2, no Flyer) from c3: west is blocked by the Troll on b3.
    const golem = moves(s0, 'move')
      .filter((m) => m.kind === 'move' && m.creature === 'golem')
      .map((m) => (m as Extract<ArchonMove, { kind: 'move' }>).to);
    expect(golem).not.toContain('a3');
    expect(golem).toContain('e3');
    // Valkyrie (Flyer, Move 4) from a3 flies over the Troll on b3 to c3? No: c3 is occupied. Over b3 and c3 to e3 with Move 4.
    const valk = moves(s0, 'move')
      .filter((m) => m.kind === 'move' && m.creature === 'valkyrie')
      .map((m) => `${(m as { card: string }).card}:${(m as Extract<ArchonMove, { kind: 'move' }>).to}`);
    expect(valk).toContain('move-4:e3');
    expect(valk).not.toContain('move-2:c3'); // cannot end on a creature
    expect(valk).toContain('move-2:a5'.replace('a5', 'c5')); // diagonal over b4 (empty) is fine either way
    expect(valk).not.toContain('move-2:a5'); // the Goblin stands there
    const { state } = play(s0, { kind: 'move', card: 'move-4', creature: 'valkyrie', to: 'e3' });
    expect(at(state, 'valkyrie')).toBe('e3');
  });

  it('move limit: a creature may use only Move cards up to its Move value', () => {
    const s0 = arrange(started(), { at: { wizard: 'd4', djinni: 'a3' }, hands: { light: ['move-3', 'move-5'] } });
    const users = (card: string) =>
      new Set(
        moves(s0, 'move')
          .filter((m) => (m as { card: string }).card === card)
          .map((m) => (m as { creature: string }).creature),
      );
    expect(users('move-3').has('wizard')).toBe(false); // Wizard Move 2
    expect(users('move-3').has('djinni')).toBe(true);
    expect(users('move-5').has('djinni')).toBe(true); // Djinni Move 5F
    expect(users('move-5').has('unicorn')).toBe(false); // Unicorn Move 4
    expect(() => play(s0, { kind: 'move', card: 'move-3', creature: 'wizard', to: 'd7' })).toThrow(IllegalMove);
  });

  it('move: one Move card per Move Phase, then the Battle Phase', () => {
    const s0 = arrange(started(), { hands: { light: ['move-1', 'move-1'] } });
    const { state } = play(s0, { kind: 'move', card: 'move-1', creature: 'knight', to: 'h2' });
    expect(state.step).toBe('battle');
    expect(state.hands.light).toEqual(['move-1']);
  });

  it('group forward move: one Move card moves one or more creatures forward its number of squares', () => {
    const s0 = arrange(started(), { hands: { light: ['move-2'] }, at: { troll: 'c4' } });
    const starts = moves(s0, 'forward');
    // Every Light creature with Move >= 2 may start the group straight ahead, two ranks up its file.
    expect(starts.map((m) => `${(m as { creature: string }).creature}:${(m as Extract<ArchonMove, { kind: 'forward' }>).to}`).sort()).toEqual(
      ['archer:c3', 'djinni:f3', 'golem:d3', 'knight:h3', 'phoenix:g3', 'unicorn:b3', 'valkyrie:e3', 'wizard:a3'].sort(),
    );
    let s = play(s0, { kind: 'forward', card: 'move-2', creature: 'archer', to: 'c3' }).state;
    expect(s.step).toBe('move');
    // A further creature, without a card; the Archer has gone; the card is spent once.
    expect(moves(s, 'forward').every((m) => !('card' in m) && (m as { creature: string }).creature !== 'archer')).toBe(true);
    s = play(s, { kind: 'forward', creature: 'golem', to: 'd3' }).state;
    s = play(s, { kind: 'forward', creature: 'knight', to: 'h3' }).state;
    s = play(s, { kind: 'pass' }).state;
    expect([at(s, 'archer'), at(s, 'golem'), at(s, 'knight')]).toEqual(['c3', 'd3', 'h3']);
    expect(s.discard).toEqual(['move-2']);
    expect(s.step).toBe('battle');
    // Dark's forward is toward rank 1.
    s = passUntil(arrange(s, { hands: { light: [], dark: ['move-1'] } }), 'dark', 'move');
    expect(moves(s, 'forward').every((m) => (m as Extract<ArchonMove, { kind: 'forward' }>).to.endsWith('7'))).toBe(true);
  });
});

describe('Archon Skirmish Battle Phase', () => {
  it("attack range: an Attack card reaches an enemy on a queen line up to its number, within the creature's Attack", () => {
    const s0 = passUntil(
      arrange(started(), { at: { archer: 'd4', troll: 'd7', goblin: 'g7', basilisk: 'a4' }, hands: { light: ['attack-3', 'attack-2'] } }),
      'light',
      'battle',
    );
    const targets = (card: string) =>
      moves(s0, 'attack')
        .filter((m) => (m as { card: string }).card === card && (m as { creature: string }).creature === 'archer')
        .map((m) => (m as { target: string }).target)
        .sort();
    expect(targets('attack-3')).toEqual(['basilisk', 'goblin', 'troll']); // d7 (3 up), g7 (3 diagonal), a4 (3 left)
    expect(targets('attack-2')).toEqual([]);
    const { state, events } = play(s0, { kind: 'attack', card: 'attack-3', creature: 'archer', target: 'troll' });
    expect(events.find((e) => e.effect === 'attack')).toMatchObject({ creature: 'archer', target: 'troll', from: 'd4', at: 'd7' });
    expect(creature(state, 'troll').hits).toBe(2);
  });

  it('attack limit: a creature may use only Attack cards up to its Attack value', () => {
    const s0 = passUntil(
      arrange(started(), { at: { knight: 'd4', troll: 'd5', golem: 'e4', goblin: 'g6' }, hands: { light: ['attack-1', 'attack-2'] } }),
      'light',
      'battle',
    );
    const by = (c: string) =>
      moves(s0, 'attack')
        .filter((m) => (m as { creature: string }).creature === c)
        .map((m) => (m as { card: string }).card);
    expect(by('knight')).toEqual(['attack-1']); // Knight Attack 1: the Attack 2 card is above it
    expect(by('golem').sort()).toEqual(['attack-1', 'attack-2', 'attack-2']); // the Troll 1 away (any card up to 3), the Goblin 2 diagonal
    expect(() => play(s0, { kind: 'attack', card: 'attack-2', creature: 'knight', target: 'troll' })).toThrow(IllegalMove);
  });

  it('line of sight: an attack cannot pass through any creature, friend or foe', () => {
    const s0 = passUntil(
      arrange(started(), { at: { wizard: 'd4', golem: 'd5', troll: 'd6', goblin: 'f6', banshee: 'e5', dragon: 'b6' }, hands: { light: ['attack-4'] } }),
      'light',
      'battle',
    );
    const targets = moves(s0, 'attack')
      .filter((m) => (m as { creature: string }).creature === 'wizard')
      .map((m) => (m as { target: string }).target)
      .sort();
    // Troll behind the Golem and Goblin behind the Banshee are hidden; the Banshee and Dragon are seen
    // (a diagonal is blocked only by creatures on it: ruling line-of-sight-squares-on-line).
    expect(targets).toEqual(['banshee', 'dragon']);
    expect(() => play(s0, { kind: 'attack', card: 'attack-4', creature: 'wizard', target: 'troll' })).toThrow(IllegalMove);
  });

  it('damage and removal: the target loses one Hit; at zero it is killed and removed from the map', () => {
    const s0 = passUntil(
      arrange(started(), { at: { knight: 'd4', goblin: 'd5', troll: 'e5' }, hands: { light: ['attack-1'] }, hits: { troll: 3 } }),
      'light',
      'battle',
    );
    const { state, events } = play(s0, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'goblin' });
    expect(
      events
        .filter((e) => e.type === 'effect')
        .map((e) => e.effect)
        .slice(0, 4),
    ).toEqual(['play-card', 'attack', 'damage', 'killed']);
    expect(creature(state, 'goblin')).toMatchObject({ hits: 0, square: -1 });
    expect(state.squares[sq('d5')]).toBe(-1);
    expect(moves(state).some((m) => JSON.stringify(m).includes('goblin'))).toBe(false);
  });

  it('attack: one Attack card per Battle Phase, then the turn passes', () => {
    const s0 = passUntil(arrange(started(), { at: { knight: 'd4', troll: 'd5' }, hands: { light: ['attack-1', 'attack-1'] } }), 'light', 'battle');
    const { state } = play(s0, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'troll' });
    expect(state.turnSide).toBe('dark');
    expect(state.hands.light).toEqual(['attack-1']);
  });

  it("an attack's damage is the Battle Phase's rules that fire on its card: the rule edited, or a new card with a rule of its own, play as the data says", () => {
    const battle = content.records.phase!.battle! as unknown as { rules: Record<string, unknown>[] };
    const withBattle = (rules: Record<string, unknown>[], records: Record<string, unknown> = {}): PackContent =>
      ({ ...content, records: { ...content.records, ...records, phase: { ...content.records.phase, battle: { ...battle, rules } } } }) as never;
    const attack = (c: PackContent, card: string) => {
      const s0 = passUntil(arrange(started(1, c), { at: { knight: 'd4', troll: 'd5' }, hands: { light: [card] } }), 'light', 'battle', c);
      const { state, events } = play(s0, { kind: 'attack', card, creature: 'knight', target: 'troll' }, c);
      return { hits: creature(state, 'troll').hits, damage: events.filter((e) => e.type === 'effect' && e.effect === 'damage') };
    };
    const troll = creature(started(), 'troll').hits;
    expect(attack(content, 'attack-1').hits).toBe(troll - 1);
    // The rule `damage` edited to two Hits.
    const twoHits = battle.rules.map((r) => (r.id === 'damage' ? { ...r, do: [{ ...(r.do as object[])[0]!, hits: 2 }] } : r));
    expect(attack(withBattle(twoHits), 'attack-1').hits).toBe(troll - 2);
    // Its trigger no longer naming Attack 1: that card does no damage.
    const notAttack1 = battle.rules.map((r) => (r.id === 'damage' ? { ...r, when: { event: 'card-played', cards: ['attack-2'] } } : r));
    expect(attack(withBattle(notAttack1), 'attack-1')).toEqual({ hits: troll, damage: [] });
    // A designer's new card, "Heavy Attack 1", with a rule of the phase that gives it 2 damage; the deck's Attack 1 cards are Heavy Attacks.
    const card = { ...(content.records.card!['attack-1'] as object), id: 'heavy-attack', name: 'Heavy Attack 1' };
    const deck = content.records.deck!['common-deck'] as unknown as { cards: { card: string; copies: number }[] };
    const heavy = withBattle(
      [
        ...battle.rules,
        {
          id: 'heavy-damage',
          text: 'The target of a Heavy Attack takes two points of damage.',
          when: { event: 'card-played', cards: ['heavy-attack'] },
          do: [{ kind: 'damage', target: { binding: 'subject', side: 'enemy' }, hits: 2 }],
        },
      ],
      {
        card: { ...content.records.card, 'heavy-attack': card },
        deck: { 'common-deck': { ...deck, cards: deck.cards.map((c) => (c.card === 'attack-1' ? { ...c, card: 'heavy-attack' } : c)) } },
      },
    );
    const { hits, damage } = attack(heavy, 'heavy-attack');
    expect(hits).toBe(troll - 2);
    expect(damage).toMatchObject([{ rule: 'phase/battle/heavy-damage', card: 'heavy-attack', hits: { from: troll, to: troll - 2 } }]);
    // The rule `killed` fires on the damage it does: edited to 1 Hit or less, a Troll left with 1 Hit is killed.
    const atOne = battle.rules.map((r) =>
      r.id === 'killed' ? { ...r, do: [{ kind: 'destroy', target: { binding: 'subject', stat: { stat: 'hits', op: 'lte', value: 1 } } }] } : r,
    );
    const left = (c: PackContent) => {
      const s0 = passUntil(
        arrange(started(1, c), { at: { knight: 'd4', troll: 'd5' }, hands: { light: ['attack-1'] }, hits: { troll: 2 } }),
        'light',
        'battle',
        c,
      );
      const { state, events } = play(s0, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'troll' }, c);
      return {
        hits: creature(state, 'troll').hits,
        square: creature(state, 'troll').square,
        killed: events.some((e) => e.type === 'effect' && e.effect === 'killed'),
      };
    };
    expect(left(content)).toEqual({ hits: 1, square: sq('d5'), killed: false });
    expect(left(withBattle(atOne))).toEqual({ hits: 1, square: -1, killed: true });
    // A rule that reads the turn is fired at every attack (its outcome is not kept by the target's Hits alone): 2 Hits from turn 3.
    const fromTurn3 = battle.rules.map((r) =>
      r.id === 'damage' ? { ...r, do: [{ kind: 'damage', target: { binding: 'subject', side: 'enemy' }, hits: 1 }], if: { turn: { op: 'lt', value: 3 } } } : r,
    );
    fromTurn3.push({
      ...fromTurn3.find((r) => r.id === 'damage')!,
      id: 'late-damage',
      if: { turn: { op: 'gte', value: 3 } },
      do: [{ kind: 'damage', target: { binding: 'subject', side: 'enemy' }, hits: 2 }],
    });
    const late = withBattle(fromTurn3);
    const s1 = passUntil(arrange(started(1, late), { at: { knight: 'd4', troll: 'd5' }, hands: { light: ['attack-1'] } }), 'light', 'battle', late);
    const hitsAt = (turn: number) =>
      creature(play({ ...s1, turn }, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'troll' }, late).state, 'troll').hits;
    expect([hitsAt(1), hitsAt(3), hitsAt(1)]).toEqual([troll - 1, troll - 2, troll - 1]);
    // A card's own damage effect is not played: refused, naming the card and what to write instead.
    const withEffect = {
      ...content,
      records: {
        ...content.records,
        card: { ...content.records.card, 'attack-1': { ...card, id: 'attack-1', effects: [{ kind: 'damage', target: {}, hits: 2 }] } },
      },
    };
    expect(() => game.setup(withEffect as never, 1)).toThrow(/card attack-1: the game plays no damage effect of a card \(\/effects\); a rule of its phase/);
  });

  it('saves: the defender may answer an attack on his creature with a Save of his side; the attack does no damage', () => {
    const base = arrange(started(), { at: { knight: 'd4', troll: 'd5' }, hands: { light: ['attack-1', 'attack-1'], dark: ['dark-save', 'light-save'] } });
    const s0 = passUntil(base, 'light', 'battle');
    const { state: s1, events } = play(s0, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'troll' });
    // The defender acts now, offered only his own side's Save, or to take the hit.
    expect(events.at(-1)).toMatchObject({ type: 'phase', phase: 'save', side: 'dark' });
    expect([s1.step, s1.active, s1.turnSide]).toEqual(['save', 'dark', 'light']);
    expect(moves(s1)).toEqual([{ kind: 'save', card: 'dark-save' }, { kind: 'pass' }]);
    expect(() => play(s1, { kind: 'save', card: 'light-save' })).toThrow(IllegalMove);
    const saved = play(s1, { kind: 'save', card: 'dark-save' });
    expect(creature(saved.state, 'troll').hits).toBe(3);
    expect(saved.state.discard).toEqual(['attack-1', 'dark-save']);
    expect(saved.events.find((e) => e.effect === 'save')).toMatchObject({ side: 'dark', card: 'dark-save', target: 'troll' });
    // Declining takes the damage.
    const hit = play(s1, { kind: 'pass' });
    expect(creature(hit.state, 'troll').hits).toBe(2);
    // A defender with no Save of his side is not asked.
    const s2 = passUntil(arrange(started(), { at: { knight: 'd4', troll: 'd5' }, hands: { light: ['attack-1'], dark: ['light-save'] } }), 'light', 'battle');
    expect(play(s2, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'troll' }).state.step).not.toBe('save');
  });
});

describe('Archon Skirmish spells', () => {
  it('exchange: switches the locations of any two friendly creatures (its swap-positions effect, applied by the core effect interpreter)', () => {
    const s0 = arrange(started(), { hands: { light: ['exchange'] } });
    expect(moves(s0, 'cast')).toHaveLength(28); // 8 creatures, any two
    const { state, events } = play(s0, { kind: 'cast', card: 'exchange', creatures: ['wizard', 'knight'] });
    expect([at(state, 'wizard'), at(state, 'knight')]).toEqual(['h1', 'a1']);
    expect(events.find((e) => e.effect === 'exchange')).toMatchObject({ creatures: ['wizard', 'knight'] });
    // A spell is played besides the phase's Move card: the Move Phase goes on.
    expect(state.step).toBe('move');
    // The effect is the record's: cast on the enemy's side, the same card switches two enemy creatures.
    const onEnemy = withSpellEffect('exchange', { target: { side: 'enemy', choose: { count: 2, by: 'caster' } } });
    const pair = moves(s0, 'cast', onEnemy)[0] as Cast;
    expect(pair.creatures.map((id) => creature(s0, id).side)).toEqual(['dark', 'dark']);
    const swapped = play(s0, pair, onEnemy).state;
    expect([at(swapped, pair.creatures[0]!), at(swapped, pair.creatures[1]!)]).toEqual([at(s0, pair.creatures[1]!), at(s0, pair.creatures[0]!)]);
  });

  it('teleport: any friendly creature, whatever its Move, up to 6 squares along a line over others to an empty square (its teleport effect, applied by the core effect interpreter)', () => {
    const s0 = arrange(started(), { hands: { light: ['teleport'] } });
    const golem = moves(s0, 'cast')
      .filter((m) => (m as Extract<ArchonMove, { kind: 'cast' }>).creatures[0] === 'golem')
      .map((m) => (m as Extract<ArchonMove, { kind: 'cast' }>).to);
    expect(golem).toContain('d7'); // 6 squares up the file, over nothing; Golem's Move is 2
    expect(golem).toContain('h5'); // diagonal
    expect(golem).not.toContain('d8'); // 7 away and occupied
    const { state } = play(s0, { kind: 'cast', card: 'teleport', creatures: ['golem'], to: 'd7' });
    expect(at(state, 'golem')).toBe('d7');
    // Teleport is the phase's Move card (type M): no other Move card after it.
    expect(state.step).toBe('battle');
    // The range is the record's effect's: at range 2 the Golem reaches d3, not d7.
    const short = withSpellEffect('teleport', { range: 2 });
    const near = moves(s0, 'cast', short).filter((m) => (m as Cast).creatures[0] === 'golem');
    expect(near.map((m) => (m as Cast).to)).toContain('d3');
    expect(near.map((m) => (m as Cast).to)).not.toContain('d4');
    expect(at(play(s0, { kind: 'cast', card: 'teleport', creatures: ['golem'], to: 'd3' }, short).state, 'golem')).toBe('d3');
    expect(() => play(s0, { kind: 'cast', card: 'teleport', creatures: ['golem'], to: 'd7' }, short)).toThrow(IllegalMove);
  });

  it('imprison: an enemy within 3 of the caster in line of sight cannot move or attack for his next 3 turns (its prevent-actions effect, applied by the core effect interpreter)', () => {
    let s = arrange(started(), {
      at: { wizard: 'd4', troll: 'd6', goblin: 'd7', basilisk: 'h4' },
      hands: { light: ['imprison'], dark: ['move-1', 'attack-1', 'attack-3'] },
    });
    const targets = moves(s, 'cast').map((m) => (m as Extract<ArchonMove, { kind: 'cast' }>).creatures[0]);
    expect(targets).toEqual(['troll']); // goblin hidden behind it; basilisk 4 away
    s = play(s, { kind: 'cast', card: 'imprison', creatures: ['troll'] }).state;
    expect(creature(s, 'troll').imprisoned).toBe(3);
    for (let turn = 1; turn <= 3; turn++) {
      s = passUntil(s, 'dark', 'move');
      s = arrange(s, { hands: { light: [], dark: ['move-1', 'attack-3'] } });
      expect(
        moves(s).some((m) => (m as { creature?: string }).creature === 'troll'),
        `dark turn ${turn}`,
      ).toBe(false);
      s = play(s, { kind: 'pass' }).state;
      expect(
        moves(s).some((m) => (m as { creature?: string }).creature === 'troll'),
        `dark turn ${turn} battle`,
      ).toBe(false);
      s = play(s, { kind: 'pass' }).state;
    }
    expect(creature(s, 'troll').imprisoned).toBe(0);
    s = passUntil(s, 'dark', 'move');
    s = arrange(s, { hands: { light: [], dark: ['move-1', 'attack-3'] } });
    expect(moves(s).some((m) => (m as { creature?: string }).creature === 'troll')).toBe(true);
  });

  it("imprison's turns and actions are its record's effect: 1 turn, or attack only, in an edited copy", () => {
    const s0 = arrange(started(), {
      at: { wizard: 'd4', troll: 'd6', goblin: 'd7', basilisk: 'h4' },
      hands: { light: ['imprison'], dark: ['move-1', 'attack-1', 'attack-3'] },
    });
    const cast: ArchonMove = { kind: 'cast', card: 'imprison', creatures: ['troll'] };
    const oneTurn = withSpellEffect('imprison', { turns: 1 });
    const { state, events } = play(s0, cast, oneTurn);
    expect(creature(state, 'troll').imprisoned).toBe(1);
    expect(events.find((e) => e.effect === 'imprison')).toMatchObject({ creature: 'troll', prevents: ['move', 'attack'], turns: 1, was: 0 });
    // Attack only: the imprisoned Troll may still move, but not attack.
    const attackOnly = withSpellEffect('imprison', { actions: ['attack'] });
    let s = passUntil(play(s0, cast, attackOnly).state, 'dark', 'move');
    s = arrange(s, { hands: { light: [], dark: ['move-1', 'attack-3'] } });
    expect(creature(s, 'troll').imprisoned).toBe(3);
    expect(moves(s, 'move', attackOnly).some((m) => (m as { creature?: string }).creature === 'troll')).toBe(true);
    expect(moves(s, 'move').some((m) => (m as { creature?: string }).creature === 'troll')).toBe(false);
    s = play(s, { kind: 'pass' }, attackOnly).state;
    expect(moves(s, 'attack', attackOnly).some((m) => (m as { creature?: string }).creature === 'troll')).toBe(false);
  });

  it('heal: one of your creatures gains back one lost Hit, never above its Hits (its heal effect, applied by the core effect interpreter)', () => {
    const s0 = arrange(started(), { hands: { light: ['heal'] }, hits: { golem: 1, phoenix: 3 } });
    expect(moves(s0, 'cast')).toEqual([{ kind: 'cast', card: 'heal', creatures: ['golem'] }]);
    const { state, events } = play(s0, { kind: 'cast', card: 'heal', creatures: ['golem'] });
    expect(creature(state, 'golem').hits).toBe(2);
    expect(events.find((e) => e.effect === 'heal')).toMatchObject({ creature: 'golem', hits: { from: 1, to: 2 } });
    // The Hits regained are the record's effect's: 2 in an edited copy, never above the Golem's 3.
    const two = play(s0, { kind: 'cast', card: 'heal', creatures: ['golem'] }, withSpellEffect('heal', { hits: 2 }));
    expect(creature(two.state, 'golem').hits).toBe(3);
    expect(two.events.find((e) => e.effect === 'heal')).toMatchObject({ creature: 'golem', hits: { from: 1, to: 3 } });
    const five = play(s0, { kind: 'cast', card: 'heal', creatures: ['golem'] }, withSpellEffect('heal', { hits: 5 }));
    expect(creature(five.state, 'golem').hits).toBe(3);
  });

  it('a spell effect edited in a copy of the content changes the seeded games (Teleport at range 1, Heal of 3 Hits)', () => {
    /** Every event of a game whose moves a seeded chooser picks, as JSON. */
    const gameLog = (c: PackContent, seed: number): string => {
      const pick = chooser(seed);
      let { state, events } = game.setup(c, seed);
      const log = [...events];
      while (!state.result) {
        const legal = game.legalMoves(c, state);
        ({ state, events } = game.play(c, state, legal[pick(legal.length)]!));
        log.push(...events);
      }
      return JSON.stringify(log);
    };
    const seeds = [1, 2, 3, 4, 5, 6];
    const before = seeds.map((seed) => gameLog(content, seed));
    expect(seeds.map((seed) => gameLog(content, seed))).toEqual(before);
    for (const edited of [withSpellEffect('teleport', { range: 1 }), withSpellEffect('heal', { hits: 3 })]) {
      const after = seeds.map((seed) => gameLog(edited, seed));
      expect(after.filter((log, i) => log !== before[i]!).length).toBeGreaterThan(0);
    }
  });

  it('a spell a cast cannot play is refused, naming the field: two effects, a pick of the wrong size, a kind without targets', () => {
    const heal = content.records.spell!.heal! as unknown as { effects: unknown[] };
    const twice = {
      ...content,
      records: { ...content.records, spell: { ...content.records.spell, heal: { ...heal, effects: [heal.effects[0], heal.effects[0]] } as never } },
    };
    expect(() => game.setup(twice, 1)).toThrow(/spell heal: a cast picks the targets of one effect; the spell states 2/);
    expect(() => game.setup(withSpellEffect('exchange', { target: { side: 'friendly', choose: { count: 1, by: 'caster' } } }), 1)).toThrow(
      /spell exchange: a swap-positions cast picks 2 creature\(s\); \/effects\/0\/target\/choose\/count is 1/,
    );
    expect(() => game.setup(withSpellEffect('heal', { kind: 'destroy' }), 1)).toThrow(/spell heal: the game plays no destroy spell/);
  });

  it('spellcasters: a side uses spell cards only while its Wizard or Sorceress is in play', () => {
    const light = arrange(started(), { hands: { light: ['exchange', 'heal', 'imprison', 'teleport'] }, hits: { golem: 1 }, at: { troll: 'd3' } });
    expect(moves(light, 'cast').length).toBeGreaterThan(0);
    const noWizard = arrange(light, { at: { wizard: 'a1' }, hits: { wizard: 0 } });
    const dead = {
      ...noWizard,
      creatures: noWizard.creatures.map((c) => (c.id === 'wizard' ? { ...c, hits: 0, square: -1 } : c)),
      squares: noWizard.squares.map((i) => (i === noWizard.creatures.findIndex((c) => c.id === 'wizard') ? -1 : i)),
    };
    expect(moves(dead, 'cast')).toEqual([]);
    expect(() => play(dead, { kind: 'cast', card: 'exchange', creatures: ['golem', 'knight'] })).toThrow(IllegalMove);
    // Dark likewise with its Sorceress.
    let d = passUntil(arrange(started(), { hands: { light: [], dark: ['heal'] }, hits: { troll: 1 } }), 'dark', 'move');
    d = arrange(d, { hands: { light: [], dark: ['heal'] } });
    expect(moves(d, 'cast')).toEqual([{ kind: 'cast', card: 'heal', creatures: ['troll'] }]);
    const killSorceress = arrange(d, {
      only: true,
      at: Object.fromEntries(d.creatures.filter((c) => c.square >= 0 && c.id !== 'sorceress').map((c) => [c.id, name(c.square)])),
    });
    expect(moves(killSorceress, 'cast')).toEqual([]);
  });
});

describe('Archon Skirmish victory', () => {
  it('victory: a side that occupies the 4 corner squares wins at once', () => {
    const s0 = arrange(started(), {
      only: true,
      at: { wizard: 'a1', knight: 'h1', valkyrie: 'a8', djinni: 'e5', troll: 'c6', sorceress: 'd6' },
      hands: { light: ['move-3'] },
    });
    expect(s0.result).toBeNull();
    const { state, events } = play(s0, { kind: 'move', card: 'move-3', creature: 'djinni', to: 'h8' });
    expect(state.result).toEqual({ winner: 'light', reason: 'Occupy the 4 corner squares of the map', rule: 'scenario/standard-game#/victory/0' });
    expect(events.at(-1)).toMatchObject({ type: 'end', winner: 'light' });
    expect(game.legalMoves(content, state)).toEqual([]);
    expect(() => play(state, { kind: 'pass' })).toThrow(IllegalMove);
  });

  it('victory: a side that destroys all enemy creatures wins at once', () => {
    const s0 = passUntil(
      arrange(started(), { only: true, at: { knight: 'd4', goblin: 'd5', archer: 'a1' }, hits: { goblin: 1 }, hands: { light: ['attack-1'] } }),
      'light',
      'battle',
    );
    const { state } = play(s0, { kind: 'attack', card: 'attack-1', creature: 'knight', target: 'goblin' });
    expect(state.result).toEqual({ winner: 'light', reason: 'destroy all enemy creatures.', rule: 'scenario/standard-game#/victory/1' });
    expect(state.step).toBe('over');
  });

  it('no turn limit: the text prints no end but victory, so a game nobody wins goes on past turn 200 (simulate --max-moves stops it)', () => {
    let s = started();
    while (s.turn <= 250) s = play(s, moves(s).find((m) => m.kind === 'pass') ?? moves(s)[0]!).state;
    expect(s.result).toBeNull();
    expect(moves(s).length).toBeGreaterThan(0);
  });
});
