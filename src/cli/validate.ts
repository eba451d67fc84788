import { runsByPack } from './runs.js';
import { Option, type Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir, validate, type ValidationResult } from '../content/validate.js';
import { chosenFormat, FORMATS, formatValidation, type Format } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';

export const DEFAULT_CONTENT = 'content';

export function registerValidate(program: Command, io: Io): void {
  program
    .command('validate')
    .description('Check packs: YAML, schemas, layers, references and table shapes. Every problem is shown at its file:line:column with a hint.')
    .argument('[paths...]', 'pack folders, or a content root holding packs (default: every pack of the project found upward from here)')
    .addOption(new Option('-f, --format <format>', 'output format (default: text)').choices(FORMATS))
    .option('--json', 'the same as --format json')
    .option('--strict', 'treat warnings as errors (exit 1 on any warning)', false)
    .option(
      '--no-cache',
      'parse every file afresh instead of using your cache of parsed YAML ($PLAYMARK_CACHE_DIR, else $XDG_CACHE_HOME/playmark or ~/.cache/playmark)',
    )
    .addHelpText(
      'after',
      `
With no path, validate checks every pack of the project: the nearest folder, here or above, with
content/<pack>/pack.yaml (and the project's own schemas/, if it has one), so it works from any
subfolder.

Examples:
  playmark validate                      every pack of the project
  playmark validate content/warchon      one pack
  playmark validate --format json        for programs
  playmark validate --format github      annotations for GitHub Actions

Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 usage error.`,
    )
    .action(async (paths: string[], opts: { format?: Format; json?: boolean; strict: boolean; cache: boolean }) => {
      const format = chosenFormat(opts, 'text');
      const result = runValidate(io, paths, opts.cache);
      // The rules each pack's game engine runs, so the summary counts as `playmark coverage` does.
      const runs = format === 'github' ? new Map() : await runsByPack(io, result.summaries);
      if (!runs) return;
      io.out(formatValidation(result, format, { color: io.color }, runs));
      io.exitCode = exitCodeOf(result, opts.strict);
    });
}

/**
 * Validates for a command. With no paths, the project found upward from the working directory
 * (with its own schemas/); else the given pack folders or content roots, each with the nearest
 * schemas/ above it. A path that does not exist is a usage error.
 */
export function runValidate(io: Io, paths: readonly string[], cache: boolean): ValidationResult {
  if (paths.length === 0) {
    const project = requireProject(io);
    return validate([project.contentDir], {
      cwd: io.cwd,
      cacheDir: cache ? defaultCacheDir(project.root) : false,
      ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
    });
  }
  for (const p of paths) {
    if (!existsSync(path.resolve(io.cwd, p))) {
      throw new UsageError(
        `no such folder: ${p}`,
        'Give pack folders (holding pack.yaml) or a content root such as content/, or no path for the whole project.',
      );
    }
  }
  return validate(
    paths.map((p) => path.resolve(io.cwd, p)),
    { cwd: io.cwd, cacheDir: cache ? defaultCacheDir(io.cwd) : false },
  );
}

export function exitCodeOf(result: ValidationResult, strict: boolean): number {
  return result.errors > 0 || (strict && result.warnings > 0) ? EXIT.content : EXIT.ok;
}
