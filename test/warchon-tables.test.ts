// Warchon's typed combat tables: the result grammar, the RNG cells, the columns, and one combat
// look-up (resolveCombat) against the rulebook's own examples.
import { describe, expect, it } from 'vitest';
import * as warchon from '../generated/content/warchon.js';
import { describeResult, resultParser, ResultGrammarError, type ResultForm } from '../src/engine/warchon/results.js';
import {
  AmbiguousSpreadError,
  buildSpreadTables,
  parseRngCell,
  resolveCombat,
  rngCell,
  TableError,
  warchonTables,
  type WarchonTablesContent,
} from '../src/engine/warchon/tables.js';

// The engine takes the content as an argument: here, the generated content module.
const { results } = warchon;
const tables = warchonTables(warchon);
const { spreads: SPREADS, findSpread, parseResult } = tables;
const erdon = findSpread('erdon-pass')!;

describe("the result grammar (parsed once from the result records' patterns)", () => {
  it('parses Hits to both sides', () => {
    expect(parseResult('A1D1')).toEqual({
      code: 'A1D1',
      form: 'ax-dy',
      name: null,
      kind: 'hits',
      attacker: { kind: 'hits', hits: 1 },
      defender: { kind: 'hits', hits: 1 },
      engaged: false,
    });
    expect(parseResult('A2D3')).toMatchObject({ attacker: { kind: 'hits', hits: 2 }, defender: { kind: 'hits', hits: 3 } });
  });

  it('parses Hits to one side: "If it mentions just one side, the opposing units suffer no damage"', () => {
    expect(parseResult('D1')).toMatchObject({ form: 'dy', kind: 'hits', attacker: { kind: 'none' }, defender: { kind: 'hits', hits: 1 } });
    expect(parseResult('A3')).toMatchObject({ form: 'ax', kind: 'hits', attacker: { kind: 'hits', hits: 3 }, defender: { kind: 'none' } });
  });

  it('parses eliminations, Engaged and Standoff', () => {
    expect(parseResult('AE')).toMatchObject({ kind: 'eliminated', name: 'Attacker Eliminated', attacker: { kind: 'eliminated' }, defender: { kind: 'none' } });
    expect(parseResult('DE')).toMatchObject({ kind: 'eliminated', attacker: { kind: 'none' }, defender: { kind: 'eliminated' } });
    expect(parseResult('Eg')).toMatchObject({ kind: 'engaged', engaged: true, attacker: { kind: 'none' }, defender: { kind: 'none' } });
    expect(parseResult('So')).toMatchObject({ kind: 'standoff', engaged: false, name: 'Standoff' });
  });

  it('rejects a code no form describes, and a code two forms describe', () => {
    expect(() => parseResult('X1')).toThrow(ResultGrammarError);
    expect(() => parseResult('a1d1')).toThrow(/No result form matches/);
    const forms = Object.values(results) as readonly ResultForm[];
    const greedy: ResultForm = { id: 'greedy', name: null, pattern: '^A.*$', attacker: 'none', defender: 'none', effects: [{ kind: 'no-effect' }] };
    expect(() => resultParser([...forms, greedy])('A1D1')).toThrow(/more than one result form \(ax-dy, greedy\)/);
  });

  it('says the result in words', () => {
    expect(describeResult(parseResult('A1D1'))).toBe('the attacker takes 1 Hit, the defender takes 1 Hit');
    expect(describeResult(parseResult('D2'))).toBe('the attacker takes no Hits, the defender takes 2 Hits');
    expect(describeResult(parseResult('AE'))).toContain('every attacking unit in this battle is destroyed');
  });
});

