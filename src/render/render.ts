// `render(options)`: every printable of the chosen packs -> out/<pack>/<id>.pdf (and .html, and
// PNGs of card faces with `png`); cards and counters that share sheets (printables.yaml `sheets`,
// or all of a pack's with `combine`) -> one document for them all (documents.ts). Composes each document (compose.ts), prints the ones whose inputs
// changed through one headless Chromium in a bounded pool of tabs, fixes their boxes and metadata
// (pdf.ts) and writes them atomically (output.ts). The CLI commands are thin shells over this.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { packageRoot } from '../content/package-root.js';
import { BrowserNotFound, findBrowser, installHelp, launchBrowser, type FoundBrowser } from './browser.js';
import { composeCalibration } from './calibration.js';
import { composeCombined, composePrintable, composeShared, DEFAULT_PRINT, forPrinting, type Composed, type PrintOptions } from './compose.js';
import { printDocuments, type PrintDocument } from './documents.js';
import { createTemplates, type Templates } from './handlebars.js';
import { inertPage, PAGE_TIMEOUT } from './inert.js';
import { hashOf, isCurrent, readManifest, writeAtomic, writeManifest, type Manifest } from './output.js';
import { finishPdf, fixedDate } from './pdf.js';
import { pngDocument, renderPngs, type PngDocument } from './png.js';
import { runPool, poolSize } from './pool.js';
import type { ProgressEvent } from './progress.js';
import type { PackContent } from '../content/effective.js';
import type { NamedContexts } from './contexts/context.js';
import { packContexts } from './pack-contexts.js';
import { packPrintables } from './printables.js';
import { CARD_SIZES } from './impose.js';
import type { Size } from './printable.js';
import type { CardPrintable, Printable } from './printable.js';
import { RenderError, RenderInterrupted, TextCutOffError } from './render-error.js';
export { combinedTitle } from './documents.js';
import type { ErrataSince } from './common/changelog.js';

/** Bump when the pipeline's output changes for the same inputs, so every output is printed again. */
export const PIPELINE_VERSION = 1;

export const DEFAULT_OUT = 'out';

export interface RenderOptions extends Partial<PrintOptions> {
  /** The packs to print: their effective content, read from the YAML on this run. */
  readonly contents?: readonly PackContent[];
  /** Template folders, first match wins (default: playmark's templates/). A project's own come first. */
  readonly templateDirs?: readonly string[];
  /**
   * Printable ids to render (default: all of the chosen packs'): a printable's id in printables.yaml
   * (`spreads`) or its output id (`warchon-spreads`), or the id of a set of shared sheets
   * (`units-and-cards`, `warmaster-units-and-cards`). A printable that shares sheets prints with its
   * whole set, in the set's one document.
   */
  readonly only?: readonly string[];
  /** The output folder, relative to `cwd` (default `out`). */
  readonly outDir?: string;
  readonly cwd?: string;
  /**
   * `--combine`: the cards and counters of each pack's printables (two or more) imposed together,
   * into one `<pack>/<pack>-cards-and-counters.pdf` (`-all-cards.pdf` when it holds no counters) instead of one PDF each (or one per set of
   * shared sheets, which printables.yaml's `sheets` gives by default).
   */
  readonly combine?: boolean;
  /** Also write each card face as a PNG at `dpi`. */
  readonly png?: boolean;
  readonly dpi?: 300 | 600;
  /** `only`: print the duplex calibration sheet and nothing else. Otherwise it is printed with any duplex. */
  readonly calibration?: 'only';
  /** `--errata-since REV`: the changes since REV, printed first on each pack's errata sheet. */
  readonly errataSince?: ErrataSince;
  /** Print these instead of the packs' builders (tests, other tools). */
  readonly printables?: readonly Printable[];
  readonly templates?: Templates;
  /** The browser to print with; null: none (HTML only). Default: found by findBrowser(). */
  readonly browser?: FoundBrowser | null;
  /** Print everything, even outputs whose inputs did not change. */
  readonly force?: boolean;
  /** Text cut off in its box is an error (TextCutOffError, after every output is written), not a warning. */
  readonly strict?: boolean;
  /** Tabs printing at once (default PLAYMARK_JOBS, else 2). */
  readonly jobs?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * Stops the render (the CLI aborts it on SIGINT and SIGTERM): the browser is closed, outputs
   * already written stay, the others are left as they were, and render() throws RenderInterrupted
   * with the signal's reason.
   */
  readonly signal?: AbortSignal;
}

