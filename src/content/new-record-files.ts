// What `playmark new` reads and writes in a pack: its manifest, its schemas (playmark's, then the
// project's), the ids a kind folder holds, the modeline a new file starts with, an id's form, and
// a new file written without ever replacing one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST, modelinePath } from './load.js';
import { displayPath } from './locate.js';
import type { Manifest } from './model.js';
import { ID_PATTERN, MAX_ID_LENGTH, slug, type SchemaLookup } from './new-record.js';
import { parseYaml } from './parse.js';
import { Refusal } from './refusal.js';
import { writeNewAtomic } from './write-atomic.js';

/** The kind `new` takes for an entry appended to a layer file (unless the pack has a kind of that name). */
export const LAYER_ENTRY = 'layer-entry';

/** A pack as `new` writes into it. */
export interface PackFolders {
  /** The pack's folder (holding pack.yaml). */
  readonly dir: string;
  /** The schema folders, playmark's first, then the project's own. */
  readonly roots: readonly string[];
}

export interface NewResult {
  /** The file written, relative to the working directory. */
  readonly file: string;
  readonly kind: string;
  readonly id: string;
  /** JSON pointers (into the file) of the values to fill in: validate reports each until it is. */
  readonly placeholders: string[];
  /** Numbers left null ("not printed"): valid as they stand; fill in what the source prints. */
  readonly unprinted: string[];
  /** Values no schema rule can tell from a placeholder: check them yourself. */
  readonly unchecked: string[];
  /** For a layer entry in a layer the manifest did not list: the manifest it was added to (last), and the layers it now applies after. */
  readonly newLayer?: { readonly layer: string; readonly manifest: string; readonly after: readonly string[] };
}

/** Refuses an id (or a layer's) that is not kebab-case or is too long to be a file name. */
export function checkId(id: string, what = 'id'): void {
  if (id.length > MAX_ID_LENGTH) {
    throw new Refusal(
      `the ${what} is too long: ${id.length} characters, and an id has at most ${MAX_ID_LENGTH}`,
      `The id is also the file name; give a shorter one, e.g. ${JSON.stringify(slug(id).slice(0, 40).replace(/-+$/, '') || 'erdon-pass')}.`,
      true,
    );
  }
  if (ID_PATTERN.test(id)) return;
  const suggestion = slug(id);
  throw new Refusal(
    `"${id}" is not ${what === 'id' ? 'an id' : `a ${what} id`}`,
    `An id is kebab-case: lowercase letters and digits in words joined by "-"${suggestion && suggestion !== id ? `, e.g. ${suggestion}` : ', e.g. erdon-pass'}. It is also the file name.`,
    true,
  );
}

/** The manifest of the pack in `dir`; a Refusal (the pack's) when it has no kinds to read. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  const parsed = parseYaml(file, readFileSync(file, 'utf8'));
  const data = parsed.ok ? (parsed.data as Partial<Manifest> | null) : null;
  if (!data || typeof data !== 'object' || typeof data.kinds !== 'object' || data.kinds === null) {
    throw new Refusal(`cannot read the kinds of ${file}`, 'Run `playmark validate` to see what is wrong with the manifest.', false);
  }
  return data as Manifest;
}

/** Schemas by path relative to a schemas folder; a project's own override playmark's. */
export function schemaLookup(roots: readonly string[]): SchemaLookup {
  const cache = new Map<string, unknown>();
  return (rel) => {
    if (cache.has(rel)) return cache.get(rel);
    let found: unknown;
    for (const root of [...roots].reverse()) {
      const file = path.join(root, rel);
      if (!existsSync(file)) continue;
      try {
        found = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        found = undefined; // a broken schema: validate reports it; new cannot fill from it
      }
      break;
    }
    cache.set(rel, found);
    return found;
  };
}

/** The ids in a kind's folder (file names, and the `id:` each file declares), with their files. */
export function idsIn(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = path.join(dir, name);
    out.set(name.replace(/\.ya?ml$/, ''), file);
    const declared = /^id:\s*['"]?([^'"\s#]+)/m.exec(readFileSync(file, 'utf8'))?.[1];
    if (declared && !out.has(declared)) out.set(declared, file);
  }
  return out;
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)\s*$/;

/**
 * The modeline for a new file in `dir`: as the folder's other files write it when they name this
 * schema; else the path validate expects (playmark's own schemas, seen from a project outside
 * playmark, where npm installs them).
 */
export function modelineFor(dir: string, schema: string, roots: readonly string[]): string {
  const schemaFile =
    [...roots]
      .reverse()
      .map((r) => path.join(r, schema))
      .find((f) => existsSync(f)) ?? path.join(roots[roots.length - 1]!, schema);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort()) {
      const first = readFileSync(path.join(dir, name), 'utf8')
        .split(/\r?\n/, 1)[0]!
        .replace(/^\uFEFF/, '');
      const named = MODELINE.exec(first)?.[1];
      if (named && (path.resolve(dir, named) === schemaFile || named.endsWith(`node_modules/playmark/schemas/${schema}`))) return first;
    }
  }
  return `# yaml-language-server: $schema=${modelinePath(dir, schemaFile)}`;
}

/** Writes a file that must not exist (an existing one is never replaced, even if it appears meanwhile). */
export function writeNew(file: string, text: string, cwd: string): void {
  try {
    writeNewAtomic(file, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Refusal(`${displayPath(file, cwd)} exists already`, 'Choose another id, or edit that file.', true);
    throw error;
  }
}
