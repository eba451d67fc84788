// Shared by the print pipeline's tests: the browser they print with (a missing one fails them with
// the command that installs it, never skips them), and a PDF read back with libraries from npm
// only: pdf-lib for the page boxes, the metadata and the fonts, pdf.js (pdfjs-dist) for the text,
// and pdf.js inside that same headless Chromium for a page's pixels, looked up in millimetres.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll } from 'vitest';
import { BrowserNotFound, findBrowser, launchBrowser, type FoundBrowser } from '../src/render/browser.js';
import { createTemplates, type Templates } from '../src/render/handlebars.js';
import { repoRoot } from './helpers.js';

export const templates: Templates = createTemplates(path.join(repoRoot, 'templates'));

/** What a test that prints says when there is no browser: how to get one. */
export const NO_BROWSER =
  'These tests print with a headless Chromium, and none was found. Install one with\n' +
  '  npx playmark setup\n' +
  '(on Debian or Ubuntu it runs apt-get install --no-install-recommends chromium-headless-shell), or point PLAYMARK_BROWSER at a Chromium, Chrome or Edge.';

let found: FoundBrowser | null = null;
let notFound = NO_BROWSER;
try {
  found = findBrowser();
} catch (error) {
  // PLAYMARK_BROWSER names a file that is not there: say so, then how to get a browser.
  if (!(error instanceof BrowserNotFound)) throw error;
  notFound = `${error.message}\n${NO_BROWSER}`;
}

/** The browser the tests print with; throws NO_BROWSER when there is none. */
export function requireBrowser(): FoundBrowser {
  if (!found) throw new Error(notFound);
  return found;
}

/**
 * The browser to pass to `render()`. Where none is installed it is a stand-in whose path throws
 * NO_BROWSER as soon as a test prints with it: every test that needs a browser fails, saying how
 * to install one, and no test is skipped; the tests of the same files that need none still run.
 */
export const browser: FoundBrowser =
  found ??
  Object.freeze({
    source: 'none',
    get path(): string {
      throw new Error(notFound);
    },
  });

