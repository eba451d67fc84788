// Playtests: many seeded games played by bots, on every core, summed into one report (see
// simulate-report.ts). Game i of a batch is seeded with gameSeed(batch seed, i), so any game of a
// batch can be played again alone. Worker threads each take chunks of game indexes and send back
// one summary per game and the chunk's counts of moves and events; these are added up in
// game-index order, and every figure of the report comes from whole-number counters, so the report
// is the same byte for byte whatever the number of workers, and shards (ranges of indexes) merge
// into exactly the report of one run.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { mixSeed } from '../engine/core/bots.js';
import type { Game, GameEvent, GameMove, GameState } from '../engine/core/game.js';
import type { JsonValue } from '../engine/core/log.js';
import { viewEventOf } from '../engine/core/view.js';
import { loadGame, type GameRef } from '../engine/games.js';
import { PlayCounts, playGame, type Counts, type GameSummary, type LogLine } from './simulate-game.js';
import { combatOddsFor } from './simulate-odds.js';
import { placeNamesFor } from './simulate-places.js';
import { addCounts, addGame, emptyTally, makeReport, type Batch, type Range, type SimulateReport } from './simulate-report.js';

export { DEFAULT_MAX_MOVES } from './simulate-game.js';

/** The seed of game `index` of the batch seeded `batchSeed`. */
export function gameSeed(batchSeed: number, index: number): number {
  return mixSeed(batchSeed, index);
}

/**
 * Shard `i` of `n` (1-based): a contiguous range of game indexes, the batch cut into n nearly
 * equal parts in order (shard 1 of 4 of 1000 games is 0-249). Contiguous shards keep each shard's
 * games together, so "the first games that did not end" stay exact under merging.
 */
export function shardRange(games: number, i: number, n: number): Range {
  if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(i) || i < 1 || i > n) throw new RangeError(`shard ${i}/${n}: i must be 1 to n`);
  return { from: Math.floor(((i - 1) * games) / n), to: Math.floor((i * games) / n) };
}

