// The move objects the move listing hands out, each made once per compiled rules and then shared:
// listing the legal moves allocates only its array, not a fresh object per move (a game lists some
// 1,800 moves). Moves are readonly values, so one object may sit in many listings, logs and games.
// Each kind keeps its objects in a flat array indexed by card, creature (state order) and square
// or target, filled on first use.
import type { ArchonMove } from './state.js';

/** A card as the procedure reads it (content.ts builds these from the card records). */
export interface CardInfo {
  readonly id: string;
  /** Its place among the pack's cards (indexes InternedMoves' tables). */
  readonly index: number;
  /** Its rule key, `card/<id>`. */
  readonly key: string;
  readonly type: 'M' | 'A' | 'D' | 'X';
  readonly range: number | null;
  /** The only side that may use it, or null. */
  readonly side: string | null;
  readonly spell: string | null;
  readonly limitedBy: 'move' | 'attack' | 'none';
  /** Phase roles it is played in (`move`, `battle`) and in whose turn. */
  readonly phases: readonly string[];
  readonly turn: 'own' | 'opponent' | null;
  /** Played in its own turn's Move Phase, and Battle Phase (`turn` and `phases`, read once: listings ask at every move). */
  readonly ownMove: boolean;
  readonly ownBattle: boolean;
}

export class InternedMoves {
  private readonly creatures: number;
  private readonly size: number;
  // Each table is made at its full size, filled with null: an array written far past its end
  // turns into a slow dictionary, whose every read hashes the index.
  private readonly placed: (ArchonMove | null)[];
  private readonly discards: (ArchonMove | null)[];
  private readonly saves: (ArchonMove | null)[];
  private readonly moved: (ArchonMove | null)[];
  private readonly forwarded: (ArchonMove | null)[];
  private readonly further: (ArchonMove | null)[];
  private readonly attacks: (ArchonMove | null)[];
  private readonly pairs: (ArchonMove | null)[];
  private readonly teleports: (ArchonMove | null)[];
  private readonly singles: (ArchonMove | null)[];

  /** `cards`: how many cards the pack has; `ids`: the creatures' instance ids in state order; `names`: the squares' names by index. */
  constructor(
    cards: number,
    private readonly ids: readonly string[],
    private readonly names: readonly string[],
  ) {
    const n = ids.length,
      size = names.length;
    this.creatures = n;
    this.size = size;
    const table = (length: number): (ArchonMove | null)[] => new Array<ArchonMove | null>(length).fill(null);
    this.placed = table(n * size);
    this.discards = table(cards);
    this.saves = table(cards);
    this.moved = table(cards * n * size);
    this.forwarded = table(cards * n * size);
    this.further = table(n * size);
    this.attacks = table(cards * n * n);
    this.pairs = table(cards * n * n);
    this.teleports = table(cards * n * size);
    this.singles = table(cards * n);
  }

  /** `{ kind: 'place', creature, square }` for instance `i` and square index `sq`. */
  place(i: number, sq: number): ArchonMove {
    const k = i * this.size + sq;
    return (this.placed[k] ??= { kind: 'place', creature: this.ids[i]!, square: this.names[sq]! });
  }

  discard(card: CardInfo): ArchonMove {
    return (this.discards[card.index] ??= { kind: 'discard', card: card.id });
  }

  save(card: CardInfo): ArchonMove {
    return (this.saves[card.index] ??= { kind: 'save', card: card.id });
  }

  /** `{ kind: 'move', card, creature, to }`. */
  move(card: CardInfo, i: number, to: number): ArchonMove {
    const k = (card.index * this.creatures + i) * this.size + to;
    return (this.moved[k] ??= { kind: 'move', card: card.id, creature: this.ids[i]!, to: this.names[to]! });
  }

  /** The first creature of a group forward move, with its card; `card` null: a further creature. */
  forward(card: CardInfo | null, i: number, to: number): ArchonMove {
    if (card === null) return (this.further[i * this.size + to] ??= { kind: 'forward', creature: this.ids[i]!, to: this.names[to]! });
    const k = (card.index * this.creatures + i) * this.size + to;
    return (this.forwarded[k] ??= { kind: 'forward', card: card.id, creature: this.ids[i]!, to: this.names[to]! });
  }

  /** `{ kind: 'attack', card, creature, target }`, creature `i` attacking creature `j`. */
  attack(card: CardInfo, i: number, j: number): ArchonMove {
    const k = (card.index * this.creatures + i) * this.creatures + j;
    return (this.attacks[k] ??= { kind: 'attack', card: card.id, creature: this.ids[i]!, target: this.ids[j]! });
  }

  /** A spell on two creatures: `{ kind: 'cast', card, creatures: [a, b] }`. */
  castPair(card: CardInfo, i: number, j: number): ArchonMove {
    const k = (card.index * this.creatures + i) * this.creatures + j;
    return (this.pairs[k] ??= { kind: 'cast', card: card.id, creatures: [this.ids[i]!, this.ids[j]!] });
  }

  /** A spell moving one creature: `{ kind: 'cast', card, creatures: [c], to }`. */
  castTo(card: CardInfo, i: number, to: number): ArchonMove {
    const k = (card.index * this.creatures + i) * this.size + to;
    return (this.teleports[k] ??= { kind: 'cast', card: card.id, creatures: [this.ids[i]!], to: this.names[to]! });
  }

  /** A spell on one creature: `{ kind: 'cast', card, creatures: [c] }`. */
  castOn(card: CardInfo, i: number): ArchonMove {
    const k = card.index * this.creatures + i;
    return (this.singles[k] ??= { kind: 'cast', card: card.id, creatures: [this.ids[i]!] });
  }
}