export interface OutputFile {
  /** Relative to the output folder, with forward slashes: `warchon/warchon-spreads.pdf`. */
  readonly file: string;
  readonly kind: 'pdf' | 'html' | 'png';
  readonly pages: number;
  /**
   * PDFs with card backs: how many of its pages are pages of backs (each after its page of fronts,
   * for two-sided printing, gluing or sleeves). Absent when it has none.
   */
  readonly backPages?: number;
  /** `skipped`: not printed because no browser was found. */
  readonly status: 'written' | 'unchanged' | 'skipped';
}

export interface RenderSummary {
  readonly outDir: string;
  readonly files: readonly OutputFile[];
  readonly warnings: readonly string[];
  readonly browser: FoundBrowser | null;
  /** Set when PDFs or PNGs were due and no browser was found: how to install one. */
  readonly missingBrowser?: string;
  readonly ms: number;
}

interface PrintJob {
  readonly file: string;
  readonly title: string;
  readonly composed: Composed;
  readonly hash: string;
  /** What the document prints, to name a face that overflows. */
  readonly printables: readonly Printable[];
}

interface PngJob {
  readonly dir: string;
  readonly doc: PngDocument;
  readonly names: readonly string[];
  readonly hash: string;
}

export function playmarkVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export function printOptions(o: Partial<PrintOptions>): PrintOptions {
  const defined = Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k in DEFAULT_PRINT));
  // A gutter fold prints its backs beside the fronts: no back pages unless asked for.
  const duplex = o.duplex ?? (o.gutterFold ? 'none' : DEFAULT_PRINT.duplex);
  return { ...DEFAULT_PRINT, ...defined, duplex } as PrintOptions;
}

