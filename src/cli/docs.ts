import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { renderReferenceDoc } from '../content/reference-doc.js';
import { BUNDLED_SCHEMAS } from '../content/validate.js';
import { writeAtomic } from '../content/write-atomic.js';
import { formatOption, outputFormat } from './format.js';
import { EXIT, type Io } from './io.js';
import { readProjectContent } from './project.js';

export function registerDocs(program: Command, io: Io): void {
  program
    .command('docs')
    .description(
      "Write the content reference: every kind of record the project's packs use, every property and allowed value, the shared definitions and every effect, each with an example from the packs.",
    )
    .argument('[packs...]', 'only these packs (default: every pack of the project)')
    .option('-o, --out <file>', 'where to write it, relative to the project root', 'docs/reference.md')
    .option('--check', 'write nothing; exit 1 when the file is missing or out of date', false)
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .addHelpText(
      'after',
      `
Examples:
  playmark docs                      write docs/reference.md for every pack of the project
  playmark docs --check              in CI: exit 1 if docs/reference.md is not what the schemas give
  playmark docs my-game -o docs/my-game.md

The page is written from the schemas (playmark's and the project's own schemas/) and the packs'
records, read and validated on this run: a property added to a schema, an enum value, a new kind in
pack.yaml appear on the next run. Content with errors is reported and nothing is written (exit 1).
How rules work is taught in docs/rules.md; this page lists what each property allows.`,
    )
    .action((packs: string[], opts: { out: string; check: boolean; format?: 'text' | 'json'; json?: boolean }) => {
      const format = outputFormat(opts);
      const content = readProjectContent(io, packs);
      if (!content) return;
      const { project } = content;
      const schemaRoots = project.schemasDir ? [BUNDLED_SCHEMAS, project.schemasDir] : [BUNDLED_SCHEMAS];
      const text = renderReferenceDoc({ schemaRoots, packs: content.packs, root: project.root });
      const file = path.resolve(project.root, opts.out);
      const shown = path.relative(io.cwd, file) || file;
      const current = existsSync(file) && readFileSync(file, 'utf8') === text;
      if (opts.check) {
        if (format === 'json') io.out(JSON.stringify({ file: shown, current }) + '\n');
        else
          io.out(current ? `${shown} is up to date.\n` : `${shown} is ${existsSync(file) ? 'out of date' : 'missing'}: run \`playmark docs\` to write it.\n`);
        io.exitCode = current ? EXIT.ok : EXIT.content;
        return;
      }
      if (!current) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeAtomic(file, text);
      }
      if (format === 'json') io.out(JSON.stringify({ file: shown, written: !current, packs: content.packs.map((p) => p.pack.id) }) + '\n');
      else io.out(current ? `${shown} is up to date.\n` : `wrote ${shown} (${content.packs.map((p) => p.pack.id).join(', ')})\n`);
      io.exitCode = EXIT.ok;
    });
}
