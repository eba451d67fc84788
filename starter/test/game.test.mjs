// The tests that play __title__'s rules (`npm test`): each plays the game module on the pack's
// effective content, as `npx playmark simulate` does. game/index.mjs's `rulesRun` names these tests
// for `npx playmark coverage __pack__`: a rule counts as running only when a test here plays it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bot, coreWith, knownState, loadProject, seedRandom } from 'playmark';
import { game } from '../content/__pack__/game/index.mjs';

const { packs, validation } = loadProject(fileURLToPath(new URL('..', import.meta.url)), { packs: ['__pack__'] });
assert.equal(validation.errors, 0, 'the pack validates');
const content = packs[0];
const rules = content.records.rules.standard;

/** A side's morale: the Hits of its banner in the interpreter's state. */
const morale = (state, side) => state.core.units.find((u) => u.side === side).hits;

/** A state after set-up where the active side holds `hand` and has `own` morale, and the opponent has `enemy` morale. */
function given(hand, enemy = rules.morale, own = rules.morale) {
  const { state } = game.setup(content, 1);
  const [side, other] = game.sides(content);
  const units = state.core.units.map((u) => ({ ...u, hits: u.side === other ? enemy : own }));
  return { ...state, core: coreWith(state.core, { units }), hand: { ...state.hand, [side]: hand } };
}

test('every card of the starter plays as its effects say', () => {
  for (const card of Object.values(content.records.card)) {
    // Enough supply for any card, and morale lost, so a card's heal has something to heal.
    const state = { ...given([card.id, card.id], rules.morale, rules.morale - 2), supply: Math.max(rules.supply, card.cost) };
    const [side, enemy] = game.sides(content);
    const { state: after, events } = game.play(content, state, { kind: 'play', card: card.id });
    // The interpreter ran each of the card's effects, in order, as the card's rule (a table's entry adds its own).
    const ran = events.filter((e) => e.type === 'effect' && e.rule === `card/${card.id}`).map((e) => e.effect);
    let next = 0;
    for (const effect of card.effects) {
      next = ran.indexOf(effect.kind, next) + 1;
      assert.ok(next > 0, `${card.id}: ${effect.kind} runs, in order`);
    }
    // What they changed, from the interpreter's log: Hits taken and healed, cards drawn.
    const sum = (kind, f) => events.filter((e) => e.effect === kind).reduce((n, e) => n + f(e), 0);
    const lost = sum('damage', (e) => (e.units.includes(enemy) ? e.data.hits : 0));
    const healed = sum('heal', (e) => (e.units.includes(side) ? e.data.hits : 0));
    const drawn = sum('move-cards', (e) => (e.data.to === `hand:${side}` ? e.data.cards.length : 0));
    assert.equal(morale(after, enemy), Math.max(0, morale(state, enemy) - lost), `${card.id}: the opponent's morale`);
    assert.equal(morale(after, side), Math.min(rules.morale, morale(state, side) + healed), `${card.id}: its side's morale, at most the starting morale`);
    assert.equal(drawn, card.effects.filter((e) => e.kind === 'move-cards').reduce((n, e) => n + e.count, 0), `${card.id}: cards drawn`);
    assert.equal(after.supply, state.supply - card.cost, `${card.id}: its cost is paid`);
    // The card leaves the hand for the deck (a draw may draw it again).
    const cards = (s) => s.hand[side].length + s.deck[side].length;
    assert.equal(after.hand[side].length, state.hand[side].length - 1 + drawn, `${card.id}: it leaves the hand`);
    assert.equal(cards(after), cards(state), `${card.id}: no card is lost or made`);
  }
});

