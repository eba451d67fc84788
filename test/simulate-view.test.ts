// `simulate --log FILE --view SIDE` (docs/game-log.md, "Player views"): the log of one game as one
// side sees it, which replay refuses; run through the command as simulate-cli.test.ts runs it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-view-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[]) {
  const f = fakeIo(repoRoot);
  const code = await main(args, f.io);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

const GAME = ['simulate', 'warchon', '--games', '1', '--seed', '3'];
const AZUTHKA_UNITS = /baphite-swarm|deathknoll-ogres/;

describe('simulate --log --view', () => {
  it("writes Celestine's view: Azuthka's units unknown until a battle shows them, the other lines as in the whole log", async () => {
    const whole = path.join(tmp, 'whole.log');
    const viewed = path.join(tmp, 'celestine.log');
    expect((await run([...GAME, '--log', whole])).code).toBe(0);
    const r = await run([...GAME, '--log', viewed, '--view', 'celestine']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('as celestine sees it');
    const wholeLines = readFileSync(whole, 'utf8').trim().split('\n');
    const lines = readFileSync(viewed, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(wholeLines.length);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'log', view: 'celestine' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ type: 'stop', view: 'celestine' });
    const firstBattle = lines.findIndex((l) => l.includes('"phase":"battle"'));
    expect(firstBattle).toBeGreaterThan(0);
    // Before the first battle: Azuthka's secret placement and moves name no unit.
    expect(wholeLines.slice(0, firstBattle).some((l) => AZUTHKA_UNITS.test(l))).toBe(true);
    expect(lines.slice(0, firstBattle).filter((l) => AZUTHKA_UNITS.test(l))).toEqual([]);
    expect(lines.find((l) => l.includes('"kind":"place"') && l.includes('"side":"azuthka"'))).toMatch(/"unit":"unseen","spread":"[a-z-]+"/);
    // Celestine's own lines are as in the whole log, and units fighting are named from then on.
    const celestinePlays = (l: string) => l.includes('"type":"play"') && l.includes('"side":"celestine"');
    expect(lines.filter(celestinePlays)).toEqual(wholeLines.filter(celestinePlays));
    expect(lines.slice(firstBattle).some((l) => AZUTHKA_UNITS.test(l))).toBe(true);
    // The whole log's lines that name no unit Celestine has not seen are unchanged.
    expect(lines[1]).toBe(wholeLines[1]);
  });

  it("gives away no seed nor the final state's digest, and no Save step the defender passed on (Archon Skirmish)", async () => {
    const whole = path.join(tmp, 'archon-whole.log');
    const viewed = path.join(tmp, 'archon-dark.log');
    const archon = ['simulate', 'archon-skirmish', '--games', '1', '--seed', '3'];
    expect((await run([...archon, '--log', whole])).code).toBe(0);
    expect((await run([...archon, '--log', viewed, '--view', 'dark'])).code).toBe(0);
    const wholeLines = readFileSync(whole, 'utf8').trim().split('\n');
    const lines = readFileSync(viewed, 'utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header.seed).toBeUndefined();
    expect(header.batch.seed).toBeUndefined();
    expect(JSON.parse(wholeLines[0]!).seed).toEqual(expect.any(Number));
    expect(JSON.parse(lines.at(-1)!).state).toBeUndefined();
    // In this game light, defending, passes on Saves in dark's turns: the whole log has those plays, dark's view none.
    const savePasses = wholeLines.flatMap((l, i) => (l.includes('"step":"save"') && l.includes('"kind":"pass"') ? [wholeLines[i - 1]!] : []));
    expect(savePasses.length).toBeGreaterThan(0);
    for (const play of savePasses) expect(lines).not.toContain(play);
  });

  it('replay refuses a view log with its code (exit 1), and replays the whole log', async () => {
    const whole = path.join(tmp, 'whole-2.log');
    const viewed = path.join(tmp, 'azuthka.log');
    await run([...GAME, '--log', whole]);
    await run([...GAME, '--log', viewed, '--view', 'azuthka']);
    const refused = await run(['replay', viewed]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('log/player-view');
    expect(refused.stderr).toContain('cannot be replayed');
    expect(refused.stderr).toContain('without --view');
    expect((await run(['replay', whole])).code).toBe(0);
  });

  it('--view of a side the game does not have is a usage error naming its sides; --view needs --log', async () => {
    const r = await run([...GAME, '--log', path.join(tmp, 'x.log'), '--view', 'celestial']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--view celestial: warchon has no side "celestial"[\s\S]*Sides: azuthka, celestine\./);
    const alone = await run([...GAME, '--view', 'azuthka']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('Give --log FILE too.');
  });
});
