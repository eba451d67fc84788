import { formatValidation } from './format.js';
import { runsByPack } from './runs.js';
import type { Command } from 'commander';
import { codegen } from '../codegen/index.js';
import { plural } from './format.js';
import type { Io } from './io.js';
import { readProjectContent } from './project.js';
import { addRenderOptions, isJson, projectRenderOptions, RENDER_HELP, renderOptions, runRender, type RenderFlags } from './render.js';

export function registerBuild(program: Command, io: Io): void {
  addRenderOptions(
    program
      .command('build')
      .description(
        'The whole job, from the YAML as it is now: validate every pack of the project, bring generated/ up to date, and print every pack to PDF (out/ at the project root). Takes every option of `render`.',
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  playmark build                                every pack to out/, A4
  playmark build --paper letter --duplex long   Letter, card backs for two-sided printing

Steps: 1. read and validate every pack (stops on errors, exit 1; nothing is generated or printed)
2. codegen: generated/ (typed modules for programs that embed a pack; the print never reads them)
3. render every pack from the content read in step 1.
${RENDER_HELP}`,
    )
    .action(async (flags: RenderFlags) => {
      const options = renderOptions(flags, io);
      const content = readProjectContent(io, undefined, { summary: 'caller' });
      if (!content) {
        io.err('build: the content has errors; nothing was generated or printed.\n');
        return;
      }
      // The rules each pack's game runs, so the summary counts them as validate and coverage do.
      const runs = await runsByPack(io, content.validation.summaries);
      if (!runs) return;
      io.err(formatValidation(content.validation, 'text', { color: io.color }, runs));
      const { root, schemasDir } = content.project;
      const generated = await codegen({ root, validation: content.validation, ...(schemasDir ? { schemasDir } : {}) });
      if (generated.reason !== 'invalid') {
        const { stale, missing, extra, unchanged } = generated.diff;
        const changed = stale.length + missing.length + extra.length;
        io.err(
          changed
            ? `codegen: ${generated.outLabel}/ updated (${plural(changed, 'file')})\n`
            : `codegen: ${generated.outLabel}/ is up to date (${plural(unchanged.length, 'file')})\n`,
        );
      }
      await runRender(io, projectRenderOptions(content, options), isJson(flags));
    });
}
