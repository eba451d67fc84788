import type { LintCheck } from './context.js';
import { deckCounts } from './decks.js';
import { eventTables } from './events.js';
import { genericTables } from './generic-tables.js';
import { unitFaces } from './faces.js';
import { gameModule } from './game.js';
import { duplicateIds } from './ids.js';
import { symmetricAdjacency } from './locations.js';
import { oneWayPaths } from './paths.js';
import { playerText } from './player-text.js';
import { references } from './refs.js';
import { rngMatrices } from './rng.js';
import { ruleShapes } from './rules.js';
import { scenarios } from './scenarios.js';
import { spreadNumbers } from './spreads.js';
import { combatTables, rangeTables } from './tables.js';

export { LintContext } from './context.js';

/** Every cross-record check, run in this order over each pack's effective content. */
export const CHECKS: readonly LintCheck[] = [
  duplicateIds,
  references,
  oneWayPaths,
  symmetricAdjacency,
  rngMatrices,
  eventTables,
  combatTables,
  rangeTables,
  genericTables,
  deckCounts,
  unitFaces,
  scenarios,
  spreadNumbers,
  ruleShapes,
  gameModule,
  playerText,
];
