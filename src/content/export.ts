import { displayPath } from './locate.js';
import type { Json, Pack } from './model.js';

export interface ExportOptions {
  /** The base transcription alone, without layers. */
  readonly base?: boolean;
  /** Say where each value came from: the record's file, or the layer entry that set it. */
  readonly provenance?: boolean;
  /** Working directory that file paths are shown relative to. */
  readonly cwd?: string;
}

/**
 * A pack's content as plain JSON: the manifest, then records grouped by kind (kinds and records
 * sorted by id). With `provenance`, each record also says where its values came from.
 */
export function exportPack(pack: Pack, options: ExportOptions = {}): Json {
  const kinds: Record<string, Json> = {};
  for (const kind of [...pack.records.keys()].sort()) {
    kinds[kind] = pack.records.get(kind)!.map((record) => {
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
    });
  }
  const m = pack.manifest;
  return {
    pack: { id: m.id, title: m.title, version: m.version, source: m.source as unknown as Json, sides: m.sides as unknown as Json, layers: options.base ? [] : [...m.layers] },
    content: options.base ? 'base' : 'effective',
    kinds,
  };
}
