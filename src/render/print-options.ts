// How to print (every option of `playmark render` that changes a document), the papers, and the
// boxes of a PDF page: read by compose.ts, which lays pages out, and document.ts, which dresses them.
// A leaf: it imports nothing, so every render module may read it without an import circle.

/** A size in millimetres. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle in millimetres, from the top-left corner. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Card backs. `long` (the default) and `short`: each page of fronts is followed by a page of their
 * backs, mirrored for two-sided printing turned on that edge; the same pages serve a sheet glued
 * back to back (long edge) or backs cut out and slipped into sleeves behind their cards. `none`:
 * fronts only, no back pages (sleeves with their own backs, or backs not wanted).
 */
export type Duplex = 'long' | 'short' | 'none';

/** A gap in mm between neighbouring trims, or `auto` (impose.ts AUTO_GAP): a gutter so every card carries its own bleed. */
export type Gap = number | 'auto';

/** Crop marks: short marks at the corners, cut lines across the margin, or none. */
export type CropMarkStyle = 'corner' | 'full' | 'none';

export const PAPER: Readonly<Record<'a4' | 'letter', Size>> = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
};

export type Paper = keyof typeof PAPER;
export type Layout = 'nup' | 'pod';

/** How to print: every option of `playmark render` that changes a document. */
export interface PrintOptions {
  readonly paper: Paper;
  /** The size of cards whose printable does not fix one. */
  readonly card: Size;
  /** mm of art past each trim. */
  readonly bleed: number;
  /** mm between neighbouring trims; 0 shares cut lines; `auto` (default) leaves a gutter so every card carries its own bleed. */
  readonly gap: Gap;
  /** mm kept around the grid's bleed for crop marks. */
  readonly margin: number;
  /** mm at every edge of the paper where nothing prints (home printers print nothing there): art, crop marks, footers. */
  readonly safeMargin: number;
  readonly cropMarks: CropMarkStyle;
  readonly duplex: Duplex;
  /** mm, right and down as the back is seen, added to every back. */
  readonly backOffset: { readonly x: number; readonly y: number };
  readonly gutterFold: boolean;
  readonly layout: Layout;
  readonly inkSaver: boolean;
}

export const DEFAULT_PRINT: PrintOptions = {
  paper: 'a4',
  card: { width: 63, height: 88 },
  bleed: 3,
  gap: 'auto',
  margin: 4,
  safeMargin: 5,
  cropMarks: 'corner',
  duplex: 'long',
  backOffset: { x: 0, y: 0 },
  gutterFold: false,
  layout: 'nup',
  inkSaver: false,
};

/**
 * The box a sheet's face is laid out in, portrait (landscape sheets turn it): it fits both A4 and
 * Letter inside a printer's margins, and is centred on the paper.
 */
export const SHEET_FACE: Size = { width: 190, height: 259 };

/** One PDF page: its exact size and, for print-on-demand, its trim and bleed boxes (mm, from the top-left corner). */
export interface PageBox {
  readonly size: Size;
  readonly trim?: Rect;
  readonly bleed?: Rect;
  /** What the page holds, for tests and progress: `front`, `back`, `sheet`, `calibration`. */
  readonly side: 'front' | 'back' | 'sheet' | 'calibration';
  /** For fronts and backs: the faces on the page (index into the printable's faces; -1 for the back). */
  readonly faces?: readonly number[];
  /** For fronts and backs: each face's trim on the page (mm, from the top-left corner), in the order of `faces`. */
  readonly slots?: readonly Rect[];
  /** For combined sheets (`render --combine`): the printable of each face, in the order of `faces`. */
  readonly printables?: readonly string[];
}
