// Test content for Warmaster's engine: the shipped pack (its layers give what the text leaves open:
// the Imperial groups, the cup, the leaders' attack and defence), changed as a test needs; and
// helpers that play a game by the moves a test names.
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { PackContent } from '../src/content/effective.js';
import { playRange } from '../src/analysis/simulate.js';
import type { Batch } from '../src/analysis/simulate-report.js';
import { bot, type BotName } from '../src/engine/core/bots.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { rollD6 } from '../src/engine/core/dice.js';
import { coreWith, updateUnit, unitWith, withPlaceControl } from '../src/engine/core/state.js';
import { bridgeController } from '../src/engine/warmaster/hooks.js';
import { warmasterGame as game, warmasterRules, type WarmasterMove, type WarmasterState } from '../src/engine/warmaster/index.js';
import { draft, stateWith } from '../src/engine/warmaster/state.js';
import { turnFaceUp } from '../src/engine/warmaster/steps.js';
import { packContentOf } from './content-support.js';
import { repoRoot } from './helpers.js';

type Obj = { [key: string]: any };

/** The shipped pack's content; `change` edits the records (a copy each call). */
export function testContent(change: (records: Obj) => void = () => {}): PackContent {
  const { printables: _, ...shipped } = packContentOf('warmaster');
  const content = structuredClone(shipped) as PackContent;
  change(content.records as Obj);
  return content;
}

/** A game played by random bots from `seed`: every state and the events, up to `limit` moves. */
export function randomGame(content: PackContent, seed: number, limit = 3000): { states: WarmasterState[]; events: GameEvent[] } {
  const c = content as never;
  let played = game.setup(c, seed);
  const states = [played.state];
  const events = [...played.events];
  let random: RandomState = seedRandom(seed + 1000);
  for (let i = 0; i < limit && played.state.result === null; i++) {
    const legal = game.legalMoves(c, played.state);
    const picked = bot('random').choose(game as never, c, played.state as never, legal as never, random);
    random = picked.random;
    played = game.play(c, played.state, picked.move as WarmasterMove);
    states.push(played.state);
    events.push(...played.events);
  }
  return { states, events };
}

/** Set-up played: each piece to place (Horus and those drawn from the cup) goes to the first area offered; the state the first phase waits in, and every event. */
export function placeAll(content: PackContent, state: WarmasterState): { state: WarmasterState; events: GameEvent[] } {
  const c = content as never;
  const events: GameEvent[] = [];
  while (state.stage === 'place' && state.result === null) {
    const played = game.play(c, state, game.legalMoves(c, state)[0]!);
    state = played.state;
    events.push(...played.events);
  }
  return { state, events };
}

/** Plays moves in order, each the first legal move `pick` accepts; returns the last state and every event. */
export function playUntil(
  content: PackContent,
  state: WarmasterState,
  done: (s: WarmasterState) => boolean,
  pick: (moves: readonly WarmasterMove[], s: WarmasterState) => WarmasterMove = (moves) => moves[moves.length - 1]!,
  limit = 2000,
): { state: WarmasterState; events: GameEvent[] } {
  const c = content as never;
  const events: GameEvent[] = [];
  for (let i = 0; i < limit && !done(state); i++) {
    const moves = game.legalMoves(c, state);
    if (moves.length === 0) break;
    const played = game.play(c, state, pick(moves, state));
    state = played.state;
    events.push(...played.events);
  }
  return { state, events };
}

/**
 * Where a test puts pieces: an Imperial piece by id -> area; a Traitor piece by any name -> [area,
 * record] (face up), [area, record, 'face-down'], or [area, null] (face down, whatever the deal made it).
 */
export type Placements = { readonly [piece: string]: string | readonly [string, string | null] | readonly [string, string, 'face-down'] };

/**
 * A game at `side`'s movement phase with the pieces where `at` puts them (a Traitor piece given as
 * `[area, record]` is face up as that record, `[area, null]` face down): the other side's movement
 * phase ends and play goes on to it (nothing in the cup, no group waiting), so every rule in force
 * has been applied on the way.
 */
