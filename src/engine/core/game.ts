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
   * The state as `side` may see it, its player view: whatever that side cannot see (another side's
   * hand, a choice fixed but not yet shown, a piece face down) replaced by the game's own mark for
   * "unknown". Pure and without randomness, so two states that differ only in what `side` cannot
   * see give equal views (a test of each game checks it). Bots see a state only through this
   * (core/view.ts `knownState`), and `simulate --log --view <side>` writes what it shows. Optional:
   * without it, every side sees the whole state.
   */
  playerView?(content: C, state: S, side: string): S;
  /**
   * A player view made playable again: each unknown filled with a draw from `random` among what
   * `side` knows it could be (the unseen cards shuffled into the unknown hand and deck, the hidden
   * fingers drawn), returned with that generator's next state. The moves the game offers the
   * active side are the same as in the real state. Needed when `playerView` leaves marks that
   * `legalMoves` or `play` cannot work with.
   */
  determinize?(content: C, view: S, side: string, random: RandomState): { readonly state: S; readonly random: RandomState };
  /**
   * A line of the game's log as `side` sees it: what it may not see left out of the line, or null
   * when it sees nothing of it (another side's secret placement). `event` is any line the loop
   * writes after the header: the game's events, and the loop's `play` line of each move (a move
   * of another side shown as `side` could see it). `state` is the state the line
   * was written from: for a `play` line the state the move was chosen in, for the move's events the
   * state after it (after set-up for set-up's lines), for a game whose secrets change as it goes
   * (what `side` has seen so far). Without it every side sees every line.
   * `simulate --log <file> --view <side>` writes the log through it (docs/game-log.md).
   */
  viewEvent?(content: C, event: GameEvent, side: string, state: S): GameEvent | null;
  /**
   * A game's own pick for a greedy bot among `moves`, for decisions a one-move look-ahead cannot
   * rate (a choice whose outcome depends on another side's simultaneous choice, rated by the exact
   * odds instead); `state` is already what the active side may know (`knownState`). Ties are broken
   * with `random`, returned with its next state. Null: the game has no view on these moves, and
   * the bot looks ahead as usual. Optional.
   */
  choose?(content: C, state: S, moves: readonly M[], random: RandomState): { readonly move: M; readonly random: RandomState } | null;
}

/** A move that `legalMoves` does not offer: the game is unchanged. */
export class IllegalMove extends Error {}
