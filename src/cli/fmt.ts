import type { Command } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, PendingDiagnostic } from '../content/diagnostic.js';
import { formatContent, type JsonSchema } from '../content/format.js';
import { decodeUtf8, LAYERS_FOLDER, MANIFEST, PRINTABLES } from '../content/load.js';
import { displayPath, locateAll } from '../content/locate.js';
import { parseYaml } from '../content/parse.js';
import { findProject, type Project } from '../content/project.js';
import { BUNDLED_SCHEMAS } from '../content/validate.js';
import { writeAtomic } from '../content/write-atomic.js';
import { formatDiagnosticText, formatOption, outputFormat, plural } from './format.js';
import { EXIT, fileError, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';

/** One content file of a pack, with the schema its records use. */
export interface ContentFile {
  readonly file: string;
  /** Relative to the schemas folder; undefined for a file in a kind the manifest's schema does not name. */
  readonly schema: string | undefined;
  /** For a layer file: each kind's schema. */
  readonly kindSchemas?: Readonly<Record<string, string>>;
}

export interface FmtReport {
  /** Every content file looked at. */
  readonly files: number;
  /** Files not in canonical form: written (or, with --check, that would be). */
  readonly changed: readonly string[];
  /** YAML errors, each as validate gives it; those files are left as they are. */
  readonly diagnostics: readonly Diagnostic[];
  /** Files the formatter could not format without changing them (a bug in playmark), left as they are. */
  readonly unsafe: readonly { readonly file: string; readonly reason: string }[];
}

export function registerFmt(program: Command, io: Io): void {
  program
    .command('fmt')
    .description('Write every content YAML file in one canonical form: keys in schema order, tables one row to a line, comments and values untouched.')
    .argument('[paths...]', 'files or folders to format (default: every pack of the project found upward from here)')
    .option('--check', 'write nothing: list the files that are not in canonical form, and exit 1 if there are any', false)
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .addHelpText(
      'after',
      `
What fmt does to a file (records, layers/, pack.yaml, printables.yaml):
  - Keys in the order of the schema's properties, \`id\` first; nested rules, effects, filters
    and ranges follow their own definitions (common/defs, common/effect), and a layer entry's
    value follows the schema at its target pointer. Keys the schema does not know keep their
    order, after the known ones.
  - A table (a list of lists: an RNG matrix, a combat table's rows) is one row to a line:
        rng:
          - [3, 4, 5E, 1, 2]
          - [4, 5E, 1, 2, 3]
  - Every mapping and list keeps the style it has: \`source: { section: X }\` stays on one line,
    a block stays a block. Flow lists are written [a, b], flow mappings { a: 1 }.
  - Text is never rewrapped or requoted: a folded (>-) rule text keeps its lines, a quoted
    value its quotes. Only indentation (two spaces), trailing spaces and the final newline change.
  - Every comment is kept, the schema modeline on the first line above all.
  - Anchors (&a), aliases (*a) and tags stay on their values. A file whose canonical order
    would put an alias before its anchor is reported (fmt/anchors) and left as it is; --check
    fails on it too.

fmt never changes a value: it parses what it wrote and compares it with the file (values and
comments), and leaves a file it cannot format safely as it is. A file with YAML errors is
reported as validate reports it, and left as it is. Files are written atomically.

Examples:
  playmark fmt                                      format every pack of the project
  playmark fmt --check                              what would change; exit 1 if anything would (for CI)
  playmark fmt content/warchon                      one pack
  playmark fmt content/warchon/spreads/erdon-pass.yaml
                                                    one file
  playmark fmt --check --format json                the list for programs

Exit codes: 0 done (with --check: every file is canonical), 1 a file would change (--check) or has
YAML errors, 2 usage error.`,
    )
    .action((paths: string[], opts: { check: boolean; format?: string; json?: boolean }) => {
      const format = outputFormat(opts);
      const report = runFmt(io, paths, { check: opts.check });
      io.out(format === 'json' ? fmtJson(report, opts.check) : fmtText(report, opts.check, io.color));
      const problems = report.diagnostics.some((d) => d.severity === 'error') || report.unsafe.length > 0;
      io.exitCode = problems || (opts.check && report.changed.length > 0) ? EXIT.content : EXIT.ok;
    });
}

/** Formats (or with `check`, only looks at) the content files under `paths`, or every pack of the project. */
export function runFmt(io: Io, paths: readonly string[], options: { check: boolean }): FmtReport {
  const targets: { project: Project; within: string | undefined }[] = [];
  if (paths.length === 0) targets.push({ project: requireProject(io), within: undefined });
  for (const p of paths) {
    const abs = path.resolve(io.cwd, p);
    if (!existsSync(abs))
      throw new UsageError(
        `no such file or folder: ${p}`,
        'Give content files or folders (a pack, a kind folder, content/), or no path for the whole project.',
      );
    const project = findProject(statSync(abs).isDirectory() ? abs : path.dirname(abs));
    if (!project)
      throw new UsageError(
        `${p} is in no playmark project`,
        'A project is a folder with content/<pack>/pack.yaml; fmt formats the content files of its packs.',
      );
    targets.push({ project, within: abs });
  }

  const pendings: PendingDiagnostic[] = [];
  const unsafe: { file: string; reason: string }[] = [];
  const changed: string[] = [];
  const seen = new Set<string>();
  let count = 0;
  const schemaSets = new Map<string, (rel: string) => JsonSchema | undefined>();
  for (const { project, within } of targets) {
    const lookup = schemaSets.get(project.root) ?? schemaLookup(project);
    schemaSets.set(project.root, lookup);
    const { files, problems } = contentFiles(project);
    pendings.push(...problems.filter((d) => within === undefined || isWithin(d.file, within)));
    const chosen = files.filter((f) => within === undefined || isWithin(f.file, within));
    if (within !== undefined && chosen.length === 0 && !problems.some((d) => isWithin(d.file, within))) {
      throw new UsageError(
        `no content files in ${displayPath(within, io.cwd)}`,
        "fmt formats a pack's pack.yaml, printables.yaml, layers/ and the folders its manifest names in `kinds`.",
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
        else unsafe.push({ file: displayPath(f.file, io.cwd), reason: result.unsafe });
        continue;
      }
      if (!result.changed) continue;
      changed.push(displayPath(f.file, io.cwd));
      if (!options.check) {
        try {
          writeAtomic(f.file, result.text);
        } catch (error) {
          throw fileError(error, 'write', displayPath(f.file, io.cwd));
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
    io.cwd,
  );
  return { files: count, changed, diagnostics, unsafe };
}

function isWithin(file: string, within: string): boolean {
  const rel = path.relative(within, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Every schema document of a project (playmark's own, then the project's, which win path by path). */
function schemaLookup(project: Project): (rel: string) => JsonSchema | undefined {
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

function fmtText(report: FmtReport, check: boolean, color: boolean): string {
  const parts: string[] = [];
  for (const d of report.diagnostics) parts.push(formatDiagnosticText(d, { color }) + '\n');
  for (const u of report.unsafe)
    parts.push(`${u.file}: left as it is: formatting it would change it (${u.reason}). This is a bug in playmark fmt; please report it.\n`);
  for (const file of report.changed) parts.push(`${check ? 'would format' : 'formatted'} ${file}\n`);
  const left = report.diagnostics.filter((d) => d.severity === 'error').length + report.unsafe.length;
  const verdict = check
    ? report.changed.length === 0
      ? `${plural(report.files, 'file')} checked: ${left === 0 ? 'all in canonical form' : 'no other to format'}`
      : `${plural(report.files, 'file')} checked: ${report.changed.length} not in canonical form (run playmark fmt to write them)`
    : `${plural(report.files, 'file')} checked: ${report.changed.length} formatted`;
  parts.push(`${verdict}${left > 0 ? `; ${plural(left, 'file')} with problems left as ${left === 1 ? 'it is' : 'they are'}` : ''}\n`);
  return parts.join('');
}

function fmtJson(report: FmtReport, check: boolean): string {
  const ok = report.diagnostics.every((d) => d.severity !== 'error') && report.unsafe.length === 0 && (!check || report.changed.length === 0);
  return JSON.stringify({ ok, check, files: report.files, changed: report.changed, diagnostics: report.diagnostics, unsafe: report.unsafe }, null, 2) + '\n';
}
