// `playmark replay` says what happened at the first line that differs (docs/game-log.md
// "Replaying"): a line missing, a line extra, a line of another type, or a field, each at its line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';
import { raceProject, registerRace } from './fixtures/games/support.js';

let tmp: string;
let lines: string[];

type Line = { type: string; [key: string]: unknown };
const parsed = (l: string) => JSON.parse(l) as Line;
/** The 1-based number of the first line of the log matching `test`. */
const first = (test: (l: Line) => boolean) => lines.findIndex((l) => test(parsed(l))) + 1;

/** Replays the log given as lines: its text output and its JSON. */
async function replay(name: string, log: readonly string[], project = raceProject) {
  const file = path.join(tmp, name);
  writeFileSync(file, log.join('\n') + '\n');
  const text = fakeIo(project);
  const code = await main(['replay', file], text.io);
  const json = fakeIo(project);
  await main(['replay', file, '--json'], json.io);
  return { code, stdout: text.stdout(), json: JSON.parse(json.stdout()) as { same: boolean; line: number; kind: string; message: string } };
}

beforeAll(async () => {
  registerRace();
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-replay-lines-'));
  const log = path.join(tmp, 'game.log');
  const f = fakeIo(raceProject);
  expect(await main(['simulate', 'race', '--games', '1', '--seed', '12', '--bots', 'random,greedy', '--log', log], f.io)).toBe(0);
  lines = readFileSync(log, 'utf8').trimEnd().split('\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('replay names what happened at the first line that differs', () => {
  it('a deleted line: "line N is missing" at its place, not a field of the line after it', async () => {
    const n = first((l) => l.type === 'draw');
    const r = await replay('deleted.log', lines.toSpliced(n - 1, 1));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`deleted.log:${n}: the replay differs: line ${n} is missing: the game writes a \`draw\` line here`);
    expect(r.json).toMatchObject({ same: false, line: n, kind: 'missing' });
  });

  it('a duplicated line: "line N is extra" at the copy', async () => {
    const n = first((l) => l.type === 'effect');
    const r = await replay('duplicated.log', lines.toSpliced(n, 0, lines[n - 1]!));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`duplicated.log:${n + 1}: the replay differs: line ${n + 1} is extra: the game did not write this \`effect\` line`);
    expect(r.json).toMatchObject({ same: false, line: n + 1, kind: 'extra' });
  });

  it('an extra `play` inserted before a turn (its move shifts the moves after it): "line N is extra"', async () => {
    const turn = first((l) => l.type === 'turn' && l.turn === 2);
    const play = lines.slice(turn).find((l) => parsed(l).type === 'play')!;
    const r = await replay('extra-play.log', lines.toSpliced(turn - 1, 0, play));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`extra-play.log:${turn}: the replay differs: line ${turn} is extra: the game did not write this \`play\` line`);
    expect(r.json).toMatchObject({ line: turn, kind: 'extra' });
  });

  it('a line whose type changed: "line N is a `play` where the game has a `move`"', async () => {
    const n = first((l) => l.type === 'move');
    const r = await replay('type.log', lines.with(n - 1, JSON.stringify({ ...parsed(lines[n - 1]!), type: 'play' })));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`type.log:${n}: the replay differs: line ${n} is a \`play\` where the game has a \`move\`\n`);
    expect(r.json).toMatchObject({ line: n, kind: 'type' });
  });

  it('a line overwritten by a copy of the next one is a changed line (the lines after match in place), not a missing one', async () => {
    const n = first((l) => l.type === 'move');
    const r = await replay('overwritten.log', lines.with(n - 1, lines[n]!));
    expect(r.stdout).toContain(`overwritten.log:${n}: the replay differs: line ${n} is an \`effect\` where the game has a \`move\`\n`);
    expect(r.json).toMatchObject({ line: n, kind: 'type' });
  });

  it('a changed field in a line of the same type is named as the field, at its line', async () => {
    const n = first((l) => l.type === 'turn' && l.turn === 3);
    const r = await replay('field.log', lines.with(n - 1, JSON.stringify({ ...parsed(lines[n - 1]!), active: 'blue' })));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`field.log:${n}: the replay differs: field active: the log has "blue", the replay "red"`);
    expect(r.json).toMatchObject({ line: n, kind: 'field' });
  });
});

describe("the issue's Archon Skirmish cases", () => {
  it('a deleted draw-card line is missing (not "field card"), and an extra `play` before the `end` is extra (not "field end")', async () => {
    const file = path.join(tmp, 'archon.log');
    expect(await main(['simulate', 'archon-skirmish', '--games', '1', '--seed', '5', '--bots', 'greedy,random', '--log', file], fakeIo(repoRoot).io)).toBe(0);
    const archon = readFileSync(file, 'utf8').trimEnd().split('\n');
    const card = archon.findIndex((l) => l.includes('"effect":"draw-card"')) + 1;
    const deleted = await replay('archon-deleted.log', archon.toSpliced(card - 1, 1), repoRoot);
    expect(deleted.stdout).toContain(`archon-deleted.log:${card}: the replay differs: line ${card} is missing: the game writes an \`effect\` line here`);
    const end = archon.findIndex((l) => parsed(l).type === 'end') + 1;
    const play = archon.findLast((l) => parsed(l).type === 'play')!;
    const extra = await replay('archon-extra.log', archon.toSpliced(end - 1, 0, play), repoRoot);
    expect(extra.stdout).toContain(`archon-extra.log:${end}: the replay differs: line ${end} is extra: the game did not write this \`play\` line`);
    expect(extra.json).toMatchObject({ line: end, kind: 'extra' });
  }, 60_000);
});
