// playmark diff against a real git repository made here: Warchon and Warmaster committed, then a
// combat cell, an RNG cell, a layer entry and records changed in a second commit. Compared between
// the two revisions, a revision and the working tree, and two folders.
import { Command, CommanderError } from 'commander';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDiff } from '../src/cli/diff.js';
import { UsageError } from '../src/cli/io.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-diff-test-'));
const repo = path.join(work, 'repo');
const oldFolder = path.join(work, 'old');

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function edit(rel: string, from: string, to: string): void {
  const file = path.join(repo, rel);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

/** Runs `playmark diff ...args` in-process, as main does: usage errors print and give 2. */
async function diff(cwd: string, ...args: string[]) {
  const f = fakeIo(cwd);
  const program = new Command('playmark').exitOverride().configureOutput({ writeOut: (s) => f.io.out(s), writeErr: (s) => f.io.err(s) });
  registerDiff(program, f.io);
  let code: number;
  try {
    await program.parseAsync(['diff', ...args], { from: 'user' });
    code = f.io.exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      f.io.err(`playmark: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ''}`);
      code = 2;
    } else if (error instanceof CommanderError) code = error.code === 'commander.helpDisplayed' ? 0 : 2;
    else throw error;
  }
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

// The revisions diff extracts go to this file's own temporary folder (os.tmpdir() reads TMPDIR at
// every call): other test files extract revisions into the shared one at the same time
// (render --since), and finding theirs there made the check below fail now and then.
const extracted = path.join(work, 'tmp');
const tmpdirBefore = process.env.TMPDIR;

beforeAll(() => {
  mkdirSync(extracted);
  process.env.TMPDIR = extracted;
  for (const p of ['content/warchon', 'content/warmaster', 'schemas']) cpSync(path.join(repoRoot, p), path.join(repo, p), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'v1');
  git('tag', 'v1');
  cpSync(path.join(repo, 'content'), path.join(oldFolder, 'content'), { recursive: true });

  // A printed combat cell and an RNG cell fixed in the base transcription.
  edit('content/warchon/spreads/erdon-pass.yaml', 'cells: [A3, A2, A1, So, D1, D2, D3]', 'cells: [A3, A2, A1, So, D1, D3, D3]');
  edit('content/warchon/spreads/erdon-pass.yaml', '- [5E, 1, 2, 3, 4]', '- [5, 1, 2, 3, 4]');
  // An erratum added to a layer.
  appendFileSync(
    path.join(repo, 'content/warchon/layers/rulings.yaml'),
    [
      '  - id: kier-zhadd-de-misprint',
      '    kind: erratum',
      '    target: { kind: spread, id: kier-zhadd, pointer: /combatTable/rows/1/cells/6 }',
      '    value: D4',
      '    reason: The printed DE breaks the column; every other row of the +5 column gives a number of Hits.',
      '',
    ].join('\n'),
  );
  // A new version.
  edit('content/warchon/pack.yaml', 'version: 1.0.0', 'version: 1.0.1');
  // A record removed, and one added.
  rmSync(path.join(repo, 'content/warchon/traits/magical.yaml'));
  writeFileSync(
    path.join(repo, 'content/warchon/traits/stalwart.yaml'),
    "# yaml-language-server: $schema=../../../schemas/warchon/trait.schema.json\nid: stalwart\nsource: { section: Traits }\nname: Stalwart\ntext: 'Never retreats.'\ninnate: true\nrules: []\n",
  );
  git('add', '-A');
  git('commit', '-q', '-m', 'v2');
  git('tag', 'v2');
});

afterAll(() => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
  rmSync(work, { recursive: true, force: true });
});

let v1v2: Promise<Awaited<ReturnType<typeof diff>>> | undefined;
/** `diff v1 v2` in text, run once for the tests that read it. */
const v1ToV2 = () => (v1v2 ??= diff(repo, 'v1', 'v2'));

const COMBAT_LINE = 'Erdon Pass, combat results, row 2, column +4: D2 -> D3';
const RNG_LINE = 'Erdon Pass, RNG, defender shows 3, attacker shows 1: 5E -> 5';
const ERRATUM_CELL = 'Kier-Zhadd, combat results, row 2, column +5: DE -> D4';