export interface SimulateOptions {
  /** The games to play (default: the whole batch). */
  readonly range?: Range;
  /** Worker threads; 0 plays in this thread. Default: one per core, no more than the chunks. */
  readonly workers?: number;
  /** Called as games finish, with the number finished and the number to play. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The content a game reads, as plain data that can be sent to a worker thread. */
export type GameContent = unknown;

type AnyGame = Game<unknown, GameState, GameMove>;

/** The default number of worker threads: one per core. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** Plays games `range` of a batch and reports them. */
export async function simulate(ref: GameRef, content: GameContent, batch: Batch, options: SimulateOptions = {}): Promise<SimulateReport> {
  const range = options.range ?? { from: 0, to: batch.games };
  const total = range.to - range.from;
  const tally = emptyTally();
  let done = 0;
  // In this thread (0 workers), chunks still cut the batch into parts, for the progress bar.
  const size = chunkSize(range, Math.max(1, options.workers ?? defaultWorkers()));
  const chunkCount = Math.ceil(total / size);
  const workers = Math.min(options.workers ?? defaultWorkers(), chunkCount);
  // Chunks are added in index order: chunks that finish early wait for those before them.
  const waiting = new Map<number, Played>();
  let next = range.from;
  const receive = (from: number, played: Played) => {
    waiting.set(from, played);
    for (let p = waiting.get(next); p !== undefined; p = waiting.get(next)) {
      waiting.delete(next);
      for (const g of p.summaries) addGame(tally, g);
      addCounts(tally, p.counts);
      next += p.summaries.length;
    }
    done += played.summaries.length;
    options.onProgress?.(done, total);
  };
  if (workers <= 0) {
    const game = await loadGame(ref);
    for (const c of chunksOf(range, size)) receive(c.from, playRange(game, content, batch, c));
  } else {
    await runWorkers(ref, content, batch, chunksOf(range, size), chunkCount, workers, receive);
  }
  return makeReport(batch, range, tally);
}

/** The games of a chunk: one summary per game, in index order, and what they played, added up. */
export interface Played {
  readonly summaries: readonly GameSummary[];
  readonly counts: Counts;
}

/** Plays the games of `range` in this thread. */
export function playRange(game: Awaited<ReturnType<typeof loadGame>>, content: GameContent, batch: Batch, range: Range): Played {
  const bots = batch.bots.map((b) => b.bot);
  const counts = new PlayCounts();
  const summaries: GameSummary[] = [];
  for (let i = range.from; i < range.to; i++)
    summaries.push(
      playGame(game, content, i, gameSeed(batch.seed, i), bots, { scenario: batch.scenario, maxMoves: batch.maxMoves }, undefined, undefined, counts),
    );
  const plain = counts.plain();
  // The exact odds of each combat group counted, from the game's own tables (simulate-odds.ts).
  const oddsOf = combatOddsFor(content);
  const combatOdds: Record<string, Record<string, string>> = {};
  if (oddsOf !== null) {
    for (const key of Object.keys(plain.combat)) {
      const group = key.slice(0, key.lastIndexOf('\u0000'));
      if (group in combatOdds) continue;
      const odds = oddsOf(group);
      if (odds !== null) combatOdds[group] = odds;
    }
  }
  // The names of the places counted, from the pack's records (simulate-places.ts).
  const nameOf = placeNamesFor(content);
  const placeNames: Record<string, string> = {};
  if (nameOf !== null) {
    for (const place of Object.keys(plain.places ?? {})) {
      const name = nameOf(place);
      if (name !== null) placeNames[place] = name;
    }
  }
  return { summaries, counts: { ...plain, combatOdds, placeNames } };
}

/**
 * Plays game `index` of a batch again, in this thread, sending every log line to `log` (the header
 * first): what `simulate --log` writes. With `view`, the log as that side sees it (`simulate --log
 * --view`): every line after the header through the game's `viewEvent` (core/view.ts viewEventOf),
 * and the header and `stop` line marked `view`, since such a log cannot be replayed.
 */
export async function logGame(
  ref: GameRef,
  content: GameContent,
  batch: Batch,
  index: number,
  log: (line: LogLine) => void,
  extra: { readonly playmark?: string; readonly view?: string } = {},
): Promise<GameSummary> {
  const game = await loadGame(ref);
  const seed = gameSeed(batch.seed, index);
  const header = logHeader(batch, index, seed, game.sides(content), extra.playmark);
  const view = extra.view;
  log(view === undefined ? header : viewHeader(header, view));
  return playGame(
    game,
    content,
    index,
    seed,
    batch.bots.map((b) => b.bot),
    { scenario: batch.scenario, maxMoves: batch.maxMoves },
    view === undefined ? log : viewLog(game, content, view, log),
  );
}

/** A view log's header: the seeds left out, since with them a side could replay every hidden draw and shuffle. */
function viewHeader(header: LogLine, side: string): LogLine {
  const { seed: _seed, batch, ...rest } = header;
  const { seed: _batchSeed, ...game } = batch as { readonly [key: string]: JsonValue };
  return { ...rest, batch: game, view: side };
}

/**
 * The lines of a log as `side` sees them, each through `viewEvent` with the state it was written
 * from: a `play` line with the state the move was chosen in (what was on the table then), the
 * move's events with the state after it.
 */
function viewLog(game: AnyGame, content: GameContent, side: string, log: (line: LogLine) => void): (line: LogLine, state: GameState | null) => void {
  return (line, state) => {
    if (line.type === 'stop') {
      // The final state's digest is left out too: a side could test its guesses of what it cannot see against it.
      const { state: _digest, ...stop } = line;
      log({ ...stop, view: side });
      return;
    }
    if (state === null) return;
    const seen = viewEventOf(game, content, line as GameEvent, side, state);
    if (seen !== null) log(seen as LogLine);
  };
}

export const LOG_FORMAT = 'playmark-game-log';
export const LOG_VERSION = 1;

/** The first line of a game log: what game it is and how to play it again. See docs/game-log.md. */
export function logHeader(batch: Batch, index: number, seed: number, sides: readonly string[], playmark?: string): LogLine {
  return {
    type: 'log',
    format: LOG_FORMAT,
    version: LOG_VERSION,
    pack: batch.pack,
    packVersion: batch.packVersion,
    seed,
    options: { scenario: batch.scenario, maxMoves: batch.maxMoves },
    sides: [...sides],
    bots: Object.fromEntries(batch.bots.map((b) => [b.side, b.bot])),
    batch: { seed: batch.seed, game: index },
    ...(playmark ? { playmark } : {}),
  };
}

/** The size of the chunks a range is cut into: small enough to share out among the workers, large enough to keep messages few. */
function chunkSize(range: Range, workers: number): number {
  return Math.max(1, Math.min(500, Math.ceil((range.to - range.from) / Math.max(1, workers * 8))));
}

/** The chunks of a range, made as they are taken: a batch of any size costs no memory for them. */
export function* chunksOf(range: Range, size: number): Generator<Range> {
  for (let from = range.from; from < range.to; from += size) yield { from, to: Math.min(range.to, from + size) };
}

/**
 * The worker script: the compiled simulate-worker.js beside this module, or, when this module runs
 * as TypeScript (the tests), the one compiled to dist/ (`npm test` builds it first).
 */
export function workerScript(): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new URL('./simulate-worker.js', import.meta.url);
  let dir = path.dirname(here);
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const compiled = path.join(dir, 'dist', 'src', 'analysis', 'simulate-worker.js');
  if (!existsSync(compiled)) throw new Error(`worker threads run the compiled code, and ${compiled} is missing: run \`npx tsc -p tsconfig.json\` first`);
  return pathToFileURL(compiled);
}

/** What the main thread sends a worker: a chunk to play, or null to stop. */
export type ToWorker = Range | null;
/** What a worker sends back: the summaries of a chunk, or the error that stopped it. */
export type FromWorker = { readonly from: number; readonly played: Played } | { readonly error: string };

/** The data a worker starts with. */
export interface WorkerStart {
  readonly ref: GameRef;
  readonly content: GameContent;
  readonly batch: Batch;
}

function runWorkers(
  ref: GameRef,
  content: GameContent,
  batch: Batch,
  chunks: Iterator<Range>,
  chunkCount: number,
  count: number,
  receive: (from: number, played: Played) => void,
): Promise<void> {
  const script = workerScript();
  const start: WorkerStart = { ref, content, batch };
  return new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    let outstanding = chunkCount;
    let failed = false;
    const stop = (error?: Error) => {
      if (failed) return;
      if (error) failed = true;
      for (const w of pool) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: start });
      pool.push(worker);
      const feed = () => {
        const next = chunks.next();
        worker.postMessage((next.done ? null : next.value) satisfies ToWorker);
      };
      worker.on('message', (m: FromWorker) => {
        if ('error' in m) return stop(new Error(m.error));
        receive(m.from, m.played);
        if (--outstanding === 0) return stop();
        feed();
      });
      worker.on('error', (e) => stop(e));
      worker.on('exit', (code) => {
        if (code !== 0 && outstanding > 0) stop(new Error(`a simulate worker stopped with exit code ${code}`));
      });
      feed();
    }
  });
}
