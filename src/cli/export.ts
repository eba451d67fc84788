import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exportPack } from '../content/export.js';
import { defaultCacheDir, validate } from '../content/validate.js';
import { formatValidation } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { DEFAULT_CONTENT } from './validate.js';

export function registerExport(program: Command, io: Io): void {
  program
    .command('export')
    .description('Print a pack\'s effective content (base transcription plus layers) as JSON, records grouped by kind.')
    .argument('<pack>', 'a pack id under the content root, or a pack folder')
    .option('--base', 'the base transcription alone, without layers', false)
    .option('--provenance', 'with each record, say where its values came from (source file, or the layer entry that set them)', false)
    .option('--content <dir>', 'the content root that pack ids are looked up in', DEFAULT_CONTENT)
    .addHelpText(
      'after',
      `
Examples:
  playmark export warchon                     effective content
  playmark export warchon --base              what the rule text prints, no layers
  playmark export warchon --provenance        which layer entry set which value

The pack must validate without errors; its diagnostics go to stderr and the exit code is 1 if not.`,
    )
    .action((packArg: string, opts: { base: boolean; provenance: boolean; content: string }) => {
      const dir = resolvePackDir(io.cwd, packArg, opts.content);
      const result = validate([dir], { cwd: io.cwd, cacheDir: defaultCacheDir(io.cwd) });
      if (result.diagnostics.length > 0) io.err(formatValidation(result, 'text', { color: io.color }));
      const pack = result.packs[0];
      if (result.errors > 0 || !pack) {
        io.exitCode = EXIT.content;
        return;
      }
      io.out(JSON.stringify(exportPack(pack, { base: opts.base, provenance: opts.provenance, cwd: io.cwd }), null, 2) + '\n');
      io.exitCode = EXIT.ok;
    });
}

function resolvePackDir(cwd: string, arg: string, contentRoot: string): string {
  const asPath = path.resolve(cwd, arg);
  if (existsSync(path.join(asPath, 'pack.yaml'))) return asPath;
  const asId = path.resolve(cwd, contentRoot, arg);
  if (existsSync(path.join(asId, 'pack.yaml'))) return asId;
  throw new UsageError(`no pack "${arg}"`, `Give a pack id under ${contentRoot}/ or a folder holding pack.yaml.`);
}
