// simulate's combat results against their exact odds: the exact probability of each result of a
// column given the kind of RNG cell shown, the chi-square statistic and its p-value, and the
// Warchon demo's report (every result read from a table counted once, the same on any number of
// workers and when shards merge).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shardRange, simulate } from '../src/analysis/simulate.js';
import { againstOdds, chiSquareUpper, groupKey, groupOdds, resultKey } from '../src/analysis/simulate-odds.js';
import { mergeReports, reportJson, type Batch, type SimulateReport } from '../src/analysis/simulate-report.js';
import { Fraction } from '../src/analysis/fraction.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { gameRefOf } from '../src/content/game-module.js';
import { warchonTables, type WarchonTablesContent } from '../src/engine/warchon/tables.js';
import { reportText } from '../src/analysis/simulate-text.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const { printables: _, ...content } = loadContent([PACK], { cacheDir: false }).packs.get('warchon') as PackContent;
// Validated against the Warchon schemas as it loaded, so it has the shape the tables read.
const tables = warchonTables(content as unknown as WarchonTablesContent);

describe('combat results against their exact odds', () => {
  it('the odds of a column given the cell kind add up to exactly 1 (Erdon Pass: 20 cells without E, 5 with)', () => {
    const erdon = tables.spreads.get('erdon-pass')!;
    for (let index = 0; index < erdon.columns.length; index++) {
      for (const cell of ['number', 'E'] as const) {
        const odds = groupOdds(erdon, index, cell)!;
        const sum = Fraction.sum(
          Object.values(odds).map((t) => {
            const [n, d] = t.split('/');
            return Fraction.of(BigInt(n!), BigInt(d ?? '1'));
          }),
        );
        expect(sum.equals(Fraction.ONE)).toBe(true);
      }
    }
    // A spread without E cells has no E group.
    expect(groupOdds(tables.spreads.get('irondale')!, 0, 'E')).toBeNull();
  });

  it('chi-square p-values match the table values (3.841 on 1 df and 5.991 on 2 df are the 5% points)', () => {
    expect(chiSquareUpper(3.841459, 1)).toBeCloseTo(0.05, 5);
    expect(chiSquareUpper(5.991465, 2)).toBeCloseTo(0.05, 5);
    expect(chiSquareUpper(0, 3)).toBe(1);
    expect(chiSquareUpper(Infinity, 3)).toBe(0);
  });

  it('observed counts against n x probability: chi-square, degrees of freedom, and a result the odds never give', () => {
    const g = groupKey('s', '0', 'number');
    const observed = { [resultKey('s', '0', 'number', 'A1')]: 30, [resultKey('s', '0', 'number', 'D1')]: 10 };
    const r = againstOdds(observed, { [g]: { A1: '1/2', D1: '1/2' } })!;
    // (30-20)^2/20 + (10-20)^2/20 = 10 on 1 df.
    expect(r.groups[0]!.chiSquare).toBe(10);
    expect(r.groups[0]!.df).toBe(1);
    expect(r.groups[0]!.p).toBeCloseTo(chiSquareUpper(10, 1), 6);
    expect(r.groups[0]!.results.map((x) => [x.result, x.observed, x.expected])).toEqual([
      ['A1', 30, 20],
      ['D1', 10, 20],
    ]);
    const impossible = againstOdds({ ...observed, [resultKey('s', '0', 'number', 'AE')]: 1 }, { [g]: { A1: '1/2', D1: '1/2' } })!;
    expect(impossible.groups[0]!.results.find((x) => x.result === 'AE')!.probability).toBe('0');
    expect(impossible.groups[0]!.p).toBe(0);
  });

  it('simulate warchon --scenario demo: every result read from a table is counted once against its odds; the same on 2 workers and merged from shards', async () => {
    const batch: Batch = {
      pack: 'warchon',
      packVersion: content.pack.version,
      scenario: 'demo',
      seed: 3,
      games: 120,
      bots: content.pack.sides.map((s) => ({ side: s.id, bot: 'random' as const })),
      maxMoves: 10_000,
    };
    const here = await simulate(gameRefOf(content)!, content, batch, { workers: 0 });
    const json = reportJson(here);
    expect(reportJson(await simulate(gameRefOf(content)!, content, batch, { workers: 2 }))).toBe(json);
    const parts = await Promise.all(
      [1, 2, 3].map(async (i) => ({
        name: `p${i}`,
        report: await simulate(gameRefOf(content)!, content, batch, { workers: 0, range: shardRange(120, i, 3) }),
      })),
    );
    expect(reportJson(mergeReports(parts))).toBe(json);

    const r = JSON.parse(json) as SimulateReport;
    const combat = r.combatResults!;
    // The demo sets no result by a rule: every result event is counted, each in one group.
    expect(combat.total.battles).toBe(r.events.result!.count);
    expect(combat.groups.reduce((s, g) => s + g.results.reduce((t, x) => t + x.observed, 0), 0)).toBe(combat.total.battles);
    for (const g of combat.groups) {
      expect(g.chiSquare).not.toBeNull();
      const spread = tables.spreads.get(g.spread)!;
      const index = spread.columns.findIndex((c) => c.label === g.column);
      expect(Object.fromEntries(g.results.filter((x) => x.probability !== '0').map((x) => [x.result, x.probability]))).toEqual(
        groupOdds(spread, index, g.cell),
      );
      // No result the table cannot give in that column.
      expect(g.results.every((x) => x.probability !== '0' || x.observed === 0)).toBe(true);
    }
    // Random bots show uniform fingers: the results are consistent with the exact odds.
    expect(combat.total.p).toBeGreaterThan(0.001);
    const text = reportText(r);
    expect(text).toContain('Combat results against their exact odds');
    // Each row's numbers end under their headings, whatever the sides are called (celestine wins).
    const lines = text.split('\n');
    const header = lines.findIndex((l) => l.startsWith('Results'));
    const end = (line: string, word: string) => line.indexOf(word) + word.length;
    for (const row of lines.slice(header + 1, header + 5)) {
      // `  celestine wins     117   58.5%`: where the count and the share end.
      const m = /^( {2}\S.*?\S +)(\d+)( +)([\d.]+%)/.exec(row)!;
      expect(m[1]!.length + m[2]!.length, row).toBe(end(lines[header]!, 'games'));
      expect(m[0].length, row).toBe(end(lines[header]!, 'share'));
    }
    expect(text).toMatch(/all groups: \d+ battles, chi-square [\d.]+ on \d+ df, p [\d.]+/);
  }, 120_000);
});
