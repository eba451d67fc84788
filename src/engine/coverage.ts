// Which rules of each pack its game runs: the game's rules module (pack.yaml's `game.rules`, else
// its game module) exports `rulesRun`, a map from rule key
// (see RuleInfo.key in src/content/rules.ts, as `playmark coverage <pack> --format json` lists
// them) -> the title of the test (`it(...)`) that plays the rule through that game loop. A rule
// counts as running only when it is in such a map; test/coverage.test.ts checks that every title
// names a test that exists and every key a rule of the pack, and test/coverage-fires.test.ts that
// every rule of `rulesRun` fires in games of the pack's own scenarios. An engine may also export a
// map of the rules it plays only on units or places a test made, since nothing in the pack sets
// them off (`rulesOnTestContent`: rule key -> { test, why }), reported as `runs on test content`;
// and a map of the rules it does not play, as nothing in the text can set them off (rule key ->
// why), reported as `unused` (`rulesUnused`). The maps load only when asked, from the rules module
// alone: they are data, and validate and lint need not load a whole game to count.
// The rules module may also export `rulesMutations`: for a rule it runs, a change to its data that
// a seeded simulate batch must notice (`playmark coverage <pack> --mutate`,
// src/analysis/mutation-check.ts), where the check's default change (its effects removed, its
// first number changed) does not apply.
import type { JsonValue } from './core/log.js';
import { GameNotFound } from './games.js';

/** An engine's map of the rules its game loop plays: rule key -> the title of the test that plays it. */
export type RulesRun = { readonly [key: string]: string };

/** An engine's map of the rules nothing in the text can set off: rule key -> why, in players' words. */
export type RulesUnused = { readonly [key: string]: string };

/** An engine's map of the rules it plays only on test content: rule key -> the test that plays it, and what the pack lacks to set it off. */
export type RulesOnTestContent = { readonly [key: string]: { readonly test: string; readonly why: string } };

/**
 * A change to a rule's data that the game must notice: the value at `pointer` (a JSON pointer into
 * the rule's record, not the rule; it must exist) set to `value`, or removed (`remove: true`).
 * `record` (`<kind>/<id>`) names another record instead, for a rule whose data the game reads
 * elsewhere (a phase's attack limit is each card's `limitedBy`).
 */
export interface RuleMutation {
  readonly record?: string;
  readonly pointer: string;
  readonly value?: JsonValue;
  readonly remove?: true;
  /** What the change does, in players' words. */
  readonly what: string;
  /**
   * A longer batch for this rule alone: games a scenario, for a rule the pack's own games set off
   * too rarely for the check's batch to see (the Bridge destroyed, in about 1 random game of 200), with why
   * (the text report says both). Ignored when the check's batch is as long. Killing still stops at
   * the first chunk that plays differently, so the longer batch costs only as far as that chunk.
   */
  readonly batch?: { readonly games: number; readonly why: string };
}

/** An engine's declared mutations: rule key (a rule it runs) -> the change to make. */
export type RulesMutations = { readonly [key: string]: RuleMutation };

/** What a pack's engine says it runs: the same shape as PackRuns in src/content/rules.ts, written again because the engine never imports content (test/architecture.test.ts). */
export interface PackRuns {
  /** A game engine with a game loop exists for this pack and exports its map. */
  readonly engine: boolean;
  readonly run: RulesRun;
  /** The rules played on test content only, when the engine names any (absent: none). */
  readonly onTestContent?: RulesOnTestContent;
  /** The rules the text never sets off, when the engine names any (absent: none). */
  readonly unused?: RulesUnused;
  /** The changes `coverage --mutate` makes to the rules it runs where its defaults do not apply (absent: none). */
  readonly mutations?: RulesMutations;
}

/** No game: nothing runs. */
export const NO_ENGINE: PackRuns = { engine: false, run: {} };

/**
 * What a pack's game runs, from its rules module (pack.yaml's `game.rules`, else `game.module`, as a
 * file URL): its `rulesRun` map (none: the game plays no rule by name), its `rulesOnTestContent`
 * and its `rulesUnused`. No module: the pack has no game, and runs nothing. A module that fails to
 * load, or exports a map of the wrong shape, is the pack's problem (GameNotFound with its
 * diagnostic code); a key in two of the maps is too.
 */
