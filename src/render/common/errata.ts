// The errata sheet: every layer entry of a pack (errata, inferences, rulings, reconstructions),
// each with its target record and pointer, the value it set and its reason. Read from the generated module's
// `layers` (the entries as written, in the order they apply), paginated onto as many pages as it takes.
import type { Footnote } from '../printable.js';
import type { BuildContext, Face, SheetPrintable } from '../printable.js';
import { changelogPages } from './changelog.js';
import { recordName, type PackContent } from './content.js';

type Kind = Footnote['kind'];

const GROUPS: readonly { kind: Kind; title: string; about: string }[] = [
  { kind: 'erratum', title: 'Errata', about: 'An erratum corrects a value the rule text prints wrongly.' },
  { kind: 'inference', title: 'Inferences', about: 'An inference completes a value from a pattern the rule text shows.' },
  { kind: 'ruling', title: 'Rulings', about: 'A ruling decides what the rule text leaves open.' },
  { kind: 'reconstruction', title: 'Reconstructions', about: 'A reconstruction invents what the source lacks so the game can be played.' },
];

export interface ErrataEntry {
  readonly entry: string;
  readonly kind: Kind;
  readonly layer: string;
  readonly target: { readonly kind: string; readonly id: string; readonly name: string | null; readonly pointer: string };
  readonly value: string;
  readonly reason: string;
}

/** Every layer entry of the pack, once each, grouped by kind, in the order the layers apply. */
export function errataEntries(content: PackContent): ErrataEntry[] {
  const out: ErrataEntry[] = [];
  for (const layer of content.layers) {
    for (const e of layer.entries) {
      const record = content.records[e.target.kind]?.[e.target.id];
      const name = record && typeof record === 'object' ? recordName(record as Record<string, unknown>, e.target.id) : e.target.id;
      out.push({
        entry: e.id,
        kind: e.kind,
        layer: layer.id,
        target: { kind: e.target.kind, id: e.target.id, name: name === e.target.id ? null : name, pointer: e.target.pointer },
        value: formatValue(e.value),
        reason: e.reason,
      });
    }
  }
  const kindIndex = (k: Kind) => GROUPS.findIndex((g) => g.kind === k);
  // A stable sort: within a kind, entries keep the order the layers apply them in.
  return out.map((e, i) => ({ e, i })).sort((a, b) => kindIndex(a.e.kind) - kindIndex(b.e.kind) || a.i - b.i).map(({ e }) => e);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const VALUE_MAX = 150;

/** A layer-set value in one line: scalars as they are, lists and objects as compact JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}\u2026` : value;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > VALUE_MAX ? `${json.slice(0, VALUE_MAX - 1)}\u2026` : json;
}

// Page layout in millimetres, for splitting the entries over pages: measured in Chromium from the
// template (errata.hbs), with line capacities a little under the measured ones so a page never
// overflows (greedy word wrap at these capacities never counted fewer lines than Chromium drew).
const PAGE_HEIGHT = 259;
const FIRST_HEADER = 33;
const NEXT_HEADER = 14;
const FOOTER = 8;
const SPARE = 3;
const GROUP_HEADING = 10;
const ENTRY_CHROME = 6.7;
const HEADER_LINE = 3.8;
const HEADER_WIDTH = 118;
const REASON_LINE = 3.58;
const REASON_CHARS = 150;
const VALUE_LINE = 3.34;
const VALUE_CHARS = 112;

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

function entryHeight(e: ErrataEntry): number {
  // The header line: the entry id in mono (wider), the target, the layer.
  const header = e.entry.length * 1.35 + (e.target.kind.length + e.target.id.length + (e.target.name?.length ?? 0) + e.target.pointer.length + 8) + (e.layer.length + 6) * 0.9 + 6;
  const headerLines = header > HEADER_WIDTH ? 2 : 1;
  const valueLines = Math.ceil((e.value.length + 5) / VALUE_CHARS);
  return ENTRY_CHROME + HEADER_LINE * (headerLines - 1) + VALUE_LINE * valueLines + REASON_LINE * wrappedLines(e.reason, REASON_CHARS);
}

interface Group {
  kind: Kind;
  title: string;
  about: string;
  count: number;
  continued: boolean;
  entries: ErrataEntry[];
}

/** The entries split into pages, each page a list of (partial) groups. */
export function paginate(entries: readonly ErrataEntry[]): Group[][] {
  const pages: Group[][] = [];
  let page: Group[] = [];
  let room = PAGE_HEIGHT - FIRST_HEADER - FOOTER - SPARE;
  const newPage = () => {
    pages.push(page);
    page = [];
    room = PAGE_HEIGHT - NEXT_HEADER - FOOTER - SPARE;
  };
  for (const g of GROUPS) {
    const list = entries.filter((e) => e.kind === g.kind);
    if (list.length === 0) continue;
    let group: Group | undefined;
    for (const e of list) {
      const h = entryHeight(e);
      if (!group) {
        if (room < GROUP_HEADING + h && page.length > 0) newPage();
        group = { kind: g.kind, title: g.title, about: g.about, count: list.length, continued: false, entries: [] };
        page.push(group);
        room -= GROUP_HEADING;
      } else if (room < h) {
        newPage();
        group = { kind: g.kind, title: g.title, about: g.about, count: list.length, continued: true, entries: [] };
        page.push(group);
        room -= GROUP_HEADING;
      }
      group.entries.push(e);
      room -= h;
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

export function errataSheet(content: PackContent, ctx: BuildContext): SheetPrintable {
  const entries = errataEntries(content);
  const pages = paginate(entries);
  // Reconstructions are counted only in a pack that has some (most packs need none).
  const counts = GROUPS.map((g) => ({ kind: g.kind, title: g.title, count: entries.filter((e) => e.kind === g.kind).length })).filter((c) => c.kind !== 'reconstruction' || c.count > 0);
  // With `render --errata-since REV`, the changes since REV come first, on pages of their own.
  const since = ctx.errataSince;
  const changelog = since ? changelogPages(since, since.diff.packs.find((p) => p.id === content.pack.id)) : [];
  const total = changelog.length + pages.length;
  const pack = { id: content.pack.id, title: content.pack.title, version: content.pack.version, source: content.pack.source.file, layers: content.pack.layers };
  const face = (context: Record<string, unknown>, label: string): Face => ({
    context,
    // The sheet lists the layer entries themselves: nothing on it is marked.
    marks: {},
    footnotes: [],
    copies: 1,
    label,
  });
  const faces: Face[] = [
    ...changelog.map((page, i) =>
      // A changelog page: errata.hbs prints `since` (changelog.ts) instead of the entries by kind.
      face({ pack, page: i + 1, pages: total, since: page, version: ctx.playmarkVersion }, `errata since ${page.rev} page ${i + 1}/${changelog.length}`),
    ),
    ...pages.map((groups, i) =>
      face(
        { pack, page: changelog.length + i + 1, pages: total, first: i === 0, total: entries.length, counts, groups, since: null, version: ctx.playmarkVersion },
        `errata page ${i + 1}/${pages.length}`,
      ),
    ),
  ];
  return {
    kind: 'sheet',
    id: `${content.pack.id}-errata`,
    pack: content.pack.id,
    title: `${content.pack.title}: errata, inferences and rulings${since ? ` (with the changes since ${since.since})` : ''}`,
    template: 'common/errata.hbs',
    orientation: 'portrait',
    faces,
  };
}
