// Issue 20's "Done when": a designer's original game, started with `playmark init` in an empty
// folder and grown only as the README and docs/content.md ("Generic kinds") say: an odds-ratio
// combat table on 2d6, a 2d6 event table, a deck of the project's cards, and a map of locations;
// no `source` in its manifest (an original game). In a real git repository, run as real processes
// (node bin/playmark.js) with the real headless Chromium: validate --strict is clean and a broken
// copy is caught, resolve and odds answer exactly (checked by hand below), its cards and a
// reference sheet with a cell marked by a layer (cellMark) print with the legend in an original
// game's words, then an erratum is committed, and `diff HEAD~1 --format markdown` and the errata
// sheet of `render --errata-since HEAD~1` (read back from the PDF) name the changed cell in the
// table's own words.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericTables, loadProject, resolveCombatTable } from '../src/index.js';
import { htmlText, repoRoot, STACK_LINE } from './helpers.js';
import { pdftotext, requireBrowser } from './render-pipeline-support.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-original-game-'));
const project = path.join(work, 'salt-war');
const PACK = 'content/salt-war';
afterAll(() => rmSync(work, { recursive: true, force: true }));

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=d@d', '-c', 'user.name=designer', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
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
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.status, `${args.join(' ')}\n${r.stdout}${r.stderr}`).not.toBe(3);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, all: r.stdout + r.stderr };
}

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
  writeFileSync(path.join(project, rel), text);
};
const edit = (rel: string, change: (text: string) => string) => {
  const file = path.join(project, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after, `the edit changes ${rel}`).not.toBe(before);
  writeFileSync(file, after);
};
/** What a reader sees of a printed page: its text, without the document's stylesheets. */
const pageText = (html: string) => htmlText(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''));
/** The first line every YAML file carries, as init writes it: playmark's schemas under node_modules. */
const modeline = (depth: number, schema: string) => `# yaml-language-server: $schema=${'../'.repeat(depth)}node_modules/playmark/schemas/${schema}\n`;

// The combat table: columns by odds (in the defender's favour), rows by 2d6, results in its legend.
const CRT = `${modeline(3, 'common/combat-table.schema.json')}id: crt
name: Salt War Combat Table
dice: 2d6
key: { kind: odds, name: Odds, rounding: defender-favour }
columns:
  - { label: 1-2 or less, odds: { min: null, max: [1, 2] } }
  - { label: 1-1, odds: { min: [1, 1], max: [1, 1] } }
  - { label: 2-1, odds: { min: [2, 1], max: [2, 1] } }
  - { label: 3-1 or more, odds: { min: [3, 1], max: null } }
rows:
  - { roll: { min: 2, max: 4 }, label: 2-4, cells: [AE, AE, AR, EX] }
  - { roll: { min: 5, max: 6 }, label: 5-6, cells: [AE, AR, EX, DR] }
  - { roll: 7, label: "7", cells: [AR, EX, DR, DR] }
  - { roll: { min: 8, max: 9 }, label: 8-9, cells: [AR, DR, DR, DE] }
  - { roll: { min: 10, max: 12 }, label: 10-12, cells: [AR, DR, DE, DE] }
legend:
  - { code: AE, name: Attacker eliminated, text: Every attacking caravan is lost. }
  - { code: AR, name: Attacker retreats, text: The attackers fall back one oasis. }
  - { code: EX, name: Exchange, text: Each side loses its weakest caravan. }
  - { code: DR, name: Defender retreats, text: The defenders fall back one oasis. }
  - { code: DE, name: Defender eliminated, text: Every defending caravan is lost. }
`;

const EVENTS = `${modeline(3, 'common/roll-table.schema.json')}id: events
name: Desert Events
text: Roll 2d6 at the start of each turn.
dice: 2d6
entries:
  - { roll: 2, name: Sandstorm, text: No caravan moves this turn. }
  - { roll: { min: 3, max: 6 }, name: Heat, text: Each side discards a card. }
  - { roll: 7, name: Still Air, text: Nothing happens. }
  - { roll: { min: 8, max: 11 }, name: Trade Wind, text: Each side draws a card. }
  - { roll: 12, name: Salt Rush, text: The side holding the Salt Pans scores a point. }
`;

