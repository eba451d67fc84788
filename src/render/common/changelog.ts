// The "Errata since REV" pages of a pack's errata sheet (`playmark render --errata-since REV`):
// what changed in the pack's effective content since REV, as `playmark diff REV --format markdown`
// publishes it, laid out as data the errata template prints. Values are named in their table's own
// terms (the diff's `where`: "Erdon Pass, combat results, row 2, column +4"), each with the layer
// entry that set it; layer entries added, removed or changed with their kind and reason. Nothing
// here knows a game: the words come from src/content/diff.ts.
import { flow, type ContentDiff, type LayerEntryChange, type LayerEntryInfo, type PackDiff, type RecordRef, type ValueChange } from '../../content/diff.js';
import type { DiffSides } from '../../content/diff-format.js';
import type { Json } from '../../content/model.js';

/** `render --errata-since REV`: the comparison of REV with the working tree, for every pack rendered. */
export interface ErrataSince {
  /** The revision (or folder) as the user gave it: `HEAD`, `v1.0`. */
  readonly since: string;
  readonly sides: DiffSides;
  readonly diff: ContentDiff;
}

type EntryKind = LayerEntryInfo['kind'];

/** Which layer entry set (or stopped setting) a changed value. */
export interface ChangeCause {
  readonly entry: string;
  readonly kind: EntryKind;
  /** The entry is gone since REV: the value went back to what the layers below it give. */
  readonly removed: boolean;
}

export interface ChangelogValue {
  readonly where: string;
  readonly before: string;
  readonly after: string;
  readonly causes: readonly ChangeCause[];
}

/** A record whose values changed (or pack.yaml), with some of its changed values (a page's share). */
export interface ChangelogRecord {
  readonly name: string;
  /** `spread erdon-pass`, or '' for pack.yaml. */
  readonly ref: string;
  readonly continued: boolean;
  readonly values: readonly ChangelogValue[];
}

export interface ChangelogEntry {
  readonly status: 'added' | 'removed' | 'changed';
  /** Added, Removed, Changed. */
  readonly statusTitle: string;
  readonly entry: string;
  readonly kind: EntryKind;
  readonly layer: string;
  readonly where: string;
  readonly value: string;
  /** For a changed entry: each field that differs, with its old and new value (the reason apart). */
  readonly fields: readonly { readonly field: string; readonly before: string; readonly after: string }[];
  readonly reason: string;
  /** For a changed entry whose reason changed: the reason it had before. */
  readonly reasonBefore: string | null;
}

/** A section of a changelog page: changed values (`records`), records added or removed (`items`), or layer entries (`entries`); the other two lists are empty. */
export interface ChangelogSection {
  readonly type: 'values' | 'records' | 'entries';
  readonly title: string;
  readonly about: string;
  /** Carried on from the page before. */
  readonly continued: boolean;
  readonly records: ChangelogRecord[];
  readonly items: { readonly name: string; readonly ref: string }[];
  readonly entries: ChangelogEntry[];
}

/** What the template is given as `since` on a changelog page. */
export interface ChangelogPage {
  /** The revision as given. */
  readonly rev: string;
  /** `HEAD (1a2b3c4)`, `the working tree`. */
  readonly from: string;
  readonly to: string;
  /** The first page of the changelog: it has the heading, the intro and the counts. */
  readonly first: boolean;
  /** `Warchon 1.0.0 → 1.0.1`, `Warchon 1.0.0 (new pack)`, or null when the version did not change. */
  readonly versions: string | null;
  readonly counts: readonly { readonly count: number; readonly title: string }[];
  /** No difference since REV. */
  readonly none: boolean;
  readonly sections: readonly ChangelogSection[];
}

const VALUE_MAX = 140;
const REASON_MAX = 700;

/** A value in one line, YAML flow style as `playmark diff` prints it, shortened when long. */
function shown(value: Json | undefined): string {
  if (value === undefined) return '(none)';
  const s = flow(value);
  return s.length > VALUE_MAX ? `${s.slice(0, VALUE_MAX - 1)}\u2026` : s;
}

const oneLine = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > REASON_MAX ? `${t.slice(0, REASON_MAX - 1)}\u2026` : t;
};

/** A pointer's steps, unescaped. */
const steps = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** True when a value at `changed` lies at, under or above an entry's target pointer (`-`, an append, matches any index). */
function overlaps(target: string, changed: string): boolean {
  const a = steps(target);
  const b = steps(changed);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (a[i] === '-' && i === a.length - 1 && /^\d+$/.test(b[i]!)) continue;
    return false;
  }
  return true;
}

