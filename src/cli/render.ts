import { Option, type Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BrowserLaunchError } from '../render/browser.js';
import { DEFAULT_PRINT, type PrintOptions } from '../render/compose.js';
import { CARD_SIZES, parseCardSize } from '../render/impose.js';
import type { ErrataSince } from '../render/common/changelog.js';
import { createProgress } from '../render/progress.js';
import { DEFAULT_OUT, render, type RenderOptions, type RenderSummary } from '../render/render.js';
import { PrintDiagnosticError, RenderError, RenderInterrupted, TemplateError, TextCutOffError } from '../render/render-error.js';
import { formatDiagnosticText } from './format.js';
import { CommandError, EXIT, UsageError, type Io } from './io.js';
import { readProjectContent, type ProjectContent } from './project.js';

/** The options `render` and `build` share, as commander gives them. */
export interface RenderFlags {
  out: string;
  paper: 'a4' | 'letter';
  card: string;
  bleed: string;
  gap: string;
  margin: string;
  safeMargin: string;
  cropMarks: 'corner' | 'full' | 'none';
  /** Undefined when not given: backs laid out for the long edge. */
  duplex?: 'long' | 'short' | 'none';
  backOffset: string;
  gutterFold: boolean;
  layout: 'nup' | 'pod';
  png: boolean;
  dpi: '300' | '600';
  inkSaver: boolean;
  only?: string;
  combine?: boolean;
  force: boolean;
  strict: boolean;
  format: 'text' | 'json';
  json: boolean;
}

export const RENDER_HELP = `
What is printed: each pack's content/<pack>/printables.yaml (which records, which templates, what
  size, how many copies), then its scenario and errata sheets. The YAML is read, validated and
  layered on every run; content with errors prints its diagnostics and nothing else (exit 1).
  Templates come from the project's templates/ first, then playmark's (see docs/printables.md).
Outputs, under --out (default out/ at the project's root): <pack>/<pack>-<printable>.pdf and .html,
  <pack>/<pack>-<printable>/NN-<face>.png with --png, calibration.pdf when backs print (with --only,
  only when --duplex is given: --only alone prints the documents it names; --calibration, the sheet alone).
Shared sheets: cards and counters whose printables.yaml entries name the same \`sheets: <id>\` are
  imposed together by default, as --combine imposes them, into one <pack>/<pack>-<id>.pdf (each face
  keeps its own back with --duplex; with --layout pod or --gutter-fold their pages follow one
  another in that PDF). --only with any of them, or with <id>, prints the whole set.
  Only outputs whose inputs changed are printed again (out/.playmark-render.json); --force prints all.
Cards are imposed n-up, centred, with a 2-4 mm gutter between neighbours (--gap auto): every card
  carries its own bleed in its own colour past each of its cut lines, so a cut 1 mm off shows that
  card's colour, never its neighbour's. The gutter never costs a card a page where shrinking the
  crop-mark margin can keep it. --gap 0 shares cut lines (one cut per line, no forgiveness); --gap 6
  with 3 mm bleed gives every card its whole bleed. Crop marks sit in the margin outside the bleed,
  one at each trim. A printable with its own size (counters, playmarks) keeps it; --card sets the others.
Combine: with --combine, the cards and counters of all a pack's printables (two or more) share sheets,
  in one <pack>/<pack>-cards-and-counters.pdf (-all-cards.pdf, -all-counters.pdf: named for what it holds) instead of one PDF each: faces of one size are imposed
  together, sizes in bands down the page (largest first, a smaller size filling the room a larger
  one leaves), each band with its own crop marks. Sheets (references, maps) print as usual.
Backs: cards and counters with a back print a page of backs after each page of fronts, mirrored so
  the backs line up when printed two-sided (--duplex long, the default: columns mirrored; --duplex
  short: rows). The same pages serve without a duplex printer: glue each back page to its front
  page (long edge), or cut the backs out and put each behind its card in a sleeve. --duplex none
  prints fronts only (sleeves with their own backs). Print calibration.pdf two-sided to measure
  --back-offset.
Safe margin: nothing is printed within --safe-margin (5 mm) of the paper's edge, crop marks and
  footers included, on A4 and Letter alike: pieces that do not fit inside it print fewer a sheet,
  a sheet whose face reaches into it is reported. A page holding fewer pieces than fit is spread
  over the page, each piece with its whole bleed and crop marks in the gutters between them.
Cut-off text: text running past its box (cut off, or hidden under what follows it) is a warning
  naming the printable and the face; with --strict it is an error (render/text-cut-off, exit 1).
The browser: $PLAYMARK_BROWSER, else Debian's chromium-headless-shell, else an installed Chromium,
  Chrome or Edge. Without one, the HTML is still written and the exit code is 1.`;

