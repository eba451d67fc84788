// Formatting the content files of a project's packs (`playmark fmt`): which files there are and
// the schema of each, then each one through formatContent (format.ts), written atomically unless
// only checking. A file with YAML errors, or that formatting would change, is reported and left.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, PendingDiagnostic } from './diagnostic.js';
import { formatContent, type JsonSchema } from './format.js';
import { decodeUtf8, LAYERS_FOLDER, MANIFEST, PRINTABLES } from './load.js';
import { displayPath, locateAll } from './locate.js';
import { parseYaml } from './parse.js';
import type { Project } from './project.js';
import { Refusal, WriteFailed } from './refusal.js';
import { BUNDLED_SCHEMAS } from './validate.js';
import { writeAtomic } from './write-atomic.js';

/** One content file of a pack, with the schema its records use. */
export interface ContentFile {
  readonly file: string;
  /** Relative to the schemas folder; undefined for a file in a kind the manifest's schema does not name. */
  readonly schema: string | undefined;
  /** For a layer file: each kind's schema. */
  readonly kindSchemas?: Readonly<Record<string, string>>;
}

export interface FormatReport {
  /** Every content file looked at. */
  readonly files: number;
  /** Files not in canonical form: written (or, with --check, that would be). */
  readonly changed: readonly string[];
  /** YAML errors, each as validate gives it; those files are left as they are. */
  readonly diagnostics: readonly Diagnostic[];
  /** Files the formatter could not format without changing them (a bug in playmark), left as they are. */
  readonly unsafe: readonly { readonly file: string; readonly reason: string }[];
}

/** Which files to format: every pack of `project`, or only its files under `within` (a file or folder). */
export interface FormatTarget {
  readonly project: Project;
  readonly within: string | undefined;
}

/**
 * Formats (or with `check`, only looks at) the content files of the targets, each file once; paths
 * in the report are shown relative to `cwd`. Throws a Refusal when a `within` holds no content
 * file, and WriteFailed when a file cannot be written (the files before it are written).
 */
