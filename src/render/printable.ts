// What a pack prints, ready for the pipeline: printables.ts makes these from the pack's
// printables.yaml (data) and a named or default context; the pipeline imposes, prints and checks them.
import type { ErrataSince } from './common/changelog.js';
import type { PrintOptions, Size } from './print-options.js';

export type { Size } from './print-options.js';

/** A value a layer set, as printed on the sheet that shows it: the mark and its footnote. */
export interface Footnote {
  /** The number printed beside each value this entry set (1, 2, ... per face). */
  readonly n: number;
  readonly entry: string;
  readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction';
  readonly reason: string;
}

/** One face: a page of a sheet, or the front of a card. */
export interface Face {
  /** The template's context. Every property a template reads must exist (strict mode). */
  readonly context: Record<string, unknown>;
  /** Layer marks on this face: JSON-pointer key (see marks.ts) to footnote number. */
  readonly marks: Readonly<Record<string, number>>;
  /** The footnotes those marks point to, in number order. */
  readonly footnotes: readonly Footnote[];
  /** How many copies to print (cards: a deck count). */
  readonly copies: number;
  /** Shown in progress lines and errors: e.g. `spread erdon-pass`. */
  readonly label: string;
}

interface PrintableBase {
  /** The output file stem, unique across packs: `<pack>-<name>`, e.g. `warchon-spreads`. */
  readonly id: string;
  readonly pack: string;
  /** Human title, also the PDF's Title. */
  readonly title: string;
  /** The template for one face, relative to templates/ (e.g. `warchon/spread.hbs`). */
  readonly template: string;
  readonly faces: readonly Face[];
  /** The pack, as the page footer and the side palette show it (set for every pack's printables). */
  readonly game?: GameInfo;
}

/** Pages at paper size, one face per page. */
export interface SheetPrintable extends PrintableBase {
  readonly kind: 'sheet';
  readonly orientation: 'portrait' | 'landscape';
}

/** Cards or counters: faces of a fixed size, imposed n-up on paper, with backs for duplex. */
export interface CardPrintable extends PrintableBase {
  readonly kind: 'card';
  /** printables.yaml's `type: counter` (undefined: cards): a combined document is named for the pieces it holds. */
  readonly piece?: 'counter';
  /** The face size; undefined means the size the user picks with --card. */
  readonly size?: Size;
  /**
   * The least width and height the faces' text fits (for printables sized by --card). A --card
   * below it prints at the smallest standard card that fits instead, with a warning, rather than
   * cutting text off.
   */
  readonly minSize?: Size;
  /** The back, shared by every face; undefined means no back is printed. */
  readonly back?: { readonly template: string; readonly context: Record<string, unknown> };
  /**
   * printables.yaml's `sheets`: the id of the set of sheets this printable shares with the pack's
   * other printables naming it. They are printed together, into one `<pack>-<sheets>.pdf`
   * (documents.ts); undefined: a PDF of its own.
   */
  readonly sheets?: string;
}

export type Printable = SheetPrintable | CardPrintable;

/** What every context is given besides the content. */
export interface BuildContext {
  /** Printed on sheets that show odds or content versions. */
  readonly playmarkVersion: string;
  /** `render --errata-since REV`: the changes since REV, printed first on each pack's errata sheet. */
  readonly errataSince?: ErrataSince;
  /** How the printables will be printed (paper, card size, duplex, ...): the cover's checklist reads it. */
  readonly print?: PrintOptions;
  /** `render --combine`: the cover lists each pack's cards and counters as the one document they print in. */
  readonly combine?: boolean;
}

/** The game a document belongs to, for its footer and palette (document.ts gameInfo). */
export interface GameInfo {
  readonly title: string;
  readonly version: string;
  readonly sides: readonly { readonly id: string; readonly colour: string | null }[];
}
