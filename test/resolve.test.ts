// `playmark resolve` and `playmark odds`, run in-process through main(argv, io) with a fake Io.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { editablePack } from './content-support.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

async function run(...argv: string[]) {
  return runIn(repoRoot, ...argv);
}

async function runIn(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  const r = { code, stdout: f.stdout(), stderr: f.stderr() };
  expect(r.stdout).not.toMatch(STACK_LINE);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.stderr).not.toContain('internal error');
  return r;
}

const EXAMPLE = ['resolve', 'warchon', '--spread', 'erdon-pass', '--as', '9', '--ds', '7', '--fingers', '5,2'];

describe('resolve warchon', () => {
  it('the rulebook example in words: column +2/+3, number 3, A1D1', async () => {
    const r = await run(...EXAMPLE);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        'Erdon Pass (spread 1, erdon-pass)',
        'Differential +2 (AS 9 - DS 7): column +2/+3.',
        'Fingers 5 (attacker) and 2 (defender): number 3.',
        'Result A1D1: the attacker takes 1 Hit, the defender takes 1 Hit.',
        '',
      ].join('\n'),
    );
  });

  it('the rulebook example as JSON, with the spread given by its number', async () => {
    const r = await run('resolve', 'warchon', '--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5,2', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      spread: 'erdon-pass',
      differential: 2,
      column: '+2/+3',
      number: 3,
      event: false,
      result: 'A1D1',
      origins: [],
    });
  });

  it('an event cell: event true, the events table, no result', async () => {
    const json = JSON.parse((await run(...EXAMPLE.slice(0, -1), '3,1', '--json')).stdout);
    expect(json).toMatchObject({ number: 5, event: true, eventsTable: 'erdon-pass', result: null });
    const text = (await run(...EXAMPLE.slice(0, -1), '3,1')).stdout;
    expect(text).toContain('number 5E, a Random Event');
    expect(text).toContain('Go to the Erdon Pass Events Table (erdon-pass)');
    expect(text).toContain('5 Torrential Rain');
    expect(text).not.toContain('Result');
  });

  it('a differential beyond 5 uses the end column', async () => {
    const r = await run('resolve', 'warchon', '--spread', 'erdon-pass', '--as', '30', '--ds', '2', '--fingers', '1,1', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ differential: 28, column: '+5' });
  });

  it("reads the table as the pack's core rules say: combat clamp 3 looks +4 up in +2/+3", async () => {
    const args = ['resolve', 'warchon', '--spread', 'erdon-pass', '--as', '11', '--ds', '7', '--fingers', '5,2', '--json'];
    expect(JSON.parse((await run(...args)).stdout)).toMatchObject({ differential: 4, column: '+4', result: 'A1D2' });
    const copy = editablePack('warchon');
    try {
      copy.edit('rules/core.yaml', 'clamp: 5', 'clamp: 3');
      const r = await runIn(copy.project, ...args);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ differential: 4, column: '+2/+3', result: 'A1D1' });
    } finally {
      copy.remove();
    }
  });

  it('flags the values a layer set with their entry ids', async () => {
    const text = (await run('resolve', 'warchon', '--spread', 'erdon-pass', '--as', '9', '--ds', '7', '--fingers', '3,5')).stdout;
    expect(text).toContain('number 4. (inference erdon-pass-rng-row-5, not printed)');
    expect(text).toContain('Result D1: the attacker takes no Hits, the defender takes 1 Hit. (reconstruction erdon-pass-crt-row-4, not printed)');
    const json = JSON.parse((await run('resolve', 'warchon', '--spread', 'erdon-pass', '--as', '9', '--ds', '7', '--fingers', '3,5', '--json')).stdout);
    expect(json.origins).toEqual([
      { value: 'number', layer: 'inferences', entry: 'erdon-pass-rng-row-5', kind: 'inference', pointer: '/rng/4/2' },
      { value: 'result', layer: 'reconstructions', entry: 'erdon-pass-crt-row-4', kind: 'reconstruction', pointer: '/combatTable/rows/3/cells' },
    ]);
  });

  const bad: [string, string[], RegExp][] = [
    [
      'an unknown spread, suggesting the nearest id',
      ['--spread', 'erdon-pas', '--as', '9', '--ds', '7', '--fingers', '5,2'],
      /no spread "erdon-pas"\n[\s\S]*?\n {2}hint: Did you mean "erdon-pass"\? Spreads: 1 erdon-pass, 2 irondale/,
    ],
    ['an unknown spread number', ['--spread', '8', '--as', '9', '--ds', '7', '--fingers', '5,2'], /no spread "8"\n[\s\S]*?\n {2}hint: Spreads: 1 erdon-pass/],
    [
      'a spread far from any id, with no guess',
      ['--spread', 'zzzzzz', '--as', '9', '--ds', '7', '--fingers', '5,2'],
      /no spread "zzzzzz"\n[\s\S]*?\n {2}hint: Spreads: /,
    ],
    ['fingers above 5', ['--spread', '1', '--as', '9', '--ds', '7', '--fingers', '6,2'], /attacker shows 6 fingers; each player shows 1 to 5/],
    ['fingers below 1', ['--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5,0'], /defender shows 0 fingers/],
    ['malformed fingers', ['--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5-2'], /--fingers takes two numbers/],
    ['one finger count', ['--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5'], /--fingers takes two numbers/],
    ['missing --as', ['--spread', '1', '--ds', '7', '--fingers', '5,2'], /missing --as/],
    ['missing --ds', ['--spread', '1', '--as', '9', '--fingers', '5,2'], /missing --ds/],
    ['missing --spread', ['--as', '9', '--ds', '7', '--fingers', '5,2'], /missing --spread/],
    ['missing --fingers', ['--spread', '1', '--as', '9', '--ds', '7'], /missing --fingers/],
    ['a non-integer', ['--spread', '1', '--as', '9.5', '--ds', '7', '--fingers', '5,2'], /--as must be a whole number, not "9.5"/],
    ['a word for a number', ['--spread', '1', '--as', '9', '--ds', 'seven', '--fingers', '5,2'], /--ds must be a whole number/],
    ['a negative strength', ['--spread', '1', '--as', '-1', '--ds', '7', '--fingers', '5,2'], /--as must be at least 0/],
    ['a warmaster option', ['--spread', '1', '--as', '9', '--ds', '7', '--fingers', '5,2', '--roll', '3'], /--roll is not for warchon/],
  ];
  for (const [what, args, message] of bad) {
    it(`exits 2 on ${what}, with a message and no stack`, async () => {
      const r = await run('resolve', 'warchon', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('hint:');
    });
  }

  it('exits 2 on a pack without combat tables', async () => {
    const r = await run('resolve', 'archon-skirmish');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no combat or roll tables in "archon-skirmish"');
  });

  it('exits 2 on a pack the project lacks, listing the packs, and guessing only when close', async () => {
    const near = await run(...EXAMPLE.map((a) => (a === 'warchon' ? 'warchn' : a)));
    expect(near.code).toBe(2);
    expect(near.stdout).toBe('');
    expect(near.stderr).toContain('no pack "warchn"');
    expect(near.stderr).toContain('Did you mean "warchon"? Packs: archon-skirmish, warchon, warmaster.');
    const far = await run('resolve', 'chess', '--spread', '1');
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('no pack "chess"');
    expect(far.stderr).not.toContain('Did you mean');
    expect(far.stderr).toContain('Packs: archon-skirmish, warchon, warmaster.');
  });

  it('--format json is --json; --format text is the default; contradicting them is a usage error', async () => {
    const json = await run(...EXAMPLE, '--format', 'json');
    expect(json.code).toBe(0);
    expect(json.stdout).toBe((await run(...EXAMPLE, '--json')).stdout);
    expect(JSON.parse(json.stdout)).toMatchObject({ pack: 'warchon', result: 'A1D1' });
    expect((await run(...EXAMPLE, '--format', 'text')).stdout).toBe((await run(...EXAMPLE)).stdout);
    expect((await run(...EXAMPLE, '-f', 'json')).stdout).toBe(json.stdout);
    const both = await run(...EXAMPLE, '--json', '--format', 'text');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json and --format text contradict each other');
    const bad = await run(...EXAMPLE, '--format', 'yaml');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are text, json/);
  });

  it('works from a subfolder of the project', async () => {
    const f = fakeIo(path.join(repoRoot, 'content', 'warchon', 'spreads'));
    expect(await main(EXAMPLE, f.io)).toBe(0);
    expect(f.stdout()).toContain('Result A1D1');
  });
});

