// `playmark simulate` in-process, on the race fixture project: usage errors, the JSON report, shards
// merged by the command, --out, and content with errors.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulateReport } from '../src/analysis/simulate-report.js';
import { chunksOf } from '../src/analysis/simulate.js';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';
import { brokenProject, raceProject, registerRace } from './fixtures/games/support.js';

let tmp: string;
beforeAll(() => {
  registerRace();
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-simulate-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[], cwd = raceProject) {
  const f = fakeIo(cwd);
  const code = await main(args, f.io);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

describe('playmark simulate', () => {
  it.each([
    [['simulate', 'race', '--seed', '1'], /missing --games/],
    [['simulate', 'race', '--games', '10'], /missing --seed/],
    [['simulate', 'race', '--games', 'ten', '--seed', '1'], /--games must be a whole number/],
    [['simulate', 'race', '--games', '0', '--seed', '1'], /--games must be at least 1/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--bots', 'random,greedy,random'], /3 bots for 2 sides/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--bots', 'greedie'], /no bot "greedie"[\s\S]*Did you mean "greedy"/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--shard', '3/2'], /--shard 3\/2: i must be 1 to n/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--shard', 'half'], /--shard takes i\/n/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--format', 'yaml'], /Allowed choices are text, json/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--log-game', '3'], /--log-game names the game --log writes/],
    [['simulate', 'nope', '--games', '10', '--seed', '1'], /no pack "nope"/],
    [['simulate', '--games', '10', '--seed', '1'], /missing the pack to play/],
    [['simulate', '--merge', path.join('no', 'such.json')], /cannot read no.such\.json: no such file/],
    // Numbers in a documented range (issue 19): 1e13 games died of out-of-memory.
    [['simulate', 'race', '--games', '1e13', '--seed', '1'], /--games must be a whole number, not "1e13"/],
    [['simulate', 'race', '--games', '10000000000000', '--seed', '1'], /--games must be at most 1000000000, not 10000000000000/],
    [['simulate', 'race', '--games', '-1', '--seed', '1'], /--games must be at least 1, not -1/],
    [['simulate', 'race', '--games', 'abc', '--seed', '1'], /--games must be a whole number, not "abc"/],
    [['simulate', 'race', '--games', '10', '--seed', 'abc'], /--seed must be a whole number, not "abc"/],
    [['simulate', 'race', '--games', '10', '--seed', '-1'], /--seed must be at least 0/],
    [['simulate', 'race', '--games', '10', '--seed', '99999999999999999999'], /--seed must be at most 9007199254740991/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--workers', '0'], /--workers must be at least 1, not 0/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--workers', '100000'], /--workers must be at most 256/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--max-moves', '0'], /--max-moves must be at least 1/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--max-moves', '99999999999'], /--max-moves must be at most 1000000/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--shard', '1/99999999999999999'], /--shard takes i\/n/],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--log', 'x.log', '--log-game', '10'], /--log-game must be at most 9/],
    // A user-given output path whose folder does not exist: an error before any game, no folder made.
    [
      ['simulate', 'race', '--games', '10', '--seed', '1', '--out', '/nonexistent/dir/x.json'],
      /--out \/nonexistent\/dir\/x.json: the folder \/nonexistent\/dir does not exist/,
    ],
    [
      ['simulate', 'race', '--games', '10', '--seed', '1', '--log', path.join('no-such-folder', 'game.log')],
      /--log no-such-folder.game\.log: the folder no-such-folder does not exist/,
    ],
    [
      ['simulate', '--merge', 'a.json', '--out', path.join('no-such-folder', 'x.json')],
      /--out no-such-folder.x\.json: the folder no-such-folder does not exist/,
    ],
    [['simulate', 'race', '--games', '10', '--seed', '1', '--out', '.'], /--out \. is a folder/],
  ])('%j is a usage error: exit 2, a message, no stack', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.stdout).toBe('');
  });

  it('a scenario the game module cannot set up is the content error game/setup-failed (exit 1), with what the module said', async () => {
    const r = await run(['simulate', 'race', '--games', '10', '--seed', '1', '--scenario', 'marathon']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[game/setup-failed] race cannot set up scenario "marathon": no track "marathon"');
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.stdout).toBe('');
  });

  it('a pack no game plays is a usage error saying how to name its game module', async () => {
    // A copy of Warmaster whose pack.yaml names no game.
    const pack = path.join(tmp, 'no-game', 'content', 'warmaster');
    cpSync(path.join(repoRoot, 'content', 'warmaster'), pack, { recursive: true });
    writeFileSync(path.join(pack, 'pack.yaml'), readFileSync(path.join(pack, 'pack.yaml'), 'utf8').replace(/^game: .*\n/m, ''));
    const r = await run(['simulate', 'warmaster', '--games', '2', '--seed', '1'], path.join(tmp, 'no-game'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /no game plays "warmaster": its pack.yaml names no game module[\s\S]*hint: Add `game: \{ module: .\/game\/index.js \}` to pack.yaml/,
    );
  });

  it('--help shows examples and the exit codes', async () => {
    const r = await run(['simulate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:[\s\S]*--merge part-1\.json[\s\S]*Exit codes: 0/);
  });

  it('prints the text report: wins with intervals, length, endings, moves and events', async () => {
    const r = await run(['simulate', 'race', '--games', '20', '--seed', '5', '--bots', 'random,greedy']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^race 1\.2\.0: 20 games, seed 5, bots red random, blue greedy/);
    expect(r.stdout).toMatch(/red wins +\d+ +[\d.]+% +[\d.]+% - +[\d.]+%/);
    expect(r.stdout).toMatch(/turns +[\d.]+ +\d+ +[\d.]+ +\d+/);
    expect(r.stdout).toMatch(/blue wins: reaches the end of the track \(race\/finish\)/);
    expect(r.stdout).toMatch(/Moves by kind +total +red +blue/);
    expect(r.stdout).toMatch(/rule race\/step +\d+/);
    expect(r.stderr).toMatch(/20 games in [\d.]+ s/);
  });

  it('--format json is the report as JSON, the same with --json and on any number of workers', async () => {
    const args = ['simulate', 'race', '--games', '30', '--seed', '9', '--bots', 'greedy', '--format', 'json'];
    const a = await run([...args, '--workers', '1']);
    const b = await run([...args.slice(0, -2), '--json', '--workers', '2']);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const report = JSON.parse(a.stdout) as SimulateReport;
    expect(report).toMatchObject({ format: 'playmark-simulate', version: 1, pack: 'race', seed: 9, games: 30, played: 30, complete: true });
    expect(report.bots).toEqual([
      { side: 'red', bot: 'greedy' },
      { side: 'blue', bot: 'greedy' },
    ]);
  }, 60_000);

  it('shards written with --out merge with --merge into the whole run, byte for byte', async () => {
    const base = ['simulate', 'race', '--games', '25', '--seed', '3', '--format', 'json'];
    const whole = await run(base);
    const files = [1, 2, 3].map((i) => path.join(tmp, `part-${i}.json`));
    for (const [i, file] of files.entries()) {
      const r = await run([...base, '--shard', `${i + 1}/3`, '--out', file]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/wrote /);
    }
    expect((JSON.parse(readFileSync(files[1]!, 'utf8')) as SimulateReport).range).toEqual({ from: 8, to: 16 });
    const merged = await run(['simulate', '--merge', files[2]!, files[0]!, files[1]!, '--format', 'json']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    const text = await run(['simulate', '--merge', ...files]);
    expect(text.stdout).toMatch(/^race 1\.2\.0: 25 games, seed 3/);
    const partial = await run(['simulate', '--merge', files[0]!, files[1]!]);
    expect(partial.stdout).toMatch(/Partial: games 0-15 of 25/);
    const gap = await run(['simulate', '--merge', files[0]!, files[2]!]);
    expect(gap.code).toBe(2);
    expect(gap.stderr).toMatch(/games 8-15 are missing/);
  }, 60_000);

  it('--out into a folder that does not exist makes no folder and plays no game', async () => {
    const out = path.join(tmp, 'missing', 'deeper', 'report.json');
    const r = await run(['simulate', 'race', '--games', '10', '--seed', '1', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/games? in/);
    expect(existsSync(path.join(tmp, 'missing'))).toBe(false);
  });

  it('the games of a batch are cut into chunks as they are played, never all at once (a billion games cost no memory up front)', () => {
    const chunks = chunksOf({ from: 0, to: 1e15 }, 500);
    expect([chunks.next().value, chunks.next().value]).toEqual([
      { from: 0, to: 500 },
      { from: 500, to: 1000 },
    ]);
    expect([...chunksOf({ from: 10, to: 1205 }, 500)]).toEqual([
      { from: 10, to: 510 },
      { from: 510, to: 1010 },
      { from: 1010, to: 1205 },
    ]);
  });

  it('--merge refuses the options of a run', async () => {
    const r = await run(['simulate', '--merge', 'a.json', '--games', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--merge plays nothing: --games does not apply/);
  });

  it('a game that fails makes exit 1, and the report says which', async () => {
    registerRace('stuckRaceGame');
    try {
      const r = await run(['simulate', 'race', '--games', '3', '--seed', '1']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/failed +3/);
      expect(r.stdout).toMatch(/game 0 \(seed \d+\): no-legal-move: no legal move while the game goes on/);
      expect(r.stdout).toMatch(/To see one: playmark simulate race --games 3 --seed 1 --bots random,random --max-moves 10000 --log game\.log --log-game 0/);
    } finally {
      registerRace();
    }
  });

  it('a game that hits --max-moves is reported unfinished (exit 0)', async () => {
    const r = await run(['simulate', 'race', '--games', '4', '--seed', '1', '--max-moves', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/unfinished +4 +100\.0%/);
    expect(r.stdout).toMatch(/Unfinished \(hit 2 moves\), first 4: game 0, game 1, game 2, game 3/);
  });

  it('content with errors: exit 1 with the diagnostics, no report', async () => {
    const r = await run(['simulate', 'race', '--games', '3', '--seed', '1'], brokenProject);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/standard\.yaml:4:9 error \[schema\/type\]/);
    expect(r.stderr).toMatch(/nothing was made from it/);
    expect(r.stdout).toBe('');
  });
});
