// The errata sheet: every layer entry of a pack (errata, inferences, rulings, reconstructions),
// each with its target record and pointer, the value it set and its reason. Read from the generated module's
// `layers` (the entries as written, in the order they apply), paginated onto as many pages as it takes.
import type { Footnote } from '../printable.js';
import type { BuildContext, Face, SheetPrintable } from '../printable.js';
import { describeTarget } from '../../content/diff.js';
import { changelogPages } from './changelog.js';
import { recordName, type PackContent } from './content.js';

type Kind = Footnote['kind'];

const GROUPS: readonly { kind: Kind; title: string; about: string }[] = [
  { kind: 'erratum', title: 'Errata', about: 'An erratum corrects a value the rule text prints wrongly.' },
  { kind: 'inference', title: 'Inferences', about: 'An inference completes a value from a pattern the rule text shows.' },
  { kind: 'ruling', title: 'Rulings', about: 'A ruling decides what the rule text leaves open.' },
  { kind: 'reconstruction', title: 'Reconstructions', about: 'A reconstruction invents what the source lacks so the game can be played.' },
];

/** The groups' words for an original game (`source.original`, or no rule text): layer entries are changes between its versions. */
const ORIGINAL_ABOUT: Readonly<Record<Kind, string>> = {
  erratum: 'An erratum corrects a value an earlier version printed wrongly.',
  inference: 'An inference completes a value from a pattern the game shows.',
  ruling: 'A ruling decides what the rules leave open.',
  reconstruction: 'A reconstruction adds what the game needs to be played.',
};

/** True for a designer's own game: its source says `original: true`, or it names no rule text. */
export function isOriginal(source: { readonly file?: string; readonly original?: boolean } | undefined): boolean {
  return source === undefined || source.original === true || !source.file;
}

export interface ErrataEntry {
  readonly entry: string;
  readonly kind: Kind;
  readonly layer: string;
  readonly target: { readonly kind: string; readonly id: string; readonly name: string | null; readonly pointer: string };
  /** The target in words, as `playmark diff` names it: a table cell by its row and column (`Erdon Pass, combat results, row 4, column -5`), else the record's name and the value's path. */
  readonly where: string;
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
        where: describeTarget(content, e.target).where,
        value: formatValue(e.value),
        reason: e.reason,
      });
    }
  }
  const kindIndex = (k: Kind) => GROUPS.findIndex((g) => g.kind === k);
  // A stable sort: within a kind, entries keep the order the layers apply them in.
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => kindIndex(a.e.kind) - kindIndex(b.e.kind) || a.i - b.i)
    .map(({ e }) => e);
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
const HEADER_WIDTH = 135;
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

function headerLines(e: ErrataEntry): number {
  // The header line: the entry id in mono (wider), the target, the layer.
  const header = e.entry.length * 1.35 + (e.where.length + 2) + (e.layer.length + 6) * 0.9 + 6;
  return header > HEADER_WIDTH ? 2 : 1;
}

function entryHeight(e: ErrataEntry, own: string): number {
  const valueLines = Math.ceil((e.value.length + 5) / VALUE_CHARS);
  return ENTRY_CHROME + HEADER_LINE * (headerLines(e) - 1) + VALUE_LINE * valueLines + (own ? REASON_LINE * wrappedLines(own, REASON_CHARS) : 0);
}

/** An entry as a reason block lists it: `own` is the part of its reason not shared with the block ('' when none). */
export interface BlockEntry extends ErrataEntry {
  readonly own: string;
}

/**
 * Entries that share one reason, printed once above them. `shared` is null for an entry alone
 * (its whole reason is its `own`). A block split over pages says so on the next page, with the page
 * its reason is printed on.
 */
export interface ReasonBlock {
  readonly shared: string | null;
  /** Entries in the whole block (not only this page's part). */
  readonly count: number;
  readonly continued: boolean;
  /** For a continued block: the page its shared reason is printed on. */
  readonly reasonPage: number | null;
  readonly entries: BlockEntry[];
}

/** A reason in parts, split after each `.`, `;` or `:` that ends a clause. */
function reasonParts(reason: string): string[] {
  return reason.trim().split(/(?<=[.;:])\s+(?=\S)/);
}

/** The lead of a reason: its first part when it ends with a colon (a label such as `RECONSTRUCTION (Celestine stats are not printed):`). */
function reasonLead(reason: string): string | undefined {
  const first = reasonParts(reason)[0]!;
  return first.endsWith(':') && first.length <= 160 && first !== reason.trim() ? first : undefined;
}

/** Shorter than this, what entries share is not worth printing apart from them. */
const SHARED_MIN = 40;

/**
 * The entries of one kind in reason blocks, in the order of each block's first entry: entries with
 * the same reason share one block and print it once; entries whose reasons open with the same lead
 * (`RULE NAME (why):`), or say the same after a lead of their own (`Roll 6, odds 1-3:`), share a
 * block that prints once the parts of the reason every one of them has, and each entry keeps only
 * its own parts.
 */
