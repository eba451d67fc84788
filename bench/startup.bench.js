// Start-up time of the command against the floor of starting node at all, measured in the same run.
//
// Times, as child processes started the same way:
//   floor:    node -e 0
//   version:  node bin/playmark.js --version       target: within 2x of the floor
//   validate: node bin/playmark.js validate        target: within 4x of the floor
//             (the three packs of content/, with the compiled validators cached by an earlier run)
// Runs alternate (floor, version, validate, floor, ...) so a slow spell of the shared machine hurts
// all three alike; each reports its median and best time and both ratios to the floor's. The
// targets are judged on the best times, as bench/validate.bench.js does. A benchmark, not a test:
// it never fails. Run with `npm run bench` (or BENCH_RUNS=N node bench/startup.bench.js).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, root, envCount } from './support.js';

const RUNS = envCount('BENCH_RUNS', 15);
const bin = fileURLToPath(new URL('../bin/playmark.js', import.meta.url));

const subjects = [
  { name: 'floor: node -e 0', args: ['-e', '0'] },
  { name: 'playmark --version', args: [bin, '--version'], target: 2 },
  { name: 'playmark validate (3 packs)', args: [bin, 'validate'], target: 4 },
];

function run(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.error) throw r.error;
  return { ms, status: r.status, stderr: r.stderr };
}

// One run of each first: the file system cache, and the validator cache that `validate` fills.
for (const s of subjects) {
  const r = run(s.args);
  s.status = r.status;
  if (r.status !== 0) console.log(`note: ${s.name} exited ${r.status}: ${r.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
}

const times = subjects.map(() => []);
for (let i = 0; i < RUNS; i++) subjects.forEach((s, j) => times[j].push(run(s.args).ms));

const stats = times.map((xs) => ({ median: median(xs), best: Math.min(...xs) }));
const floor = stats[0];

console.log(`startup: ${RUNS} alternating runs of each, node ${process.version}`);
console.log(`${''.padEnd(30)} ${'median'.padStart(9)} ${'best'.padStart(9)}   ratio to floor (median, best)`);
subjects.forEach((s, j) => {
  const { median: m, best: b } = stats[j];
  const ratios = j === 0 ? '' : `${(m / floor.median).toFixed(2)}x, ${(b / floor.best).toFixed(2)}x`;
  console.log(`${s.name.padEnd(30)} ${m.toFixed(0).padStart(6)} ms ${b.toFixed(0).padStart(6)} ms   ${ratios}`);
});
for (const [j, s] of subjects.entries()) {
  if (!s.target) continue;
  const ratio = stats[j].best / floor.best;
  console.log(`${s.name}: ${ratio.toFixed(2)}x the floor (target <= ${s.target}x): ${ratio <= s.target ? 'met' : 'NOT met'}`);
}