export async function render(options: RenderOptions = {}): Promise<RenderSummary> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, options.outDir ?? DEFAULT_OUT);
  const print = printOptions(options);
  const version = playmarkVersion();
  const creator = `playmark ${version}`;
  const templates = options.templates ?? createTemplates([...(options.templateDirs ?? []), path.join(packageRoot(), 'templates')]);
  const emit = options.onProgress ?? (() => {});
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    emit({ type: 'warning', message });
  };
  const cutOff: string[] = [];

  let printables: Printable[] = [];
  if (options.calibration !== 'only') {
    const built = (content: PackContent, contexts: NamedContexts) => {
      try {
        return packPrintables(content, {
          contexts,
          playmarkVersion: version,
          print,
          ...(options.errataSince ? { errataSince: options.errataSince } : {}),
          ...(options.combine ? { combine: true } : {}),
        });
      } catch (error) {
        // The cover counts each printable's sheets, so a card too large for the paper is met here first.
        const decls = content.printables?.list ?? [];
        throw tooLarge(
          error,
          content.pack.id,
          decls.map((d) => ({ id: `${content.pack.id}-${d.id}`, size: typeof d.size === 'object' ? d.size : d.size ? CARD_SIZES[d.size] : undefined })),
        );
      }
    };
    const contents = options.printables ? [] : (options.contents ?? []);
    const contexts = await Promise.all(contents.map((c) => packContexts(c)));
    printables = options.printables ? [...options.printables] : contents.flatMap((c, i) => built(c, contexts[i]!));
    if (options.only?.length) printables = selectOnly(printables, options.only);
  }
  const documents = printDocuments(printables, { combine: options.combine === true });
  {
    const seen = new Set<string>();
    for (const d of documents) {
      if (seen.has(d.id)) throw new Error(`two printables have the id "${d.id}"`);
      seen.add(d.id);
    }
  }

  // A first or forced render prints everything: the browser starts while the documents compose
  // (a separate process, so its start-up overlaps the template work), and is closed unused if
  // nothing turns out to be due.
  let early: Promise<Browser> | undefined;
  let earlyUsed = false;
  {
    const before = readManifest(outDir);
    if (documents.length > 0 && (options.force || documents.some((d) => !before.outputs[`${d.pack}/${d.id}.pdf`]))) {
      try {
        const f = options.browser !== undefined ? options.browser : findBrowser();
        if (f) {
          early = Promise.resolve().then(() => launchBrowser(f));
          early.catch(() => {});
        }
      } catch {
        // no browser: found again below, and reported there
      }
    }
  }
  try {
    return await composeAndPrint();
  } catch (error) {
    // Closing the browser on a signal fails the prints under way: the signal is the news.
    if (options.signal?.aborted) throw new RenderInterrupted(String(options.signal.reason));
    throw error;
  } finally {
    if (early && !earlyUsed) await early.then((b) => b.close()).catch(() => {});
  }

  async function composeAndPrint(): Promise<RenderSummary> {
    // Compose every document (templates only, no browser), and write its HTML.
    const optionsKey = JSON.stringify(print);
    const jobs: PrintJob[] = [];
    const pngs: PngJob[] = [];
    const files: OutputFile[] = [];
    const manifest = readManifest(outDir);
    const previous = readManifest(outDir);
    const dpi = options.dpi ?? 300;
    // Written once every document has composed: a template error leaves every output as it was.
    const htmls: { file: string; text: string; hash: string }[] = [];
    const writeText = (file: string, text: string, hash: string) => {
      const current = isCurrent(outDir, previous, file, hash) && !options.force;
      if (!current) writeAtomic(path.join(outDir, file), text);
      manifest.outputs[file] = { hash, pages: 0, bytes: Buffer.byteLength(text) };
      files.push({ file, kind: 'html', pages: 0, status: current ? 'unchanged' : 'written' });
    };
    for (const doc of documents) {
      for (const p of doc.printables) if (p.faces.length === 0) warn(`${p.id}: no faces to print`);
      const list = doc.printables.filter((p) => p.faces.length > 0);
      if (list.length === 0) continue;
      const composed = composeFitting(doc, list);
      composed.warnings.forEach(warn);
      const base = `${doc.pack}/${doc.id}`;
      const hash = hashOf(`pipeline ${PIPELINE_VERSION}`, creator, optionsKey, JSON.stringify(composed.pages), composed.html);
      htmls.push({ file: `${base}.html`, text: composed.html, hash });
      jobs.push({ file: `${base}.pdf`, title: doc.title, composed, hash, printables: list });
      if (options.png) {
        for (const p of list) {
          if (p.kind !== 'card') continue;
          const png = pngDocument(templates, p, print, dpi);
          pngs.push({
            dir: `${p.pack}/${p.id}`,
            doc: png,
            names: png.names,
            hash: hashOf(`png ${PIPELINE_VERSION}`, creator, String(dpi), optionsKey, png.html),
          });
        }
      }
    }
    // With backs printed for two-sided printing: asked for (--duplex), or by default when something
    // has a back on a whole render (--only alone prints the documents it names and nothing else).
    const backs =
      options.duplex !== undefined ||
      (!options.only?.length && documents.some((d) => d.printables.some((p) => p.kind === 'card' && p.back && p.faces.length > 0)));
    if ((print.duplex !== 'none' && !print.gutterFold && backs) || options.calibration === 'only') {
      const composed = composeCalibration(templates, print);
      jobs.push({
        file: 'calibration.pdf',
        title: 'playmark duplex calibration',
        composed,
        hash: hashOf(`pipeline ${PIPELINE_VERSION}`, creator, optionsKey, composed.html),
        printables: [],
      });
    }
    for (const h of htmls) writeText(h.file, h.text, h.hash);

    /**
     * A card too large for the paper: when its size is the printable's own (printables.yaml), the
     * pack's to fix (exit 1, naming it); when it is --card's, a usage error naming the printable.
     */
    function composeFitting(doc: PrintDocument, list: readonly Printable[]): Composed {
      try {
        return composeDocument(doc, list);
      } catch (error) {
        throw tooLarge(
          error,
          `${doc.pack}/${doc.id}.pdf`,
          list.map((p) => ({ id: p.id, size: p.kind === 'card' ? p.size : undefined })),
        );
      }
    }

    /** One document: a printable alone, printables sharing sheets (printables.yaml), or a pack's cards and counters (--combine). */
    function composeDocument(doc: PrintDocument, list: readonly Printable[]): Composed {
      if (doc.kind === 'single') return composePrintable(templates, list[0]!, print);
      const cards = list as readonly CardPrintable[];
      return doc.kind === 'combined' ? composeCombined(templates, cards, print, doc.title) : composeShared(templates, cards, print, doc.title);
    }

    const duePrints = jobs.filter((j) => options.force || !isCurrent(outDir, previous, j.file, j.hash));
    const duePngs = pngs.filter((j) => options.force || !j.names.every((n) => isCurrent(outDir, previous, `${j.dir}/${n}`, j.hash)));
    for (const j of jobs) {
      if (!duePrints.includes(j)) {
        manifest.outputs[j.file] = previous.outputs[j.file]!;
        files.push({ file: j.file, kind: 'pdf', pages: j.composed.pages.length, ...backPages(j), status: 'unchanged' });
      }
    }
    for (const j of pngs) {
      if (!duePngs.includes(j)) {
        for (const n of j.names) {
          manifest.outputs[`${j.dir}/${n}`] = previous.outputs[`${j.dir}/${n}`]!;
          files.push({ file: `${j.dir}/${n}`, kind: 'png', pages: 0, status: 'unchanged' });
        }
      }
    }

    let found: FoundBrowser | null = null;
    let missingBrowser: string | undefined;
    try {
      if (duePrints.length + duePngs.length > 0) {
        try {
          found = options.browser !== undefined ? options.browser : findBrowser();
        } catch (error) {
          if (!(error instanceof BrowserNotFound)) throw error;
          missingBrowser = `${error.message}\n${installHelp()}`;
        }
        if (!found) {
          missingBrowser ??= installHelp();
          for (const j of duePrints) files.push({ file: j.file, kind: 'pdf', pages: j.composed.pages.length, ...backPages(j), status: 'skipped' });
          for (const j of duePngs) for (const n of j.names) files.push({ file: `${j.dir}/${n}`, kind: 'png', pages: 0, status: 'skipped' });
        } else {
          emit({ type: 'start', total: duePrints.length + duePngs.length, browser: found.path });
          earlyUsed = early !== undefined;
          await printAll(early ?? launchBrowser(found), options.jobs ?? poolSize(), duePrints, duePngs, {
            signal: options.signal,
            outDir,
            manifest,
            files,
            emit,
            finish: (job, bytes) => finishPdf(bytes, job.composed.pages, { title: job.title, creator, key: job.hash, date: fixedDate() }),
            dpi,
            warn,
            cutOff: (message) => {
              cutOff.push(message);
              warn(message);
            },
          });
        }
      }
    } finally {
      writeManifest(outDir, manifest);
    }
    files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    if (options.strict && cutOff.length > 0) throw new TextCutOffError(cutOff);
    return { outDir, files, warnings, browser: found, ...(missingBrowser ? { missingBrowser } : {}), ms: Date.now() - started };
  }
}

