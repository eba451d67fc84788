// Printables -> print documents: one HTML document per printable, one <section> per PDF page,
// every face placed by impose.ts, crop marks from crop-marks.ts. Positions use CSS transforms in
// millimetres (Chromium prints transforms exactly; `left`/`top` would be snapped to whole pixels).
import { CROP_MARK, cropMarks, type Line } from './crop-marks.js';
import { combinedDress, documentCss, pageDress, renderFace } from './document.js';
import { fontFaceCss, symbolFontCss, usesSymbols } from './fonts.js';
import type { Templates } from './handlebars.js';
import {
  cardSize,
  fitGrid,
  fitGutterFold,
  fmt,
  gridOptions,
  mirrorForDuplex,
  mirrorForFold,
  slot,
  spreadGrid,
  SPREAD_GAP,
  type Grid,
  type Placement,
  type Rect,
} from './impose.js';
import type { CardPrintable, Face, Printable, SheetPrintable, Size } from './printable.js';
import { RenderError, TemplateError } from './render-error.js';

// The print options and page boxes live in print-options.ts (document.ts reads them too); re-exported here.
export { DEFAULT_PRINT, PAPER, SHEET_FACE, type Layout, type PageBox, type Paper, type PrintOptions } from './print-options.js';
import { PAPER, SHEET_FACE, type PageBox, type PrintOptions } from './print-options.js';

export interface Composed {
  readonly html: string;
  readonly pages: readonly PageBox[];
  readonly warnings: readonly string[];
}

/** A document's pages as HTML, before the shell (layouts/document.hbs) is put round them. */
export interface PageHtml {
  readonly box: PageBox;
  readonly html: string;
}

/** A face's HTML; a template error names the printable and the face. */
export function faceHtml(templates: Templates, printable: Printable, face: Face): string {
  try {
    return renderFace(templates, printable, face);
  } catch (error) {
    if (error instanceof TemplateError) throw error.during(`printable ${printable.id}, ${face.label}`);
    // A helper's refusal (cellMark given a step it cannot use) is the template's, not playmark's: exit 1.
    if (error instanceof RenderError) throw new RenderError(`${printable.template} (printable ${printable.id}, ${face.label}): ${error.message}`);
    throw new Error(`${printable.id} (${face.label}, ${printable.template}): ${(error as Error).message}`);
  }
}

export function composePrintable(templates: Templates, printable: Printable, o: PrintOptions): Composed {
  const { pages, warnings } = printable.kind === 'sheet' ? sheetPages(templates, printable, o) : cardPages(templates, printable, o);
  const boxes = pages.map((p) => p.box);
  return { html: documentShell(templates, printable.pack, printable.title, pages, o.inkSaver, pageDress(printable, o, boxes).css), pages: boxes, warnings };
}

/** The HTML document round some pages: fonts, print.css, the pack's CSS, page size. */
/** `dress`: CSS the layout adds for this document (document.ts's pageDress: the pack's palette, the page footer). */
export function documentShell(templates: Templates, pack: string, title: string, pages: readonly PageHtml[], inkSaver: boolean, dress = ''): string {
  const first = pages[0]?.box.size ?? PAPER.a4;
  const body = pages.map((p) => p.html).join('\n');
  const base = documentCss(templates, pack);
  // The bundled fonts' data (most of the CSS) holds no symbol: only the rest is read for one.
  const css = base + (usesSymbols(body) || usesSymbols(base.replace(fontFaceCss(), '')) ? `\n${symbolFontCss()}` : '');
  return templates.render('layouts/document.hbs', {
    title,
    inkSaver,
    css,
    pageWidth: mm(first.width),
    pageHeight: mm(first.height),
    pages: body,
    dress,
  });
}

/**
 * The document as Chromium prints it. Chromium rounds a page's size (an A4 page comes out 594.96 x
 * 841.92 pt): it prints on pages 1 mm larger than asked, and pdf.ts crops every page to its exact
 * size from the top-left corner. (The HTML written for people keeps the exact size.)
 */
