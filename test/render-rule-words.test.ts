// ruleWords (src/render/common/rule-words.ts): a rule's `when`/`if`/`do` data in players' words,
// naming sides, phases and places by their printed names; none for a rule it cannot word.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../generated/types/common/defs.js';
import type { Effect } from '../generated/types/common/effect.js';
import { rangeWords, type RuleNames, ruleWords } from '../src/render/common/rule-words.js';

const names: RuleNames = {
  sides: ['red', 'blue'],
  sideName: (id) => ({ red: 'Red', blue: 'Blue' })[id] ?? '?',
  phase: (id) => (id === 'red-fire' ? { name: 'Red fire phase', side: 'red' } : undefined),
  placeName: (id) => (id === 'keep' ? 'The Keep' : '?'),
  place: 'hex',
};

describe('ruleWords', () => {
  it('words a trigger, a condition and a roll, leaving out the results that do nothing', () => {
    expect(
      ruleWords({ text: 'printed', when: { event: 'before-result', where: 'here' }, do: [{ kind: 'destroy', target: {} }] }, names, '/rules/0')!.text,
    ).toBe('When a battle is fought in this hex, before its result: destroy every unit here.');
    const rule: Rule = {
      text: 'printed',
      when: { event: 'phase-starts', phase: 'red-fire' },
      if: { not: { present: { side: 'inactive' } } },
      do: [
        {
          kind: 'roll',
          die: 'd6',
          outcomes: [
            { range: { min: 1, max: 2 }, effects: [{ kind: 'destroy-place', place: 'here' }] },
            { range: { min: 3, max: 6 }, effects: [{ kind: 'no-effect' }] },
          ],
        },
      ],
    };
    expect(ruleWords(rule, names, '/rules/0')).toEqual({
      text: 'At the start of the Red fire phase, if no Blue piece is here: roll D6; on 1 or 2 destroy this hex.',
      table: null,
    });
  });

  it("names the side `active` is from the trigger's phase, and says who it is when the rule does not", () => {
    const may = (when: Rule['when']): Rule => ({
      text: 'printed',
      when,
      if: { present: { side: 'active' } },
      do: [{ kind: 'may', by: 'active', do: [{ kind: 'destroy-place', place: 'keep' }] }],
    });
    expect(ruleWords(may({ event: 'phase-starts', phase: 'red-fire' }), names, '/rules/0')!.text).toBe(
      'At the start of the Red fire phase, if a Red piece is here: the Red player may destroy The Keep.',
    );
    expect(ruleWords(may({ event: 'turn-starts' }), names, '/rules/0')!.text).toBe(
      "At the start of each player's turn, if a piece of the active player's is here: the active player may destroy The Keep.",
    );
  });

  it('puts a roll of many outcomes in a table, rows pointing at their outcomes, and words the places an effect selects', () => {
    const destroyAll: [Effect] = [{ kind: 'destroy', target: {} }];
    const rule: Rule = {
      text: 'printed',
      do: [
        {
          kind: 'roll',
          die: 'd66',
          outcomes: [
            { range: { min: 11, max: 13 }, effects: [{ kind: 'no-effect' }] },
            { range: { min: 14, max: 56 }, effects: [{ kind: 'at-place', place: { numbered: 'rolled' }, do: destroyAll }] },
            { range: { min: 61, max: 66 }, effects: [{ kind: 'at-place', place: { choose: 'random', except: ['keep'] }, do: destroyAll }] },
          ],
        },
      ],
    };
    expect(ruleWords(rule, names, '/rules/2')).toEqual({
      text: 'Always: roll D66 on the table below.',
      table: {
        die: 'D66',
        rows: [
          { range: '11–13', text: 'No effect', pointer: '/rules/2/do/0/outcomes/0' },
          { range: '14–56', text: 'In the hex of the number rolled, destroy every unit there', pointer: '/rules/2/do/0/outcomes/1' },
          { range: '61–66', text: 'In a hex picked at random (not The Keep), destroy every unit there', pointer: '/rules/2/do/0/outcomes/2' },
        ],
      },
    });
    const burn: Rule = {
      text: 'printed',
      when: { event: 'turn-starts' },
      do: [{ kind: 'at-place', place: { countdown: { from: 11, to: 20 } }, do: [{ kind: 'destroy-place', place: 'here' }] }],
    };
    expect(ruleWords(burn, { ...names, here: 'The Keep' }, '/rules/0')!.text).toBe(
      "At the start of each player's turn: in the first hex not yet destroyed counting up from 11 to 20, destroy that hex.",
    );
  });

  it('words a roll whose every result does the same as one clause', () => {
    const same: Effect[] = [{ kind: 'destroy-place', place: 'here' }];
    const rule: Rule = {
      text: 'printed',
      when: { event: 'phase-starts', phase: 'red-fire' },
      do: [
        {
          kind: 'roll',
          die: 'd6',
          outcomes: [
            { range: { min: 1, max: 1 }, effects: same },
            { range: { min: 2, max: 6 }, effects: same },
          ],
        },
      ],
    };
    expect(ruleWords(rule, names, '/rules/0')?.text).toBe('At the start of the Red fire phase: roll D6; on any result destroy this hex.');
  });

  it('gives no words for a rule left to the players, or an effect it cannot word', () => {
    expect(ruleWords({ text: 'printed', do: [{ kind: 'manual', note: 'players do it' }] }, names, '/rules/0')).toBeNull();
    expect(ruleWords({ text: 'printed', do: [{ kind: 'end-combat' }] }, names, '/rules/0')).toBeNull();
  });

  it('words a place closed to units entering (limit-movement with `closed`), always or while its condition holds', () => {
    const closed: Effect = { kind: 'limit-movement', closed: true, duration: 'while' };
    expect(ruleWords({ text: 'printed', do: [closed] }, names, '/rules/0')?.text).toBe('Always: no unit may move or retreat into this hex.');
    expect(ruleWords({ text: 'printed', if: { place: { destroyed: true } }, do: [closed] }, names, '/rules/0')?.text).toBe(
      'If this hex is destroyed: no unit may move or retreat into this hex.',
    );
    // A closed place with another limit as well has no words yet.
    expect(ruleWords({ text: 'printed', do: [{ ...closed, maxDistance: 1 }] }, names, '/rules/0')).toBeNull();
  });

  it('prints ranges as tables do, and two results as words in a sentence', () => {
    expect([rangeWords({ min: 1, max: 1 }), rangeWords({ min: 1, max: 2 }), rangeWords({ min: 1, max: 2 }, true), rangeWords({ min: null, max: 3 })]).toEqual([
      '1',
      '1–2',
      '1 or 2',
      '3 or less',
    ]);
  });
});
