// A retreat announced before it happens (core/effects/retreat.ts, ctx.replace from the rule set):
// each unit's retreat is the event `unit-retreats`, which an `instead` rule may replace ("they are
// eliminated if they are forced to retreat"); a unit no rule replaces retreats as before.
import { describe, expect, it } from 'vitest';
import type { Effect } from '../generated/types/common/effect.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { applyAndFire, effectContext, ruleSet, type RuleSource } from '../src/engine/core/rules/index.js';
import { createState, findUnit, type UnitInit } from '../src/engine/core/state.js';

const unit = (id: string, side: string, record: string): UnitInit => ({ id, record, side, location: 'hall', stats: { as: 1, ds: 1 } });

const eliminated: RuleSource = {
  key: 'card/crew/eliminated-instead-of-retreating',
  holder: { record: 'crew' },
  rule: {
    text: 'they are eliminated if they are forced to retreat',
    when: { event: 'unit-retreats', subject: { binding: 'self' } },
    instead: true,
    do: [{ kind: 'destroy', target: { binding: 'self' } }],
  },
};

const retreatAll: DeepReadonly<Effect>[] = [{ kind: 'retreat', target: { side: 'friendly' }, distance: 1 }];

describe('a retreat a rule replaces', () => {
  it('unit-retreats: an instead rule replaces a unit retreat (the unit destroyed where it stands), the others retreat', () => {
    const state = createState({ seed: 1, sides: ['red', 'blue'], units: [unit('crew-1', 'red', 'crew'), unit('guard-1', 'red', 'guard')] });
    const set = ruleSet([eliminated], { destinations: () => ['hall-2'] });
    const ran = applyAndFire(state, set, retreatAll, effectContext(set, { owner: 'red', source: 'result/dr', location: 'hall' }), firstPolicy);
    expect(findUnit(ran.core, 'crew-1')).toMatchObject({ destroyed: true, location: 'hall', retreat: null });
    expect(findUnit(ran.core, 'guard-1')).toMatchObject({ destroyed: false, location: 'hall-2', retreat: null });
    expect(ran.log.map((e) => [e.kind, e.source])).toEqual([
      ['retreat', 'result/dr'],
      ['trigger', 'card/crew/eliminated-instead-of-retreating@crew-1'],
      ['destroy', 'card/crew/eliminated-instead-of-retreating@crew-1'],
    ]);
    expect(ran.log[0]!.data).toMatchObject({ replaced: ['crew-1'], moved: { 'guard-1': 'hall-2' } });
    // Without the rule, both retreat.
    const plain = ruleSet([], { destinations: () => ['hall-2'] });
    const both = applyAndFire(state, plain, retreatAll, effectContext(plain, { owner: 'red', source: 'result/dr', location: 'hall' }), firstPolicy);
    expect(both.core.units.map((u) => [u.id, u.location, u.destroyed])).toEqual([
      ['crew-1', 'hall-2', false],
      ['guard-1', 'hall-2', false],
    ]);
  });
});
