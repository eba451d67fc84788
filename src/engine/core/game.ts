// One game loop for every game: a game is plain data and pure functions over it, as boardgame.io
// defines a game (setup, moves, turn order, endIf) without its framework: no reducer, no plugins,
// no copying the whole state per move. The state is plain JSON and holds its seeded random
// generator, so a seed and the list of moves replay a game exactly. Bots and people play through
// the same interface: `legalMoves(state)` is everything the player to act may do.
import type { JsonValue } from './log.js';
import type { RandomState } from './random.js';

/** What every game's state has: the random generator, whose turn it is, and the outcome when over. */
export interface GameState {
  readonly random: RandomState;
  /** The side to act now (a side id of the pack's manifest). */
  readonly active: string;
  /** Turns begun: 0 during set-up, 1 for the first turn after it, and so on. */
  readonly turn: number;
  /** Null while the game goes on. */
  readonly result: GameResult | null;
}

export interface GameResult {
  /** The winning side, or null for a draw. */
  readonly winner: string | null;
  /** Why it ended, in the rule's words (`occupies the four corners`). */
  readonly reason: string;
  /** The rule that ended it (a record id or a rule id). */
  readonly rule: string;
}

/** A move: its kind (`move`, `attack`, `pass`...) and its arguments, plain JSON. */
export interface GameMove {
  readonly kind: string;
  readonly [argument: string]: JsonValue;
}

/** One line of the game log: every move, random draw and effect, with what it changed. See docs/game-log.md. */
export interface GameEvent {
  /** `move`, `draw` (random), `effect`, `phase`, `turn`, `end`... */
  readonly type: string;
  readonly [field: string]: JsonValue;
}

/** No events: what most steps of a play announce, shared (frozen, so never written). */
export const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

export interface PlayResult<S extends GameState> {
  readonly state: S;
  readonly events: readonly GameEvent[];
}

/**
 * A game, defined for one pack's content (read from the YAML on this run). `C` is the content as
 * the game reads it, `S` its state, `M` its moves.
 */
export interface Game<C, S extends GameState, M extends GameMove> {
  /** The pack id it plays. */
  readonly pack: string;
  /** The sides, in turn order. */
  readonly sides: (content: C) => readonly string[];
  /** The state at the start, for a seed (and options such as a scenario). */
  setup(content: C, seed: number, options?: { readonly scenario?: string }): PlayResult<S>;
  /** Every move the active side may make now; empty only when the game is over. */
  legalMoves(content: C, state: S): readonly M[];
  /** Plays one legal move (anything else throws an IllegalMove), then everything it triggers, up to the next choice. */
  play(content: C, state: S, move: M): PlayResult<S>;
  /**
   * How good the state is for `side`, higher is better (for a greedy bot's one-move look-ahead, and
   * its sign scores a search bot's playout that stops before the end); a won game is +Infinity, a
   * lost one -Infinity. Optional: without it, greedy bots play randomly and such playouts are draws.
   */
  evaluate?(content: C, state: S, side: string): number;
  /**
   * The state as `side` may know it: what that side cannot see (another side's hidden choice, such
   * as fingers shown at the same time but fixed first) replaced by draws from `random`, a bot's own
   * generator, returned with that generator's next state. The rest is unchanged, so the moves the
   * game offers are the same. Optional: without it, every side sees the whole state. A bot calls it
   * before it looks at the state at all (bots.ts), so it never reads what its side cannot see.
   */
  hidden?(content: C, state: S, side: string, random: RandomState): { readonly state: S; readonly random: RandomState };
  /**
   * A game's own pick for a greedy bot among `moves`, for decisions a one-move look-ahead cannot
   * rate (a choice whose outcome depends on another side's simultaneous choice, rated by the exact
   * odds instead); `state` is already what the active side may know (`hidden`). Ties are broken
   * with `random`, returned with its next state. Null: the game has no view on these moves, and
   * the bot looks ahead as usual. Optional.
   */
  choose?(content: C, state: S, moves: readonly M[], random: RandomState): { readonly move: M; readonly random: RandomState } | null;
}

/** A move that `legalMoves` does not offer: the game is unchanged. */
export class IllegalMove extends Error {}
