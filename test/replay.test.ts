// `simulate --log` then `playmark replay`: the same final state, or the line where a tampered log
// differs. The log format is docs/game-log.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOG_LINE_BYTES, readLogLines } from '../src/analysis/log-file.js';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';
import { raceProject, registerRace } from './fixtures/games/support.js';

let tmp: string;
let log: string;
let lines: string[];

async function run(args: string[], cwd = raceProject) {
  const f = fakeIo(cwd);
  const code = await main(args, f.io);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

/** A copy of the log with line `n` (1-based) changed, written next to it. */
function tampered(name: string, n: number, change: (line: Record<string, unknown>) => Record<string, unknown> | string): string {
  const copy = [...lines];
  const changed = change(JSON.parse(copy[n - 1]!) as Record<string, unknown>);
  copy[n - 1] = typeof changed === 'string' ? changed : JSON.stringify(changed);
  const file = path.join(tmp, name);
  writeFileSync(file, copy.join('\n') + '\n');
  return file;
}

beforeAll(async () => {
  registerRace();
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-replay-'));
  log = path.join(tmp, 'game.log');
  const r = await run(['simulate', 'race', '--games', '1', '--seed', '12', '--bots', 'random,greedy', '--log', log]);
  expect(r.code).toBe(0);
  lines = readFileSync(log, 'utf8').trimEnd().split('\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the game log', () => {
  it('starts with a header naming pack, version, seed, options and bots, and ends with the stop line', () => {
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(header).toMatchObject({
      type: 'log',
      format: 'playmark-game-log',
      version: 1,
      pack: 'race',
      packVersion: '1.2.0',
      options: { scenario: null, maxMoves: 10000 },
      sides: ['red', 'blue'],
      bots: { red: 'random', blue: 'greedy' },
      batch: { seed: 12, game: 0 },
    });
    expect(Number.isSafeInteger(header.seed)).toBe(true);
    const stop = JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
    expect(stop).toMatchObject({ type: 'stop', end: 'result', result: { rule: 'race/finish' } });
    expect(stop.state).toMatch(/^sha256:[0-9a-f]{64}$/);
    const types = new Set(lines.map((l) => (JSON.parse(l) as { type: string }).type));
    expect([...types].sort()).toEqual(expect.arrayContaining(['draw', 'effect', 'end', 'log', 'move', 'play', 'setup', 'stop', 'turn']));
  });

  it('the same seed writes the same log', async () => {
    const again = path.join(tmp, 'again.log');
    await run(['simulate', 'race', '--games', '1', '--seed', '12', '--bots', 'random,greedy', '--log', again]);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(log, 'utf8'));
  });

  it('--log-game logs that game of the batch: its header names it', async () => {
    const other = path.join(tmp, 'game-3.log');
    const r = await run(['simulate', 'race', '--games', '5', '--seed', '12', '--log', other, '--log-game', '3']);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(other, 'utf8').split('\n')[0]!)).toMatchObject({ batch: { seed: 12, game: 3 } });
    expect((await run(['replay', other])).code).toBe(0);
  });
});

