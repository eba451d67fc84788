// Two builds of playmark, side by side in one process: the same seeded games (Archon Skirmish and
// Warchon, random and greedy bots on every side) played by each build's own engine over its own
// content, in rounds that alternate old and new (old-new, then new-old, ...), so a slow spell of a
// shared, loaded machine hurts both alike. Prints, per game and bot, the ratio of the new build's
// CPU time a move to the old's (median of the rounds, with their range) and the moves each build played
// (equal when the two builds play the same games).
//
//   node bench/compare-builds.js OLD_CHECKOUT NEW_CHECKOUT
//
// Each checkout must be built (`npx tsc -p tsconfig.json` there): its dist/src/ is imported and its
// content/ read. e.g. `git worktree add /tmp/base <commit>`, build it, then
// `node bench/compare-builds.js /tmp/base .`. Times are this thread's CPU time (support.js
// threadClock). BENCH_RUNS=N sets the rounds (default 6), BENCH_GAMES=N the random-bot games of a
// round (default 400; Warchon's random bots play half as many, the greedy bots a tenth),
// BENCH_ONLY=TEXT only the workloads whose `<pack> <bot>` contains it (e.g. `warchon greedy`). A benchmark, not a test: it never fails.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { envCount, median, threadClock } from './support.js';

const [oldRoot, newRoot] = process.argv.slice(2).map((p) => path.resolve(p));
if (oldRoot === undefined || newRoot === undefined) {
  console.error('usage: node bench/compare-builds.js OLD_CHECKOUT NEW_CHECKOUT (each built with npx tsc -p tsconfig.json)');
  process.exit(2);
}
const ROUNDS = envCount('BENCH_RUNS', 6);
const GAMES = envCount('BENCH_GAMES', 400);
const ONLY = process.env.BENCH_ONLY ?? '';
const WORKLOADS = [
  { pack: 'archon-skirmish', bot: 'random', games: GAMES },
  { pack: 'archon-skirmish', bot: 'greedy', games: Math.max(1, GAMES / 10) },
  { pack: 'warchon', bot: 'random', games: Math.max(1, GAMES / 2) },
  { pack: 'warchon', bot: 'greedy', games: Math.max(1, GAMES / 10) },
].filter((w) => `${w.pack} ${w.bot}`.includes(ONLY));

/** One build: a function playing `games` games of a workload, giving the moves played. */
async function build(root) {
  const dist = (p) => pathToFileURL(path.join(root, 'dist', 'src', p)).href;
  const { loadGame } = await import(dist('engine/games.js'));
  const { playRange } = await import(dist('analysis/simulate.js'));
  const { loadContent } = await import(dist('content/effective.js'));
  const { gameRefOf } = await import(dist('content/game-module.js'));
  const games = new Map();
  for (const pack of new Set(WORKLOADS.map((w) => w.pack))) {
    const { packs, validation } = loadContent([path.join(root, 'content', pack)], { cwd: root, cacheDir: false });
    if (validation.errors > 0) throw new Error(`${root}: ${pack} has ${validation.errors} content errors`);
    const { printables: _, ...content } = packs.get(pack);
    games.set(pack, { game: await loadGame(gameRefOf(packs.get(pack))), content });
  }
  return (w, from, count) => {
    const { game, content } = games.get(w.pack);
    const bots = game.sides(content).map((side) => ({ side, bot: w.bot }));
    const batch = { pack: w.pack, packVersion: content.pack.version, scenario: null, seed: 1, games: 1_000_000, bots, maxMoves: 10_000 };
    return playRange(game, content, batch, { from, to: from + count }).summaries.reduce((s, g) => s + g.moves, 0);
  };
}

const builds = { old: await build(oldRoot), new: await build(newRoot) };
const clock = threadClock();
// Warm up the JIT and the content caches of both builds.
for (const w of WORKLOADS) for (const b of Object.values(builds)) b(w, 0, Math.max(1, w.games / 4));

console.log(`compare-builds: old ${oldRoot}, new ${newRoot}; ${ROUNDS} rounds, ${clock.kind}`);
for (const w of WORKLOADS) {
  const ratios = [];
  const seconds = { old: [], new: [] };
  const moves = {};
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    const took = {};
    for (const name of order) {
      const start = clock.now();
      moves[name] = builds[name](w, 1000, w.games);
      took[name] = clock.now() - start;
      seconds[name].push(took[name]);
    }
    // Per move: greedy bots may see less in the new build, and so play other games.
    ratios.push(took.new / moves.new / (took.old / moves.old));
  }
  const ms = (xs) => `${(median(xs) * 1000).toFixed(0)} ms`;
  console.log(
    `  ${`${w.pack}, ${w.bot}`.padEnd(24)} ${String(w.games).padStart(4)} games  new/old ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})  old ${ms(seconds.old)}, new ${ms(seconds.new)}  moves old ${moves.old}, new ${moves.new}`,
  );
}
