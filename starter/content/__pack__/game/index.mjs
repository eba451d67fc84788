// The game module of __title__: how a game is played, for `npx playmark simulate __pack__`.
// The numbers and what each card does are data, read from the pack on every run (`content`):
// rules/standard.yaml (morale, hand, supply, turn limit), cards/*.yaml (cost, copies, effects) and
// roll-tables/*.yaml. A new card needs only its YAML: `applyEffect` below plays every kind of effect
// the card schema allows. All randomness comes from `state.random`, so a seed replays a game.
import { IllegalMove, parseDice, resolveRollTable, rollDice, sampleIndices, seedRandom } from 'playmark';

const rulesOf = (content) => content.records.rules.standard;
const cardOf = (content, id) => content.records.card[id];
const other = (state, side) => state.sides.find((s) => s !== side);

export const game = {
  pack: '__pack__',
  sides: (content) => content.pack.sides.map((s) => s.id),

  setup(content, seed) {
    const rules = rulesOf(content);
    const sides = game.sides(content);
    let state = { random: seedRandom(seed), active: sides[0], turn: 1, result: null, sides, supply: rules.supply, morale: {}, deck: {}, hand: {}, discard: {} };
    const events = [];
    for (const side of sides) {
      state.morale[side] = rules.morale;
      state.deck[side] = deckOf(content, side);
      state.hand[side] = [];
      state.discard[side] = [];
      state = draw(state, side, rules.hand, events);
    }
    state = draw(state, sides[0], 1, events);
    events.push({ type: 'turn', turn: 1, active: sides[0] });
    return { state, events };
  },

  // Hidden cards: a side sees its own hand and every discard pile, but not the opponent's hand nor
  // any deck (draws are random: no one knows what comes next). Bots decide from this view only.
  playerView(content, state, side) {
    const enemy = other(state, side);
    const unseen = (cards) => cards.map(() => UNSEEN);
    return { ...state, hand: { ...state.hand, [enemy]: unseen(state.hand[enemy]) }, deck: { [side]: unseen(state.deck[side]), [enemy]: unseen(state.deck[enemy]) } };
  },

  // The view made playable with the bot's own generator: each side's cards the viewer has not seen
  // (all of that side's cards less its discards, and less its hand when it is the viewer's side),
  // listed in the pack's order, shuffled back into the unseen places. The viewer's hand is
  // untouched, so the moves it is offered are the game's.
  determinize(content, view, side, random) {
    const state = copy(view);
    for (const s of state.sides) {
      const cards = deckOf(content, s);
      for (const id of [...state.discard[s], ...(s === side ? state.hand[s] : [])]) cards.splice(cards.indexOf(id), 1);
      const order = sampleIndices(random, cards.length, cards.length);
      random = order.random;
      const dealt = order.value.map((i) => cards[i]);
      if (s !== side) state.hand[s] = dealt.splice(0, state.hand[s].length);
      state.deck[s] = dealt;
    }
    return { state, random };
  },

  // A log line as `side` sees it: the opponent's draws without the card.
  viewEvent(content, event, side) {
    if (event.type !== 'draw-card' || event.side === side) return event;
    const { card, ...drawn } = event;
    return drawn;
  },

  legalMoves(content, state) {
    if (state.result) return [];
    const playable = [...new Set(state.hand[state.active])].filter((id) => cardOf(content, id).cost <= state.supply);
    return [...playable.map((card) => ({ kind: 'play', card })), { kind: 'end' }];
  },

  play(content, state, move) {
    if (!game.legalMoves(content, state).some((m) => m.kind === move.kind && m.card === move.card)) throw new IllegalMove(JSON.stringify(move));
    const side = state.active;
    const events = [{ type: 'move', side, ...move }];
    if (move.kind === 'end') return endTurn(content, copy(state), events);
    // Play the card: pay its cost, discard it, then apply its effects in order.
    const card = cardOf(content, move.card);
    let next = copy(state);
    next.hand[side].splice(next.hand[side].indexOf(card.id), 1);
    next.discard[side].push(card.id);
    next.supply -= card.cost;
    for (const effect of card.effects) next = applyEffect(content, next, side, effect, `card/${card.id}`, events);
    return { state: victory(next, events), events };
  },

  // For the greedy bot: morale ahead of the opponent's.
  evaluate(content, state, side) {
    if (state.result) return state.result.winner === side ? Infinity : state.result.winner === null ? 0 : -Infinity;
    return state.morale[side] - state.morale[other(state, side)];
  },
};

