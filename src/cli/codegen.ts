import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { codegen, COMMAND, type CodegenResult } from '../codegen/index.js';
import { defaultCacheDir } from '../content/validate.js';
import { formatValidation } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';
import { DEFAULT_CONTENT } from './validate.js';

interface CodegenFlags {
  check: boolean;
  json: boolean;
  content: string;
  schemas: string;
  out: string;
}

export function registerCodegen(program: Command, io: Io): void {
  program
    .command('codegen')
    .description(
      'Write generated/: a TypeScript type module per schema and a typed, readonly content module per pack (layers applied). Only changed files are written.',
    )
    .option('--check', 'write nothing; list stale, missing and extra files and exit 1 if there are any (for CI)', false)
    .option('--json', 'print the result as JSON', false)
    .option('--content <dir>', 'the content root holding the packs', DEFAULT_CONTENT)
    .option('--schemas <dir>', "the project's own schemas folder (playmark's own schemas are always used too)", 'schemas')
    .option('--out <dir>', 'the output folder', 'generated')
    .addHelpText(
      'after',
      `
Examples:
  playmark codegen              bring generated/ up to date
  playmark codegen --check      fail if generated/ is stale (npm test and CI run this)

Every pack must validate first: if any has errors, nothing is written and the exit code is 1.
With --check, the exit code is 1 when any file is stale, missing or extra.`,
    )
    .action(async (opts: CodegenFlags) => {
      // Folders are relative to the project's root, found upward from here.
      const root = requireProject(io).root;
      if (!existsSync(path.resolve(root, opts.content)))
        throw new UsageError(`no such folder: ${opts.content} (in ${root})`, 'Give --content relative to the project root.');
      const result = await codegen({
        root,
        contentDir: opts.content,
        schemasDir: opts.schemas,
        outDir: opts.out,
        check: opts.check,
        cacheDir: defaultCacheDir(root),
      });
      io.out(opts.json ? JSON.stringify(asJson(result), null, 2) + '\n' : describe(result, io));
      io.exitCode = result.ok ? EXIT.ok : EXIT.content;
    });
}

function asJson(result: CodegenResult): object {
  if (result.reason === 'invalid') return { ok: false, errors: result.validation.errors, diagnostics: result.validation.diagnostics };
  const { stale, missing, extra, unchanged } = result.diff;
  const at = (files: readonly string[]): string[] => files.map((f) => `${result.outLabel}/${f}`);
  if (result.check) return { ok: result.ok, stale: at(stale), missing: at(missing), extra: at(extra), unchanged: at(unchanged) };
  return { ok: true, written: at([...stale, ...missing].sort()), removed: at(extra), unchanged: at(unchanged) };
}

function describe(result: CodegenResult, io: Io): string {
  if (result.reason === 'invalid') {
    io.err(formatValidation(result.validation, 'text', { color: io.color }));
    return `codegen: the content has ${result.validation.errors} error${result.validation.errors === 1 ? '' : 's'}; nothing was written.\n`;
  }
  const { stale, missing, extra, unchanged } = result.diff;
  const out = result.outLabel;
  const list = (title: string, files: readonly string[]): string => (files.length === 0 ? '' : `${title}:\n${files.map((f) => `  ${out}/${f}\n`).join('')}`);
  if (result.check) {
    if (result.ok) return `${out}/ is up to date (${unchanged.length} files).\n`;
    return (
      list('Stale (content differs)', stale) + list('Missing', missing) + list('Extra (no longer generated)', extra) + `Run \`${COMMAND}\` to update them.\n`
    );
  }
  const written = stale.length + missing.length;
  if (written + extra.length === 0) return `${out}/ is up to date (${unchanged.length} files).\n`;
  return (
    list('Written', [...stale, ...missing].sort()) +
    list('Removed', extra) +
    `${out}/: ${written} written, ${extra.length} removed, ${unchanged.length} unchanged.\n`
  );
}
