// One source of truth for `resolve` and `odds`: they read the YAML of the project they are run in,
// every time. A copy of the project with an edited cell answers with the new value (run in-process
// and as the installed command, from the root and from a subfolder); content with errors gets its
// diagnostics and no answer; and the engine and analysis never import a generated content constant.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of playmark's project (content, schemas, package.json) in a temporary folder. */
function copyProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-truth-'));
  temps.push(dir);
  for (const entry of ['content', 'schemas', 'package.json']) cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  return dir;
}

/** Replaces exactly one occurrence of `from` in a file of the copy. */
function edit(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const text = readFileSync(full, 'utf8');
  expect(text.split(from).length - 1, `${from} once in ${file}`).toBe(1);
  writeFileSync(full, text.replace(from, to));
}

async function run(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  const r = { code, stdout: f.stdout(), stderr: f.stderr() };
  expect(r.stdout).not.toMatch(STACK_LINE);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.stderr).not.toContain('internal error');
  return r;
}

const ERDON = 'content/warchon/spreads/erdon-pass.yaml';
const ERDON_ROW_3 = '    - { roll: 3, cells: [A2, A2D1, A1D1, Eg, A1D1, A1D2, D2] }';
const ERDON_ROW_3_EDITED = '    - { roll: 3, cells: [A2, A3D2, A1D1, Eg, A1D1, A1D2, D2] }';
// Differential 3 - 7 = -4 (column -4); fingers 1,1 read RNG cell 3: the cell edited above.
const WARCHON = ['resolve', 'warchon', '--spread', 'erdon-pass', '--as', '3', '--ds', '7', '--fingers', '1,1'];
const WARMASTER = ['resolve', 'warmaster', '--attack', '6', '--defence', '3', '--roll', '4'];

