// One game played by bots through the game loop (setup, then legalMoves -> bot -> play until there
// is a result), summarised for the batch report, and, on request, written line by line as the game
// log of docs/game-log.md. Everything about a game follows from its seed: the game's generator is
// seeded with it and each bot's from it (botSeed).
import { createHash } from 'node:crypto';
import { bot, botSeed, type BotName } from '../engine/core/bots.js';
import type { Game, GameEvent, GameMove, GameState } from '../engine/core/game.js';
import type { JsonValue } from '../engine/core/log.js';
import { seedRandom, type RandomState } from '../engine/core/random.js';
import { resultKey } from './simulate-odds.js';

/** How a game stopped: a result (win or draw), the move bound, no legal move while it went on, or an error thrown by the game. */
export type GameEnd = 'result' | 'max-moves' | 'no-legal-move' | 'error';

/**
 * The event fields counted by value in the report: which effects and rules fired (`effect`,
 * `rule`), which cards and spells were played (`card`, `spell`), where battles were fought and
 * events called (`spread`), and which combat results came up (`result`).
 */
export const COUNTED_FIELDS = ['effect', 'rule', 'card', 'spell', 'spread', 'result'] as const;

/** A game's counts of events: by type, and under each type by the value of each counted field. */
export type EventCounts = Record<string, { count: number; by: Record<string, Record<string, number>> }>;

/**
 * What the batch report keeps of one game: how it ended and how long it was. Plain data (it
 * crosses from worker threads). What was played (moves by kind, events) is added up over many
 * games in a PlayCounts, as sums do not depend on the order of the games.
 */
export interface GameSummary {
  /** The game's index in its batch. */
  readonly index: number;
  /** Its seed (derived from the batch seed and the index). */
  readonly seed: number;
  readonly end: GameEnd;
  /** The winner (null for a draw or a game without a result). */
  readonly winner: string | null;
  /** The result's rule, or `simulate/max-moves`, `simulate/no-legal-move`, `simulate/error`. */
  readonly rule: string;
  readonly reason: string;
  /** `state.turn` when it stopped. */
  readonly turns: number;
  readonly moves: number;
}

/** Moves by kind and side, events by type and counted field: plain data, as they cross from a worker. */
export interface Counts {
  readonly moveKinds: Record<string, Record<string, number>>;
  readonly events: EventCounts;
  /**
   * Combat results by spread, column, the kind of RNG cell their number came from and result code
   * (simulate-odds.ts resultKey): results from a table's number, for comparing with the exact odds.
   */
  readonly combat: Record<string, number>;
  /** The exact odds of the combat groups counted (simulate-odds.ts groupKey -> result -> `n/d`), when the game's tables give them. */
  readonly combatOdds?: Record<string, Record<string, string>>;
  /** Places (squares, areas) destroyed, by id: the `destroy-place` effect lines that destroyed one (not one already destroyed). */
  readonly places?: Record<string, number>;
  /** The names of the places counted that the pack's records name (simulate-places.ts), by id. */
  readonly placeNames?: Record<string, string>;
}

export interface GameOptions {
  readonly scenario?: string | null;
  /** Stop a game that has not ended after this many moves (reported as `max-moves`). */
  readonly maxMoves: number;
}

/** The default move bound of a game: far beyond any real game, short of looping forever. */
export const DEFAULT_MAX_MOVES = 10_000;

/** A log line as written: an event, or one of the loop's own lines (`log`, `play`, `stop`). */
export type LogLine = { readonly type: string; readonly [field: string]: JsonValue };

/** The loop's last line for a game: how it stopped, its result, and a digest of the final state. */
export interface StopLine {
  readonly type: 'stop';
  readonly end: GameEnd;
  readonly result: { readonly winner: string | null; readonly reason: string; readonly rule: string } | null;
  readonly turn: number;
  readonly moves: number;
  /** The error's message, for `error` only. */
  readonly error?: string;
  /** sha256 of the final state as JSON (`sha256:<hex>`). */
  readonly state: string;
}

