// The printed rules of Warmaster this engine plays through the game loop, by rule key (as
// `playmark coverage warmaster --format json` lists them) -> the title of the test
// (test/warmaster-*.test.ts) that plays it through `warmasterGame.play`. Any other rule is `manual`.

// test/warmaster-turn.test.ts
const SETUP =
  'set-up: the Traitor draws pieces from the cup at random and places them and Horus face down, mixed, in any area but the Reactors; the cup holds the other Traitor pieces, dealt at random; the Traitor controls the Bridge';
const LEADERS = 'victory: the Imperial player wins as soon as Warmaster Horus is destroyed, the Traitor player as soon as the Emperor is, both at once a draw';
const TURN_LIMIT = 'victory: if nobody has won when the turn limit ends (turn 15; 1 here), the Traitor player wins';
// test/warmaster-reinforcements.test.ts
const EMPEROR = "the Emperor's group teleports first and perfectly: the Imperial player picks one area for the whole group, any but the Reactors";
const DEATH = 'Teleportation Table 11-12, Death!: the group is destroyed';
const FAILURE = "Teleportation Table 13 (and 61-65 by ruling), Failure!: the group tries again in its side's next reinforcements phase";
const SUCCESS = 'Teleportation Table 14-56, Success!: the group arrives in the area of the number rolled';
const PERFECTLY = 'Teleportation Table 66, Perfectly!: the side picks the area, any but the Reactors';
const REACTORS = 'teleporting into the Reactors or a destroyed area annihilates the units';
const CUP = 'Traitor reinforcements: a D6 gives how many pieces are drawn from the cup, each teleported on its own, face down';
// test/warmaster-movement.test.ts
const BRIDGE = 'the Bridge: its controller moves units up to three areas, the other side one';
const CONTROL = 'the Bridge: the Traitor controls it at the start; control passes to the last side with a unit arriving';
const NO_ENTRY = 'no unit moves into a destroyed area or the Reactors';
const STAYS = 'face-down pieces, Crew and Crew Ambush! do not move; a unit moves once a phase; entering an enemy-held area stops it and makes a battle there';
// test/warmaster-battle.test.ts
const ODDS = "battle: the attackers' total attack against the defenders' total defence, rounded in the defender's favour to a column, a D6 for the row";
const TRAITOR_BATTLE = "the Traitor's battle phase: his units that moved into Imperial-held areas attack there";
const AA = 'AA: every attacking unit is destroyed';
const DA = 'DA: every defending unit is destroyed';
const AR = 'AR: the attacker loses a unit of his choice, the rest retreat one area of his choice';
const DR = 'DR: the defender loses a unit of his choice, the rest retreat; a unit that cannot retreat (Crew) is eliminated';
const BB = 'BB: one unit of each side is destroyed and the survivors fight another round';

// test/warmaster-abilities.test.ts
const REROLLS =
  're-rolls: the Emperor, Sanguinius, Rogal Dorn, Angrón and Magnus let their side re-roll the combat roll once, the second result standing; each loses it when a named enemy takes part';
const CHAOS = 'Doombreed, Kraxnar and the Demonic hordes: attack and defence D6+4 for each battle, rolled again for the next round after a Blood bath';
const ACCIDENT = 'the Engine Room and the Weapons store: before each result there a D6, a 1 destroys the area and every unit in it, and the battle ends';

// test/warmaster-cards.test.ts
const TRAP = 'Trap: a D6, 4-6 destroys an Imperial unit there (the Imperial player picks), then it leaves play';
const HORROR = 'Horror: a D6, the Imperial Guard destroyed on 3-6, any other unit on 5-6, one unit the Imperial player picks; then it leaves play';
const IMMUNE = 'General Kane and the Emperor: a Trap (Kane) or a Horror (the Emperor) revealed in their area is removed with no effect';
const CREW = "Crew: revealed, it stays and defends with 3; Crew Ambush! doubles its own and the Crew cards' values in its first round only";
// test/warmaster-areas.test.ts
const DESTROY =
  'the Engine Room and the Weapons store: an Imperial unit there with no Traitor piece may destroy it as the Imperial battle phase starts, instead of attacking; every unit there is destroyed with it';
const FIRE =
  "the fire: once the Engine Room is destroyed, at the start of each player's turn the highest-numbered area not yet destroyed burns, with the units in it";
