// A named context: what a printable's template is given when the pack's printables.yaml names it
// (`context: warchon-spread`) and the module its `contexts` names gives it (src/games/<game>/print/). Each one is a pure function of the pack's effective content (read
// from the YAML on this run) and the records the printable selected; docs/printables.md lists them.
// Without a named context, a template gets the default context (default.ts).
import type { PackContent, RecordOrigins } from '../../content/effective.js';
import type { JsonObject, PrintableDecl } from '../../content/model.js';
import { recordsOfKind, typedContent, type ById } from '../../engine/core/content-of.js';
import type { Face, Size } from '../printable.js';

/** A record a printable selected: in the order `records.order` gives, with its copies. */
export interface SelectedRecord {
  readonly kind: string;
  readonly id: string;
  /** The effective record (base plus layers). */
  readonly data: JsonObject;
  /** Where its layer-set values came from (undefined: as printed). */
  readonly origins: RecordOrigins | undefined;
  /** Copies to print, from `records.copies` (1 by default). */
  readonly copies: number;
}

export interface ContextInput {
  /** The whole pack, for look-ups beyond the selected records (terrains, results, phases...). */
  readonly content: PackContent;
  /** The printable as printables.yaml declares it. */
  readonly printable: PrintableDecl;
  /** The records it shows, selected, filtered and ordered as declared. */
  readonly records: readonly SelectedRecord[];
  /** playmark's version, for sheets that print it. */
  readonly playmarkVersion: string;
}

export interface ContextOutput {
  /** The faces, in print order. */
  readonly faces: readonly Face[];
  /** The back's context (cards and counters with a `back` template). Default: { pack, printable }. */
  readonly back?: Record<string, unknown>;
  /** The least size the faces' text fits (cards sized by --card); overrides the declared minSize. */
  readonly minSize?: Size;
}

export interface NamedContext {
  /** The name printables.yaml gives (`context: warchon-spread`). */
  readonly name: string;
  /** For docs/printables.md: what it shows and what the template is given, in a sentence or two. */
  readonly description: string;
  /** The record kinds it expects in `records.kind` (docs and errors); empty: any. */
  readonly kinds: readonly string[];
  build(input: ContextInput): ContextOutput;
}

/** Named contexts by name: those a pack may use (render/pack-contexts.ts). */
export type NamedContexts = ReadonlyMap<string, NamedContext>;

export type { ById } from '../../engine/core/content-of.js';

/**
 * The records of a kind, seen through the generated type `T` of its schema (content-of.ts: sound
 * because the content was validated against that schema on this run); a kind the pack lacks is empty.
 */
export function recordsOf<T>(content: PackContent, kind: string): ById<T> {
  return recordsOfKind(typedContent<{ readonly [kind: string]: T }>(content), kind);
}
