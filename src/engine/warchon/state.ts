// The state of a game of Warchon: plain JSON. The core state (units on spreads, modifiers, the
// current battle, delayed effects, static rules) is embedded; the Warchon fields say where the turn
// stands. The top-level `random` is the generator in force (a bot's look-ahead replaces it); the
// core's copy is synced from it at each move.
import type { ChoiceAnswer, ChoiceRequest } from '../core/choices.js';
import type { GameMove, GameState } from '../core/game.js';
import type { GameEvent as RuleEvent } from '../core/rules/event.js';
import { patched, type CoreState, type Mutable } from '../core/state.js';

/**
 * Where the turn stands. `army`: sides with a points budget buy their units; `setup`: placing units; `movement`: the active side's Movement Round;
 * `battle`: a battle under way (see BattleStage); `over`: the game has ended.
 */
export type Step = 'army' | 'setup' | 'movement' | 'battle' | 'over';

/**
 * The stages of one battle, in order: `start` (battle-starts announced), `fingers` (the number),
 * `event-fingers` (the number that picks the event entry), `event` (its effects), `before-result`,
 * `apply` (the result looked up), `effects` (a result record's effects: AE, DE, Eg, So) or `assign`
 * (owners split their Hits), `applied` (result-applied),
 * `end` (battle-ends).
 */
export type BattleStage = 'start' | 'fingers' | 'event-fingers' | 'event' | 'before-result' | 'apply' | 'effects' | 'assign' | 'applied' | 'end';

export interface WarchonBattle {
  readonly spread: string;
  readonly stage: BattleStage;
  /** The attacker's fingers, once shown; hidden from the defender's moves until both are fixed. */
  readonly attackerFingers: number | null;
  /** The number that called the event (for `useOriginalNumber`), or the number for the result. */
  readonly number: number | null;
  /** The event entry's number, while it is applied. */
  readonly entry: number | null;
  /** After an event, once the spread's events this turn reached rules core /events/perLocationPerTurn, further E marks are ignored. */
  readonly ignoreEvents: boolean;
  /** The result being applied (its code), and its result record (form). */
  readonly result: string | null;
  readonly form: string | null;
  /** Hits still to assign, per side, in the order they are assigned (attacker first). */
  readonly hits: readonly { readonly side: string; readonly left: number }[];
}

/** A job of the interpreter: an event announced, or effects of a record applied. Re-run with more answers. */
export type Job =
  | { readonly kind: 'fire'; readonly event: RuleEvent }
  | { readonly kind: 'event-entry'; readonly spread: string; readonly number: number }
  | { readonly kind: 'result'; readonly form: string };

/** A choice inside effects waiting for a move: the job, the core state it started from, the answers so far. */
export interface PendingChoice {
  readonly job: Job;
  readonly base: CoreState;
  readonly answers: readonly ChoiceAnswer[];
  readonly request: ChoiceRequest;
}

export interface WarchonState extends GameState {
  readonly scenario: string;
  readonly step: Step;
  readonly core: CoreState;
  /** Units still to place, per side, in army order. */
  readonly unplaced: { readonly [side: string]: readonly string[] };
  /** Units that acted (moved or held) this turn. */
  readonly acted: readonly string[];
  /** Moves out of a spread this turn: unit, from, side (for limit-movement's maxUnitsLeaving). */
  readonly departures: readonly { readonly unit: string; readonly from: string; readonly side: string }[];
  /** Spreads both armies shared when this Movement Round started: "in battle" during it (ruling in-battle-during-movement). */
  readonly inBattle: readonly string[];
  /** Battles still to fight this turn, spread ids in number order. */
  readonly queue: readonly string[];
  readonly battle: WarchonBattle | null;
  /** Spreads where a Random Event happened this turn (one per location per turn). */
  readonly eventsUsed: readonly string[];
  readonly pending: PendingChoice | null;
  /** Army building (only in a scenario where a side builds from a points budget): the sides still buying, in set-up order. */
  readonly army?: { readonly building: readonly string[] };
  /**
   * The units each side has seen, by side, in the order first seen: every unit in a battle when a
   * decision is asked during it (a battle opens the spread to both players; ruling
   * seen-units-stay-known), so a side's player view (view.ts) shows them whole from then on.
   */
  readonly seen: { readonly [side: string]: readonly string[] };
}

/** The moves (see index.ts). */
export type WarchonMove =
  | { readonly kind: 'recruit'; readonly unit: string }
  | { readonly kind: 'end-army' }
  | { readonly kind: 'place'; readonly unit: string; readonly spread: string }
  | { readonly kind: 'move'; readonly unit: string; readonly to: string }
  | { readonly kind: 'hold'; readonly unit: string }
  | { readonly kind: 'end-movement' }
  | { readonly kind: 'fingers'; readonly n: number }
  | { readonly kind: 'assign'; readonly unit: string }
  | { readonly kind: 'destroy'; readonly unit: string }
  | { readonly kind: 'choose'; readonly ids: readonly string[] };

export type { GameMove };

/**
 * A copy of the state with the fields in `patch` replaced, as one object literal read from the state
 * and the patch written over it: every state then has one hidden shape (two with `army`), which
 * keeps the copies made at every step on V8's fast path (see coreWith in core/state.ts). `army`
 * stays left out where the scenario has none.
 */
export function stateWith(s: WarchonState, patch: Partial<WarchonState>): WarchonState {
  const copy: Mutable<WarchonState> = {
    random: s.random,
    active: s.active,
    turn: s.turn,
    result: s.result,
    scenario: s.scenario,
    step: s.step,
    core: s.core,
    unplaced: s.unplaced,
    acted: s.acted,
    departures: s.departures,
    inBattle: s.inBattle,
    queue: s.queue,
    battle: s.battle,
    eventsUsed: s.eventsUsed,
    pending: s.pending,
    seen: s.seen,
  };
  if (s.army !== undefined) copy.army = s.army;
  return patched(copy, patch);
}

/** A copy of the battle with the fields in `patch` replaced (as stateWith). */
export function battleStageWith(b: WarchonBattle, patch: Partial<WarchonBattle>): WarchonBattle {
  const copy: Mutable<WarchonBattle> = {
    spread: b.spread,
    stage: b.stage,
    attackerFingers: b.attackerFingers,
    number: b.number,
    entry: b.entry,
    ignoreEvents: b.ignoreEvents,
    result: b.result,
    form: b.form,
    hits: b.hits,
  };
  return patched(copy, patch);
}

/** A battle being worked on by one `play`: its own copy, written in place (see Draft). */
export type DraftBattle = Mutable<WarchonBattle>;

/**
 * A state being worked on by one `play` (play.ts): its own copy of the state and of the battle,
 * written in place as the move and what it sets off go step by step, and handed back as the new
 * state when the play ends. Copying the state at every step cost a copy and its garbage each time;
 * the state given to `play` is never written, and neither are the arrays and core states the copy
 * shares with it (they are replaced, never changed).
 */
export type Draft = Omit<Mutable<WarchonState>, 'battle'> & { battle: DraftBattle | null };

/** The draft `play` starts from (as Archon Skirmish's `draft`, with the battle copied too). */
export function draft(s: WarchonState): Draft {
  return stateWith(s, { battle: s.battle === null ? null : battleStageWith(s.battle, {}) }) as Draft;
}
