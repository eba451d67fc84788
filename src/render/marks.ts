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

type MarkKind = Footnote['kind'];

/**
 * The mark a player's face prints beside a value a layer set: one symbol per kind of layer entry,
 * told apart by shape (not colour), so a player sees at a glance what was corrected, what follows
 * from the printed text, what a ruling decides and what was made up; the face's legend says so.
 */
export const KIND_MARKS: Readonly<Record<MarkKind, string>> = {
  // A heavy cross, not a dagger: the bundled body font has no dagger in its bold weights, and a
  // mark drawn from a system font is a font the PDF was never meant to carry (print-home-kit.test.ts).
  erratum: '\u271A',
  inference: '\u25C7',
  ruling: '\u00A7',
  reconstruction: '\u25C6',
};
/** The legend line of each kind's mark, in players' words. */
export const KIND_LEGENDS: Readonly<Record<MarkKind, string>> = {
  erratum: 'corrected: the source prints it wrongly',
  inference: 'not printed, but follows from the printed text',
  ruling: 'how to play a rule the source leaves unclear',
  reconstruction: 'not in the source: made up so the game can be played',
};
/** The same for a designer's own game (no `source`, or `source.original`): no rule text to follow. */
export const ORIGINAL_KIND_LEGENDS: Readonly<Record<MarkKind, string>> = {
  erratum: 'corrected since an earlier version',
  inference: 'follows from the rules as written',
  ruling: 'how to play a rule the game leaves unclear',
  reconstruction: 'added so the game can be played',
};
/** The kinds in the order legends list them. */
export const MARK_KINDS: readonly MarkKind[] = ['erratum', 'inference', 'ruling', 'reconstruction'];
/** What a face prints for a value nobody knows (null, and no layer sets it), and its legend. */
export const UNKNOWN_MARK = '?';
export const UNKNOWN_LEGEND = 'not printed in the source, and not known';
export const ORIGINAL_UNKNOWN_LEGEND = 'not yet decided by the designer';

/** The HTML of one kind's mark, as every face prints it. */
export function markHtml(kind: MarkKind): string {
  return `<sup class="layer-mark mark-${kind}">${KIND_MARKS[kind]}</sup>`;
}

/** The kinds of a face's footnotes, each once, in legend order. */
export function kindsOf(footnotes: readonly Pick<Footnote, 'kind'>[]): MarkKind[] {
  return MARK_KINDS.filter((k) => footnotes.some((f) => f.kind === k));
}

/** A face's legend lines: one for each kind of mark it prints, the unknown mark's when it prints one; an original game's words when `original`. */
export function markLegend(kinds: readonly MarkKind[], unknown = false, original = false): { symbol: string; text: string; kind: MarkKind | 'unknown' }[] {
  const words = original ? ORIGINAL_KIND_LEGENDS : KIND_LEGENDS;
  return [
    ...MARK_KINDS.filter((k) => kinds.includes(k)).map((k) => ({ symbol: KIND_MARKS[k], text: words[k], kind: k })),
    ...(unknown ? [{ symbol: UNKNOWN_MARK, text: original ? ORIGINAL_UNKNOWN_LEGEND : UNKNOWN_LEGEND, kind: 'unknown' as const }] : []),
  ];
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
  return markNumberAt(marks, record, pointer) !== undefined;
}

/** The footnote number of the mark on the value at `pointer` of `record`, or on the nearest value holding it; undefined when none. */
export function markNumberAt(marks: Readonly<Record<string, number>> | undefined, record: string, pointer: string): number | undefined {
  if (!marks) return undefined;
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const n = marks[markKey(record, p)];
    if (n !== undefined) return n;
    if (p === '') return undefined;
  }
}

/** The attribute on each line of the `legend` helper naming the mark it explains (a kind, or `unknown`). */
export const LEGEND_LINE = 'data-legend';

/**
 * A face's HTML with the `legend` helper's lines kept only for marks the face printed: a kind's
 * line when a mark of that kind is on it, the `?` line when an unknown mark is, and the legend
 * dropped when no line is left. A template may mark some of the values a layer set, or none,
 * wherever it prints its legend, and the legend never explains a mark that is not there.
 */
export function legendAsPrinted(html: string, original = false): string {
  const line = new RegExp(`<p ${LEGEND_LINE}="(erratum|inference|ruling|reconstruction|unknown)">.*?</p>`, 'g');
  if (!line.test(html)) return html;
  const rest = html.replace(line, '');
  const printed = (which: string) => (which === 'unknown' ? rest.includes('class="unknown-mark"') : rest.includes(`layer-mark mark-${which}"`));
  const kept = html.replace(line, (whole, which: MarkKind | 'unknown') => (printed(which) ? (original ? originalWords(whole, which) : whole) : ''));
  return kept.replace(/<div class="mark-legend"><\/div>/g, '');
}

/** A legend line in an original game's words: the helper writes the transcription's, not knowing the pack. */
function originalWords(line: string, which: MarkKind | 'unknown'): string {
  return which === 'unknown' ? line.replace(UNKNOWN_LEGEND, ORIGINAL_UNKNOWN_LEGEND) : line.replace(KIND_LEGENDS[which], ORIGINAL_KIND_LEGENDS[which]);
}