// The map: four oases; adjacency runs both ways, as the kind says.
const OASES: Record<string, [string, number, string[]]> = {
  'well-of-tears': ['Well of Tears', 1, ['salt-pans', 'red-dunes']],
  'salt-pans': ['Salt Pans', 2, ['well-of-tears', 'red-dunes', 'old-fort']],
  'red-dunes': ['Red Dunes', 3, ['well-of-tears', 'salt-pans']],
  'old-fort': ['Old Fort', 4, ['salt-pans']],
};

// The deck: init's three cards (knight x2, scout x3, storm x1 by their `count`), six in all.
const DECK = `${modeline(3, 'common/deck.schema.json')}id: market-deck
name: Market Deck
size: 6
cards:
  - { card: knight, copies: 2 }
  - { card: scout, copies: 3 }
  - { card: storm, copies: 1 }
`;

// A reference sheet of the project's own: the combat table, each cell marked when a layer set it.
const REFERENCE = `<div class="reference">
  <h1>{{record.name}}</h1>
  <table>
    <tr><th>{{record.key.name}}</th>{{#each record.columns}}<th>{{label}}</th>{{/each}}</tr>
    {{#each record.rows}}<tr><th>{{label}}</th>{{#each cells}}<td>{{this}}{{cellMark @root.marks @root.id "rows" @../index "cells" @index}}</td>{{/each}}</tr>{{/each}}
  </table>
  {{#each record.legend}}<p>{{code}}: {{name}}</p>{{/each}}
  {{legend footnotes.length false}}
</div>
`;

// Before the first printing the designer changed one cell (2-1 on 5-6) in the errata layer.
const FIRST_CHANGE = `  - id: crt-2-1-steadier
    kind: erratum
    target: { kind: crt, id: crt, pointer: /rows/1/cells/2 }
    value: DR
    reason: Playtests before the first printing made a 2-1 attack retreat the defender on 5-6.
`;
// The erratum of v1.1: 3-1 or more on 2-4 becomes DR.
const ERRATUM = `  - id: crt-3-1-low-roll
    kind: erratum
    target: { kind: crt, id: crt, pointer: /rows/0/cells/3 }
    value: DR
    reason: In v1.1 a 3-1 attack no longer risks an exchange on a low roll.
`;

beforeAll(() => {
  const init = playmark(work, 'init', 'salt-war', '--title', 'Salt War');
  expect(init.code, init.all).toBe(0);
  // Where an installed playmark would be: `npm install` links the clone (README "Your own game"),
  // so the schema modelines under node_modules/playmark/ resolve; here the link is made directly.
  mkdirSync(path.join(project, 'node_modules'), { recursive: true });
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'));
  // An original game: no rule text transcribed, so no `source` (docs/content.md "A pack").
  edit(`${PACK}/pack.yaml`, (t) =>
    t
      .replace(/^# Your own game.*\n^source: .*\n/m, '')
      .replace(
        /^kinds:\n/m,
        [
          'kinds:',
          '  crt: { folder: tables, schema: common/combat-table.schema.json }',
          '  events: { folder: events, schema: common/roll-table.schema.json }',
          '  oasis-kind: { folder: oasis-kinds, schema: common/location-kind.schema.json }',
          '  oasis: { folder: oases, schema: common/location.schema.json }',
          '  deck: { folder: decks, schema: common/deck.schema.json }',
          '',
        ].join('\n'),
      ),
  );
  write(`${PACK}/tables/crt.yaml`, CRT);
  write(`${PACK}/events/events.yaml`, EVENTS);
  write(`${PACK}/oasis-kinds/oasis.yaml`, `${modeline(3, 'common/location-kind.schema.json')}id: oasis\nname: Oasis\nplural: Oases\nsymmetric: true\n`);
  for (const [id, [name, number, adjacent]] of Object.entries(OASES)) {
    write(
      `${PACK}/oases/${id}.yaml`,
      `${modeline(3, 'common/location.schema.json')}id: ${id}\nname: ${name}\nkind: oasis\nnumber: ${number}\nadjacent: [${adjacent.join(', ')}]\n`,
    );
  }
  write(`${PACK}/decks/market-deck.yaml`, DECK);
  write('templates/salt-war/reference.hbs', REFERENCE);
  edit(
    `${PACK}/printables.yaml`,
    (t) => `${t}  - id: reference\n    title: Salt War reference\n    type: sheet\n    records: { kind: crt }\n    front: salt-war/reference.hbs\n`,
  );
  edit(`${PACK}/layers/errata.yaml`, (t) => `${t}${FIRST_CHANGE}`);
  write('.gitignore', `${readFileSync(path.join(project, '.gitignore'), 'utf8')}node_modules\n`);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'Salt War 1.0');
});