export function reasonBlocks(entries: readonly ErrataEntry[]): ReasonBlock[] {
  const leadOf = (e: ErrataEntry) => reasonLead(e.reason);
  const restOf = (e: ErrataEntry) =>
    e.reason
      .trim()
      .slice(leadOf(e)?.length ?? 0)
      .trim();
  const tally = (values: (string | undefined)[]) => {
    const m = new Map<string, number>();
    for (const v of values) if (v !== undefined) m.set(v, (m.get(v) ?? 0) + 1);
    return m;
  };
  const leads = tally(entries.map(leadOf));
  const rests = tally(entries.map((e) => (leadOf(e) === undefined ? undefined : restOf(e))));
  // The same lead (one rule, several values), else the same text after differing leads (one reason
  // for several cells, each lead naming its cell), else the same reason word for word.
  const keyOf = (e: ErrataEntry) => {
    const lead = leadOf(e);
    if (lead !== undefined && leads.get(lead)! > 1) return `lead\0${lead}`;
    if (lead !== undefined && rests.get(restOf(e))! > 1) return `rest\0${restOf(e)}`;
    return `same\0${e.reason.trim()}`;
  };
  const groups = new Map<string, ErrataEntry[]>();
  for (const e of entries) {
    const key = keyOf(e);
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const blocks: ReasonBlock[] = [];
  for (const list of groups.values()) {
    const whole = (e: ErrataEntry): BlockEntry => ({ ...e, own: e.reason.trim() });
    if (list.length === 1) {
      blocks.push({ shared: null, count: 1, continued: false, reasonPage: null, entries: [whole(list[0]!)] });
      continue;
    }
    const parts = list.map((e) => reasonParts(e.reason));
    const common = parts[0]!.filter((part) => parts.every((ps) => ps.includes(part)));
    const shared = common.join(' ');
    if (shared.length < SHARED_MIN) {
      for (const e of list) blocks.push({ shared: null, count: 1, continued: false, reasonPage: null, entries: [whole(e)] });
      continue;
    }
    blocks.push({
      shared,
      count: list.length,
      continued: false,
      reasonPage: null,
      entries: list.map((e, i) => ({ ...e, own: parts[i]!.filter((part) => !common.includes(part)).join(' ') })),
    });
  }
  return blocks;
}

const BLOCK_CHROME = 4;

interface Group {
  kind: Kind;
  title: string;
  about: string;
  count: number;
  continued: boolean;
  /** This page's entries of the group, in print order. */
  entries: ErrataEntry[];
  blocks: ReasonBlock[];
}

/** The entries split into pages, each page a list of (partial) groups of reason blocks. */
export function paginate(entries: readonly ErrataEntry[], original = false): Group[][] {
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
    const open = (continued: boolean) => {
      group = { kind: g.kind, title: g.title, about: original ? ORIGINAL_ABOUT[g.kind] : g.about, count: list.length, continued, entries: [], blocks: [] };
      page.push(group);
      room -= GROUP_HEADING;
      return group;
    };
    for (const b of reasonBlocks(list)) {
      const sharedHeight = b.shared ? BLOCK_CHROME + REASON_LINE * wrappedLines(`Reason for these ${b.count} entries: ${b.shared}`, REASON_CHARS) : 0;
      let part: ReasonBlock | undefined;
      let reasonPage = 0;
      // A block starts where its reason and its first entries (up to three) fit together.
      const head = sharedHeight + b.entries.slice(0, 3).reduce((n, e) => n + entryHeight(e, e.own), 0);
      b.entries.forEach((e, i) => {
        const h = entryHeight(e, e.own) + (i === 0 ? sharedHeight : 0);
        if (i === 0 && group && room < head) {
          newPage();
          open(true);
        }
        if (!group) {
          if (room < GROUP_HEADING + h && page.length > 0) newPage();
          open(false);
        } else if (room < h) {
          newPage();
          open(true);
          part = undefined;
        }
        if (i === 0) reasonPage = pages.length + 1;
        if (!part) {
          const continued = i > 0;
          part = { shared: b.shared, count: b.count, continued, reasonPage: continued ? reasonPage : null, entries: [] };
          group!.blocks.push(part);
          if (continued) room -= REASON_LINE;
        }
        part.entries.push(e);
        group!.entries.push(e);
        room -= h;
      });
    }
    group = undefined;
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

export function errataSheet(content: PackContent, ctx: BuildContext): SheetPrintable {
  const entries = errataEntries(content);
  // With `render --errata-since REV`, the changes since REV come first, on pages of their own.
  const since = ctx.errataSince;
  const changelog = since
    ? changelogPages(
        since,
        since.diff.packs.find((p) => p.id === content.pack.id),
      )
    : [];
  // A block continued from an earlier page names that page as the sheet numbers it.
  const pages = paginate(entries, isOriginal(content.pack.source)).map((groups) =>
    groups.map((g) => ({ ...g, blocks: g.blocks.map((b) => ({ ...b, reasonPage: b.reasonPage === null ? null : b.reasonPage + changelog.length })) })),
  );
  // Reconstructions are counted only in a pack that has some (most packs need none).
  const counts = GROUPS.map((g) => ({ kind: g.kind, title: g.title, count: entries.filter((e) => e.kind === g.kind).length })).filter(
    (c) => c.kind !== 'reconstruction' || c.count > 0,
  );
  const total = changelog.length + pages.length;
  const original = isOriginal(content.pack.source);
  const pack = {
    id: content.pack.id,
    title: content.pack.title,
    version: content.pack.version,
    source: content.pack.source?.file ?? '',
    original,
    layers: content.pack.layers,
  };
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
        {
          pack,
          page: changelog.length + i + 1,
          pages: total,
          first: i === 0,
          total: entries.length,
          counts,
          groups,
          since: null,
          version: ctx.playmarkVersion,
        },
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