/** Temporary folders made by tempDir in this test file: removed once its tests have run. */
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new temporary folder, removed after this test file's tests (every one, passed or failed). */
export function tempDir(prefix = 'playmark-render-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** A new temporary folder that stays: for what a failed test leaves to look at (its message names it). */
export function keptTempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A browser for the tests of one describe block: launched before them, closed after. */
export function useChrome(): () => Browser {
  let chrome: Browser | undefined;
  beforeAll(async () => {
    chrome = await launchBrowser(requireBrowser());
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
  });
  return () => chrome!;
}

// --- pdfinfo: pages, page size, boxes and metadata (pdf-lib) ---------------------------------------

export interface PdfInfo {
  readonly pages: number;
  /** Width and height in points as pdfinfo prints them, e.g. `595.28 x 841.89`. */
  readonly pageSize: string;
  /**
   * pdfinfo's fields: `Pages`, `Page size`, `MediaBox`, `CropBox`, `BleedBox`, `TrimBox`, `ArtBox`
   * (each `x0 y0 x1 y1` in points, to 2 decimals; BleedBox, TrimBox and ArtBox default to the
   * CropBox, the CropBox to the MediaBox), `Title`, `Author`, `Subject`, `Keywords`, `Creator`,
   * `Producer`, `CreationDate`, `ModDate` (as ISO dates) where the PDF has them.
   */
  readonly fields: Record<string, string>;
}

async function loadPdf(file: string): Promise<PDFDocument> {
  return PDFDocument.load(await readFile(file), { updateMetadata: false, ignoreEncryption: true });
}

/** The page count, and page `page`'s (default: the first's) size and boxes, as `pdfinfo -box` gives them. */
export async function pdfinfo(file: string, page = 1): Promise<PdfInfo> {
  const doc = await loadPdf(file);
  const pages = doc.getPageCount();
  if (page < 1 || page > pages) throw new Error(`${file} has ${pages} pages, not a page ${page}`);
  const node = doc.getPage(page - 1).node;
  const rect = (a: PDFArray | undefined): number[] | undefined => {
    if (!a) return undefined;
    const [x0, y0, x1, y1] = a.asArray().map((o) => (doc.context.lookup(o) as PDFNumber).asNumber()) as [number, number, number, number];
    return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
  };
  const media = rect(node.MediaBox())!;
  const crop = rect(node.CropBox()) ?? media;
  const boxes = {
    MediaBox: media,
    CropBox: crop,
    BleedBox: rect(node.BleedBox()) ?? crop,
    TrimBox: rect(node.TrimBox()) ?? crop,
    ArtBox: rect(node.ArtBox()) ?? crop,
  };
  // pdfinfo prints the size with %g (6 significant digits) and boxes with %.2f.
  const g = (n: number) => String(Number(n.toPrecision(6)));
  const rotate = ((doc.getPage(page - 1).getRotation().angle % 180) + 180) % 180 === 90;
  const [w, h] = [media[2]! - media[0]!, media[3]! - media[1]!];
  const pageSize = rotate ? `${g(h)} x ${g(w)}` : `${g(w)} x ${g(h)}`;
  const fields: Record<string, string> = { Pages: String(pages), 'Page size': `${pageSize} pts` };
  for (const [name, r] of Object.entries(boxes)) fields[name] = r.map((n) => n.toFixed(2)).join(' ');
  const meta: Record<string, string | Date | undefined> = {
    Title: doc.getTitle(),
    Author: doc.getAuthor(),
    Subject: doc.getSubject(),
    Keywords: doc.getKeywords(),
    Creator: doc.getCreator(),
    Producer: doc.getProducer(),
    CreationDate: doc.getCreationDate(),
    ModDate: doc.getModificationDate(),
  };
  for (const [name, v] of Object.entries(meta)) if (v !== undefined) fields[name] = v instanceof Date ? v.toISOString() : v;
  return { pages, pageSize, fields };
}

/** A box from pdfinfo's fields (e.g. `TrimBox`), as [x0, y0, x1, y1] in points. */
export function box(info: PdfInfo, name: string): number[] {
  return (info.fields[name] ?? '').split(/\s+/).filter(Boolean).map(Number);
}

// --- pdffonts: every font the pages use (pdf-lib) -------------------------------------------------

export interface PdfFont {
  /** The BaseFont, e.g. `ABCDEF+IBMPlexSans-Regular`; `[none]` for a Type 3 font without one. */
  readonly name: string;
  /** As pdffonts names it: `Type 1`, `Type 1C`, `Type 3`, `TrueType`, `CID Type 0`, `CID Type 0C`, `CID TrueType`. */
  readonly type: string;
  /** `yes` when the font program is in the file (a Type 3 font's glyphs always are), else `no`. */
  readonly emb: 'yes' | 'no';
  /** `yes` when the name carries a subset tag (`ABCDEF+`). */
  readonly sub: 'yes' | 'no';
  /** `yes` when the font has a ToUnicode map. */
  readonly uni: 'yes' | 'no';
}

/** Every font used by a page, a form XObject, a pattern or a Type 3 glyph on any page, once each, as pdffonts lists them. */
export async function pdffonts(file: string): Promise<PdfFont[]> {
  const doc = await loadPdf(file);
  const ctx = doc.context;
  const dict = (o: PDFObject | undefined): PDFDict | undefined => {
    const v = o === undefined ? undefined : ctx.lookup(o);
    if (v instanceof PDFDict) return v;
    if (v instanceof PDFStream) return v.dict;
    return undefined;
  };
  const name = (d: PDFDict, key: string): string | undefined => {
    const v = ctx.lookup(d.get(PDFName.of(key)));
    return v instanceof PDFName ? v.decodeText() : undefined;
  };
  const fonts: PdfFont[] = [];
  const seenFonts = new Set<PDFObject>();
  const seenResources = new Set<PDFDict>();
  const describe = (font: PDFDict): PdfFont => {
    const subtype = name(font, 'Subtype');
    const base = name(font, 'BaseFont');
    const uni = font.get(PDFName.of('ToUnicode')) ? 'yes' : 'no';
    let descriptor = dict(font.get(PDFName.of('FontDescriptor')));
    let type: string;
    if (subtype === 'Type0') {
      const descendants = ctx.lookup(font.get(PDFName.of('DescendantFonts')));
      const cid = descendants instanceof PDFArray ? dict(descendants.get(0)) : undefined;
      descriptor = cid ? dict(cid.get(PDFName.of('FontDescriptor'))) : undefined;
      const file3 = descriptor ? dict(descriptor.get(PDFName.of('FontFile3'))) : undefined;
      const file3Type = file3 ? name(file3, 'Subtype') : undefined;
      type =
        cid && name(cid, 'Subtype') === 'CIDFontType2'
          ? 'CID TrueType'
          : file3Type === 'CIDFontType0C'
            ? 'CID Type 0C'
            : file3Type === 'OpenType'
              ? 'CID OpenType'
              : 'CID Type 0';
    } else if (subtype === 'Type1' || subtype === 'MMType1') {
      const file3 = descriptor ? dict(descriptor.get(PDFName.of('FontFile3'))) : undefined;
      type = file3 ? (name(file3, 'Subtype') === 'OpenType' ? 'OpenType' : 'Type 1C') : 'Type 1';
    } else if (subtype === 'Type3') {
      type = 'Type 3';
    } else {
      type = subtype ?? '?';
    }
    const embedded =
      type === 'Type 3' || (descriptor !== undefined && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor!.get(PDFName.of(k)) !== undefined));
    const fontName = base ?? '[none]';
    return { name: fontName, type, emb: embedded ? 'yes' : 'no', sub: /^[A-Z]{6}\+/.test(fontName) ? 'yes' : 'no', uni };
  };
  const walk = (resources: PDFDict | undefined): void => {
    if (!resources || seenResources.has(resources)) return;
    seenResources.add(resources);
    const fontDict = dict(resources.get(PDFName.of('Font')));
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = dict(ref);
      const key = ref instanceof PDFRef ? ref : font;
      if (!font || !key || seenFonts.has(key)) continue;
      seenFonts.add(key);
      fonts.push(describe(font));
      if (name(font, 'Subtype') === 'Type3') walk(dict(font.get(PDFName.of('Resources'))));
    }
    for (const group of ['XObject', 'Pattern']) {
      for (const [, ref] of dict(resources.get(PDFName.of(group)))?.entries() ?? []) walk(dict(dict(ref)?.get(PDFName.of('Resources'))));
    }
  };
  for (const page of doc.getPages()) {
    walk(page.node.Resources());
    const annots = ctx.lookup(page.node.get(PDFName.of('Annots')));
    if (annots instanceof PDFArray) {
      for (const a of annots.asArray()) {
        const ap = dict(dict(a)?.get(PDFName.of('AP')));
        for (const [, stream] of ap?.entries() ?? []) walk(dict(dict(stream)?.get(PDFName.of('Resources'))));
      }
    }
  }
  return fonts;
}

