// The core's runner (src/engine/core/rules/run.ts), as `playmark` exports it to any game: an event
// no rule listens for is short-cut (a settled state comes back as it is, nothing logged), one a rule
// listens for fires it, and what the runner keeps between runs is kept by the rule set, so two
// games (or two packs) over the same rules with other hooks never answer for each other.
import { describe, expect, it } from 'vitest';
import { announce, createState, firstPolicy, markSettled, quietEvent, type RuleSource, ruleSet } from '../src/index.js';

/** A rule of the camp: when a turn ends, if the camp is Frigid, every unit there takes 1 Hit. */
const frost: RuleSource = {
  key: 'place/camp#/frost',
  holder: { place: 'camp' },
  rule: {
    text: 'At the end of each turn, if the camp is Frigid, every unit there takes 1 Hit.',
    when: { event: 'turn-ends', where: 'anywhere' },
    if: { place: { hasTrait: ['frigid'] } },
    do: [{ kind: 'damage', target: {}, hits: 1 }],
  },
};
const rules = [frost];

function camp() {
  return markSettled(
    createState({
      seed: 1,
      sides: ['red', 'blue'],
      active: 'red',
      units: [{ id: 'scouts', side: 'red', location: 'camp', stats: { hits: 2 } }],
    }),
  );
}

const hits = (core: ReturnType<typeof camp>) => core.units.find((u) => u.id === 'scouts')!.hits;

describe('the core runner (announce) for any game', () => {
  it('an event no rule listens for, on a settled state, gives the same state back with nothing logged', () => {
    const set = ruleSet(rules, { placeTraits: () => ['frigid'] });
    const core = camp();
    expect(quietEvent(core, set, 'turn-starts')).toBe(true);
    const ran = announce(core, set, { event: 'turn-starts', side: 'red' }, firstPolicy);
    expect(ran.core).toBe(core);
    expect(ran.log).toEqual([]);
  });

  it('an event a rule listens for fires it when its `if` holds, judged by the hooks of the rule set given', () => {
    const core = camp();
    const thawed = ruleSet(rules, { placeTraits: () => [] });
    const frozen = ruleSet(rules, { placeTraits: () => ['frigid'] });
    // The same rules, first with a camp that is not Frigid: nothing happens.
    const warm = announce(core, thawed, { event: 'turn-ends', side: 'red' }, firstPolicy);
    expect(hits(warm.core)).toBe(2);
    expect(warm.log).toEqual([]);
    // Then with a Frigid camp: the rule fires, though the other rule set judged it first.
    const cold = announce(core, frozen, { event: 'turn-ends', side: 'red' }, firstPolicy);
    expect(hits(cold.core)).toBe(1);
    expect(cold.log.map((e) => e.source)).toEqual(['place/camp#/frost', 'place/camp#/frost']);
    expect(cold.core.log).toEqual([]);
  });
});
