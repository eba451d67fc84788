// n-up imposition as pure functions of millimetres: how many cards fit on a sheet of paper, where
// each one sits, where its back goes for duplex or gutter-fold printing. No HTML here: compose.ts
// turns these rectangles into pages, crop-marks.ts draws the cut lines.
//
// Cards are laid in a grid centred on the paper, `gap` apart. A card's art reaches `bleed` past its
// trim on the outside of the grid, and min(bleed, gap / 2) past it between cards. Around the grid's
// bleed, `margin` is kept for the crop marks: a grid fits when trims + gaps + 2 x (bleed + margin)
// <= paper. The default gap, `auto`, is a gutter wide enough that every card carries its own bleed
// in its own colour past every cut (a 1 mm miscut shows that card's colour, never its neighbour's),
// found without losing a card per page where it can be (see fitAxisAuto). `--gap 0` shares cut lines.
import type { CardPrintable } from './printable.js';
import type { Duplex, Gap, PrintOptions, Rect, Size } from './print-options.js';

export type { Duplex, Gap, Rect } from './print-options.js';

export const CARD_SIZES: Readonly<Record<'poker' | 'bridge' | 'mini' | 'tarot', Size>> = {
  poker: { width: 63, height: 88 },
  bridge: { width: 57, height: 89 },
  mini: { width: 44, height: 63 },
  tarot: { width: 70, height: 120 },
};

/** `poker`, `bridge`, `mini`, `tarot`, or `WxH` in millimetres (`63x88`, `63.5x88.9`); undefined when neither. */
export function parseCardSize(text: string): Size | undefined {
  const preset = (CARD_SIZES as Record<string, Size>)[text.toLowerCase()];
  if (preset) return preset;
  const m = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$/i.exec(text);
  if (!m) return undefined;
  const size = { width: Number(m[1]), height: Number(m[2]) };
  return size.width > 0 && size.height > 0 ? size : undefined;
}

/**
 * How far a card's art crosses a cut line it shares with its neighbour (gap 0): Chromium rounds box
 * sizes to whole pixels (0.26 mm), and without this overlap a hairline of paper could show there.
 */
export const SEAM = 0.15;

