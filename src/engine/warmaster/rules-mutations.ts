// For `playmark coverage warmaster --mutate` (src/analysis/mutation-check.ts): the change to make to
// each rule whose own data gives no default the engine reads (a rule whose effects are `manual`
// notes, whose value the procedure reads from another field, whose effects removed play as they do,
// or which is text only). Each changes
// the value the engine plays the rule from; a seeded batch must then play differently. The
// Teleportation Table's Failure! entries are played by their `outcome` (the engine does not run
// their delayed effects yet: the next step, once the vocabulary can say an area given by the roll
// for the roll-table they end in), so their mutation changes the outcome.
import type { RulesMutations } from '../coverage.js';

export const WARMASTER_RULES_MUTATIONS: RulesMutations = {
  'card/crew': { pointer: '/defence', value: 1, what: 'Crew defend with 1, not 3' },
  'card/crew-ambush': {
    pointer: '/effects',
    value: [{ kind: 'destroy', target: { side: 'enemy', choose: { count: 1, by: 'owner' } } }],
    what: 'a Crew Ambush! revealed destroys an Imperial unit there',
  },
  'phase/imperial-battle': { pointer: '/order', value: 6, what: "the Imperial battle phase comes after the Traitor's movement" },
  'combat-table/combat-results#/extension/oddsRule': {
    pointer: '/key/rounding',
    value: 'attacker-favour',
    what: "odds rounded in the attacker's favour (a rounding the engine refuses)",
  },
  'scenario/standard-game#/sides/1/setup': { pointer: '/sides/1/setup/zones', value: ['area-14'], what: 'Horus always starts in area 14' },
  'scenario/standard-game#/victory/0': { pointer: '/victory/0/units', value: ['angron'], what: 'the Imperial player wins by destroying Angrón, not Horus' },
  'scenario/standard-game#/victory/1': {
    pointer: '/victory/1/units',
    value: ['sanguinius'],
    what: 'the Traitor player wins by destroying Sanguinius, not the Emperor',
  },
  'scenario/standard-game#/victory/2': { pointer: '/victory/2/winner', value: 'imperial', what: 'the Imperial player wins at the turn limit' },
  'teleport-table/teleportation#/entries/1': { pointer: '/entries/1/extension/outcome', value: 'death', what: 'a 13 kills the group instead of delaying it' },
  'teleport-table/teleportation#/entries/4': {
    pointer: '/entries/4/extension/outcome',
    value: 'death',
    what: 'a 61-65 kills the group instead of delaying it',
  },
  // A Great Demon's roll after a Blood bath with its effects removed plays differently only in the rare
  // Blood bath it fights (Kraxnar's survives 200 games): moved to another result, it fires elsewhere.
  'special-unit/kraxnar/roll-each-combat': {
    pointer: '/abilities/1/when/results',
    value: ['AR'],
    what: 'Kraxnar rolls again after an Attacker routed, not a Blood bath',
  },
  // As Kraxnar's: Doombreed's Blood-bath roll with its effects removed survives 200 games (reveals on arrival
  // changed which battles they fight); moved to another result, it fires elsewhere.
  'special-unit/doombreed/roll-each-combat': {
    pointer: '/abilities/1/when/results',
    value: ['AR'],
    what: 'Doombreed rolls again after an Attacker routed, not a Blood bath',
  },
  // Areas are destroyed rarely (an accident in the Engine Room or a Weapons store), and a teleport into one rarer
  // still: the rule's condition turned round fires it on every teleport into an area not destroyed.
  'ship-area/destroyed-areas/teleport-death': {
    pointer: '/rules/1/if',
    value: { place: { destroyed: false } },
    what: 'units teleporting into an area not destroyed are annihilated',
  },
  // The Bridge destroyed: its limit of one area (removed, the procedure's one area when no rule limits
  // plays the same, so the limit is raised instead). The fire counting down from
  // 56 after the Engine Room goes reaches the Bridge in about 1 random game of 200 (11 of 2,000 of
  // seed 1), so a 200-game batch may well miss it: this rule alone plays a longer batch; the check
  // stops at the first chunk that plays differently.
  'ship-area/the-bridge/destroyed': {
    record: 'ship-area/the-bridge',
    pointer: '/rules/2/do/0/maxDistance',
    value: 3,
    what: 'units move up to three areas while the Bridge is destroyed',
    batch: {
      games: 1000,
      why: 'the Bridge is destroyed (by the fire after the Engine Room goes) in about 1 random game of 200',
    },
  },
  'scenario/standard-game#/specialRules/0': {
    record: 'ship-area/the-bridge',
    pointer: '/control/initial',
    value: 'imperial',
    what: 'the Imperial side controls the Bridge at the start',
  },
  // The cup and the groups are the phases' data (`cup`, `groups`), which these armies' rules name.
  'scenario/standard-game#/sides/1/army': {
    record: 'phase/traitor-reinforcements',
    pointer: '/cup/4/count',
    value: 3,
    what: 'three Demonic hordes in the cup, the other three on the ship at set-up',
  },
  // The face-down pieces, stacking and retreat special rules print at the table what the procedure
  // plays (reveal on arrival, battles made by arrival, the areas a retreat may enter); their own
  // data is text and a `manual` note, so each is mutated in the data the procedure plays it from.
  'scenario/standard-game/face-down-pieces': {
    record: 'card/trap',
    pointer: '/effects/0/outcomes/1/effects',
    value: [{ kind: 'no-effect' }],
    what: 'a Trap turned face up beside Imperial units never destroys one',
  },
  'scenario/standard-game/stacking': {
    record: 'phase/traitor-reinforcements',
    pointer: '/teleportBy',
    value: 'group',
    what: "the Traitor's drawn pieces teleport together, so fewer arrive beside Imperial units and fight there",
  },
  'scenario/standard-game/retreat': {
    record: 'ship-area/the-reactors',
    pointer: '/rules/0/do',
    value: [{ kind: 'no-effect' }],
    what: 'units may retreat (and move) into the Reactors',
  },
  'scenario/standard-game#/sides/0/setup': {
    pointer: '/sides/0/setup/firstUnits',
    value: ['sanguinius'],
    what: "Sanguinius's group teleports first, not the Emperor's",
  },
  'special-unit/the-emperor/teleports-first': {
    record: 'scenario/standard-game',
    pointer: '/sides/0/setup/firstUnits',
    value: ['sanguinius'],
    what: "Sanguinius's group teleports first, not the Emperor's",
  },
  // The named procedural rulings of the scenario (rulings.yaml) are text and a `manual` note too; each is
  // mutated in the data the procedure plays it from. A group's single roll: the phase's `teleportBy`.
  'scenario/standard-game/group-teleport': {
    record: 'phase/imperial-reinforcements',
    pointer: '/teleportBy',
    value: 'unit',
    what: 'each piece of an Imperial group rolls its own teleport',
  },
  // The areas a chosen teleport may pick leave out those closed to entry (hooks.ts chosenAreas): the
  // destroyed areas' `no-entry` rule (which closes them to moves as well).
  'scenario/standard-game/perfect-teleport-areas': {
    record: 'ship-area/destroyed-areas',
    pointer: '/rules/0/do',
    value: [{ kind: 'no-effect' }],
    what: 'a 66 (or the Emperor) may pick a destroyed area, and units may move into one',
  },
  // Control passing on arrival is the Bridge's `control`: held by the Imperial side from the start, no
  // Imperial arrival takes it and only the Traitor's can.
  'scenario/standard-game/bridge-arrival': {
    record: 'ship-area/the-bridge',
    pointer: '/control/initial',
    value: 'imperial',
    what: 'the Imperial side holds the Bridge from the start, so only Traitor arrivals take it',
  },
  // The battles ruling's order is the battle phases' `battleOrder` (rulings imperial-battle-order,
  // traitor-battle-order): the other order, highest area first, for the Imperial side's battles.
  'scenario/standard-game/battles': {
    record: 'phase/imperial-battle',
    pointer: '/battleOrder',
    value: 'place-number-descending',
    what: "the Imperial player's battles are fought highest area number first",
  },
  // Horus's reveal at will is offered from his rule's trigger (its effect is a note: content.ts revealAtWill).
  'special-unit/warmaster-horus/hidden': {
    pointer: '/abilities/0/when/event',
    value: 'battle-ends',
    what: 'Horus is never offered to be turned face up at the start of a Traitor turn',
  },
  'scenario/standard-game#/sides/0/army': {
    record: 'phase/imperial-reinforcements',
    pointer: '/groups/0/pieces/1/count',
    value: 2,
    what: "one Space Marine fewer in the Emperor's group",
  },
};
