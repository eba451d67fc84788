// Exact odds: fractions, every column summing to exactly 1, the Erdon Pass column worked by hand,
// Warmaster's D6 columns, the "worse for the attacker" check, and a property test over random
// Latin squares.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../src/analysis/fraction.js';
import { largestHits, warchonColumnOdds, warchonOdds, warchonSpreadOdds, warmasterOdds, worseThanLeft } from '../src/analysis/odds.js';
import { buildSpreadTables, warchonTables, type Cell, type RngCell, type SpreadInput } from '../src/engine/warchon/tables.js';
import type { CombatResult } from '../src/engine/warchon/results.js';
import { buildCombatTable, warmasterTables, type CombatTableInput, type WarmasterCode } from '../src/engine/warmaster/tables.js';
import * as warchon from '../generated/content/warchon.js';
import * as warmaster from '../generated/content/warmaster.js';

// The engine takes the content as an argument: here, the generated content modules.
const { spreads: SPREADS, parseResult } = warchonTables(warchon);
const COMBAT_TABLE = warmasterTables(warmaster).combatTable();
const { combatTables, results: warmasterResults } = warmaster;

const F = (n: number, d = 1) => Fraction.of(n, d);

describe('Fraction', () => {
  it('keeps lowest terms and adds exactly', () => {
    expect(F(2, 4).toString()).toBe('1/2');
    expect(F(3, -6).toString()).toBe('-1/2');
    expect(F(1, 10).add(F(2, 10)).equals(F(3, 10))).toBe(true);
    expect(Fraction.sum(Array.from({ length: 25 }, () => F(1, 25))).equals(Fraction.ONE)).toBe(true);
    expect(F(1, 3).mul(3).toString()).toBe('1');
    expect(F(5, 4).sub(F(1, 4)).toString()).toBe('1');
    expect(F(1, 3).div(F(2, 3)).toString()).toBe('1/2');
    expect(F(1, 3).compare(F(1, 2))).toBe(-1);
    expect(F(3, 25).toPercent()).toBe('12.0%');
    expect(() => F(1, 0)).toThrow(RangeError);
  });
});

describe('Warchon odds', () => {
  const all = warchonOdds([...SPREADS.values()]);

  it('every column of every spread sums to exactly 1', () => {
    expect(all).toHaveLength(7);
    for (const s of all) {
      expect(s.columns.length).toBeGreaterThan(0);
      for (const c of s.columns) {
        expect(c.total.equals(Fraction.ONE), `${s.spread} ${c.label}`).toBe(true);
        expect(Fraction.sum(c.outcomes.map((o) => o.probability)).toString()).toBe('1');
        expect(c.outcomes.some((o) => o.kind === 'unknown')).toBe(false);
      }
    }
  });

  it('Erdon Pass column +2/+3 matches the count by hand', () => {
    // RNG (defender rows, attacker columns; row 5 from the inference): every number 1-5 appears
    // once in each row, so 5 of the 25 pairs each; 5 is always 5E. Column +2/+3 reads, for numbers
    // 1-5: D2, D1, A1D1 (printed), D1 (row 4, ruling), D2 (row 5, ruling, never reached: 5 is an event).
    // D2: number 1 -> 5/25; D1: numbers 2 and 4 -> 10/25; A1D1: number 3 -> 5/25; event: 5/25.
    const erdon = all.find((s) => s.spread === 'erdon-pass')!;
    const col = erdon.columns.find((c) => c.label === '+2/+3')!;
    expect(col.outcomes.map((o) => [o.key, o.probability.toString(), o.numbers])).toEqual([
      ['D2', '1/5', [1]],
      ['D1', '2/5', [2, 4]],
      ['A1D1', '1/5', [3]],
      ['event', '1/5', [5]],
    ]);
    expect(col.event.toString()).toBe('1/5');
    // Given no event (20 pairs): attacker 1 Hit on 5 pairs -> 5/20; defender 2x5 + 1x10 + 1x5 = 25/20.
    expect(col.attackerHits?.toString()).toBe('1/4');
    expect(col.defenderHits?.toString()).toBe('5/4');
    expect(col.edge?.toString()).toBe('1');
    expect(erdon.eventsTable).toBe('erdon-pass');
    expect(erdon.layers.map((l) => l.entry)).toEqual(['erdon-pass-crt-row-4', 'erdon-pass-rng-row-5']);
  });

  it('counts an elimination as one Hit more than the largest Hits result (A4/D4: 5)', () => {
    expect(largestHits(SPREADS.values())).toBe(4);
    const col = all.find((s) => s.spread === 'erdon-pass')!.columns[0]!; // -5: AE 1/5, A3 2/5, A2 1/5, event
    expect(col.attackerHits?.toString()).toBe(F(5 * 5 + 3 * 10 + 2 * 5, 20).toString());
    expect(all[0]!.eliminationHits).toBe(5);
  });

  it('the shipped spreads pass the check: no column worse for the attacker than its left', () => {
    for (const s of all) expect(s.columns.filter((c) => c.worseThanLeft).map((c) => `${s.spread} ${c.label}`)).toEqual([]);
  });

  it('flags a hand-made table whose middle column is better than the one to its right, and not a good one', () => {
    const spread = (rows: string[][]): SpreadInput => ({
      id: 'test',
      number: 99,
      name: 'Test',
      rng: [
        [1, 2, 3, 4, 5],
        [2, 3, 4, 5, 1],
        [3, 4, 5, 1, 2],
        [4, 5, 1, 2, 3],
        [5, 1, 2, 3, 4],
      ],
      combatTable: {
        columns: [
          { label: '-1', differential: { min: null, max: -1 } },
          { label: '0', differential: { min: 0, max: 0 } },
          { label: '+1', differential: { min: 1, max: null } },
        ],
        rows: rows.map((cells, r) => ({ roll: r + 1, cells })),
      },
      events: null,
    });
    const bad = warchonSpreadOdds(
      buildSpreadTables(
        spread([
          ['A1', 'D2', 'A1D1'],
          ['A1', 'D1', 'So'],
          ['So', 'D1', 'D1'],
          ['So', 'So', 'D1'],
          ['A1', 'D1', 'D1'],
        ]),
        parseResult,
      ),
      5,
    );
    expect(bad.columns.map((c) => c.edge?.toString())).toEqual(['-3/5', '1', '3/5']);
    expect(bad.columns.map((c) => c.worseThanLeft)).toEqual([false, false, true]);
    const good = warchonSpreadOdds(
      buildSpreadTables(
        spread([
          ['A1', 'So', 'D1'],
          ['A1', 'So', 'D1'],
          ['So', 'So', 'D2'],
          ['A2', 'So', 'D1'],
          ['AE', 'Eg', 'DE'],
        ]),
        parseResult,
      ),
      5,
    );
    expect(good.columns.map((c) => c.worseThanLeft)).toEqual([false, false, false]);
  });

  it('worseThanLeft compares exactly and never flags an unknown edge', () => {
    expect(worseThanLeft([F(1), F(1), F(2, 3), null, F(-5)])).toEqual([false, false, true, false, false]);
  });
});