// --- pdftotext: the text of each page, laid out in lines (pdf.js in Node) -------------------------

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** `m` then `n`: a point p maps to n(m(p)). */
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** One glyph as drawn: its text, where its baseline starts and ends on the page (points, y up), its size. */
interface Glyph {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly size: number;
}

interface TextState {
  ctm: Matrix;
  textMatrix: Matrix;
  lineX: number;
  lineY: number;
  x: number;
  y: number;
  font: string;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
  leading: number;
}

/**
 * Every glyph a page draws, from pdf.js's operator list: the text state of the PDF specification
 * (9.4) followed through save/restore, transforms and form XObjects. pdf.js's own text content
 * merges glyphs into runs and adds spaces of its own; poppler-like lines need each glyph's place.
 */
async function glyphsOf(page: import('pdfjs-dist/types/src/display/api.js').PDFPageProxy, OPS: PdfJs['OPS']): Promise<Glyph[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const glyphs: Glyph[] = [];
  let s: TextState = {
    ctm: IDENTITY,
    textMatrix: IDENTITY,
    lineX: 0,
    lineY: 0,
    x: 0,
    y: 0,
    font: '',
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    rise: 0,
    leading: 0,
  };
  const stack: TextState[] = [];
  const fontMatrix = new Map<string, Matrix>();
  const matrixOf = (font: string): Matrix => {
    let m = fontMatrix.get(font);
    if (!m) {
      const obj = page.commonObjs.has(font) ? (page.commonObjs.get(font) as { fontMatrix?: Matrix }) : undefined;
      m = obj?.fontMatrix ? ([...obj.fontMatrix] as Matrix) : [0.001, 0, 0, 0.001, 0, 0];
      fontMatrix.set(font, m);
    }
    return m;
  };
  const moveText = (tx: number, ty: number) => {
    s.x = s.lineX += tx;
    s.y = s.lineY += ty;
  };
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ...s });
        break;
      case OPS.restore:
        s = stack.pop() ?? s;
        break;
      case OPS.transform:
        s.ctm = times(args as Matrix, s.ctm);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...s });
        if (args[0]) s.ctm = times(Array.from(args[0] as ArrayLike<number>) as Matrix, s.ctm);
        break;
      case OPS.paintFormXObjectEnd:
        s = stack.pop() ?? s;
        break;
      case OPS.beginText:
        s.textMatrix = IDENTITY;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.setTextMatrix:
        s.textMatrix = Array.from(args[0] as ArrayLike<number>) as Matrix;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.moveText:
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.setLeadingMoveText:
        s.leading = -(args[1] as number);
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.nextLine:
        moveText(0, -s.leading);
        break;
      case OPS.setLeading:
        s.leading = args[0] as number;
        break;
      case OPS.setCharSpacing:
        s.charSpacing = args[0] as number;
        break;
      case OPS.setWordSpacing:
        s.wordSpacing = args[0] as number;
        break;
      case OPS.setHScale:
        s.hScale = (args[0] as number) / 100;
        break;
      case OPS.setTextRise:
        s.rise = args[0] as number;
        break;
      case OPS.setFont:
        s.font = args[0] as string;
        s.fontSize = args[1] as number;
        break;
      case OPS.showText: {
        const m = times(s.textMatrix, s.ctm);
        const size = Math.hypot(m[2], m[3]) * Math.abs(s.fontSize);
        const scale = matrixOf(s.font)[0] * s.fontSize;
        for (const g of args[0] as (number | { unicode: string; width: number; isSpace: boolean })[]) {
          if (typeof g === 'number') {
            s.x -= (g / 1000) * s.fontSize * s.hScale;
            continue;
          }
          const advance = (g.width * scale + s.charSpacing + (g.isSpace ? s.wordSpacing : 0)) * s.hScale;
          const [x0, y0] = apply(m, s.x, s.y + s.rise);
          const [x1, y1] = apply(m, s.x + g.width * scale * s.hScale, s.y + s.rise);
          if (g.unicode) glyphs.push({ text: g.unicode, x0, y0, x1, y1, size });
          s.x += advance;
        }
        break;
      }
    }
  });
  return glyphs;
}