describe('playmark diff between two revisions', () => {
  it("names an edited combat cell and an RNG cell in the table's own terms", async () => {
    const r = await v1ToV2();
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').map((l) => l.trim());
    expect(lines).toContain(COMBAT_LINE);
    expect(lines).toContain(RNG_LINE);
    // the erratum changes the effective content too
    expect(lines).toContain(ERRATUM_CELL);
    expect(r.stdout).toMatch(/^Comparing v1 \([0-9a-f]{7}\) with v2 \([0-9a-f]{7}\)$/m);
    expect(r.stdout).toContain('warchon: Warchon 1.0.0 -> 1.0.1\n  Changed\n    pack.yaml version: 1.0.0 -> 1.0.1\n    spread erdon-pass (Erdon Pass)\n');
    expect(r.stdout).not.toContain('warmaster:');
  });

  it('lists records added and removed, and the layer entry with its kind and reason', async () => {
    const r = await v1ToV2();
    expect(r.stdout).toMatch(/ {2}Added\n {4}trait stalwart \(Stalwart\)\n/);
    expect(r.stdout).toMatch(/ {2}Removed\n {4}trait magical \(Magical\)\n/);
    expect(r.stdout).toContain(
      `    + kier-zhadd-de-misprint (erratum, layer rulings, added): Kier-Zhadd, combat results, row 2, column +5 = D4\n        reason: The printed DE breaks the column; every other row of the +5 column gives a number of Hits.\n`,
    );
    expect(r.stdout).toContain('1 pack with differences: 2 records changed, 1 added, 1 removed; 1 layer entry added, removed or changed.');
  });

  it('the other way round, what was added is removed', async () => {
    const r = await diff(repo, 'v2', 'v1', '--pack', 'warchon');
    expect(r.stdout).toContain('Erdon Pass, combat results, row 2, column +4: D3 -> D2');
    expect(r.stdout).toMatch(/ {2}Removed\n {4}trait stalwart \(Stalwart\)\n/);
    expect(r.stdout).toContain('    - kier-zhadd-de-misprint (erratum, layer rulings, removed)');
  });

  it('--format markdown is an errata changelog: a heading per pack, Changed, Added, Removed, Layer entries', async () => {
    const r = await diff(repo, 'v1', 'v2', '--format', 'markdown', '--pack', 'warchon');
    expect(r.code).toBe(0);
    const md = r.stdout;
    expect(md).toMatch(
      /^# Errata changelog\n\nFrom v1 \([0-9a-f]{7}\) to v2 \([0-9a-f]{7}\)\.\n\n## Warchon 1\.0\.0 → 1\.0\.1\n\n### Changed\n\n- pack\.yaml version: 1\.0\.0 → 1\.0\.1\n/,
    );
    expect(md).toContain(
      '- **Erdon Pass** (spread `erdon-pass`)\n  - Erdon Pass, RNG, defender shows 3, attacker shows 1: 5E → 5\n  - Erdon Pass, combat results, row 2, column +4: D2 → D3\n',
    );
    expect(md).toContain('### Added\n\n- **Stalwart** (trait `stalwart`)\n');
    expect(md).toContain('### Removed\n\n- **Magical** (trait `magical`)\n');
    expect(md).toContain(
      '### Layer entries\n\n- Added **erratum** `kier-zhadd-de-misprint` (layer rulings): Kier-Zhadd, combat results, row 2, column +5 = D4. *Reason:* The printed DE breaks the column; every other row of the +5 column gives a number of Hits.\n',
    );
    const order = ['### Changed', '### Added', '### Removed', '### Layer entries'].map((h) => md.indexOf(h));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('--format json gives the same as data, byte for byte the same on every run', async () => {
    const first = await diff(repo, 'v1', 'v2', '--format', 'json');
    const second = await diff(repo, 'v1', 'v2', '--json');
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const data = JSON.parse(first.stdout);
    expect(Object.keys(data)).toEqual(['a', 'b', 'differences', 'packs', 'unchanged']);
    expect(data.a).toMatchObject({ label: expect.stringMatching(/^v1 /), type: 'revision', revision: 'v1', commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(data.unchanged).toEqual(['warmaster']);
    const warchon = data.packs[0];
    expect(warchon).toMatchObject({ id: 'warchon', status: 'changed', a: { title: 'Warchon', version: '1.0.0' }, b: { title: 'Warchon', version: '1.0.1' } });
    expect(warchon.manifest).toEqual([{ status: 'changed', pointer: '/version', where: 'pack.yaml version', cell: null, before: '1.0.0', after: '1.0.1' }]);
    const erdon = warchon.records.changed.find((r: { id: string }) => r.id === 'erdon-pass');
    expect(erdon.changes).toEqual([
      {
        status: 'changed',
        pointer: '/rng/2/0',
        where: 'Erdon Pass, RNG, defender shows 3, attacker shows 1',
        cell: { kind: 'rng', defender: 3, attacker: 1 },
        before: '5E',
        after: 5,
      },
      {
        status: 'changed',
        pointer: '/combatTable/rows/1/cells/5',
        where: 'Erdon Pass, combat results, row 2, column +4',
        cell: { kind: 'combat-table', table: 'combat results', row: 2, roll: '2', column: '+4' },
        before: 'D2',
        after: 'D3',
      },
    ]);
    expect(warchon.records.added).toEqual([{ kind: 'trait', id: 'stalwart', name: 'Stalwart' }]);
    expect(warchon.records.removed).toEqual([{ kind: 'trait', id: 'magical', name: 'Magical' }]);
    expect(warchon.layerEntries.added).toEqual([
      expect.objectContaining({
        id: 'kier-zhadd-de-misprint',
        layer: 'rulings',
        kind: 'erratum',
        value: 'D4',
        target: { kind: 'spread', id: 'kier-zhadd', pointer: '/combatTable/rows/1/cells/6' },
      }),
    ]);
  });

  it("a revision that does not exist is a usage error with git's message and a hint", async () => {
    const r = await diff(repo, 'no-such-tag');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no folder and no git revision "no-such-tag"');
    expect(r.stderr).toMatch(/fatal: .*no-such-tag/);
    expect(r.stderr).toContain('hint:');
    expect(r.stdout).toBe('');
  });

  it('--pack limits the comparison to one pack (one without differences: "No differences.", exit 0); an unknown pack is a usage error', async () => {
    const r = await diff(repo, 'v1', 'v2', '--pack', 'warmaster');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Comparing v1 \([0-9a-f]{7}\) with v2 \([0-9a-f]{7}\)\n\nNo differences\.\n$/);
    const bad = await diff(repo, 'v1', 'v2', '--pack', 'warchin');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Did you mean "warchon"?');
  });
});

describe('playmark diff against the working tree', () => {
  const layerFile = path.join(repo, 'content/warmaster/layers/reconstructions.yaml');

  it('with no revision, HEAD against the working tree: a Warmaster cell and the layer entry that changed it', async () => {
    const saved = readFileSync(layerFile, 'utf8');
    try {
      edit('content/warmaster/layers/reconstructions.yaml', 'pointer: /rows/0/cells/1 }\n    value: AA', 'pointer: /rows/0/cells/1 }\n    value: AR');
      const r = await diff(path.join(repo, 'content', 'warmaster'));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Comparing HEAD \([0-9a-f]{7}\) with the working tree$/m);
      expect(r.stdout).toContain('      Table of Results of Combate, row 1, column 1-2: AA -> AR\n');
      expect(r.stdout).toMatch(
        / {4}~ combat-roll-1-col-2 \(reconstruction, layer reconstructions, changed: value\): Table of Results of Combate, row 1, column 1-2\n {8}value: AA -> AR\n {8}reason: Roll 1, odds 1-2/,
      );
      expect(r.stdout).not.toContain('warchon:');

      // one revision: it against the working tree
      const since = await diff(repo, 'v1', '--pack', 'warmaster');
      expect(since.stdout).toMatch(/^Comparing v1 \([0-9a-f]{7}\) with the working tree$/m);
      expect(since.stdout).toContain('Table of Results of Combate, row 1, column 1-2: AA -> AR');
    } finally {
      writeFileSync(layerFile, saved);
    }
  });

  it('a side with a broken YAML file prints its diagnostics and exits 1, comparing nothing', async () => {
    const file = path.join(repo, 'content/warchon/units/baphite-swarm.yaml');
    const saved = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, saved + 'broken: [unclosed\n');
      const r = await diff(repo, 'v2', '--pack', 'warchon');
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^the working tree has \d+ errors?: fix/m);
      expect(r.stderr).toContain('content/warchon/units/baphite-swarm.yaml:');
    } finally {
      writeFileSync(file, saved);
    }
  });

  it('a broken revision is named by revision:path in its diagnostics', async () => {
    const file = path.join(repo, 'content/warchon/units/baphite-swarm.yaml');
    const saved = readFileSync(file, 'utf8');
    writeFileSync(file, saved + 'broken: [unclosed\n');
    git('commit', '-q', '-m', 'broken', '--', 'content/warchon/units/baphite-swarm.yaml');
    git('tag', 'broken');
    git('reset', '-q', '--hard', 'v2');
    const r = await diff(repo, 'broken', 'v2', '--pack', 'warchon');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^broken \([0-9a-f]{7}\) has \d+ errors?/m);
    expect(r.stderr).toContain('broken:content/warchon/units/baphite-swarm.yaml:');
  });
});