describe("a designer's original game built from init and the docs", () => {
  it('validate --strict is clean: schemas, the generic checks (rolls covered once, legend, adjacency, deck total) and no warning', () => {
    const r = playmark(project, 'validate', '--strict');
    expect(r.code, r.all).toBe(0);
    expect(r.all).toContain('clean');
  });

  it('a broken copy is caught: a roll the event table misses, a one-way road and a deck that does not add up', () => {
    const copy = path.join(work, 'broken');
    cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
    const change = (rel: string, from: string, to: string) => {
      const file = path.join(copy, rel);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };
    change(`${PACK}/events/events.yaml`, 'roll: { min: 8, max: 11 }', 'roll: { min: 8, max: 10 }');
    change(`${PACK}/oases/old-fort.yaml`, 'adjacent: [salt-pans]', 'adjacent: []');
    change(`${PACK}/decks/market-deck.yaml`, 'size: 6', 'size: 7');
    const r = playmark(copy, 'validate');
    expect(r.code).toBe(1);
    expect(r.all).toMatch(/events\/events\.yaml:\d+:\d+ error \[table\/roll-missing\].*11/);
    expect(r.all).toMatch(/oases\/salt-pans\.yaml:\d+:\d+ error \[location\/one-way\]/);
    expect(r.all).toMatch(/decks\/market-deck\.yaml:\d+:\d+ error \[deck\/count\]/);
  });

  it("resolve: attack 7 against defence 3 is odds 7:3, rounded down to 2-1; a 2d6 roll of 6 there is DR, the value the designer's change set", () => {
    const r = playmark(project, 'resolve', 'salt-war', '--table', 'crt', '--attack', '7', '--defence', '3', '--roll', '6', '--format', 'json');
    expect(r.code, r.all).toBe(0);
    const json = JSON.parse(r.stdout) as { column: string; row: string; result: string; name: string; origins: { entry: string; kind: string }[] };
    expect(json).toMatchObject({ column: '2-1', row: '5-6', result: 'DR', name: 'Defender retreats' });
    expect(json.origins.map((o) => `${o.kind} ${o.entry}`)).toEqual(['erratum crt-2-1-steadier']);
    // In words, with no transcription's words: an original game prints no "source".
    const text = playmark(project, 'resolve', 'salt-war', '--table', 'crt', '--attack', '7', '--defence', '3', '--roll', '6');
    expect(text.stdout).toContain('column 2-1');
    expect(text.stdout).toContain('DR, Defender retreats');
    expect(text.stdout).toContain('(erratum crt-2-1-steadier, corrected in errata)');
    expect(text.stdout).not.toMatch(/not printed|source|transcri/i);
    const event = JSON.parse(playmark(project, 'resolve', 'salt-war', '--table', 'events', '--roll', '7', '--json').stdout) as { name: string };
    expect(event.name).toBe('Still Air');
  });

  it('odds are exact: by hand, the 2-1 column gives DR on 5-9 (4+5+6+5+4 = 24 of 36 throws = 2/3) and the event table 3-6 is 14/36 = 7/18', () => {
    const r = playmark(project, 'odds', 'salt-war', '--table', 'crt', '--format', 'json');
    expect(r.code, r.all).toBe(0);
    const columns = (JSON.parse(r.stdout) as { tables: { columns: { column: string; total: string; outcomes: { code: string; probability: string }[] }[] }[] })
      .tables[0]!.columns;
    const twoToOne = columns.find((c) => c.column === '2-1')!;
    expect(twoToOne.total).toBe('1');
    expect(twoToOne.outcomes.map((o) => [o.code, o.probability])).toEqual([
      ['AR', '1/6'],
      ['DR', '2/3'],
      ['DE', '1/6'],
    ]);
    const events = (
      JSON.parse(playmark(project, 'odds', 'salt-war', '--table', 'events', '--json').stdout) as {
        tables: { entries: { name: string; probability: string }[] }[];
      }
    ).tables[0]!;
    expect(events.entries.map((e) => [e.name, e.probability])).toEqual([
      ['Sandstorm', '1/36'],
      ['Heat', '7/18'],
      ['Still Air', '1/6'],
      ['Trade Wind', '7/18'],
      ['Salt Rush', '1/36'],
    ]);
  });

  it("as a library (src/index.ts): genericTables finds the designer's tables by their schema, and the pack reads as an original game", () => {
    const { packs } = loadProject(project, { cache: false });
    const pack = packs.find((p) => p.pack.id === 'salt-war')!;
    const tables = genericTables(pack);
    // init's own Clash table too: its schema extends the generic roll table (the starter's game rolls on it).
    expect([...tables.keys()]).toEqual(['crt', 'events', 'clash']);
    const crt = tables.get('crt')!;
    expect(crt.type).toBe('combat');
    if (crt.type === 'combat') expect(resolveCombatTable(crt.table, { attack: 7, defence: 3 }, 6).code).toBe('DR');
    // No `source` in pack.yaml: every reader sees an original game with no rule text behind it.
    expect(pack.pack.source).toEqual({ file: '', title: 'Salt War', original: true });
    // export says so, with no empty file name standing for a rule text.
    const exported = JSON.parse(playmark(project, 'export', 'salt-war').stdout) as { pack: { source: unknown } };
    expect(exported.pack.source).toEqual({ title: 'Salt War', original: true });
  });

  it("render prints its cards and the reference sheet, the changed cell marked and the legend in an original game's words", () => {
    requireBrowser();
    const r = playmark(project, 'render', 'salt-war', '--only', 'cards,reference');
    expect(r.code, r.all).toBe(0);
    expect(existsSync(path.join(project, 'out/salt-war/salt-war-cards.pdf'))).toBe(true);
    expect(existsSync(path.join(project, 'out/salt-war/salt-war-reference.pdf'))).toBe(true);
    const html = readFileSync(path.join(project, 'out/salt-war/salt-war-reference.html'), 'utf8');
    const cells = [...html.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]!);
    // Row 5-6 (the second), column 2-1 (the third): the one cell a layer set, and only it.
    // An erratum: its mark is the dagger.
    expect(cells.filter((c) => c.includes('layer-mark'))).toEqual(['DR<sup class="layer-mark mark-erratum">\u271A</sup>']);
    expect(cells.indexOf('DR<sup class="layer-mark mark-erratum">\u271A</sup>')).toBe(4 + 2);
    const text = pageText(html);
    expect(text).toContain('\u271A corrected since an earlier version');
    expect(text).not.toMatch(/not printed|in the source/);
    // The card the init's layer entry fills (the Knight's cost) carries the same legend.
    expect(pageText(readFileSync(path.join(project, 'out/salt-war/salt-war-cards.html'), 'utf8'))).toContain('corrected since an earlier version');
  });
});

