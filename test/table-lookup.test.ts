// One look-up on a pack's generic table is a library function (what `playmark resolve --table`
// prints as JSON): the column and row read, the result, and the layer entries it rests on.
import { describe, expect, it } from 'vitest';
import { genericTables } from '../src/analysis/pack-tables.js';
import { lookUpCombatTable, lookUpRollTable } from '../src/analysis/table-lookup.js';
import { packContentOf } from './content-support.js';

const tables = genericTables(packContentOf('warmaster'));

describe('lookUpCombatTable and lookUpRollTable', () => {
  it("an odds column names the ruling that rounds it and the reconstruction that filled the cell (Warmaster's 6 against 3, roll 4)", () => {
    const crt = tables.get('combat-results');
    if (crt?.type !== 'combat') throw new Error('warmaster has no combat table combat-results');
    const r = lookUpCombatTable('warmaster', crt, { attack: 6, defence: 3 }, 4);
    expect([r.key, r.column, r.row, r.result, r.name]).toEqual([{ kind: 'odds', value: '2-1' }, '2-1', '4', 'DR', 'Defender routed']);
    expect(r.origins.map((o) => [o.value, o.kind, o.entry, o.pointer])).toEqual([
      ['column', 'ruling', 'combat-odds-rounding', '/key/rounding'],
      ['result', 'reconstruction', 'combat-roll-4-col-4', '/rows/3/cells/3'],
    ]);
  });

  it('a roll on a roll table gives its entry (1-based), its text and effects (the D66 Teleportation Table, 35)', () => {
    const teleport = tables.get('teleportation');
    if (teleport?.type !== 'roll') throw new Error('warmaster has no roll table teleportation');
    const r = lookUpRollTable('warmaster', teleport, 35);
    expect([r.dice, r.entry, r.name]).toEqual(['d66', 3, 'Success!']);
    expect(r.effects.map((e) => e.kind)).toEqual(['manual']);
    expect(r.origins).toEqual([]);
  });
});
