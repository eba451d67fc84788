// Errata for a designer's own project: `playmark diff REV` and `render --errata-since REV` in a
// project made by `playmark init` and committed to git, run as real processes. The old revision is
// validated as the project it was, with its own templates/ (not playmark's, not today's), and a
// table cell a layer entry changed is named by its row (with its roll) and its column.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlText, repoRoot, STACK_LINE } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-diff-project-'));
const project = path.join(work, 'raid');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: project,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function playmark(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.status, `${args.join(' ')}\n${r.stdout}${r.stderr}`).not.toBe(3);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
  writeFileSync(path.join(project, rel), text);
};

// A combat table of the project's own kind: rows picked by 2d6 (each row names its rolls), columns by odds.
const TABLE = `# yaml-language-server: $schema=../../../schemas/raid/crt.schema.json
id: combat
name: Combat Results
dice: 2d6
columns: [{ label: '1:2' }, { label: '1:1' }, { label: '2:1' }]
rows:
  - { roll: { min: 2, max: 4 }, cells: [AE, AR, DR] }
  - { roll: { min: 5, max: 9 }, cells: [AR, EX, DR] }
  - { roll: { min: 10, max: 12 }, cells: [EX, DR, DE] }
`;

beforeAll(() => {
  const init = playmark(work, 'init', 'raid', '--title', 'Harbor Raid');
  expect(init.code, init.stderr).toBe(0);
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Combat table',
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'string' }, name: { type: 'string' } },
  };
  write('schemas/raid/crt.schema.json', JSON.stringify(schema, null, 2));
  write('content/raid/tables/combat.yaml', TABLE);
  const manifest = path.join(project, 'content/raid/pack.yaml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/^kinds:\n/m, 'kinds:\n  crt: { folder: tables, schema: raid/crt.schema.json }\n'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'v0.1.0');
  // v0.2.0: an erratum changes one cell of the table; the card's cost erratum changes its value.
  const layer = path.join(project, 'content/raid/layers/errata.yaml');
  writeFileSync(
    layer,
    readFileSync(layer, 'utf8').replace('value: 2\n', 'value: 3\n') +
      [
        '  - id: combat-5-9-at-2-1',
        '    kind: erratum',
        '    target: { kind: crt, id: combat, pointer: /rows/1/cells/2 }',
        '    value: DE',
        '    reason: Playtests showed 2:1 too weak on an average roll.',
        '',
      ].join('\n'),
  );
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('version: 0.1.0', 'version: 0.2.0'));
  git('commit', '-q', '-am', 'v0.2.0');
});

describe('diff and render --errata-since in a project made by init', () => {
  it('diff HEAD~1 validates the old revision with its own templates and names the cell by row, roll and column', () => {
    const r = playmark(project, 'diff', 'HEAD~1');
    expect(r.stderr).not.toContain('template-missing');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Combat Results, row 2 (roll 5-9), column 2:1: DR -> DE');
    // A value that is not a table cell is named by its record's name, not its id.
    expect(r.stdout).toContain('Knight, cost: 2 -> 3');
    expect(r.stdout).not.toMatch(/\/rows\/1\/cells\/2/);
    const json = JSON.parse(playmark(project, 'diff', 'HEAD~1', '--json').stdout) as { packs: { records: { changed: { changes: { cell: unknown }[] }[] } }[] };
    const cells = json.packs[0]!.records.changed.flatMap((r) => r.changes.map((c) => c.cell)).filter((c) => c !== null);
    expect(cells).toEqual([{ kind: 'combat-table', table: null, row: 2, roll: '5-9', column: '2:1' }]);
  });

  it("the old revision is read with the templates it had, not the working tree's", () => {
    // Today's project renames its card template; HEAD still names (and has) the old one.
    const printables = path.join(project, 'content/raid/printables.yaml');
    const before = readFileSync(printables, 'utf8');
    renameSync(path.join(project, 'templates/raid/card.hbs'), path.join(project, 'templates/raid/face.hbs'));
    writeFileSync(printables, before.replace('raid/card.hbs', 'raid/face.hbs'));
    try {
      const r = playmark(project, 'diff', 'HEAD');
      expect(r.code, r.stderr).toBe(0);
      // printables.yaml is not content: the two sides are the same game.
      expect(r.stdout).toContain('No differences.');
    } finally {
      renameSync(path.join(project, 'templates/raid/face.hbs'), path.join(project, 'templates/raid/card.hbs'));
      writeFileSync(printables, before);
    }
  });

  it("a revision whose printables name a template it lacks is that revision's error, named at its file and line (exit 1)", () => {
    git('rm', '-q', 'templates/raid/card-back.hbs');
    git('commit', '-q', '-m', 'lost the back');
    try {
      const r = playmark(project, 'diff', 'HEAD', 'HEAD~1');
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^HEAD \([0-9a-f]{7}\) has 1 error/m);
      expect(r.stderr).toMatch(/HEAD:content\/raid\/printables\.yaml:\d+:\d+ error \[printable\/template-missing\] The back template raid\/card-back\.hbs/);
    } finally {
      git('reset', '-q', '--hard', 'HEAD~1');
    }
  });

  it("render --errata-since HEAD~1 prints the errata sheet for players, the cell in its table's words", () => {
    const r = playmark(project, 'render', 'raid', '--only', 'errata', '--errata-since', 'HEAD~1');
    expect(r.code, r.stderr).toBe(0);
    const text = htmlText(readFileSync(path.join(project, 'out', 'raid', 'raid-errata.html'), 'utf8'));
    // For players: the latest changes first, the cell in its table's words with what it was and is now.
    expect(text).toContain('Latest changes');
    expect(text).toMatch(/Combat Results[\s\S]*row 2 \(roll 5-9\), column 2:1: was DR, now DE/);
    // The errata that follow name it the same way, under its table, with the printed value; never by its entry, layer or pointer, nor the revision.
    expect(text).toContain('row 2 (roll 5-9), column 2:1: was DR, now DE.');
    for (const maintainers of ['combat-5-9-at-2-1', 'layer errata', '/rows/1/cells/2', 'HEAD']) expect(text).not.toContain(maintainers);
  });
});