export function addRenderOptions(command: Command): Command {
  return command
    .option('-o, --out <dir>', 'the output folder', DEFAULT_OUT)
    .addOption(new Option('--paper <paper>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .option('--card <size>', `card size: ${Object.keys(CARD_SIZES).join(', ')} or WxH in mm`, 'poker')
    .option('--bleed <mm>', 'art past each cut line, mm', String(DEFAULT_PRINT.bleed))
    .option(
      '--gap <mm>',
      'space between neighbouring cards, mm; auto: a 2-4 mm gutter so every card carries its own bleed; 0: shared cut lines',
      String(DEFAULT_PRINT.gap),
    )
    .option('--margin <mm>', 'room kept outside the bleed for crop marks, mm', String(DEFAULT_PRINT.margin))
    .option(
      '--safe-margin <mm>',
      'room at every edge of the paper where nothing prints (art, crop marks, footers): home printers print nothing there; pieces that do not fit inside it print fewer a sheet',
      String(DEFAULT_PRINT.safeMargin),
    )
    .addOption(new Option('--crop-marks <style>', 'crop marks').choices(['corner', 'full', 'none']).default('corner'))
    .addOption(
      new Option(
        '--duplex <edge>',
        'card backs: a page of backs after each page of fronts, mirrored for two-sided printing flipped on this edge (default long; also for gluing or sleeves); none: fronts only',
      ).choices(['long', 'short', 'none']),
    )
    .option('--back-offset <x,y>', 'move every back by X mm right and Y mm down (as the back is seen), for a printer that shifts', '0,0')
    .option('--gutter-fold', 'fronts and backs side by side on one page, to fold and glue (instead of duplex)', false)
    .addOption(
      new Option('--layout <layout>', 'nup: cards imposed on paper; pod: one card a page with TrimBox and BleedBox, for print-on-demand')
        .choices(['nup', 'pod'])
        .default('nup'),
    )
    .option('--png', 'also write each card face as a PNG', false)
    .addOption(new Option('--dpi <dpi>', 'PNG resolution').choices(['300', '600']).default('300'))
    .option('--ink-saver', 'the light-ink variant: no fills behind tables and cards', false)
    .option('--only <ids>', 'only these printables (comma-separated ids; a printable that shares sheets prints with its whole set)')
    .option(
      '--combine',
      "cards and counters of a pack's printables share sheets: one <pack>-cards-and-counters.pdf per pack (<pack>-all-cards.pdf or -all-counters.pdf when it holds only those) instead of one PDF each",
      false,
    )
    .option('--force', 'print every output, even those whose inputs did not change', false)
    .option('--strict', 'treat text cut off in its box as an error (exit 1), not a warning', false)
    .addOption(new Option('--format <format>', 'the summary as text or JSON').choices(['text', 'json']).default('text'))
    .option('--json', 'the same as --format json', false);
}

export function registerRender(program: Command, io: Io): void {
  addRenderOptions(
    program
      .command('render')
      .description(
        'Print packs to PDF: sheets at paper size, cards and counters imposed n-up with bleed and crop marks, duplex backs, print-on-demand pages, PNGs.',
      )
      .argument('[packs...]', 'packs to print, by id (default: every pack of the project)')
      .option('--calibration', 'print only the duplex calibration sheet (calibration.pdf) for --paper and --duplex', false)
      .option('--errata-since <rev>', 'put the changes since REV (a git revision or a folder, as `playmark diff` takes it) first on each errata sheet'),
  )
    .addHelpText(
      'after',
      `
Examples:
  playmark render                                   every pack, A4, poker cards, 3 mm bleed
  playmark render warchon --paper letter            one pack on Letter
  playmark render archon-skirmish --duplex long     cards with their backs, two-sided
  playmark render --calibration --duplex long       the sheet that measures --back-offset
  playmark render --layout pod --png --dpi 600      one card a page, and each card as an image
  playmark render warchon --errata-since v1.0       the errata sheet starts with what changed since v1.0
  playmark render archon-skirmish --combine         the deck, creature counters and markers on shared sheets
${RENDER_HELP}
Errata since: with --errata-since REV, each pack's errata sheet (<pack>-errata.pdf) starts with
  "Latest changes", for players: each value changed since REV in its table's own terms, was and
  now, with its mark and the layer entry's note; records added and removed by name. Then the errata
  by component as usual. The maintainer's changelog (entry ids, layers, reasons) is
  \`playmark diff REV --format markdown\`.`,
    )
    .action(async (packs: string[], flags: RenderFlags & { calibration: boolean; errataSince?: string }) => {
      const options = renderOptions(flags, io);
      const content = readProjectContent(io, packs);
      if (!content) return;
      let errataSince: ErrataSince | undefined;
      if (flags.errataSince !== undefined) {
        errataSince = await changesSince(io, flags.errataSince, content);
        if (!errataSince) return;
      }
      await runRender(
        io,
        { ...projectRenderOptions(content, options), ...(flags.calibration ? { calibration: 'only' as const } : {}), ...(errataSince ? { errataSince } : {}) },
        isJson(flags),
      );
    });
}

/**
 * `--errata-since REV`: REV compared with the working tree, as `playmark diff REV` compares them
 * (only the pack rendered, when it is one). Undefined when a side has errors: compare() has
 * printed them and set exit code 1.
 */
async function changesSince(io: Io, rev: string, content: ProjectContent): Promise<ErrataSince | undefined> {
  // Loaded only when asked for: render alone never loads the diff.
  const { compare } = await import('./diff.js');
  // diff's --pack names a pack's folder: compare one pack alone when its folder has its id.
  const ids = content.packs.map((p) => p.pack.id);
  const one = ids.length === 1 && existsSync(path.join(content.project.contentDir, ids[0]!, 'pack.yaml')) ? { pack: ids[0]! } : {};
  const compared = compare(io, rev, undefined, one);
  return compared && { since: rev, sides: compared.sides, diff: compared.diff };
}

export function isJson(flags: Pick<RenderFlags, 'json' | 'format'>): boolean {
  return flags.json || flags.format === 'json';
}

/** What render needs from the project: its packs' effective content, its templates, and out/ at its root. */
export function projectRenderOptions(content: ProjectContent, options: RenderOptions): RenderOptions {
  return {
    ...options,
    contents: content.packs,
    cwd: content.project.root,
    templateDirs: content.project.templatesDir ? [content.project.templatesDir] : [],
  };
}

/** Commander's strings to render() options, with usage errors for values that make no sense. */
export function renderOptions(flags: RenderFlags, io: Io): RenderOptions {
  const card = parseCardSize(flags.card);
  if (!card) throw new UsageError(`--card ${flags.card} is not a card size`, `Use ${Object.keys(CARD_SIZES).join(', ')}, or WxH in millimetres such as 63x88.`);
  const mm = (name: string, value: string, max: number) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > max) throw new UsageError(`--${name} ${value} is not a length from 0 to ${max} mm`);
    return n;
  };
  const offset = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(flags.backOffset);
  if (!offset)
    throw new UsageError(
      `--back-offset ${flags.backOffset} is not X,Y in millimetres`,
      'For example --back-offset 1.5,-0.5 (right and down as the back is seen); calibration.pdf measures it.',
    );
  const backOffset = { x: Number(offset[1]), y: Number(offset[2]) };
  if (Math.abs(backOffset.x) > 20 || Math.abs(backOffset.y) > 20)
    throw new UsageError('--back-offset is more than 20 mm', 'A printer shifts its back side by a few millimetres at most; check the calibration sheet.');
  if (flags.gutterFold && flags.duplex !== undefined && flags.duplex !== 'none')
    throw new UsageError('--gutter-fold and --duplex are two ways to print backs: choose one');
  if (flags.gutterFold && flags.layout === 'pod') throw new UsageError('--gutter-fold is for sheets cut at home, not for --layout pod');
  if (flags.combine && flags.layout === 'pod')
    throw new UsageError('--combine shares sheets between printables; --layout pod prints one card a page', 'Leave out one of them.');
  if (flags.combine && flags.gutterFold)
    throw new UsageError(
      '--combine and --gutter-fold cannot be used together yet',
      'Use --combine with --duplex long|short for backs, or --gutter-fold without --combine.',
    );
  const print: PrintOptions = {
    paper: flags.paper,
    card,
    bleed: mm('bleed', flags.bleed, 10),
    gap: flags.gap.trim() === 'auto' ? 'auto' : mm('gap', flags.gap, 50),
    margin: mm('margin', flags.margin, 50),
    safeMargin: mm('safe-margin', flags.safeMargin, 50),
    cropMarks: flags.cropMarks,
    // Not given: backs for the long edge, or none with a gutter fold (its backs are beside the fronts).
    duplex: flags.duplex ?? (flags.gutterFold ? 'none' : DEFAULT_PRINT.duplex),
    backOffset,
    gutterFold: flags.gutterFold,
    layout: flags.layout,
    inkSaver: flags.inkSaver,
  };
  // --duplex not given: left to render() (backs for the long edge, no calibration sheet unless something has a back).
  const { duplex: _given, ...rest } = print;
  return {
    ...(flags.duplex === undefined ? rest : print),
    cwd: io.cwd,
    // An --out given on the command line is relative to where it was typed; the default, out/, sits at the project's root.
    outDir: flags.out === DEFAULT_OUT ? DEFAULT_OUT : path.resolve(io.cwd, flags.out),
    png: flags.png,
    dpi: Number(flags.dpi) as 300 | 600,
    force: flags.force,
    ...(flags.strict ? { strict: true } : {}),
    ...(flags.combine ? { combine: true } : {}),
    ...(flags.only
      ? {
          only: flags.only
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

/** The signals that stop a render, and the exit status each gives (128 + its number, as a shell reports it). */
const STOP_SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** A render's failure the user can act on, as the coded error the CLI prints (exit 1); undefined for any other error. */
export function renderFailure(error: unknown): CommandError | undefined {
  if (error instanceof BrowserLaunchError) return new CommandError(error.message, 'render/no-browser', EXIT.content);
  if (error instanceof TextCutOffError) return new CommandError(error.message, 'render/text-cut-off', EXIT.content);
  if (error instanceof RenderError) return new CommandError(error.message, 'render/failed', EXIT.content);
  return undefined;
}

/**
 * Renders with a progress bar (terminal) or plain lines, prints the summary and sets the exit
 * code: 0, or 1 when the browser is missing or did not start, or a file or a page could not be
 * printed; a signal stops the render cleanly (the browser closed, the outputs not yet written as
 * they were) with 128 + its number. Returns the summary when the render finished.
 */
export async function runRender(io: Io, options: RenderOptions, json: boolean): Promise<RenderSummary | undefined> {
  const progress = createProgress((s) => io.err(s), io.color && !json);
  const stopping = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => stopping.abort(signal);
  const signals = Object.keys(STOP_SIGNALS) as (keyof typeof STOP_SIGNALS)[];
  for (const s of signals) process.on(s, onSignal);
  let summary: RenderSummary;
  try {
    summary = await render({ ...options, onProgress: json ? undefined : progress, signal: stopping.signal });
  } catch (error) {
    progress.end();
    if (error instanceof RenderInterrupted) {
      io.err(`playmark: render stopped by ${error.signal}; the outputs it had not finished are as they were.\n`);
      io.exitCode = STOP_SIGNALS[error.signal as keyof typeof STOP_SIGNALS] ?? EXIT.content;
      return undefined;
    }
    if (error instanceof PrintDiagnosticError) {
      // A template or printable mistake is the author's: shown as validate shows a content error, nothing written.
      const what = error instanceof TemplateError ? 'A template has an error' : "The pack's printables have an error";
      io.err(`${formatDiagnosticText(error.diagnostic, { color: io.color })}\n${what}: fix it first; nothing was printed.\n`);
      io.exitCode = EXIT.content;
      return undefined;
    }
    const failure = renderFailure(error);
    if (failure) throw failure;
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  } finally {
    for (const s of signals) process.off(s, onSignal);
  }
  progress.end();
  io.out(json ? JSON.stringify(summary, null, 2) + '\n' : describe(summary, io.cwd));
  if (summary.missingBrowser) io.err(`\n${summary.missingBrowser}\n`);
  io.exitCode = summary.missingBrowser ? EXIT.content : EXIT.ok;
  return summary;
}

function describe(s: RenderSummary, cwd: string): string {
  const rel = path.relative(cwd, s.outDir) || '.';
  const at = (file: string) => `${rel}/${file}`;
  const pdfs = s.files.filter((f) => f.kind === 'pdf');
  const width = Math.max(0, ...pdfs.map((f) => at(f.file).length));
  const lines = pdfs.map(
    (f) =>
      `  ${at(f.file).padEnd(width)}  ${String(f.pages).padStart(3)} page${f.pages === 1 ? ' ' : 's'}  ${f.status === 'skipped' ? 'not printed (no browser)' : f.status}` +
      (f.backPages ? `  (${f.backPages} of backs: print two-sided, or glue or sleeve them behind their fronts)` : ''),
  );
  const pngs = s.files.filter((f) => f.kind === 'png');
  const pngDirs = [...new Set(pngs.map((f) => path.posix.dirname(f.file)))];
  for (const dir of pngDirs) {
    const inDir = pngs.filter((f) => path.posix.dirname(f.file) === dir);
    const written = inDir.filter((f) => f.status === 'written').length;
    lines.push(
      `  ${at(dir)}/*.png  ${inDir.length} image${inDir.length === 1 ? '' : 's'}${written < inDir.length ? `, ${inDir.length - written} unchanged` : ''}`,
    );
  }
  const count = (kind: string, status: string) => s.files.filter((f) => f.kind === kind && f.status === status).length;
  const pages = pdfs.reduce((n, f) => n + f.pages, 0);
  const html = s.files.filter((f) => f.kind === 'html').length;
  const summary =
    `${pdfs.length} PDF${pdfs.length === 1 ? '' : 's'} (${pages} page${pages === 1 ? '' : 's'}): ${count('pdf', 'written')} written, ${count('pdf', 'unchanged')} unchanged` +
    `${count('pdf', 'skipped') ? `, ${count('pdf', 'skipped')} not printed` : ''}; ${html} HTML; ${pngs.length} PNG; ${(s.ms / 1000).toFixed(1)} s`;
  const warnings = s.warnings.length ? `${s.warnings.length} warning${s.warnings.length === 1 ? '' : 's'} (above)\n` : '';
  return `${lines.join('\n')}${lines.length ? '\n' : ''}${summary}\n${warnings}`;
}
