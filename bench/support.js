// What the benchmarks share: where the checkout and its build are, the statistics they print, and
// the browser they drive (or a line saying why a benchmark is skipped).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The checkout's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** A module of the build (`npm run bench` builds first), as a URL to import. */
export const dist = (p) => new URL(`../dist/src/${p}`, import.meta.url).href;

/**
 * A whole number of at least `min` from the environment variable `name`, or `fallback` when it is
 * unset. Anything else ends the benchmark with a line saying what to give (exit code 2), rather than
 * running with NaN rounds.
 */
export function envCount(name, fallback, min = 1) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`bench: ${name} must be a whole number of at least ${min}, not "${raw}" (e.g. ${name}=${fallback})`);
    process.exit(2);
  }
  return n;
}

/**
 * A clock of this thread's CPU time, in seconds: on Linux the main thread's own run time from
 * /proc/thread-self/schedstat (nanoseconds). process.cpuUsage() counts the whole process, V8's
 * helper threads included: while the JIT compiles in the background (the first tens of thousands of
 * battles) those threads ran on the other core for up to half as long again as the main thread, and
 * a rate per process CPU second then counted their work as the engine's. Where /proc is not there,
 * the process's CPU time, and `kind` says so.
 */
export function threadClock() {
  try {
    readFileSync('/proc/thread-self/schedstat', 'utf8');
    return { kind: 'CPU time of this thread', now: () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9 };
  } catch {
    return {
      kind: 'CPU time of the process (all threads: no /proc/thread-self here)',
      now: () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1e6;
      },
    };
  }
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export const best = (xs) => Math.min(...xs);

/** The headless Chromium found by playmark, or the benchmark ends with a line saying how to install it (`name: skipped, ...`). */
export async function browserOrSkip(name) {
  const { findBrowser } = await import(dist('render/browser.js'));
  try {
    return findBrowser();
  } catch (error) {
    console.log(`${name}: skipped, no headless Chromium (${error.message}); run npx playmark setup`);
    process.exit(0);
  }
}

/** A simulate batch of `games` games of `pack` (its loaded content), random bots on every side, seed 1. */
export function randomBatch(pack, content, sides, games) {
  return {
    pack,
    packVersion: content.pack.version,
    scenario: null,
    seed: 1,
    games,
    bots: sides.map((side) => ({ side, bot: 'random' })),
    maxMoves: 10_000,
  };
}
