// The printed rules of Warchon this engine plays through the game loop, by rule key (as
// `playmark coverage warchon --format json` lists them) -> the title of the test
// (test/warchon-*.test.ts) that plays it through `warchonGame.play`. WARCHON_RULES_RUN holds the
// rules that fire in games of the pack's own scenario (test/coverage-fires.test.ts measures it);
// WARCHON_RULES_ON_TEST_CONTENT those a test plays on units or places it made, as nothing in the
// pack sets them off; WARCHON_RULES_UNUSED those the engine does not play, as nothing in the text
// can set them off. Any other rule would be `manual`.
//
// Firing is measured from the game logs of the demo's games (a line naming the rule, a mark a static
// rule put on the state). A rule whose firing leaves no line of its own counts by a witness
// (test/coverage-fires-support.ts): the turn's steps by the phase and turn lines; each side's army
// and set-up by its placements; Capacity when an army fills its share of a spread (Capacity then
// refuses its next unit there: the demo's games never force a unit in over it); Aerial movement
// when an Aerial unit moves; a set-up check (Distinct, Nether and Purity) only when an army of the
// scenario could break it.

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

// test/warchon-events.test.ts
const IRONDALE = 'Irondale: every Construct unit gains +1 CS there, and loses it on leaving';
const KIER_ZHADD = 'Kier-Zhadd: units of Size 3 or higher gain +1 CS there';
const GOBLINS = 'Xetti Bishum: Goblin Assassins gain +1 CS while there';
const AKIBATU = 'Akibatu: units in battle there always remain Engaged: none may leave, reinforcements may enter';
const FRIGID = 'Baphite Swarm: -1 CS in Frigid locations';
const INSPIRED = 'Erdon Pass Event 1, Inspired Charge: an attacking army with a Tactics unit gains +2 AS this turn';
const RAIN = 'Erdon Pass Event 5, Torrential Rain: combat ends at once, with no combat result';
const ELEMENTAL =
  "Dracosroar Event 1, Ramping Water Elemental: a number from both players' fingers on the spread's RNG; 1-2 it joins the attacker, 3-4 the defender, 5 all armies at halved CS, this turn";
const FALL = 'Dracosroar Event 2, Accidental Fall: each army picks one opposing unit without Aerial or Aquatic, and it is destroyed';
const FURY = "Dracosroar Event 5, River's Fury: a random unit of each Battle Army takes 1 Hit";
const BRIDGE =
  'Dracosroar Event 3, Magic Bridge: lifts an attack restriction Dracosroar never has (ruling), so nothing changes and combat resumes with a new number';
const ERUPTION = 'Mount Tzask Event 1, Volcanic Eruption: every unit there but Brimstone Dragons is destroyed, and combat ends';
const MAGMA = "Mount Tzask Event 2, Magma Flow: units of Movement 2 or less are destroyed, the others retreat one spread by their owner's choice, combat ends";
const QUAKE = 'Mount Tzask Events 3 and 4, Earthquake and Lava Burst: units without (with) Aerial take 1 Hit and have CS 1 this turn';
const ORIGINAL = 'Mount Tzask Event 5, None: the number that called the event gives the combat result';
const ASSASSINATION =
  "Xetti Bishum Event 1, Assassination: a number from both players' fingers on the spread's RNG; 1-2 the attacker loses a unit of its choice, 3-4 the defender, 5 nothing";
const MOB = 'Xetti Bishum Event 2, Swarming Mob: the unit of largest Size has CS 0 this turn, all of them in a tie';
const CULL = 'Xetti Bishum Event 3, Cull the Weak: the unit with the least DS there is destroyed, all of them in a tie';
const BRIBERY =
  'Xetti Bishum Events 4 and 5, Bribery and Shell Game: the Controlling (non-Controlling) army takes one opposing unit for this turn, Size 0 for Capacity';
const AX = 'Ax: the attacker alone takes the Hits, its owner giving them one at a time, no unit more than it has';
const DY = 'Dx: the defender alone takes the Hits, split by its owner among its units there';
const DISTINCT = 'Distinct: an army may hold one copy of a Distinct unit, not two';
const NETHER_PURITY = 'Nether and Purity: opposites, no unit starts off with both';
const RESERVE =
  'Erdon Pass Event 4, Surprise Reserve: the Controlling army may bring one unit in from within its Movement, even one that moved, Size 0 for Capacity this turn, and it retreats one spread when the turn is over';
const BERSERK =
  'Berserk: its owner may declare it when a battle starts (ruling berserk-strategy-round); its current CS doubles, prior changes kept, and it is destroyed after the battle';