export function atMovement(
  content: PackContent,
  side: 'imperial' | 'traitor',
  at: Placements,
  bridge: string | null = 'traitor',
  destroyed: string[] = [],
): WarmasterState {
  const c = content as never;
  const rules = warmasterRules(c);
  const start = game.setup(c, 1).state;
  const s = draft(start);
  const traitors = Object.keys(start.identities);
  let n = 0;
  for (const [piece, where] of Object.entries(at)) {
    const [area, record, face] = typeof where === 'string' ? [where, undefined, undefined] : where;
    const id = record === undefined ? piece : traitors[n++]!;
    if (record !== undefined && record !== null) {
      s.identities = { ...s.identities, [id]: record };
      if (face !== 'face-down') turnFaceUp(s, rules, id);
    }
    s.core = updateUnit(s.core, id, (u) => unitWith(u, { location: area }));
  }
  const other = side === 'imperial' ? 'traitor' : 'imperial';
  const ready = stateWith(s, {
    core: coreWith(rules.bridge === null ? s.core : withPlaceControl(s.core, rules.bridge.area, bridge), { destroyedPlaces: destroyed }),
    cup: [],
    unplaced: [],
    waiting: [],
    phase: `${other}-movement`,
    stage: 'move',
    active: other,
    turn: 1,
  });
  let played = game.play(c, ready, { kind: 'end-movement' }).state;
  // The Traitor's turn may open with Horus's choice to be revealed: he stays hidden.
  while (played.phase !== `${side}-movement` && game.legalMoves(c, played).some((m) => m.kind === 'keep-hidden'))
    played = game.play(c, played, { kind: 'keep-hidden' }).state;
  if (played.phase !== `${side}-movement`) throw new Error(`not at ${side}'s movement: ${played.phase}`);
  return played;
}

/** A project holding a copy of the shipped pack (content/warmaster), for the commands a test runs on it. */
export function writePlayableCopy(project: string): void {
  cpSync(path.join(repoRoot, 'content', 'warmaster'), path.join(project, 'content', 'warmaster'), { recursive: true });
}

/** How a test answers each decision of a battle. */
export type Answer = (moves: readonly WarmasterMove[], s: WarmasterState) => WarmasterMove;

/** A generator whose first D6 is `roll`. */
export function forcedD6(roll: number): RandomState {
  for (let k = 0; ; k++) if (rollD6(seedRandom(k)).value === roll) return seedRandom(k);
}

/**
 * The Imperial units in `attackers` move from area-24 into area-34 (or `where`), where `defenders` stand; the
 * battle phase's first D6 is `roll`. Play goes on (`answer` picks each answer) until the battle is over.
 */
export function fight(
  content: PackContent,
  attackers: readonly string[],
  defenders: Placements,
  random: RandomState,
  answer: Answer = (m) => m[0]!,
  where: { readonly from: string; readonly to: string } = { from: 'area-24', to: 'area-34' },
) {
  const c = content as never;
  const at: { [piece: string]: Placements[string] } = { ...defenders };
  for (const a of attackers) at[a] = where.from;
  let s = atMovement(content, 'imperial', at, 'imperial');
  // The generator is set before the moves: the first arrival turns face-down pieces face up (a Trap's or Horror's D6).
  s = stateWith(s, { random, core: coreWith(s.core, { random }) });
  const events: GameEvent[] = [];
  const asked: WarmasterState[] = [];
  for (const a of attackers) {
    let moved = game.play(c, s, { kind: 'move', unit: a, to: where.to });
    events.push(...moved.events);
    while (moved.state.pending !== null && moved.state.result === null) {
      asked.push(moved.state);
      moved = game.play(c, moved.state, answer(game.legalMoves(c, moved.state), moved.state));
      events.push(...moved.events);
    }
    s = moved.state;
  }
  let played = game.play(c, s, { kind: 'end-movement' });
  events.push(...played.events);
  while (played.state.phase === 'imperial-battle' && played.state.result === null) {
    asked.push(played.state);
    played = game.play(c, played.state, answer(game.legalMoves(c, played.state), played.state));
    events.push(...played.events);
  }
  return { state: played.state, events, asked };
}

/** The side controlling the Bridge in a state (none while it is destroyed). */
export function bridgeOf(content: PackContent, state: WarmasterState): string | null {
  return bridgeController(warmasterRules(content as never), state.core);
}

/**
 * How many of the first `games` games of simulate's batch seed 1 `side` wins, the Imperial side
 * played by `imperial` and the Traitor by `traitor` (game i has the same seed whatever the bots, so
 * two calls compare the same set-ups). Every game must end in a result.
 */
export function batchWins(side: 'imperial' | 'traitor', games: number, imperial: BotName, traitor: BotName): number {
  const { printables: _, ...content } = packContentOf('warmaster');
  const batch: Batch = {
    pack: 'warmaster',
    packVersion: content.pack.version,
    scenario: null,
    seed: 1,
    games,
    bots: [
      { side: 'imperial', bot: imperial },
      { side: 'traitor', bot: traitor },
    ],
    maxMoves: 10_000,
  };
  const { summaries } = playRange(game as never, content, batch, { from: 0, to: games });
  const unfinished = summaries.filter((g) => g.end !== 'result').length;
  if (unfinished > 0) throw new Error(`${unfinished} of ${games} games ended without a result`);
  return summaries.filter((g) => g.winner === side).length;
}

/** The numbered areas that are the Reactors (their `no-entry` rule closes them to units moving in). */
export function reactorsOf(rules: { readonly areas: readonly { readonly id: string; readonly special: string | null }[] }): string[] {
  return rules.areas.filter((a) => a.special === 'the-reactors').map((a) => a.id);
}
