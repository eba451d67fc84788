// The errata sheet, for players: every value the pack's layers set, grouped by the component that
// prints it (a spread, a card, a unit, a table), each in the table's or card's own words with its
// mark and one plain sentence why (the layer entry's `note`). Entries of one component that share a
// sentence are one line. No ids, pointers, files or layer names: those are the maintainer's, in
// `playmark diff --format markdown` and the docs. Paginated onto as many pages as it takes.
import type { BuildContext, Face, Footnote, SheetPrintable } from '../printable.js';
import { describeTarget, type Cell } from '../../content/diff.js';
import { KIND_LEGENDS, MARK_KINDS, ORIGINAL_KIND_LEGENDS } from '../marks.js';
import { changelogPages } from './changelog.js';
import type { PackContent } from './content.js';

type Kind = Footnote['kind'];

/** True for a designer's own game: its source says `original: true`, or it names no rule text. */
export function isOriginal(source: { readonly file?: string; readonly original?: boolean } | undefined): boolean {
  return source === undefined || source.original === true || !source.file;
}

/** What the sheet says of an entry that has no `note` for players: its kind's legend, as a sentence. */
function fallbackNote(kind: Kind, original: boolean): string {
  const words = (original ? ORIGINAL_KIND_LEGENDS : KIND_LEGENDS)[kind];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** One layer entry as the sheet prints it. */
export interface ErrataEntry {
  readonly kind: Kind;
  /** The component that prints the value: its key (kind and id, or the kind alone for records without names), title and what it is. */
  readonly component: { readonly key: string; readonly title: string; readonly about: string };
  /** Where on the component, in its own words (`combat results, row 4`, `Area 14`), or '' when the note says it. */
  readonly place: string;
  /** For a table's value: `not printed; now 2 3 4 5E 1`, an erratum's `was D2, now D3` (a name's `was “imperial Guard”, now “Imperial Guard”`), else ''. */
  readonly change: string;
  /** The sentence for players. */
  readonly note: string;
}

/** Words for an id or a kind: `ship-area` → `ship area`. */
const words = (id: string) => id.replace(/[-_]+/g, ' ').trim();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A value as a table prints it: a scalar as it is, a row of scalars spaced; '' for anything else. */
function tableValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(' ');
  return '';
}

/** Every layer entry of the pack, in the order the layers apply them, as the sheet words it. */
export function errataEntries(content: PackContent): ErrataEntry[] {
  const original = isOriginal(content.pack.source);
  const all = content.layers.flatMap((l) => l.entries);
  // Records without a name: when several of one kind carry entries, they make one component (the kind's), each named apart.
  const nameless = new Map<string, Set<string>>();
  const nameOf = (kind: string, id: string): string | null => {
    const record = content.records[kind]?.[id] as Record<string, unknown> | undefined;
    return record && typeof record.name === 'string' && record.name.trim() !== '' ? record.name : null;
  };
  for (const e of all) {
    if (nameOf(e.target.kind, e.target.id) !== null) continue;
    const set = nameless.get(e.target.kind) ?? new Set<string>();
    set.add(e.target.id);
    nameless.set(e.target.kind, set);
  }
  return all.map((e) => {
    const { kind: rk, id } = e.target;
    const name = nameOf(rk, id);
    const shared = name === null && (nameless.get(rk)?.size ?? 0) > 1;
    const title = name ?? (shared ? `${capital(words(rk))}s` : capital(words(id)));
    const about = shared || title.toLowerCase().includes(words(rk).toLowerCase()) ? '' : words(rk);
    const described: { where: string; cell?: Cell } = describeTarget(content, e.target);
    let place = '';
    let change = '';
    const printed = e.kind === 'erratum' && e.printed !== undefined ? tableValue(e.printed) : '';
    if (described.cell) {
      place = name !== null && described.where.startsWith(`${name}, `) ? described.where.slice(name.length + 2) : described.where;
      const now = tableValue(e.value);
      if (now !== '') change = printed !== '' ? `was ${printed}, now ${now}` : e.kind === 'erratum' ? `corrected to ${now}` : `not printed; now ${now}`;
    } else {
      if (shared) place = capital(words(id));
      // A corrected word or number off a table (a name, a value on a card): the field, and both values quoted.
      const now = tableValue(e.value);
      if (printed !== '' && now !== '') {
        const field = words(String(e.target.pointer.split('/').pop()));
        place = place === '' ? capital(field) : `${place}, ${field}`;
        change = `was \u201c${printed}\u201d, now \u201c${now}\u201d`;
      }
    }
    return {
      kind: e.kind,
      component: { key: shared ? rk : `${rk}\0${id}`, title, about },
      place,
      change,
      note: e.note ?? fallbackNote(e.kind, original),
    };
  });
}