describe('Warmaster odds', () => {
  const odds = warmasterOdds(COMBAT_TABLE);

  it('each column sums to exactly 1, each D6 row 1/6', () => {
    expect(odds.columns).toHaveLength(5);
    for (const c of odds.columns) {
      expect(c.total.equals(Fraction.ONE)).toBe(true);
      for (const o of c.outcomes) expect(o.probability.mul(6).num).toBe(BigInt(o.numbers.length));
    }
    expect(odds.columns[2]!.outcomes.map((o) => [o.key, o.probability.toString()])).toEqual([
      ['AR', '1/3'],
      ['BB', '1/3'],
      ['DR', '1/3'],
    ]);
  });

  it('rests on the layer entries for all 30 cells, and passes the check', () => {
    expect(odds.layers).toHaveLength(30);
    expect(odds.columns.map((c) => c.edge?.toString())).toEqual(['1', '3/2', '2', '5/2', '3']);
    expect(odds.columns.some((c) => c.worseThanLeft)).toBe(false);
  });

  it('flags a hand-made table with a column worse than its left', () => {
    const base = combatTables['combat-results'] satisfies CombatTableInput;
    const rows: { cells: WarmasterCode[] }[] = Array.from({ length: 6 }, () => ({ cells: ['AA', 'BB', 'AR', 'DR', 'DA'] }));
    const bad = buildCombatTable({ ...base, rows }, Object.values(warmasterResults));
    expect(warmasterOdds(bad).columns.map((c) => c.worseThanLeft)).toEqual([false, false, true, false, false]);
  });
});

// A random 5x5 Latin square: a random first row, each row shifted from it, rows and columns shuffled.
const perm = fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 });
const latinSquare = fc.tuple(perm, perm, perm).map(([first, rowOrder, colOrder]) => rowOrder.map((r) => colOrder.map((c) => first[(r + c) % 5]! + 1)));
const CODES = ['AE', 'DE', 'Eg', 'So', 'A1', 'D2', 'A1D1', 'A3D2', 'D4'] as const;

describe('property: odds over a random Latin square', () => {
  it('always sum to exactly 1, each number 1/5 of the pairs', () => {
    fc.assert(
      fc.property(
        latinSquare,
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.array(fc.option(fc.constantFrom(...CODES), { nil: null }), { minLength: 5, maxLength: 5 }),
        (square, eventMarks, codes) => {
          const rng: Cell<RngCell>[][] = square.map((row) => row.map((n) => ({ value: { number: n, event: eventMarks[n - 1]! }, origin: null })));
          const column: Cell<CombatResult>[] = codes.map((code) => ({ value: code === null ? null : parseResult(code), origin: null }));
          const odds = warchonColumnOdds(rng, column, { eliminationHits: 5 });
          expect(odds.total.equals(Fraction.ONE)).toBe(true);
          // Each number is on 5 of the 25 pairs, whatever the square.
          for (const o of odds.outcomes) expect(o.probability.equals(F(5 * o.numbers.length, 25))).toBe(true);
          expect(odds.event.equals(F(5 * eventMarks.filter(Boolean).length, 25))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
