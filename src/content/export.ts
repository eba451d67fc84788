import { displayPath } from './locate.js';
import type { EffectiveRecord, Json, Pack } from './model.js';

export interface ExportOptions {
  /** The base transcription alone, without layers. */
  readonly base?: boolean;
  /** Say where each value came from: the record's file, or the layer entry that set it. */
  readonly provenance?: boolean;
  /** Working directory that file paths are shown relative to. */
  readonly cwd?: string;
  /** Only the records of these kinds (default: every kind). */
  readonly kinds?: readonly string[];
}

/**
 * A pack's content as plain JSON: the manifest, then records grouped by kind (kinds and records
 * sorted by id). With `provenance`, each record also says where its values came from.
 */
export function exportPack(pack: Pack, options: ExportOptions = {}): Json {
  const kinds: Record<string, Json> = {};
  const only = options.kinds ? new Set(options.kinds) : undefined;
  for (const kind of [...pack.records.keys()].sort()) {
    if (only && !only.has(kind)) continue;
    kinds[kind] = pack.records.get(kind)!.map((record) => exportOne(record, options));
  }
  if (only) for (const kind of only) kinds[kind] ??= [];
  const m = pack.manifest;
  return {
    pack: {
      id: m.id,
      title: m.title,
      version: m.version,
      source: exportedSource(m.source),
      // Cast: the sides are plain JSON from the YAML; their interface lacks Json's index signature.
      sides: m.sides as unknown as Json,
      layers: options.base ? [] : [...m.layers],
    },
    content: options.base ? 'base' : 'effective',
    kinds,
  };
}

/** One record's content (as `exportPack` gives it under its kind); with `provenance`, with its kind. */
export function exportRecord(record: EffectiveRecord, options: ExportOptions = {}): Json {
  const one = exportOne(record, options);
  return options.provenance ? { kind: record.kind, ...(one as { [key: string]: Json }) } : one;
}

function exportOne(record: EffectiveRecord, options: ExportOptions): Json {
  const data = (options.base ? record.base : record.data) as Json;
  if (!options.provenance) return data;
  const layers: Record<string, Json> = {};
  if (!options.base) {
    for (const pointer of [...record.origins.keys()].sort()) {
      const o = record.origins.get(pointer)!;
      layers[pointer] = { layer: o.layer, entry: o.entry, kind: o.kind, reason: o.reason };
    }
  }
  return { id: record.id, data, provenance: { source: displayPath(record.file, options.cwd), layers } };
}

/** The manifest's source; a pack written without one (an original game) exports none but `original: true`, never an empty file name. */
function exportedSource(source: Pack['manifest']['source']): Json {
  // Casts: the source is plain JSON from the YAML; its interface lacks Json's index signature.
  if (source.file !== '') return source as unknown as Json;
  const { file: _file, ...rest } = source;
  return rest as unknown as Json;
}