/** One line of the sheet: one entry, or several of one component that share their kind and sentence. */
export interface ErrataLine {
  readonly kind: Kind;
  readonly place: string;
  readonly change: string;
  readonly note: string;
}

/** Whole numbers as ranges: 4, 5, 6, 9 → `4–6, 9`. */
function ranges(ns: readonly number[]): string {
  const sorted = [...new Set(ns)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(j > i ? `${sorted[i]}\u2013${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * Several places as one: their common lead once (`combat results`), then what differs: `rows 4–5`
 * when each is a word and a number, `24 cells, rows 1–6` for many cells, else listed.
 */
export function joinPlaces(places: readonly string[]): string {
  if (places.length === 1) return places[0]!;
  const parts = places.map((p) => p.split(', '));
  let lead = 0;
  while (parts.every((p) => p.length > lead + 1 && p[lead] === parts[0]![lead])) lead++;
  const head = parts[0]!.slice(0, lead).join(', ');
  const tails = parts.map((p) => p.slice(lead));
  const numbered = tails.map((t) => /^(\S+) (\d+)$/.exec(t[0]!));
  const word = numbered[0]?.[1];
  let rest: string;
  if (word !== undefined && numbered.every((m) => m !== null && m[1] === word)) {
    const nums = numbered.map((m) => Number(m![2]));
    const plural = `${word}${word.endsWith('s') ? '' : 's'}`;
    rest = tails.every((t) => t.length === 1) ? `${plural} ${ranges(nums)}` : `${tails.length} cells, ${plural} ${ranges(nums)}`;
  } else rest = tails.map((t) => t.join(', ')).join('; ');
  return head ? `${head}, ${rest}` : rest;
}

/** A component with its lines, as a page prints it. */
export interface ErrataComponent {
  readonly title: string;
  readonly about: string;
  /** Carried on from the page before. */
  readonly continued: boolean;
  readonly lines: ErrataLine[];
}

/** The entries by component (in the order their first entry applies), each component's entries of one kind and sentence on one line. */
export function errataComponents(entries: readonly ErrataEntry[]): Omit<ErrataComponent, 'continued'>[] {
  const byComponent = new Map<string, { title: string; about: string; entries: ErrataEntry[] }>();
  for (const e of entries) {
    const c = byComponent.get(e.component.key) ?? { title: e.component.title, about: e.component.about, entries: [] };
    c.entries.push(e);
    byComponent.set(e.component.key, c);
  }
  return [...byComponent.values()].map((c) => {
    const lines = new Map<string, ErrataEntry[]>();
    for (const e of c.entries) {
      const key = `${e.kind}\0${e.note}`;
      lines.set(key, [...(lines.get(key) ?? []), e]);
    }
    return {
      title: c.title,
      about: c.about,
      lines: [...lines.values()].map((list) => {
        const places = list.map((e) => e.place).filter((p) => p !== '');
        return {
          kind: list[0]!.kind,
          place: places.length === list.length ? joinPlaces(places) : '',
          // One entry says what it changed; the values of several are on the component itself, marked.
          change: list.length === 1 ? list[0]!.change : '',
          note: list[0]!.note,
        };
      }),
    };
  });
}

// Page layout in millimetres, for splitting the components over pages: from the template's CSS
// (errata.hbs), with a line's capacity under what Chromium draws, so a page never overflows (a test
// lays every pack's sheet out in Chromium and checks each page fits).
const PAGE_HEIGHT = 259;
const FIRST_HEADER = 50;
const NEXT_HEADER = 26;
const FOOTER = 8;
const SPARE = 4;
const HEADING = 7.5;
const LINE_GAP = 0.65;
const TEXT_LINE = 4.05;
const LINE_CHARS = 122;

/** Lines a greedy word wrap takes at `capacity` characters a line. */
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

const lineHeight = (l: ErrataLine) => LINE_GAP + TEXT_LINE * wrappedLines(`${l.place}: ${l.change} ${l.note}`, LINE_CHARS);

/** The components split into pages; a component too long for the room left goes on, continued, on the next page. */
export function paginate(components: readonly Omit<ErrataComponent, 'continued'>[]): ErrataComponent[][] {
  const pages: ErrataComponent[][] = [];
  let page: ErrataComponent[] = [];
  let room = PAGE_HEIGHT - FIRST_HEADER - FOOTER - SPARE;
  const newPage = () => {
    pages.push(page);
    page = [];
    room = PAGE_HEIGHT - NEXT_HEADER - FOOTER - SPARE;
  };
  for (const c of components) {
    let part: ErrataComponent | undefined;
    for (const l of c.lines) {
      const h = lineHeight(l);
      if (!part || room < h) {
        if (room < HEADING + h && page.length > 0) newPage();
        part = { title: c.title, about: c.about, continued: part !== undefined, lines: [] };
        page.push(part);
        room -= HEADING;
      }
      part.lines.push(l);
      room -= h;
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

/** The legend of the marks a page prints: one line per kind on it, in legend order. */
function legendOf(kinds: readonly Kind[], original: boolean) {
  const words = original ? ORIGINAL_KIND_LEGENDS : KIND_LEGENDS;
  return MARK_KINDS.filter((k) => kinds.includes(k)).map((k) => ({ kind: k, text: words[k] }));
}

export function errataSheet(content: PackContent, ctx: BuildContext): SheetPrintable {
  const original = isOriginal(content.pack.source);
  // With `render --errata-since REV`, the changes since REV come first, on pages of their own.
  const since = ctx.errataSince;
  const changelog = since
    ? changelogPages(
        since.diff.packs.find((p) => p.id === content.pack.id),
        (kind) => fallbackNote(kind, original),
      )
    : [];
  const pages = paginate(errataComponents(errataEntries(content)));
  const total = changelog.length + pages.length;
  const pack = { title: content.pack.title, version: content.pack.version, original };
  const face = (context: Record<string, unknown>, label: string): Face => ({
    context,
    // The sheet prints each line's mark itself: no face's marks to number.
    marks: {},
    footnotes: [],
    copies: 1,
    label,
  });
  const faces: Face[] = [
    ...changelog.map((page, i) =>
      // A changelog page: errata.hbs prints `since` (changelog.ts) instead of the components.
      face(
        { pack, page: i + 1, pages: total, since: page, legend: legendOf(page.kinds, original) },
        `errata, latest changes page ${i + 1}/${changelog.length}`,
      ),
    ),
    ...pages.map((components, i) =>
      face(
        {
          pack,
          first: i === 0,
          page: changelog.length + i + 1,
          pages: total,
          components,
          legend: legendOf(
            components.flatMap((c) => c.lines.map((l) => l.kind)),
            original,
          ),
          since: null,
        },
        `errata page ${i + 1}/${pages.length}`,
      ),
    ),
  ];
  return {
    kind: 'sheet',
    id: `${content.pack.id}-errata`,
    pack: content.pack.id,
    title: `${content.pack.title}: errata, inferences and rulings${since ? ' (with the latest changes)' : ''}`,
    template: 'common/errata.hbs',
    orientation: 'portrait',
    faces,
  };
}
