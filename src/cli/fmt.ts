// `playmark fmt`: wiring over formatFiles (src/content/format-files.ts): the options, the paths to
// the projects they are in, the report as text or JSON, and the exit code.
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatFiles, type FormatReport, type FormatTarget } from '../content/format-files.js';
import { displayPath } from '../content/locate.js';
import { findProject } from '../content/project.js';
import { Refusal, WriteFailed } from '../content/refusal.js';
import { formatDiagnosticText, formatOption, outputFormat, plural } from './format.js';
import { EXIT, fileError, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';

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
export function runFmt(io: Io, paths: readonly string[], options: { check: boolean }): FormatReport {
  const targets: FormatTarget[] = [];
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
  try {
    return formatFiles(targets, { check: options.check, cwd: io.cwd });
  } catch (error) {
    if (error instanceof Refusal) throw new UsageError(error.message, error.hint);
    if (error instanceof WriteFailed) throw fileError(error.failure, 'write', displayPath(error.file, io.cwd));
    throw error;
  }
}

function fmtText(report: FormatReport, check: boolean, color: boolean): string {
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

function fmtJson(report: FormatReport, check: boolean): string {
  const ok = report.diagnostics.every((d) => d.severity !== 'error') && report.unsafe.length === 0 && (!check || report.changed.length === 0);
  return JSON.stringify({ ok, check, files: report.files, changed: report.changed, diagnostics: report.diagnostics, unsafe: report.unsafe }, null, 2) + '\n';
}