const BRIDGE_4 =
  "Dracosroar Event 4, Magic Bridge: the Attacking army commits any number of its units (ruling dracosroar-magic-bridge-4), the rest add no AS, then a number from both players' fingers; on 1 or 2 the committed units without Aerial or Aquatic are destroyed";

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
  'spread/erdon-pass#/specialRules/0': ERDON,
  'spread/erdon-pass#/events/entries/1': EVENTS,
  'spread/erdon-pass#/events/entries/2': DEADLY,
  'trait/aerial/flies': AERIAL,
  'result/ax': AX,
  'result/dy': DY,
  'spread/akibatu/always-engaged': AKIBATU,
  'spread/dracosroar#/events/entries/0': ELEMENTAL,
  'spread/dracosroar#/events/entries/1': FALL,
  'spread/dracosroar#/events/entries/2': BRIDGE,
  'spread/dracosroar#/events/entries/3': BRIDGE_4,
  'spread/dracosroar#/events/entries/4': FURY,
  'spread/erdon-pass#/events/entries/3': RESERVE,
  'spread/erdon-pass#/events/entries/4': RAIN,
  'spread/kier-zhadd#/specialRules/0': KIER_ZHADD,
  'spread/mount-tzask#/events/entries/0': ERUPTION,
  'spread/mount-tzask#/events/entries/1': MAGMA,
  'spread/mount-tzask#/events/entries/2': QUAKE,
  'spread/mount-tzask#/events/entries/3': QUAKE,
  'spread/mount-tzask#/events/entries/4': ORIGINAL,
  'spread/xetti-bishum#/events/entries/0': ASSASSINATION,
  'spread/xetti-bishum#/events/entries/1': MOB,
  'spread/xetti-bishum#/events/entries/2': CULL,
  'spread/xetti-bishum#/events/entries/3': BRIBERY,
  'spread/xetti-bishum#/events/entries/4': BRIBERY,
};

// The printed rules this engine plays through the game loop only on units or places a test made,
// by rule key -> the test, and what the pack lacks to set the rule off, in players' words. Nothing
// in the pack's own scenario sets them off: test/coverage-fires.test.ts plays it (a few hundred
// seeded games) and finds none of them firing, and test/coverage-unused.test.ts checks each `why`
// against the content. A set-up check counts as running only when an army of the scenario could
// break it; so Distinct and Nether/Purity are here.
export const WARCHON_RULES_ON_TEST_CONTENT: { readonly [key: string]: { readonly test: string; readonly why: string } } = {
  'trait/berserk/go-berserk': { test: BERSERK, why: 'No unit of the text has Berserk.' },
  'descriptor/distinct': { test: DISTINCT, why: 'No unit of the text is Distinct, so no army can hold two copies of one.' },
  'trait/nether': {
    test: NETHER_PURITY,
    why: 'No unit of the text has both Nether and Purity, so the check that none starts off with both never refuses one.',
  },
  'trait/purity': {
    test: NETHER_PURITY,
    why: 'No unit of the text has both Nether and Purity, so the check that none starts off with both never refuses one.',
  },
  'spread/erdon-pass#/events/entries/0': {
    test: INSPIRED,
    why: 'No unit of the text has Tactics, so Inspired Charge is rolled at Erdon Pass but no attacking army gains the +2 AS.',
  },
  'spread/irondale#/specialRules/0': { test: IRONDALE, why: 'No unit of the text is a Construct.' },
  'spread/xetti-bishum#/specialRules/0': {
    test: GOBLINS,
    why: 'The Goblin Assassins have no side and no stats in the text (Xetti Bishum only names them), so no army has them.',
  },
  'unit/baphite-swarm#/specialAbilities/0': { test: FRIGID, why: 'No spread of the text is Frigid (no terrain of a spread is or carries Frigid).' },
};

// The printed rules nothing in the text can set off, by rule key -> why, in players' words. Such a
// rule stays in the data and coverage reports it as `unused`, never as running: playing it would
// need a unit, trait or scenario the text does not have, so a test could only fake it.
// The engine does not play them. test/coverage-unused.test.ts checks each reason against the
// content, so adding (say) a Berserk unit fails that test until a test plays the rule and it moves
// to WARCHON_RULES_RUN.
export const WARCHON_RULES_UNUSED: { readonly [key: string]: string } = {
  'spread/akibatu/berserk-triple': 'No unit of the text has Berserk, so no unit can go berserk at Akibatu.',
  'trait/frigid': 'No unit of the text has Frigid, and no spread is Frigid.',
  'trait/magical': 'No unit of the text has Magical.',
  'scenario/demo#/specialRules/0': 'The demo scenario does not use Activation ("it is not used in this demo"), and the text has no other scenario.',
};

// The names coverage reads (src/engine/coverage.ts rulesRunOf), as pack.yaml's `game.rules` names this module.
export const rulesRun = WARCHON_RULES_RUN;
export const rulesOnTestContent = WARCHON_RULES_ON_TEST_CONTENT;
export const rulesUnused = WARCHON_RULES_UNUSED;
export { WARCHON_RULES_MUTATIONS as rulesMutations } from './rules-mutations.js';
