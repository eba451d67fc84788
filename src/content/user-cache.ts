// The folder playmark keeps its cache in: the user's own, never a shared temporary folder and never
// inside a project (a downloaded project could ship a cache that changes what is printed). A cache
// folder is used only when this user owns it and nobody else can write to it or replace it.
import { mkdirSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where playmark caches: `$PLAYMARK_CACHE_DIR` (an explicit choice, relative to `cwd`), else
 * `$XDG_CACHE_HOME/playmark`, else `~/.cache/playmark`; false when there is no home folder.
 */
export function userCacheDir(cwd: string, env: NodeJS.ProcessEnv = process.env): string | false {
  if (env.PLAYMARK_CACHE_DIR) return path.resolve(cwd, env.PLAYMARK_CACHE_DIR);
  // The XDG spec ignores a relative $XDG_CACHE_HOME.
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return path.join(env.XDG_CACHE_HOME, 'playmark');
  let home: string;
  try {
    home = homedir();
  } catch {
    return false; // no home folder: no cache, never a shared one
  }
  return home ? path.join(home, '.cache', 'playmark') : false;
}

export type CacheFolder = { readonly ok: true; readonly dir: string } | { readonly ok: false /** Why it is not used, in words. */; readonly why: string };

/**
 * Makes `dir` (mode 0700) when it is missing, then checks that this user owns it and that no other
 * user can write to it, nor to the folder holding it (unless that one is sticky, as /tmp is, where
 * others cannot rename or delete what is ours). Anything else is refused: the caller caches nothing.
 */
export function openCacheFolder(dir: string): CacheFolder {
  const absolute = path.resolve(dir);
  try {
    mkdirSync(absolute, { recursive: true, mode: 0o700 });
  } catch (error) {
    return { ok: false, why: `it cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let own: Stats;
  let parent: Stats;
  try {
    own = statSync(absolute);
    parent = statSync(path.dirname(absolute));
  } catch (error) {
    return { ok: false, why: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (!own.isDirectory()) return { ok: false, why: 'it is not a folder' };
  const uid = process.getuid?.();
  // Windows has no uids and no group/other mode bits: a user's profile folder is private there.
  if (uid === undefined || process.platform === 'win32') return { ok: true, dir: absolute };
  if (own.uid !== uid) return { ok: false, why: `it belongs to user ${own.uid}, not to this user (${uid})` };
  if ((own.mode & 0o022) !== 0) return { ok: false, why: `other users can write to it (mode ${(own.mode & 0o777).toString(8)})` };
  if (parent.uid !== uid && parent.uid !== 0) return { ok: false, why: `the folder holding it belongs to user ${parent.uid}` };
  if ((parent.mode & 0o022) !== 0 && (parent.mode & 0o1000) === 0)
    return { ok: false, why: `other users can write to the folder holding it (mode ${(parent.mode & 0o777).toString(8)})` };
  return { ok: true, dir: absolute };
}

/** True when `stats` (of an open file) belongs to this user: a file in our folder that someone else made is not ours to trust. */
export function ownedByThisUser(stats: Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || process.platform === 'win32' || stats.uid === uid;
}
