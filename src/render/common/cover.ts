// The print-and-play kit's cover: every pack gets one, first, without declaring it. Everything on it
// is derived from data: the pack's manifest (title, version, source, sides), its printables (those
// printables.yaml declares and the common sheets) and how they will be printed (the render options).
import type { PackContent } from '../../content/effective.js';
import { combinedPageCount, DEFAULT_PRINT, sharesPaper, type PrintOptions } from '../compose.js';
import { printDocuments, type PrintDocument } from '../documents.js';
import { footerTitle, gameInfo } from '../document.js';
import { PAPER } from '../print-options.js';
import { cardSize, fitGrid, fitGutterFold, gridOptions } from '../impose.js';
import type { BuildContext, CardPrintable, Printable, SheetPrintable, Size } from '../printable.js';

/** printables.yaml's `finishing`: what a maker does with the printed pages beyond what the type says. */
export interface Finishing {
  readonly twoSided?: 'long' | 'short';
  readonly cut?: boolean;
  readonly fold?: string;
  readonly assemble?: string;
}

/** What one printable is and how to print it, as the cover's component list says it. */
export interface Component {
  readonly title: string;
  /** `sheet`, `card` or `counter` (printables.yaml's type; the common sheets are sheets). */
  readonly type: 'sheet' | 'card' | 'counter';
  /** Pages of paper the document prints on (fronts and backs counted apart). */
  readonly pages: number;
  /** Cards or counters: how many pieces, their size, how many a sheet. */
  readonly pieces: number | null;
  readonly size: Size | null;
  readonly perSheet: number | null;
  /** `one-sided`, `duplex` (backs on the back of each sheet), `gutter-fold` (backs beside the fronts, folded) or `no-backs` (it has backs, not printed this time). */
  readonly sides: 'one-sided' | 'duplex' | 'gutter-fold' | 'no-backs';
  /** Printed two-sided, flipping on this edge (cards and counters with --duplex; sheets whose `finishing` says so). */
  readonly edge?: 'long' | 'short';
  /** Pieces to cut out (cards and counters; sheets whose `finishing` says so). */
  readonly cut: boolean;
  /** How each piece folds, in words (printables.yaml `finishing.fold`). */
  readonly fold?: string;
  /** Sheets: printed landscape. */
  readonly landscape?: boolean;
  /** Cards and counters: sheets of paper the pieces take (before backs). */
  readonly sheets?: number;
  /** What to do with the pieces once made (printables.yaml `finishing.assemble`). */
  readonly assemble?: string;
  /** Printables sharing sheets (printables.yaml `sheets`, or --combine): the pieces of each kind, and every size they print at. */
  readonly shared?: {
    readonly cards: number;
    readonly counters: number;
    readonly sizes: readonly Size[];
    readonly backed: readonly string[];
    readonly all: number;
  };
}

const PAPER_NAMES: Readonly<Record<keyof typeof PAPER, string>> = { a4: 'A4 (210 x 297 mm)', letter: 'US Letter (8.5 x 11 in)' };

