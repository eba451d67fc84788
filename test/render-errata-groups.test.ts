// The errata sheet groups by component: every value a layer set is listed under the piece that
// prints it (a spread, a card, a unit, a table), and entries of one piece that share their kind and
// their sentence for players are one line, their places joined in the table's words.
import { describe, expect, it } from 'vitest';
import { errataComponents, errataEntries, joinPlaces, type ErrataEntry } from '../src/render/common/errata.js';
import { commonView } from '../src/render/common/content.js';
import { packContentOf } from './content-support.js';

function entry(component: string, place: string, note: string, kind: ErrataEntry['kind'] = 'reconstruction', change = ''): ErrataEntry {
  return { kind, component: { key: component, title: component, about: '' }, place, change, note };
}

describe('places joined', () => {
  it('rows of one table: the table once, then the rows as a range', () => {
    expect(joinPlaces(['combat results, row 4', 'combat results, row 5'])).toBe('combat results, rows 4\u20135');
    expect(joinPlaces(['combat results, row 1', 'combat results, row 2', 'combat results, row 5'])).toBe('combat results, rows 1\u20132, 5');
  });

  it('cells in many rows: how many, and which rows; numbered pieces: their numbers as ranges', () => {
    expect(joinPlaces(['row 1, column 1-2', 'row 1, column 1-1', 'row 3, column 2-1'])).toBe('3 cells, rows 1, 3');
    expect(joinPlaces(['Area 14', 'Area 15', 'Area 16', 'Area 21'])).toBe('Areas 14\u201316, 21');
  });

  it('places that are not numbered are listed; one place is itself', () => {
    expect(joinPlaces(['Light back row', 'Dark back row'])).toBe('Light back row; Dark back row');
    expect(joinPlaces(['RNG, defender shows 5'])).toBe('RNG, defender shows 5');
  });
});

describe('components', () => {
  it('one line per kind and sentence within a component; a line of several entries leaves their values to the piece, marked', () => {
    const comps = errataComponents([
      entry('Erdon Pass', 'combat results, row 4', 'Made up.'),
      entry('Irondale', 'combat results, row 4', 'Made up.'),
      entry('Erdon Pass', 'combat results, row 5', 'Made up.'),
      entry('Erdon Pass', 'RNG, defender shows 5', 'Follows.', 'inference', 'not printed; now 2 3 4 5E 1'),
      entry('Erdon Pass', 'combat results, row 3', 'Made up.', 'ruling'),
    ]);
    expect(comps.map((c) => c.title)).toEqual(['Erdon Pass', 'Irondale']);
    expect(comps[0]!.lines).toEqual([
      { kind: 'reconstruction', place: 'combat results, rows 4\u20135', change: '', note: 'Made up.' },
      { kind: 'inference', place: 'RNG, defender shows 5', change: 'not printed; now 2 3 4 5E 1', note: 'Follows.' },
      // The same sentence under another kind is another mark, so another line.
      { kind: 'ruling', place: 'combat results, row 3', change: '', note: 'Made up.' },
    ]);
  });

  it('Warchon: the Celestine stats made up for the demo are one line per unit, not one per value', () => {
    const comps = errataComponents(errataEntries(commonView(packContentOf('warchon'))));
    const angels = comps.find((c) => c.title === 'Celestine War Angels')!;
    const made = angels.lines.filter((l) => l.kind === 'reconstruction');
    expect(made).toHaveLength(1);
    expect(made[0]!.note).toContain('made up so the demo can be played');
    // 68 entries in Warchon's three layers: 44 lines.
    const entries = errataEntries(commonView(packContentOf('warchon')));
    expect(entries).toHaveLength(68);
    expect(comps.flatMap((c) => c.lines)).toHaveLength(44);
  });

  it('Archon: records without a name are named in words, never by their ids', () => {
    const titles = errataComponents(errataEntries(commonView(packContentOf('archon-skirmish')))).map((c) => c.title);
    expect(titles).toContain('Board');
    // The two back rows, zones without names: one component, each row named in words.
    const zones = errataComponents(errataEntries(commonView(packContentOf('archon-skirmish')))).find((c) => c.title === 'Zones')!;
    expect(zones.lines.map((l) => l.place)).toContain('Light back row');
    for (const t of titles) expect(t).not.toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
  });
});