describe('resolve warmaster', () => {
  it('attack 6, defence 3, roll 4: odds 2-1, DR, flagged as from rulings', async () => {
    const r = await run('resolve', 'warmaster', '--attack', '6', '--defence', '3', '--roll', '4');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("odds 2-1, rounded in the defender's favour: column 2-1. (ruling combat-odds-rule, not printed)");
    expect(r.stdout).toContain(
      'D6 roll 4: DR, Defender routed: a defending unit is destroyed; the rest must retire. (reconstruction combat-roll-4-col-4, not printed)',
    );
    const json = JSON.parse((await run('resolve', 'warmaster', '--attack', '6', '--defence', '3', '--roll', '4', '--json')).stdout);
    expect(json).toMatchObject({ odds: '2-1', column: '2-1', roll: 4, result: 'DR', name: 'Defender routed' });
    expect(json.origins.map((o: { entry: string }) => o.entry)).toEqual(['combat-odds-rule', 'combat-roll-4-col-4']);
  });

  it('teleport 35 is Success!, 11 Death!, 66 Perfectly!, printed', async () => {
    for (const [roll, name] of [
      ['35', 'Success!'],
      ['11', 'Death!'],
      ['66', 'Perfectly!'],
    ] as const) {
      const r = await run('resolve', 'warmaster', '--teleport', roll);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`D66 roll ${roll}`);
      expect(r.stdout).toContain(`: ${name} `);
      expect(r.stdout).not.toContain('not printed');
    }
  });

  it('teleport 63 is flagged as from a ruling', async () => {
    const r = await run('resolve', 'warmaster', '--teleport', '63');
    expect(r.stdout).toContain('D66 roll 63 (61-65): Failure!');
    expect(r.stdout).toContain('(ruling teleport-61-65, not printed)');
    const json = JSON.parse((await run('resolve', 'warmaster', '--teleport', '63', '--json')).stdout);
    expect(json).toMatchObject({ roll: 63, result: 'Failure!', origins: [{ entry: 'teleport-61-65', kind: 'ruling' }] });
  });

  for (const [what, args, message] of [
    ['a D66 digit above 6', ['--teleport', '17'], /--teleport 17 is not a D66 roll/],
    ['a D66 of 70', ['--teleport', '70'], /not a D66 roll/],
    ['a roll of 7', ['--attack', '6', '--defence', '3', '--roll', '7'], /--roll must be 1 to 6/],
    ['a zero attack', ['--attack', '0', '--defence', '3', '--roll', '2'], /--attack must be at least 1/],
    ['a missing roll', ['--attack', '6', '--defence', '3'], /missing --roll/],
    ['no options', [], /warmaster needs --attack, --defence and --roll, or --teleport/],
    ['teleport with a combat option', ['--teleport', '35', '--roll', '3'], /--teleport cannot be combined with --roll/],
    ['a warchon option', ['--teleport', '35', '--fingers', '5,2'], /--fingers is not for warmaster/],
  ] as [string, string[], RegExp][]) {
    it(`exits 2 on ${what}`, async () => {
      const r = await run('resolve', 'warmaster', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    });
  }
});

