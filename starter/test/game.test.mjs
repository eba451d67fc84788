// The tests that play __title__'s rules (`npm test`): each plays the game module on the pack's
// effective content, as `npx playmark simulate` does. game/index.mjs's `rulesRun` names these tests
// for `npx playmark coverage __pack__`: a rule counts as running only when a test here plays it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bot, knownState, loadProject, seedRandom } from 'playmark';
import { game } from '../content/__pack__/game/index.mjs';

const { packs, validation } = loadProject(fileURLToPath(new URL('..', import.meta.url)), { packs: ['__pack__'] });
assert.equal(validation.errors, 0, 'the pack validates');
const content = packs[0];
const rules = content.records.rules.standard;

/** A state after set-up where the active side holds `hand` and the opponent has `morale`. */
function given(hand, morale = rules.morale) {
  const { state } = game.setup(content, 1);
  const enemy = state.sides[1];
  return { ...state, hand: { ...state.hand, [state.active]: hand }, morale: { ...state.morale, [enemy]: morale } };
}

test('every card of the starter plays as its effects say', () => {
  for (const card of Object.values(content.records.card)) {
    // Enough supply for any card, so a card costing more than a turn's supply is played here too.
    const state = { ...given([card.id, card.id]), supply: Math.max(rules.supply, card.cost) };
    const [side, enemy] = state.sides;
    const { state: after, events } = game.play(content, state, { kind: 'play', card: card.id });
    // Each effect, in order: what it changed, from the events the module logs.
    let lost = 0, gained = 0, drawn = 0;
    for (const e of events) {
      if (e.type === 'effect' && e.side === enemy) lost -= e.morale;
      if (e.type === 'effect' && e.side === side) gained += e.morale;
      if (e.type === 'draw-card') drawn += 1;
    }
    const want = (kind) => card.effects.filter((x) => x.kind === kind);
    assert.equal(drawn, want('draw').reduce((n, x) => n + x.count, 0), `${card.id}: cards drawn`);
    assert.equal(gained, want('rally').reduce((n, x) => n + x.amount, 0), `${card.id}: morale gained`);
    const rolls = events.filter((e) => e.type === 'draw' && e.for).length;
    assert.equal(rolls, want('roll').length, `${card.id}: table rolls`);
    assert.equal(after.morale[enemy], state.morale[enemy] - lost, `${card.id}: the opponent's morale`);
    assert.ok(lost >= want('damage').reduce((n, x) => n + x.amount, 0), `${card.id}: damage`);
    assert.equal(after.supply, state.supply - card.cost, `${card.id}: its cost is paid`);
    // The card leaves the hand for the discards (which a draw from an empty deck shuffles again).
    const cards = (s) => s.hand[side].length + s.deck[side].length + s.discard[side].length;
    assert.equal(after.hand[side].length, state.hand[side].length - 1 + drawn, `${card.id}: it leaves the hand`);
    assert.equal(cards(after), cards(state), `${card.id}: no card is lost or made`);
  }
});

test('the Clash table: a roll picks its entry, and the opponent loses the damage it says', () => {
  const table = content.records['roll-table'].clash;
  const seen = new Set();
  for (let seed = 1; seed <= 50; seed++) {
    const state = { ...given(['scout']), random: game.setup(content, seed).state.random };
    const enemy = state.sides[1];
    const { state: after, events } = game.play(content, state, { kind: 'play', card: 'scout' });
    const roll = events.find((e) => e.type === 'draw' && e.for === 'clash').value;
    const entry = table.entries.find((e) => (typeof e.roll === 'number' ? e.roll === roll : e.roll.min <= roll && roll <= e.roll.max));
    assert.equal(after.morale[enemy], state.morale[enemy] - entry.extension.damage);
    seen.add(entry.name);
  }
  assert.deepEqual([...seen].sort(), table.entries.map((e) => e.name).sort(), 'every entry came up');
});

