// Which rules of each pack a game engine runs: each engine with a game loop exports a map, rule key
// (see RuleInfo.key in src/content/rules.ts, as `playmark coverage <pack> --format json` lists
// them) -> the title of the test (`it(...)`) that plays the rule through that game loop. A rule
// counts as running only when it is in such a map; test/coverage.test.ts checks that every title
// names a test that exists and every key a rule of the pack. An engine may also export a map of
// the rules nothing in the text can set off (rule key -> why), reported as `unused`, never as
// running. The maps load only when asked, from the engine's rules-run module alone: they are data,
// and validate and lint need not load a whole engine to count.

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

const NO_ENGINE: PackRuns = { engine: false, run: {} };

/** Pack id -> how to load its engine's map. Warmaster has no game loop yet. */
const ENGINES: { readonly [pack: string]: () => Promise<PackRuns> } = {
  'archon-skirmish': () => optionalEngine('./archon-skirmish/rules-run.js', 'ARCHON_RULES_RUN'),
  warchon: () => optionalEngine('./warchon/rules-run.js', 'WARCHON_RULES_RUN', 'WARCHON_RULES_UNUSED'),
  warmaster: async () => NO_ENGINE,
};

/** The packs that have (or will have) a game engine here. */
export const ENGINE_PACKS: readonly string[] = Object.keys(ENGINES);

/** What the engine of a pack runs; a pack with no engine runs nothing. */
export async function rulesRunFor(pack: string): Promise<PackRuns> {
  const load = ENGINES[pack];
  return load === undefined ? NO_ENGINE : load();
}

/** The same for several packs, by pack id. */
export async function rulesRunByPack(packs: readonly string[]): Promise<ReadonlyMap<string, PackRuns>> {
  const out = new Map<string, PackRuns>();
  for (const pack of packs) out.set(pack, await rulesRunFor(pack));
  return out;
}

/**
 * An engine module that may not exist yet (it is being written): its maps when it exports them,
 * nothing when the module is absent. The specifier is a variable so that the compiler does not
 * require the module; any other failure while loading it is a real error and is thrown, as is a
 * key both run and unused (a rule cannot be both).
 */
async function optionalEngine(specifier: string, name: string, unusedName?: string): Promise<PackRuns> {
  let module: { readonly [name: string]: unknown };
  try {
    module = (await import(specifier)) as { readonly [name: string]: unknown };
  } catch (error) {
    if (isMissing(error, specifier)) return NO_ENGINE;
    throw error;
  }
  const run = module[name];
  if (run === undefined) return NO_ENGINE;
  if (!isStringMap(run)) throw new Error(`${specifier} exports ${name}, but it is not a map of rule keys to test titles.`);
  const unused = unusedName === undefined ? undefined : module[unusedName];
  if (unused === undefined) return { engine: true, run };
  if (!isStringMap(unused)) throw new Error(`${specifier} exports ${unusedName}, but it is not a map of rule keys to reasons.`);
  const both = Object.keys(unused).filter((key) => Object.hasOwn(run, key));
  if (both.length > 0) throw new Error(`${specifier}: ${both.join(', ')} both run (${name}) and are never set off (${unusedName}); a rule is one or the other.`);
  return { engine: true, run, unused };
}

function isStringMap(value: unknown): value is { readonly [key: string]: string } {
  return value !== null && typeof value === 'object' && Object.values(value).every((t) => typeof t === 'string');
}

function isMissing(error: unknown, specifier: string): boolean {
  const message = String((error as { message?: string } | null)?.message ?? '');
  // Node: "Cannot find module '<path>' imported from ..."; vitest: "Failed to load url <url> ...".
  // Only the engine module itself being absent counts: a module it imports that is missing is a bug.
  const named = /Cannot find module '([^']+)'/.exec(message)?.[1] ?? /Failed to load url (\S+)/.exec(message)?.[1];
  const tail = specifier.replace(/^\.\//, '');
  return named !== undefined && (named.endsWith(tail) || named.endsWith(tail.replace(/\.js$/, '.ts')));
}