/** The layer entries (added, changed or removed since REV) that target a changed value. */
function causesOf(pack: PackDiff, record: RecordRef, change: ValueChange): ChangeCause[] {
  const hits = (e: LayerEntryInfo) => e.target.kind === record.kind && e.target.id === record.id && overlaps(e.target.pointer, change.pointer);
  const out: ChangeCause[] = [];
  for (const e of pack.layerEntries.added) if (hits(e)) out.push({ entry: e.id, kind: e.kind, removed: false });
  for (const c of pack.layerEntries.changed) if (hits(c.after) || hits(c.before)) out.push({ entry: c.id, kind: c.after.kind, removed: false });
  for (const e of pack.layerEntries.removed) if (hits(e)) out.push({ entry: e.id, kind: e.kind, removed: true });
  return out;
}

function recordTitle(r: RecordRef): { name: string; ref: string } {
  return { name: r.name ?? r.id, ref: `${r.kind} ${r.id}` };
}

function entry(status: 'added' | 'removed', e: LayerEntryInfo): ChangelogEntry {
  return {
    status,
    statusTitle: status === 'added' ? 'Added' : 'Removed',
    entry: e.id,
    kind: e.kind,
    layer: e.layer,
    where: e.where,
    value: shown(e.value),
    fields: [],
    reason: oneLine(e.reason),
    reasonBefore: null,
  };
}

function changedEntry(c: LayerEntryChange): ChangelogEntry {
  const { before: a, after: b } = c;
  const fields = c.fields
    .filter((f) => f !== 'reason')
    .map((f) =>
      f === 'target'
        ? { field: 'target', before: a.where, after: b.where }
        : { field: f, before: shown(a[f] as Json | undefined), after: shown(b[f] as Json | undefined) },
    );
  return {
    status: 'changed',
    statusTitle: 'Changed',
    entry: c.id,
    kind: b.kind,
    layer: b.layer,
    where: b.where,
    value: shown(b.value),
    fields,
    reason: oneLine(b.reason),
    reasonBefore: c.fields.includes('reason') ? oneLine(a.reason) : null,
  };
}

// --- page layout ---------------------------------------------------------------------------------
// Heights in millimetres, to split the changelog over pages as errata.ts splits the entries: from
// the template's CSS (errata.hbs, the ch- rules), with line capacities under the measured ones so
// a page never overflows (a test lays long changelogs out in Chromium and checks every page fits).
const PAGE_HEIGHT = 259;
const FIRST_HEADER = 42;
const NEXT_HEADER = 14;
const FOOTER = 8;
const SPARE = 3;
const SECTION_HEADING = 7.6;
const RECORD_CHROME = 7;
const VALUE_LINE = 3.6;
const VALUE_CHARS = 120;
const ITEM_LINE = 3.9;
const ITEMS_CHROME = 3.5;
const ITEMS_PER_LINE = 3;
const ENTRY_CHROME = 7.5;
const ENTRY_HEAD_LINE = 3.2;
const ENTRY_HEAD_WIDTH = 128;
const SMALL_LINE = 3.34;
const SMALL_CHARS = 112;
const BEFORE_CHARS = 160;
const REASON_LINE = 3.58;
const REASON_CHARS = 150;

/** Lines a greedy word wrap takes at `capacity` characters a line. */
function wrappedLines(text: string, capacity: number): number {
  let lines = 1;
  let current = 0;
  for (const word of text.split(/\s+/)) {
    if (word.length === 0) continue;
    if (current === 0) {
      lines += Math.floor(word.length / capacity);
      current = word.length % capacity;
    } else if (current + 1 + word.length <= capacity) current += 1 + word.length;
    else {
      lines += 1 + Math.floor(word.length / capacity);
      current = word.length % capacity;
    }
  }
  return lines;
}

function valueHeight(v: ChangelogValue): number {
  const tags = v.causes.reduce((n, c) => n + c.entry.length + c.kind.length + 10, 0);
  return VALUE_LINE * wrappedLines(`${v.where}: ${v.before} \u2192 ${v.after} ${'x'.repeat(tags)}`, VALUE_CHARS);
}

function entryHeight(e: ChangelogEntry): number {
  // The head line: the status and kind (small capitals), the entry id in mono (wider), where, the layer.
  const head = (e.statusTitle.length + 2) * 1.2 + e.kind.length + 2 + e.entry.length * 1.35 + e.where.length + 2 + (e.layer.length + 6) * 0.9;
  let h = ENTRY_CHROME + ENTRY_HEAD_LINE * (Math.ceil(head / ENTRY_HEAD_WIDTH) - 1);
  h += SMALL_LINE * wrappedLines(`Sets ${e.value}`, SMALL_CHARS);
  for (const f of e.fields) h += SMALL_LINE * wrappedLines(`${f.field}: ${f.before} \u2192 ${f.after}`, SMALL_CHARS);
  h += REASON_LINE * wrappedLines(e.reason, REASON_CHARS);
  if (e.reasonBefore !== null) h += SMALL_LINE * wrappedLines(`Reason before: ${e.reasonBefore}`, BEFORE_CHARS);
  return h;
}

const SECTIONS = {
  values: { title: 'Changed values', about: 'as printed now, with the layer entry that set each' },
  added: { title: 'Records added', about: 'new records printed since' },
  removed: { title: 'Records removed', about: 'no longer printed' },
  entries: { title: 'Layer entries', about: 'errata, inferences, rulings and reconstructions added, removed or changed' },
} as const;

