// `resolve`, `odds` and simulate's exact combat odds read a pack's tables by what its kinds are (the
// schemas its manifest checks them by), never by its id: a copy of Warchon under another id, with
// its kinds renamed too, resolves, takes odds and gets simulate's combat odds as Warchon does.
import { describe, expect, it } from 'vitest';
import { combatOddsFor, groupKey } from '../src/analysis/simulate-odds.js';
import { packTables, spreadTablesOf } from '../src/analysis/table-engines.js';
import type { PackContent } from '../src/content/effective.js';
import { resolveCombat } from '../src/engine/warchon/tables.js';
import { packContentOf } from './content-support.js';

/** Warchon under the id `my-warchon`, its spread and result kinds called `field` and `outcome`. */
function renamedWarchon(): PackContent {
  const original = packContentOf('warchon');
  const rename = <T>(byKind: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k === 'spread' ? 'field' : k === 'result' ? 'outcome' : k, v]));
  return {
    ...original,
    pack: { ...original.pack, id: 'my-warchon', kinds: rename(original.pack.kinds) },
    records: rename(original.records),
    origins: rename(original.origins),
    tables: rename(original.tables),
  };
}

describe("a pack's tables are found by its kinds' schemas, not its id", () => {
  it('a renamed copy of Warchon is read as spreads with fingers (resolve --spread --as --ds --fingers), resolving as Warchon does', () => {
    const copy = packTables('my-warchon', renamedWarchon());
    const original = packTables('warchon', packContentOf('warchon'));
    expect(copy?.engine).toBe('warchon');
    expect(original?.engine).toBe('warchon');
    if (copy?.engine !== 'warchon' || original?.engine !== 'warchon') return;
    expect([...copy.tables.spreads.keys()]).toEqual([...original.tables.spreads.keys()]);
    const input = { as: 9, ds: 7, fingers: { attacker: 5, defender: 2 } };
    expect(resolveCombat(copy.tables.findSpread('erdon-pass')!, input)).toEqual(resolveCombat(original.tables.findSpread('erdon-pass')!, input));
  });

  it("with --table, a pack's generic tables come first; Warmaster's kinds give its own tables", () => {
    expect(packTables('warchon', packContentOf('warchon'), { preferGeneric: true })?.engine).toBe('generic');
    expect(packTables('warmaster', packContentOf('warmaster'))?.engine).toBe('warmaster');
    expect(spreadTablesOf(packContentOf('warmaster'))).toBeUndefined();
  });

  it("simulate's exact combat odds are the copy's too (they were Warchon's by id)", () => {
    const group = groupKey('erdon-pass', '-1/0/+1', 'number');
    const copy = combatOddsFor(renamedWarchon());
    expect(copy).not.toBeNull();
    expect(copy!(group)).toEqual(combatOddsFor(packContentOf('warchon'))!(group));
    expect(copy!(group)).not.toBeNull();
    expect(combatOddsFor(packContentOf('archon-skirmish'))).toBeNull();
  });
});