export function forPrinting(html: string, pages: readonly PageBox[]): string {
  // Pages of several sizes (printables sharing a document, one card a page): each is cut to its own size afterwards (pdf.ts).
  const size = pages.length === 0 ? PAPER.a4 : { width: Math.max(...pages.map((p) => p.size.width)), height: Math.max(...pages.map((p) => p.size.height)) };
  return html.replace('</head>', `<style>@page { size: ${mm(size.width + 1)} ${mm(size.height + 1)}; margin: 0; }</style>\n</head>`);
}

function sheetPages(templates: Templates, p: SheetPrintable, o: PrintOptions): { pages: PageHtml[]; warnings: string[] } {
  const paper = oriented(PAPER[o.paper], p.orientation);
  const box = oriented(SHEET_FACE, p.orientation);
  const x = (paper.width - box.width) / 2;
  const y = (paper.height - box.height) / 2;
  const warnings: string[] = [];
  if (Math.min(x, y) < o.safeMargin - 1e-9)
    warnings.push(
      `${p.id}: its ${fmt(box.width)} x ${fmt(box.height)} mm face comes ${fmt(Math.min(x, y))} mm from the edge of ${o.paper} paper, inside the ${fmt(o.safeMargin)} mm printer-safe margin (--safe-margin)`,
    );
  const pages: PageHtml[] = [];
  for (const face of p.faces) {
    const html = faceHtml(templates, p, face);
    for (let c = 0; c < face.copies; c++) {
      pages.push({
        box: { size: paper, side: 'sheet' },
        html: page(
          paper,
          `<div class="face face-sheet" style="width:${mm(box.width)};height:${mm(box.height)};transform:translate(${mm(x)},${mm(y)})">${html}</div>`,
        ),
      });
    }
  }
  return { pages, warnings };
}

