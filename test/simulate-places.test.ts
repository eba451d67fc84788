// The names `simulate` gives the places it reports destroyed, read from any pack's records.
import { describe, expect, it } from 'vitest';
import { placeNamesFor } from '../src/analysis/simulate-places.js';

const content = {
  records: {
    room: {
      'the-vault': { id: 'the-vault', name: 'The Vault', number: null },
      'room-12': { id: 'room-12', name: null, number: 12, special: 'the-vault' },
      'room-13': { id: 'room-13', name: null, number: 13, special: null },
      'room-14': { id: 'room-14', name: 'Hall', number: 14 },
      'room-15': { id: 'room-15', name: null, number: 15, special: 'nowhere' },
      plain: { id: 'plain', name: null },
    },
    unit: { hero: { id: 'hero', name: 'Hero' } },
  },
};

describe('the names of destroyed places', () => {
  it("a place is its record's name; a numbered one its number, with the name of the special place it stands for", () => {
    const name = placeNamesFor(content)!;
    expect(name('the-vault')).toBe('The Vault');
    expect(name('room-12')).toBe('12 The Vault');
    expect(name('room-13')).toBe('13');
    expect(name('room-14')).toBe('Hall');
    // A `special` naming no record: the number alone.
    expect(name('room-15')).toBe('15');
  });

  it('a place no record names has no name (the report shows its id); content without records has none', () => {
    const name = placeNamesFor(content)!;
    expect(name('plain')).toBeNull();
    expect(name('square-3')).toBeNull();
    expect(placeNamesFor({ rules: [] })).toBeNull();
    expect(placeNamesFor(null)).toBeNull();
  });
});
