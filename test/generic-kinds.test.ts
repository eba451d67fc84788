// A designer's original game on playmark's generic kinds (test/fixtures/projects/harbor-raid/: an
// odds-ratio combat table on 2d6, a 2d6 event table, a 20-card deck in four types, six units of the
// project's own kind, a map of areas with symmetric adjacency): it validates clean, each generic
// check catches its mistake in a broken copy, and resolve and odds answer exactly (the fractions
// below are worked out by hand from the 36 throws of 2d6).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { validate } from '../src/content/validate.js';
import { fakeIo, fixture, STACK_LINE } from './helpers.js';

const PROJECT = fixture('projects', 'harbor-raid');
const PACK = 'content/harbor-raid';

async function run(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  const r = { code, stdout: f.stdout(), stderr: f.stderr() };
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.stderr).not.toContain('internal error');
  return r;
}

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A copy of the project with one file edited, and its diagnostics (file paths relative to the copy). */
function broken(file: string, edit: (text: string) => string) {
  const root = mkdtempSync(path.join(tmpdir(), 'playmark-harbor-raid-'));
  temps.push(root);
  cpSync(PROJECT, root, { recursive: true });
  const target = path.join(root, PACK, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  expect(after, 'the edit changes the file').not.toBe(before);
  writeFileSync(target, after);
  const result = validate([path.join(root, PACK)], { cwd: root, cacheDir: false, schemasDir: path.join(root, 'schemas') });
  // The copy's modelines name playmark's schemas relative to the repository, which the copy is not in.
  const diagnostics = result.diagnostics.filter((d) => d.code !== 'file/schema-comment');
  return {
    root,
    diagnostics: diagnostics.map((d) => ({ code: d.code, file: path.relative(root, path.resolve(root, d.file)), line: d.line, message: d.message })),
  };
}

describe('harbor-raid: an original game on the generic kinds', () => {
  it('validates with no error and no warning under --strict', async () => {
    const r = await run(PROJECT, 'validate', '--strict');
    expect(r.stderr + r.stdout).toContain('clean');
    expect(r.code).toBe(0);
  });

  it('the unbroken copy gives no diagnostic but the modelines (so each broken copy below shows only its own mistake)', () => {
    const { diagnostics } = broken('units/sloop.yaml', (t) => t.replace('strength: 2', 'strength: 2 '));
    expect(diagnostics).toEqual([]);
  });
});

describe('the generic checks, each on a broken copy of harbor-raid', () => {
  it('location/one-way: warehouse-row no longer lists north-quay back, and area adjacency is symmetric', () => {
    const { diagnostics } = broken('areas/warehouse-row.yaml', (t) => t.replace('adjacent: [north-quay, south-quay]', 'adjacent: [south-quay]'));
    expect(diagnostics).toEqual([
      {
        code: 'location/one-way',
        file: `${PACK}/areas/north-quay.yaml`,
        line: 6,
        message: expect.stringContaining('warehouse-row does not list north-quay back'),
      },
    ]);
  });

  it('location/one-way is not reported when the kind says adjacency runs one way', () => {
    const root = broken('areas/warehouse-row.yaml', (t) => t.replace('adjacent: [north-quay, south-quay]', 'adjacent: [south-quay]')).root;
    const kind = path.join(root, PACK, 'area-kinds/area.yaml');
    writeFileSync(kind, readFileSync(kind, 'utf8').replace('symmetric: true', 'symmetric: false'));
    const result = validate([path.join(root, PACK)], { cwd: root, cacheDir: false, schemasDir: path.join(root, 'schemas') });
    expect(result.diagnostics.filter((d) => d.code !== 'file/schema-comment')).toEqual([]);
  });

  it('table/roll-missing: a 2d6 event table whose Calm Seas entry is gone names roll 7', () => {
    const { diagnostics } = broken('events/events.yaml', (t) => t.replace(/ {2}- \{ roll: 7, name: Calm Seas.*\n/, ''));
    expect(diagnostics).toEqual([
      { code: 'table/roll-missing', file: `${PACK}/events/events.yaml`, line: 7, message: 'No entry of events covers the 2d6 roll 7.' },
    ]);
  });

  it('table/roll-doubled: an entry stretched over the next one names the doubled rolls and both entries', () => {
    const { diagnostics } = broken('events/events.yaml', (t) => t.replace('roll: { min: 3, max: 4 }', 'roll: { min: 3, max: 6 }'));
    expect(diagnostics).toEqual([
      { code: 'table/roll-doubled', file: `${PACK}/events/events.yaml`, line: 9, message: 'The 2d6 rolls 5 and 6 pick both entry 2 and entry 3 of events.' },
    ]);
  });

  it('table/roll-missing on a combat table: rows stopping at 11 leave roll 12 uncovered', () => {
    const { diagnostics } = broken('tables/crt.yaml', (t) => t.replace('roll: { min: 10, max: 12 }', 'roll: { min: 10, max: 11 }'));
    expect(diagnostics).toEqual([{ code: 'table/roll-missing', file: `${PACK}/tables/crt.yaml`, line: 13, message: 'No row of crt covers the 2d6 roll 12.' }]);
  });

  it('table/unknown-result: a cell code the legend lacks, with the near code', () => {
    const { diagnostics } = broken('tables/crt.yaml', (t) => t.replace('cells: [AR, EX, DR, DR]', 'cells: [AR, EX, DR, D]'));
    expect(diagnostics).toEqual([
      {
        code: 'table/unknown-result',
        file: `${PACK}/tables/crt.yaml`,
        line: 15,
        message: expect.stringContaining('holds "D", which its legend does not define'),
      },
    ]);
  });

  it('deck/count: copies adding up to 19 for a deck of 20', () => {
    const { diagnostics } = broken('decks/harbor-deck.yaml', (t) => t.replace('{ card: gale, copies: 2 }', '{ card: gale, copies: 1 }'));
    expect(diagnostics).toEqual([
      { code: 'deck/count', file: `${PACK}/decks/harbor-deck.yaml`, line: 5, message: "The deck's size is 20, but its cards' copies add up to 19." },
    ]);
  });

  it("ref/missing: a generic kind's reference finds the pack's own kind by its schema (adjacent: names an area); the neighbour is then one-way", () => {
    const { diagnostics } = broken('areas/lighthouse.yaml', (t) => t.replace('adjacent: [open-sea, harbor-mouth]', 'adjacent: [open-sea, harbour-mouth]'));
    expect(diagnostics).toEqual([
      {
        code: 'location/one-way',
        file: `${PACK}/areas/harbor-mouth.yaml`,
        line: 6,
        message: expect.stringContaining('lighthouse does not list harbor-mouth back'),
      },
      { code: 'ref/missing', file: `${PACK}/areas/lighthouse.yaml`, line: 6, message: 'No area has the id "harbour-mouth".' },
    ]);
  });

  it('table/column-overlap: an odds column reaching into the next one', () => {
    const { diagnostics } = broken('tables/crt.yaml', (t) =>
      t.replace('{ label: 1-1, odds: { min: [1, 1], max: [1, 1] } }', '{ label: 1-1, odds: { min: [1, 1], max: [2, 1] } }'),
    );
    expect(diagnostics.map((d) => d.code)).toEqual(['table/column-overlap']);
  });

  it('table/column-gap and table/column-overlap: a named-value table whose ranges skip 3 and share 6', () => {
    const { diagnostics } = broken('tables/crt.yaml', (t) =>
      t
        .replace('key: { kind: odds, name: Odds, rounding: defender-favour }', 'key: { kind: value, name: Range }')
        .replace('{ label: 1-2 or less, odds: { min: null, max: [1, 2] } }', '{ label: 2 or less, range: { min: null, max: 2 } }')
        .replace('{ label: 1-1, odds: { min: [1, 1], max: [1, 1] } }', '{ label: 4-6, range: { min: 4, max: 6 } }')
        .replace('{ label: 2-1, odds: { min: [2, 1], max: [2, 1] } }', '{ label: 6-8, range: { min: 6, max: 8 } }')
        .replace('{ label: 3-1 or more, odds: { min: [3, 1], max: null } }', '{ label: 9+, range: { min: 9, max: null } }'),
    );
    expect(diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(['table/column-gap 9', 'table/column-overlap 10']);
    expect(diagnostics[0]!.message).toContain('No column covers 3');
  });
});

describe('resolve on any pack', () => {
  it("the combat table: 7 against 3 is odds 2-1 in the defender's favour; 2d6 roll 9 is row 8-9: DR", async () => {
    const r = await run(PROJECT, 'resolve', 'harbor-raid', '--table', 'crt', '--attack', '7', '--defence', '3', '--roll', '9');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'Combat Results Table (crt, 2d6)',
        "Attack 7 against defence 3: odds 2-1, rounded in the defender's favour: column 2-1.",
        'Roll 9 (row 8-9): DR, Defender retreats: The defenders move to an adjacent area of their choice.',
        '',
      ].join('\n'),
    );
  });

  it('as JSON, naming the erratum that set the cell it read', async () => {
    const r = await run(PROJECT, 'resolve', 'harbor-raid', '--table', 'crt', '--attack', '1', '--defence', '3', '--roll', '11', '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      pack: 'harbor-raid',
      table: 'crt',
      type: 'combat',
      dice: '2d6',
      attack: 1,
      defence: 3,
      key: { kind: 'odds', value: '1-3' },
      column: '1-2 or less',
      roll: 11,
      row: '10-12',
      result: 'EX',
      name: 'Exchange',
      text: 'Each side removes its weakest unit.',
      effects: [],
      origins: [{ value: 'result', layer: 'errata', entry: 'crt-high-roll', kind: 'erratum', pointer: '/rows/4/cells/0' }],
    });
  });

  it('the event table: 2d6 roll 7 is Calm Seas', async () => {
    const r = await run(PROJECT, 'resolve', 'harbor-raid', '--table', 'events', '--roll', '7');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Harbor Events (events, 2d6)\nRoll 7: Calm Seas: Nothing happens.\n');
    const j = await run(PROJECT, 'resolve', 'harbor-raid', '--table', 'events', '--roll', '3', '--json');
    expect(JSON.parse(j.stdout)).toMatchObject({ table: 'events', type: 'roll', roll: 3, entry: 2, name: 'Squall', origins: [] });
  });

  const usage: [string, string[], RegExp][] = [
    ['a roll 2d6 cannot show', ['--table', 'events', '--roll', '13'], /--roll 13 is not a roll of 2d6/],
    ['no --table when the pack has two', ['--roll', '7'], /missing --table/],
    ['a table the pack lacks, with the near id', ['--table', 'event', '--roll', '7'], /no table "event"[\s\S]*Did you mean "events"/],
    ['--attack on a roll table', ['--table', 'events', '--attack', '3', '--roll', '7'], /--attack is not for events/],
    ['a combat look-up without --defence', ['--table', 'crt', '--attack', '3', '--roll', '7'], /missing --defence/],
    ['a Warchon option', ['--table', 'crt', '--fingers', '1,2'], /--fingers is not for harbor-raid/],
  ];
  for (const [what, args, message] of usage) {
    it(`exits 2 on ${what}, with a hint and no stack`, async () => {
      const r = await run(PROJECT, 'resolve', 'harbor-raid', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('hint:');
    });
  }
});

describe('odds on any pack, exact', () => {
  it('every column of the 2d6 combat table, each summing to exactly 1', async () => {
    const r = await run(PROJECT, 'odds', 'harbor-raid', '--table', 'crt', '--format', 'json');
    expect(r.code).toBe(0);
    const odds = JSON.parse(r.stdout) as {
      tables: { columns: { column: string; total: string; outcomes: { code: string; probability: string; rolls: number[] }[] }[] }[];
    };
    const columns = odds.tables[0]!.columns.map((c) => ({
      column: c.column,
      total: c.total,
      outcomes: c.outcomes.map((o) => [o.code, o.probability, o.rolls.join(' ')]),
    }));
    // Rows 2-4, 5-6, 7, 8-9, 10-12 are 6, 9, 6, 9 and 6 of the 36 throws.
    expect(columns).toEqual([
      {
        column: '1-2 or less',
        total: '1',
        outcomes: [
          ['AE', '5/12', '2 3 4 5 6'],
          ['AR', '5/12', '7 8 9'],
          ['EX', '1/6', '10 11 12'],
        ],
      },
      {
        column: '1-1',
        total: '1',
        outcomes: [
          ['AE', '1/6', '2 3 4'],
          ['AR', '1/4', '5 6'],
          ['EX', '1/6', '7'],
          ['DR', '5/12', '8 9 10 11 12'],
        ],
      },
      {
        column: '2-1',
        total: '1',
        outcomes: [
          ['AR', '1/6', '2 3 4'],
          ['EX', '1/4', '5 6'],
          ['DR', '5/12', '7 8 9'],
          ['DE', '1/6', '10 11 12'],
        ],
      },
      {
        column: '3-1 or more',
        total: '1',
        outcomes: [
          ['EX', '1/6', '2 3 4'],
          ['DR', '5/12', '5 6 7'],
          ['DE', '5/12', '8 9 10 11 12'],
        ],
      },
    ]);
  });

  it('the 2d6 event table: 2 and 12 are 1/36, 3-4 is 5/36, 7 is 1/6, and they sum to 1', async () => {
    const r = await run(PROJECT, 'odds', 'harbor-raid', '--table', 'events', '--json');
    const table = (JSON.parse(r.stdout) as { tables: { total: string; entries: { name: string; probability: string }[] }[] }).tables[0]!;
    expect(table.total).toBe('1');
    expect(table.entries.map((e) => [e.name, e.probability])).toEqual([
      ['Powder Explosion', '1/36'],
      ['Squall', '5/36'],
      ['Fog', '1/4'],
      ['Calm Seas', '1/6'],
      ['Tide Turns', '1/4'],
      ['Alarm Bells', '5/36'],
      ['Fire Ship', '1/36'],
    ]);
  });

  it('without --table, every table of the pack in text, the erratum named beside the result it set', async () => {
    const r = await run(PROJECT, 'odds', 'harbor-raid');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Combat Results Table (crt): 2d6, each roll at its exact probability');
    expect(r.stdout).toContain('Harbor Events (events): 2d6');
    expect(r.stdout).toMatch(/EX +1\/6 +16\.7% +rolls 10-12: Exchange {2}\(erratum crt-high-roll\)/);
  });

  it('an edited cell changes the odds at once (read from the YAML on every run)', async () => {
    const root = broken('tables/crt.yaml', (t) => t.replace('cells: [AR, DR, DE, DE]', 'cells: [AR, DR, DE, DR]')).root;
    const r = await run(root, 'odds', 'harbor-raid', '--table', 'crt', '--json');
    const last = (JSON.parse(r.stdout) as { tables: { columns: { outcomes: { code: string; probability: string }[] }[] }[] }).tables[0]!.columns[3]!;
    expect(last.outcomes.map((o) => [o.code, o.probability])).toEqual([
      ['EX', '1/6'],
      ['DR', '7/12'],
      ['DE', '1/4'],
    ]);
  });
});
