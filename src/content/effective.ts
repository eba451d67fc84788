// The effective content of a pack as plain data: what every command that prints, resolves or
// simulates works from. It is made from the YAML on each run (load -> validate -> layers -> lint),
// never from an older copy, and has the shape of a generated content module (`generated/content/`),
// so code typed by the generated types reads either.
import type { TablePlace } from './table-places.js';
import { internStrings } from './interned.js';
import { parsePointer, valueAt } from './pointer.js';
import type { Json, JsonObject, LayerEntry, LoadedPrintables, Manifest, Pack } from './model.js';
import { validate, type ValidateOptions, type ValidationResult } from './validate.js';

/** Where a value a layer set came from (the generated `LayerOrigin`). */
export interface ValueOrigin {
  readonly layer: string;
  readonly entry: string;
  readonly kind: LayerEntry['kind'];
  readonly reason: string;
}

/** One record's layer-set values by JSON pointer (the generated `RecordOrigins`). */
export type RecordOrigins = { readonly [pointer: string]: ValueOrigin };

export interface PackContent {
  /** The pack's folder (absolute). */
  readonly dir: string;
  /** The manifest. */
  readonly pack: Manifest;
  /** Effective records by kind, then by id (ids in sorted order). */
  readonly records: { readonly [kind: string]: { readonly [id: string]: JsonObject } };
  /** For each record a layer touched, where each of its layer-set values came from. */
  readonly origins: { readonly [kind: string]: { readonly [id: string]: RecordOrigins } };
  /** The layers and their entries as written, in the order they apply. */
  readonly layers: readonly {
    readonly id: string;
    readonly title: string;
    readonly entries: readonly {
      readonly id: string;
      readonly kind: LayerEntry['kind'];
      readonly target: LayerEntry['target'];
      readonly value: Json;
      readonly reason: string;
      readonly note?: string;
      readonly source?: string;
      /** An erratum's printed value: what the base transcription holds where the erratum writes (`was …` on the errata sheet). */
      readonly printed?: Json;
    }[];
  }[];
  /** What the pack prints (printables.yaml), when it declares anything. */
  readonly printables?: LoadedPrintables;
  /** Where each kind's records hold generic tables (`''` the record itself, `/combatTable` a field), by kind. */
  readonly tables: Readonly<Record<string, readonly TablePlace[]>>;
}

/** A validated pack as plain effective content; the records' and manifest's short strings interned (interned.ts), as the engines compare them at every step. */
export function packContent(pack: Pack): PackContent {
  const records: Record<string, Record<string, JsonObject>> = {};
  const origins: Record<string, Record<string, RecordOrigins>> = {};
  for (const kind of Object.keys(pack.manifest.kinds).sort()) {
    const byId: Record<string, JsonObject> = {};
    const originsById: Record<string, RecordOrigins> = {};
    for (const record of pack.records.get(kind) ?? []) {
      byId[record.id] = internStrings(record.data);
      if (record.origins.size > 0) {
        originsById[record.id] = Object.fromEntries(
          [...record.origins].map(([pointer, o]) => [pointer, { layer: o.layer, entry: o.entry, kind: o.kind, reason: o.reason }]),
        );
      }
    }
    records[kind] = byId;
    origins[kind] = originsById;
  }
  const layers = plainLayers(pack);
  return {
    dir: pack.dir,
    // Cast: the manifest is plain JSON (validated); interning keeps its shape, which Json's type cannot carry.
    pack: internStrings(pack.manifest as unknown as Json) as unknown as Manifest,
    records,
    origins,
    layers,
    tables: pack.tables,
    ...(pack.printables ? { printables: pack.printables } : {}),
  };
}

export interface LoadedContent {
  /** Every diagnostic of the packs read. */
  readonly validation: ValidationResult;
  /** The effective content of each pack, by pack id; empty when any pack has errors. */
  readonly packs: ReadonlyMap<string, PackContent>;
}

/**
 * Reads, validates and layers the packs under `paths`, now. Content with errors yields no packs:
 * callers print `validation` and stop, so nothing is ever made from content with errors.
 */
export function loadContent(paths: readonly string[], options: ValidateOptions = {}): LoadedContent {
  const validation = validate(paths, options);
  const packs = new Map<string, PackContent>();
  if (validation.errors === 0) for (const pack of validation.packs) packs.set(pack.id, packContent(pack));
  return { validation, packs };
}

/** The content a game reads: the pack's effective content as plain data (what a worker thread is sent), without what it prints. */
export function gameContent(pack: PackContent): Omit<PackContent, 'printables'> {
  return { dir: pack.dir, pack: pack.pack, records: pack.records, origins: pack.origins, layers: pack.layers, tables: pack.tables };
}

/** A pack's layer entries as plain data, in the order they apply (what the effective content and a generated content module hold). */
export function plainLayers(pack: Pack) {
  return pack.layers.map((l) => ({
    id: l.id,
    title: l.title,
    entries: l.entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      target: e.target,
      value: e.value,
      reason: e.reason,
      ...(e.note !== undefined ? { note: e.note } : {}),
      ...(e.source !== undefined ? { source: e.source } : {}),
      ...printedValue(pack, e),
    })),
  }));
}

/** What an erratum corrects, as the source prints it: the base record's value at its pointer (none when it adds a value). */
function printedValue(pack: Pack, entry: Pack['layers'][number]['entries'][number]): { printed?: Json } {
  if (entry.kind !== 'erratum' || entry.target.pointer.endsWith('/-')) return {};
  const record = pack.records.get(entry.target.kind)?.find((r) => r.id === entry.target.id);
  if (!record) return {};
  const value = valueAt(record.base, parsePointer(entry.target.pointer));
  return value === undefined ? {} : { printed: value as Json };
}
