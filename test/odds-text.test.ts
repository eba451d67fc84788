// What `odds` prints for Warchon spreads and Warmaster's combat table, written by the library
// without the CLI: each column's exact outcomes, Hits and edge, what the odds rest on, and the
// worse-for-the-attacker check, as text and JSON.
import { describe, expect, it } from 'vitest';
import {
  warchonOdds,
  warchonOddsJson,
  warchonOddsText,
  warchonTables,
  warmasterOdds,
  warmasterOddsJson,
  warmasterOddsText,
  warmasterTables,
} from '../src/index.js';
import * as warchon from '../generated/content/warchon.js';
import * as warmaster from '../generated/content/warmaster.js';

describe('Warchon', () => {
  const tables = warchonTables(warchon);
  const all = [...tables.spreads.values()];
  const spread = tables.findSpread('erdon-pass')!;
  const [odds] = warchonOdds([spread], all);

  it('erdon-pass as text: a column with its Hits and edge, the outcomes, the layer entries and the check', () => {
    const text = warchonOddsText(odds!, spread);
    expect(text).toContain('Column +2/+3 (differential +2 to +3)   A Hits 1/4 (0.25)   D Hits 5/4 (1.25)   edge 1');
    expect(text).toMatch(/D1 +2\/5 +40\.0% +numbers 2, 4: defender 1 Hit/);
    expect(text).toMatch(/event +1\/5 +20\.0% +number 5E: Random Event/);
    expect(text).toContain('reconstruction erdon-pass-crt-row-4');
    expect(text).toContain('Check: no column is worse for the attacker than the one to its left.');
  });

  it('as JSON: fractions with their values', () => {
    const json = warchonOddsJson('warchon', [odds!]);
    const col = json.spreads[0]!.columns.find((c) => c.column === '+2/+3')!;
    expect(col.total).toBe('1');
    expect(col.outcomes[0]).toMatchObject({ key: 'D2', probability: '1/5', value: 0.2 });
    expect(col.attackerHits).toEqual({ fraction: '1/4', value: 0.25 });
  });
});

describe('Warmaster', () => {
  const table = warmasterTables(warmaster).combatTable();
  const odds = warmasterOdds(table);
  it('the columns, each row 1/6, and the cells layers set', () => {
    const text = warmasterOddsText(odds, table);
    expect(text).toMatch(/Column 1-1 +edge 2/);
    expect(text).toMatch(/AR +1\/3 +33\.3% +rolls 1, 2: Attacker routed/);
    expect(text).toContain('30 of 30 cells');
    expect(warmasterOddsJson('warmaster', odds).columns.every((c) => c.total === '1')).toBe(true);
  });
});
