// A project is any folder with `content/<pack>/pack.yaml`, found by searching upward from the
// working directory, as git finds `.git` and npm finds package.json. Every command starts here, so
// it works from any subfolder and writes `out/` at the project's root.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST } from './load.js';

export const CONTENT_FOLDER = 'content';
export const SCHEMAS_FOLDER = 'schemas';
export const TEMPLATES_FOLDER = 'templates';

export interface Project {
  /** The project's root folder (absolute). */
  readonly root: string;
  /** `<root>/content`: one folder per pack. */
  readonly contentDir: string;
  /** `<root>/schemas` when the project has its own record kinds, else undefined. */
  readonly schemasDir: string | undefined;
  /** `<root>/templates` when the project has its own templates, else undefined. */
  readonly templatesDir: string | undefined;
}

/** True when `dir/content/` holds at least one pack folder (a folder with pack.yaml). */
export function isProjectRoot(dir: string): boolean {
  const content = path.join(dir, CONTENT_FOLDER);
  let entries: string[];
  try {
    entries = readdirSync(content);
  } catch {
    return false; // no content/ folder here: not a project root
  }
  return entries.some((name) => existsSync(path.join(content, name, MANIFEST)));
}

/** The project holding `cwd` (it, or the nearest folder above it), or undefined when there is none. */
export function findProject(cwd: string): Project | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (isProjectRoot(dir)) return projectAt(dir);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The project rooted at `root`, whether or not it has packs yet. */
export function projectAt(root: string): Project {
  const dirOrUndefined = (name: string) => {
    const dir = path.join(root, name);
    return existsSync(dir) && statSync(dir).isDirectory() ? dir : undefined;
  };
  return { root, contentDir: path.join(root, CONTENT_FOLDER), schemasDir: dirOrUndefined(SCHEMAS_FOLDER), templatesDir: dirOrUndefined(TEMPLATES_FOLDER) };
}