describe('playmark diff between two folders', () => {
  it('a project root against another: the same differences as between the revisions', async () => {
    const r = await diff(work, 'old', 'repo');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Comparing old with repo\n');
    expect(r.stdout).toContain(COMBAT_LINE);
    expect(r.stdout).toContain(RNG_LINE);
    expect(r.stdout).toMatch(/ {2}Removed\n {4}trait magical \(Magical\)\n/);
    const json = await diff(work, 'old/content', 'repo', '--format', 'json', '--pack', 'warmaster');
    expect(JSON.parse(json.stdout).a).toEqual({ label: 'old/content', type: 'folder', revision: null, commit: null, path: 'old/content' });
  });

  it('a folder with no packs is a usage error', async () => {
    const r = await diff(work, 'old/content/warchon/units', 'repo');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds no packs');
  });
});

describe('playmark diff --help', () => {
  it('teaches with examples', async () => {
    const r = await diff(repo, '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('playmark diff HEAD~1 HEAD --format markdown');
    expect(r.stdout).toContain('Erdon Pass, combat results, row 2, column +4: D2 -> D3');
  });
});

describe('temporary folders', () => {
  it('every revision extracted is removed again', () => {
    expect(os.tmpdir()).toBe(extracted);
    expect(readdirSync(extracted).filter((n) => n.startsWith('playmark-diff-'))).toEqual([]);
    expect(existsSync(repo)).toBe(true);
  });
});