export function formatFiles(targets: readonly FormatTarget[], options: { readonly check: boolean; readonly cwd: string }): FormatReport {
  const { cwd } = options;
  const pendings: PendingDiagnostic[] = [];
  const unsafe: { file: string; reason: string }[] = [];
  const changed: string[] = [];
  const seen = new Set<string>();
  let count = 0;
  const schemaSets = new Map<string, (rel: string) => JsonSchema | undefined>();
  for (const { project, within } of targets) {
    const lookup = schemaSets.get(project.root) ?? projectSchemas(project);
    schemaSets.set(project.root, lookup);
    const { files, problems } = contentFiles(project);
    pendings.push(...problems.filter((d) => within === undefined || isWithin(d.file, within)));
    const chosen = files.filter((f) => within === undefined || isWithin(f.file, within));
    if (within !== undefined && chosen.length === 0 && !problems.some((d) => isWithin(d.file, within))) {
      throw new Refusal(
        `no content files in ${displayPath(within, cwd)}`,
        "fmt formats a pack's pack.yaml, printables.yaml, layers/ and the folders its manifest names in `kinds`.",
        true,
      );
    }
    for (const f of chosen) {
      if (seen.has(f.file)) continue;
      seen.add(f.file);
      count++;
      const bytes = readFileSync(f.file);
      const decoded = decodeUtf8(bytes);
      if (!decoded.ok) {
        pendings.push({ code: 'file/encoding', file: f.file, message: decoded.message, offset: decoded.offset });
        continue;
      }
      const result = formatContent(f.file, decoded.text, {
        ...(f.schema ? { schema: f.schema } : {}),
        schemas: lookup,
        ...(f.kindSchemas ? { kindSchemas: f.kindSchemas } : {}),
      });
      if (!result.ok) {
        if ('diagnostic' in result) pendings.push(result.diagnostic);
        else unsafe.push({ file: displayPath(f.file, cwd), reason: result.unsafe });
        continue;
      }
      if (!result.changed) continue;
      changed.push(displayPath(f.file, cwd));
      if (!options.check) {
        try {
          writeAtomic(f.file, result.text);
        } catch (error) {
          throw new WriteFailed(f.file, error);
        }
      }
    }
  }
  const diagnostics = locateAll(
    pendings,
    (file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined; // unreadable now: the diagnostic is shown without its line
      }
    },
    cwd,
  );
  return { files: count, changed, diagnostics, unsafe };
}
function isWithin(file: string, within: string): boolean {
  const rel = path.relative(within, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Every schema document of a project (playmark's own, then the project's, which win path by path). */
export function projectSchemas(project: Project): (rel: string) => JsonSchema | undefined {
  const roots = [BUNDLED_SCHEMAS, ...(project.schemasDir && path.resolve(project.schemasDir) !== path.resolve(BUNDLED_SCHEMAS) ? [project.schemasDir] : [])];
  const cache = new Map<string, JsonSchema | undefined>();
  return (rel) => {
    if (cache.has(rel)) return cache.get(rel);
    let found: JsonSchema | undefined;
    for (const root of [...roots].reverse()) {
      const file = path.join(root, rel);
      if (!existsSync(file)) continue;
      try {
        found = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
      } catch {
        found = undefined; // validate reports a broken schema; fmt only loses its key order
      }
      break;
    }
    cache.set(rel, found);
    return found;
  };
}

/**
 * The content files of every pack of a project, each with its schema: the manifest, printables,
 * the layers, and the records in the folders the manifest's `kinds` name. A manifest that is not
 * YAML is a diagnostic; that pack's records are then left out (their schemas are unknown).
 */
export function contentFiles(project: Project): { files: ContentFile[]; problems: PendingDiagnostic[] } {
  const files: ContentFile[] = [];
  const problems: PendingDiagnostic[] = [];
  for (const pack of sortedNames(project.contentDir, true)) {
    const dir = path.join(project.contentDir, pack);
    const manifestFile = path.join(dir, MANIFEST);
    if (!existsSync(manifestFile)) continue;
    files.push({ file: manifestFile, schema: 'pack.schema.json' });
    const printables = path.join(dir, PRINTABLES);
    if (existsSync(printables)) files.push({ file: printables, schema: 'printables.schema.json' });
    const kinds = manifestKinds(manifestFile);
    const kindSchemas = Object.fromEntries(Object.entries(kinds ?? {}).map(([kind, k]) => [kind, k.schema]));
    for (const name of sortedNames(path.join(dir, LAYERS_FOLDER), false).filter(isYaml)) {
      files.push({ file: path.join(dir, LAYERS_FOLDER, name), schema: 'layer.schema.json', kindSchemas });
    }
    const folders = new Set<string>();
    for (const kind of Object.keys(kinds ?? {}).sort()) {
      const { folder, schema } = kinds![kind]!;
      if (folders.has(folder) || folder === LAYERS_FOLDER) continue;
      folders.add(folder);
      for (const name of sortedNames(path.join(dir, folder), false).filter(isYaml)) files.push({ file: path.join(dir, folder, name), schema });
    }
  }
  return { files, problems };
}

/** The manifest's kinds, when it parses and names them (else none: its records are not formatted). */
function manifestKinds(file: string): Record<string, { folder: string; schema: string }> | undefined {
  let text: string;
  try {
    const decoded = decodeUtf8(readFileSync(file));
    if (!decoded.ok) return undefined;
    text = decoded.text;
  } catch {
    return undefined; // unreadable manifest: validate reports it; fmt keeps the file's order
  }
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return undefined; // reported when the manifest itself is formatted
  const kinds = (parsed.data as { kinds?: unknown } | null)?.kinds;
  if (!kinds || typeof kinds !== 'object' || Array.isArray(kinds)) return undefined;
  const out: Record<string, { folder: string; schema: string }> = {};
  for (const [kind, value] of Object.entries(kinds as Record<string, unknown>)) {
    const v = value as { folder?: unknown; schema?: unknown } | null;
    if (v && typeof v.folder === 'string' && typeof v.schema === 'string' && !v.folder.includes('..')) out[kind] = { folder: v.folder, schema: v.schema };
  }
  return out;
}

function sortedNames(dir: string, directories: boolean): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (directories ? e.isDirectory() : e.isFile()))
      .map((e) => e.name)
      .sort();
  } catch {
    return []; // no such folder: nothing to format in it
  }
}

function isYaml(name: string): boolean {
  return name.endsWith('.yaml') || name.endsWith('.yml');
}
