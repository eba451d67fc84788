// Warmaster's tables through the generic path (issue 20), as a user runs playmark (node
// bin/playmark.js, built by `npx tsc -p tsconfig.json`): the combat table's legend is the
// combat-result records (one copy, so coverage counts 76 rules with the standard game's nine named special rules (face-down pieces, stacking, retreat, battles, zero totals, teleporting groups, a 66's areas, taking the Bridge, re-roll order), not 81; the destroyed-area card is no rule of its own), the ruling decides the
// generic key's rounding (validate --strict is clean; resolve --table reads it), and the
// Teleportation Table is a generic roll table (resolve --table --roll, exact odds).
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

function playmark(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('Warmaster on the generic tables (node bin/playmark.js)', () => {
  it('validate --strict is clean: the ruling sets key.rounding, so no table/unfilled', () => {
    const r = playmark('validate', 'content/warmaster', '--strict');
    expect(r.stderr + r.stdout).not.toContain('table/unfilled');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 pack checked: clean');
  });

  it('coverage counts 76 rules: the legend is the five combat-result records, not five copies', () => {
    const r = playmark('coverage', 'warmaster');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^warmaster \(Warmaster\): (\d+) of 76 rules run, 2 run on test content, 0 unused, (\d+) manual/);
    const [, runs, manual] = /(\d+) of 76 rules run, 2 run on test content, 0 unused, (\d+) manual/.exec(r.stdout)!;
    expect(Number(runs) + 2 + Number(manual)).toBe(76);
    expect(r.stdout).not.toMatch(/combat-table\/combat-results#\/legend/);
  });

  it("resolve --table combat-results --attack 7 --defence 3 --roll 1: odds 7:3 rounded in the defender's favour to 2-1, roll 1 is AR", () => {
    const text = playmark('resolve', 'warmaster', '--table', 'combat-results', '--attack', '7', '--defence', '3', '--roll', '1');
    expect(text.code).toBe(0);
    // The column rests on the ruling that decides the rounding, which the text does not print.
    expect(text.stdout).toContain("Attack 7 against defence 3: odds 2-1, rounded in the defender's favour: column 2-1 (ruling combat-odds-rounding, ruled).");
    expect(text.stdout).toContain('Roll 1: AR, Attacker routed');
    const json = JSON.parse(
      playmark('resolve', 'warmaster', '--table', 'combat-results', '--attack', '7', '--defence', '3', '--roll', '1', '--format', 'json').stdout,
    );
    expect(json).toMatchObject({
      table: 'combat-results',
      type: 'combat',
      key: { kind: 'odds', value: '2-1' },
      column: '2-1',
      roll: 1,
      result: 'AR',
      name: 'Attacker routed',
    });
    expect(json.origins[0]).toEqual({ value: 'column', layer: 'rulings', entry: 'combat-odds-rounding', kind: 'ruling', pointer: '/key/rounding' });
  });

  it('resolve --table teleportation: 13 is Failure!, 66 Perfectly!, 63 Failure! by the ruling', () => {
    for (const [roll, name] of [
      ['13', 'Failure!'],
      ['66', 'Perfectly!'],
      ['63', 'Failure!'],
    ] as const) {
      const r = playmark('resolve', 'warmaster', '--table', 'teleportation', '--roll', roll, '--format', 'json');
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ table: 'teleportation', type: 'roll', dice: 'd66', roll: Number(roll), name });
    }
  });

  it('odds --table teleportation: exact, 11-12 is 2/36, 13 and 66 are 1/36, 61-65 (ruled) 5/36, summing to 1', () => {
    const r = playmark('odds', 'warmaster', '--table', 'teleportation', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    const table = (JSON.parse(r.stdout) as { tables: { table: string; total: string; entries: { name: string; probability: string; rolls: number[] }[] }[] })
      .tables[0]!;
    expect(table.table).toBe('teleportation');
    expect(table.total).toBe('1');
    const by = (first: number) => table.entries.find((e) => e.rolls[0] === first)!;
    expect(by(11)).toMatchObject({ name: 'Death!', probability: '1/18', rolls: [11, 12] }); // 2/36
    expect(by(13)).toMatchObject({ name: 'Failure!', probability: '1/36' });
    expect(by(66)).toMatchObject({ name: 'Perfectly!', probability: '1/36' });
    expect(by(61)).toMatchObject({ name: 'Failure!', probability: '5/36' });
    expect(by(14)).toMatchObject({ name: 'Success!', probability: '3/4' });
  });
});