describe('the tables, built from the content given', () => {
  it('hold all seven spreads in spread-number order', () => {
    expect([...SPREADS.values()].map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(findSpread('1')).toBe(erdon);
    expect(findSpread('erdon-pass')).toBe(erdon);
    expect(findSpread('8')).toBeUndefined();
    expect(findSpread('erdon')).toBeUndefined();
  });

  it('are built once per content object, and afresh from other content', () => {
    expect(warchonTables(warchon)).toBe(tables);
    const edited = withErdon((s) => {
      const copy = structuredClone(s);
      (copy.combatTable.rows[2]!.cells as unknown as (string | null)[])[1] = 'A3D2';
      return copy;
    });
    const fresh = warchonTables(edited);
    expect(fresh).not.toBe(tables);
    expect(fresh.findSpread('erdon-pass')!.rows[2]![1]!.value?.code).toBe('A3D2');
    expect(erdon.rows[2]![1]!.value?.code).toBe('A2D1');
  });

  it('refuse a spread number that two spreads have, rather than pick one', () => {
    const twice = withErdon((s) => ({ ...s, number: 7 }));
    const t = warchonTables(twice);
    expect(() => t.findSpread('7')).toThrow(AmbiguousSpreadError);
    expect(() => t.findSpread('7')).toThrow('Spread number 7 is ambiguous: spreads "erdon-pass" and "kier-zhadd" both have number 7.');
    expect(() => t.findSpread('7')).toThrow(TableError);
    // By id each is still found, and a number only one spread has still works.
    expect(t.findSpread('erdon-pass')?.number).toBe(7);
    expect(t.findSpread('kier-zhadd')?.number).toBe(7);
    expect(t.findSpread('2')?.id).toBe('irondale');
    expect(t.findSpread('1')).toBeUndefined();
  });

  it('have every cell filled once the layers apply: RNG numbers 1-5, every result parsed', () => {
    for (const s of SPREADS.values()) {
      for (const row of s.rng) for (const cell of row) expect(cell.value?.number).toBeGreaterThanOrEqual(1);
      expect(s.rows).toHaveLength(5);
      for (const row of s.rows) for (const cell of row) expect(cell.value?.code).toMatch(/^(AE|DE|Eg|So|A\dD\d|A\d|D\d)$/);
    }
  });

  it('read RNG cells as {number, event}', () => {
    expect(parseRngCell(3, 'x')).toEqual({ number: 3, event: false });
    expect(parseRngCell('5E', 'x')).toEqual({ number: 5, event: true });
    expect(parseRngCell(null, 'x')).toBeNull();
    expect(() => parseRngCell('6E', 'x')).toThrow(TableError);
    expect(() => parseRngCell(0, 'x')).toThrow(TableError);
  });

  it('know which cells a layer set: Erdon Pass RNG row 5 (inference) and result rows 4-5 (rulings)', () => {
    expect(erdon.rng[0]![0]!.origin).toBeNull();
    expect(erdon.rng[4]![2]!.origin).toMatchObject({ entry: 'erdon-pass-rng-row-5', kind: 'inference', pointer: '/rng/4/2' });
    expect(erdon.rows[2]![4]!.origin).toBeNull();
    expect(erdon.rows[3]![4]!.origin).toMatchObject({ entry: 'erdon-pass-crt-row-4', kind: 'reconstruction' });
    expect(erdon.rows[4]![4]!.origin).toMatchObject({ entry: 'erdon-pass-crt-row-5', kind: 'reconstruction' });
  });

  it('reject a table whose row does not fit its columns', () => {
    const bad = {
      id: 'bad',
      number: 9,
      name: 'Bad',
      rng: erdonRng(),
      combatTable: {
        columns: [{ label: '0', differential: { min: null, max: null } }],
        rows: [['So', 'So'], ['So'], ['So'], ['So'], ['So']].map((cells, r) => ({ roll: r + 1, cells })),
      },
      events: null,
    };
    expect(() => buildSpreadTables(bad, parseResult)).toThrow(/2 cells for 1 columns/);
  });
});

function erdonRng() {
  return [
    [3, 4, '5E', 1, 2],
    [4, '5E', 1, 2, 3],
    ['5E', 1, 2, 3, 4],
    [1, 2, 3, 4, '5E'],
    [2, 3, 4, '5E', 1],
  ];
}

describe('resolveCombat', () => {
  it('the rulebook example: Erdon Pass, AS 9 against DS 7, fingers 5 and 2 -> +2/+3, 3, A1D1', () => {
    const r = resolveCombat(erdon, { as: 9, ds: 7, fingers: { attacker: 5, defender: 2 } });
    expect(r.differential).toBe(2);
    expect(r.column.label).toBe('+2/+3');
    expect(r.number).toBe(3);
    expect(r.event).toBe(false);
    expect(r.result?.code).toBe('A1D1');
    expect(r.result).toMatchObject({ attacker: { kind: 'hits', hits: 1 }, defender: { kind: 'hits', hits: 1 } });
    expect(r.origins).toEqual([]);
  });

  it('"If you hold up five fingers and your opponent two, in Erdon Pass that will generate a 3"', () => {
    expect(rngCell(erdon, { attacker: 5, defender: 2 })?.value).toEqual({ number: 3, event: false });
    // The attacker's fingers are the top row, the defender's the left column: the printed row 1
    // (defender 1) reads 3 4 5E 1 2 across the attacker's fingers.
    expect(erdon.rng[0]!.map((c) => c.value?.number)).toEqual([3, 4, 5, 1, 2]);
    expect(rngCell(erdon, { attacker: 2, defender: 1 })?.value?.number).toBe(4);
  });

  it('an event cell reports the event and its table, and no combat result', () => {
    // "In Erdon Pass, the number 5 gives you a Random Event": attacker 3, defender 1 is 5E.
    const r = resolveCombat(erdon, { as: 9, ds: 7, fingers: { attacker: 3, defender: 1 } });
    expect(r).toMatchObject({ number: 5, event: true, eventsTable: 'erdon-pass', result: null });
  });

  it('a differential beyond 5 uses the end columns ("Use +5 or -5 columns for gaps greater than 5")', () => {
    const f = { attacker: 1, defender: 1 }; // number 3
    expect(resolveCombat(erdon, { as: 20, ds: 2, fingers: f }).column.label).toBe('+5');
    expect(resolveCombat(erdon, { as: 2, ds: 20, fingers: f }).column.label).toBe('-5');
    expect(resolveCombat(erdon, { as: 7, ds: 2, fingers: f }).column.label).toBe('+5');
    expect(resolveCombat(erdon, { as: 2, ds: 7, fingers: f }).column.label).toBe('-5');
    expect(resolveCombat(erdon, { as: 7, ds: 7, fingers: f }).column.label).toBe('-1/0/+1');
    expect(resolveCombat(erdon, { as: 3, ds: 7, fingers: f }).column.label).toBe('-4');
  });

  it('flags the values a layer set, with the entry id', () => {
    // Defender shows 5: RNG row 5, printed only as its first cell. Attacker 3 -> number 4 -> row 4 (ruling).
    const r = resolveCombat(erdon, { as: 9, ds: 7, fingers: { attacker: 3, defender: 5 } });
    expect(r.number).toBe(4);
    expect(r.result?.code).toBe('D1');
    expect(r.origins).toEqual([
      { value: 'number', layer: 'inferences', entry: 'erdon-pass-rng-row-5', kind: 'inference', pointer: '/rng/4/2' },
      { value: 'result', layer: 'reconstructions', entry: 'erdon-pass-crt-row-4', kind: 'reconstruction', pointer: '/combatTable/rows/3/cells' },
    ]);
  });

  it('rejects fingers outside 1-5 and strengths that are not whole numbers', () => {
    expect(() => resolveCombat(erdon, { as: 9, ds: 7, fingers: { attacker: 6, defender: 2 } })).toThrow(RangeError);
    expect(() => resolveCombat(erdon, { as: 9, ds: 7, fingers: { attacker: 5, defender: 0 } })).toThrow(RangeError);
    expect(() => resolveCombat(erdon, { as: 9.5, ds: 7, fingers: { attacker: 5, defender: 2 } })).toThrow(RangeError);
    expect(() => resolveCombat(erdon, { as: -1, ds: 7, fingers: { attacker: 5, defender: 2 } })).toThrow(RangeError);
  });
});

describe('originAt (core look-up)', () => {
  it('finds the origin at a pointer or at the nearest value containing it', async () => {
    const { originAt } = await import('../src/engine/core/lookup.js');
    const origins = { '/rng/4': 'row', '/combatTable/rows/3/2': 'cell' };
    expect(originAt(origins, '/rng/4/2')).toEqual({ origin: 'row', pointer: '/rng/4' });
    expect(originAt(origins, '/rng/4')).toEqual({ origin: 'row', pointer: '/rng/4' });
    expect(originAt(origins, '/rng/3/2')).toBeUndefined();
    expect(originAt(origins, '/combatTable/rows/3')).toBeUndefined();
    expect(originAt(origins, '/combatTable/rows/3/2')).toEqual({ origin: 'cell', pointer: '/combatTable/rows/3/2' });
    expect(originAt({ '': 'all' }, '/x/y')).toEqual({ origin: 'all', pointer: '' });
    expect(originAt(undefined, '/x')).toBeUndefined();
  });
});

/** The generated content with Erdon Pass changed by `edit`. */
function withErdon(edit: (s: (typeof warchon.spreads)['erdon-pass']) => (typeof warchon.spreads)['erdon-pass']): WarchonTablesContent {
  return { records: { ...warchon.records, spread: { ...warchon.spreads, 'erdon-pass': edit(warchon.spreads['erdon-pass']) } }, origins: warchon.origins };
}
