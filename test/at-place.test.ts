// The `at-place` effect (effects run at other places than the rule's, from the game's map) and the
// `active`/`inactive` sides, on a small map the test makes: five places p1..p5 in a row, numbered
// 1 to 5, each adjacent to the ones beside it.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../generated/types/common/defs.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import type { PlaceMap, RuleHooks } from '../src/engine/core/context.js';
import { firstPolicy, type Policy } from '../src/engine/core/policy.js';
import { fire, type RuleSource } from '../src/engine/core/rules/index.js';
import { coreWith, createState, findUnit, type CoreState, type UnitInit } from '../src/engine/core/state.js';

const ALL = ['p1', 'p2', 'p3', 'p4', 'p5'];
const places: PlaceMap = {
  all: ALL,
  neighbours: (p) => ALL.filter((q) => Math.abs(ALL.indexOf(q) - ALL.indexOf(p)) === 1),
  numbered: (n) => ALL[n - 1],
};
const hooks: RuleHooks = { places, placeTraits: (p) => (p === 'p2' ? ['reactor'] : []) };

const unit = (id: string, side: string, location: string): UnitInit => ({ id, record: id, side, location, stats: { as: 1, ds: 1 } });
const everywhere = [unit('r1', 'red', 'p1'), unit('r2', 'red', 'p2'), unit('b3', 'blue', 'p3'), unit('b4', 'blue', 'p4'), unit('b5', 'blue', 'p5')];
const state = (destroyed: string[] = [], active = 'red'): CoreState =>
  coreWith(createState({ seed: 3, sides: ['red', 'blue'], units: everywhere, active }), { destroyedPlaces: destroyed });
const rule = (r: DeepReadonly<Rule>, place = 'p3'): RuleSource => ({ key: 'test/rule', holder: { place }, rule: r });
const gone = (s: CoreState) => s.units.filter((u) => u.destroyed).map((u) => u.id);
const BLAST = [
  { kind: 'destroy', target: {} },
  { kind: 'destroy-place', place: 'here' },
] as const;

