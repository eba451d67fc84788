// Where a file that a pack names may lie: inside the project or playmark's own package, once its
// real path is known (symlinks followed, `..` resolved). A pack may come from a stranger, so a
// template, stylesheet, font, image or content file that leaves those folders is refused, never read.
import { realpathSync } from 'node:fs';
import path from 'node:path';

export type Confined =
  | { readonly ok: true /** The file's real path. */; readonly real: string }
  | { readonly ok: false /** Why it is refused, in words, for a diagnostic's message. */; readonly why: string };

/** True when `file` is `dir` or lies under it (both absolute, already real). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The real path of `file`; for a file that does not exist, its nearest existing folder's real path joined with the rest. */
export function realPathOf(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync.native(absolute);
  } catch {
    const parent = path.dirname(absolute); // not there yet: resolve its nearest existing parent
    if (parent === absolute) return absolute;
    return path.join(realPathOf(parent), path.basename(absolute));
  }
}

/**
 * Whether `file` lies inside one of `roots` once symlinks are followed. `roots` are folders
 * (absolute); they are made real here too, so a project reached through a symlinked folder works.
 */
export function confine(file: string, roots: readonly string[]): Confined {
  const real = realPathOf(file);
  const realRoots = roots.map(realPathOf);
  if (realRoots.some((root) => isInside(real, root))) return { ok: true, real };
  const lexical = path.resolve(file);
  const why = realRoots.some((root) => isInside(lexical, root))
    ? `it is a link to ${real}, outside the project`
    : `it resolves to ${lexical}, outside the project`;
  return { ok: false, why };
}
