import { originAt } from '../engine/core/lookup.js';
import type { Footnote } from './printable.js';

/** The layer origins of one record, as codegen writes them: JSON pointer to the entry that set it. */
export type Origins = { readonly [pointer: string]: { readonly entry: string; readonly kind: Footnote['kind']; readonly reason: string } } | undefined;

/**
 * Numbers the layer-set values a face shows. `keyOf` names a value for templates: `record/pointer`
 * (e.g. `erdon-pass/rng/4/1`). A value is marked when a layer set it or a value containing it;
 * one footnote per layer entry, numbered in the order values are listed.
 */
export class MarkBook {
  private readonly marks: Record<string, number> = {};
  private readonly notes: Footnote[] = [];
  private readonly byEntry = new Map<string, number>();

  /** Marks every value under `pointers` of `record` that a layer set. */
  add(record: string, origins: Origins, pointers: readonly string[]): this {
    if (!origins) return this;
    for (const pointer of pointers) {
      const origin = originAt(origins, pointer)?.origin;
      if (!origin) continue;
      let n = this.byEntry.get(origin.entry);
      if (n === undefined) {
        n = this.notes.length + 1;
        this.byEntry.set(origin.entry, n);
        this.notes.push({ n, entry: origin.entry, kind: origin.kind, reason: origin.reason });
      }
      this.marks[markKey(record, pointer)] = n;
    }
    return this;
  }

  /** Marks every value of the record a layer set, wherever it is. */
  addAll(record: string, origins: Origins): this {
    return this.add(record, origins, Object.keys(origins ?? {}).sort());
  }

  result(): { marks: Readonly<Record<string, number>>; footnotes: readonly Footnote[] } {
    return { marks: { ...this.marks }, footnotes: [...this.notes] };
  }
}

export function markKey(record: string, pointer: string): string {
  return `${record}${pointer}`;
}

/**
 * The one mark a player's face prints beside every value a layer set (whatever the layer entry's
 * kind), and the words its legend gives: the entry, its kind and its reason are on the errata sheet.
 */
export const LAYER_MARK = '*';
export const LAYER_LEGEND = 'not printed in the source: see the errata sheet';
/** What a face prints for a value nobody knows (null, and no layer sets it), and its legend. */
export const UNKNOWN_MARK = '?';
export const UNKNOWN_LEGEND = 'not printed in the source, and not known';

/** A face's legend lines: the layer mark's when the face marks a value, the unknown mark's when it prints one. */
export function markLegend(marked: boolean, unknown = false): { symbol: string; text: string }[] {
  return [...(marked ? [{ symbol: LAYER_MARK, text: LAYER_LEGEND }] : []), ...(unknown ? [{ symbol: UNKNOWN_MARK, text: UNKNOWN_LEGEND }] : [])];
}
