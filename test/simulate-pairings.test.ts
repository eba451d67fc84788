// Several bot pairings in one `simulate` (--bots given more than once), reported side by side: each
// pairing's report is the one simulate gives for it alone, byte for byte, in one thread or on two
// workers; shards of a pairings run merge exactly; one --bots still gives the one-pairing report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatePairings, type PairingsReport } from '../src/analysis/simulate-pairings.js';
import type { Batch, SimulateReport } from '../src/analysis/simulate-report.js';
import { main } from '../src/cli/main.js';
import { gameRef } from '../src/engine/games.js';
import { fakeIo } from './helpers.js';
import { raceContent, raceProject, registerRace } from './fixtures/games/support.js';

let tmp: string;
beforeAll(() => {
  registerRace();
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-pairings-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[]) {
  const f = fakeIo(raceProject);
  const code = await main(args, f.io);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

const base = ['simulate', 'race', '--games', '40', '--seed', '3'];
const pairings = ['random', 'greedy,greedy', 'search,random'];
const bots = pairings.flatMap((b) => ['--bots', b]);

describe('simulate with several pairings', () => {
  it('reports each pairing as simulate reports it alone, in JSON and side by side in text', async () => {
    const json = await run([...base, ...bots, '--format', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as PairingsReport;
    expect(report.format).toBe('playmark-simulate-pairings');
    expect(report.pairings.map((p) => p.bots.map((b) => b.bot).join(','))).toEqual(['random,random', 'greedy,greedy', 'search,random']);
    const alone: SimulateReport[] = [];
    for (const [k, b] of pairings.entries()) {
      const one = await run([...base, '--bots', b, '--format', 'json']);
      // One --bots: the one-pairing report, as before.
      expect(JSON.parse(one.stdout).format).toBe('playmark-simulate');
      expect(JSON.stringify(report.pairings[k], null, 2) + '\n').toBe(one.stdout);
      alone.push(JSON.parse(one.stdout) as SimulateReport);
    }
    const text = await run([...base, ...bots]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe('race 1.2.0: 3 pairings of 40 games, seed 3, bots for red, blue, at most 10000 moves a game');
    expect(lines.find((l) => l.startsWith('Results'))).toMatch(/random,random +greedy,greedy +search,random$/);
    // Each side's row: the wins of every pairing, in the order given, with share and interval.
    for (const side of ['red', 'blue']) {
      const row = lines.find((l) => l.startsWith(`  ${side} wins`))!;
      const cells = alone.map((r) => r.wins.find((w) => w.side === side)!).map((w) => `${w.games} ${(100 * w.share).toFixed(1)}%`);
      expect(row.match(/(\d+) +\d+\.\d% [\d.]+-[\d.]+/g)!.map((c) => c.split(/ +/).slice(0, 2).join(' '))).toEqual(cells);
    }
    expect(
      lines
        .find((l) => l.trimStart().startsWith('moves mean'))!
        .trim()
        .split(/ +/)
        .slice(2),
    ).toEqual(alone.map((r) => String(Number.isInteger(r.length.moves.mean) ? r.length.moves.mean : r.length.moves.mean!.toFixed(1))));
  }, 120_000);

  it('plays the same pairings report in one thread and on 2 workers', async () => {
    const batch: Batch = { pack: 'race', packVersion: '1.2.0', scenario: null, seed: 5, games: 30, bots: [], maxMoves: 10_000 };
    const pairs: Batch['bots'][] = [
      [
        { side: 'red', bot: 'random' },
        { side: 'blue', bot: 'random' },
      ],
      [
        { side: 'red', bot: 'search' },
        { side: 'blue', bot: 'greedy' },
      ],
    ];
    const here = JSON.stringify(await simulatePairings(gameRef('race'), raceContent(), batch, pairs, { workers: 0 }));
    expect(JSON.stringify(await simulatePairings(gameRef('race'), raceContent(), batch, pairs, { workers: 2 }))).toBe(here);
  }, 120_000);

  it('shards of a pairings run merge into the whole run, byte for byte, in JSON and text', async () => {
    const whole = await run([...base, ...bots, '--format', 'json']);
    const files = [1, 2].map((i) => path.join(tmp, `part-${i}.json`));
    for (const [i, file] of files.entries()) expect((await run([...base, ...bots, '--shard', `${i + 1}/2`, '--format', 'json', '--out', file])).code).toBe(0);
    const merged = await run(['simulate', '--merge', files[1]!, files[0]!, '--format', 'json']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    expect((await run(['simulate', '--merge', ...files])).stdout).toBe((await run([...base, ...bots])).stdout);
    // A shard of another run (a pairing fewer), or of a one-pairing run, does not merge.
    const fewer = path.join(tmp, 'fewer.json');
    await run([...base, ...bots.slice(0, 4), '--shard', '2/2', '--format', 'json', '--out', fewer]);
    const one = path.join(tmp, 'one.json');
    await run([...base, '--bots', 'random', '--shard', '2/2', '--format', 'json', '--out', one]);
    for (const other of [fewer, one]) {
      const r = await run(['simulate', '--merge', files[0]!, other]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/merge the shards of one run/);
    }
  }, 120_000);

  it('--log with several pairings is a usage error', async () => {
    const r = await run([...base, ...bots, '--log', path.join(tmp, 'g.log')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--log writes one game, and 3 pairings play it/);
  });
});