interface Placed {
  /** Position along the text's direction and across it (up is more), in points. */
  readonly along: number;
  readonly end: number;
  readonly across: number;
  readonly size: number;
  readonly text: string;
}

/**
 * A page's glyphs as lines of text, like `pdftotext -layout`. Glyphs on one baseline (within half
 * the font size: a superscript mark stays on its line) make a line, read along it; lines top to
 * bottom; rotated text after the upright text, in its own reading direction. Within a line a gap
 * is a space when a space glyph is there or when it is clearly wider than the gaps between the
 * letters around it (so letter-spaced capitals read as one word, as poppler reads them), and
 * columns far apart get a space for every half em.
 */
function layout(glyphs: readonly Glyph[]): string {
  const byAngle = new Map<number, Placed[]>();
  for (const g of glyphs) {
    const angle = (((Math.round(Math.atan2(g.y1 - g.y0, g.x1 - g.x0) / (Math.PI / 2)) * 90) % 360) + 360) % 360;
    const [cos, sin] = [Math.round(Math.cos((angle * Math.PI) / 180)), Math.round(Math.sin((angle * Math.PI) / 180))];
    const along = g.x0 * cos + g.y0 * sin;
    const placed = { along, end: g.x1 * cos + g.y1 * sin, across: -g.x0 * sin + g.y0 * cos, size: g.size || 1, text: g.text };
    const list = byAngle.get(angle) ?? [];
    list.push(placed);
    byAngle.set(angle, list);
  }
  const out: string[] = [];
  for (const angle of [...byAngle.keys()].sort((p, q) => p - q)) {
    const all = byAngle.get(angle)!.sort((p, q) => q.across - p.across || p.along - q.along);
    const lines: { across: number; size: number; glyphs: Placed[] }[] = [];
    for (const g of all) {
      const line = lines[lines.length - 1];
      if (line && Math.abs(line.across - g.across) < 0.5 * Math.max(line.size, g.size)) {
        line.glyphs.push(g);
        if (g.size > line.size) Object.assign(line, { across: g.across, size: g.size });
      } else {
        lines.push({ across: g.across, size: g.size, glyphs: [g] });
      }
    }
    const left = Math.min(...all.map((g) => g.along));
    for (const line of lines) {
      const em = line.size / 2;
      const ink = line.glyphs.sort((p, q) => p.along - q.along).filter((g) => g.text.trim());
      if (!ink.length) continue;
      // The gap before each glyph, and whether a space glyph lies in it.
      const gaps = ink.map((g, k) => (k === 0 ? 0 : g.along - ink[k - 1]!.end));
      const spaced = ink.map((g, k) => k > 0 && line.glyphs.some((sp) => !sp.text.trim() && sp.along >= ink[k - 1]!.along && sp.along < g.along));
      let text = ' '.repeat(Math.max(0, Math.round((ink[0]!.along - left) / em)));
      for (let k = 0; k < ink.length; k++) {
        const g = ink[k]!;
        if (k > 0) {
          const gap = gaps[k]!;
          // The letter spacing here: the narrower of the gaps on either side within a word
          // (no space glyph, under 0.4 em). Letter-spaced capitals stay one word.
          const letterGap = (j: number) => (j >= 1 && j < ink.length && !spaced[j] && gaps[j]! < 0.4 * ink[j]!.size ? Math.max(0, gaps[j]!) : undefined);
          const neighbours = [letterGap(k - 1), letterGap(k + 1)].filter((v): v is number => v !== undefined);
          const tracking = neighbours.length ? Math.min(...neighbours) : 0;
          if (spaced[k] || gap > tracking + 0.15 * g.size) text += ' '.repeat(Math.max(1, Math.round(gap / em)));
        }
        text += g.text;
      }
      out.push(text.trimEnd());
    }
  }
  return out.map((l) => `${l}\n`).join('');
}