/** `backPages` of a PDF's summary entry: its pages of backs, when it has any. */
function backPages(job: PrintJob): { backPages?: number } {
  const n = job.composed.pages.filter((p) => p.side === 'back').length;
  return n > 0 ? { backPages: n } : {};
}

interface PrintContext {
  readonly outDir: string;
  readonly manifest: Manifest;
  readonly files: OutputFile[];
  readonly emit: (e: ProgressEvent) => void;
  readonly finish: (job: PrintJob, bytes: Uint8Array) => Promise<Uint8Array>;
  readonly dpi: number;
  readonly warn: (message: string) => void;
  /** Text cut off in a face: a warning, which --strict makes an error. */
  readonly cutOff: (message: string) => void;
  readonly signal: AbortSignal | undefined;
}

async function printAll(launched: Promise<Browser>, jobs: number, prints: readonly PrintJob[], pngs: readonly PngJob[], c: PrintContext): Promise<void> {
  const browser = await launched;
  // A signal closes the browser at once: the prints under way fail, and nothing more is written.
  const stop = () => void browser.close().catch(() => {});
  c.signal?.addEventListener('abort', stop, { once: true });
  try {
    if (c.signal?.aborted) throw new RenderInterrupted(String(c.signal.reason));
    const tabs = await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, prints.length + pngs.length)) }, () => newTab(browser)));
    // The largest documents first, so one long print does not finish last alone.
    const work: ({ kind: 'pdf'; job: PrintJob } | { kind: 'png'; job: PngJob })[] = [
      ...[...prints].sort((a, b) => b.composed.pages.length - a.composed.pages.length).map((job) => ({ kind: 'pdf' as const, job })),
      ...pngs.map((job) => ({ kind: 'png' as const, job })),
    ];
    await runPool(work, tabs, async (item, tab) => {
      const t0 = Date.now();
      try {
        await printOne(item, tab, t0);
      } catch (error) {
        if (error instanceof RenderError || c.signal?.aborted) throw error;
        // The browser gave up on the page (a time-out, a crash): say which output, on one line.
        const file = item.kind === 'pdf' ? item.job.file : `${item.job.dir}/*.png`;
        throw new RenderError(`${file}: the browser could not print it: ${String((error as Error)?.message ?? error).split('\n')[0]}`);
      }
    });
  } finally {
    c.signal?.removeEventListener('abort', stop);
    await browser.close();
  }

  async function printOne(item: { kind: 'pdf'; job: PrintJob } | { kind: 'png'; job: PngJob }, tab: Page, t0: number): Promise<void> {
    if (item.kind === 'pdf') {
      const { job } = item;
      const bytes = await c.finish(
        job,
        await printPdf(tab, forPrinting(job.composed.html, job.composed.pages), (over) => c.cutOff(overflowWarning(job, over))),
      );
      writeAtomic(path.join(c.outDir, job.file), bytes);
      c.manifest.outputs[job.file] = { hash: job.hash, pages: job.composed.pages.length, bytes: bytes.length };
      c.files.push({ file: job.file, kind: 'pdf', pages: job.composed.pages.length, ...backPages(job), status: 'written' });
      c.emit({ type: 'done', file: job.file, pages: job.composed.pages.length, status: 'written', ms: Date.now() - t0 });
    } else {
      const { job } = item;
      const shots = await renderPngs(browser, job.doc, c.dpi);
      for (const shot of shots) {
        const file = `${job.dir}/${shot.name}`;
        writeAtomic(path.join(c.outDir, file), shot.data);
        c.manifest.outputs[file] = { hash: job.hash, pages: 0, bytes: shot.data.length };
        c.files.push({ file, kind: 'png', pages: 0, status: 'written' });
      }
      c.emit({ type: 'done', file: `${job.dir}/*.png`, pages: 0, status: 'written', ms: Date.now() - t0 });
    }
  }
}