describe('at-place: effects at other places', () => {
  it('adjacent: the effects run at each place next to the rule\'s, "here" and the units being that place\'s', () => {
    const r = rule({ text: 't', when: { event: 'turn-starts', where: 'anywhere' }, do: [{ kind: 'at-place', place: { adjacent: true }, do: BLAST }] });
    const done = fire(state(), { event: 'turn-starts' }, [r], firstPolicy, hooks);
    expect(done.state.destroyedPlaces).toEqual(['p2', 'p4']);
    expect(gone(done.state)).toEqual(['r2', 'b4']);
    expect(done.log.find((l) => l.kind === 'at-place')?.data).toEqual({ places: ['p2', 'p4'] });
    // Without the game's map nothing is selected.
    const blind = fire(state(), { event: 'turn-starts' }, [r], firstPolicy, {});
    expect(blind.state.destroyedPlaces).toEqual([]);
    expect(gone(blind.state)).toEqual([]);
  });

  it('countdown: the first number counted, either way, that names a place not yet destroyed; none once all are', () => {
    const down = rule({
      text: 't',
      when: { event: 'turn-starts', where: 'anywhere' },
      do: [{ kind: 'at-place', place: { countdown: { from: 9, to: 1 } }, do: BLAST }],
    });
    // 9 to 6 name no place; 5 is destroyed: 4 burns.
    const first = fire(state(['p5']), { event: 'turn-starts' }, [down], firstPolicy, hooks);
    expect(first.state.destroyedPlaces).toEqual(['p5', 'p4']);
    expect(gone(first.state)).toEqual(['b4']);
    const next = fire(first.state, { event: 'turn-starts' }, [down], firstPolicy, hooks);
    expect(next.state.destroyedPlaces).toEqual(['p5', 'p4', 'p3']);
    const up = rule({
      text: 't',
      when: { event: 'turn-starts', where: 'anywhere' },
      do: [{ kind: 'at-place', place: { countdown: { from: 2, to: 5 } }, do: BLAST }],
    });
    expect(fire(state(['p2']), { event: 'turn-starts' }, [up], firstPolicy, hooks).state.destroyedPlaces).toEqual(['p2', 'p3']);
    const over = fire(state(ALL), { event: 'turn-starts' }, [down], firstPolicy, hooks);
    expect(over.state.destroyedPlaces).toEqual(ALL);
    expect(over.log.find((l) => l.kind === 'at-place')?.data).toEqual({ places: [] });
  });

  it('numbered: rolled is the place the enclosing roll numbers; none without a roll or a place of that number', () => {
    const shot = rule({
      text: 't',
      when: { event: 'turn-starts', where: 'anywhere' },
      do: [{ kind: 'roll', die: 'd6', outcomes: [{ range: { min: 1, max: 6 }, effects: [{ kind: 'at-place', place: { numbered: 'rolled' }, do: BLAST }] }] }],
    });
    const seen = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const s = coreWith(state(), { random: createState({ seed, sides: ['red'], units: [] }).random });
      const done = fire(s, { event: 'turn-starts' }, [shot], firstPolicy, hooks);
      const value = done.log.find((l) => l.kind === 'roll')!.data.value as number;
      seen.add(value);
      expect(done.state.destroyedPlaces).toEqual(value <= 5 ? [`p${value}`] : []);
      expect(gone(done.state)).toEqual(value <= 5 ? [everywhere[value - 1]!.id] : []);
    }
    expect(seen.has(6) && seen.size > 2).toBe(true);
    const bare = rule({ text: 't', when: { event: 'turn-starts', where: 'anywhere' }, do: [{ kind: 'at-place', place: { numbered: 'rolled' }, do: BLAST }] });
    expect(fire(state(), { event: 'turn-starts' }, [bare], firstPolicy, hooks).state.destroyedPlaces).toEqual([]);
  });

  it('choose: a side picks one place, not destroyed, not one `except` names by id or by trait', () => {
    let asked: { side: string | null; options: readonly string[] } | null = null;
    const policy: Policy = {
      ...firstPolicy,
      chooseOption: (_s, choice) => {
        asked = choice;
        return choice.options.indexOf('p4');
      },
    };
    const r = rule({
      text: 't',
      when: { event: 'turn-starts', where: 'anywhere' },
      do: [{ kind: 'at-place', place: { choose: 'active', except: ['p1', 'reactor'] }, do: BLAST }],
    });
    const done = fire(state(['p5'], 'blue'), { event: 'turn-starts' }, [r], policy, hooks);
    expect(asked).toMatchObject({ side: 'blue', options: ['p3', 'p4'] });
    expect(done.state.destroyedPlaces).toEqual(['p5', 'p4']);
    expect(done.log.find((l) => l.kind === 'at-place')?.data).toEqual({ places: ['p4'], by: 'active', side: 'blue' });
  });
});

describe('sides: active and inactive', () => {
  it("active is the side whose turn it is and inactive the other, for a rule no side owns (a place's)", () => {
    // Fires where a unit of the side to act stands and none of the other's.
    const r = (place: string) =>
      rule(
        {
          text: 't',
          when: { event: 'turn-starts', where: 'anywhere' },
          if: { all: [{ present: { side: 'active' } }, { not: { present: { side: 'inactive' } } }] },
          do: [{ kind: 'destroy-place', place: 'here' }],
        },
        place,
      );
    const rules = ALL.map(r).map((x, i) => ({ ...x, key: `r/${i}` }));
    expect(fire(state([], 'red'), { event: 'turn-starts' }, rules, firstPolicy, hooks).state.destroyedPlaces).toEqual(['p1', 'p2']);
    expect(fire(state([], 'blue'), { event: 'turn-starts' }, rules, firstPolicy, hooks).state.destroyedPlaces).toEqual(['p3', 'p4', 'p5']);
    const both = coreWith(state([], 'red'), { units: [...state().units, { ...findUnit(state(), 'b3')!, id: 'r9', side: 'red' }] });
    expect(fire(both, { event: 'turn-starts' }, rules, firstPolicy, hooks).state.destroyedPlaces).toEqual(['p1', 'p2']);
  });
});
