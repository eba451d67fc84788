// The "latest changes" pages of a pack's errata sheet (`playmark render --errata-since REV`), for
// players: what changed in the pack's effective content since REV, each value in its table's or
// card's words ("Erdon Pass, combat results, row 2, column +4: was D2, now D3") with the mark of the
// layer entry that set it and that entry's sentence for players; records added or removed by name.
// The maintainer's view (entry ids, layers, reasons) is `playmark diff REV --format markdown`.
// Nothing here knows a game: the words come from src/content/diff.ts and the entries' notes.
import type { ContentDiff, LayerEntryInfo, PackDiff, RecordRef, ValueChange } from '../../content/diff.js';
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

/** The kinds in the order marks and legends list them (marks.ts MARK_KINDS; not imported: marks.ts sits above this module). */
const KINDS: readonly EntryKind[] = ['erratum', 'inference', 'ruling', 'reconstruction'];

/** One changed value as players read it. */
export interface ChangelogValue {
  /** Where on the record, in its own words: `combat results, row 2, column +4`, `hits`. */
  readonly where: string;
  /** `was D2, now D3`; `changed` when the values are not ones a table prints. */
  readonly change: string;
  /** The kinds of the layer entries that set it, each once: the marks it prints. */
  readonly kinds: readonly EntryKind[];
  /** Their sentences for players. */
  readonly notes: readonly string[];
}

/** A record whose values changed, with some of its changed values (a page's share). */
export interface ChangelogRecord {
  readonly name: string;
  readonly continued: boolean;
  readonly values: ChangelogValue[];
}

/** A section of a changelog page: changed values (`records`), or records added or removed (`items`). */
export interface ChangelogSection {
  readonly type: 'values' | 'records';
  readonly title: string;
  readonly continued: boolean;
  readonly records: ChangelogRecord[];
  readonly items: string[];
}

/** What the template is given as `since` on a changelog page. */
export interface ChangelogPage {
  /** The first page: it has the heading and the intro. */
  readonly first: boolean;
  /** `since version 1.0.0`, or '' when the pack is new or its version did not change. */
  readonly sinceVersion: string;
  /** No difference since REV. */
  readonly none: boolean;
  readonly sections: readonly ChangelogSection[];
  /** The kinds of the marks this page prints, in legend order. */
  readonly kinds: readonly EntryKind[];
}

/** A value as players read it: a scalar as it is, a row of scalars spaced, null as not printed; undefined for anything else. */
function shown(value: Json | undefined): string | undefined {
  if (value === undefined) return 'none';
  if (value === null) return 'not printed';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(' ');
  return undefined;
}

/** A pointer's last key in words (`/faces/0/hitPoints` → `hit points`): where a value that is no table's cell sits. */
function fieldWords(pointer: string): string {
  const keys = pointer
    .split('/')
    .slice(1)
    .filter((s) => !/^(\d+|-)$/.test(s));
  const last = keys[keys.length - 1] ?? '';
  return last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/** True when a value at `changed` lies at, under or above an entry's target pointer (`-`, an append, matches any index). */
function overlaps(target: string, changed: string): boolean {
  const a = target.split('/').slice(1);
  const b = changed.split('/').slice(1);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (a[i] === '-' && i === a.length - 1 && /^\d+$/.test(b[i]!)) continue;
    return false;
  }
  return true;
}

/** The layer entries (added, changed or removed since REV) behind a changed value, as marks and sentences. */
function causesOf(pack: PackDiff, record: RecordRef, change: ValueChange, sentence: (kind: EntryKind) => string): { kinds: EntryKind[]; notes: string[] } {
  const hits = (e: LayerEntryInfo) => e.target.kind === record.kind && e.target.id === record.id && overlaps(e.target.pointer, change.pointer);
  const kinds: EntryKind[] = [];
  const notes: string[] = [];
  const add = (e: LayerEntryInfo, withdrawn: boolean) => {
    if (!withdrawn) kinds.push(e.kind);
    const note = e.note ?? sentence(e.kind);
    notes.push(withdrawn ? `No longer changed: ${note.charAt(0).toLowerCase()}${note.slice(1)}` : note);
  };
  for (const e of pack.layerEntries.added) if (hits(e)) add(e, false);
  for (const c of pack.layerEntries.changed) if (hits(c.after) || hits(c.before)) add(c.after, false);
  for (const e of pack.layerEntries.removed) if (hits(e)) add(e, true);
  return { kinds, notes: [...new Set(notes)] };
}