function cardPages(templates: Templates, p: CardPrintable, o: PrintOptions): { pages: PageHtml[]; warnings: string[] } {
  const { size: card, warning: sizeWarning } = cardSize(p, o.card);
  const faces = p.faces;
  const frontHtml = new Map<number, string>();
  const front = (i: number) => {
    let html = frontHtml.get(i);
    if (html === undefined) {
      html = faceHtml(templates, p, faces[i]!);
      frontHtml.set(i, html);
    }
    return html;
  };
  let backHtml: string | undefined;
  const back = () => (backHtml ??= renderBack(templates, p));
  const items = faces.flatMap((f, i) => Array.from({ length: f.copies }, () => i));
  const pages: PageHtml[] = [];
  const warnings: string[] = sizeWarning ? [sizeWarning] : [];
  const bleed = o.bleed;
  const full = { top: bleed, right: bleed, bottom: bleed, left: bleed };

  if (o.layout === 'pod') {
    // One card a page, the page its bleed box: what print-on-demand services ask for.
    const size = { width: card.width + 2 * bleed, height: card.height + 2 * bleed };
    const trim = { x: bleed, y: bleed, width: card.width, height: card.height };
    const bleedBox = { x: 0, y: 0, ...size };
    const at: Placement = { trim, bleed: full, rotate: 0 };
    for (const i of items) {
      pages.push({ box: { size, trim, bleed: bleedBox, side: 'front', faces: [i], slots: [trim] }, html: page(size, placed(at, front(i), bleed, 'front')) });
      if (p.back)
        pages.push({ box: { size, trim, bleed: bleedBox, side: 'back', faces: [-1], slots: [trim] }, html: page(size, placed(at, back(), bleed, 'back')) });
    }
    return { pages, warnings };
  }

  const grid = gridOptions(o, card, PAPER[o.paper]);
  const what = p.size ? `${p.title} card` : 'card';
  if (o.gutterFold && p.back) {
    const { layout, warnings: w } = fitGutterFold(grid);
    warnings.push(...w.map((s) => `${p.id}: ${s}`));
    const half: Rect =
      layout.fold === 'vertical'
        ? { x: 0, y: 0, width: layout.paper.width / 2 - CROP_MARK.offset, height: layout.paper.height }
        : { x: 0, y: 0, width: layout.paper.width, height: layout.paper.height / 2 - CROP_MARK.offset };
    const marks = cropMarks(layout.grid, o.cropMarks, half);
    // The fold line stops at the printer-safe margin, as everything does.
    const safe = o.safeMargin;
    const fold: Line =
      layout.fold === 'vertical'
        ? { x1: layout.paper.width / 2, y1: safe, x2: layout.paper.width / 2, y2: layout.paper.height - safe }
        : { x1: safe, y1: layout.paper.height / 2, x2: layout.paper.width - safe, y2: layout.paper.height / 2 };
    for (let start = 0; start < items.length; start += layout.perPage) {
      const chunk = items.slice(start, start + layout.perPage);
      let body = '';
      const fronts: Rect[] = [];
      const backs: Rect[] = [];
      chunk.forEach((i, k) => {
        const at = slot(layout.grid, k);
        const mirrored = mirrorForFold(at, layout);
        body += placed(at, front(i), bleed, 'front');
        body += placed(mirrored, back(), bleed, 'back');
        fronts.push(at.trim);
        backs.push(mirrored.trim);
      });
      body += svgLines(layout.paper, marks, fold);
      pages.push({
        box: { size: layout.paper, side: 'front', faces: [...chunk, ...chunk.map(() => -1)], slots: [...fronts, ...backs] },
        html: page(layout.paper, body),
      });
    }
    return { pages, warnings };
  }

  const fit = fitGrid(grid, what);
  warnings.push(...fit.warnings.map((s) => `${p.id}: ${s}`));
  const paper = PAPER[o.paper];
  const duplex = o.duplex !== 'none' && p.back ? o.duplex : undefined;
  for (let start = 0; start < items.length; start += fit.grid.perPage) {
    const chunk = items.slice(start, start + fit.grid.perPage);
    // A page that is not full: its pieces spread over the page (impose.ts spreadGrid), each with
    // its whole bleed, and the crop marks follow the pieces there are, not the empty slots.
    const grid = spreadGrid(fit.grid, chunk.length, bleed, o.margin);
    const at = chunk.map((_, k) => slot(grid, k));
    const body = chunk.map((i, k) => placed(at[k]!, front(i), bleed, 'front')).join('') + svgLines(paper, pieceMarks(grid, chunk.length, o.cropMarks));
    pages.push({ box: { size: paper, side: 'front', faces: chunk, slots: at.map((a) => a.trim) }, html: page(paper, body) });
    if (duplex) {
      const mirrored = at.map((a) => mirrorForDuplex(a, paper, duplex, o.backOffset));
      const backs = mirrored.map((m) => placed(m, back(), bleed, 'back')).join('');
      pages.push({ box: { size: paper, side: 'back', faces: chunk.map(() => -1), slots: mirrored.map((m) => m.trim) }, html: page(paper, backs) });
    }
  }
  return { pages, warnings };
}

/**
 * The crop marks of the `n` pieces of a grid filled row by row: a last row with fewer pieces is
 * marked as a grid of its own, so no mark points at an empty slot.
 */
export function pieceMarks(grid: Grid, n: number, style: PrintOptions['cropMarks']): Line[] {
  const cols = grid.cols.count;
  const rest = n % cols;
  if (rest === 0 || n < cols) return cropMarks(usedGrid(grid, n), style);
  const full = Math.floor(n / cols);
  const top: Grid = { ...grid, rows: { ...grid.rows, count: full } };
  const last: Grid = { ...grid, rows: { ...grid.rows, count: 1, start: grid.rows.start + full * grid.rows.step }, cols: { ...grid.cols, count: rest } };
  return [...cropMarks(top, style), ...cropMarks(last, style)];
}

/** The grid of a page holding `n` cards, filled row by row: the rows (and, for one row, the columns) in use. */
export function usedGrid(grid: Grid, n: number): Grid {
  const rows = Math.max(1, Math.ceil(n / grid.cols.count));
  const cols = rows === 1 ? Math.max(1, Math.min(n, grid.cols.count)) : grid.cols.count;
  return { ...grid, rows: { ...grid.rows, count: rows }, cols: { ...grid.cols, count: cols } };
}

