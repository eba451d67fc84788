// playmark as a library: `import { loadProject, render } from 'playmark'`. The small, stable API a
// program needs (load a project, validate, the effective content with where each value came from,
// the tables' look-ups and exact odds, simulate, render), re-exported from where the code lives.
// Each export is documented in docs/api.md; names here are kept across versions (add, never rename).

// A project and its effective content.
export { findProject, projectAt, type Project } from './content/project.js';
export { loadProject, ProjectNotFound, type LoadProjectOptions, type ProjectContent } from './content/project-content.js';
export { loadContent, packContent, gameContent, type LoadedContent, type PackContent, type RecordOrigins, type ValueOrigin } from './content/effective.js';
export { exportPack, exportRecord, type ExportOptions } from './content/export.js';
export { formatFiles, contentFiles, projectSchemas, type FormatReport, type FormatTarget, type ContentFile } from './content/format-files.js';
export { Refusal, WriteFailed } from './content/refusal.js';
export { addRecord } from './content/add-record.js';
export { LAYER_ENTRY, type NewResult, type PackFolders } from './content/new-record-files.js';
export { recordsOfKind, typedContent, type ById, type LoadedPack, type PackContentOf } from './engine/core/content-of.js';
export type { WarchonRecords } from './engine/warchon/records.js';
export type { ArchonRecords } from './engine/archon-skirmish/records.js';
export type { WarmasterRecords } from './engine/warmaster/records.js';
export type { Json, JsonObject, Manifest, Pack } from './content/model.js';

// Validation and its diagnostics.
export { validate, type PackSummary, type ValidateOptions, type ValidationResult } from './content/validate.js';
export type { Diagnostic } from './content/diagnostic.js';
export { CODES } from './content/codes.js';
export { formatDiagnosticText } from './cli/format.js';

// Tables: look-ups and exact odds, on the generic combat and roll tables of any pack.
export { Fraction } from './analysis/fraction.js';
export { parseDice, describeDice, rollDice, DiceError, type Dice } from './engine/core/dice-expression.js';
export { diceDistribution, type DiceOutcome } from './analysis/dice.js';
export {
  resolveCombatTable,
  resolveRollTable,
  legendResult,
  pickColumn,
  reduceOdds,
  TableError,
  type CombatTable,
  type RollTable,
  type ColumnInput,
  type CombatLookup,
  type PickedColumn,
} from './engine/core/generic-tables.js';
export { genericTables, COMBAT_TABLE_SCHEMA, ROLL_TABLE_SCHEMA, type GenericTable, type TableHome } from './analysis/pack-tables.js';
export { packTables, spreadTablesOf, kindWithSchema, type PackTables, type TableEngine } from './analysis/table-engines.js';
export { combatOddsFor, type GroupOdds } from './analysis/simulate-odds.js';
export {
  lookUpCombatTable,
  lookUpRollTable,
  type CombatTableInput,
  type CombatTableLookup,
  type RollTableLookup,
  type LayerNote,
} from './analysis/table-lookup.js';
export { combatLookupText, rollLookupText } from './analysis/table-lookup-text.js';
export { genericOdds, rollsText } from './analysis/table-odds-text.js';
export {
  combatTableOdds,
  rollTableOdds,
  type CombatTableOdds,
  type RollTableOdds,
  type TableColumnOdds,
  type TableOutcome,
  type RollEntryOdds,
  type TableLayer,
} from './analysis/table-odds.js';
// The Warchon and Warmaster engines' own tables (their spreads' RNG and odds columns).

export { warchonTables, resolveCombat, type WarchonTables, type WarchonTablesContent, type SpreadTables, type Resolution } from './engine/warchon/tables.js';
export {
  warmasterTables,
  resolveWarmasterCombat,
  resolveTeleport,
  type WarmasterTables,
  type WarmasterTablesContent,
  type WarmasterResolution,
} from './engine/warmaster/tables.js';
export { warchonResolutionJson, warchonResolutionText } from './analysis/warchon-resolution.js';
export { warmasterResolutionJson, warmasterResolutionText, teleportResolutionJson, teleportResolutionText } from './analysis/warmaster-resolution.js';
export { warchonOddsJson, warchonOddsText } from './analysis/warchon-odds-text.js';
export { warmasterOddsJson, warmasterOddsText } from './analysis/warmaster-odds-text.js';
export { warchonOdds, warmasterOdds, type ColumnOdds, type Outcome, type WarchonSpreadOdds, type WarmasterOdds } from './analysis/odds.js';