export async function rulesRunOf(moduleUrl: string | undefined, pack: string): Promise<PackRuns> {
  if (moduleUrl === undefined) return NO_ENGINE;
  let module: { readonly [name: string]: unknown };
  try {
    module = (await import(moduleUrl)) as { readonly [name: string]: unknown };
  } catch (error) {
    throw new GameNotFound(
      `the rules module of "${pack}" (${fileOf(moduleUrl)}) cannot be loaded: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
      'game/load-failed',
    );
  }
  // A game that names no rules it plays still has a game loop: every rule is then manual.
  const run = module.rulesRun ?? {};
  if (!isStringMap(run))
    throw new GameNotFound(
      `the rules module of "${pack}" (${fileOf(moduleUrl)}) exports rulesRun, but it is not a map of rule keys to test titles`,
      'game/no-game',
    );
  const onTestContent = module.rulesOnTestContent;
  if (onTestContent !== undefined && !isTestContentMap(onTestContent))
    throw new GameNotFound(
      `the rules module of "${pack}" (${fileOf(moduleUrl)}) exports rulesOnTestContent, but it is not a map of rule keys to { test, why } (a test title and what the pack lacks, both text)`,
      'game/no-game',
    );
  const mutations = mutationsOf(module.rulesMutations, run, pack, moduleUrl);
  const unused = module.rulesUnused;
  if (unused !== undefined && !isStringMap(unused))
    throw new GameNotFound(
      `the rules module of "${pack}" (${fileOf(moduleUrl)}) exports rulesUnused, but it is not a map of rule keys to reasons`,
      'game/no-game',
    );
  const maps: [string, object | undefined][] = [
    ['rulesRun', run],
    ['rulesOnTestContent', onTestContent],
    ['rulesUnused', unused],
  ];
  const twice = maps.flatMap(([name, map], i) =>
    Object.keys(map ?? {}).flatMap((key) => {
      const later = maps.slice(i + 1).find(([, other]) => other !== undefined && Object.hasOwn(other, key));
      return later ? [`${key} (${name} and ${later[0]})`] : [];
    }),
  );
  if (twice.length > 0)
    throw new GameNotFound(
      `the rules module of "${pack}": ${twice.join(', ')} is in two maps; a rule runs, runs on test content, or is unused, one of them`,
      'game/no-game',
    );
  return {
    engine: true,
    run,
    ...(onTestContent !== undefined ? { onTestContent } : {}),
    ...(unused !== undefined ? { unused } : {}),
    ...mutations,
  };
}

/** The rules module's `rulesMutations`, checked: each key a rule it runs, each change a pointer, what it does, and a value or `remove`. */
function mutationsOf(exported: unknown, run: RulesRun, pack: string, moduleUrl: string): { mutations?: RulesMutations } {
  if (exported === undefined) return {};
  const bad = (why: string) => new GameNotFound(`the rules module of "${pack}" (${fileOf(moduleUrl)}) exports rulesMutations, but ${why}`, 'game/no-game');
  if (exported === null || typeof exported !== 'object' || Array.isArray(exported)) throw bad('it is not a map of rule keys to mutations');
  for (const [key, m] of Object.entries(exported)) {
    if (!Object.hasOwn(run, key)) throw bad(`${key} is not a rule it runs (rulesRun)`);
    if (m === null || typeof m !== 'object' || Array.isArray(m)) throw bad(`${key} is not a mutation ({ pointer, value, what })`);
    const { record, pointer, value, remove, what, batch, ...rest } = m as { [k: string]: unknown };
    if (record !== undefined && (typeof record !== 'string' || !/^[^/]+\/[^/]+$/.test(record))) throw bad(`${key}'s record is not <kind>/<id>`);
    if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) throw bad(`${key}'s pointer is not a JSON pointer ("/field/0")`);
    if (typeof what !== 'string' || what.trim() === '') throw bad(`${key} does not say what its mutation does (what)`);
    if ((value === undefined) === (remove !== true)) throw bad(`${key} needs a value, or remove: true, not both`);
    if (remove !== undefined && remove !== true) throw bad(`${key}'s remove must be true`);
    if (pointer === '' && remove === true) throw bad(`${key} removes its whole record (pointer "")`);
    if (batch !== undefined) {
      const { games, why } = (batch ?? {}) as { games?: unknown; why?: unknown };
      if (!Number.isInteger(games) || (games as number) < 1 || typeof why !== 'string' || why.trim() === '')
        throw bad(`${key}'s batch is not { games, why } (games a whole number, why in words)`);
    }
    const extra = Object.keys(rest);
    if (extra.length > 0) throw bad(`${key} has ${extra.join(', ')}, which a mutation does not (record, pointer, value, remove, what, batch)`);
  }
  return { mutations: exported as RulesMutations };
}

function fileOf(url: string): string {
  return url.startsWith('file:') ? decodeURIComponent(new URL(url).pathname) : url;
}

function isStringMap(value: unknown): value is { readonly [key: string]: string } {
  return value !== null && typeof value === 'object' && Object.values(value).every((t) => typeof t === 'string');
}

function isTestContentMap(value: unknown): value is RulesOnTestContent {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.values(value).every(
      (t) => t !== null && typeof t === 'object' && typeof (t as { test?: unknown }).test === 'string' && typeof (t as { why?: unknown }).why === 'string',
    )
  );
}
