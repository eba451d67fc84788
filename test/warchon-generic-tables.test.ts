// Warchon's spread tables are playmark's generic tables (issue 20): `playmark resolve --table` reads
// a spread's Combat Results Table as any pack's, with the same cell as Warchon's own resolve, and
// the generic checks of `validate` run on the tables inside spreads. Real processes
// (node bin/playmark.js), on the shipped pack and on an edited copy of it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editablePack } from './content-support.js';
import { repoRoot, STACK_LINE } from './helpers.js';

function playmark(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.stderr).not.toMatch(STACK_LINE);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("a spread's Combat Results Table read as a generic combat table", () => {
  it("resolve --table akibatu-crt, attack 7 against defence 3, roll 2, gives the cell Warchon's own resolve gives for number 2 (A1D3)", () => {
    const generic = playmark(repoRoot, 'resolve', 'warchon', '--table', 'akibatu-crt', '--attack', '7', '--defence', '3', '--roll', '2', '--json');
    expect(generic.code).toBe(0);
    // Akibatu's RNG gives number 2 for the defender's 1 finger and the attacker's 3.
    const own = playmark(repoRoot, 'resolve', 'warchon', '--spread', 'akibatu', '--as', '7', '--ds', '3', '--fingers', '3,1', '--json');
    expect(own.code).toBe(0);
    const g = JSON.parse(generic.stdout) as { table: string; dice: string; column: string; roll: number; result: string };
    const w = JSON.parse(own.stdout) as { spread: string; column: string; number: number; result: string };
    expect(w).toMatchObject({ spread: 'akibatu', column: '+4', number: 2 });
    expect(g).toMatchObject({ table: 'akibatu-crt', dice: 'fingers', column: w.column, roll: w.number, result: w.result });
    expect(g.result).toBe('A1D3');
  });

  it('the text names the table by its printed heading and a family result (AxDx) by its code alone', () => {
    const r = playmark(repoRoot, 'resolve', 'warchon', '--table', 'akibatu-crt', '--attack', '7', '--defence', '3', '--roll', '2');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Akibatu Combat Results Table \(akibatu-crt, fingers\)\nAttack 7 against defence 3: differential \+4: column \+4\.\nRoll 2: A1D3: "AxDx" is the most common/,
    );
    expect(r.stdout).not.toContain('null');
  });

  it('odds --table akibatu-crt: every cell holds a result, so no outcome reads "no value in the table" (a family result has no name of its own)', () => {
    const r = playmark(repoRoot, 'odds', 'warchon', '--table', 'akibatu-crt');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('    AE       2/5   40.0%   rolls 1, 5: Attacker Eliminated');
    expect(r.stdout).toMatch(/^ {4}A3 +2\/5 +40\.0% +rolls 2, 4 {2}\(reconstruction akibatu-crt-row-4\)$/m);
    expect(r.stdout).not.toContain('no value');
  });

  it("a spread's Events Table is a generic roll table: resolve --table erdon-pass-events --roll 1 is Inspired Charge", () => {
    const r = playmark(repoRoot, 'resolve', 'warchon', '--table', 'erdon-pass-events', '--roll', '1', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ table: 'erdon-pass-events', type: 'roll', dice: 'fingers', roll: 1, entry: 1, name: 'Inspired Charge' });
  });
});

describe('validate runs the generic table checks on the tables inside spreads', () => {
  const copy = editablePack('warchon');
  afterAll(() => rmSync(copy.project, { recursive: true, force: true }));

  it("a CRT cell no result record defines (A9Z) is table/unknown-result at that cell's line in the spread file", () => {
    copy.edit('spreads/akibatu.yaml', '- { roll: 2, cells: [A3, A3D1, A2, D1, D2, A1D3, D3] }', '- { roll: 2, cells: [A3, A3D1, A2, D1, D2, A9Z, D3] }');
    const r = playmark(copy.project, 'validate', '--format', 'json');
    expect(r.code).toBe(1);
    const found = (JSON.parse(r.stdout) as { diagnostics: { code: string; severity: string; file: string; line: number; column: number; message: string }[] })
      .diagnostics;
    const unknown = found.filter((d) => d.code === 'table/unknown-result');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      file: 'content/warchon/spreads/akibatu.yaml',
      line: 60,
      column: 48,
      message: expect.stringContaining('Row 2, column 6 of akibatu-crt holds "A9Z"'),
    });
    // Only the generic check reports it: the spread's own schema no longer pattern-checks cells.
    expect(found.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['table/unknown-result']);
  });

  it('an Events Table entry out of its printed order is events/mismatch at its `roll` (entries are Event #1 to #5 in order)', () => {
    const events = editablePack('warchon');
    try {
      // Erdon Pass entries 2 and 3 give each other's number: every roll is still covered once.
      events.edit('spreads/erdon-pass.yaml', '    - roll: 2\n', '    - roll: 3\n');
      events.edit('spreads/erdon-pass.yaml', '    - roll: 3\n      name: Deadly', '    - roll: 2\n      name: Deadly');
      const r = playmark(events.project, 'validate', '--format', 'json');
      expect(r.code).toBe(1);
      const errors = (JSON.parse(r.stdout) as { diagnostics: { code: string; severity: string; line: number; message: string }[] }).diagnostics.filter(
        (d) => d.severity === 'error',
      );
      expect(errors.map((d) => `${d.code} ${d.line} ${d.message}`)).toEqual([
        'events/mismatch 55 Event 2 of erdon-pass is numbered 3; entries are numbered 1 to 5 in order.',
        'events/mismatch 60 Event 3 of erdon-pass is numbered 2; entries are numbered 1 to 5 in order.',
      ]);
    } finally {
      rmSync(events.project, { recursive: true, force: true });
    }
  });
});
