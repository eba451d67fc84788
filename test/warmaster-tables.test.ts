// Warmaster's typed tables: the odds column per the pack's odds ruling, the D6 rows, the five
// results, and the Teleportation Table over D66 ranges.
import { describe, expect, it } from 'vitest';
import * as warmaster from '../generated/content/warmaster.js';
import {
  isD66,
  oddsColumn,
  reduceOdds,
  resolveTeleport,
  resolveWarmasterCombat,
  TableError,
  warmasterTables,
  type WarmasterTablesContent,
} from '../src/engine/warmaster/tables.js';

// The engine takes the content as an argument: here, the generated content module.
const tables = warmasterTables(warmaster);
const COMBAT_TABLE = tables.combatTable();
const TELEPORT_TABLE = tables.teleportTable();

const column = (attack: number, defence: number) => oddsColumn(COMBAT_TABLE, attack, defence).column.label;

describe("odds columns (ruling combat-odds-rule: summed, rounded in the defender's favour)", () => {
  it("follows the ruling's own examples", () => {
    expect(column(5, 3)).toBe('1-1');
    expect(column(8, 3)).toBe('2-1');
    expect(column(9, 3)).toBe('3-1 or more');
    expect(column(3, 4)).toBe('1-2');
    expect(column(3, 7)).toBe('1-3 or less');
  });

  it('puts every ratio in exactly one printed column, open at both ends', () => {
    expect(column(6, 3)).toBe('2-1');
    expect(column(3, 3)).toBe('1-1');
    expect(column(3, 6)).toBe('1-2');
    expect(column(3, 9)).toBe('1-3 or less');
    expect(column(40, 1)).toBe('3-1 or more');
    expect(column(1, 40)).toBe('1-3 or less');
    expect(reduceOdds(7, 2, COMBAT_TABLE.oddsRule)).toEqual([3, 1]);
    expect(reduceOdds(2, 5, COMBAT_TABLE.oddsRule)).toEqual([1, 3]);
  });

  it('reads the rounding from the generic key (key.rounding, ruling combat-odds-rounding)', () => {
    expect(COMBAT_TABLE.oddsRule!.rounding).toBe(warmaster.combatTables['combat-results'].key.rounding);
    expect(COMBAT_TABLE.oddsRule!.rounding).toBe('defender-favour');
    expect(warmaster.combatTables['combat-results'].extension.oddsRule).not.toHaveProperty('rounding');
    const unruled = { ...warmaster.combatTables['combat-results'], key: { kind: 'odds' as const, rounding: null } };
    const none = warmasterTables({ ...warmaster, records: { ...warmaster.records, 'combat-table': { 'combat-results': unruled } } });
    expect(() => oddsColumn(none.combatTable(), 6, 3)).toThrow('key.rounding is null');
  });

  it('refuses a rounding the ruling does not give, and strengths below 1', () => {
    expect(() => reduceOdds(6, 3, { ...COMBAT_TABLE.oddsRule!, rounding: 'attacker-favour' })).toThrow(TableError);
    expect(() => reduceOdds(6, 3, { ...COMBAT_TABLE.oddsRule!, rounding: null })).toThrow(TableError);
    expect(() => reduceOdds(6, 3, null)).toThrow(TableError);
    expect(() => reduceOdds(0, 3, COMBAT_TABLE.oddsRule)).toThrow(RangeError);
  });
});

describe('the combat table', () => {
  it('types the five results of the legend, worst to best for the attacker', () => {
    expect(COMBAT_TABLE.results.map((r) => [r.code, r.rank])).toEqual([
      ['AA', 0],
      ['AR', 1],
      ['BB', 2],
      ['DR', 3],
      ['DA', 4],
    ]);
    expect(COMBAT_TABLE.results[0]).toMatchObject({ name: 'Annihilated attacker', attacker: 'all', defender: 'none' });
    expect(COMBAT_TABLE.results[2]).toMatchObject({ code: 'BB', attacker: 'one-unit', defender: 'one-unit', battleAgain: true });
  });

  it('takes the legend from the combat-result records (legend: { kind: combat-result, order }) in its order, whatever order they come in', () => {
    expect(warmaster.combatTables['combat-results'].legend).toEqual({ kind: 'combat-result', order: ['aa', 'ar', 'bb', 'dr', 'da'] });
    const reversed = Object.fromEntries(Object.entries(warmaster.records['combat-result']).reverse());
    const t = warmasterTables({ ...warmaster, records: { ...warmaster.records, 'combat-result': reversed } });
    expect(t.combatTable().results.map((r) => r.code)).toEqual(['AA', 'AR', 'BB', 'DR', 'DA']);
    expect(COMBAT_TABLE.results.map((r) => r.id)).toEqual(['aa', 'ar', 'bb', 'dr', 'da']);
  });

  it('refuses a legend order naming a combat-result record the pack lacks', () => {
    const { dr: _dr, ...fewer } = warmaster.records['combat-result'];
    expect(() => warmasterTables({ ...warmaster, records: { ...warmaster.records, 'combat-result': fewer } })).toThrow('no combat-result record "dr"');
  });

  it('resolves attack 6, defence 3, roll 4 and flags the layer entries', () => {
    const r = resolveWarmasterCombat(COMBAT_TABLE, { attack: 6, defence: 3, roll: 4 });
    expect(r.odds).toEqual([2, 1]);
    expect(r.column.label).toBe('2-1');
    expect(r.result.code).toBe('DR');
    expect(r.origins.map((o) => [o.value, o.entry])).toEqual([
      ['column', 'combat-odds-rule'],
      ['result', 'combat-roll-4-col-4'],
    ]);
  });

  it('flags an inferred cell as an inference', () => {
    const r = resolveWarmasterCombat(COMBAT_TABLE, { attack: 1, defence: 5, roll: 1 });
    expect(r.result.code).toBe('AA');
    expect(r.origins.find((o) => o.value === 'result')).toMatchObject({ entry: 'combat-roll-1-col-1', kind: 'inference' });
  });

  it('rejects a roll outside 1-6', () => {
    expect(() => resolveWarmasterCombat(COMBAT_TABLE, { attack: 6, defence: 3, roll: 7 })).toThrow(RangeError);
  });
});

