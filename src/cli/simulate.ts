import type { Command } from 'commander';
import path from 'node:path';
import { DEFAULT_MAX_MOVES, gameSeed, logGame, shardRange } from '../analysis/simulate.js';
import type { LogLine } from '../analysis/simulate-game.js';
import { playBatch, workersFor } from '../analysis/simulate-batch.js';
import { MergeError, type Batch, type Range } from '../analysis/simulate-report.js';
import { failedGames, isPairings, mergeAnyReports, playedGames, readAnyReport, type AnyReport } from '../analysis/simulate-pairings.js';
import { anyReportText, failureSummary } from '../analysis/simulate-text.js';
import { gameContent } from '../content/effective.js';
import { playmarkVersion } from '../content/package-root.js';
import { BOT_NAMES, isBotName, type BotName } from '../engine/core/bots.js';
import { packGame } from './game.js';
import { createBar } from '../render/progress.js';
import { writeAtomic } from '../content/write-atomic.js';
import { plural } from './format.js';
import { CommandError, EXIT, fileError, outputFile, UsageError, type Io } from './io.js';
import { didYouMean, readProjectContent } from './project.js';
import { formatOption, outputFormat, type OutputFormat } from './format.js';
import { intArg } from './resolve.js';

/** The most games one run plays (a billion games takes a day on a few cores; shards go further). */
export const MAX_GAMES = 1_000_000_000;
/** The most moves a game may be allowed, and the most worker threads. */
export const MAX_MOVES = 1_000_000;
export const MAX_WORKERS = 256;

interface SimulateFlags {
  scenario?: string;
  games?: string;
  seed?: string;
  bots?: string[];
  workers?: string;
  shard?: string;
  merge?: string[];
  maxMoves?: string;
  format?: string;
  json?: boolean;
  out?: string;
  log?: string;
  logGame?: string;
  view?: string;
}

