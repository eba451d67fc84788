// Warchon battles and games a second on one core, with random bots, against a floor measured in
// the same run: the table look-up alone (column from AS - DS, RNG cell from both players' fingers,
// the Combat Results Table cell: src/engine/warchon/tables.ts resolveCombat), which is what a
// player does at the table and the least a battle can cost.
//
//   floor:      resolveCombat over the seven spreads, random strengths and fingers
//   in the loop: battles fought in `simulate` (one `result` event each), per second of simulate
//                time on one thread: set-up, movement and everything a battle sets off (events,
//                rules fired, Hits assigned as moves, faces turned) counted in
//   games:      Warchon demo games a second, the same run
//
// Target (issue 9): at least 100,000 battles a second on one core. A benchmark, not a test: it
// never fails. `npm run bench` builds first; BENCH_GAMES=N sets the games (default 300).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => new URL(`../dist/src/${p}`, import.meta.url).href;
const GAMES = Number(process.env.BENCH_GAMES ?? 300);
const PACK = 'warchon';

const { loadGame } = await import(dist('engine/games.js'));
const { playRange } = await import(dist('analysis/simulate.js'));
const { loadContent } = await import(dist('content/effective.js'));
const { warchonTables, resolveCombat } = await import(dist('engine/warchon/tables.js'));
const { seedRandom, nextInt } = await import(dist('engine/core/random.js'));

const { packs, validation } = loadContent([path.join(root, 'content', PACK)], { cwd: root, cacheDir: false });
if (validation.errors > 0) {
  console.log(`warchon: skipped, ${PACK} has ${validation.errors} content errors (run playmark validate)`);
  process.exit(0);
}
const { printables: _, ...content } = packs.get(PACK);
const game = await loadGame(PACK);
const sides = game.sides(content);
const batch = { pack: PACK, packVersion: content.pack.version, scenario: null, seed: 1, games: GAMES, bots: sides.map((side) => ({ side, bot: 'random' })), maxMoves: 10_000 };

// The floor: table look-ups with random inputs drawn beforehand (the drawing is not timed).
const tables = warchonTables(content);
const spreads = [...tables.spreads.values()];
const N = 200_000;
let random = seedRandom(7);
const inputs = [];
for (let i = 0; i < N; i++) {
  const draw = (min, max) => {
    const d = nextInt(random, min, max);
    random = d.random;
    return d.value;
  };
  inputs.push({ spread: spreads[draw(0, spreads.length - 1)], input: { as: draw(1, 14), ds: draw(1, 14), fingers: { attacker: draw(1, 5), defender: draw(1, 5) } } });
}
function floor() {
  const t = performance.now();
  let sink = 0;
  for (const { spread, input } of inputs) sink += resolveCombat(spread, input).number ?? 0;
  return { perSecond: N / ((performance.now() - t) / 1000), sink };
}

function loop() {
  const t = performance.now();
  const played = playRange(game, content, batch, { from: 0, to: GAMES });
  const seconds = (performance.now() - t) / 1000;
  const battles = played.counts.events.result?.count ?? 0;
  return { battles: battles / seconds, games: GAMES / seconds, perGame: battles / GAMES };
}

floor();
playRange(game, content, batch, { from: GAMES, to: GAMES + Math.min(50, GAMES) }); // warm up
let bestFloor = 0;
let best = { battles: 0, games: 0, perGame: 0 };
for (let round = 0; round < 3; round++) {
  bestFloor = Math.max(bestFloor, floor().perSecond);
  const l = loop();
  if (l.battles > best.battles) best = l;
}
const n = (x) => Math.round(x).toLocaleString('en-US').padStart(11);
console.log(`warchon: demo scenario, random bots, ${GAMES} games a round (${best.perGame.toFixed(1)} battles a game), best of 3 rounds, node ${process.version}`);
console.log(`  floor, table look-up alone   ${n(bestFloor)} battles/s`);
console.log(`  battles in the game loop     ${n(best.battles)} battles/s  (${(bestFloor / best.battles).toFixed(0)}x the floor's time)`);
console.log(`  games in the game loop       ${n(best.games)} games/s`);
console.log(`warchon: ${Math.round(best.battles).toLocaleString('en-US')} battles/s through the game loop on one core (target >= 100,000): ${best.battles >= 100_000 ? 'met' : 'NOT met'}`);