describe('the Teleportation Table', () => {
  const at = (roll: number) => resolveTeleport(TELEPORT_TABLE, roll).entry;

  it('reads the printed ranges', () => {
    expect(at(11).name).toBe('Death!');
    expect(at(12).name).toBe('Death!');
    expect(at(13).name).toBe('Failure!');
    expect(at(35).name).toBe('Success!');
    expect(at(56).name).toBe('Success!');
    expect(at(66).name).toBe('Perfectly!');
    for (const roll of [11, 13, 35, 66]) expect(at(roll).origin).toBeNull();
  });

  it("reads the generic roll table: `roll` ranges, Warmaster's outcome under each entry's `extension`", () => {
    expect(warmaster.teleportTables.teleportation.dice).toBe('d66');
    expect(TELEPORT_TABLE.map((e) => [e.range, e.outcome])).toEqual([
      [{ min: 11, max: 12 }, 'death'],
      [{ min: 13, max: 13 }, 'delay'],
      [{ min: 14, max: 56 }, 'area-rolled'],
      [{ min: 66, max: 66 }, 'area-chosen'],
      [{ min: 61, max: 65 }, 'delay'],
    ]);
  });

  it('takes 61-65 from a ruling, flagged with its entry', () => {
    for (const roll of [61, 63, 65]) expect(at(roll)).toMatchObject({ name: 'Failure!', origin: { entry: 'teleport-61-65', kind: 'ruling' } });
  });

  it('covers every D66 roll, and rejects numbers whose digits are not 1-6', () => {
    for (let tens = 1; tens <= 6; tens++) for (let units = 1; units <= 6; units++) expect(() => at(tens * 10 + units)).not.toThrow();
    for (const roll of [10, 17, 20, 67, 70, 5, 0, 111]) {
      expect(isD66(roll)).toBe(false);
      expect(() => at(roll)).toThrow(RangeError);
    }
  });
});

describe('warmasterTables(content)', () => {
  it('builds every table of the content given, once per content object', () => {
    expect(warmasterTables(warmaster)).toBe(tables);
    expect([...tables.combatTables.keys()]).toEqual(['combat-results']);
    expect([...tables.teleportTables.keys()]).toEqual(['teleportation']);
    expect(tables.combatTable('combat-results')).toBe(COMBAT_TABLE);
    expect(tables.teleportTable('teleportation')).toBe(TELEPORT_TABLE);
  });

  it('reads an edited cell from other content', () => {
    const table = warmaster.combatTables['combat-results'];
    const teleport = warmaster.teleportTables.teleportation;
    const edited: WarmasterTablesContent = {
      records: {
        ...warmaster.records,
        'combat-table': { 'combat-results': withCell(table, 0, 0, 'DA') },
        // (map loses the generated type's tuple of generic and Warmaster entries: the same entries, one renamed)
        'teleport-table': {
          teleportation: {
            ...teleport,
            entries: teleport.entries.map((e, i) => (i === 0 ? { ...e, name: 'Gone!' } : e)) as unknown as typeof teleport.entries,
          },
        },
      },
      origins: warmaster.origins,
    };
    const t = warmasterTables(edited);
    expect(t.combatTable().rows[0]![0]!.value?.code).toBe('DA');
    expect(COMBAT_TABLE.rows[0]![0]!.value?.code).not.toBe('DA');
    expect(resolveTeleport(t.teleportTable(), 11).entry.name).toBe('Gone!');
  });

  it('names the tables there are when asked for one that is not', () => {
    expect(() => tables.combatTable('nope')).toThrow('The pack has no combat table "nope" (it has "combat-results").');
    const none = warmasterTables({ records: { ...warmaster.records, 'teleport-table': {} }, origins: warmaster.origins });
    expect(() => none.teleportTable()).toThrow(TableError);
    expect(() => none.teleportTable()).toThrow('(it has none)');
  });
});

function withCell<T extends { readonly rows: readonly { readonly cells: readonly unknown[] }[] }>(table: T, row: number, column: number, code: string): T {
  const copy = structuredClone(table);
  (copy.rows as unknown as { cells: unknown[] }[])[row]!.cells[column] = code;
  return copy;
}