/**
 * A card too large for the paper (impose.ts's RangeError): when its size is a printable's own
 * (printables.yaml), the pack's to fix, a RenderError naming it (exit 1); when it is --card's, a
 * RangeError (a usage error) saying where. Any other error is returned as it is.
 */
function tooLarge(error: unknown, where: string, printables: readonly { id: string; size?: Size | undefined }[]): unknown {
  if (!(error instanceof RangeError)) return error;
  const mm = /^a ([\d.]+) mm card/.exec(error.message);
  if (!mm) return error;
  const own = printables.find((p) => p.size && (p.size.width === Number(mm[1]) || p.size.height === Number(mm[1])));
  if (own?.size)
    return new RenderError(
      `${where}: ${error.message}: the printable ${own.id} is ${own.size.width} x ${own.size.height} mm by its \`size\` in printables.yaml. Give it a size that fits the paper with its bleed and margin, or print on larger paper (--paper)${/safe-margin/.test(error.message) ? ' or with a smaller --safe-margin' : ''}.`,
    );
  return new RangeError(`${where}: ${error.message}; choose a smaller --card, or a larger --paper.`);
}

/** A tab to print in: no script runs in it and it fetches nothing (inert.ts). */
function newTab(browser: Browser): Promise<Page> {
  return inertPage(browser);
}

