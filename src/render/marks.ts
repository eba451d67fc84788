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

/**
 * The same legends for a designer's own game (no `source`, or `source.original`): it transcribes no
 * rule text, so a layer's value is one a later version, an erratum or a ruling set.
 */
export const ORIGINAL_LAYER_LEGEND = 'set by a later version, an erratum or a ruling: see the errata sheet';
export const ORIGINAL_UNKNOWN_LEGEND = 'not yet decided by the designer';

/** A face's legend lines: the layer mark's when the face marks a value, the unknown mark's when it prints one; an original game's words when `original`. */
export function markLegend(marked: boolean, unknown = false, original = false): { symbol: string; text: string }[] {
  const words = original ? { layer: ORIGINAL_LAYER_LEGEND, unknown: ORIGINAL_UNKNOWN_LEGEND } : { layer: LAYER_LEGEND, unknown: UNKNOWN_LEGEND };
  return [...(marked ? [{ symbol: LAYER_MARK, text: words.layer }] : []), ...(unknown ? [{ symbol: UNKNOWN_MARK, text: words.unknown }] : [])];
}

/** The pointer a list of steps stands for: a step starting with `/` is a pointer itself, any other an index or key. Undefined for a step that is neither. */
export function cellPointer(steps: readonly unknown[]): string | undefined {
  let pointer = '';
  for (const step of steps) {
    if (typeof step === 'string' && step.startsWith('/')) pointer += step === '/' ? '' : step.replace(/\/$/, '');
    else if (typeof step === 'string') pointer += `/${step.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    else if (typeof step === 'number' && Number.isInteger(step) && step >= 0) pointer += `/${step}`;
    else return undefined;
  }
  return pointer;
}

/** True when a face's marks mark the value at `pointer` of `record`, or a value holding it (a row, a table). */
export function markedAt(marks: Readonly<Record<string, number>> | undefined, record: string, pointer: string): boolean {
  if (!marks) return false;
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    if (marks[markKey(record, p)] !== undefined) return true;
    if (p === '') return false;
  }
}

/** The attribute on each line of the `legend` helper naming the mark it explains (`layer` or `unknown`). */
export const LEGEND_LINE = 'data-legend';

/**
 * A face's HTML with the `legend` helper's lines kept only for marks the face printed: the `*`
 * line when a layer mark is on it, the `?` line when an unknown mark is, and the legend dropped
 * when no line is left. A template may mark some of the values a layer set, or none, wherever it
 * prints its legend, and the legend never explains a mark that is not there.
 */
export function legendAsPrinted(html: string, original = false): string {
  const line = new RegExp(`<p ${LEGEND_LINE}="(layer|unknown)">.*?</p>`, 'g');
  if (!line.test(html)) return html;
  const rest = html.replace(line, '');
  const printed = { layer: rest.includes('class="layer-mark"'), unknown: rest.includes('class="unknown-mark"') };
  const kept = html.replace(line, (whole, which: 'layer' | 'unknown') => (printed[which] ? (original ? originalWords(whole) : whole) : ''));
  return kept.replace(/<div class="mark-legend"><\/div>/g, '');
}

/** A legend line in an original game's words: the helper writes the transcription's, not knowing the pack. */
function originalWords(line: string): string {
  return line.replace(LAYER_LEGEND, ORIGINAL_LAYER_LEGEND).replace(UNKNOWN_LEGEND, ORIGINAL_UNKNOWN_LEGEND);
}