const CHAIN = "the Weapons store's explosion: a D6 for each adjacent area, 1-2 destroys it and the units in it";
const BRIDGE_DESTROYED = 'the Bridge destroyed: nobody controls it and every unit moves one area';
const LASERS =
  'the Shields: with an Imperial unit there as his turn starts, the Imperial player may fire the defence lasers before his groups teleport: a D66 on the Teleportation Table, 14-56 destroys that area and every unit in it, 66 an area he picks but the Reactors, any other roll misses';

// test/warmaster-reveal.test.ts
const FACE_DOWN = 'face-down pieces: an Imperial unit ending its move in their area turns them face up there and then, and a Trap acts at once';
const STACKING =
  "stacking: a Traitor piece teleporting in beside Imperial units is turned face up, the two sides fight there in the Traitor's battle phase, and any number of units share an area";
const HORUS_RETREAT =
  'Warmaster Horus revealed by an Imperial unit ending its move in his area: the Traitor may retreat him one area of his choice before the battle, or stay and fight';
const RETREAT =
  "retreat: a unit made to retreat goes one area of its owner's choosing, never into enemy pieces, a destroyed area or the Reactors; one with none open is destroyed";

// test/warmaster-teleport-order.test.ts
const FIRST =
  "the Emperor's group teleports first, from the scenario's set-up whatever order the groups are listed in; a set-up naming another unit sends its group first";
const HORUS_HIDDEN =
  'Warmaster Horus hidden: at the start of each of his turns while Horus lies face down the Traitor may turn him face up, or not; the Imperial player is never asked, and Horus turned up by his own side does not retreat';
const CREW_RETREAT =
  'Crew and Crew Ambush!: forced to retreat, each is eliminated instead, by its own rule (the retreat announced as unit-retreats, which the rule replaces)';

// test/warmaster-rulings.test.ts
const GROUPS = 'Teleporting groups: an Imperial group makes one teleport roll and arrives whole in one area; a side teleporting by unit rolls for each piece';
const CHOSEN_AREAS = "Perfectly! (66): a chosen teleport, and the Emperor's group's, may pick neither the Reactors nor a destroyed area";
const TAKE_BRIDGE = 'Taking the Bridge: a group teleporting onto the Bridge, by the number rolled or a chosen area, gives its side control of it';
const REROLL_ORDER = 'Re-roll order: with a re-roll on each side, the attacker decides first, then the defender, who sees the roll the attacker left';
const BATTLES =
  'Battles: every piece of both sides in the area takes part, and a phase fights its battles in its battleOrder, lowest area number first (highest first, or as made, when the data says so)';
const ZERO = 'No attack, no defence: a defence total of 0 is Defender annihilated and an attack of 0 Attacker annihilated, with no die rolled';