/** One document to PDF bytes, as Chromium prints it (boxes fixed afterwards by pdf.ts). */
export async function printPdf(tab: Page, html: string, onOverflow?: (overflows: readonly Overflow[]) => void): Promise<Uint8Array> {
  // Bounded: a page with no script and no requests loads at once; a huge one gives up with an error.
  await tab.setContent(html, { waitUntil: 'load', timeout: PAGE_TIMEOUT });
  // One round trip: the fonts, then (when asked) the faces whose content runs past their box.
  const found = (await tab.evaluate(`document.fonts.ready.then(() => ${onOverflow ? OVERFLOW_SCRIPT : '[]'})`)) as Overflow[];
  if (onOverflow && found.length > 0) onOverflow(found);
  return tab.pdf({ preferCSSPageSize: true, printBackground: true, tagged: false, outline: false });
}

/** A face whose content runs past its box (and so is cut off in print): page and face numbers (1-based), lengths in mm. */
export interface Overflow {
  readonly page: number;
  readonly face: number;
  /** How far past its box it runs, the worse of the two directions. */
  readonly mm: number;
  /** The face's box, and the room its content needs. */
  readonly width: number;
  readonly height: number;
  readonly needWidth: number;
  readonly needHeight: number;
  /** Set when the face fits its box but text inside it runs past the box holding it: the text's last words. */
  readonly text?: string;
}

/**
 * The warning for faces cut off in print: which printable and face (the worst, and how many
 * others), the room its content needs against the box it has, in mm, and what gives it room: a
 * larger --card for cards sized by it, a larger `size` for a printable with its own, shorter text for a sheet.
 */
export function overflowWarning(job: Pick<PrintJob, 'file' | 'composed' | 'printables'>, over: readonly Overflow[]): string {
  let worst = over.reduce((a, b) => (b.mm > a.mm ? b : a));
  const { printable, label, box } = faceAt(job, worst);
  // The face's box as composed (exact), rather than as measured in whole pixels.
  if (box) worst = { ...worst, width: round(box.width), height: round(box.height) };
  const size = (w: number, h: number) => `${w} x ${h} mm`;
  const wide = worst.needWidth - worst.width;
  const tall = worst.needHeight - worst.height;
  const by = [wide > 0.05 ? `${round(wide)} mm too wide` : '', tall > 0.05 ? `${round(tall)} mm too tall` : ''].filter(Boolean).join(' and ');
  const what = printable ? `the printable ${printable.id} (face: ${label})` : `page ${worst.page}, face ${worst.face}`;
  // Copies of one face overflow alike: faces are counted once each.
  const faceKey = (o: Overflow) => {
    const f = faceAt(job, o);
    return `${f.printable?.id ?? ''} ${f.label || `${o.page}/${o.face}`}`;
  };
  const faces = new Set(over.map(faceKey)).size;
  const others = faces > 1 ? ` (and ${faces - 1} other face${faces === 2 ? '' : 's'})` : '';
  const need = { width: Math.ceil(Math.max(worst.needWidth, worst.width)), height: Math.ceil(Math.max(worst.needHeight, worst.height)) };
  const fix =
    printable?.kind === 'sheet'
      ? `A sheet's box is fixed (${size(worst.width, worst.height)} on the page): shorten or narrow what ${printable.template} shows, or split it over more faces.`
      : printable?.kind === 'card' && printable.size
        ? `Give ${printable.id.replace(`${printable.pack}-`, '')} a larger \`size\` in printables.yaml (at least ${size(need.width, need.height)}), or shorten the text of ${printable.template}.`
        : `Print with --card ${need.width}x${need.height} or larger (or give the printable a \`size\` or \`minSize\` in printables.yaml), or shorten the text${printable ? ` of ${printable.template}` : ''}.`;
  if (worst.text !== undefined) {
    const where = printable ? ` in ${printable.template}` : '';
    return (
      `${job.file}: ${what}${others} has text cut off: "${worst.text}" runs ${worst.mm} mm past the box that holds it, cut off or hidden under what follows. ` +
      `Shorten the text or give its box more room${where}${printable?.kind === 'card' && !printable.size ? ', or print with a larger --card' : ''}.`
    );
  }
  return `${job.file}: ${what}${others} is cut off: its content needs ${size(worst.needWidth, worst.needHeight)} and the face is ${size(worst.width, worst.height)} (${by || `${worst.mm} mm too long`}). ${fix}`;
}

