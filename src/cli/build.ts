import type { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { codegen } from '../codegen/index.js';
import { packageRoot } from '../content/package-root.js';
import { defaultCacheDir } from '../content/validate.js';
import { formatValidation } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { DEFAULT_CONTENT } from './validate.js';
import { addRenderOptions, RENDER_HELP, renderOptions, runRender, type RenderFlags } from './render.js';

export function registerBuild(program: Command, io: Io): void {
  addRenderOptions(
    program
      .command('build')
      .description('The whole job: validate every pack, bring generated/ up to date, and render every pack to PDF (out/ by default). Takes every option of `render`.'),
  )
    .addHelpText(
      'after',
      `
Examples:
  playmark build                                every pack to out/, A4
  playmark build --paper letter --duplex long   Letter, card backs for two-sided printing

Steps: 1. validate (stops on errors, exit 1)  2. codegen (generated/; when it changes, playmark is
compiled again and the render runs in a fresh process)  3. render every pack.
${RENDER_HELP}`,
    )
    .action(async (flags: RenderFlags) => {
      const options = renderOptions(flags, io);
      if (!existsSync(path.join(io.cwd, DEFAULT_CONTENT))) throw new UsageError(`no ${DEFAULT_CONTENT}/ folder here`, 'Run playmark build from the repository root.');
      const result = await codegen({ root: io.cwd, cacheDir: defaultCacheDir(io.cwd) });
      io.err(formatValidation(result.validation, 'text', { color: io.color }));
      if (result.reason === 'invalid') {
        io.err('build: the content has errors; nothing was generated or rendered.\n');
        io.exitCode = EXIT.content;
        return;
      }
      const { stale, missing, extra, unchanged } = result.diff;
      const changed = stale.length + missing.length + extra.length;
      io.err(changed ? `codegen: ${result.outLabel}/ updated (${changed} file${changed === 1 ? '' : 's'})\n` : `codegen: ${result.outLabel}/ is up to date (${unchanged.length} files)\n`);
      if (changed) {
        // The printables read the compiled generated modules, already loaded in this process: compile
        // again and render in a fresh one.
        io.exitCode = recompileAndRender(io, flags);
        return;
      }
      const summary = await runRender(io, options, flags.json);
      io.exitCode = summary && !summary.missingBrowser ? EXIT.ok : EXIT.content;
    });
}

function recompileAndRender(io: Io, flags: RenderFlags): number {
  const root = packageRoot();
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) {
    io.err('build: generated/ changed and TypeScript is not installed to compile it: run `npm ci && npm run build`, then `playmark render`.\n');
    return EXIT.content;
  }
  io.err('build: compiling playmark with the new generated modules\n');
  const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' });
  if (compiled.status !== 0) return EXIT.internal;
  const rendered = spawnSync(process.execPath, [path.join(root, 'bin', 'playmark.js'), 'render', ...renderArgv(flags)], { stdio: 'inherit', cwd: io.cwd });
  return rendered.status ?? EXIT.internal;
}

/** The command line that gives `render` the same options. */
export function renderArgv(f: RenderFlags): string[] {
  const argv = ['--out', f.out, '--paper', f.paper, '--card', f.card, '--bleed', f.bleed, '--gap', f.gap, '--margin', f.margin, '--crop-marks', f.cropMarks, '--duplex', f.duplex, '--back-offset', f.backOffset, '--layout', f.layout, '--dpi', f.dpi];
  if (f.gutterFold) argv.push('--gutter-fold');
  if (f.png) argv.push('--png');
  if (f.inkSaver) argv.push('--ink-saver');
  if (f.only) argv.push('--only', f.only);
  if (f.force) argv.push('--force');
  if (f.json) argv.push('--json');
  return argv;
}
