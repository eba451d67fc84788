// Which rules of each pack its game runs: the game's rules module (pack.yaml's `game.rules`, else
// its game module) exports `rulesRun`, a map from rule key
// (see RuleInfo.key in src/content/rules.ts, as `playmark coverage <pack> --format json` lists
// them) -> the title of the test (`it(...)`) that plays the rule through that game loop. A rule
// counts as running only when it is in such a map; test/coverage.test.ts checks that every title
// names a test that exists and every key a rule of the pack. An engine may also export a map of
// the rules nothing in the text can set off (rule key -> why), reported as `unused`, never as
// running (`rulesUnused`). The maps load only when asked, from the rules module alone: they are
// data, and validate and lint need not load a whole game to count.
import { GameNotFound } from './games.js';

/** An engine's map of the rules its game loop plays: rule key -> the title of the test that plays it. */
export type RulesRun = { readonly [key: string]: string };

/** An engine's map of the rules nothing in the text can set off: rule key -> why, in players' words. */
export type RulesUnused = { readonly [key: string]: string };

/** What a pack's engine says it runs: the same shape as PackRuns in src/content/rules.ts, written again because the engine never imports content (test/architecture.test.ts). */
export interface PackRuns {
  /** A game engine with a game loop exists for this pack and exports its map. */
  readonly engine: boolean;
  readonly run: RulesRun;
  /** The rules the text never sets off, when the engine names any (absent: none). */
  readonly unused?: RulesUnused;
}

/** No game: nothing runs. */
export const NO_ENGINE: PackRuns = { engine: false, run: {} };

/**
 * What a pack's game runs, from its rules module (pack.yaml's `game.rules`, else `game.module`, as a
 * file URL): its `rulesRun` map (none: the game plays no rule by name) and its `rulesUnused`. undefined: the pack has no
 * game, and runs nothing. A module that fails to load, or exports no such map, is the pack's
 * problem (GameNotFound with its diagnostic code); a key both run and unused is too.
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
  const unused = module.rulesUnused;
  if (unused === undefined) return { engine: true, run };
  if (!isStringMap(unused))
    throw new GameNotFound(
      `the rules module of "${pack}" (${fileOf(moduleUrl)}) exports rulesUnused, but it is not a map of rule keys to reasons`,
      'game/no-game',
    );
  const both = Object.keys(unused).filter((key) => Object.hasOwn(run, key));
  if (both.length > 0)
    throw new GameNotFound(
      `the rules module of "${pack}": ${both.join(', ')} both run (rulesRun) and are never set off (rulesUnused); a rule is one or the other`,
      'game/no-game',
    );
  return { engine: true, run, unused };
}

function fileOf(url: string): string {
  return url.startsWith('file:') ? decodeURIComponent(new URL(url).pathname) : url;
}

function isStringMap(value: unknown): value is { readonly [key: string]: string } {
  return value !== null && typeof value === 'object' && Object.values(value).every((t) => typeof t === 'string');
}