/** The changelog of one pack (its diff, or undefined when it did not change) split into pages. */
export function changelogPages(since: ErrataSince, pack: PackDiff | undefined): ChangelogPage[] {
  const base = { rev: since.since, from: since.sides.a.label, to: since.sides.b.label };
  const counts = pack ? countsOf(pack) : [];
  const versions = pack ? versionsOf(pack) : null;
  if (!pack) return [{ ...base, first: true, versions, counts, none: true, sections: [] }];

  const pages: ChangelogSection[][] = [];
  let page: ChangelogSection[] = [];
  let room = PAGE_HEIGHT - FIRST_HEADER - FOOTER - SPARE;
  const newPage = () => {
    pages.push(page);
    page = [];
    room = PAGE_HEIGHT - NEXT_HEADER - FOOTER - SPARE;
  };
  /** Opens a section on this page (or the next, when not even its first item fits). */
  const open = (type: ChangelogSection['type'], words: { title: string; about: string }, firstItem: number, continued: boolean): ChangelogSection => {
    if (room < SECTION_HEADING + firstItem && page.length > 0) newPage();
    const s: ChangelogSection = { type, ...words, continued, records: [], items: [], entries: [] };
    page.push(s);
    room -= SECTION_HEADING;
    return s;
  };

  // Changed values: pack.yaml first, then each record; a record too long for the room left goes on, continued, on the next page.
  const changed: { title: { name: string; ref: string }; values: ChangelogValue[] }[] = [];
  if (pack.manifest.length > 0)
    changed.push({
      title: { name: 'pack.yaml', ref: '' },
      values: pack.manifest.map((c) => ({ where: c.where, before: shown(c.before), after: shown(c.after), causes: [] })),
    });
  for (const r of pack.records.changed) {
    changed.push({
      title: recordTitle(r),
      values: r.changes.map((c) => ({ where: c.where, before: shown(c.before), after: shown(c.after), causes: causesOf(pack, r, c) })),
    });
  }
  if (changed.length > 0) {
    let section = open('values', SECTIONS.values, RECORD_CHROME + valueHeight(changed[0]!.values[0]!), false);
    for (const r of changed) {
      let current: ChangelogRecord | undefined;
      for (const v of r.values) {
        const h = valueHeight(v);
        if (!current || room < h) {
          if (room < RECORD_CHROME + h) {
            newPage();
            section = open('values', SECTIONS.values, 0, true);
          }
          current = { ...r.title, continued: current !== undefined, values: [] };
          section.records.push(current);
          room -= RECORD_CHROME;
        }
        (current.values as ChangelogValue[]).push(v);
        room -= h;
      }
    }
  }

  for (const status of ['added', 'removed'] as const) {
    const list = pack.records[status].map(recordTitle);
    if (list.length === 0) continue;
    let section = open('records', SECTIONS[status], ITEM_LINE + ITEMS_CHROME, false);
    room -= ITEMS_CHROME;
    for (let i = 0; i < list.length; i += ITEMS_PER_LINE) {
      if (room < ITEM_LINE) {
        newPage();
        section = open('records', SECTIONS[status], 0, true);
        room -= ITEMS_CHROME;
      }
      section.items.push(...list.slice(i, i + ITEMS_PER_LINE));
      room -= ITEM_LINE;
    }
  }

  const entries = [
    ...pack.layerEntries.added.map((e) => entry('added', e)),
    ...pack.layerEntries.changed.map(changedEntry),
    ...pack.layerEntries.removed.map((e) => entry('removed', e)),
  ];
  if (entries.length > 0) {
    let section = open('entries', SECTIONS.entries, entryHeight(entries[0]!), false);
    for (const e of entries) {
      const h = entryHeight(e);
      if (room < h) {
        newPage();
        section = open('entries', SECTIONS.entries, 0, true);
      }
      section.entries.push(e);
      room -= h;
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages.map((sections, i) => ({ ...base, first: i === 0, versions, counts, none: false, sections }));
}

function countsOf(p: PackDiff): { count: number; title: string }[] {
  const values = p.manifest.length + p.records.changed.reduce((n, r) => n + r.changes.length, 0);
  const le = p.layerEntries;
  const entries = le.added.length + le.removed.length + le.changed.length;
  return [
    { count: values, title: values === 1 ? 'value changed' : 'values changed' },
    { count: p.records.added.length, title: 'records added' },
    { count: p.records.removed.length, title: 'records removed' },
    { count: entries, title: entries === 1 ? 'layer entry' : 'layer entries' },
  ];
}

function versionsOf(p: PackDiff): string | null {
  if (p.status === 'added') return `${p.b!.title} ${p.b!.version} (new pack)`;
  if (p.status === 'removed') return null;
  return p.a!.version === p.b!.version ? null : `${p.b!.title} ${p.a!.version} \u2192 ${p.b!.version}`;
}
