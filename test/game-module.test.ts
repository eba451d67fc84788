// A game module per pack (issue 21): pack.yaml's `game` names the module that plays the pack, the
// built-in games the same way (`playmark/games/warchon`), so a copy of a shipped pack under another id
// still plays, and a designer's own module plays with no registration. Validating, linting and
// printing never run a pack's code; simulate (and coverage) do, as documented.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fixture, repoRoot } from './helpers.js';

/** playmark as a real process in `cwd`. */
async function runCli(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** An empty project folder with playmark installed in its node_modules (as `npm install` of a clone links it). */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-game-module-'));
  temps.push(dir);
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(repoRoot, path.join(dir, 'node_modules', 'playmark'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "my-project", "private": true, "type": "module" }\n');
  return dir;
}

describe('the game pack.yaml names', () => {
  it('a copy of Archon Skirmish under another id plays: its pack.yaml names playmark/games/archon-skirmish', async () => {
    const dir = project();
    cpSync(path.join(repoRoot, 'content', 'archon-skirmish'), path.join(dir, 'content', 'my-skirmish'), { recursive: true });
    const manifest = path.join(dir, 'content', 'my-skirmish', 'pack.yaml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/^id: archon-skirmish$/m, 'id: my-skirmish'));
    const r = await runCli(dir, 'simulate', 'my-skirmish', '--games', '4', '--seed', '1', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pack: 'my-skirmish', played: 4 });
    const coverage = await runCli(dir, 'coverage', 'my-skirmish');
    expect(coverage.stdout).toContain('50 of 50 rules run, 0 run on test content, 0 unused, 0 manual');
  });

  it("a designer's own module (the race fixture's game.js) plays with no registration, twice the same", async () => {
    const race = fixture('games', 'race');
    const a = await runCli(race, 'simulate', 'race', '--games', '20', '--seed', '5', '--format', 'json');
    expect(a.code, a.stderr).toBe(0);
    const b = await runCli(race, 'simulate', 'race', '--games', '20', '--seed', '5', '--format', 'json');
    expect(b.stdout).toBe(a.stdout);
    expect(JSON.parse(a.stdout)).toMatchObject({ pack: 'race', played: 20 });
  });

  it('a pack that names no game: simulate says so and how to add one (exit 2)', async () => {
    // A copy of Warmaster whose pack.yaml names no game.
    const dir = project();
    cpSync(path.join(repoRoot, 'content', 'warmaster'), path.join(dir, 'content', 'warmaster'), { recursive: true });
    const manifest = path.join(dir, 'content', 'warmaster', 'pack.yaml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/^game: .*\n/m, ''));
    const r = await runCli(dir, 'simulate', 'warmaster', '--games', '1', '--seed', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no game plays "warmaster": its pack.yaml names no game module');
    expect(r.stderr).toContain('game: { module: ./game/index.js }');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("a pack's game module is code: only the commands that play run it", () => {
  /** A project whose game module leaves a file behind when it is loaded. */
  function trap(): { dir: string; ran: string } {
    const dir = project();
    cpSync(path.join(fixture('games', 'race')), dir, { recursive: true });
    const ran = path.join(dir, 'module-ran');
    // The copy imports playmark as a designer's module does, from the installed package.
    const game = readFileSync(path.join(dir, 'game.js'), 'utf8').replace(/'(?:\.\.\/)+dist\/src\/engine\/core\/(?:game|random)\.js'/g, "'playmark'");
    writeFileSync(path.join(dir, 'game.js'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(ran)}, 'ran');\n${game}`);
    return { dir, ran };
  }

  it('validate, lint and build read the pack and never load its module (they say the rules it plays are not counted)', async () => {
    const { dir, ran } = trap();
    for (const args of [['validate'], ['lint'], ['build', '-o', path.join(dir, 'out')]]) {
      const r = await runCli(dir, ...args);
      expect(existsSync(ran), args.join(' ')).toBe(false);
      expect(r.stderr, args.join(' ')).toContain('the rules its game plays are not counted here');
    }
  });

  it('simulate and coverage run it, as documented', async () => {
    const { dir, ran } = trap();
    const r = await runCli(dir, 'coverage', 'race');
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(ran)).toBe(true);
    rmSync(ran);
    const s = await runCli(dir, 'simulate', 'race', '--games', '3', '--seed', '1');
    expect(s.code, s.stderr).toBe(0);
    expect(existsSync(ran)).toBe(true);
  });
});