describe('playmark replay', () => {
  it('replays the log to the same final state: exit 0', async () => {
    const r = await run(['replay', log]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /game\.log: race 1\.2\.0, seed \d+: \d+ moves and \d+ lines replayed, the same final state \(turn \d+, (red|blue) wins: reaches the end of the track \(race\/finish\)\)\./,
    );
  });

  it('--format json says the same', async () => {
    const r = await run(['replay', log, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pack: 'race', same: true, lines: lines.length, end: 'result' });
  });

  it('a tampered die roll is reported at its line, with the field: exit 1', async () => {
    const n = lines.findIndex((l) => (JSON.parse(l) as { type: string }).type === 'draw') + 1;
    const file = tampered('die.log', n, (l) => ({ ...l, value: (l.value as number) === 2 ? 3 : 2 }));
    const r = await run(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`die\\.log:${n}: the replay differs: field value: the log has [23], the replay \\d`));
    expect(r.stdout).toMatch(/ {2}log: {4}\{"type":"draw"/);
    const json = JSON.parse((await run(['replay', file, '--json'])).stdout) as { same: boolean; line: number };
    expect(json).toMatchObject({ same: false, line: n });
  });

  it('a line that is not JSON is reported at its line', async () => {
    const file = tampered('garbage.log', 3, () => '{"type": "turn", ');
    const r = await run(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/garbage\.log:3: the replay differs: line 3 is not JSON/);
  });

  it('a move the game does not offer is reported at its play line', async () => {
    const n = lines.findIndex((l) => (JSON.parse(l) as { type: string }).type === 'play') + 1;
    const file = tampered('illegal.log', n, (l) => ({ ...l, move: { kind: 'teleport' } }));
    const r = await run(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`illegal\\.log:${n}: the replay differs: the move \\{"kind":"teleport"\\} is not legal here \\(the game offers 3 moves: step, roll, wait\\)`),
    );
  });

  it('a log cut short, or with lines added, is reported where it stops matching', async () => {
    const cut = path.join(tmp, 'cut.log');
    writeFileSync(cut, lines.slice(0, -3).join('\n') + '\n');
    const r = await run(['replay', cut]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`cut\\.log:${lines.length - 2}: the replay differs`));
    const longer = path.join(tmp, 'longer.log');
    writeFileSync(longer, [...lines, '{"type":"effect","rule":"race/step"}'].join('\n') + '\n');
    const l = await run(['replay', longer]);
    expect(l.code).toBe(1);
    expect(l.stdout).toMatch(new RegExp(`longer\\.log:${lines.length + 1}: the replay differs: the replay ended at line ${lines.length} and the log goes on`));
  });

  it('a log that starts with a UTF-8 byte-order mark (as some editors save) replays the same: exit 0', async () => {
    const bom = path.join(tmp, 'bom.log');
    writeFileSync(bom, '\uFEFF' + readFileSync(log, 'utf8'));
    const r = await run(['replay', bom]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/the same final state/);
  });

  it('a line over the 16 MB bound is refused with its line number and its first characters only, never echoed whole, before the rest is read', async () => {
    const long = path.join(tmp, 'long.log');
    writeFileSync(long, [lines[0], lines[1], 'x'.repeat(MAX_LOG_LINE_BYTES + 10), ...lines.slice(2)].join('\n') + '\n');
    const r = await run(['replay', long]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/long\.log is not a game log: line 3 is longer than 16 MB/);
    expect(r.stderr).toContain('x'.repeat(40));
    expect(r.stderr.length).toBeLessThan(1000);
    expect(r.stdout).toBe('');
  });

  it('the reader stops at the line bound without holding the rest (a 50 MB line with no end is one error)', () => {
    const long = path.join(tmp, 'endless.log');
    writeFileSync(long, 'y'.repeat(3 * 1024 * 1024));
    expect(() => readLogLines(long, { maxLine: 1024 * 1024 })).toThrow(/line 1 is longer than 1 MB/);
    expect(() => readLogLines(long, { maxLine: 8 * 1024 * 1024, maxBytes: 2 * 1024 * 1024 })).toThrow(/larger than 2 MB/);
  });

  it('a line that is not JSON is shown cut short, not whole', async () => {
    const file = tampered('big-garbage.log', 3, () => `not json ${'z'.repeat(100_000)}`);
    const r = await run(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/big-garbage\.log:3: the replay differs: line 3 is not JSON/);
    expect(r.stdout.length).toBeLessThan(5000);
  });

  it.each([
    ['/dev/zero', /\/dev\/zero is not a game log: it is a device, not a regular file/],
    ['.', /\. is not a game log: it is a folder, not a regular file/],
    ['no-such.log', /cannot read no-such\.log: no such file/],
  ])('replay %s is a usage error at once: exit 2, one message, no stack', async (file, message) => {
    const r = await run(['replay', file], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });

  it('an empty file, and a header of a pack the project lacks, are usage errors', async () => {
    writeFileSync(path.join(tmp, 'empty.log'), '');
    const empty = await run(['replay', path.join(tmp, 'empty.log')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/the file is empty/);
    const other = tampered('other.log', 1, (l) => ({ ...l, pack: 'chess' }));
    const r = await run(['replay', other]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no pack "chess"/);
  });

  it('a log of another pack version says so and replays with the pack as it is now', async () => {
    const file = tampered('old.log', 1, (l) => ({ ...l, packVersion: '1.1.0' }));
    const r = await run(['replay', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/note: the log was written with race 1\.1\.0; the pack is now 1\.2\.0/);
  });

  it.each([
    [['replay', 'no-such.log'], /cannot read no-such\.log/],
    [['replay', path.join(raceProject, 'content', 'race', 'pack.yaml')], /is not a game log: line 1 is not JSON/],
    [['replay'], /missing required argument 'file'/],
  ])('%j is a usage error: exit 2, no stack', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

describe('Archon Skirmish through the log', () => {
  /** The game its pack.yaml names, and its content. */
  async function archon() {
    const { loadGame } = await import('../src/engine/games.js');
    const { loadContent } = await import('../src/content/effective.js');
    const { gameRefOf } = await import('../src/content/game-module.js');
    const { packs, validation } = loadContent([path.join(repoRoot, 'content', 'archon-skirmish')], { cacheDir: false });
    expect(validation.errors).toBe(0);
    const { printables: _, ...content } = packs.get('archon-skirmish')!;
    return { game: await loadGame(gameRefOf(content)!), content };
  }

  it('docs/game-log.md lists every event type and effect a played game writes', async () => {
    const a = await archon();
    const { playGame } = await import('../src/analysis/simulate-game.js');
    const types = new Set<string>();
    const effects = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      playGame(a.game, a.content, seed, seed, ['random', 'greedy'], { maxMoves: 10_000 }, (line) => {
        types.add(line.type);
        if (line.type === 'effect') effects.add(String(line.effect));
      });
    }
    const doc = readFileSync(path.join(repoRoot, 'docs', 'game-log.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Archon Skirmish'), doc.indexOf('### Other games'));
    const missing = [
      ...[...types].filter((t) => !['play', 'stop'].includes(t) && !section.includes(`| \`${t}\` |`)).map((t) => `type ${t}`),
      ...[...effects].filter((e) => !section.includes(`| \`effect\` | \`${e}\` |`)).map((e) => `effect ${e}`),
    ];
    expect(missing).toEqual([]);
  }, 60_000);

  it('a logged game replays to the same final state, and a tampered card is found at its line', async () => {
    await archon(); // the pack validates and its game loads
    const file = path.join(tmp, 'archon.log');
    const r = await run(['simulate', 'archon-skirmish', '--games', '1', '--seed', '5', '--bots', 'greedy,random', '--log', file], repoRoot);
    expect(r.code).toBe(0);
    const replay = await run(['replay', file], repoRoot);
    expect(replay.stdout).toMatch(/the same final state/);
    expect(replay.code).toBe(0);
    const logLines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const n = logLines.findIndex((l) => l.includes('"effect":"draw-card"')) + 1;
    logLines[n - 1] = logLines[n - 1]!.replace(/"card":"([a-z0-9-]+)"/, (_, c: string) => `"card":"${c === 'heal' ? 'teleport' : 'heal'}"`);
    const bad = path.join(tmp, 'archon-bad.log');
    writeFileSync(bad, logLines.join('\n') + '\n');
    const differs = await run(['replay', bad], repoRoot);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toMatch(new RegExp(`archon-bad\\.log:${n}: the replay differs: field card: the log has "(heal|teleport)"`));
  }, 60_000);
});