/** The text of every page (or of page `page`), each page ending with a form feed, as `pdftotext -layout` writes it. */
export async function pdftotext(file: string, page?: number): Promise<string> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument, OPS } = await pdfjs;
  const doc = await getDocument({
    data: new Uint8Array(await readFile(file)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    cMapUrl: `${pdfjsDir}/cmaps/`,
  }).promise;
  try {
    const numbers = page === undefined ? Array.from({ length: doc.numPages }, (_, i) => i + 1) : [page];
    let text = '';
    for (const n of numbers) text += `${layout(await glyphsOf(await doc.getPage(n), OPS))}\f`;
    return text;
  } finally {
    await doc.destroy();
  }
}

// --- pdftoppm: a page's pixels (pdf.js in the headless Chromium the tests print with) --------------

/** One page of a PDF as pixels, at `dpi`; look-ups in millimetres from the top-left corner. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly dpi: number;
  /** The [r, g, b] at (x, y) mm. */
  at(xMm: number, yMm: number): [number, number, number];
}

// pdf.js is served to the page from node_modules, and each PDF from its file, under an origin that
// exists only in the route below. The worker runs on the page's own thread (pdfjsWorker).
const ORIGIN = 'http://pdfjs.playmark.test';
const VIEWER = `<!doctype html><meta charset="utf-8"><body><script type="module">
import * as pdfjs from '/pdfjs/build/pdf.mjs';
import * as worker from '/pdfjs/build/pdf.worker.mjs';
globalThis.pdfjsWorker = worker;
const dirs = { cMapUrl: '/pdfjs/cmaps/', standardFontDataUrl: '/pdfjs/standard_fonts/', wasmUrl: '/pdfjs/wasm/', iccUrl: '/pdfjs/iccs/' };
const draw = async (doc, number, dpi) => {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport, background: '#ffffff' }).promise;
  return canvas.toDataURL('image/png');
};
// One page, or every page (number null) from one load of the file.
window.rasterPages = async (url, number, dpi) => {
  const doc = await pdfjs.getDocument({ url, ...dirs, isEvalSupported: false }).promise;
  try {
    const numbers = number === null ? Array.from({ length: doc.numPages }, (_, i) => i + 1) : [number];
    const out = [];
    for (const n of numbers) out.push(await draw(doc, n, dpi));
    return out;
  } finally {
    await doc.destroy();
  }
};
window.rasterReady = true;
</script>`;
const TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.pdf': 'application/pdf' };