/** A record's name for players: its name, else its id in words. */
function recordTitle(r: RecordRef): string {
  const name = r.name ?? r.id.replace(/[-_]+/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function valueOf(pack: PackDiff, r: RecordRef, c: ValueChange, sentence: (kind: EntryKind) => string): ChangelogValue {
  const name = r.name;
  const where = c.cell ? (name !== undefined && c.where.startsWith(`${name}, `) ? c.where.slice(name.length + 2) : c.where) : fieldWords(c.pointer);
  const before = shown(c.before);
  const after = shown(c.after);
  const change = before !== undefined && after !== undefined ? `was ${before}, now ${after}` : 'changed';
  const causes = causesOf(pack, r, c, sentence);
  return { where, change, kinds: KINDS.filter((k) => causes.kinds.includes(k)), notes: causes.notes };
}

// --- page layout ---------------------------------------------------------------------------------
// Heights in millimetres, to split the changelog over pages as errata.ts splits the components
// (from errata.hbs, the ch- rules), with line capacities under the measured ones.
const PAGE_HEIGHT = 259;
const FIRST_HEADER = 40;
const NEXT_HEADER = 14;
const FOOTER = 8;
const SPARE = 4;
const SECTION_HEADING = 7.6;
const RECORD_CHROME = 6;
const VALUE_LINE = 3.7;
const VALUE_CHARS = 105;
const ITEM_LINE = 3.9;
const ITEMS_CHROME = 3.5;
const ITEMS_PER_LINE = 3;

function wrappedLines(text: string, capacity: number): number {
  let lines = 1;
  let current = 0;
  for (const word of text.split(/\s+/)) {
    if (word.length === 0) continue;
    if (current === 0) current = word.length;
    else if (current + 1 + word.length <= capacity) current += 1 + word.length;
    else {
      lines += 1 + Math.floor(word.length / capacity);
      current = word.length % capacity;
    }
  }
  return lines;
}

const valueHeight = (v: ChangelogValue) => 0.6 + VALUE_LINE * wrappedLines(`${v.where}: ${v.change} xx ${v.notes.join(' ')}`, VALUE_CHARS);

const SECTIONS = {
  values: 'Changed values',
  added: 'New',
  removed: 'Removed',
} as const;

/** The changelog of one pack (its diff, or undefined when it did not change) split into pages; `sentence` words an entry without a note for players. */
export function changelogPages(pack: PackDiff | undefined, sentence: (kind: EntryKind) => string): ChangelogPage[] {
  const sinceVersion = pack?.a && pack.b && pack.a.version !== pack.b.version ? `since version ${pack.a.version}` : '';
  const base = { sinceVersion, kinds: [] as EntryKind[] };
  if (!pack) return [{ ...base, first: true, none: true, sections: [] }];

  const pages: ChangelogSection[][] = [];
  let page: ChangelogSection[] = [];
  let room = PAGE_HEIGHT - FIRST_HEADER - FOOTER - SPARE;
  const newPage = () => {
    pages.push(page);
    page = [];
    room = PAGE_HEIGHT - NEXT_HEADER - FOOTER - SPARE;
  };
  const open = (type: ChangelogSection['type'], title: string, firstItem: number, continued: boolean): ChangelogSection => {
    if (room < SECTION_HEADING + firstItem && page.length > 0) newPage();
    const s: ChangelogSection = { type, title, continued, records: [], items: [] };
    page.push(s);
    room -= SECTION_HEADING;
    return s;
  };

  const changed = pack.records.changed.map((r) => ({ name: recordTitle(r), values: r.changes.map((c) => valueOf(pack, r, c, sentence)) }));
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
          current = { name: r.name, continued: current !== undefined, values: [] };
          section.records.push(current);
          room -= RECORD_CHROME;
        }
        current.values.push(v);
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
  if (page.length > 0 || pages.length === 0) pages.push(page);
  const none = pages.every((p) => p.length === 0);
  return pages.map((sections, i) => ({
    ...base,
    first: i === 0,
    none,
    sections,
    kinds: KINDS.filter((k) => sections.some((s) => s.records.some((r) => r.values.some((v) => v.kinds.includes(k))))),
  }));
}