/** sha256 of a state's JSON: the replay compares it to say the final state is the same. */
export function stateDigest(state: GameState): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(state)).digest('hex')}`;
}

type AnyGame = Game<unknown, GameState, GameMove>;

/**
 * Plays one game with one bot per side (in the game's side order) and summarises it. `log`, when
 * given, receives every line after the header: setup's events, then for each move a `play` line
 * and the move's events, then the `stop` line.
 */
export function playGame(
  game: AnyGame,
  content: unknown,
  index: number,
  seed: number,
  bots: readonly BotName[],
  options: GameOptions,
  /** Receives each line with the state it was written in: after set-up or the move for events, before the move for its `play` line, the final state (null if none) for `stop`. */
  log?: (line: LogLine, state: GameState | null) => void,
  /** Picks the moves instead of the bots (a replay plays a log's moves). */
  choose?: (legal: readonly GameMove[], state: GameState) => GameMove,
  /** Where moves and events are counted (the games of a chunk share one). */
  counts: PlayCounts = new PlayCounts(),
): GameSummary {
  const sides = game.sides(content);
  const players = sides.map((_, i) => bot(bots[i] ?? bots[0] ?? 'random'));
  const botRandom: RandomState[] = sides.map((_, i) => seedRandom(botSeed(seed, i)));
  const count = log
    ? (list: readonly GameEvent[], after: GameState) => {
        counts.events(list);
        for (const e of list) log(e, after);
      }
    : (list: readonly GameEvent[]) => counts.events(list);
  counts.startGame();
  let state: GameState | undefined;
  let moves = 0;
  let end: GameEnd = 'result';
  let error: string | undefined;
  try {
    const start = game.setup(content, seed, options.scenario ? { scenario: options.scenario } : {});
    state = start.state;
    count(start.events, state);
    while (state.result === null) {
      if (moves >= options.maxMoves) {
        end = 'max-moves';
        break;
      }
      const legal = game.legalMoves(content, state);
      if (legal.length === 0) {
        end = 'no-legal-move';
        break;
      }
      const side = state.active;
      // sides.indexOf(side) written out (the sides differ): at every move, the loop costs less than the call.
      let s = sides.length - 1;
      while (s >= 0 && sides[s] !== side) s--;
      if (s < 0) throw new Error(`the active side "${side}" is not one of the game's sides (${sides.join(', ')})`);
      let choice: { readonly move: GameMove };
      if (choose) choice = { move: choose(legal, state) };
      else {
        const picked = players[s]!.choose(game, content, state, legal, botRandom[s]!);
        botRandom[s] = picked.random;
        choice = picked;
      }
      moves++;
      counts.move(choice.move.kind, side, s);
      if (log) log({ type: 'play', n: moves, side, move: choice.move }, state);
      const played = game.play(content, state, choice.move);
      state = played.state;
      count(played.events, state);
    }
  } catch (e) {
    end = 'error';
    error = (e as Error)?.message ?? String(e);
  }
  const result = end === 'result' && state ? state.result : null;
  if (log) {
    const stop: StopLine = {
      type: 'stop',
      end,
      result: result ? { winner: result.winner, reason: result.reason, rule: result.rule } : null,
      turn: state?.turn ?? 0,
      moves,
      ...(error !== undefined ? { error } : {}),
      state: state ? stateDigest(state) : '',
    };
    // Cast: a StopLine is JSON; its interface lacks LogLine's index signature.
    log(stop as unknown as LogLine, state ?? null);
  }
  return {
    index,
    seed,
    end,
    winner: result?.winner ?? null,
    rule: result?.rule ?? `simulate/${end}`,
    reason:
      result?.reason ??
      (end === 'max-moves' ? `no result after ${options.maxMoves} moves` : end === 'no-legal-move' ? 'no legal move while the game goes on' : (error ?? '')),
    turns: state?.turn ?? 0,
    moves,
  };
}

/** A count that changes in place: one Map look-up per event, not a get and a set. */
interface Counter {
  n: number;
}

/** Events of one type in one game: how many, and how many by each value of each counted field. */
interface TypeCount {
  count: number;
  /** Whether the type is one of the combat events (`fingers`, `result`), decided once per type. */
  readonly combat: boolean;
  effect: Map<string, Counter> | undefined;
  rule: Map<string, Counter> | undefined;
  card: Map<string, Counter> | undefined;
  spell: Map<string, Counter> | undefined;
  spread: Map<string, Counter> | undefined;
  result: Map<string, Counter> | undefined;
}

function bump(m: Map<string, Counter> | undefined, value: JsonValue | undefined): Map<string, Counter> | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return m;
  const key = typeof value === 'string' ? value : String(value);
  const counts = m ?? new Map<string, Counter>();
  const c = counts.get(key);
  if (c === undefined) counts.set(key, { n: 1 });
  else c.n++;
  return counts;
}

/**
 * Moves and events counted over some games, in Maps while games run (the hot loop: one Map
 * look-up per counted value), made plain data once for all of them (`plain`).
 */
