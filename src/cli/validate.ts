import { Option, type Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir, validate, type ValidationResult } from '../content/validate.js';
import { FORMATS, formatValidation, type Format } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';

export const DEFAULT_CONTENT = 'content';

export function registerValidate(program: Command, io: Io): void {
  program
    .command('validate')
    .description('Check packs: YAML, schemas, layers, references and table shapes. Every problem is shown at its file:line:column with a hint.')
    .argument('[paths...]', 'pack folders, or a content root holding packs', [DEFAULT_CONTENT])
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text'))
    .option('--strict', 'treat warnings as errors (exit 1 on any warning)', false)
    .option('--no-cache', 'compile the schemas afresh instead of using the cached validators (node_modules/.cache/playmark, or $PLAYMARK_CACHE_DIR)')
    .addHelpText(
      'after',
      `
Examples:
  playmark validate                      every pack under content/
  playmark validate content/warchon      one pack
  playmark validate --format json        for programs
  playmark validate --format github      annotations for GitHub Actions

Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 usage error.`,
    )
    .action((paths: string[], opts: { format: Format; strict: boolean; cache: boolean }) => {
      const result = runValidate(io, paths, opts.cache);
      io.out(formatValidation(result, opts.format, { color: io.color }));
      io.exitCode = exitCodeOf(result, opts.strict);
    });
}

/** Validates the given paths for a command: a path that does not exist is a usage error. */
export function runValidate(io: Io, paths: readonly string[], cache: boolean): ValidationResult {
  for (const p of paths) {
    if (!existsSync(path.resolve(io.cwd, p))) {
      throw new UsageError(`no such folder: ${p}`, 'Give pack folders (holding pack.yaml) or a content root such as content/.');
    }
  }
  return validate(paths.map((p) => path.resolve(io.cwd, p)), { cwd: io.cwd, cacheDir: cache ? defaultCacheDir(io.cwd) : false });
}

export function exitCodeOf(result: ValidationResult, strict: boolean): number {
  return result.errors > 0 || (strict && result.warnings > 0) ? EXIT.content : EXIT.ok;
}