function renderBack(templates: Templates, p: CardPrintable): string {
  const face: Face = { context: p.back!.context, marks: {}, footnotes: [], copies: 1, label: `${p.id} back` };
  return faceHtml(templates, { ...p, template: p.back!.template }, face);
}

/**
 * A face at its place: a clip box as large as the bleed it may show, holding the face element. The
 * face element is the trim plus a transparent border as wide as the bleed, so its background (the
 * card's colour) reaches into the bleed while its content box, and the containing block of
 * anything positioned inside it, stays the trim. A turned face is turned whole about the trim's
 * centre (art, text and bleed); a quarter-turned one lies in a trim as wide as the card is tall.
 */
export function placed(at: Placement, html: string, bleed: number, side: 'front' | 'back'): string {
  const { trim, bleed: show } = at;
  const border = Math.ceil(pxOf(bleed)); // whole pixels: Chromium rounds border widths down
  const clip: Rect = { x: trim.x - show.left, y: trim.y - show.top, width: trim.width + show.left + show.right, height: trim.height + show.top + show.bottom };
  const quarter = at.rotate === 90 || at.rotate === 270;
  const card = quarter ? { width: trim.height, height: trim.width } : { width: trim.width, height: trim.height };
  // The face's centre on the trim's centre, then turned about it (transform-origin: the face's centre).
  const left = show.left + (trim.width - card.width) / 2;
  const top = show.top + (trim.height - card.height) / 2;
  const turn = at.rotate === 0 ? '' : ` rotate(${at.rotate}deg)`;
  const face =
    `<div class="face face-card face-${side}" style="width:calc(${mm(card.width)} + ${2 * border}px);height:calc(${mm(card.height)} + ${2 * border}px);` +
    `border:${border}px solid transparent;transform:translate(calc(${mm(left)} - ${border}px),calc(${mm(top)} - ${border}px))${turn}">${html}</div>`;
  return `<div class="pm-slot" style="width:${mm(clip.width)};height:${mm(clip.height)};transform:translate(${mm(clip.x)},${mm(clip.y)})">${face}</div>`;
}

/** One page: a section of the page's exact size. */
export function page(size: Size, body: string): string {
  return `<section class="pm-page" style="width:${mm(size.width)};height:${mm(size.height)}">${body}</section>`;
}

/** Crop marks (black) and a fold line (grey, dashed) drawn in one SVG over the page, in mm. */
export function svgLines(size: Size, marks: readonly Line[], fold?: Line): string {
  if (marks.length === 0 && !fold) return '';
  const d = (lines: readonly Line[]) => lines.map((l) => `M${num(l.x1)} ${num(l.y1)}L${num(l.x2)} ${num(l.y2)}`).join('');
  const foldPath = fold
    ? `<path class="pm-fold" d="${d([fold])}" stroke="#8a8a8a" stroke-width="${CROP_MARK.width}" stroke-dasharray="2 1.5" fill="none"/>`
    : '';
  const markPath = marks.length ? `<path class="pm-crop" d="${d(marks)}" stroke="#000" stroke-width="${CROP_MARK.width}" fill="none"/>` : '';
  return `<svg class="pm-lines" width="${mm(size.width)}" height="${mm(size.height)}" viewBox="0 0 ${num(size.width)} ${num(size.height)}">${foldPath}${markPath}</svg>`;
}

