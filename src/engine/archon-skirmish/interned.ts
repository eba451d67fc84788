// The move objects the move listing hands out, each made once per compiled rules and then shared:
// listing the legal moves allocates only its array, not a fresh object per move (a game lists some
// 1,800 moves). Moves are readonly values, so one object may sit in many listings, logs and games.
// Each kind keeps its objects in a flat array indexed by card, creature (state order) and square
// or target, filled on first use.
import type { CardInfo } from './content.js';
import type { ArchonMove } from './state.js';

export class InternedMoves {
  private readonly creatures: number;
  private readonly size: number;
  private readonly placed: ArchonMove[] = [];
  private readonly discards: ArchonMove[] = [];
  private readonly saves: ArchonMove[] = [];
  private readonly moved: ArchonMove[] = [];
  private readonly forwarded: ArchonMove[] = [];
  private readonly further: ArchonMove[] = [];
  private readonly attacks: ArchonMove[] = [];
  private readonly pairs: ArchonMove[] = [];
  private readonly teleports: ArchonMove[] = [];
  private readonly singles: ArchonMove[] = [];

  /** `ids`: the creatures' instance ids in state order; `names`: the squares' names by index. */
  constructor(
    private readonly ids: readonly string[],
    private readonly names: readonly string[],
  ) {
    this.creatures = ids.length;
    this.size = names.length;
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