describe('resolve and odds read the YAML every run', () => {
  const dir = copyProject();
  const sub = path.join(dir, 'content', 'warchon', 'spreads');

  it('before the edit: the printed values', async () => {
    const r = await run(dir, ...WARCHON);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Result A2D1: the attacker takes 2 Hits, the defender takes 1 Hit.');
    expect((await run(dir, ...WARMASTER)).stdout).toContain('D6 roll 4: DR, Defender routed');
  });

  it('after a Warchon cell changes in the YAML, resolve and odds answer with it, from the root and from a subfolder', async () => {
    edit(dir, ERDON, ERDON_ROW_3, ERDON_ROW_3_EDITED);
    for (const cwd of [dir, sub]) {
      const text = await run(cwd, ...WARCHON);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('Result A3D2: the attacker takes 3 Hits, the defender takes 2 Hits.');
      expect(text.stdout).not.toContain('A2D1');
      const json = JSON.parse((await run(cwd, ...WARCHON, '--format', 'json')).stdout);
      expect(json).toMatchObject({ pack: 'warchon', column: '-4', number: 3, result: 'A3D2' });

      const odds = await run(cwd, 'odds', 'warchon', '--spread', 'erdon-pass');
      expect(odds.code).toBe(0);
      expect(odds.stdout).toMatch(/A3D2 +1\/5 +20\.0% +number 3: attacker 3 Hits, defender 2 Hits/);
      const oddsJson = JSON.parse((await run(cwd, 'odds', 'warchon', '--spread', 'erdon-pass', '--json')).stdout);
      const column = oddsJson.spreads[0].columns.find((c: { column: string }) => c.column === '-4');
      expect(column.outcomes.map((o: { key: string }) => o.key)).toContain('A3D2');
      expect(column.outcomes.map((o: { key: string }) => o.key)).not.toContain('A2D1');
    }
    // The repository's own project is untouched.
    expect((await run(repoRoot, ...WARCHON)).stdout).toContain('Result A2D1');
  });

  it('after a Warmaster combat cell (a reconstruction) and a teleport entry change, resolve and odds answer with them', async () => {
    edit(dir, 'content/warmaster/layers/reconstructions.yaml', 'pointer: /rows/3/cells/3 }\n    value: DR', 'pointer: /rows/3/cells/3 }\n    value: BB');
    edit(dir, 'content/warmaster/teleport-tables/teleportation.yaml', 'name: Success!', 'name: Triumph!');
    for (const cwd of [dir, path.join(dir, 'content', 'warmaster')]) {
      const r = await run(cwd, ...WARMASTER);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('D6 roll 4: BB, ');
      expect(r.stdout).toContain('(reconstruction combat-roll-4-col-4, not printed)');
      expect(JSON.parse((await run(cwd, ...WARMASTER, '--json')).stdout)).toMatchObject({ result: 'BB' });
      expect((await run(cwd, 'resolve', 'warmaster', '--teleport', '35')).stdout).toContain(': Triumph! ');

      const odds = JSON.parse((await run(cwd, 'odds', 'warmaster', '--format', 'json')).stdout);
      const column = odds.columns.find((c: { column: string }) => c.column === '2-1');
      // Rolls 1-6 at 2-1 were AR BB BB DR DR DA (ruled bands); roll 4 now BB: BB 1/2, DR 1/6.
      expect(column.outcomes.find((o: { key: string }) => o.key === 'BB')).toMatchObject({ probability: '1/2', numbers: [2, 3, 4] });
      expect(column.outcomes.find((o: { key: string }) => o.key === 'DR')).toMatchObject({ probability: '1/6', numbers: [5] });
    }
  });

  it('the installed command (bin/playmark.js) reads the edited YAML too (npm test compiles dist/ first)', () => {
    const bin = path.join(repoRoot, 'bin', 'playmark.js');
    for (const cwd of [dir, sub]) {
      const r = spawnSync(process.execPath, [bin, ...WARCHON], { cwd, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Result A3D2');
    }
  }, 30_000);
});

describe('content with errors: diagnostics, exit 1, no answer', () => {
  it('a broken YAML file', async () => {
    const dir = copyProject();
    edit(dir, ERDON, ERDON_ROW_3, '    - { roll: 3, cells: [A2, A3D2, A1D1, Eg, A1D1, A1D2, D2 }');
    for (const argv of [WARCHON, ['odds', 'warchon'], ['odds', 'warchon', '--json']]) {
      const r = await run(dir, ...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('erdon-pass.yaml');
      expect(r.stderr).toMatch(/error/);
      expect(r.stderr).toContain('nothing was made from it');
    }
  });

  it('a value the schema rejects, in the other pack', async () => {
    const dir = copyProject();
    edit(dir, 'content/warmaster/teleport-tables/teleportation.yaml', 'roll: { min: 14, max: 56 }', 'roll: { min: fourteen, max: 56 }');
    for (const argv of [WARMASTER, ['odds', 'warmaster']]) {
      const r = await run(dir, ...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('teleportation.yaml');
    }
    // The Warchon pack is fine: resolve reads only the pack asked for.
    expect((await run(dir, ...WARCHON)).code).toBe(0);
  });

  it('a spread number that two spreads have: never a silent pick', async () => {
    const dir = copyProject();
    edit(dir, 'content/warchon/spreads/irondale.yaml', '\nnumber: 2\n', '\nnumber: 1\n');
    const r = await run(dir, 'resolve', 'warchon', '--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5,2');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    // Either the content check or the engine refuses; both name the spreads.
    expect(r.stderr).toMatch(/erdon-pass|irondale/);
    // By id, each spread still resolves (unless a content check refuses the pack as a whole).
    const byId = await run(dir, 'resolve', 'warchon', '--spread', 'irondale', '--as', '9', '--ds', '7', '--fingers', '5,2');
    if (byId.code === 0) expect(byId.stdout).toContain('(spread 1, irondale)');
    else expect(byId.stdout).toBe('');
  });
});

describe('a project of its own', () => {
  it('a pack the project lacks is a usage error listing its packs', async () => {
    const dir = copyProject();
    rmSync(path.join(dir, 'content', 'warmaster'), { recursive: true });
    const r = await run(dir, ...WARMASTER);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no pack "warmaster"');
    expect(r.stderr).toContain('Packs: archon-skirmish, warchon.');
  });

  it("outside any project: a usage error, not playmark's own content", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'playmark-empty-'));
    temps.push(empty);
    mkdirSync(path.join(empty, 'sub'));
    const r = await run(path.join(empty, 'sub'), ...WARCHON);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no playmark project');
  });
});

describe('the engine and the analysis take the content as an argument', () => {
  it('nothing under src/engine or src/analysis imports generated/content (types from generated/types are fine)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
      );
    const bad: string[] = [];
    for (const layer of ['engine', 'analysis']) {
      for (const file of files(path.join(repoRoot, 'src', layer))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/\bfrom\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)) {
          const spec = m[1] ?? m[2]!;
          if (!spec.startsWith('.')) continue;
          const target = path.relative(repoRoot, path.resolve(path.dirname(file), spec)).split(path.sep);
          if (target[0] === 'generated' && target[1] !== 'types') bad.push(`${path.relative(repoRoot, file)} imports ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
