import { existsSync } from 'node:fs';
import path from 'node:path';
import { PAPER, SHEET_FACE, type PageBox, type PrintOptions } from './print-options.js';
import { CROP_MARK, FULL_REACH } from './crop-marks.js';
import { fontFaceCss } from './fonts.js';
import type { Templates } from './handlebars.js';
import { legendAsPrinted } from './marks.js';
import { cardSize, fitGutterFold, gridOptions } from './impose.js';
import type { Face, GameInfo, Printable, Size } from './printable.js';

export type { GameInfo } from './printable.js';

/**
 * The CSS every document carries: fonts, playmark's print.css, and the pack's own CSS if it has
 * one (`templates/<pack>/<pack>.css`, the project's before playmark's). Neither is read from
 * outside the project or playmark's package (templates.readText).
 */
export function documentCss(templates: Templates, pack: string): string {
  const read = (file: string | undefined) => (file && existsSync(file) ? templates.readText(file) : '');
  return [fontFaceCss(), read(path.join(templates.dir, 'print.css')), read(templates.resolve(`${pack}/${pack}.css`))].join('\n');
}

/**
 * One face's HTML: its template filled with its context, marks and footnotes.
 *
 * How the print pipeline (compose.ts) places it: inside `<div class="face face-sheet">` of 190 x
 * 259 mm centred on the paper (SHEET_FACE; landscape turns it), or inside `<div class="face
 * face-card face-front|face-back">` whose padding box is the card's trim and whose transparent
 * border is as wide as the bleed: a background drawn on `.face` (e.g. `.face:has(> .my-card)`)
 * reaches into the bleed, while `inset: 0`, percentages and the content box stay the trim, as in
 * previewDocument. Nothing else about a face changes between preview and print.
 */
export function renderFace(templates: Templates, printable: Printable, face: Face): string {
  // An original game's legend says what a designer means (marks.ts markLegend); the pack summary says which it is.
  const original = (face.context as { pack?: { original?: unknown } } | undefined)?.pack?.original === true;
  return legendAsPrinted(templates.render(printable.template, { ...face.context, marks: face.marks, footnotes: face.footnotes }), original);
}

/**
 * A standalone HTML page showing one face at its printed size, for previews and screenshots.
 * (The print pipeline composes its own documents: imposition, backs, crop marks.)
 */
