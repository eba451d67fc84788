// A pack's printables, from its data: printables.yaml says which records, which templates, what
// size and how many copies; a named context (from the module printables.yaml names: pack-contexts.ts) or the default context computes what each
// face shows. Every pack also gets its scenario and errata sheets (common/). Nothing here knows a game.
import { packSummary } from './pack-summary.js';
import type { PackContent } from '../content/effective.js';
import type { DeckCopies, Json, PrintableDecl } from '../content/model.js';
import { commonPrintables, withCover } from './common/index.js';
import type { ContextInput, ContextOutput, NamedContexts, SelectedRecord } from './contexts/context.js';
import { defaultContext } from './contexts/default.js';
import { unknownContext } from './pack-contexts.js';
import { CARD_SIZES } from './impose.js';
import type { BuildContext, Printable, Size } from './printable.js';

/** A printable's output id: `<pack>-<id>` (`warchon-spreads`), unique across packs. */
export function printableId(pack: string, decl: Pick<PrintableDecl, 'id'>): string {
  return `${pack}-${decl.id}`;
}

/** The records a printable shows: its kind, `ids`, those `listedIn` another record, or all; filtered by `where`, sorted by `order`. */
export function selectRecords(content: PackContent, decl: PrintableDecl): SelectedRecord[] {
  const sel = decl.records;
  if (!sel) return [];
  const byId = content.records[sel.kind] ?? {};
  const deck = typeof sel.copies === 'object' ? deckCopies(content, sel.copies) : undefined;
  // A deck's cards print in the deck's order unless `ids` or `order` says otherwise.
  const deckOrder = deck && !sel.order?.length ? [...deck.keys()] : undefined;
  const ids = (sel.ids ?? listedIn(content, sel.listedIn) ?? deckOrder ?? Object.keys(byId).sort()).filter((id) => byId[id] !== undefined);
  let records = ids.map((id) => ({
    kind: sel.kind,
    id,
    data: byId[id]!,
    origins: content.origins[sel.kind]?.[id],
    copies: deck ? (deck.get(id) ?? 0) : copiesOf(byId[id]!, sel.copies as number | string | undefined),
  }));
  // A card the deck does not list has no copy to print.
  if (deck) records = records.filter((r) => r.copies > 0);
  if (sel.where) {
    const where = Object.entries(sel.where);
    records = records.filter((r) => where.every(([field, value]) => (r.data[field] ?? null) === value));
  }
  if (sel.order?.length && !sel.ids && !sel.listedIn) {
    const keys = sel.order.map((o) => (o.startsWith('-') ? { field: o.slice(1), dir: -1 } : { field: o, dir: 1 }));
    records.sort((a, b) => {
      for (const { field, dir } of keys) {
        const c = compareValues(a.data[field], b.data[field]);
        if (c !== 0) return c * dir;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }
  return records;
}

/** The ids a list in another record names (`records.listedIn`), in its order; undefined when not asked. */
function listedIn(content: PackContent, from: { kind: string; id: string; field: string } | undefined): string[] | undefined {
  if (!from) return undefined;
  const list = content.records[from.kind]?.[from.id]?.[from.field];
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

/** Each card's copies in a generic deck (`cards: [{ card, copies }]`), in the deck's order; a card listed twice adds up. */
export function deckCopies(content: PackContent, from: DeckCopies): Map<string, number> {
  const out = new Map<string, number>();
  const cards = content.records[from.kind ?? 'deck']?.[from.deck]?.cards;
  for (const entry of Array.isArray(cards) ? cards : []) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const { card, copies } = entry;
    if (typeof card === 'string' && typeof copies === 'number' && Number.isInteger(copies) && copies >= 0) out.set(card, (out.get(card) ?? 0) + copies);
  }
  return out;
}

function copiesOf(record: Record<string, Json>, copies: number | string | undefined): number {
  if (copies === undefined) return 1;
  if (typeof copies === 'number') return copies;
  const n = record[copies];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 1;
}

/** Numbers before text, null last; numbers by value, text by code point. */
function compareValues(a: Json | undefined, b: Json | undefined): number {
  const rank = (v: Json | undefined) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : v === null || v === undefined ? 3 : 2);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = typeof a === 'string' ? a : JSON.stringify(a ?? null);
  const sb = typeof b === 'string' ? b : JSON.stringify(b ?? null);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** What building a pack's printables needs: the render's options, and the named contexts its printables.yaml's module gives (packContexts). */
export interface PrintablesContext extends BuildContext {
  /** From `packContexts(content)`; none: the pack's printables name no context. */
  readonly contexts?: NamedContexts;
}

/** The faces and back of one declared printable: its named context's, or the default context's. */
export function buildContext(content: PackContent, decl: PrintableDecl, ctx: PrintablesContext): ContextOutput {
  const input: ContextInput = { content, printable: decl, records: selectRecords(content, decl), playmarkVersion: ctx.playmarkVersion };
  if (decl.context === undefined) return defaultContext(input);
  const contexts = ctx.contexts ?? new Map();
  const named = contexts.get(decl.context);
  if (!named) throw unknownContext(content, decl, contexts);
  return named.build(input);
}

/** One declared printable, ready for the print pipeline. */
export function declaredPrintable(content: PackContent, decl: PrintableDecl, ctx: PrintablesContext): Printable {
  const out = buildContext(content, decl, ctx);
  const base = { id: printableId(content.pack.id, decl), pack: content.pack.id, title: decl.title, template: decl.front, faces: out.faces };
  if (decl.type === 'sheet') return { ...base, kind: 'sheet', orientation: decl.orientation ?? 'portrait' };
  const size = sizeOf(decl.size);
  const minSize = out.minSize ?? decl.minSize;
  return {
    ...base,
    kind: 'card',
    ...(decl.type === 'counter' ? { piece: 'counter' as const } : {}),
    ...(size ? { size } : {}),
    ...(minSize ? { minSize } : {}),
    ...(decl.back ? { back: { template: decl.back, context: out.back ?? { pack: packSummary(content), printable: { id: decl.id, title: decl.title } } } } : {}),
    ...(decl.sheets ? { sheets: decl.sheets } : {}),
  };
}

function sizeOf(size: PrintableDecl['size']): Size | undefined {
  if (size === undefined) return undefined;
  return typeof size === 'string' ? CARD_SIZES[size] : size;
}

/** Every printable of a pack: its cover (common/cover.ts), those printables.yaml declares, then its scenario and errata sheets. */
export function packPrintables(content: PackContent, ctx: PrintablesContext): Printable[] {
  checkSheets(content);
  const declared = (content.printables?.list ?? []).map((decl) => declaredPrintable(content, decl, ctx));
  return withCover(content, ctx, [...declared, ...commonPrintables(content, ctx)]);
}

/** printables.yaml's `sheets`: only on cards and counters, and never the id of a printable of the pack (both name an output file). */
function checkSheets(content: PackContent): void {
  const list = content.printables?.list ?? [];
  for (const decl of list) {
    if (decl.sheets === undefined) continue;
    if (decl.type === 'sheet')
      throw new RangeError(
        `${content.pack.id}: the printable "${decl.id}" is a sheet and names the shared sheets "${decl.sheets}"; only cards and counters share sheets`,
      );
    if (list.some((d) => d.id === decl.sheets))
      throw new RangeError(
        `${content.pack.id}: the shared sheets "${decl.sheets}" (printable "${decl.id}") have the id of a printable; give the set an id of its own, as both name an output file`,
      );
  }
}
