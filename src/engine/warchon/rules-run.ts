// The printed rules of Warchon this engine plays through the game loop, by rule key (as
// `playmark coverage warchon --format json` lists them) -> the title of the test
// (test/warchon-*.test.ts) that plays it through `warchonGame.play`. Only rules a test plays are
// listed; the rest stay `manual` in coverage until a test plays them.

const EXAMPLE = 'worked example: Erdon Pass, AS 9 against DS 7, fingers 5 and 2 give 3, column +2/+3, A1D1, each side assigns its Hit';
const DEMO = 'the demo scenario plays from set-up to victory: Azuthka sets up on Sp. 5-7 first, then Celestine on Sp. 1-3';
const MOVEMENT = 'movement: up to Movement through spreads in number order or along paths, paths both ways';
const AERIAL = 'movement: an Aerial unit goes straight to any spread within its Movement';
const ACTS_ONCE = 'movement: each unit acts once a turn (moved or held), end-movement shifts the rest';
const CAPACITY = "Capacity: an army over a spread's Capacity destroys units of its choice until within it";
const ORDER = 'turn: battles on every spread both armies share, after all movement, in spread number order';
const ERDON = 'Erdon Pass: only one unit per army may move out of battle there each turn';
const ENGAGED = 'Engaged: no unit of the battle may leave next turn, reinforcements may move in, and they fight again';
const STANDOFF = 'Standoff: no Hits, and units move in or out next turn as normal';
const ELIMINATED = 'AE and DE: every attacking (or defending) unit in the battle is destroyed';
const FACES = "faces: a multi-Hit unit turns to its next face, with that face's stats";
const EVENTS = 'events: an E number calls the Events Table once per spread per turn; the next number ignores E';
const DEADLY = 'Deadly Confrontation: each owner picks the unit that takes the Hit, as a move';
const VICTORY = 'victory: a side with no units left loses';
const DRAW = 'draw: a game nobody has won when the turn the ruling names ends is a draw';

export const WARCHON_RULES_RUN: { readonly [key: string]: string } = {
  'result/ae': ELIMINATED,
  'result/ax-dy': EXAMPLE,
  'result/de': ELIMINATED,
  'result/eg': ENGAGED,
  'result/so': STANDOFF,
  'rules/core#/turn': ORDER,
  'rules/core#/turn/steps/0': ACTS_ONCE,
  'rules/core#/turn/steps/1': ORDER,
  'rules/core#/turn/steps/2': EXAMPLE,
  'rules/core#/movement': MOVEMENT,
  'rules/core#/capacity': CAPACITY,
  'rules/core#/rng': EXAMPLE,
  'rules/core#/combat': EXAMPLE,
  'rules/core#/events': EVENTS,
  'rules/core#/damage': FACES,
  'scenario/demo#/sides/0/army': DEMO,
  'scenario/demo#/sides/0/setup': DEMO,
  'scenario/demo#/sides/1/army': DEMO,
  'scenario/demo#/sides/1/setup': DEMO,
  'scenario/demo#/victory/0': VICTORY,
  'scenario/demo/draw-after-turns': DRAW,
  'spread/erdon-pass#/specialRules/0': ERDON,
  'spread/erdon-pass#/events/1': EVENTS,
  'spread/erdon-pass#/events/2': DEADLY,
  'trait/aerial/flies': AERIAL,
};