describe('odds', () => {
  it('warchon --spread erdon-pass: fractions, percentages, hits, the layer entries and the check', async () => {
    const r = await run('odds', 'warchon', '--spread', 'erdon-pass');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Column +2/+3 (differential +2 to +3)   A Hits 1/4 (0.25)   D Hits 5/4 (1.25)   edge 1');
    expect(r.stdout).toMatch(/D1 +2\/5 +40\.0% +numbers 2, 4: defender 1 Hit/);
    expect(r.stdout).toMatch(/event +1\/5 +20\.0% +number 5E: Random Event/);
    expect(r.stdout).toContain('inference erdon-pass-rng-row-5');
    expect(r.stdout).toContain('reconstruction erdon-pass-crt-row-4');
    expect(r.stdout).toContain('Check: no column is worse for the attacker than the one to its left.');
    expect(r.stdout).not.toContain('Irondale');
  });

  it("warchon --json: every column's fractions sum to 1", async () => {
    const json = JSON.parse((await run('odds', 'warchon', '--json')).stdout);
    expect(json.spreads).toHaveLength(7);
    for (const s of json.spreads) {
      for (const c of s.columns) {
        expect(c.total).toBe('1');
        const sum = c.outcomes.reduce(
          (acc: [bigint, bigint], o: { probability: string }) => {
            const [n, d = '1'] = o.probability.split('/');
            return [acc[0] * BigInt(d) + BigInt(n!) * acc[1], acc[1] * BigInt(d)];
          },
          [0n, 1n],
        );
        expect(sum[0]).toBe(sum[1]);
      }
    }
    const col = json.spreads[0].columns.find((c: { column: string }) => c.column === '+2/+3');
    expect(col.outcomes[0]).toMatchObject({ key: 'D2', probability: '1/5', value: 0.2 });
    expect(col.attackerHits).toEqual({ fraction: '1/4', value: 0.25 });
  });

  it('warmaster: the five columns, each row 1/6', async () => {
    const r = await run('odds', 'warmaster');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Column 1-1 +edge 2/);
    expect(r.stdout).toMatch(/AR +1\/3 +33\.3% +rolls 1, 2: Attacker routed/);
    expect(r.stdout).toContain('30 of 30 cells');
  });

  it('exits 2 on a bad spread, a foreign option or a pack without tables', async () => {
    expect((await run('odds', 'warchon', '--spread', 'akibat')).stderr).toContain('Did you mean "akibatu"?');
    expect((await run('odds', 'warchon', '--spread', 'akibat')).code).toBe(2);
    expect((await run('odds', 'warmaster', '--spread', '1')).code).toBe(2);
    expect((await run('odds', 'archon-skirmish')).code).toBe(2);
    expect((await run('odds', 'warchn')).stderr).toContain('Did you mean "warchon"?');
  });

  it('--format json is --json, for both packs', async () => {
    for (const pack of ['warchon', 'warmaster']) {
      const json = await run('odds', pack, '--format', 'json');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ pack });
      expect(json.stdout).toBe((await run('odds', pack, '--json')).stdout);
    }
  });
});