/** The printable and face at an overflow's page and face, as the composed pages record them. */
function faceAt(
  job: Pick<PrintJob, 'composed' | 'printables'>,
  o: Overflow,
): { printable?: Printable; label: string; box?: { width: number; height: number } } {
  const box = job.composed.pages[o.page - 1];
  if (!box) return { label: '' };
  if (box.faces) {
    const index = box.faces[o.face - 1];
    const id = box.printables?.[o.face - 1];
    const printable = id !== undefined ? job.printables.find((p) => p.id === id) : job.printables[0];
    const slot = box.slots?.[o.face - 1];
    if (!printable || index === undefined) return { label: '' };
    return { printable, label: index < 0 ? 'its back' : (printable.faces[index]?.label ?? `face ${index + 1}`), ...(slot ? { box: slot } : {}) };
  }
  // A sheet: one face a page, each face's copies one after another.
  const printable = job.printables[0];
  if (!printable) return { label: '' };
  let page = 0;
  for (const face of printable.faces) {
    page += face.copies;
    if (o.page <= page) return { printable, label: face.label };
  }
  return { printable, label: `page ${o.page}` };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

// Measured in the page (a string: src/ is typed without the DOM library). A face's template root is
// the face element's first child; content taller or wider than it is cut off when printed. Inside
// it, a box whose content does not fit it (by more than 0.5 mm) and text running past it: cut off
// by that box or hidden under what follows (a card's rules under its stats bar), reported with its
// last words.
const OVERFLOW_SCRIPT = `(() => {
  const out = [];
  const pxPerMm = 96 / 25.4;
  const mm = (px) => Math.round((px / pxPerMm) * 10) / 10;
  const tolerance = 0.5 * pxPerMm;
  const styles = new Map();
  const style = (el) => { let s = styles.get(el); if (!s) { s = getComputedStyle(el); styles.set(el, s); } return s; };
  // Where the first box round an element that clips its content (overflow not visible) cuts it on
  // the right: its padding box. The face's root clips when nothing inside it does.
  const clipRight = (from, root) => {
    for (let up = from; up; up = up.parentElement) {
      const s = style(up);
      if (up === root || s.overflowX !== 'visible') return up.getBoundingClientRect().right - parseFloat(s.borderRightWidth);
    }
    return Infinity;
  };
  // A box whose own content does not fit it (its layout overflows, not only a glyph's ink), and the
  // text inside it running furthest past it.
  const hiddenText = (root) => {
    let worst;
    const range = document.createRange();
    for (const el of root.querySelectorAll('*')) {
      // Layout metrics first (inline boxes have none): a style is read only for a box that overflows.
      const tall = el.scrollHeight - el.clientHeight > tolerance;
      const wide = el.scrollWidth - el.clientWidth > tolerance;
      if (!tall && !wide) continue;
      const s = style(el);
      if (s.display === 'inline' || s.display === 'contents' || s.display === 'none') continue;
      const box = el.getBoundingClientRect();
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (!node.data.trim()) continue;
        // Text placed absolutely inside the box is laid out by its containing block, not this box.
        let placed = false;
        for (let up = node.parentElement; up && up !== el; up = up.parentElement) placed ||= style(up).position === 'absolute' || style(up).position === 'fixed';
        if (placed) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width === 0 || r.height === 0) continue;
          // Only the way its content overflows (scrollHeight: down, scrollWidth: right).
          const down = tall ? r.bottom - box.bottom : 0;
          const right = wide ? r.right - box.right : 0;
          // Hidden: more than half a line past the box (a glyph's ascent or descent past a tight line
          // is not), or a word's end past the first box round it that clips (a name cut to "Destroye").
          const clipped = wide ? r.right - clipRight(node.parentElement, root) : 0;
          const by = Math.max(down > r.height / 2 ? down : 0, right > r.width / 2 ? right : 0, clipped > tolerance ? clipped : 0);
          if (by > tolerance && (!worst || by > worst.by)) worst = { by, text: node.data.trim() };
        }
      }
    }
    return worst;
  };
  // A turned face is measured upright (its own down and right), then turned back for printing.
  const turned = [...document.querySelectorAll('.face')].filter((f) => f.style.transform.includes('rotate('));
  const transforms = turned.map((f) => f.style.transform);
  turned.forEach((f) => { f.style.transform = f.style.transform.replace(/\\s*rotate\\([^)]*\\)/, ''); });
  document.querySelectorAll('.pm-page').forEach((page, p) => {
    page.querySelectorAll('.face').forEach((face, f) => {
      // The template's root: its first element that is drawn (a template may open with its own <style>).
      const root = [...face.children].find((c) => !['STYLE', 'SCRIPT', 'TEMPLATE', 'LINK', 'META'].includes(c.tagName));
      if (!root) return;
      const over = Math.max(root.scrollHeight - root.clientHeight, root.scrollWidth - root.clientWidth);
      const base = { page: p + 1, face: f + 1, width: mm(root.clientWidth), height: mm(root.clientHeight), needWidth: mm(root.scrollWidth), needHeight: mm(root.scrollHeight) };
      if (over > 2) { out.push({ ...base, mm: mm(over) }); return; }
      const hidden = hiddenText(root);
      if (hidden) out.push({ ...base, mm: mm(hidden.by), text: hidden.text.split(/\\s+/).slice(-6).join(' ') });
    });
  });
  turned.forEach((f, i) => { f.style.transform = transforms[i]; });
  return out;
})()`;

/**
 * `--only`: the printables asked for by their id in printables.yaml (`spreads`) or output id
 * (`warchon-spreads`), or a set of shared sheets by its id (`units-and-cards`) or output id
 * (`warmaster-units-and-cards`). A printable that shares sheets brings its whole set: the set
 * prints as one document. An id nothing has is a RangeError naming what there is.
 */
export function selectOnly(printables: readonly Printable[], only: readonly string[]): Printable[] {
  const sheetsOf = (p: Printable) => (p.kind === 'card' ? p.sheets : undefined);
  const matches = (p: Printable, id: string) => {
    const sheets = sheetsOf(p);
    return p.id === id || p.id === `${p.pack}-${id}` || (sheets !== undefined && (sheets === id || `${p.pack}-${sheets}` === id));
  };
  const unknown = only.filter((id) => !printables.some((p) => matches(p, id)));
  if (unknown.length) {
    const known = [...new Set(printables.flatMap((p) => [p.id, ...(sheetsOf(p) !== undefined ? [`${p.pack}-${sheetsOf(p)}`] : [])]))].sort();
    throw new RangeError(`no printable ${unknown.map((u) => `"${u}"`).join(', ')}; known: ${known.join(', ')}`);
  }
  const asked = printables.filter((p) => only.some((id) => matches(p, id)));
  const sets = new Set(asked.flatMap((p) => (sheetsOf(p) !== undefined ? [`${p.pack}/${sheetsOf(p)}`] : [])));
  return printables.filter((p) => asked.includes(p) || (sheetsOf(p) !== undefined && sets.has(`${p.pack}/${sheetsOf(p)}`)));
}
