// The bad-input suite's bounds: every case of test/fixtures/bad/ run as the test runs it (a real
// process in a fresh copy of its project), with its time and peak memory (resident set of playmark's
// own process; a browser it starts is not counted) against the
// bound its case.yaml gives (default 10 s and 400 MB), and against a floor measured in the same run:
// `playmark --version` started the same way. An alias bomb, a 10,000-deep file, /dev/zero or a
// 50 MB log line must cost about what a small clean input costs, never grow with the attack.
// The test (test/bad-input.test.ts) checks codes and exit statuses; time and memory are measured
// here because the machines are shared and noisy. Exits 1 when a case breaks its bound, so a run
// says plainly which one; BENCH_RUNS=N (default 1) takes the best of N runs of each case.
import { loadCases, runCase } from '../scripts/bad-input.js';
import { envCount } from './support.js';

const RUNS = envCount('BENCH_RUNS', 1);

const floorCase = {
  name: 'floor',
  about: 'playmark --version',
  run: ['--version'],
  exit: 0,
  make: [],
  timeout: 60,
  bound: { seconds: 10, megabytes: 400 },
  inRepo: true,
};

/** The best (smallest) time and memory of RUNS runs of a case. */
async function measure(c) {
  let best;
  for (let i = 0; i < RUNS; i++) {
    const r = await runCase(c, { measure: true });
    best = best ? { ...r, seconds: Math.min(best.seconds, r.seconds), megabytes: Math.min(best.megabytes ?? Infinity, r.megabytes ?? Infinity) } : r;
  }
  return best;
}

const floor = await measure(floorCase);
const cases = loadCases();
console.log(`bad input: ${cases.length} cases, best of ${RUNS}, node ${process.version}`);
console.log(`floor (playmark --version): ${floor.seconds.toFixed(2)} s, ${floor.megabytes?.toFixed(0)} MB`);
console.log(`${'case'.padEnd(40)} ${'time'.padStart(8)} ${'x floor'.padStart(8)} ${'memory'.padStart(8)} ${'x floor'.padStart(8)}  bound`);
const broken = [];
for (const c of cases) {
  const r = await measure(c);
  const mb = r.megabytes;
  const over = r.timedOut || r.seconds > c.bound.seconds || mb === undefined || mb > c.bound.megabytes;
  if (over) broken.push(c.name);
  const mem = mb === undefined ? '   (died)' : `${mb.toFixed(0).padStart(5)} MB`;
  const memRatio = mb === undefined ? '' : `${(mb / floor.megabytes).toFixed(1)}x`;
  console.log(
    `${c.name.padEnd(40)} ${`${r.seconds.toFixed(2)} s`.padStart(8)} ${`${(r.seconds / floor.seconds).toFixed(1)}x`.padStart(8)} ${mem.padStart(8)} ${memRatio.padStart(8)}  ${c.bound.seconds} s, ${c.bound.megabytes} MB${over ? '  OVER' : ''}`,
  );
}
console.log(broken.length === 0 ? `every case within its bound` : `over their bound: ${broken.join(', ')}`);
process.exitCode = broken.length === 0 ? 0 : 1;