test('a turn: draw a card, spend the supply, end the turn', () => {
  const state = given(['knight', 'knight', 'storm']);
  const side = state.active;
  // The supply pays for cards whose costs add up to at most rules.supply.
  const offered = game.legalMoves(content, state).map((m) => m.card ?? m.kind);
  assert.deepEqual(offered.sort(), ['end', 'knight', 'storm'].filter((id) => id === 'end' || content.records.card[id].cost <= rules.supply).sort());
  const { state: spent } = game.play(content, state, { kind: 'play', card: 'knight' });
  assert.equal(spent.supply, rules.supply - content.records.card.knight.cost);
  assert.ok(game.legalMoves(content, spent).every((m) => m.kind === 'end' || content.records.card[m.card].cost <= spent.supply));
  // The Storm, still in hand, costs more than the supply left: it may not be played.
  assert.ok(spent.hand[side].includes('storm') && content.records.card.storm.cost > spent.supply);
  assert.throws(() => game.play(content, spent, { kind: 'play', card: 'storm' }), /storm/);
  // Ending the turn: the other side's turn, with its supply and one card more.
  const enemy = spent.sides.find((s) => s !== side);
  const { state: next } = game.play(content, { ...spent, deck: { ...spent.deck, [enemy]: ['storm'] } }, { kind: 'end' });
  assert.equal(next.active, enemy);
  assert.equal(next.turn, spent.turn + 1);
  assert.equal(next.supply, rules.supply);
  assert.deepEqual(next.hand[enemy], [...spent.hand[enemy], 'storm']);
});

test('victory: morale at 0 loses, and the turn limit ends the game', () => {
  const state = given(['knight'], 2);
  const { state: won } = game.play(content, state, { kind: 'play', card: 'knight' });
  assert.deepEqual(won.result, { winner: state.active, reason: 'morale falls to 0', rule: 'rules/standard#/victory' });
  assert.deepEqual(game.legalMoves(content, won), []);
  const last = { ...given([], rules.morale - 1), turn: rules.turnLimit };
  const { state: ended } = game.play(content, last, { kind: 'end' });
  assert.equal(ended.result.reason, 'the turn limit passes');
  assert.equal(ended.result.winner, last.sides[0], 'the side with more morale wins');
});

test("hidden cards: a side sees neither the opponent's hand nor a deck, and its bots decide from what it sees", () => {
  const { state } = game.setup(content, 1);
  const [side, enemy] = state.sides;
  // Two states that differ only in what `side` cannot see: which of the opponent's cards are in its hand or its deck.
  const open = { ...state, hand: { ...state.hand, [side]: ['scout', 'storm'] }, deck: { ...state.deck, [side]: ['scout'] }, discard: { ...state.discard, [side]: ['scout'] } };
  const a = { ...open, hand: { ...open.hand, [enemy]: ['knight'] }, deck: { ...open.deck, [enemy]: ['knight', 'storm'] } };
  const b = { ...open, hand: { ...open.hand, [enemy]: ['storm'] }, deck: { ...open.deck, [enemy]: ['knight', 'knight'] } };
  assert.deepEqual(game.playerView(content, a, side), game.playerView(content, b, side));
  assert.deepEqual(game.playerView(content, a, side).hand[enemy], ['?']);
  const moves = game.legalMoves(content, a);
  for (const [name, seeds] of [['greedy', 5], ['search', 2]])
    for (let seed = 0; seed < seeds; seed++)
      assert.deepEqual(bot(name).choose(game, content, a, moves, seedRandom(seed)).move, bot(name).choose(game, content, b, moves, seedRandom(seed)).move, `${name}, seed ${seed}`);
  // The view made playable deals the unseen cards back: the side's own moves are the game's.
  const { state: known } = knownState(game, content, a, side, seedRandom(1));
  assert.deepEqual(game.legalMoves(content, known), moves);
  assert.deepEqual([...known.hand[enemy], ...known.deck[enemy]].sort(), ['knight', 'knight', 'storm']);
});