test('the Clash table: a roll picks its entry, and the interpreter runs its effects', () => {
  const table = content.records['roll-table'].clash;
  const seen = new Set();
  for (let seed = 1; seed <= 50; seed++) {
    const state = { ...given(['scout']), random: game.setup(content, seed).state.random };
    const enemy = game.sides(content)[1];
    const { state: after, events } = game.play(content, state, { kind: 'play', card: 'scout' });
    const rolled = events.find((e) => e.effect === 'roll-table');
    const entry = table.entries[rolled.data.entry];
    const roll = rolled.rolls[0].value;
    assert.ok(typeof entry.roll === 'number' ? entry.roll === roll : entry.roll.min <= roll && roll <= entry.roll.max, `roll ${roll} picks ${entry.name}`);
    const damage = entry.effects.find((e) => e.kind === 'damage')?.hits ?? 0;
    assert.equal(morale(after, enemy), morale(state, enemy) - damage);
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
  // Ending the turn: the other side's turn, with its supply and one card more, from its deck.
  const enemy = game.sides(content).find((s) => s !== side);
  const { state: next } = game.play(content, { ...spent, deck: { ...spent.deck, [enemy]: ['storm'] } }, { kind: 'end' });
  assert.equal(next.active, enemy);
  assert.equal(next.turn, spent.turn + 1);
  assert.equal(next.supply, rules.supply);
  assert.deepEqual(next.hand[enemy], [...spent.hand[enemy], 'storm']);
  assert.deepEqual(next.deck[enemy], []);
});

test('victory: morale at 0 loses (a rule the interpreter runs), and the turn limit ends the game', () => {
  const state = given(['knight'], 2);
  const { state: won, events } = game.play(content, state, { kind: 'play', card: 'knight' });
  // The Knight's damage destroys the banner; the victory rule (rules/standard.yaml `when`, `do`) ends the game.
  assert.ok(events.some((e) => e.effect === 'end-game' && e.rule === 'rules/standard#/victory'));
  assert.deepEqual(won.result, { winner: state.active, reason: rules.victory.text, rule: 'rules/standard#/victory' });
  assert.deepEqual(game.legalMoves(content, won), []);
  const last = { ...given([], rules.morale - 1), turn: rules.turnLimit };
  const { state: ended } = game.play(content, last, { kind: 'end' });
  assert.deepEqual(ended.result, { winner: last.active, reason: rules.lastTurn.text, rule: 'rules/standard#/lastTurn' }, 'the side with more morale wins');
});

test("hidden cards: a side sees neither the opponent's hand nor a deck, and its bots decide from what it sees", () => {
  const { state } = game.setup(content, 1);
  const [side, enemy] = game.sides(content);
  // Two states that differ only in what `side` cannot see: which of the opponent's cards are in its hand or its deck.
  const open = { ...state, hand: { ...state.hand, [side]: ['scout', 'storm'] }, deck: { ...state.deck, [side]: ['scout', 'scout'] } };
  const a = { ...open, hand: { ...open.hand, [enemy]: ['knight'] }, deck: { ...open.deck, [enemy]: ['knight', 'storm'] } };
  const b = { ...open, hand: { ...open.hand, [enemy]: ['storm'] }, deck: { ...open.deck, [enemy]: ['knight', 'knight'] } };
  assert.deepEqual(game.playerView(content, a, side), game.playerView(content, b, side));
  assert.deepEqual(game.playerView(content, a, side).hand[enemy], ['?']);
  // Nor the dice to come: the interpreter's generator is hidden too.
  const rerolled = { ...a, core: coreWith(a.core, { random: seedRandom(99) }) };
  assert.deepEqual(game.playerView(content, rerolled, side), game.playerView(content, a, side));
  const moves = game.legalMoves(content, a);
  for (const [name, seeds] of [['greedy', 5], ['search', 2]])
    for (let seed = 0; seed < seeds; seed++)
      assert.deepEqual(bot(name).choose(game, content, a, moves, seedRandom(seed)).move, bot(name).choose(game, content, b, moves, seedRandom(seed)).move, `${name}, seed ${seed}`);
  // The view made playable deals the unseen cards back: the side's own moves are the game's.
  const { state: known } = knownState(game, content, a, side, seedRandom(1));
  assert.deepEqual(game.legalMoves(content, known), moves);
  assert.deepEqual([...known.hand[enemy], ...known.deck[enemy]].sort(), ['knight', 'knight', 'storm']);
  // The opponent's draws show how many cards, not which.
  const drawn = game.setup(content, 1).events.find((e) => e.data?.to === `hand:${enemy}`);
  assert.deepEqual(game.viewEvent(content, drawn, side).data, { from: 'deck', to: `hand:${enemy}`, count: rules.hand });
  assert.equal(game.viewEvent(content, drawn, enemy), drawn);
});
