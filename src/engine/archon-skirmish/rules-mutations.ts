// For `playmark coverage archon-skirmish --mutate` (src/analysis/mutation-check.ts): the change to
// make to each rule whose own data gives no default (its effects are `manual` notes, as the
// procedure plays it, or it holds no number) or whose default the game cannot set up at all (a
// deck of 51 cards). Each changes the value the procedure reads for the rule, named in the rule's
// manual note; a seeded batch must then play differently. rules-run.ts exports it as
// `rulesMutations`, beside `rulesRun`.
import type { RulesMutations } from '../coverage.js';

const SECOND_RANK = ['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2'];
const SEVENTH_RANK = ['a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7'];

export const ARCHON_RULES_MUTATIONS: RulesMutations = {
  'card/dark-save': { pointer: '/side', value: 'light', what: 'the Dark Save card played by Light instead' },
  'card/light-save': { pointer: '/side', value: 'dark', what: 'the Light Save card played by Dark instead' },
  'turn/turn-sequence': { pointer: '/phases', value: ['orders', 'battle', 'move'], what: 'the Battle Phase before the Move Phase' },
  'deck/common-deck': { pointer: '/cards/0/card', value: 'move-2', what: 'the six Move 1 cards of the deck are Move 2 cards' },
  // Its default (its effects removed) changes no game: the vocabulary's `damage` destroys a unit left
  // with 0 Hits by itself (core/effects/damage.ts), so the rule, fired on every damage, finds it gone.
  'phase/battle/killed': { pointer: '/rules/5/do/0/target/stat/value', value: 1, what: 'creatures killed at 1 Hit or less' },
  'phase/battle/play-attack-card': { pointer: '/cardsPerPhase', value: 2, what: 'two Attack cards a Battle Phase' },
  'phase/battle/card-number': { pointer: '/cardNumber', value: 'exact', what: "an attack reaches exactly the card's number, not up to it" },
  'phase/battle/attack-limit': { record: 'card/attack-2', pointer: '/limitedBy', value: 'none', what: "Attack 2 not limited by the creature's Attack" },
  'phase/battle/queen-attacks': { pointer: '/directions', value: ['orthogonal'], what: 'attacks orthogonal only' },
  'phase/battle/no-attacking-through': { pointer: '/lineOfSight', value: 'touched-squares', what: 'line of sight blocked by every square the line touches' },
  'phase/battle/line-of-sight': { pointer: '/lineOfSight', value: 'touched-squares', what: 'line of sight blocked by every square the line touches' },
  'phase/move/play-move-card': { pointer: '/cardsPerPhase', value: 2, what: 'two Move cards a Move Phase' },
  'phase/move/no-moving-through': { pointer: '/mayEndOnOccupied', value: true, what: 'a move may end on an occupied square' },
  'phase/move/flyers-and-teleport': { pointer: '/flyersPassThrough', value: false, what: 'Flyers blocked like other creatures' },
  'phase/move/card-number': { pointer: '/cardNumber', value: 'maximum', what: "a move goes up to the card's number, not exactly" },
  'phase/move/move-limit': { record: 'card/move-3', pointer: '/limitedBy', value: 'none', what: "Move 3 not limited by the creature's Move" },
  'phase/move/queen-moves': { pointer: '/directions', value: ['orthogonal'], what: 'moves orthogonal only' },
  'phase/move/group-forward': { pointer: '/groupMove/lines', value: 'straight-or-diagonal', what: 'a group move may also go diagonally forward' },
  'phase/orders/draw': { pointer: '/draw', value: 3, what: 'draw 3 cards a turn' },
  'phase/orders/reshuffle': { pointer: '/reshuffle', value: false, what: 'no reshuffle when the deck runs out' },
  'phase/orders/hand-size': { pointer: '/handLimit', value: 4, what: 'hand limit 4' },
  'phase/orders/discard-excess': { pointer: '/handLimit', value: 6, what: 'hand limit 6' },
  'rules/creatures/counters': {
    record: 'scenario/standard-game',
    pointer: '/sides/1/army/units/7',
    remove: true,
    what: 'Dark fields 7 creatures (its Goblin left out)',
  },
  'rules/creatures/eight-unique': {
    record: 'scenario/standard-game',
    pointer: '/sides/0/army/units/7/unit',
    value: 'wizard',
    what: 'Light fields a second Wizard instead of its Knight',
  },
  'rules/spell-cards/light-spellcaster': { pointer: '/spellcasters/0/creature', value: 'unicorn', what: "Light's spellcaster is the Unicorn" },
  'rules/spell-cards/dark-spellcaster': { pointer: '/spellcasters/1/creature', value: 'basilisk', what: "Dark's spellcaster is the Basilisk" },
  'scenario/standard-game#/sides/0/army': { pointer: '/sides/0/army/units/7', remove: true, what: 'Light fields 7 creatures (its Knight left out)' },
  'scenario/standard-game#/sides/1/army': { pointer: '/sides/1/army/units/7', remove: true, what: 'Dark fields 7 creatures (its Goblin left out)' },
  'scenario/standard-game#/sides/0/setup': { record: 'zone/light-back-row', pointer: '/squares', value: SECOND_RANK, what: 'Light sets up on rank 2' },
  'scenario/standard-game#/sides/1/setup': { record: 'zone/dark-back-row', pointer: '/squares', value: SEVENTH_RANK, what: 'Dark sets up on rank 7' },
  'scenario/standard-game#/victory/0': {
    pointer: '/victory/0/locations',
    value: ['corner-a1', 'corner-h1', 'corner-a8'],
    what: 'three corners win',
  },
  'scenario/standard-game#/victory/1': { pointer: '/victory/1', remove: true, what: 'destroying every enemy creature does not win' },
  'scenario/standard-game/no-stacking': { pointer: '/specialRules/0', remove: true, what: 'the no-stacking rule removed' },
  'spell/exchange': { pointer: '/effects/0/target/side', value: 'enemy', what: 'Exchange swaps two enemy creatures' },
  'spell/imprison': { pointer: '/effects/0/turns', value: 1, what: 'Imprison holds for 1 turn, not 3' },
  'spell/teleport': { pointer: '/effects/0/range', value: 2, what: 'Teleport reaches 2 squares, not 6' },
  'spell/heal': { pointer: '/effects/0/hits', value: 2, what: 'Heal gives back 2 Hits' },
  // Each side holds its own two corners from the set-up, and the batch's random bots never take both
  // of the enemy's, so moving a corner to another square of the board's edge changes no game: each
  // corner is made one of the enemy's corners instead, so that three corners win, which the batch's
  // games reach (as the scenario's own three-corner mutation above).
  'zone/corner-a1': { pointer: '/squares', value: ['h8'], what: 'corner a1 is h8 (the corners are h1, a8, h8)' },
  'zone/corner-a8': { pointer: '/squares', value: ['h1'], what: 'corner a8 is h1 (the corners are a1, h1, h8)' },
  'zone/corner-h1': { pointer: '/squares', value: ['a8'], what: 'corner h1 is a8 (the corners are a1, a8, h8)' },
  'zone/corner-h8': { pointer: '/squares', value: ['a1'], what: 'corner h8 is a1 (the corners are a1, h1, a8)' },
  'zone/dark-back-row': { pointer: '/squares', value: SEVENTH_RANK, what: "Dark's back row is rank 7" },
  'zone/light-back-row': { pointer: '/squares', value: SECOND_RANK, what: "Light's back row is rank 2" },
};