/** A side's deck: every card of that side or of none, as many copies as its count, in the pack's order. */
function deckOf(content, side) {
  return Object.values(content.records.card)
    .filter((c) => c.side === side || c.side === null)
    .flatMap((c) => Array(c.count).fill(c.id));
}

/** A card a side cannot see, in its view: no card has this id (card ids are lower-case words). */
const UNSEEN = '?';

/** One effect of a card: the kinds of schemas/__pack__/card.schema.json. */
function applyEffect(content, state, side, effect, rule, events) {
  const enemy = other(state, side);
  switch (effect.kind) {
    case 'damage':
      state.morale[enemy] -= effect.amount;
      events.push({ type: 'effect', rule, side: enemy, morale: -effect.amount });
      return state;
    case 'rally':
      state.morale[side] += effect.amount;
      events.push({ type: 'effect', rule, side, morale: effect.amount });
      return state;
    case 'draw':
      return draw(state, side, effect.count, events);
    case 'roll': {
      const table = content.records['roll-table'][effect.table];
      const rolled = rollDice(state.random, parseDice(table.dice));
      const { entry } = resolveRollTable(table, rolled.value);
      state.random = rolled.random;
      state.morale[enemy] -= entry.extension.damage;
      events.push({ type: 'draw', die: table.dice, value: rolled.value, for: table.id });
      events.push({ type: 'effect', rule, table: table.id, entry: entry.name ?? entry.text, side: enemy, morale: -entry.extension.damage });
      return state;
    }
    default:
      throw new Error(`${rule}: no effect of kind "${effect.kind}" (schemas/__pack__/card.schema.json lists them)`);
  }
}

/** `side` draws `count` cards; an empty deck is shuffled again from the side's discards. */
function draw(state, side, count, events) {
  for (let i = 0; i < count; i++) {
    if (state.deck[side].length === 0) {
      const shuffled = sampleIndices(state.random, state.discard[side].length, state.discard[side].length);
      state.random = shuffled.random;
      state.deck[side] = shuffled.value.map((j) => state.discard[side][j]);
      state.discard[side] = [];
    }
    if (state.deck[side].length === 0) return state; // every card is in the hand
    const picked = sampleIndices(state.random, state.deck[side].length, 1);
    state.random = picked.random;
    const [card] = state.deck[side].splice(picked.value[0], 1);
    state.hand[side].push(card);
    events.push({ type: 'draw-card', side, card });
  }
  return state;
}

/** rules/standard.yaml's turn rule: the next side draws a card and has its supply again. */
function endTurn(content, state, events) {
  const rules = rulesOf(content);
  if (state.turn >= rules.turnLimit) {
    const [a, b] = state.sides;
    const winner = state.morale[a] === state.morale[b] ? null : state.morale[a] > state.morale[b] ? a : b;
    state.result = { winner, reason: 'the turn limit passes', rule: 'rules/standard#/victory' };
    events.push({ type: 'end', ...state.result });
    return { state, events };
  }
  state.turn += 1;
  state.active = other(state, state.active);
  state.supply = rules.supply;
  events.push({ type: 'turn', turn: state.turn, active: state.active });
  return { state: draw(state, state.active, 1, events), events };
}

/** rules/standard.yaml's victory rule: a side whose morale falls to 0 loses at once. */
function victory(state, events) {
  const loser = state.sides.find((s) => state.morale[s] <= 0);
  if (!loser) return state;
  state.result = { winner: other(state, loser), reason: 'morale falls to 0', rule: 'rules/standard#/victory' };
  events.push({ type: 'end', ...state.result });
  return state;
}

/** A copy to change: play never changes the state it was given. */
function copy(state) {
  return structuredClone(state);
}

// For `npx playmark coverage __pack__`: rule key -> the test (test/game.test.mjs) that plays it. A
// rule counts as running only when a test plays it: add your new card's key once a test plays it.
const PLAYS = 'every card of the starter plays as its effects say';
const CLASH = 'the Clash table: a roll picks its entry, and the opponent loses the damage it says';
export const rulesRun = {
  'card/knight': PLAYS,
  'card/scout': PLAYS,
  'card/storm': PLAYS,
  'roll-table/clash': CLASH,
  'roll-table/clash#/entries/0': CLASH,
  'roll-table/clash#/entries/1': CLASH,
  'roll-table/clash#/entries/2': CLASH,
  'rules/standard#/turn': 'a turn: draw a card, spend the supply, end the turn',
  'rules/standard#/victory': 'victory: morale at 0 loses, and the turn limit ends the game',
};
