// The module of a pack's named contexts, as its printables.yaml names it (`contexts:
// playmark/games/warchon/print`). Printing a pack from a stranger runs no code of the pack, so only
// playmark's own modules are allowed: `playmark/...`, resolved in the playmark running this command
// (as game-module.ts resolves `playmark/games/warchon`), never a project-relative file or another
// package. Resolved here, imported by render.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isInside, realPathOf } from './confine.js';
import type { ResolvedModule } from './game-module.js';
import { packageRoot } from './package-root.js';

/** A `contexts` specifier of printables.yaml, resolved to a file of the running playmark, or why not. */
export function resolveContextsModule(specifier: string): ResolvedModule {
  if (!specifier.startsWith('playmark/'))
    return {
      ok: false,
      why: `"${specifier}" is not one of playmark's modules (playmark/...): printing a pack runs no code of the project or of another package`,
    };
  let file: string;
  try {
    file = createRequire(path.join(packageRoot(), 'package.json')).resolve(specifier);
  } catch {
    return { ok: false, why: `playmark has no module "${specifier}"` }; // the failure is the answer, reported by the caller
  }
  if (!existsSync(file) || !statSync(file).isFile()) return { ok: false, why: `playmark has no module "${specifier}" (${file} does not exist)` };
  const real = realPathOf(file);
  // An export map cannot lead outside the package, but a symbolic link inside it could.
  if (!isInside(real, realPathOf(packageRoot()))) return { ok: false, why: `"${specifier}" leads to ${real}, outside playmark` };
  return { ok: true, file: real, url: pathToFileURL(real).href };
}