export function previewDocument(templates: Templates, printable: Printable, face: Face, size: Size, inkSaver = false): string {
  return `<!doctype html>
<html lang="en"${inkSaver ? ' class="ink-saver"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(printable.title)}</title>
<style>${documentCss(templates, printable.pack)}
${paletteCss(printable.game)}
@page { size: ${size.width}mm ${size.height}mm; margin: 0; }
.face { width: ${size.width}mm; height: ${size.height}mm; }
</style></head>
<body><div class="face face-${printable.kind}">${renderFace(templates, printable, face)}</div></body></html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The pack a document belongs to, as its page footer and palette show it. */

/** A pack's manifest fields the footer and the palette read. */
export function gameInfo(pack: {
  readonly title: string;
  readonly version: string;
  readonly sides: readonly { readonly id: string; readonly colour?: string; readonly color?: string }[];
}): GameInfo {
  // `colour` is the palette's; `color` (a colour's printed name) stands in for a side without one, as older packs wrote it.
  return { title: pack.title, version: pack.version, sides: pack.sides.map((s) => ({ id: s.id, colour: s.colour ?? s.color ?? null })) };
}

/** A light tint of a `#rrggbb` colour (`amount` of it on white), for fills behind text. */
export function softTint(colour: string, amount = 0.14): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  const mix = (hex: string) => Math.round(255 - (255 - parseInt(hex, 16)) * amount);
  return `#${[m[1]!, m[2]!, m[3]!].map((h) => mix(h).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The pack's palette: `--side-<id>` (its colour from pack.yaml) and `--side-<id>-soft` (a light
 * tint) for every side with a colour; with --ink-saver, ink and white. An element of class
 * `side-<id>` has them as `--side` and `--side-soft`.
 */
export function paletteCss(game: GameInfo | undefined): string {
  const sides = (game?.sides ?? []).filter((s) => s.colour !== null);
  if (sides.length === 0) return '';
  const vars = (f: (s: { id: string; colour: string }) => string) => sides.map((s) => f(s as { id: string; colour: string })).join(' ');
  return (
    `:root { ${vars((s) => `--side-${s.id}: ${s.colour}; --side-${s.id}-soft: ${softTint(s.colour)};`)} }\n` +
    `html.ink-saver { ${vars((s) => `--side-${s.id}: #444444; --side-${s.id}-soft: #ffffff;`)} }\n` +
    // `class="side-<id>"` gives an element its side as --side and --side-soft (print.css's .side-* rules read them).
    sides.map((s) => `.side-${s.id} { --side: var(--side-${s.id}); --side-soft: var(--side-${s.id}-soft); }`).join('\n')
  );
}

/** The footer's words for a printable's title: without the game's title it starts with (`Warchon: the spreads` -> `The spreads`). */
export function footerTitle(game: string, title: string): string {
  const prefix = `${game.toLowerCase()}:`;
  const rest = title.toLowerCase().startsWith(prefix) ? title.slice(prefix.length).trim() : title;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Where a page's footer goes: mm from the paper's bottom edge, and whether the whole footer or only the page number fits. */
export interface FooterPlace {
  readonly bottom: number;
  readonly short: boolean;
  /** mm from the paper's left edge to the footer's centre. */
  readonly centre: number;
}

/** Text height of the footer (7 pt, the smallest text players read), mm. */
const FOOTER_HEIGHT = 2.8;
/** No printer prints nearer its edge than this, mm (the printer-safe margin, when wider, keeps the footer further in). */
const FOOTER_NEAREST = 3.5;
/** The highest a footer sits, mm from the paper's bottom edge: where a sheet's footer sits, so a half-empty page of cards keeps its footer at the foot, not mid-page. */
const FOOTER_HIGHEST = 8.3;

/**
 * Where the footer fits on a page of paper `paper` whose art (face box, or cards and their bleed)
 * ends `artBottom` mm from the top, with crop marks running `marks` mm below it at the x positions
 * `markXs`: in the room under the marks if there is some, else between the two marks nearest the
 * page's centre (whole, or only its page number), else nowhere (undefined).
 */
export function footerPlace(
  paper: Size,
  artBottom: number,
  marks: number,
  markXs: readonly number[],
  text: string,
  short: string,
  centre = paper.width / 2,
  safe = 0,
): FooterPlace | undefined {
  // Never inside the printer-safe margin.
  const edge = Math.max(FOOTER_NEAREST, safe);
  const band = paper.height - artBottom;
  const width = (s: string) => s.length * 1.35; // 7 pt Plex Sans: about 1.35 mm a character, generous
  if (band - marks >= edge + FOOTER_HEIGHT + 0.5) {
    // Centred where asked, but kept whole between the printer-safe margins (the page number alone when the whole line is too long).
    const isShort = width(text) > paper.width - 2 * edge;
    const half = width(isShort ? short : text) / 2;
    const at = Math.min(Math.max(centre, edge + half), paper.width - edge - half);
    return { bottom: Math.max(edge, Math.min(FOOTER_HIGHEST, (band - marks - FOOTER_HEIGHT) / 2)), short: isShort, centre: at };
  }
  if (band < edge + FOOTER_HEIGHT + 1) return undefined;
  // Between two neighbouring marks: the gap nearest the wanted centre that holds the whole footer,
  // else the one nearest that holds the page number alone.
  const xs = [...new Set([edge, paper.width - edge, ...markXs.filter((x) => x > edge && x < paper.width - edge)])].sort((a, b) => a - b);
  const gaps = xs.slice(1).map((x, i) => ({ from: xs[i]!, to: x }));
  const bottom = Math.max(edge, (band - FOOTER_HEIGHT) / 2);
  for (const [words, isShort] of [
    [text, false],
    [short, true],
  ] as const) {
    const fits = gaps
      .filter((g) => g.to - g.from - 2 >= width(words))
      .sort((a, b) => Math.abs((a.from + a.to) / 2 - centre) - Math.abs((b.from + b.to) / 2 - centre));
    const g = fits[0];
    if (g) return { bottom, short: isShort, centre: (g.from + g.to) / 2 };
  }
  return undefined;
}

/** What the document layout puts round a printable's pages: the pack's palette and each page's footer. */
export interface PageDress {
  /** CSS for the document: the palette and the footer. */
  readonly css: string;
}

/** A CSS string literal. */
function cssString(text: string): string {
  return `"${text
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/[\n\r]/g, ' ')
    .replace(/</g, '\\3c ')}"`;
}

/**
 * The footer of every page, the same for every game: the game's title, the printable's title, the
 * page number ("p. 2 of 3", on documents of more than one page) and the pack's version, in the
 * paper's bottom margin (drawn by the layout: `.pm-page::after`, counted with a CSS counter).
 * `places` holds each page's place (undefined: no room on that page); pages that differ from the
 * first are placed by `:nth-of-type`.
 */
