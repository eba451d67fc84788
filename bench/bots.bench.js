// What each bot costs: Archon Skirmish, Warchon and Warmaster games played in this thread with the
// same bot on every side, in moves a second (of the games' own moves, each picked by a bot) and games
// a second, and as a ratio to the random bot of the same round. The search bot spends up to 64 playouts of 1 + 20 moves on each
// decision between two or more moves (src/engine/core/search-bot.ts), so it is expected to cost a
// few hundred times random; the figure says how many, for a designer choosing batch sizes.
//
// Rounds alternate (random, greedy, search, random, ...) so a slow spell of a shared machine hurts
// every bot alike; rates are per second of this thread's CPU time, medians of the rounds. A
// benchmark, not a test: it never fails. `npm run bench` builds first; BENCH_RUNS=N sets the rounds
// (default 3), BENCH_SEARCH_GAMES=N the games of the search bot per round (default 4; random and
// greedy play 50 times as many).
import path from 'node:path';
import { dist, envCount, median, root, threadClock } from './support.js';

const ROUNDS = envCount('BENCH_RUNS', 3);
const SEARCH_GAMES = envCount('BENCH_SEARCH_GAMES', 4);
const BOTS = ['random', 'greedy', 'search'];

const { loadGame } = await import(dist('engine/games.js'));
const { playRange } = await import(dist('analysis/simulate.js'));
const { loadContent } = await import(dist('content/effective.js'));
const { gameRefOf } = await import(dist('content/game-module.js'));
const clock = threadClock();

for (const packId of ['archon-skirmish', 'warchon', 'warmaster']) {
  const { packs, validation } = loadContent([path.join(root, 'content', packId)], { cwd: root, cacheDir: false });
  if (validation.errors > 0) {
    console.log(`bots: ${packId} skipped, ${validation.errors} content errors (run playmark validate)`);
    continue;
  }
  const { printables: _, ...content } = packs.get(packId);
  const game = await loadGame(gameRefOf(packs.get(packId)));
  const sides = game.sides(content);
  const batchOf = (bot) => ({
    pack: packId,
    packVersion: content.pack.version,
    scenario: null,
    seed: 1,
    games: 1_000_000,
    bots: sides.map((side) => ({ side, bot })),
    maxMoves: 10_000,
  });
  const gamesOf = (bot) => (bot === 'search' ? SEARCH_GAMES : 50 * SEARCH_GAMES);
  // Warm up the JIT and the content caches.
  for (const bot of BOTS) playRange(game, content, batchOf(bot), { from: 0, to: bot === 'search' ? 1 : 20 });
  const rates = Object.fromEntries(BOTS.map((b) => [b, []]));
  const gameRates = Object.fromEntries(BOTS.map((b) => [b, []]));
  const ratios = Object.fromEntries(BOTS.map((b) => [b, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const round = {};
    for (const bot of BOTS) {
      const from = 1000 + r * gamesOf(bot);
      const start = clock.now();
      const played = playRange(game, content, batchOf(bot), { from, to: from + gamesOf(bot) });
      const seconds = clock.now() - start;
      round[bot] = played.summaries.reduce((s, g) => s + g.moves, 0) / seconds;
      rates[bot].push(round[bot]);
      gameRates[bot].push(played.summaries.length / seconds);
    }
    for (const bot of BOTS) ratios[bot].push(round.random / round[bot]);
  }
  const n = (x) => Math.round(x).toLocaleString('en');
  console.log(`bots: ${packId}, the same bot on every side, ${ROUNDS} rounds, moves a second of ${clock.kind}, median (range)`);
  for (const bot of BOTS) {
    const xs = rates[bot];
    const gs = median(gameRates[bot]);
    console.log(
      `  ${bot.padEnd(7)} ${n(median(xs)).padStart(9)} moves/s (${n(Math.min(...xs))}-${n(Math.max(...xs))})   ${(gs >= 10 ? n(gs) : gs.toFixed(2)).padStart(7)} games/s   ${median(ratios[bot]).toFixed(1).padStart(7)}x the random bot's time a move`,
    );
  }
}
