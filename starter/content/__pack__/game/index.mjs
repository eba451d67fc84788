// The game module of __title__: how a game is played, for `npx playmark simulate __pack__`.
// The numbers and what each card does are data, read from the pack on every run (`content`):
// rules/standard.yaml (morale, hand, supply, turn limit, and the victory rule), cards/*.yaml (cost,
// copies, effects) and roll-tables/*.yaml. This module codes the procedure only (whose turn, what
// may be played, the turn limit): every effect of a card or a table entry, and the victory rule, is
// data in playmark's rule model, run by playmark's interpreter (`run` below). A new card needs only
// its YAML, whatever effects of the vocabulary it uses. All randomness comes from `state.random`,
// so a seed replays a game.
import { attemptRun, coreWith, createState, effectContext, IllegalMove, logEvents, ruleSet, runEffects, sampleIndices, VIEW_RANDOM } from 'playmark';

const rulesOf = (content) => content.records.rules.standard;
const cardOf = (content, id) => content.records.card[id];
const other = (state, side) => state.core.sides.find((s) => s !== side);
/** A side's morale: the Hits of its banner, the side's one unit in the interpreter's state. */
const moraleOf = (state, side) => state.core.units.find((u) => u.side === side).hits;

export const game = {
  pack: '__pack__',
  sides: (content) => content.pack.sides.map((s) => s.id),

  setup(content, seed) {
    const rules = rulesOf(content);
    const sides = game.sides(content);
    // The interpreter's state: each side's banner, whose Hits are its morale (at most the starting morale).
    const units = sides.map((side) => ({ id: side, name: `${side} banner`, side, stats: { hits: rules.morale } }));
    const core = createState({ seed, sides, units, active: sides[0] });
    const deck = Object.fromEntries(sides.map((side) => [side, deckOf(content, side)]));
    const hand = Object.fromEntries(sides.map((side) => [side, []]));
    let state = { random: core.random, active: sides[0], turn: 1, result: null, supply: rules.supply, core, deck, hand };
    const events = [];
    for (const side of sides) state = run(content, state, side, [draw(rules.hand)], 'rules/standard#/turn', events);
    state = run(content, state, sides[0], [draw(1)], 'rules/standard#/turn', events);
    events.push({ type: 'turn', turn: 1, active: sides[0] });
    return { state, events };
  },

  // Hidden cards: a side sees its own hand, but not the opponent's hand nor any deck (draws are
  // random: no one knows what comes next), nor the interpreter's generator. Bots decide from this view only.
  playerView(content, state, side) {
    const enemy = other(state, side);
    const unseen = (cards) => cards.map(() => UNSEEN);
    const core = coreWith(state.core, { random: VIEW_RANDOM });
    return { ...state, core, hand: { ...state.hand, [enemy]: unseen(state.hand[enemy]) }, deck: { [side]: unseen(state.deck[side]), [enemy]: unseen(state.deck[enemy]) } };
  },

  // The view made playable with the bot's own generator: each side's cards the viewer has not seen
  // (all of that side's cards, less its hand when it is the viewer's side), listed in the pack's
  // order, shuffled back into the unseen places. The viewer's hand is untouched, so the moves it is
  // offered are the game's.
  determinize(content, view, side, random) {
    const state = copy(view);
    for (const s of state.core.sides) {
      const cards = deckOf(content, s);
      if (s === side) for (const id of state.hand[s]) cards.splice(cards.indexOf(id), 1);
      const order = sampleIndices(random, cards.length, cards.length);
      random = order.random;
      const dealt = order.value.map((i) => cards[i]);
      if (s !== side) state.hand[s] = dealt.splice(0, state.hand[s].length);
      state.deck[s] = dealt;
    }
    return { state, random };
  },

  // A log line as `side` sees it: the opponent's draws without the cards.
  viewEvent(content, event, side) {
    if (event.effect !== 'move-cards' || !event.data.to.startsWith('hand:') || event.data.to === `hand:${side}`) return event;
    const { cards, ...data } = event.data;
    const count = cards.length;
    return { ...event, text: `${count} card${count === 1 ? ' goes' : 's go'} from ${data.from} to ${data.to}.`, data: { ...data, count } };
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
    // Play the card: pay its cost, put it back into the deck, then the interpreter runs its effects.
    const card = cardOf(content, move.card);
    let next = copy(state);
    next.hand[side].splice(next.hand[side].indexOf(card.id), 1);
    next.deck[side].push(card.id);
    next.supply -= card.cost;
    next = run(content, next, side, card.effects, `card/${card.id}`, events);
    return { state: next, events };
  },

  // For the greedy bot: morale ahead of the opponent's.
  evaluate(content, state, side) {
    if (state.result) return state.result.winner === side ? Infinity : state.result.winner === null ? 0 : -Infinity;
    return moraleOf(state, side) - moraleOf(state, other(state, side));
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

/** The turn rule's draw, as a card's effects say it: `count` cards at random from your deck into your hand. */
const draw = (count) => ({ kind: 'move-cards', from: 'deck', to: 'hand', count, by: 'random' });

/** The rules the interpreter fires, made once per pack: the victory rule, held by each side for itself. */
const ruleSets = new WeakMap();
function rulesFor(content) {
  let rules = ruleSets.get(content);
  if (!rules) {
    const victory = rulesOf(content).victory;
    const sources = game.sides(content).map((side) => ({ key: 'rules/standard#/victory', rule: victory, holder: { side } }));
    // The game's hook: the `roll-table` effect rolls on the pack's roll tables.
    rules = ruleSet(sources, { table: (id) => content.records['roll-table'][id] });
    ruleSets.set(content, rules);
  }
  return rules;
}

/**
 * `effects` run by playmark's interpreter as `side`'s rule `source` (a card, the turn rule): on the
 * interpreter's state with `side`'s deck as the zone `deck` and each side's hand as `hand:<side>`,
 * the generator `state.random`, then the rules they set off (the victory rule). The log becomes
 * the game's `effect` events; an `end-game` effect ends the game.
 */
function run(content, state, side, effects, source, events) {
  const rules = rulesFor(content);
  const zones = { deck: state.deck[side] };
  for (const s of state.core.sides) zones[`hand:${s}`] = state.hand[s];
  const core = coreWith(state.core, { random: state.random, zones });
  const attempt = attemptRun([], (policy) => runEffects(core, rules, effects, effectContext(rules, { owner: side, source }), policy));
  // This module offers no choices as moves: an effect that asks a player (`choose`, `may`) is not played here.
  if (!attempt.done) throw new Error(`${source} asks ${attempt.request.side} to choose (${attempt.request.reason}); this game module plays no choices`);
  const after = attempt.value.core;
  state.deck[side] = [...after.zones.deck];
  for (const s of after.sides) state.hand[s] = [...after.zones[`hand:${s}`]];
  state.core = coreWith(after, { zones: {} });
  state.random = after.random;
  events.push(...logEvents(attempt.value.log));
  if (after.ended && !state.result) {
    state.result = { winner: after.ended.winner, reason: textOf(content, after.ended.source), rule: after.ended.source };
    events.push({ type: 'end', ...state.result });
  }
  return state;
}

/** rules/standard.yaml's turn rule: the next side draws a card and has its supply again; and its last turn. */
function endTurn(content, state, events) {
  const rules = rulesOf(content);
  if (state.turn >= rules.turnLimit) {
    const [a, b] = state.core.sides;
    const [ma, mb] = [moraleOf(state, a), moraleOf(state, b)];
    state.result = { winner: ma === mb ? null : ma > mb ? a : b, reason: rules.lastTurn.text, rule: 'rules/standard#/lastTurn' };
    events.push({ type: 'end', ...state.result });
    return { state, events };
  }
  state.turn += 1;
  state.active = other(state, state.active);
  state.supply = rules.supply;
  events.push({ type: 'turn', turn: state.turn, active: state.active });
  return { state: run(content, state, state.active, [draw(1)], 'rules/standard#/turn', events), events };
}

/** The printed text of the rule that ended the game (a card's `end-game`, or the victory rule). */
function textOf(content, source) {
  return source.startsWith('card/') ? cardOf(content, source.slice('card/'.length)).text : rulesOf(content).victory.text;
}

/** A copy to change: play never changes the state it was given (the interpreter's state is never changed in place). */
function copy(state) {
  return { ...state, deck: structuredClone(state.deck), hand: structuredClone(state.hand) };
}

// For `npx playmark coverage __pack__`: rule key -> the test (test/game.test.mjs) that plays it. A
// rule counts as running only when a test plays it: add your new card's key once a test plays it.
const PLAYS = 'every card of the starter plays as its effects say';
const CLASH = 'the Clash table: a roll picks its entry, and the interpreter runs its effects';
export const rulesRun = {
  'card/knight': PLAYS,
  'card/scout': PLAYS,
  'card/storm': PLAYS,
  'roll-table/clash': CLASH,
  'roll-table/clash#/entries/0': CLASH,
  'roll-table/clash#/entries/1': CLASH,
  'roll-table/clash#/entries/2': CLASH,
  'rules/standard#/turn': 'a turn: draw a card, spend the supply, end the turn',
  'rules/standard#/victory': 'victory: morale at 0 loses (a rule the interpreter runs), and the turn limit ends the game',
  'rules/standard#/lastTurn': 'victory: morale at 0 loses (a rule the interpreter runs), and the turn limit ends the game',
};
