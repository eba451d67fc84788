// What `resolve --table` and `odds` print for a pack's generic tables, written by the library
// without the CLI: a look-up in words (each value a layer set marked with what it did), and the
// exact odds as text and JSON.
import { describe, expect, it } from 'vitest';
import { combatLookupText, genericOdds, genericTables, lookUpCombatTable, lookUpRollTable, rollLookupText, rollsText } from '../src/index.js';
import { packContentOf } from './content-support.js';

const tables = genericTables(packContentOf('warmaster'));
const crt = tables.get('combat-results');
const teleport = tables.get('teleportation');
if (crt?.type !== 'combat' || teleport?.type !== 'roll') throw new Error('warmaster has a combat table combat-results and a roll table teleportation');

describe('a look-up in words', () => {
  it("a combat look-up names the column by its odds and marks the ruling and reconstruction it rests on (Warmaster's 6 against 3, roll 4)", () => {
    const r = lookUpCombatTable('warmaster', crt, { attack: 6, defence: 3 }, 4);
    const lines = combatLookupText(crt.table, r).split('\n');
    expect(lines[1]).toBe("Attack 6 against defence 3: odds 2-1, rounded in the defender's favour: column 2-1 (ruling combat-odds-rounding, ruled).");
    expect(lines[2]).toMatch(/^Roll 4: DR, Defender routed: .* \(reconstruction combat-roll-4-col-4, reconstructed\)$/);
  });

  it('a roll look-up gives the entry for the roll', () => {
    const text = rollLookupText(teleport.table, lookUpRollTable('warmaster', teleport, 35));
    expect(text.split('\n')[1]).toMatch(/^Roll 35: Success!: /);
  });
});

describe('exact odds', () => {
  it('genericOdds gives each column its outcomes, in JSON summing to 1, and in text', () => {
    const { json, text } = genericOdds('warmaster', [crt, teleport]);
    const [combat, roll] = (json as { tables: { columns?: { total: string }[]; total?: string }[] }).tables;
    expect(combat!.columns!.every((c) => c.total === '1')).toBe(true);
    expect(roll!.total).toBe('1');
    expect(text).toContain('  Column 2-1\n');
  });

  it('rollsText writes rolls as runs', () => {
    expect(rollsText([2, 3, 4, 7, 10, 11, 12])).toBe('2-4, 7, 10-12');
    expect(rollsText([5])).toBe('5');
  });
});