export interface Sides {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/**
 * The automatic gap: between `least` and `most` mm, so each card's own bleed reaches at least
 * least / 2 = 1.5 mm past its trim on every side. To keep as many cards a page as shared cut lines
 * would, the crop-mark margin may shrink to `margin` mm and the bleed outside the grid to least / 2;
 * then the gap to `tight` (1.1 mm of its own bleed each side, more than a 1 mm miscut) with crop
 * marks in `markRoom` mm (their offset from the art and half a millimetre of mark): poker cards
 * three across A4 inside the 5 mm printer-safe margin.
 */
export const AUTO_GAP = { most: 4, least: 3, margin: 2, tight: 2.2, markRoom: 1.5 } as const;

export interface GridOptions {
  readonly paper: Size;
  readonly card: Size;
  readonly bleed: number;
  /** Space between neighbouring trims. 0: shared cut lines; `auto`: a gutter for every card's own bleed. */
  readonly gap: Gap;
  /** Room kept outside the grid's bleed for crop marks. */
  readonly margin: number;
  /** mm at each edge of the paper where nothing prints: the grid, its bleed and crop marks stay inside (default 0). */
  readonly safe?: number;
}

/** One axis of a grid: how many, where the first trim starts, and the bleed kept outside. */
export interface Axis {
  readonly count: number;
  /** The first trim's start, from the paper's edge. */
  readonly start: number;
  /** Trim to trim: card + gap. */
  readonly step: number;
  readonly card: number;
  /** The bleed outside the grid on this axis (less than asked when it does not fit). */
  readonly outerBleed: number;
  /** The bleed between neighbours: min(bleed, gap / 2), and at least SEAM (when the bleed allows). */
  readonly innerBleed: number;
}

export interface Grid {
  readonly cols: Axis;
  readonly rows: Axis;
  readonly perPage: number;
  /** The paper the grid is laid on (after any turn to landscape for a gutter fold). */
  readonly paper: Size;
  /** mm at each edge of the paper where nothing prints (crop marks stop there). */
  readonly safe: number;
  /** The cards are laid turned a quarter turn (cols.card is the card's height): more of them fit a sheet so. */
  readonly turned?: boolean;
}

export interface Fit {
  readonly grid: Grid;
  readonly warnings: string[];
}

/** The grid options for pieces of `card` size printed with `o`: what compose, the footer and the cover all impose with. */
export function gridOptions(o: Pick<PrintOptions, 'paper' | 'bleed' | 'gap' | 'margin' | 'safeMargin'>, card: Size, paper: Size): GridOptions {
  return { paper, card, bleed: o.bleed, gap: o.gap, margin: o.margin, safe: o.safeMargin };
}

/** Fits one axis of length `length` (the paper's side, or half of it for a gutter fold). */
export function fitAxis(length: number, card: number, bleed: number, gap: number, margin: number): { axis: Axis; bleedCut: boolean; noMarkRoom: boolean } {
  if (card > length + 1e-9) throw new RangeError(`a ${fmt(card)} mm card does not fit on ${fmt(length)} mm of paper`);
  const step = card + gap;
  const count = Math.max(1, Math.floor((length - 2 * (bleed + margin) + gap + 1e-9) / step));
  const span = count * card + (count - 1) * gap;
  const start = (length - span) / 2;
  const outerBleed = Math.min(bleed, Math.max(0, start));
  return {
    axis: { count, start, step, card, outerBleed, innerBleed: Math.min(bleed, Math.max(gap / 2, SEAM)) },
    bleedCut: outerBleed < bleed - 1e-9,
    noMarkRoom: start - outerBleed < margin - 1e-9,
  };
}

/**
 * One axis with the automatic gap: as many cards as shared cut lines would fit, each gap as wide as
 * the room allows up to AUTO_GAP.most; when the room is short, the margin shrinks to
 * AUTO_GAP.margin, then the bleed outside the grid to AUTO_GAP.least / 2 (a miscut there shows
 * paper, never a neighbour), then the gap to AUTO_GAP.tight with crop marks as short as
 * AUTO_GAP.markRoom leaves them (a 1 mm miscut still shows the card's own colour). Only when that
 * still does not fit is a card given up. Warnings are for what goes beyond that (a paper too small
 * for the card's own bleed).
 */
export function fitAxisAuto(length: number, card: number, bleed: number, margin: number): { axis: Axis; bleedCut: boolean; noMarkRoom: boolean } {
  const { most, least, tight, markRoom } = AUTO_GAP;
  const minMargin = Math.min(margin, AUTO_GAP.margin);
  const minOuter = Math.min(bleed, least / 2);
  const shared = fitAxis(length, card, minOuter, 0, Math.min(margin, markRoom)).axis.count;
  for (let count = shared; count >= 1; count--) {
    const trims = count * card;
    if (trims > length + 1e-9) continue;
    const gaps = count - 1;
    // The widest gap (up to `most`) with the bleed and margin asked, then with the least margin.
    const roomFor = (outer: number, m: number) => (gaps === 0 ? most : (length - trims - 2 * (outer + m)) / gaps);
    let gap = Math.min(most, roomFor(bleed, margin));
    let keep = minMargin;
    let outerMost = bleed;
    if (gap < least - 1e-9) gap = Math.min(most, roomFor(bleed, minMargin));
    if (gap < least - 1e-9 && roomFor(minOuter, minMargin) >= least - 1e-9) gap = least;
    if (gap < least - 1e-9 && count > 1) {
      // A narrower gutter and shorter crop marks before a card less a page.
      const room = roomFor(minOuter, Math.min(margin, markRoom));
      if (room < tight - 1e-9) continue;
      gap = Math.min(least, room);
      keep = Math.min(margin, markRoom);
      outerMost = minOuter;
    }
    if (gaps === 0) gap = 0;
    const span = trims + gaps * gap;
    const start = (length - span) / 2;
    const outerBleed = Math.max(0, Math.min(outerMost, start - keep, start));
    return {
      axis: { count, start, step: card + gap, card, outerBleed, innerBleed: Math.min(bleed, gap / 2) },
      bleedCut: outerBleed < minOuter - 1e-9,
      noMarkRoom: start - outerBleed < keep - 1e-9,
    };
  }
  return fitAxis(length, card, bleed, 0, margin);
}

/**
 * The grid for cards on a sheet of paper, with warnings when the bleed or the crop marks do not fit:
 * upright, or turned a quarter turn when more fit a sheet so (poker cards on Letter: 6 upright inside
 * the 5 mm printer-safe margin, 8 turned). A tie keeps them upright.
 */
export function fitGrid(o: GridOptions, what = 'card'): Fit {
  // A card that fits neither way is the upright one's error (it names --safe-margin when that is why).
  const lay = (card: Size): Fit | RangeError => {
    try {
      return fitUpright({ ...o, card }, what);
    } catch (e) {
      if (e instanceof RangeError) return e;
      throw e;
    }
  };
  const upright = lay(o.card);
  const turned = o.card.width === o.card.height ? upright : lay({ width: o.card.height, height: o.card.width });
  if (turned instanceof RangeError || turned === upright || (!(upright instanceof RangeError) && turned.grid.perPage <= upright.grid.perPage)) {
    if (upright instanceof RangeError) throw upright;
    return upright;
  }
  // The warnings name the card as it is (width x height), not as it lies.
  const named = `${fmt(o.card.height)} x ${fmt(o.card.width)} mm`;
  const warnings = turned.warnings.map((w) => w.replace(named, `${fmt(o.card.width)} x ${fmt(o.card.height)} mm`));
  return { grid: { ...turned.grid, turned: true }, warnings };
}

/** The grid for cards laid upright (their width across the paper). */
function fitUpright(o: GridOptions, what: string): Fit {
  const safe = o.safe ?? 0;
  // Laid out on the paper less its safe margin, then moved in by it.
  const axis = (length: number, card: number) => {
    const inner = length - 2 * safe;
    if (card > length + 1e-9) throw new RangeError(`a ${fmt(card)} mm card does not fit on ${fmt(length)} mm of paper`);
    if (card > inner + 1e-9) {
      throw new RangeError(`a ${fmt(card)} mm card does not fit inside the ${fmt(safe)} mm printer-safe margin of ${fmt(length)} mm of paper (--safe-margin)`);
    }
    const fit = o.gap === 'auto' ? fitAxisAuto(inner, card, o.bleed, o.margin) : fitAxis(inner, card, o.bleed, o.gap, o.margin);
    return { ...fit, axis: { ...fit.axis, start: fit.axis.start + safe } };
  };
  const cols = axis(o.paper.width, o.card.width);
  const rows = axis(o.paper.height, o.card.height);
  const warnings: string[] = [];
  const size = `${fmt(o.card.width)} x ${fmt(o.card.height)} mm`;
  if (cols.bleedCut || rows.bleedCut) {
    const kept = Math.min(cols.axis.outerBleed, rows.axis.outerBleed);
    warnings.push(
      `the ${fmt(o.bleed)} mm bleed of a ${size} ${what} does not fit on ${fmt(o.paper.width)} x ${fmt(o.paper.height)} mm paper: ${fmt(kept)} mm kept at the paper's edge`,
    );
  } else if (cols.noMarkRoom || rows.noMarkRoom) {
    warnings.push(
      `a ${size} ${what} with ${fmt(o.bleed)} mm bleed leaves less than ${fmt(o.margin)} mm for crop marks on ${fmt(o.paper.width)} x ${fmt(o.paper.height)} mm paper`,
    );
  }
  return { grid: { cols: cols.axis, rows: rows.axis, perPage: cols.axis.count * rows.axis.count, paper: o.paper, safe }, warnings };
}

/** The widest gutter a page of few pieces is spread with: at most this, and at most the piece's shorter side. */
export const SPREAD_GAP = 25;

/**
 * The grid for a page holding `n` pieces, fewer than a full page: spread over the page rather than
 * packed in a strip at its top. Of the column counts that hold them, the one leaving the widest
 * gutter (up to SPREAD_GAP, and never narrower than the full grid's), then the one whose shape is
 * nearest the page's; centred, every piece with its whole bleed. `margin`: room kept for crop marks.
 */
export function spreadGrid(full: Grid, n: number, bleed: number, margin: number): Grid {
  if (n >= full.perPage || n <= 0) return full;
  const w = full.cols.card;
  const h = full.rows.card;
  const area = { width: full.paper.width - 2 * full.safe, height: full.paper.height - 2 * full.safe };
  const edge = bleed + margin;
  const least = Math.max(full.cols.step - w, full.rows.step - h);
  const most = Math.min(SPREAD_GAP, w, h);
  const room = (length: number, count: number, size: number) => (count > 1 ? (length - count * size - 2 * edge) / (count - 1) : Infinity);
  let best: { cols: number; rows: number; gap: number; shape: number } | undefined;
  for (let cols = 1; cols <= full.cols.count; cols++) {
    const rows = Math.ceil(n / cols);
    if (cols > n || rows > full.rows.count) continue;
    const gap = Math.min(most, room(area.width, cols, w), room(area.height, rows, h));
    if (gap < least - 1e-9 || !Number.isFinite(gap)) {
      if (!(cols === 1 && rows === 1)) continue;
    }
    const g = Number.isFinite(gap) ? gap : 0;
    const shape = Math.abs(Math.log((cols * w + (cols - 1) * g) / (rows * h + (rows - 1) * g) / (area.width / area.height)));
    if (!best || g > best.gap + 1e-6 || (Math.abs(g - best.gap) <= 1e-6 && shape < best.shape)) best = { cols, rows, gap: g, shape };
  }
  if (!best) return full;
  const axis = (a: Axis, count: number, length: number): Axis => {
    const span = count * a.card + (count - 1) * best.gap;
    return {
      count,
      start: (length - span) / 2,
      step: a.card + best.gap,
      card: a.card,
      outerBleed: Math.min(bleed, Math.max(0, (length - span) / 2 - full.safe)),
      innerBleed: Math.min(bleed, best.gap === 0 ? SEAM : best.gap / 2),
    };
  };
  const cols = axis(full.cols, best.cols, full.paper.width);
  const rows = axis(full.rows, best.rows, full.paper.height);
  return { ...full, cols, rows, perPage: cols.count * rows.count };
}

/** Degrees a face is turned clockwise on its page. */
export type Turn = 0 | 90 | 180 | 270;

/** A face placed on a page: its trim rectangle, how far its art reaches past each side, and its turn. */
export interface Placement {
  /** The trim rectangle as it lies on the page (a quarter-turned card's is as wide as the card is tall), from the page's top-left corner. */
  readonly trim: Rect;
  /** Past each side of the trim as it lies on the page. */
  readonly bleed: Sides;
  readonly rotate: Turn;
}

/**
 * The turn of a back mirrored behind a face turned `rotate`: a mirror reverses the sense of a turn,
 * so a turned card's back relates to its face as an upright card's does (turned over like a book
 * page for the long edge, over its top for the short edge); `extra` is the half turn a fold across
 * the page adds.
 */
export function mirroredTurn(rotate: Turn, extra: 0 | 180 = 0): Turn {
  return ((360 - rotate + extra) % 360) as Turn;
}

/** The slot at `index` (row by row, left to right) of a grid. */
export function slot(grid: Grid, index: number): Placement {
  const col = index % grid.cols.count;
  const row = Math.floor(index / grid.cols.count);
  const side = (a: Axis, i: number, first: boolean) => (first ? (i === 0 ? a.outerBleed : a.innerBleed) : i === a.count - 1 ? a.outerBleed : a.innerBleed);
  return {
    trim: { x: grid.cols.start + col * grid.cols.step, y: grid.rows.start + row * grid.rows.step, width: grid.cols.card, height: grid.rows.card },
    bleed: { left: side(grid.cols, col, true), right: side(grid.cols, col, false), top: side(grid.rows, row, true), bottom: side(grid.rows, row, false) },
    rotate: grid.turned ? 90 : 0,
  };
}

/**
 * Where a front's back goes on the back of the sheet, as the back page is printed (its own
 * top-left origin). Long edge: the sheet turns like a book page, so columns are mirrored. Short
 * edge: it turns over its top, so rows are mirrored. `offset` (mm, right and down as the back is
 * seen) corrects a printer that shifts the back side.
 */
export function mirrorForDuplex(p: Placement, paper: Size, duplex: Exclude<Duplex, 'none'>, offset: { x: number; y: number } = { x: 0, y: 0 }): Placement {
  const { trim, bleed } = p;
  if (duplex === 'long') {
    return {
      trim: { ...trim, x: paper.width - trim.x - trim.width + offset.x, y: trim.y + offset.y },
      bleed: { ...bleed, left: bleed.right, right: bleed.left },
      rotate: mirroredTurn(p.rotate),
    };
  }
  return {
    trim: { ...trim, x: trim.x + offset.x, y: paper.height - trim.y - trim.height + offset.y },
    bleed: { ...bleed, top: bleed.bottom, bottom: bleed.top },
    rotate: mirroredTurn(p.rotate),
  };
}

/** A gutter-fold sheet: fronts on one half, backs on the other, folded along `fold`. */
export interface GutterFold {
  readonly paper: Size;
  /** `vertical`: the paper is landscape, fronts on the left half, backs on the right. `horizontal`: portrait, fronts on top, backs below. */
  readonly fold: 'vertical' | 'horizontal';
  /** The grid of fronts, laid on the front half (its `paper` is that half). */
  readonly grid: Grid;
  readonly perPage: number;
}

/**
 * The better of the two gutter folds for this card: landscape paper folded down the middle (backs
 * mirrored left to right, upright) or portrait folded across (backs mirrored top to bottom and
 * turned 180 degrees, so a card turned like a book page reads upright on both sides).
 */
export function fitGutterFold(o: GridOptions): { layout: GutterFold; warnings: string[] } {
  const long = Math.max(o.paper.width, o.paper.height);
  const short = Math.min(o.paper.width, o.paper.height);
  const tryFold = (fold: GutterFold['fold']) => {
    const paper = fold === 'vertical' ? { width: long, height: short } : { width: short, height: long };
    const half = fold === 'vertical' ? { width: paper.width / 2, height: paper.height } : { width: paper.width, height: paper.height / 2 };
    try {
      const fit = fitGrid({ ...o, paper: half });
      return { layout: { paper, fold, grid: fit.grid, perPage: fit.grid.perPage }, warnings: fit.warnings };
    } catch {
      return undefined; // this fold does not fit: the caller tries the other
    }
  };
  const vertical = tryFold('vertical');
  const horizontal = tryFold('horizontal');
  // More a sheet wins; on a tie, cards upright, then the vertical fold.
  const rank = (f: typeof vertical) => (f ? f.layout.perPage * 2 + (f.layout.grid.turned ? 0 : 1) : -1);
  const best = rank(vertical) >= rank(horizontal) ? vertical : horizontal;
  if (!best) throw new RangeError(`a ${fmt(o.card.width)} x ${fmt(o.card.height)} mm card does not fit on half a sheet for a gutter fold`);
  return best;
}

/** Where the back of a front placed by a gutter fold goes: mirrored across the fold line. */
export function mirrorForFold(p: Placement, layout: GutterFold): Placement {
  const { trim, bleed } = p;
  if (layout.fold === 'vertical') {
    return {
      trim: { ...trim, x: layout.paper.width - trim.x - trim.width },
      bleed: { ...bleed, left: bleed.right, right: bleed.left },
      rotate: mirroredTurn(p.rotate),
    };
  }
  return {
    trim: { ...trim, y: layout.paper.height - trim.y - trim.height },
    // Bleed sides are the page's: mirrored top to bottom. The face is drawn turned 180 degrees.
    bleed: { ...bleed, top: bleed.bottom, bottom: bleed.top },
    rotate: mirroredTurn(p.rotate, 180),
  };
}

/** Pages needed for `count` items at `perPage` a page (at least one when there is anything). */
export function pageCount(count: number, perPage: number): number {
  return count === 0 ? 0 : Math.ceil(count / perPage);
}

/** Millimetres as short text: 3, 2.5, 63.5. */
export function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The size a card printable prints at for a requested --card size, and why when it differs. */
export function cardSize(p: CardPrintable, requested: Size): { size: Size; warning?: string } {
  if (p.size) return { size: p.size };
  const min = p.minSize;
  if (!min || (requested.width >= min.width && requested.height >= min.height)) return { size: requested };
  // The smallest standard card (by area) the text fits, else the least size itself.
  const fits = Object.values(CARD_SIZES)
    .filter((c) => c.width >= min.width && c.height >= min.height)
    .sort((a, b) => a.width * a.height - b.width * b.height);
  const size = fits[0] ?? min;
  return {
    size,
    warning: `${p.id}: its text does not fit ${requested.width} x ${requested.height} mm cards; printed at ${size.width} x ${size.height} mm instead`,
  };
}