/** Lengths as the cover prints them: whole millimetres, or one decimal. */
function mmText(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** A printable's component-list entry under the print options `o`. */
export function componentOf(p: Printable, type: Component['type'], o: PrintOptions, finishing: Finishing = {}): Component {
  const title = footerTitle(p.game?.title ?? '', p.title);
  const fold = finishing.fold;
  if (p.kind === 'sheet') {
    const pages = p.faces.reduce((n, f) => n + f.copies, 0);
    const edge = finishing.twoSided;
    return {
      title,
      type: 'sheet',
      pages,
      pieces: null,
      size: null,
      perSheet: null,
      sides: edge ? 'duplex' : 'one-sided',
      ...(edge ? { edge } : {}),
      cut: finishing.cut === true,
      ...(fold ? { fold } : {}),
      ...(finishing.assemble ? { assemble: finishing.assemble } : {}),
      landscape: p.orientation === 'landscape',
    };
  }
  const pieces = p.faces.reduce((n, f) => n + f.copies, 0);
  const { size } = cardSize(p, o.card);
  const hasBack = p.back !== undefined;
  const grid = gridOptions(o, size, PAPER[o.paper]);
  let perSheet: number;
  let sides: Component['sides'] = hasBack ? 'no-backs' : 'one-sided';
  if (o.layout === 'pod') perSheet = 1;
  else if (o.gutterFold && hasBack) {
    perSheet = fitGutterFold(grid).layout.perPage;
    sides = 'gutter-fold';
  } else perSheet = fitGrid(grid).grid.perPage;
  if (hasBack && o.duplex !== 'none' && !o.gutterFold) sides = 'duplex';
  if (hasBack && o.layout === 'pod') sides = 'duplex';
  const sheets = Math.ceil(pieces / perSheet);
  const pages = sheets * (sides === 'duplex' ? 2 : 1);
  const edge = sides === 'duplex' && o.layout !== 'pod' ? (o.duplex === 'short' ? 'short' : 'long') : undefined;
  return {
    title,
    type,
    pages,
    pieces,
    size,
    perSheet,
    sheets,
    sides,
    ...(edge ? { edge } : {}),
    cut: true,
    ...(fold ? { fold } : {}),
    ...(finishing.assemble ? { assemble: finishing.assemble } : {}),
  };
}

/**
 * The component of printables printed in one document (printables.yaml `sheets`, or --combine):
 * their pieces together, the pages of that document (imposed together, or one printable's pages
 * after another's with --layout pod or a gutter fold), two-sided when any of them has backs printed.
 */
export function sharedComponentOf(doc: PrintDocument, parts: readonly Component[], o: PrintOptions): Component {
  const cards = doc.printables.filter((p): p is CardPrintable => p.kind === 'card');
  const withFaces = cards.filter((p) => p.faces.length > 0);
  const title = footerTitle(doc.printables[0]?.game?.title ?? '', doc.title);
  const count = (type: Component['type']) => parts.filter((c) => c.type === type).reduce((n, c) => n + (c.pieces ?? 0), 0);
  const sizes: Size[] = [];
  for (const c of parts) if (c.size && c.pieces && !sizes.some((s) => s.width === c.size!.width && s.height === c.size!.height)) sizes.push(c.size);
  const has = (s: Component['sides']) => parts.some((c) => c.sides === s && c.pieces);
  const sides: Component['sides'] = has('duplex') ? 'duplex' : has('gutter-fold') ? 'gutter-fold' : has('no-backs') ? 'no-backs' : 'one-sided';
  const shares = sharesPaper(withFaces, o);
  const pages = shares ? combinedPageCount(withFaces, o) : parts.reduce((n, c) => n + c.pages, 0);
  const perSheet = sizes.length === 1 ? (parts.find((c) => c.pieces)?.perSheet ?? null) : null;
  const edge = parts.find((c) => c.edge && c.pieces)?.edge;
  const fold = parts.map((c) => c.fold).filter((f): f is string => f !== undefined);
  const assemble = parts.map((c) => c.assemble).filter((f): f is string => f !== undefined);
  // Pages of fronts: the sheets the pieces take, whatever backs follow them (a last sheet with no backs has no page of backs).
  const sheets = shares ? (sides === 'duplex' ? Math.ceil(pages / 2) : pages) : parts.reduce((n, c) => n + (c.sheets ?? 0), 0);
  return {
    title,
    type: count('card') >= count('counter') ? 'card' : 'counter',
    pages,
    pieces: count('card') + count('counter'),
    size: sizes.length === 1 ? sizes[0]! : null,
    perSheet,
    sides,
    ...(edge ? { edge } : {}),
    cut: true,
    ...(fold.length ? { fold: [...new Set(fold)].join(' ') } : {}),
    ...(assemble.length ? { assemble: [...new Set(assemble)].join(' ') } : {}),
    sheets,
    shared: {
      cards: count('card'),
      counters: count('counter'),
      sizes,
      backed: cards.filter((p) => p.back && p.faces.length > 0).map((p) => footerTitle(p.game?.title ?? '', p.title)),
      all: withFaces.length,
    },
  };
}

/** `12 cards`, `1 counter`. */
function pieces(n: number, type: 'card' | 'counter'): string {
  return `${n} ${type}${n === 1 ? '' : 's'}`;
}

/** `1 page`, `7 pages`. */
function pagesText(n: number, word = 'page'): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The common sheets every pack gets that players can do without, and why (the declared ones say so in printables.yaml `optional`). */
const COMMON_OPTIONAL: Readonly<Record<string, string>> = {
  errata: 'what this kit changed or filled in from the printed rules, and why; not needed to play.',
};

/** `Cards and counters` from a sentence's first word. */
function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The cover's context: the pack, its documents needed and optional, what else to have, the print checklist and the assembly steps, every line derived from data. */
export function coverContext(content: PackContent, printables: readonly Printable[], o: PrintOptions, combine = false) {
  const pack = content.pack;
  const decls = content.printables?.list ?? [];
  const declOf = (p: Printable) => decls.find((d) => `${pack.id}-${d.id}` === p.id);
  const componentOfP = (p: Printable) => componentOf(p, declOf(p)?.type ?? (p.kind === 'sheet' ? 'sheet' : 'card'), o, declOf(p)?.finishing);
  const optionalOf = (p: Printable) => declOf(p)?.optional ?? COMMON_OPTIONAL[p.id.slice(pack.id.length + 1)];
  // One component a document: printables that share sheets are one component, as they print in one PDF.
  const docs = printDocuments(printables, { combine });
  const components = docs.map((d) => (d.kind === 'single' ? componentOfP(d.printables[0]!) : sharedComponentOf(d, d.printables.map(componentOfP), o)));
  // A document is optional when every printable in it is.
  const optional = docs.map((d) => {
    const why = d.printables.map(optionalOf);
    return why.every((w) => w !== undefined) ? why[0]! : undefined;
  });
  const rows = components.map((c, i) => ({
    title: c.title,
    what:
      c.type === 'sheet'
        ? pagesText(c.pages)
        : c.shared
          ? `${[c.shared.cards ? pieces(c.shared.cards, 'card') : '', c.shared.counters ? pieces(c.shared.counters, 'counter') : ''].filter(Boolean).join(' and ')} on ${pagesText(c.sheets ?? c.pages, 'sheet')}`
          : `${pieces(c.pieces ?? 0, c.type === 'counter' ? 'counter' : 'card')} on ${pagesText(c.sheets ?? c.pages, 'sheet')}`,
    size:
      c.shared && c.shared.sizes.length > 1
        ? `${c.shared.sizes.map((s) => `${mmText(s.width)} x ${mmText(s.height)}`).join(', ')} mm`
        : c.size
          ? `${mmText(c.size.width)} x ${mmText(c.size.height)} mm`
          : `${o.paper === 'a4' ? 'A4' : 'Letter'}${c.landscape ? ' landscape' : ''}`,
    pages: c.pages,
    sides: c.edge ? `${SIDES_WORDS[c.sides]} (${c.edge} edge)` : SIDES_WORDS[c.sides],
    cut: [c.sides === 'gutter-fold' ? 'fold, glue, cut' : c.cut ? 'cut out' : '', c.fold ? 'fold' : ''].filter(Boolean).join(', ') || 'none',
    optional: optional[i] ?? null,
  }));
  const needed = rows.filter((r) => r.optional === null);
  const extra = rows.filter((r) => r.optional !== null);
  const total = components.reduce((n, c) => n + c.pages, 1);
  const neededPages = needed.reduce((n, r) => n + r.pages, 1);
  const twoSided = components.filter((c) => c.sides === 'duplex' || c.sides === 'gutter-fold');
  const cutOut = components.filter((c) => c.cut);
  const list = (cs: readonly Component[]) => cs.map((c) => c.title).join(', ');
  const checklist: { head: string; text: string }[] = [];
  const optionalPages = total - neededPages;
  checklist.push({
    head: 'Paper',
    text: `${PAPER_NAMES[o.paper]}: ${pagesText(neededPages)} to play (this cover included)${optionalPages > 0 ? `, ${optionalPages} more for the optional documents` : ''}.`,
  });
  checklist.push({
    head: 'Scale',
    text: 'Print at "Actual size" (100% scale), never "Fit to page" or "Shrink to fit": cards, counters and the board are sized in millimetres. The bar below is 100 mm long when printed right.',
  });
  if (o.layout === 'pod') {
    checklist.push({ head: 'Print on demand', text: 'One card a page, its bleed included: upload the card files to the printing service as they are.' });
  }
  const duplexItems = twoSided.filter((c) => c.sides === 'duplex');
  const foldItems = twoSided.filter((c) => c.sides === 'gutter-fold');
  for (const edge of ['long', 'short'] as const) {
    const items = duplexItems.filter((c) => c.edge === edge);
    if (items.length === 0) continue;
    const calibrate = items.some((c) => c.type !== 'sheet') ? ' Print the duplex calibration sheet first to check that backs line up.' : '';
    checklist.push({
      head: 'Two-sided',
      text: `${list(items)}: print two-sided, flipping on the ${edge} edge; each page of fronts is followed by its backs.${calibrate}`,
    });
  }
  if (foldItems.length > 0) {
    checklist.push({
      head: 'Gutter fold',
      text: `${list(foldItems)}: print one-sided; fold each sheet along the dashed line so fronts and backs meet, glue, then cut.`,
    });
  }
  const oneSided = components.filter((c) => c.sides === 'one-sided' || c.sides === 'no-backs');
  if (oneSided.length > 0) checklist.push({ head: 'One-sided', text: `${list(oneSided)}.` });
  if (cutOut.length > 0) {
    const marks = o.cropMarks === 'none' ? 'along the edges of each piece' : 'along the crop marks (the short lines round the edge of the sheet)';
    checklist.push({
      head: 'Cut',
      text: `${list(cutOut)}: cut ${marks}. ${o.bleed > 0 ? `Each piece's colour runs ${mmText(o.bleed)} mm past its cut line, so a small miscut shows no white.` : 'The pieces have no bleed: cut exactly on the line.'}`,
    });
  }
  if (o.inkSaver)
    checklist.push({ head: 'Ink saver', text: 'This print uses little ink: no fills behind tables, cards and counters; sides are named in words.' });

  // How to make each document, in order: backs, fold, then what to do with the pieces (cutting is on the checklist).
  const backed = (c: Component) => (c.shared && c.shared.backed.length < c.shared.all ? c.shared.backed.join(', ') : c.title);
  const assembly = components.flatMap((c) => {
    const steps: string[] = [];
    if (c.sides === 'duplex' && c.type !== 'sheet')
      steps.push(
        `Backs: each page of fronts is followed by a page of backs${c.shared && c.shared.backed.length < c.shared.all ? ` (${backed(c)})` : ''}. Print them two-sided; or print one-sided and glue each page of backs to the back of its page of fronts before cutting; or cut the backs out too and slip each piece and its back into a sleeve.`,
      );
    if (c.sides === 'gutter-fold') steps.push('Fold each sheet along its dashed line so fronts and backs meet, and glue the halves together.');
    if (c.fold) steps.push(capital(c.fold));
    if (c.sides === 'no-backs') steps.push(`${capital(backed(c))}: printed without their backs; sleeves with opaque backs hide what shows through.`);
    if (c.assemble) steps.push(capital(c.assemble));
    return steps.length > 0 ? [{ title: c.title, steps }] : [];
  });
  const source = pack.source;
  return {
    pack: { title: pack.title, version: pack.version, source: source.title, author: source.author ?? null },
    sides: pack.sides.map((s) => ({ id: s.id, name: s.name, hasColour: typeof s.colour === 'string' })),
    components: rows,
    needed,
    optional: extra,
    total,
    neededPages,
    /** What players need besides the kit (pack.yaml `needs`), the ones they can do without last. */
    needs: [...(pack.needs ?? []).filter((n) => !n.optional), ...(pack.needs ?? []).filter((n) => n.optional)].map((n) => ({
      what: n.what,
      for: n.for,
      optional: n.optional === true,
    })),
    checklist,
    assembly,
    /** Credits and the source's disclaimer, as the rule text prints them (pack.yaml `source`). */
    credits: {
      rules: `${source.title}${source.author ? ` by ${source.author}` : ''}`,
      credit: source.credit ?? null,
      disclaimer: source.disclaimer ?? null,
    },
    /** The scale check: a 100 mm bar, a tick every 10 mm (longer at 0, 50 and 100). */
    ruler: Array.from({ length: 11 }, (_, i) => ({ at: i * 10, major: i % 5 === 0 })),
  };
}

/** The cover as a printable: one page, first in the pack's list. */
export function coverSheet(content: PackContent, printables: readonly Printable[], ctx: BuildContext): SheetPrintable {
  const o = ctx.print ?? DEFAULT_PRINT;
  return {
    kind: 'sheet',
    id: `${content.pack.id}-cover`,
    pack: content.pack.id,
    title: `${content.pack.title}: print-and-play kit`,
    template: 'common/cover.hbs',
    orientation: 'portrait',
    game: gameInfo(content.pack),
    faces: [
      {
        context: { ...coverContext(content, printables, o, ctx.combine === true), version: ctx.playmarkVersion },
        marks: {},
        footnotes: [],
        copies: 1,
        label: 'cover',
      },
    ],
  };
}

const SIDES_WORDS: Readonly<Record<Component['sides'], string>> = {
  'one-sided': 'one-sided',
  duplex: 'two-sided',
  'gutter-fold': 'gutter fold',
  'no-backs': 'fronts only',
};

/** Every printable of a pack with the pack's footer and palette, the cover first. */
export function withCover(content: PackContent, ctx: BuildContext, printables: readonly Printable[]): Printable[] {
  const game = gameInfo(content.pack);
  const all = printables.map((p) => ({ ...p, game }));
  return [coverSheet(content, all, ctx), ...all];
}
