import type { GameDecl } from './game-module.js';
import type { FoundRef } from './schemas.js';
import type { TablePlace } from './table-places.js';

/** A pack's manifest, as `schemas/pack.schema.json` describes it. */
export interface Manifest {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly source: {
    readonly file: string;
    readonly title: string;
    readonly author?: string /** A designer's own game (no `source` in pack.yaml, or `original: true`). */;
    readonly original?: boolean;
    /** Credits and the disclaimer as the rule text prints them, for the kit's cover. */
    readonly credit?: string;
    readonly disclaimer?: string;
  };
  readonly sides: readonly { readonly id: string; readonly name: string; readonly color?: string; readonly colour?: string }[];
  /** What players need besides the printed kit (the cover's "You will also need"). */
  readonly needs?: readonly { readonly what: string; readonly for: string; readonly optional?: boolean }[];
  readonly kinds: Readonly<Record<string, { readonly folder: string; readonly schema: string }>>;
  readonly layers: readonly string[];
  /** The module that plays the pack (game-module.ts), when the pack has one. */
  readonly game?: GameDecl;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One record as loaded from its file. */
export interface LoadedRecord {
  readonly kind: string;
  readonly id: string;
  /** Absolute path of the record's file. */
  readonly file: string;
  /** The base transcription: the file's content. */
  readonly base: JsonObject;
  /** References found while validating the base. */
  refs: readonly FoundRef[];
  /** False when the base breaks its schema: such a record counts for ids but is not linted. */
  readonly valid: boolean;
}

export interface LayerEntry {
  readonly id: string;
  readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction';
  readonly target: { readonly kind: string; readonly id: string; readonly pointer: string };
  readonly value: Json;
  readonly reason: string;
  /** What players read on the errata sheet, in the game's words; `reason` is for maintainers. */
  readonly note?: string;
  readonly source?: string;
}

export interface LoadedLayer {
  readonly id: string;
  readonly title: string;
  readonly file: string;
  readonly entries: readonly LayerEntry[];
}

/** Where an effective value came from, when a layer set it. */
export interface Origin {
  readonly layer: string;
  readonly entry: string;
  readonly kind: LayerEntry['kind'];
  readonly reason: string;
  /** The layer file and the entry's index, to point diagnostics at it. */
  readonly file: string;
  readonly index: number;
  /** The entry's target pointer: the value it set, which holds this value (or is it). */
  readonly at: string;
}

/** A record with its layers applied. */
export interface EffectiveRecord extends LoadedRecord {
  /** The effective content: base plus layers. */
  readonly data: JsonObject;
  /** JSON pointer of each value a layer set, to the entry that set it. */
  readonly origins: ReadonlyMap<string, Origin>;
}

/** A face size in millimetres. */
export interface SizeMm {
  readonly width: number;
  readonly height: number;
}

/** printables.yaml's `copies: { deck, kind }`: as many copies as the deck lists (kind default `deck`). */
export interface DeckCopies {
  readonly deck: string;
  readonly kind?: string;
}

/** One printable as `printables.yaml` declares it (see schemas/printables.schema.json). */
export interface PrintableDecl {
  readonly id: string;
  readonly title: string;
  readonly type: 'sheet' | 'card' | 'counter';
  readonly orientation?: 'portrait' | 'landscape';
  readonly size?: 'poker' | 'bridge' | 'mini' | 'tarot' | SizeMm;
  readonly minSize?: SizeMm;
  readonly records?: {
    readonly kind: string;
    readonly ids?: readonly string[];
    readonly listedIn?: { readonly kind: string; readonly id: string; readonly field: string };
    readonly where?: Readonly<Record<string, string | number | boolean | null>>;
    readonly order?: readonly string[];
    /** A number, a record field holding one, or a deck whose `cards` give each card's copies. */
    readonly copies?: number | string | DeckCopies;
  };
  readonly faces?: 'each' | 'one';
  readonly front: string;
  readonly back?: string;
  /** Cards and counters: the set of sheets shared with the pack's other printables naming it (output `<pack>-<sheets>.pdf`). */
  readonly sheets?: string;
  readonly context?: string;
  readonly finishing?: { readonly twoSided?: 'long' | 'short'; readonly cut?: boolean; readonly fold?: string; readonly assemble?: string };
  /** Why players can do without it: the cover lists it as optional. */
  readonly optional?: string;
}

export interface LoadedPrintables {
  /** Absolute path of printables.yaml. */
  readonly file: string;
  /** The module of the pack's named contexts (`playmark/games/warchon/print`), when it names one. */
  readonly contexts?: string;
  readonly list: readonly PrintableDecl[];
}

export interface Pack {
  readonly id: string;
  /** Absolute path of the pack folder. */
  readonly dir: string;
  readonly manifestFile: string;
  readonly manifest: Manifest;
  readonly layers: readonly LoadedLayer[];
  /** Effective records by kind, each list sorted by id. */
  readonly records: ReadonlyMap<string, readonly EffectiveRecord[]>;
  /** What the pack prints, from printables.yaml (undefined when it has none). */
  readonly printables?: LoadedPrintables;
  /** Where each kind's records hold generic tables (table-places.ts), by kind; kinds with none left out. */
  readonly tables: Readonly<Record<string, readonly TablePlace[]>>;
}