export function registerSimulate(program: Command, io: Io): void {
  program
    .command('simulate')
    .description(
      'Playtest a pack: many seeded games played by bots on every core, with wins per side (95% intervals), game lengths, how games ended and what was played.',
    )
    .argument('[pack]', 'the pack of this project to play (not needed with --merge)')
    .option('--scenario <id>', "the scenario to play (default: the game's own)")
    .option('-n, --games <n>', `how many games to play, 1 to ${MAX_GAMES.toLocaleString('en-US')}`)
    .option('-s, --seed <n>', `the batch seed, 0 to ${Number.MAX_SAFE_INTEGER}: game i is seeded from it and i, so the same seed plays the same games`)
    .option(
      '-b, --bots <names>',
      `one bot per side in the pack's side order, comma-separated (${BOT_NAMES.join(', ')}); one name plays every side (default: random); give --bots again for another pairing, reported side by side`,
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('-w, --workers <k>', `worker threads, 1 to ${MAX_WORKERS} (default: one per core, fewer for small batches)`)
    .option('--shard <i/n>', "play only shard i of n: games cut into n contiguous ranges, and write that range's partial report")
    .option('--merge <files...>', 'combine the JSON reports of shards into the report of the whole batch (plays nothing)')
    .option(
      '--max-moves <n>',
      `stop a game that has not ended after this many moves (1 to ${MAX_MOVES.toLocaleString('en-US')}); it is reported as unfinished`,
      String(DEFAULT_MAX_MOVES),
    )
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .option('-o, --out <file>', 'write the report to this file (atomically) instead of stdout')
    .option('--log <file>', 'write the JSON-lines log of one game (docs/game-log.md): the first game this run plays, or --log-game')
    .option('--log-game <i>', 'with --log: the index of the game of the batch to log (0 to games-1)')
    .option('--view <side>', 'with --log: write the log as that side sees it (its player view; such a log does not replay)')
    .addHelpText(
      'after',
      `
Examples:
  playmark simulate archon-skirmish --games 1000 --seed 42
  playmark simulate archon-skirmish --games 1000 --seed 42 --bots greedy,random --format json
  playmark simulate archon-skirmish --games 100 --seed 42 --bots random --bots greedy --bots search
  playmark simulate archon-skirmish --games 1 --seed 7 --log game.log && playmark replay game.log
  playmark simulate archon-skirmish --games 100000 --seed 1 --shard 2/4 --format json --out part-2.json
  playmark simulate --merge part-1.json part-2.json part-3.json part-4.json --out report.json

Game i of a batch is seeded from --seed and i, and each side's bot from the game's seed, so a batch
is a function of its pack, seed, games, bots, scenario and --max-moves. The report is the same byte
for byte whatever --workers is, and shards merged are byte for byte the report of one run.
Bots: random picks uniformly among the legal moves; greedy plays each legal move ahead (with dice of
its own, never the game's) and keeps the one the game rates best for it, ties broken at random;
search (Monte Carlo) gives each decision 64 playouts: a legal move, then up to 20 random moves by
every side, scored won, lost or drawn (unfinished: by the sign of the game's rating, else a draw),
with more playouts for the moves that score best (UCB1), and plays the move tried most. Like greedy
it sees only what its side may know (the game's player view, its unknowns drawn afresh each playout) and rolls
dice of its own. It costs about 500 to 650 times random's time a move (bench/bots.bench.js: Archon
Skirmish about 500 moves a second on one core, a game in under a second).
--bots given more than once plays the batch once per pairing and reports the pairings side by
side (text), or each pairing's own report (--format json, "playmark-simulate-pairings"); game i
has the same seed in every pairing, so they differ only by their bots. Shards of such a run merge
pairing by pairing. With one --bots the report is the one-pairing report.
--shard i/n plays games floor((i-1)*N/n) to floor(i*N/n)-1 (contiguous ranges); give --format json
to merge the partial reports later. --log writes the first game of the run (game 0, or a shard's
first) unless --log-game names another; it replays with \`playmark replay FILE\`.
--view SIDE writes that log as one side sees it (docs/game-log.md, "Player views"): each line
through the game's viewEvent, so what the side cannot see (another side's secret placement, a
unit it has not seen, a card in another hand) is left out or marked unknown, the other side's
moves included. The header and the last line say "view"; such a log is for reading, and replay
refuses it. A side the game does not have is a usage error naming its sides.
The report (text, or --format json) lists wins per side with 95% Wilson intervals, draws, games
that hit --max-moves (unfinished) and games that failed (no legal move, or an error: bugs), game
length in turns and moves (mean, min, median, max), how games ended (by rule), moves by kind and
side, and events by type and by their rule, card and spell fields (see docs/game-log.md). For a
game with combat tables read by fingers (Warchon), each combat result against its exact odds: by
spread, column and the kind of RNG cell its number came from, observed and expected counts and
Pearson's chi-square with its p-value.

--out and --log write into a folder that exists (a folder that does not is a usage error, found
before any game is played: playmark makes no folder you did not ask for).

Exit codes: 0 done, 1 the content has errors or some games failed (the report lists them),
2 usage error (bad option, a pack with no game, reports that do not merge, a missing --out folder).`,
    )
    .action(async (packArg: string | undefined, flags: SimulateFlags) => {
      const format = outputFormat(flags);
      if (flags.merge) return mergeCommand(io, packArg, flags, format);
      await simulateCommand(io, packArg, flags, format);
    });
}

/** --bots: one bot for every side, or one per side in the pack's order. */
function botsArg(raw: string, sides: readonly string[]): Batch['bots'] {
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hint = `Give one bot for every side, or one per side in order (${sides.join(', ')}): ${BOT_NAMES.join(', ')}; e.g. --bots ${sides.map((_, i) => BOT_NAMES[i % BOT_NAMES.length]).join(',')}.`;
  if (names.length === 0) throw new UsageError('--bots names no bot', hint);
  for (const n of names) if (!isBotName(n)) throw new UsageError(`no bot "${n}"`, `${didYouMean(n, BOT_NAMES)}${hint}`);
  if (names.length !== 1 && names.length !== sides.length) throw new UsageError(`--bots names ${names.length} bots for ${sides.length} sides`, hint);
  return sides.map((side, i) => ({ side, bot: (names.length === 1 ? names[0] : names[i]) as BotName }));
}

function shardArg(raw: string): { i: number; n: number } {
  const m = /^\s*([0-9]{1,12})\s*\/\s*([0-9]{1,12})\s*$/.exec(raw);
  const hint = 'Give the shard and the number of shards, 1-based: --shard 2/4 plays the second quarter of the games.';
  if (!m) throw new UsageError(`--shard takes i/n, not "${raw}"`, hint);
  const i = Number(m[1]);
  const n = Number(m[2]);
  if (n > MAX_GAMES) throw new UsageError(`--shard ${raw}: at most ${MAX_GAMES} shards`, hint);
  if (n < 1 || i < 1 || i > n) throw new UsageError(`--shard ${raw}: i must be 1 to n`, hint);
  return { i, n };
}

async function simulateCommand(io: Io, packArg: string | undefined, flags: SimulateFlags, format: OutputFormat): Promise<void> {
  if (packArg === undefined)
    throw new UsageError('missing the pack to play', 'e.g. playmark simulate archon-skirmish --games 1000 --seed 42, or --merge FILES to combine reports.');
  const games = intArg('--games', flags.games, 'how many games to play', 1000, 1, MAX_GAMES);
  const seed = intArg('--seed', flags.seed, 'the batch seed', 42, 0, Number.MAX_SAFE_INTEGER);
  const maxMoves = intArg('--max-moves', flags.maxMoves, 'the most moves a game may take', DEFAULT_MAX_MOVES, 1, MAX_MOVES);
  const workersGiven = flags.workers === undefined ? undefined : intArg('--workers', flags.workers, 'the number of worker threads', 4, 1, MAX_WORKERS);
  const shard = flags.shard === undefined ? undefined : shardArg(flags.shard);
  const range: Range = shard ? shardRange(games, shard.i, shard.n) : { from: 0, to: games };
  const logIndex = flags.logGame === undefined ? range.from : intArg('--log-game', flags.logGame, 'the index of the game to log', 0, 0, games - 1);
  if (flags.logGame !== undefined && flags.log === undefined) throw new UsageError('--log-game names the game --log writes', 'Give --log FILE too.');
  if (logIndex >= games) throw new UsageError(`--log-game ${logIndex}: the batch has games 0 to ${games - 1}`);
  if (flags.view !== undefined && flags.log === undefined) throw new UsageError('--view says whose view --log writes', 'Give --log FILE too.');
  // Where the results go, checked before any game is played.
  const outFile = flags.out === undefined ? undefined : outputFile(io.cwd, flags.out, '--out');
  const logFile = flags.log === undefined ? undefined : outputFile(io.cwd, flags.log, '--log');

  const read = readProjectContent(io, [packArg]);
  if (!read) return;
  const pack = read.packs[0]!;
  const playing = await packGame(io, pack);
  if (!playing) return;
  const { game, ref } = playing;
  const content = gameContent(pack);
  const sides = game.sides(content);
  if (flags.view !== undefined && !sides.includes(flags.view))
    throw new UsageError(`--view ${flags.view}: ${pack.pack.id} has no side "${flags.view}"`, `${didYouMean(flags.view, sides)}Sides: ${sides.join(', ')}.`);
  const pairings = (flags.bots ?? ['random']).map((b) => botsArg(b, sides));
  const bots = pairings[0]!;
  if (pairings.length > 1 && logFile !== undefined)
    throw new UsageError(`--log writes one game, and ${pairings.length} pairings play it`, 'Give one --bots with --log.');
  const scenario = flags.scenario ?? null;
  const scenarios = pack.records.scenario ? Object.keys(pack.records.scenario) : undefined;
  if (scenario !== null && scenarios && !scenarios.includes(scenario)) {
    throw new UsageError(
      `no scenario "${scenario}" in ${pack.pack.id}`,
      `${didYouMean(scenario, scenarios)}Scenarios: ${scenarios.join(', ') || '(none)'}.`,
      'cli/unknown-scenario',
    );
  }
  // One set-up here first: options the game refuses are reported once, before any worker starts.
  try {
    game.setup(content, gameSeed(seed, range.from), scenario ? { scenario } : {});
  } catch (error) {
    // What the game module refuses to set up is the content's (or the module's) problem, not playmark's.
    const what = scenario !== null ? `scenario "${scenario}"` : 'a game';
    throw new CommandError(`${pack.pack.id} cannot set up ${what}: ${(error as Error).message}`, 'game/setup-failed', EXIT.content);
  }
  const batch: Batch = { pack: pack.pack.id, packVersion: pack.pack.version, scenario, seed, games, bots, maxMoves };
  const count = range.to - range.from;
  const workers = workersGiven ?? workersFor(count);
  const bar = io.color ? createBar((s) => io.err(s), 28, 100) : undefined;
  const started = Date.now();
  const progress = bar ? { onProgress: (done: number, total: number) => bar.draw(done, total, 'games') } : {};
  let whole: AnyReport;
  try {
    whole = await playBatch(ref, content, batch, pairings, { range, workers, ...progress });
  } finally {
    bar?.end();
  }
  const seconds = (Date.now() - started) / 1000;
  if (logFile !== undefined) {
    const lines: string[] = [];
    await logGame(ref, content, batch, logIndex, (line: LogLine) => void lines.push(JSON.stringify(line)), {
      playmark: playmarkVersion(),
      ...(flags.view !== undefined ? { view: flags.view } : {}),
    });
    write(io, logFile, lines.join('\n') + '\n');
    const whose = flags.view === undefined ? '' : ` as ${flags.view} sees it`;
    io.err(`wrote the log of game ${logIndex}${whose} (${plural(lines.length, 'line')}) to ${shown(io, logFile)}\n`);
  }
  emit(io, anyReportText(whole, format), outFile);
  const several = isPairings(whole) ? ` (${whole.pairings.length} pairings)` : '';
  io.err(
    `${plural(playedGames(whole), 'game')}${several} in ${seconds.toFixed(1)} s${workers > 0 ? ` on ${plural(Math.min(workers, count), 'worker')}` : ' in one thread'}\n`,
  );
  io.exitCode = failedGames(whole) > 0 ? EXIT.content : EXIT.ok;
  const failure = playFailure(whole, format);
  if (failure) throw failure;
}

/**
 * Games that stopped on an error the game module threw (or with no legal move while it went on),
 * as the coded error `game/play-failed` (exit 1), printed after the report (text only: a JSON
 * report says it in `failed`, and stdout holds one JSON document).
 */
function playFailure(r: AnyReport, format: OutputFormat): CommandError | undefined {
  const failed = failureSummary(r);
  if (failed === undefined || format === 'json') return undefined;
  return new CommandError(failed, 'game/play-failed', EXIT.content);
}

function mergeCommand(io: Io, packArg: string | undefined, flags: SimulateFlags, format: OutputFormat): void {
  const playing = (['games', 'seed', 'scenario', 'workers', 'shard', 'log', 'logGame', 'view'] as const).filter((k) => flags[k] !== undefined);
  if (playing.length > 0)
    throw new UsageError(
      `--merge plays nothing: ${playing.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')} ${playing.length === 1 ? 'does' : 'do'} not apply`,
      'The reports say which batch they are from.',
    );
  const outFile = flags.out === undefined ? undefined : outputFile(io.cwd, flags.out, '--out');
  const files = flags.merge!;
  if (files.length === 0) throw new UsageError('--merge needs the report files', 'e.g. playmark simulate --merge part-1.json part-2.json');
  let merged: AnyReport;
  try {
    merged = mergeAnyReports(files.map((f) => ({ name: f, report: readAnyReport(path.resolve(io.cwd, f), f) })));
  } catch (error) {
    if (error instanceof MergeError)
      throw new UsageError(
        error.message,
        'Merge the JSON reports (--format json) of the shards of one batch: same pack, version, seed, games, bots, scenario and --max-moves.',
      );
    throw error;
  }
  const mergedPack = isPairings(merged) ? merged.pairings[0]!.pack : merged.pack;
  if (packArg !== undefined && packArg !== mergedPack) throw new UsageError(`the reports are of ${mergedPack}, not ${packArg}`);
  emit(io, anyReportText(merged, format), outFile);
  io.exitCode = failedGames(merged) > 0 ? EXIT.content : EXIT.ok;
}

function emit(io: Io, text: string, file: string | undefined): void {
  if (file === undefined) return io.out(text);
  write(io, file, text);
  io.err(`wrote ${shown(io, file)}\n`);
}

/** Writes an output atomically; the file system's refusal (no space, permission denied) is one line. */
function write(io: Io, file: string, text: string): void {
  try {
    writeAtomic(file, text);
  } catch (error) {
    throw fileError(error, 'write', shown(io, file));
  }
}

/** A path as people gave it: relative to the working directory when under it, else absolute. */
function shown(io: Io, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
