// Test content for Warmaster's engine: the shipped pack with the values the text leaves open and
// no layer sets yet filled in (the Imperial groups, the cup, the leaders' attack and defence), so
// games can be played; and helpers that play a game by the moves a test names.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PackContent } from '../src/content/effective.js';
import { bot } from '../src/engine/core/bots.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { rollD6 } from '../src/engine/core/dice.js';
import { coreWith, updateUnit, unitWith } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterMove, type WarmasterState } from '../src/engine/warmaster/index.js';
import { draft, stateWith } from '../src/engine/warmaster/state.js';
import { turnFaceUp } from '../src/engine/warmaster/steps.js';
import { packContentOf } from './content-support.js';
import { repoRoot } from './helpers.js';

type Obj = { [key: string]: any };

/** Test values of the leaders (the text prints none), used while the shipped layers give none: attack, defence. */
export const LEADERS: { readonly [id: string]: readonly [number, number] } = {
  'the-emperor': [8, 8],
  sanguinius: [7, 7],
  'rogal-dorn': [7, 7],
  'general-kane': [4, 4],
  'warmaster-horus': [8, 8],
  angron: [7, 6],
  'magnus-the-red-one': [6, 7],
};

export const GROUPS = [
  [
    { unit: 'the-emperor', count: 1 },
    { unit: 'imperial-unit', count: 3 },
  ],
  [
    { unit: 'sanguinius', count: 1 },
    { unit: 'imperial-unit', count: 3 },
  ],
  [
    { unit: 'rogal-dorn', count: 1 },
    { unit: 'imperial-unit', count: 3 },
  ],
  [
    { unit: 'general-kane', count: 1 },
    { unit: 'imperial-guard', count: 4 },
  ],
];

export const CUP = [
  { unit: 'angron', count: 1 },
  { unit: 'magnus-the-red-one', count: 1 },
  { unit: 'doombreed', count: 1 },
  { unit: 'kraxnar', count: 1 },
  { unit: 'demonic-hordes', count: 6 },
  { unit: 'trap', count: 4 },
  { unit: 'horror', count: 4 },
  { unit: 'crew', count: 6 },
  { unit: 'crew-ambush', count: 3 },
];

/** The shipped pack with the test values above; `change` edits the records further (a copy each call). */
export function testContent(change: (records: Obj) => void = () => {}): PackContent {
  const { printables: _, ...shipped } = packContentOf('warmaster');
  const content = structuredClone(shipped) as PackContent;
  const records = content.records as Obj;
  for (const [id, [attack, defence]] of Object.entries(LEADERS)) {
    const unit = records['special-unit'][id];
    if (unit.attack === null) unit.attack = attack;
    if (unit.defence === null) unit.defence = defence;
  }
  const phases = records.phase;
  if (phases['imperial-reinforcements'].groups === undefined) phases['imperial-reinforcements'].groups = GROUPS.map((pieces) => ({ pieces }));
  if (phases['traitor-reinforcements'].cup === undefined) phases['traitor-reinforcements'].cup = CUP;
  change(records);
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
    core: coreWith(s.core, { destroyedPlaces: destroyed }),
    cup: [],
    unplaced: [],
    waiting: [],
    bridge,
    phase: `${other}-movement`,
    stage: 'move',
    active: other,
    turn: 1,
  });
  const played = game.play(c, ready, { kind: 'end-movement' }).state;
  if (played.phase !== `${side}-movement`) throw new Error(`not at ${side}'s movement: ${played.phase}`);
  return played;
}

/**
 * A project at `project` holding a copy of the shipped pack with a layer of its own giving the
 * values the text leaves open and the shipped layers do not give yet (the groups, the cup, the
 * leaders' values), so commands (simulate, replay, coverage --mutate) can play it.
 */
export function writePlayableCopy(project: string): void {
  const pack = path.join(project, 'content', 'warmaster');
  cpSync(path.join(repoRoot, 'content', 'warmaster'), pack, { recursive: true });
  // The values the text leaves open, as a layer of the copy (the shipped pack's layers will give them).
  const entry = (id: string, kind: string, record: string, pointer: string, value: unknown) =>
    `  - id: ${id}\n    kind: reconstruction\n    target: { kind: ${kind}, id: ${record}, pointer: ${pointer} }\n    value: ${JSON.stringify(value)}\n    note: Made up so the game can be played.\n    reason: The rule text does not print it.\n`;
  // Only what the shipped layers leave unset: once they give a value, the copy plays theirs.
  const shipped = packContentOf('warmaster').records as Obj;
  let layer = 'id: test-values\ntitle: Test values\nentries:\n';
  if (shipped.phase['imperial-reinforcements'].groups === undefined)
    layer += entry(
      'groups',
      'phase',
      'imperial-reinforcements',
      '/groups',
      GROUPS.map((pieces) => ({ pieces })),
    );
  if (shipped.phase['traitor-reinforcements'].cup === undefined) layer += entry('cup', 'phase', 'traitor-reinforcements', '/cup', CUP);
  for (const [id, [attack, defence]] of Object.entries(LEADERS)) {
    if (shipped['special-unit'][id].attack === null) layer += entry(`${id}-attack`, 'special-unit', id, '/attack', attack);
    if (shipped['special-unit'][id].defence === null) layer += entry(`${id}-defence`, 'special-unit', id, '/defence', defence);
  }
  if (layer.endsWith('entries:\n')) return;
  writeFileSync(path.join(pack, 'layers', 'test-values.yaml'), layer);
  const manifest = path.join(pack, 'pack.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      'layers: [errata, inferences, rulings, reconstructions]',
      'layers: [errata, inferences, rulings, reconstructions, test-values]',
    ),
  );
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
  for (const a of attackers) s = game.play(c, s, { kind: 'move', unit: a, to: where.to }).state;
  s = stateWith(s, { random, core: coreWith(s.core, { random }) });
  let played = game.play(c, s, { kind: 'end-movement' });
  const events: GameEvent[] = [...played.events];
  const asked: WarmasterState[] = [];
  while (played.state.phase === 'imperial-battle' && played.state.result === null) {
    asked.push(played.state);
    played = game.play(c, played.state, answer(game.legalMoves(c, played.state), played.state));
    events.push(...played.events);
  }
  return { state: played.state, events, asked };
}