function oriented(size: Size, orientation: 'portrait' | 'landscape'): Size {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  return orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** A length in millimetres for CSS. */
export function mm(n: number): string {
  return `${num(n)}mm`;
}

export function num(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

function pxOf(mmValue: number): number {
  return (mmValue * 96) / 25.4;
}

// --- render --combine: the cards and counters of several printables of one pack on shared sheets ---

export { combinedId } from './documents.js';

/** Room between two bands of a combined sheet, from one band's bleed to the next: a crop mark each side. */
const BAND_MARKS = CROP_MARK.offset + CROP_MARK.length;

export interface Band {
  readonly grid: Grid;
  /** Items placed in this band, in slot order: [printable index, face index]. */
  readonly items: readonly (readonly [number, number])[];
  /** Where the band's crop-mark region starts (mm from the page's top). */
  readonly top: number;
  /** The band's art (bleed included) ends here. */
  readonly bottom: number;
  /** The full-page grid of the band's size, which the band's grid is cut from. */
  readonly full: Grid;
}

/**
 * Where `render --combine` (and printables sharing `sheets`) puts every face, without any HTML: the
 * bands of each page. The cover counts a shared document's pages from it.
 */
export function combinedLayout(printables: readonly CardPrintable[], o: PrintOptions): { pages: Band[][]; warnings: string[] } {
  const paper = PAPER[o.paper];
  const warnings: string[] = [];
  // Items by size, in the order the printables come; sizes largest first (by height, then width).
  const bySize = new Map<string, { size: Size; items: [number, number][] }>();
  printables.forEach((p, pi) => {
    const { size, warning } = cardSize(p, o.card);
    if (warning) warnings.push(warning);
    const key = `${size.width}x${size.height}`;
    const group = bySize.get(key) ?? { size, items: [] };
    bySize.set(key, group);
    p.faces.forEach((f, fi) => {
      for (let c = 0; c < f.copies; c++) group.items.push([pi, fi]);
    });
  });
  const groups = [...bySize.values()].filter((g) => g.items.length > 0).sort((a, b) => b.size.height - a.size.height || b.size.width - a.size.width);

  const pages: Band[][] = [];
  for (const { size, items } of groups) {
    const options = gridOptions(o, size, paper);
    const full = fitGrid(options, 'card or counter');
    for (const w of full.warnings) if (!warnings.includes(w)) warnings.push(w);
    const cols = full.grid.cols.count;
    // The grid's own row height: a quarter-turned card lies as tall as it is wide.
    const height = full.grid.rows.card;
    const gapRows = full.grid.rows.step - height;
    let rest = items;
    // First into the room the pages begun leave below their last band, then on new pages.
    for (const bands of pages) {
      if (rest.length === 0) break;
      const band = bandBelow(full.grid, bands[bands.length - 1]!.bottom, gapRows, rest.length, paper, o.margin);
      if (band) {
        bands.push({ ...band, items: rest.slice(0, band.grid.perPage), full: full.grid });
        rest = rest.slice(band.grid.perPage);
      }
    }
    while (rest.length > 0) {
      const grid = usedGrid(full.grid, Math.min(rest.length, full.grid.perPage));
      const n = Math.min(rest.length, grid.rows.count * cols);
      const bottom = grid.rows.start + grid.rows.count * height + (grid.rows.count - 1) * gapRows + grid.rows.outerBleed;
      pages.push([{ grid, items: rest.slice(0, n), top: 0, bottom, full: full.grid }]);
      rest = rest.slice(n);
    }
  }

  return { pages: pages.map((bands) => spreadBands(bands, paper, o)), warnings };
}

/**
 * A page of bands spread over the page, not packed at its top: one band of few pieces is spread as
 * a single printable's page is (impose.ts spreadGrid); several bands are moved apart, gutters
 * between them as even as the room allows (up to SPREAD_GAP), the whole centred on the page.
 */
export function spreadBands(bands: readonly Band[], paper: Size, o: Pick<PrintOptions, 'bleed' | 'margin'>): Band[] {
  const artTop = (g: Grid) => g.rows.start - g.rows.outerBleed;
  const artBottom = (g: Grid) => g.rows.start + g.rows.count * g.rows.card + (g.rows.count - 1) * (g.rows.step - g.rows.card) + g.rows.outerBleed;
  if (bands.length === 1) {
    const band = bands[0]!;
    if (band.items.length >= band.full.perPage) return [...bands];
    const grid = spreadGrid(band.full, band.items.length, o.bleed, o.margin);
    return [{ ...band, grid, top: 0, bottom: artBottom(grid) }];
  }
  // The room the full grids keep at the paper's edge (crop marks inside the printer-safe margin).
  const edge = (g: Grid) => g.safe + Math.min(o.margin, artTop(g) - g.safe);
  const from = edge(bands[0]!.full);
  const to = paper.height - edge(bands[bands.length - 1]!.full);
  const heights = bands.map((b) => artBottom(b.grid) - artTop(b.grid));
  const free = to - from - heights.reduce((a, h) => a + h, 0);
  const least = 2 * BAND_MARKS;
  const between = Math.min(Math.max(free / (bands.length + 1), least), Math.max(least, SPREAD_GAP));
  const before = (free - (bands.length - 1) * between) / 2;
  if (before < -1e-9) return [...bands]; // no room to spare: as laid
  let y = from + before;
  let above = 0;
  return bands.map((band, k) => {
    const move = y - artTop(band.grid);
    const grid: Grid = { ...band.grid, rows: { ...band.grid.rows, start: band.grid.rows.start + move } };
    const bottom = artBottom(grid);
    // Its crop marks' region starts halfway between the band above and this one.
    const top = k === 0 ? 0 : (above + y) / 2;
    above = bottom;
    y = bottom + between;
    return { ...band, grid, top, bottom };
  });
}

/**
 * `render --combine`: the card printables of one pack (cards, counters, any size they print at)
 * imposed together. Faces of the same size share one grid; sizes are laid in bands down the page,
 * the largest first, and a smaller size fills the room left below the bands of pages begun before
 * a new page is begun. Each band has its own crop marks in the strip between bands. Duplex backs
 * mirror every face with its own printable's back. Not for --layout pod or --gutter-fold.
 */
export function composeCombined(templates: Templates, printables: readonly CardPrintable[], o: PrintOptions, title: string): Composed {
  const first = printables[0];
  if (!first) throw new RangeError('nothing to combine');
  const paper = PAPER[o.paper];
  const { pages, warnings } = combinedLayout(printables, o);
  const frontHtml = new Map<string, string>();
  const front = (pi: number, fi: number) => {
    const key = `${pi}/${fi}`;
    let html = frontHtml.get(key);
    if (html === undefined) {
      html = faceHtml(templates, printables[pi]!, printables[pi]!.faces[fi]!);
      frontHtml.set(key, html);
    }
    return html;
  };
  const backHtml = new Map<number, string>();
  const back = (pi: number) => {
    let html = backHtml.get(pi);
    if (html === undefined) {
      html = renderBack(templates, printables[pi]!);
      backHtml.set(pi, html);
    }
    return html;
  };

  const out: PageHtml[] = [];
  const anyBack = printables.some((p) => p.back);
  const duplex = o.duplex !== 'none' && anyBack ? o.duplex : undefined;
  for (const bands of pages) {
    let body = '';
    let backs = '';
    const box = { faces: [] as number[], printables: [] as string[], slots: [] as Rect[] };
    const backBox = { faces: [] as number[], printables: [] as string[], slots: [] as Rect[] };
    const lines: Line[] = [];
    bands.forEach((band, b) => {
      const next = bands[b + 1];
      const region: Rect = { x: 0, y: band.top, width: paper.width, height: (next ? next.top : paper.height) - band.top };
      lines.push(...cropMarks(band.grid, o.cropMarks, region));
      band.items.forEach(([pi, fi], k) => {
        const at = slot(band.grid, k);
        body += placed(at, front(pi, fi), o.bleed, 'front');
        box.faces.push(fi);
        box.printables.push(printables[pi]!.id);
        box.slots.push(at.trim);
        if (duplex && printables[pi]!.back) {
          const m = mirrorForDuplex(at, paper, duplex, o.backOffset);
          backs += placed(m, back(pi), o.bleed, 'back');
          backBox.faces.push(-1);
          backBox.printables.push(printables[pi]!.id);
          backBox.slots.push(m.trim);
        }
      });
    });
    body += svgLines(paper, lines);
    out.push({ box: { size: paper, side: 'front', ...box }, html: page(paper, body) });
    // The last sheet's page of backs when its pieces have none: left out, as no sheet follows it to keep in step.
    const lastEmpty = bands === pages[pages.length - 1] && backBox.faces.length === 0;
    if (duplex && !lastEmpty) out.push({ box: { size: paper, side: 'back', ...backBox }, html: page(paper, backs) });
  }
  const boxes = out.map((p) => p.box);
  const dress = combinedDress(first.game, title, o, boxes).css;
  return { html: documentShell(templates, first.pack, title, out, o.inkSaver, dress), pages: boxes, warnings };
}

/**
 * A band of the grid's faces below art that ends at `above` on a page already begun: its crop marks in
 * the strip between, its rows as many as fit above the paper's bottom margin (undefined when none does).
 */
function bandBelow(full: Grid, above: number, gapRows: number, n: number, paper: Size, margin: number): Omit<Band, 'items' | 'full'> | undefined {
  const outer = full.rows.outerBleed;
  const top = above + BAND_MARKS;
  const firstTrim = top + BAND_MARKS + outer;
  const bottomRoom = Math.min(margin, full.rows.start - outer - full.safe);
  const rows = Math.floor((paper.height - full.safe - bottomRoom - outer - firstTrim + gapRows + 1e-9) / (full.rows.card + gapRows));
  if (rows < 1) return undefined;
  const used = usedGrid(full, Math.min(n, rows * full.cols.count));
  const count = Math.min(rows, used.rows.count);
  const grid: Grid = { ...used, rows: { ...used.rows, count, start: firstTrim }, perPage: count * used.cols.count };
  return { grid, top, bottom: firstTrim + count * full.rows.card + (count - 1) * gapRows + outer };
}

/** Pages a `composeCombined` document of `printables` takes, backs included: what the kit's cover counts. */
export function combinedPageCount(printables: readonly CardPrintable[], o: PrintOptions): number {
  const withFaces = printables.filter((p) => p.faces.length > 0);
  if (withFaces.length === 0) return 0;
  const { pages } = combinedLayout(withFaces, o);
  if (o.duplex === 'none' || !withFaces.some((p) => p.back)) return pages.length;
  // A page of backs after every sheet but a last one whose pieces have no backs (composeCombined).
  const lastBacks = pages[pages.length - 1]!.some((band) => band.items.some(([pi]) => withFaces[pi]!.back));
  return pages.length * 2 - (lastBacks ? 0 : 1);
}

/** True when printables sharing sheets are imposed together: n-up paper, backs (if any) by duplex. */
export function sharesPaper(printables: readonly CardPrintable[], o: PrintOptions): boolean {
  return o.layout !== 'pod' && !(o.gutterFold && printables.some((p) => p.back));
}

/**
 * The document of printables that share sheets (printables.yaml `sheets`): imposed together as
 * `render --combine` imposes them, each face with its own printable's back. With --layout pod (one
 * card a page) or --gutter-fold (fronts and backs folded together), sharing saves no paper: each
 * printable's pages follow the last one's, in one document.
 */
export function composeShared(templates: Templates, printables: readonly CardPrintable[], o: PrintOptions, title: string): Composed {
  const first = printables[0];
  if (!first) throw new RangeError('nothing to print');
  if (sharesPaper(printables, o)) return composeCombined(templates, printables, o, title);
  const pages: PageHtml[] = [];
  const warnings: string[] = [];
  for (const p of printables) {
    const own = cardPages(templates, p, o);
    warnings.push(...own.warnings);
    for (const pg of own.pages) pages.push({ box: { ...pg.box, printables: (pg.box.faces ?? []).map(() => p.id) }, html: pg.html });
  }
  const boxes = pages.map((p) => p.box);
  return { html: documentShell(templates, first.pack, title, pages, o.inkSaver, combinedDress(first.game, title, o, boxes).css), pages: boxes, warnings };
}
