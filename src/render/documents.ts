// Printables -> the documents `playmark render` writes: one PDF per printable, except cards and
// counters that share sheets. printables.yaml's `sheets: <id>` groups a pack's cards and counters
// by default (one `<pack>-<id>.pdf`); `render --combine` puts every card printable of a pack into
// one `<pack>-cards-and-counters.pdf` (`<pack>-all-cards.pdf` when it holds no counters). The cover (common/cover.ts), the pipeline (render.ts) and the
// preview (preview.ts) all read this one list, so they agree on what is printed where.
import type { CardPrintable, Printable } from './printable.js';

/** One output document: its file stem, title and the printables it holds. */
export interface PrintDocument {
  /** The output file stem, unique across packs: a printable's id, `<pack>-<sheets>` or `<pack>-cards-and-counters` (`-all-cards`, `-all-counters`). */
  readonly id: string;
  readonly pack: string;
  readonly title: string;
  /** `single`: one printable; `shared`: printables.yaml's `sheets`; `combined`: `render --combine`. */
  readonly kind: 'single' | 'shared' | 'combined';
  /** In the pack's order. `shared` and `combined`: cards and counters only. */
  readonly printables: readonly Printable[];
}

/** The output id of a set of shared sheets: `<pack>-<sheets>` (`warmaster-units-and-cards`). */
export function sharedId(pack: string, sheets: string): string {
  return `${pack}-${sheets}`;
}

/** What a combined document holds, in words: `cards and counters`, `cards` or `counters`. */
export function combinedPieces(list: readonly Printable[]): string {
  const counters = list.some((p) => p.kind === 'card' && p.piece === 'counter');
  const cards = list.some((p) => p.kind === 'card' && p.piece !== 'counter');
  return cards && counters ? 'cards and counters' : counters ? 'counters' : 'cards';
}

/**
 * The output id of a pack's combined cards and counters, named for what it holds:
 * `<pack>-cards-and-counters`, `<pack>-all-cards` or `<pack>-all-counters` (`all`: a printable of
 * the pack may be called `cards`, as Warmaster's is).
 */
export function combinedId(pack: string, list: readonly Printable[]): string {
  const pieces = combinedPieces(list);
  return `${pack}-${pieces === 'cards and counters' ? 'cards-and-counters' : `all-${pieces}`}`;
}

/** A title without the game's title it starts with (`Warmaster: special units` -> `special units`). */
function shortTitle(game: string, title: string): string {
  return title.toLowerCase().startsWith(`${game.toLowerCase()}:`) ? title.slice(game.length + 1).trim() : title;
}

function gameOf(list: readonly Printable[]): string {
  return list[0]!.game?.title ?? list[0]!.pack;
}

/** A shared document's title: the game, then its printables' titles (`Warmaster: special units and cards`). */
export function sharedTitle(list: readonly Printable[]): string {
  const game = gameOf(list);
  const names = list.map((p) => shortTitle(game, p.title));
  const words = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${game}: ${words}`;
}

/** A combined document's title: the pack, then what it holds (`Warmaster: cards combined (special units, cards)`). */
export function combinedTitle(list: readonly Printable[]): string {
  const game = gameOf(list);
  return `${game}: ${combinedPieces(list)} combined (${list.map((p) => shortTitle(game, p.title)).join(', ')})`;
}

/**
 * The documents printed from `printables`, in their order (a shared or combined document where its
 * first printable is). `combine`: every pack's card printables with faces, two or more, in one
 * document (its `sheets` sets included); otherwise printables naming the same `sheets` share one.
 */
export function printDocuments(printables: readonly Printable[], o: { readonly combine?: boolean } = {}): PrintDocument[] {
  const combinedPacks = new Set<string>();
  if (o.combine) {
    const counts = new Map<string, number>();
    for (const p of printables) if (p.kind === 'card' && p.faces.length > 0) counts.set(p.pack, (counts.get(p.pack) ?? 0) + 1);
    for (const [pack, n] of counts) if (n >= 2) combinedPacks.add(pack);
  }
  const combinedIds = new Map(
    [...combinedPacks].map((pack) => [
      pack,
      combinedId(
        pack,
        printables.filter((p) => p.pack === pack && p.kind === 'card' && p.faces.length > 0),
      ),
    ]),
  );
  const keyOf = (p: Printable): { key: string; kind: 'shared' | 'combined' } | undefined => {
    if (p.kind !== 'card') return undefined;
    if (combinedPacks.has(p.pack) && p.faces.length > 0) return { key: combinedIds.get(p.pack)!, kind: 'combined' };
    return p.sheets !== undefined ? { key: sharedId(p.pack, p.sheets), kind: 'shared' } : undefined;
  };
  const groups = new Map<string, CardPrintable[]>();
  for (const p of printables) {
    const k = keyOf(p);
    if (k !== undefined && p.kind === 'card') groups.set(k.key, [...(groups.get(k.key) ?? []), p]);
  }
  const out: PrintDocument[] = [];
  const done = new Set<string>();
  for (const p of printables) {
    const k = keyOf(p);
    if (k === undefined) {
      out.push({ id: p.id, pack: p.pack, title: p.title, kind: 'single', printables: [p] });
      continue;
    }
    if (done.has(k.key)) continue;
    done.add(k.key);
    const list = groups.get(k.key)!;
    out.push({ id: k.key, pack: p.pack, title: k.kind === 'combined' ? combinedTitle(list) : sharedTitle(list), kind: k.kind, printables: list });
  }
  return out;
}

/** The document a printable is printed in. */
export function documentOf(documents: readonly PrintDocument[], printable: Printable): PrintDocument | undefined {
  return documents.find((d) => d.printables.includes(printable));
}