export const WARMASTER_RULES_RUN: { readonly [key: string]: string } = {
  'phase/imperial-reinforcements': EMPEROR,
  'phase/imperial-movement': BRIDGE,
  'phase/imperial-battle': ODDS,
  'phase/traitor-reinforcements': CUP,
  'phase/traitor-movement': STAYS,
  'phase/traitor-battle': TRAITOR_BATTLE,
  'scenario/standard-game#/sides/0/army': EMPEROR,
  'scenario/standard-game#/sides/1/army': CUP,
  'scenario/standard-game#/sides/1/setup': SETUP,
  'scenario/standard-game#/victory/0': LEADERS,
  'scenario/standard-game#/victory/1': LEADERS,
  'scenario/standard-game#/victory/2': TURN_LIMIT,
  'scenario/standard-game#/specialRules/0': CONTROL,
  'special-unit/the-emperor/perfect-teleport': EMPEROR,
  'teleport-table/teleportation#/entries/0': DEATH,
  'teleport-table/teleportation#/entries/1': FAILURE,
  'teleport-table/teleportation#/entries/2': SUCCESS,
  'teleport-table/teleportation#/entries/3': PERFECTLY,
  'teleport-table/teleportation#/entries/4': FAILURE,
  'ship-area/the-reactors/teleport-death': REACTORS,
  'ship-area/destroyed-areas/teleport-death': REACTORS,
  'ship-area/the-reactors/no-entry': NO_ENTRY,
  'ship-area/destroyed-areas/no-entry': NO_ENTRY,
  'ship-area/the-bridge/movement': BRIDGE,
  'ship-area/the-bridge/control': CONTROL,
  'card/crew/cannot-move': STAYS,
  'card/crew-ambush/cannot-move': STAYS,
  'combat-table/combat-results#/extension/oddsRule': ODDS,
  'combat-result/aa': AA,
  'combat-result/ar': AR,
  'combat-result/bb': BB,
  'combat-result/dr': DR,
  'combat-result/da': DA,
  'special-unit/the-emperor/reroll': REROLLS,
  'special-unit/sanguinius/reroll': REROLLS,
  'special-unit/rogal-dorn/reroll': REROLLS,
  'special-unit/angron/reroll': REROLLS,
  'special-unit/magnus-the-red-one/reroll': REROLLS,
  'special-unit/doombreed/chaos-stats': CHAOS,
  'special-unit/doombreed/roll-each-combat': CHAOS,
  'special-unit/kraxnar/chaos-stats': CHAOS,
  'special-unit/kraxnar/roll-each-combat': CHAOS,
  'special-unit/demonic-hordes/chaos-stats': CHAOS,
  'special-unit/demonic-hordes/roll-each-combat': CHAOS,
  'ship-area/the-engine-room/accident': ACCIDENT,
  'ship-area/the-engine-room/explosion': ACCIDENT,
  'ship-area/the-weapons-store/accident': ACCIDENT,
  'ship-area/the-weapons-store/explosion': ACCIDENT,
  'card/trap': TRAP,
  'card/horror': HORROR,
  'card/crew': CREW,
  'card/crew-ambush': CREW,
  'card/crew-ambush/ambush': CREW,
  'special-unit/general-kane/ignores-traps': IMMUNE,
  'special-unit/the-emperor/ignores-horror': IMMUNE,
  'ship-area/the-engine-room/destroy-instead-of-attacking': DESTROY,
  'ship-area/the-weapons-store/destroy-instead-of-attacking': DESTROY,
  'ship-area/the-engine-room/ship-burns': FIRE,
  'ship-area/the-weapons-store/chain-explosion': CHAIN,
  'ship-area/shields/defence-lasers': LASERS,
  'scenario/standard-game/face-down-pieces': FACE_DOWN,
  'scenario/standard-game/stacking': STACKING,
  'scenario/standard-game/retreat': RETREAT,
  'special-unit/warmaster-horus/retreat-when-revealed': HORUS_RETREAT,
  'scenario/standard-game#/sides/0/setup': FIRST,
  'special-unit/the-emperor/teleports-first': FIRST,
  'card/crew/eliminated-instead-of-retreating': CREW_RETREAT,
  'card/crew-ambush/eliminated-instead-of-retreating': CREW_RETREAT,
  'special-unit/warmaster-horus/hidden': HORUS_HIDDEN,
  'scenario/standard-game/group-teleport': GROUPS,
  'scenario/standard-game/perfect-teleport-areas': CHOSEN_AREAS,
  'scenario/standard-game/bridge-arrival': TAKE_BRIDGE,
  'scenario/standard-game/battles': BATTLES,
  'ship-area/the-bridge/destroyed': BRIDGE_DESTROYED,
};

// Rules the engine plays only on content a test made: every piece of the shipped pack brings an attack
// or a defence to a battle (the Crew Ambush! its inferred 3), so no total is ever 0 in its games.
export const WARMASTER_RULES_ON_TEST_CONTENT: { readonly [key: string]: { readonly test: string; readonly why: string } } = {
  'scenario/standard-game/zero-totals': {
    test: ZERO,
    why: "every piece of the pack has an attack or a defence value where it fights (the Crew Ambush!'s by inference), so no side's total is ever 0",
  },
  'scenario/standard-game/reroll-order': {
    test: REROLL_ORDER,
    why: "every Imperial character with a re-roll cancels the Traitor's (Angrón's and Magnus's `cancelledBy`), so both sides never hold one in the same battle",
  },
};

// The names coverage reads (src/engine/coverage.ts rulesRunOf), as pack.yaml's `game.rules` names this module.
export const rulesRun = WARMASTER_RULES_RUN;
export const rulesOnTestContent = WARMASTER_RULES_ON_TEST_CONTENT;
export { WARMASTER_RULES_MUTATIONS as rulesMutations } from './rules-mutations.js';
