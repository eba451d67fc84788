// The module that plays a pack, as its pack.yaml names it (`game: { module, rules }`): a path
// relative to the pack folder (`./game/index.js`) or a package's export (`playmark/games/warchon`,
// found from the pack folder as Node finds it). Resolved here, never imported: validate only checks
// that the file is there and inside the project or an installed package; the commands that play
// (simulate, replay) import it, and coverage imports the `rules` module. Running a pack's game
// runs its code, like running any program: printing never does.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isInside, realPathOf } from './confine.js';
import { packageRoot } from './package-root.js';
import { contentRoots } from './read-content.js';

/** pack.yaml's `game`. */
export interface GameDecl {
  /** The module whose `game` export plays the pack. */
  readonly module: string;
  /** The module whose `rulesRun` (and `rulesUnused`) exports say which rules the game plays, for `coverage`; default `module`. */
  readonly rules?: string;
}

export type ResolvedModule = { readonly ok: true; readonly file: string; readonly url: string } | { readonly ok: false; readonly why: string };

/** A module specifier of pack.yaml, resolved from the pack folder to a file inside the project or an installed package. */
export function resolveGameModule(packDir: string, specifier: string): ResolvedModule {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  let file: string;
  if (relative) file = path.resolve(packDir, specifier);
  else if (path.isAbsolute(specifier) || /^[a-z][a-z0-9+.-]*:/i.test(specifier))
    return {
      ok: false,
      why: `"${specifier}" is an absolute path or a URL: name the module by a path relative to the pack folder (./game/index.js) or by a package (my-package/game)`,
    };
  else {
    // `playmark/...` is the playmark running this command, as a pack's schemas are (installed-schema.ts):
    // a copy of a shipped pack plays wherever it is, whichever playmark reads it.
    const from =
      specifier === 'playmark' || specifier.startsWith('playmark/') ? path.join(packageRoot(), 'package.json') : path.join(path.resolve(packDir), 'pack.yaml');
    try {
      file = createRequire(from).resolve(specifier);
    } catch {
      return { ok: false, why: `no installed package provides "${specifier}" (looked up from ${packDir}, as Node looks up an import)` }; // the failure is the answer, reported by the caller
    }
  }
  if (!existsSync(file) || !statSync(file).isFile())
    return {
      ok: false,
      why: `${relative ? specifier : file} does not exist${/\.ts$/.test(file) ? '' : file.endsWith('.js') ? ' (if it is compiled from TypeScript, run your build first)' : ''}`,
    };
  const real = realPathOf(file);
  // A relative module belongs to the project; a package's lies in node_modules (or is playmark's own).
  const roots = relative ? contentRoots(packDir) : [...contentRoots(packDir), ...nodeModulesOf(packDir)];
  if (!roots.some((root) => isInside(real, root))) return { ok: false, why: `${specifier} leads to ${real}, outside the project and its installed packages` };
  return { ok: true, file: real, url: pathToFileURL(real).href };
}

/** The node_modules folders an import from the pack folder may reach (the pack's and each parent's). */
function nodeModulesOf(packDir: string): string[] {
  const out: string[] = [];
  for (let dir = path.resolve(packDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(candidate)) out.push(realPathOf(candidate));
    if (path.dirname(dir) === dir) return out;
  }
}

/** A game to load (the engine's `GameRef`): the pack, its module's file URL, and the export that is the game. */
export interface GameModuleRef {
  readonly pack: string;
  readonly module: string;
  readonly export: string;
}

/** The game module a pack's manifest names, as a reference the engine loads (in worker threads too); undefined when it names none or it cannot be found (validate reports that). */
export function gameRefOf(pack: { readonly dir: string; readonly pack: { readonly id: string; readonly game?: GameDecl } }): GameModuleRef | undefined {
  const game = pack.pack.game;
  if (!game) return undefined;
  const found = resolveGameModule(pack.dir, game.module);
  return found.ok ? { pack: pack.pack.id, module: found.url, export: 'game' } : undefined;
}

/**
 * The module with a pack's coverage maps (`game.rules`, else `game.module`), as a file URL, and
 * whether it is playmark's own code (a built-in game's) rather than the pack's; undefined when the
 * pack has no game.
 */
export function rulesModuleOf(pack: { readonly dir: string; readonly game?: GameDecl }): { readonly url: string; readonly playmarks: boolean } | undefined {
  if (!pack.game) return undefined;
  const found = resolveGameModule(pack.dir, pack.game.rules ?? pack.game.module);
  // playmark's own games are compiled into its dist/ folder; anything else is the pack's code.
  return found.ok ? { url: found.url, playmarks: isInside(found.file, path.join(realPathOf(packageRoot()), 'dist')) } : undefined;
}
