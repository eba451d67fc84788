// Layer entries grouped by the reason they share. Many Warmaster entries share one reason (27 map
// connections, 27 ruled combat cells): a list of entries can print the shared reason once, then each
// entry. Player-facing faces print no entries (one mark and its legend); this is for lists of them.
import type { Footnote } from '../../../render/printable.js';

/** One entry in a group: its mark number, its id, and what its reason adds to the shared text. */
export interface NoteMember {
  readonly n: number;
  readonly entry: string;
  /** The part of this entry's reason the group does not share; null when it shares all of it. */
  readonly own: string | null;
}

/** Footnotes that share a kind and a reason (or its opening sentences), printed together. */
export interface NoteGroup {
  /** The mark numbers, compressed: `4`, `5–8, 10`. */
  readonly numbers: string;
  readonly kind: Footnote['kind'];
  /** The reason the members share (the whole reason for a group of one). */
  readonly reason: string;
  readonly members: readonly NoteMember[];
  /** More than one entry. */
  readonly grouped: boolean;
  /** Members whose reason adds something to the shared text. */
  readonly detailed: readonly NoteMember[];
  /** Members whose reason is all shared: printed as `n entry` pairs. */
  readonly plain: readonly NoteMember[];
}

/** The shortest shared opening (in characters) worth printing once for several entries. */
const MIN_SHARED = 120;

/**
 * A label before the reason that names the value (`Roll 1, odds 1-2: ...`): the mark shows where
 * the value is, so a group drops it. Only a short opening clause without a sentence end counts.
 */
function withoutLabel(reason: string): string {
  const m = /^[^:.()]{1,40}: (?=\S)/.exec(reason);
  if (!m) return reason;
  const rest = reason.slice(m[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The longest opening two texts share that ends a sentence (or the whole text when equal). */
function sharedOpening(a: string, b: string): string {
  if (a === b) return a;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const common = a.slice(0, i);
  // One text is a whole-sentence opening of the other.
  const shorter = a.length < b.length ? a : b;
  const longer = shorter === a ? b : a;
  if (common === shorter && common.endsWith('.') && longer.charAt(i) === ' ') return common;
  const end = common.lastIndexOf('. ');
  return end >= 0 ? common.slice(0, end + 1) : '';
}

/** The longest closing two texts share that starts a sentence in both (or '' when none). */
function sharedClosing(a: string, b: string): string {
  if (a === b) return a;
  let l = 0;
  while (l < a.length && l < b.length && a[a.length - 1 - l] === b[b.length - 1 - l]) l++;
  const tail = a.slice(a.length - l);
  const startsSentence = (text: string, at: number) => at === 0 || text.slice(Math.max(0, at - 2), at) === '. ';
  for (let k = 0; k < tail.length; k++) {
    if (startsSentence(a, a.length - l + k) && startsSentence(b, b.length - l + k)) return tail.slice(k);
  }
  return '';
}

/** Mark numbers as runs: 1, 2, 3, 5 -> `1–3, 5`. */
export function compressNumbers(ns: readonly number[]): string {
  const sorted = [...ns].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j === i ? String(sorted[i]) : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}\u2013${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** Groups a face's footnotes (in number order): same kind, and a shared opening of at least MIN_SHARED characters. */
export function groupNotes(footnotes: readonly Footnote[]): NoteGroup[] {
  const notes = [...footnotes].sort((a, b) => a.n - b.n).map((f) => ({ f, text: withoutLabel(f.reason) }));
  const used = new Set<number>();
  const groups: NoteGroup[] = [];
  for (const [i, first] of notes.entries()) {
    if (used.has(i)) continue;
    used.add(i);
    const members = [first];
    // Group by a shared opening, or failing that by a shared closing.
    let mode: 'opening' | 'closing' = 'opening';
    let shared = first.text;
    for (const m of ['opening', 'closing'] as const) {
      for (const [j, other] of notes.entries()) {
        if (used.has(j) || other.f.kind !== first.f.kind) continue;
        const s = m === 'opening' ? sharedOpening(shared, other.text) : sharedClosing(shared, other.text);
        if (s.length >= MIN_SHARED) {
          shared = s;
          members.push(other);
          used.add(j);
        }
      }
      if (members.length > 1) {
        mode = m;
        break;
      }
    }
    if (members.length === 1) {
      const m: NoteMember = { n: first.f.n, entry: first.f.entry, own: null };
      groups.push({ numbers: String(first.f.n), kind: first.f.kind, reason: first.f.reason, members: [m], grouped: false, detailed: [], plain: [m] });
      continue;
    }
    const list: NoteMember[] = members.map(({ f, text }) => {
      const own = (mode === 'opening' ? text.slice(shared.length) : text.slice(0, text.length - shared.length)).trim();
      return { n: f.n, entry: f.entry, own: own === '' ? null : own };
    });
    groups.push({
      numbers: compressNumbers(list.map((m) => m.n)),
      kind: first.f.kind,
      reason: shared,
      members: list,
      grouped: true,
      detailed: list.filter((m) => m.own !== null),
      plain: list.filter((m) => m.own === null),
    });
  }
  return groups;
}
