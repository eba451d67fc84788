// Games per second: Archon Skirmish, then Warmaster, played by random bots, on one core and on all
// cores, against a floor measured in the same run.
//
//   floor:     the bare game loop in this thread: setup, then legalMoves, a uniform pick from the
//              game's own kind of generator, play, until the result; nothing counted
//   one core:  what simulate does in one thread (src/analysis/simulate.ts playRange): the bots with
//              their own generators, every event counted, a summary per game
//   all cores: simulate on worker threads, one per core, the report made (thread start-up included),
//              with as many games per worker as the one-core round plays (a worker starts cold:
//              with fewer games its start-up and JIT warm-up would be most of what is timed),
//              against what the cores give together (the same arithmetic loop in one worker, then
//              in one per core at once: on a shared machine two cores do well under twice one's work)
//
// Rounds alternate (floor, one core, all cores, floor, ...) so a slow spell of a shared machine
// hurts all three alike. Each figure is given as the median of the rounds with their range, in
// games per second of wall-clock time; the one-core figures also per second of this process's CPU
// time (what a core gives when other work shares the machine; the load average is printed too).
// The one-core simulate figure is also given as a ratio to the floor of the same round.
//
// Target (issue 8): at least 1,000 Archon games a second on one core, judged on the median of the
// wall-clock rounds (Warmaster's figures have no target yet: issue 24 asks for them). Each pack's content is read from content/archon-skirmish/ once, as the commands
// read it; its game is the module its pack.yaml names (`game.module`), loaded as the commands load
// it. Skips with a line when the pack names no game that loads. A benchmark, not a
// test: it never fails. `npm run bench` builds first; BENCH_GAMES=N sets the games per round
// (default 1000), BENCH_RUNS=N the rounds (default 5).
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { dist, median, root, envCount, randomBatch } from './support.js';

const GAMES = envCount('BENCH_GAMES', 1000);
const ROUNDS = envCount('BENCH_RUNS', 5);
const PACKS = ['archon-skirmish', 'warmaster'];

const { loadGame } = await import(dist('engine/games.js'));
const { gameRefOf } = await import(dist('content/game-module.js'));
const { simulate, playRange, gameSeed } = await import(dist('analysis/simulate.js'));
const { loadContent } = await import(dist('content/effective.js'));
const { nextInt } = await import(dist('engine/core/random.js'));

/** Runs `f`, giving its wall-clock and CPU seconds (CPU: this process, all threads). */
const time = async (f) => {
  const cpu = process.cpuUsage();
  const t = process.hrtime.bigint();
  const value = await f();
  const wall = Number(process.hrtime.bigint() - t) / 1e9;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1e6, value };
};

/**
 * What the machine's cores give together: the same fixed arithmetic loop in one worker thread, then
 * in one per core at once, as the ratio of work done a second (the most the workers can give; a
 * shared core or a busy host gives less than the number of cores).
 */
async function parallelCapacity(threads) {
  const spin = 'let x = 0; for (let i = 0; i < 4e8; i++) x += i & 1; require("node:worker_threads").parentPort.postMessage(x);';
  const run = (k) =>
    Promise.all(Array.from({ length: k }, () => new Promise((done, fail) => new Worker(spin, { eval: true }).once('message', done).once('error', fail))));
  const one = await time(() => run(1));
  const all = await time(() => run(threads));
  return (threads * one.wall) / all.wall;
}

/** The rounds of one pack: its content read once, its game loaded as the commands load it. */
async function benchPack(PACK) {
  const { packs, validation } = loadContent([path.join(root, 'content', PACK)], { cwd: root, cacheDir: false });
  if (validation.errors > 0) {
    console.log(`games: skipped, ${PACK} has ${validation.errors} content errors (run playmark validate)`);
    return;
  }
  // The game the pack's pack.yaml names (`game.module`), loaded as the commands load it.
  const ref = gameRefOf(packs.get(PACK));
  let game;
  try {
    if (ref === undefined) throw new Error('its pack.yaml names no game module');
    game = await loadGame(ref);
  } catch (error) {
    console.log(`games: skipped, no game plays ${PACK} yet (${error.message})`);
    return;
  }
  const { printables: _, ...content } = packs.get(PACK);
  const sides = game.sides(content);
  const batch = randomBatch(PACK, content, sides, GAMES);

  function bareLoop(from, to) {
    let moves = 0;
    for (let i = from; i < to; i++) {
      let { state } = game.setup(content, gameSeed(1, i));
      let pick = { random: state.random };
      for (let m = 0; state.result === null && m < 10_000; m++) {
        const legal = game.legalMoves(content, state);
        pick = nextInt(pick.random, 0, legal.length - 1);
        state = game.play(content, state, legal[pick.value]).state;
        moves++;
      }
    }
    return moves;
  }

  // Warm up the JIT and the content caches.
  bareLoop(0, 50);
  playRange(game, content, batch, { from: 0, to: 50 });

  const cores = availableParallelism();
  const load = loadavg()[0];
  const rounds = { floor: [], floorCpu: [], one: [], oneCpu: [], ratio: [], all: [], capacity: [] };
  let moves = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const floor = await time(() => bareLoop(0, GAMES));
    const one = await time(() => playRange(game, content, batch, { from: 0, to: GAMES }));
    const all = await time(() => simulate(ref, content, { ...batch, games: GAMES * cores }, { workers: cores }));
    rounds.floor.push(GAMES / floor.wall);
    rounds.floorCpu.push(GAMES / floor.cpu);
    rounds.one.push(GAMES / one.wall);
    rounds.oneCpu.push(GAMES / one.cpu);
    rounds.ratio.push(one.wall / floor.wall);
    rounds.all.push((GAMES * cores) / all.wall);
    rounds.capacity.push(await parallelCapacity(cores));
    moves = one.value.summaries.reduce((s, g) => s + g.moves, 0);
  }

  const n = (x) => Math.round(x).toLocaleString('en');
  const figure = (xs) => `${n(median(xs)).padStart(6)} games/s (${n(Math.min(...xs))}-${n(Math.max(...xs))})`;
  console.log(
    `games: ${PACK}, random bots, ${GAMES} games per round (${(moves / GAMES).toFixed(0)} moves a game), ${ROUNDS} rounds, median (range), node ${process.version}, load average ${load.toFixed(2)} on ${cores} cores`,
  );
  console.log(`  floor, bare loop, one core    ${figure(rounds.floor)}  CPU time: ${figure(rounds.floorCpu)}`);
  console.log(
    `  simulate, one core            ${figure(rounds.one)}  CPU time: ${figure(rounds.oneCpu)}  ${median(rounds.ratio).toFixed(2)}x the floor's time (${Math.min(...rounds.ratio).toFixed(2)}-${Math.max(...rounds.ratio).toFixed(2)})`,
  );
  console.log(
    `  simulate, ${String(cores).padEnd(2)} cores (workers)  ${figure(rounds.all)}  thread start-up included, ${n(GAMES)} games a worker; ${(median(rounds.all) / median(rounds.one)).toFixed(2)}x one core, where the cores together do ${median(rounds.capacity).toFixed(2)}x one core's arithmetic`,
  );
  const perSecond = median(rounds.one);
  if (PACK === 'archon-skirmish')
    console.log(`games: ${n(perSecond)} Archon games/s on one core, median of ${ROUNDS} rounds (target >= 1,000): ${perSecond >= 1000 ? 'met' : 'NOT met'}`);
  else console.log(`games: ${n(perSecond)} ${PACK} games/s on one core, median of ${ROUNDS} rounds`);
}

for (const pack of PACKS) await benchPack(pack);