export class PlayCounts {
  private readonly byType = new Map<string, TypeCount>();
  private readonly byKind = new Map<string, { readonly bySide: Map<string, Counter>; readonly byIndex: (Counter | undefined)[] }>();
  private readonly combat = new Map<string, Counter>();
  private readonly places = new Map<string, Counter>();
  /** The last combat number shown by fingers in this game (docs/game-log.md `fingers`, purpose `combat`). */
  private shown: { spread: JsonValue | undefined; number: JsonValue | undefined; event: boolean } | null = null;

  /** A new game: no combat number shown yet. */
  startGame(): void {
    this.shown = null;
  }

  /** A move of `kind` by `side`, the game's side number `sideIndex` (the same side for every game counted here). */
  move(kind: string, side: string, sideIndex: number): void {
    let k = this.byKind.get(kind);
    if (k === undefined) this.byKind.set(kind, (k = { bySide: new Map(), byIndex: [] }));
    // The side's counter found by its number: one Map look-up a move, not two.
    let c = k.byIndex[sideIndex];
    if (c === undefined) {
      c = k.bySide.get(side);
      if (c === undefined) k.bySide.set(side, (c = { n: 0 }));
      k.byIndex[sideIndex] = c;
    }
    c.n++;
  }

  events(list: readonly GameEvent[]): void {
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      let c = this.byType.get(e.type);
      if (c === undefined) {
        c = {
          count: 0,
          combat: e.type === 'fingers' || e.type === 'result',
          effect: undefined,
          rule: undefined,
          card: undefined,
          spell: undefined,
          spread: undefined,
          result: undefined,
        };
        this.byType.set(e.type, c);
      }
      c.count++;
      // The fields the event has, visited (for-in), rather than the six counted ones read from
      // every event: events of many shapes pass here, and reading a field an event lacks is V8's
      // slow case (this loop took a fifth of simulate's time that way). A name's length picks the
      // one or few counted names (COUNTED_FIELDS) it may be, so most names are compared once or not at all.
      for (const field in e) {
        switch (field.length) {
          case 4:
            if (field === 'rule') c.rule = bump(c.rule, e[field]);
            else if (field === 'card') c.card = bump(c.card, e[field]);
            break;
          case 5:
            if (field === 'spell') c.spell = bump(c.spell, e[field]);
            break;
          case 6:
            if (field === 'effect') c.effect = bump(c.effect, e[field]);
            else if (field === 'spread') c.spread = bump(c.spread, e[field]);
            else if (field === 'result') c.result = bump(c.result, e[field]);
            break;
        }
      }
      if (c.combat) this.combatEvent(e);
      else if (e.effect === 'destroy-place' && e.type === 'effect') this.placeDestroyed(e);
    }
  }

  /** A `destroy-place` line: the place it destroyed, unless it was destroyed already. */
  private placeDestroyed(e: GameEvent): void {
    const data = e.data as { place?: JsonValue; already?: JsonValue } | undefined;
    if (data === undefined || data === null || typeof data.place !== 'string' || data.already === true) return;
    const c = this.places.get(data.place);
    if (c === undefined) this.places.set(data.place, { n: 1 });
    else c.n++;
  }

  /** A combat number shown, or a combat result looked up from the last one shown (not one a rule set). */
  private combatEvent(e: GameEvent): void {
    if (e.type === 'fingers') {
      if (e.purpose === 'combat') this.shown = { spread: e.spread, number: e.number, event: e.event === true };
      return;
    }
    const shown = this.shown;
    this.shown = null;
    const { spread, column, number, result, override } = e;
    if (shown === null || override === true || typeof spread !== 'string' || typeof column !== 'string' || typeof result !== 'string') return;
    if (shown.spread !== spread || shown.number !== number) return;
    const key = resultKey(spread, column, shown.event ? 'E' : 'number', result);
    const c = this.combat.get(key);
    if (c === undefined) this.combat.set(key, { n: 1 });
    else c.n++;
  }

  plain(): Counts {
    const plainCounts = (m: Map<string, Counter>) => Object.fromEntries([...m].map(([k, c]) => [k, c.n]));
    const events: EventCounts = {};
    for (const [type, c] of this.byType) {
      const by: Record<string, Record<string, number>> = {};
      for (const field of COUNTED_FIELDS) {
        const m = c[field];
        if (m !== undefined) by[field] = plainCounts(m);
      }
      events[type] = { count: c.count, by };
    }
    return {
      moveKinds: Object.fromEntries([...this.byKind].map(([kind, k]) => [kind, plainCounts(k.bySide)])),
      events,
      combat: plainCounts(this.combat),
      places: plainCounts(this.places),
    };
  }
}