describe('publishing an erratum from git', () => {
  beforeAll(() => {
    edit(`${PACK}/layers/errata.yaml`, (t) => `${t}${ERRATUM}`);
    edit(`${PACK}/pack.yaml`, (t) => t.replace('version: 0.1.0', 'version: 0.2.0'));
    git('commit', '-q', '-am', 'Salt War 1.1: the 3-1 low roll');
  });

  it('diff HEAD~1 --format markdown is a changelog naming the cell by its table, row, roll and column', () => {
    const r = playmark(project, 'diff', 'HEAD~1', '--format', 'markdown');
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/^# Errata changelog/m);
    expect(r.stdout).toContain('Salt War Combat Table, row 1 (roll 2-4), column 3-1 or more');
    expect(r.stdout).toMatch(/EX\W+DR/);
    expect(r.stdout).toContain('crt-3-1-low-roll');
    expect(r.stdout).not.toContain('/rows/0/cells/3');
    expect(r.stdout).not.toMatch(/not printed|transcri/i);
  });

  it("render --only errata --errata-since HEAD~1 prints the errata sheet for players, with that cell in the table's words", async () => {
    requireBrowser();
    const r = playmark(project, 'render', 'salt-war', '--only', 'errata', '--errata-since', 'HEAD~1');
    expect(r.code, r.all).toBe(0);
    const text = (await pdftotext(path.join(project, 'out/salt-war/salt-war-errata.pdf'))).replace(/\s+/g, ' ');
    expect(text).toContain('Latest changes');
    expect(text).toContain('row 1 (roll 2-4), column 3-1 or more');
    // The entry's id and the revision are the maintainer's (`playmark diff`), not the players'.
    expect(text).not.toContain('crt-3-1-low-roll');
    expect(text).not.toContain('HEAD');
    expect(text).not.toContain('/rows/0/cells/3');
    // An original game's errata sheet: what changed between its versions, not a rule text's faults.
    expect(text).toContain('What changed in Salt War');
    expect(text).not.toMatch(/not printed in the source|the rule text/);
  });
});
