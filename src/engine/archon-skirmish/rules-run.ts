// Every printed rule of Archon Skirmish this engine plays through the game loop, by rule key (see
// RuleInfo.key in src/content/rules.ts: `<kind>/<record id>`, `<kind>/<record id>/<rule id>`,
// `<kind>/<record id>#<pointer>`) -> the title of the test (test/archon-*.test.ts) that plays it
// through `legalMoves` and `play`. test/archon-game.test.ts checks that the keys are exactly the
// pack's rules and that every title is a test; test/coverage-fires.test.ts that each fires in
// seeded games of the pack's own scenario (so every rule here `runs`: none runs on test content only). The spells' effects are their records' `effects`,
// which the core's effect interpreter applies (core-units.ts); each spell's test also plays an
// edited copy of its effect. Who may cast and the legal targets are the procedure's (spells.ts).

const SETUP = 'set-up: each player places one creature on each square of his back row, first Light then Dark, no stacking';
const TURNS = 'turn sequence: players take turns, each turn Orders, Move, Battle';
const DRAW = 'Orders: draw 2 cards from the shared deck at the start of each turn';
const RESHUFFLE = 'Orders: when the deck runs out, the discard is shuffled (seeded, logged) and drawn from';
const HAND = 'Orders: max hand size 5, the player discards the excess cards of his choice';
const MOVE = 'move: a Move card moves one creature exactly its number of squares, diagonal or orthogonal';
const BLOCK = 'move: creatures cannot move through or onto other creatures; Flyers move over them';
const MOVE_LIMIT = 'move limit: a creature may use only Move cards up to its Move value';
const GROUP = 'group forward move: one Move card moves one or more creatures forward its number of squares';
const RANGE = "attack range: an Attack card reaches an enemy on a queen line up to its number, within the creature's Attack";
const ATTACK_LIMIT = 'attack limit: a creature may use only Attack cards up to its Attack value';
const LOS = 'line of sight: an attack cannot pass through any creature, friend or foe';
const DAMAGE = 'damage and removal: the target loses one Hit; at zero it is killed and removed from the map';
const SAVES = 'saves: the defender may answer an attack on his creature with a Save of his side; the attack does no damage';
const EXCHANGE = 'exchange: switches the locations of any two friendly creatures (its swap-positions effect, applied by the core effect interpreter)';
const TELEPORT =
  'teleport: any friendly creature, whatever its Move, up to 6 squares along a line over others to an empty square (its teleport effect, applied by the core effect interpreter)';
const IMPRISON =
  'imprison: an enemy within 3 of the caster in line of sight cannot move or attack for his next 3 turns (its prevent-actions effect, applied by the core effect interpreter)';
const HEAL = 'heal: one of your creatures gains back one lost Hit, never above its Hits (its heal effect, applied by the core effect interpreter)';
const CASTERS = 'spellcasters: a side uses spell cards only while its Wizard or Sorceress is in play';
const CORNERS = 'victory: a side that occupies the 4 corner squares wins at once';
const DESTROY = 'victory: a side that destroys all enemy creatures wins at once';
const DECK = "the shared 50-card deck is shuffled with the state's seeded generator (the same draws as sampleIndices)";

export const ARCHON_RULES_RUN: { readonly [key: string]: string } = {
  'board/board': MOVE,
  'card/dark-save': SAVES,
  'card/light-save': SAVES,
  'card/move-1': MOVE_LIMIT,
  'card/move-2': MOVE,
  'card/move-3': MOVE_LIMIT,
  'card/move-4': BLOCK,
  'card/move-5': MOVE_LIMIT,
  'deck/common-deck': DECK,
  'phase/battle/play-attack-card': RANGE,
  'phase/battle/card-number': RANGE,
  'phase/battle/attack-limit': ATTACK_LIMIT,
  'phase/battle/queen-attacks': RANGE,
  'phase/battle/damage': DAMAGE,
  'phase/battle/killed': DAMAGE,
  'phase/battle/no-attacking-through': LOS,
  'phase/battle/line-of-sight': LOS,
  'phase/move/play-move-card': MOVE,
  'phase/move/no-moving-through': BLOCK,
  'phase/move/flyers-and-teleport': BLOCK,
  'phase/move/card-number': MOVE,
  'phase/move/move-limit': MOVE_LIMIT,
  'phase/move/queen-moves': MOVE,
  'phase/move/group-forward': GROUP,
  'phase/orders/draw': DRAW,
  'phase/orders/reshuffle': RESHUFFLE,
  'phase/orders/hand-size': HAND,
  'phase/orders/discard-excess': HAND,
  'rules/creatures/counters': SETUP,
  'rules/creatures/eight-unique': SETUP,
  'rules/spell-cards/light-spellcaster': CASTERS,
  'rules/spell-cards/dark-spellcaster': CASTERS,
  'scenario/standard-game#/sides/0/army': SETUP,
  'scenario/standard-game#/sides/0/setup': SETUP,
  'scenario/standard-game#/sides/1/army': SETUP,
  'scenario/standard-game#/sides/1/setup': SETUP,
  'scenario/standard-game#/victory/0': CORNERS,
  'scenario/standard-game#/victory/1': DESTROY,
  'scenario/standard-game/no-stacking': SETUP,
  'spell/exchange': EXCHANGE,
  'spell/heal': HEAL,
  'spell/imprison': IMPRISON,
  'spell/teleport': TELEPORT,
  'turn/turn-sequence': TURNS,
  'zone/corner-a1': CORNERS,
  'zone/corner-a8': CORNERS,
  'zone/corner-h1': CORNERS,
  'zone/corner-h8': CORNERS,
  'zone/dark-back-row': SETUP,
  'zone/light-back-row': SETUP,
};

// The names coverage reads (src/engine/coverage.ts rulesRunOf), as pack.yaml's `game.rules` names this module.
export const rulesRun = ARCHON_RULES_RUN;
export { ARCHON_RULES_MUTATIONS as rulesMutations } from './rules-mutations.js';
