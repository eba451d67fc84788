// How commands find their project and read its content: upward from the working directory, then
// load -> validate -> layers on every run. Content with errors prints its diagnostics and the
// command stops with exit 1, so nothing is ever printed, resolved or exported from it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadContent, type PackContent } from '../content/effective.js';
import { findProject, type Project } from '../content/project.js';
import type { PackRuns } from '../content/rules.js';
import { didYouMeanText } from '../content/suggest.js';
import { displayPath } from '../content/locate.js';
import { defaultCacheDir, type ValidateOptions, type ValidationResult } from '../content/validate.js';
import { formatDiagnosticText, formatValidation, plural } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';

/** The project holding the working directory, or a usage error that says how to make one. */
export function requireProject(io: Io): Project {
  const project = findProject(io.cwd);
  if (!project) {
    throw new UsageError(
      `no playmark project in ${io.cwd} or any folder above it`,
      'A project is a folder with content/<pack>/pack.yaml. Run `playmark init` to make one, or cd into one.',
    );
  }
  return project;
}

export interface ProjectContent {
  readonly project: Project;
  readonly validation: ValidationResult;
  /** The chosen packs' effective content, in the order asked (or sorted by id). */
  readonly packs: readonly PackContent[];
}

/**
 * The effective content of some packs of the project (default: all), read from the YAML now.
 * Diagnostics go to stderr (with `summary`, also each pack's counts, as validate prints them, the
 * rules run counted from `runs`, the games' maps by pack id; `'caller'`: the caller prints it); on
 * errors it sets exit code 1 and returns undefined.
 */
export function readProjectContent(
  io: Io,
  packIds?: readonly string[],
  options: { cache?: boolean; summary?: boolean | 'caller'; runs?: ReadonlyMap<string, PackRuns> } = {},
): ProjectContent | undefined {
  const project = requireProject(io);
  const dirs = packIds?.length ? packIds.map((id) => packDir(project, id)) : [project.contentDir];
  const loaded = loadContent(dirs, {
    cwd: io.cwd,
    cacheDir: options.cache === false ? false : defaultCacheDir(project.root),
    ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
  });
  const { validation } = loaded;
  // 'caller': the caller prints the summary once it has the rules run (build), unless there are errors.
  if (options.summary === 'caller') {
    if (validation.errors > 0) io.err(formatValidation(validation, 'text', { color: io.color }));
  } else if (options.summary) io.err(formatValidation(validation, 'text', { color: io.color }, options.runs));
  else for (const d of validation.diagnostics) io.err(formatDiagnosticText(d, { color: io.color }) + '\n');
  if (validation.errors > 0) {
    io.err(`The content has ${plural(validation.errors, 'error')}: fix ${validation.errors === 1 ? 'it' : 'them'} first; nothing was made from it.\n`);
    io.exitCode = EXIT.content;
    return undefined;
  }
  const ids = packIds?.length ? packIds : [...loaded.packs.keys()].sort();
  return { project, validation, packs: ids.map((id) => loaded.packs.get(id)!).filter(Boolean) };
}

/** A pack's folder by id, or a usage error naming the packs there are (and the nearest, when close). */
export function packDir(project: Project, id: string): string {
  const known = projectPackIds(project);
  if (known.includes(id)) return path.join(project.contentDir, id);
  throw new UsageError(
    `no pack "${id}" in ${path.relative(process.cwd(), project.contentDir) || project.contentDir}`,
    `${didYouMean(id, known)}Packs: ${known.join(', ') || '(none)'}.`,
    'cli/unknown-pack',
  );
}

/** The pack folders of a project (each holding pack.yaml), sorted. */
export function projectPackIds(project: Project): string[] {
  return listPackFolders(project.contentDir);
}

/** The pack folders under a content folder (each holding pack.yaml), sorted; none when it cannot be read. */
export function listPackFolders(contentDir: string): string[] {
  try {
    return readdirSync(contentDir)
      .filter((name) => existsSync(path.join(contentDir, name, 'pack.yaml')))
      .sort();
  } catch {
    return []; // no content folder: no packs
  }
}

/** `Did you mean "x"? ` when a choice is close to what was typed (src/content/suggest.ts), else ''. */
export function didYouMean(typed: string, choices: readonly string[]): string {
  return didYouMeanText(typed, choices);
}

/**
 * The pack folder for a command's pack argument: a folder holding pack.yaml (relative to the
 * working directory), else a pack id of the project found upward; with the options to validate it.
 */
export function packArgument(io: Io, arg: string, command: string): { dir: string; options: ValidateOptions } {
  const asPath = path.resolve(io.cwd, arg);
  if (existsSync(path.join(asPath, 'pack.yaml'))) return { dir: asPath, options: { cwd: io.cwd, cacheDir: defaultCacheDir(io.cwd) } };
  const project = findProject(io.cwd);
  if (!project) {
    throw new UsageError(
      `no pack "${arg}": it is not a pack folder, and there is no playmark project in ${io.cwd} or any folder above it`,
      `Give a pack folder (holding pack.yaml), or run ${command} inside a project (a folder with content/<pack>/pack.yaml).`,
      'cli/unknown-pack',
    );
  }
  const ids = projectPackIds(project);
  if (!ids.includes(arg)) {
    const looksLikePath = arg.includes('/') || arg.includes(path.sep) || arg.startsWith('.');
    throw new UsageError(
      `no pack "${arg}" in ${displayPath(project.contentDir, io.cwd)}`,
      `${looksLikePath ? '' : didYouMean(arg, ids)}Packs: ${ids.join(', ') || '(none)'}; or give a folder holding pack.yaml.`,
      'cli/unknown-pack',
    );
  }
  return {
    dir: path.join(project.contentDir, arg),
    options: { cwd: io.cwd, cacheDir: defaultCacheDir(project.root), ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}) },
  };
}