export function footerCss(game: GameInfo, title: string, pages: number, places: readonly (FooterPlace | undefined)[]): string {
  const head = `${game.title} \u00b7 ${footerTitle(game.title, title)}`;
  const tail = ` \u00b7 version ${game.version}`;
  const content = (place: FooterPlace | undefined) =>
    place === undefined
      ? 'none'
      : pages > 1
        ? place.short
          ? `${cssString(`${game.title} \u00b7 p. `)} counter(pm-page) " of ${pages}"`
          : `${cssString(`${head} \u00b7 p. `)} counter(pm-page) ${cssString(` of ${pages}${tail}`)}`
        : place.short
          ? cssString(game.title)
          : cssString(`${head}${tail}`);
  // Centred on its place whatever its length (a box of fixed width let a long footer run off to the right).
  const where = (place: FooterPlace | undefined) => (place ? `left: ${num(place.centre)}mm; bottom: ${num(place.bottom)}mm; transform: translateX(-50%);` : '');
  const first = places[0];
  const rules = [
    `.pm-page { counter-increment: pm-page; }`,
    `.pm-page::after { content: ${content(first)}; position: absolute; ${where(first)} text-align: center; ` +
      `font-family: var(--font-body); font-size: 7pt; line-height: 1; letter-spacing: 0.02em; color: var(--ink); white-space: nowrap; }`,
  ];
  places.forEach((place, i) => {
    if (i === 0 || JSON.stringify(place) === JSON.stringify(first)) return;
    rules.push(`.pm-page:nth-of-type(${i + 1})::after { content: ${content(place)}; ${where(place)} }`);
  });
  return rules.join('\n');
}

function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * The palette and footer of a printable's document printed with `o` on the pages `boxes`. Sheets:
 * the footer sits in the margin under the face box. Cards and counters: on each page, under its
 * cards and their crop marks, or between the marks nearest the centre (a gutter fold's footer
 * under the fronts' half, clear of the fold); print-on-demand pages (one card a page) have none.
 */
export function pageDress(printable: Printable, o: PrintOptions, boxes: readonly PageBox[]): PageDress {
  let vertical = false;
  if (printable.kind === 'card' && o.gutterFold && printable.back) {
    try {
      vertical = fitGutterFold(gridOptions(o, cardSize(printable, o.card).size, PAPER[o.paper])).layout.fold === 'vertical';
    } catch (e) {
      // No gutter-fold layout fits (impose.ts throws a RangeError): compose reports that; dress as horizontal.
      if (!(e instanceof RangeError)) throw e;
      vertical = false;
    }
  }
  return dress(
    printable.game,
    printable.title,
    printable.kind === 'sheet' ? { landscape: printable.orientation === 'landscape' } : undefined,
    o,
    boxes,
    vertical,
  );
}

/** The palette and footer of a `render --combine` document (cards and counters of several printables). */
export function combinedDress(game: GameInfo | undefined, title: string, o: PrintOptions, boxes: readonly PageBox[]): PageDress {
  return dress(game, title, undefined, o, boxes, false);
}

function dress(
  game: GameInfo | undefined,
  title: string,
  sheet: { readonly landscape: boolean } | undefined,
  o: PrintOptions,
  boxes: readonly PageBox[],
  vertical: boolean,
): PageDress {
  if (!game) return { css: '' };
  const palette = paletteCss(game);
  const pages = boxes.length;
  const head = `${game.title} \u00b7 ${footerTitle(game.title, title)} \u00b7 p. ${pages} of ${pages} \u00b7 version ${game.version}`;
  // Where the whole footer does not fit: the game and the page number, so a loose sheet names its game.
  const short = pages > 1 ? `${game.title} \u00b7 p. ${pages} of ${pages}` : game.title;
  let places: (FooterPlace | undefined)[] = [];
  if (sheet) {
    const paper = PAPER[o.paper];
    const page = sheet.landscape ? { width: paper.height, height: paper.width } : paper;
    const box = sheet.landscape ? SHEET_FACE.width : SHEET_FACE.height;
    places = boxes.map(() => footerPlace(page, (page.height + box) / 2, 0, [], head, short, page.width / 2, o.safeMargin));
  } else if (o.layout !== 'pod') {
    places = boxes.map((box) => cardPageFooter(box, o, head, short, vertical));
  }
  return { css: [palette, places.some(Boolean) ? footerCss(game, title, pages, places) : ''].filter(Boolean).join('\n') };
}

/** Where the footer goes on a page of cards or counters, from where its faces are cut (`box.slots`). */
function cardPageFooter(box: PageBox, o: PrintOptions, text: string, short: string, vertical: boolean): FooterPlace | undefined {
  const paper = box.size;
  const trims = box.slots ?? [];
  // The art ends a bleed below the lowest trim (an outer bleed is never wider than --bleed).
  const artBottom = trims.length === 0 ? 0 : Math.min(paper.height, Math.max(...trims.map((t) => t.y + t.height)) + o.bleed);
  const marks = trims.length === 0 || o.cropMarks === 'none' ? 0 : CROP_MARK.offset + (o.cropMarks === 'full' ? FULL_REACH : CROP_MARK.length);
  const xs = o.cropMarks === 'none' ? [] : [...new Set(trims.flatMap((t) => [t.x, t.x + t.width]))];
  // A vertical fold: the footer goes under the fronts' half, clear of the fold line.
  return footerPlace(
    paper,
    artBottom,
    marks,
    vertical ? [...xs, paper.width / 2] : xs,
    text,
    short,
    vertical ? paper.width / 4 : paper.width / 2,
    o.safeMargin,
  );
}