let viewer: Promise<{ chrome: Browser; page: Page; files: Map<string, string> }> | undefined;
let rasterCount = 0;

async function openViewer(): Promise<{ chrome: Browser; page: Page; files: Map<string, string> }> {
  const chrome = await launchBrowser(requireBrowser());
  const files = new Map<string, string>();
  const page = await chrome.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: VIEWER });
    let file = files.get(pathname);
    if (pathname.startsWith('/pdfjs/')) {
      const inside = path.join(pdfjsDir, decodeURIComponent(pathname.slice('/pdfjs/'.length)));
      if (inside.startsWith(pdfjsDir + path.sep)) file = inside;
    }
    if (!file) return route.fulfill({ status: 404, body: '' });
    try {
      return await route.fulfill({ contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction('window.rasterReady === true', undefined, { timeout: 30_000 });
  return { chrome, page, files };
}

afterAll(async () => {
  const open = viewer;
  viewer = undefined;
  if (open) await (await open).chrome.close();
});

/** Page `page` of a PDF drawn at `dpi` (the pixels `pdftoppm -r dpi` would give), by pdf.js in the headless Chromium. */
export async function raster(file: string, page: number, dpi = 254): Promise<Raster> {
  return (await drawn(file, page, dpi))[0]!;
}

/** Every page of a PDF drawn at `dpi`, in order, from one load of the file (as `raster` draws each). */
export async function rasterAll(file: string, dpi = 254): Promise<Raster[]> {
  return drawn(file, null, dpi);
}

async function drawn(file: string, page: number | null, dpi: number): Promise<Raster[]> {
  viewer ??= openViewer();
  const { page: tab, files } = await viewer;
  const url = `/pdf/${++rasterCount}.pdf`;
  files.set(url, path.resolve(file));
  const dataUrls = (await tab.evaluate(
    ([u, n, d]) => (window as unknown as { rasterPages(u: string, n: number | null, d: number): Promise<string[]> }).rasterPages(u, n, d),
    [url, page, dpi] as const,
  )) as string[];
  files.delete(url);
  return dataUrls.map((dataUrl) => pixels(dataUrl, dpi));
}

/** A PNG data URL's pixels, looked up in millimetres at `dpi`. */
function pixels(dataUrl: string, dpi: number): Raster {
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  const { width, height, data } = png;
  const px = dpi / 25.4;
  return {
    width,
    height,
    dpi,
    at(xMm, yMm) {
      const x = Math.min(width - 1, Math.max(0, Math.floor(xMm * px)));
      const y = Math.min(height - 1, Math.max(0, Math.floor(yMm * px)));
      const i = (y * width + x) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

export const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 80 && b! < 80;
export const isGreen = ([r, g, b]: number[]) => g! > 120 && r! < 80 && b! < 80;
export const isDark = ([r, g, b]: number[]) => r! + g! + b! < 200;
export const isWhite = ([r, g, b]: number[]) => r! > 245 && g! > 245 && b! > 245;
/** The fixture card's front colour (#cfe3ff) and back colour (#ffe9c7). */
export const isFrontBlue = ([r, g, b]: number[]) => Math.abs(r! - 0xcf) < 20 && Math.abs(g! - 0xe3) < 20 && b! > 235;
export const isBackCream = ([r, g, b]: number[]) => r! > 235 && Math.abs(g! - 0xe9) < 20 && Math.abs(b! - 0xc7) < 20;