// Playing: games, and simulated playtests.
// Writing a game module (docs/writing-a-game.md): the game loop's types and its seeded generator.
export { IllegalMove, NO_EVENTS, type Game, type GameState, type GameMove, type GameEvent, type GameResult, type PlayResult } from './engine/core/game.js';
export { seedRandom, nextInt, sampleIndices, type RandomState, type Drawn } from './engine/core/random.js';
export { gamePacks, gameRef, loadGame, registerGame, GameNotFound, type AnyGame, type GameRef } from './engine/games.js';

// The engine core a game module builds on (docs/writing-a-game.md, "Rules as data"): the core state
// with its seeded generator, units and card zones (decks, hands); dice; the rule interpreter for
// `when`/`if`/`do` rules and effects, with the runner that fires events and asks players' choices
// as moves; the log.
export {
  createState,
  makeUnit,
  coreWith,
  unitWith,
  withoutLog,
  findUnit,
  updateUnit,
  updateUnits,
  unitsInPlay,
  otherSides,
  fightsFor,
  type CoreState,
  type UnitState,
  type UnitInit,
  type NewState,
  type Modifier,
  type BattleState,
  type DelayedEffect,
} from './engine/core/state.js';
export { effectiveStat } from './engine/core/stats.js';
export { rollDie, type DieName } from './engine/core/dice.js';
export { entry, NO_ENTRIES, type LogEntry, type LoggedRoll, type JsonValue } from './engine/core/log.js';
export { contextWith, type EffectContext, type Generated, type RuleHooks } from './engine/core/context.js';
export {
  firstPolicy,
  randomPolicy,
  policyBySide,
  type Policy,
  type UnitChoice,
  type LocationChoice,
  type OptionChoice,
  type RerollChoice,
  type NumberChoice,
} from './engine/core/policy.js';
export {
  possibleAnswers,
  isAnswer,
  isAsked,
  type ChoiceRequest,
  type ChoiceAnswer,
  type Attempt,
  type Asked,
  type AskingPolicy,
} from './engine/core/choices.js';
export { applyEffects, effectKinds, type Step } from './engine/core/effects/index.js';
export { fire, type Fired } from './engine/core/rules/fire.js';
export { holds } from './engine/core/rules/condition.js';
export { describeEvent, type GameEvent as RuleEvent } from './engine/core/rules/event.js';
export type { RuleSource, Holder } from './engine/core/rules/ruleset.js';
export { recomputeStatics } from './engine/core/rules/statics.js';
export { ruleSet, type RuleSet } from './engine/core/rules/rule-set.js';
export {
  announce,
  runEffects,
  applyAndFire,
  attemptRun,
  effectContext,
  idleEvent,
  quietEvent,
  logEvents,
  type Ran,
} from './engine/core/rules/run.js';
export { markSettled, withTurn } from './engine/core/rules/statics-cache.js';
// The rule model's types, generated from schemas/common/ (a rule's `when`, `if`, `do`).
export type { Rule, Trigger, TriggerEvent, Condition, UnitFilter, Side } from '../generated/types/common/defs.js';
export type { Effect } from '../generated/types/common/effect.js';
export { gameRefOf, resolveGameModule, type GameDecl, type GameModuleRef } from './content/game-module.js';
export { simulate, gameSeed, shardRange, DEFAULT_MAX_MOVES, type SimulateOptions } from './analysis/simulate.js';
export { BOT_NAMES, bot, type Bot, type BotName } from './engine/core/bots.js';
export { searchBot, SEARCH_OPTIONS, type SearchOptions } from './engine/core/search-bot.js';
export { knownState, playerViewOf, viewEventOf, VIEW_RANDOM } from './engine/core/view.js';
export type { Batch, Range, SimulateReport } from './analysis/simulate-report.js';
export {
  simulatePairings,
  mergeAnyReports,
  parseAnyReport,
  readAnyReport,
  playedGames,
  failedGames,
  type PairingsReport,
  type AnyReport,
} from './analysis/simulate-pairings.js';
export { playBatch, workersFor } from './analysis/simulate-batch.js';
export { reportText, anyReportText, failureSummary } from './analysis/simulate-text.js';
export { pairingsText } from './analysis/simulate-pairings-text.js';

// Printing.
export { render, type RenderOptions, type RenderSummary, type OutputFile } from './render/render.js';
export { findBrowser, type FoundBrowser } from './render/browser.js';
