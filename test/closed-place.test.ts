// A place closed to units entering as rule data: `limit-movement` with `closed` ("no unit can move
// voluntarily to a destroyed area"), read by `placeClosed`; as a static rule it closes its place
// while its `if` holds. On a small board the test makes: places p1..p3, red and blue units.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../generated/types/common/defs.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import { applyEffects } from '../src/engine/core/effects/index.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { recomputeStatics, recomputeStaticsOf, ruleSet, type RuleSource } from '../src/engine/core/rules/index.js';
import { coreWith, createState, placeClosed, type CoreState, type UnitInit } from '../src/engine/core/state.js';

const unit = (id: string, side: string, location: string): UnitInit => ({ id, record: id, side, location, stats: { as: 1, ds: 1 } });
const state = (): CoreState => createState({ seed: 5, sides: ['red', 'blue'], units: [unit('r1', 'red', 'p1'), unit('b3', 'blue', 'p3')], active: 'red' });
const rule = (r: DeepReadonly<Rule>, place = 'p2'): RuleSource => ({ key: 'test/no-entry', holder: { place }, rule: r });
const destroyed = (s: CoreState, ...places: string[]) => coreWith(s, { destroyedPlaces: places });
const NO_ENTRY = rule({ text: 't', do: [{ kind: 'limit-movement', closed: true, duration: 'while' }] });
const WHILE_DESTROYED = rule({ text: 't', if: { place: { destroyed: true } }, do: [{ kind: 'limit-movement', closed: true, duration: 'while' }] });

describe('limit-movement with closed: no unit may enter the place', () => {
  it('a static rule without `if` closes its place, and only its place', () => {
    const s = recomputeStatics(state(), [NO_ENTRY], firstPolicy).state;
    expect(['p1', 'p2', 'p3'].map((p) => placeClosed(s, p))).toEqual([false, true, false]);
    expect(s.locationRules).toEqual([
      { location: 'p2', units: null, maxUnitsLeaving: null, maxDistance: null, duration: 'while', source: 'test/no-entry', closed: true },
    ]);
    expect(placeClosed(state(), 'p2')).toBe(false);
  });

  it('closes it while its condition holds: a destroyed place, opened again when it no longer is', () => {
    const rules = [WHILE_DESTROYED, rule(WHILE_DESTROYED.rule, 'p3')];
    const none = recomputeStatics(state(), rules, firstPolicy);
    expect(['p2', 'p3'].map((p) => placeClosed(none.state, p))).toEqual([false, false]);
    const one = recomputeStatics(destroyed(none.state, 'p3'), rules, firstPolicy);
    expect(['p2', 'p3'].map((p) => placeClosed(one.state, p))).toEqual([false, true]);
    expect(one.log.map((l) => l.kind)).toEqual(['static']);
    const open = recomputeStatics(destroyed(one.state), rules, firstPolicy).state;
    expect(['p2', 'p3'].map((p) => placeClosed(open, p))).toEqual([false, false]);
  });

  it('the recompute that skips a placement seen before tells states apart by the places destroyed', () => {
    const set = ruleSet([WHILE_DESTROYED]);
    const open = recomputeStaticsOf(state(), set, firstPolicy).state;
    const shut = recomputeStaticsOf(destroyed(open, 'p2'), set, firstPolicy, open).state;
    expect(placeClosed(shut, 'p2')).toBe(true);
    expect(placeClosed(recomputeStaticsOf(destroyed(shut), set, firstPolicy, shut).state, 'p2')).toBe(false);
  });

  it('as an effect that lasts, it closes the rule location and its log says so', () => {
    const after = applyEffects(
      state(),
      [{ kind: 'limit-movement', closed: true, duration: 'turn' }],
      { owner: null, source: 'test', location: 'p1' },
      firstPolicy,
    ).state;
    expect(placeClosed(after, 'p1')).toBe(true);
    const logged = after.log.find((l) => l.kind === 'limit-movement')!;
    expect(logged.data).toMatchObject({ location: 'p1', closed: true, duration: 'turn' });
    expect(logged.text).toContain('no unit may enter');
  });

  it('a limit without closed closes nothing, and its state has no `closed` (as before the field)', () => {
    const slow = rule({ text: 't', do: [{ kind: 'limit-movement', maxDistance: 0, duration: 'while' }] });
    const s = recomputeStatics(state(), [slow], firstPolicy).state;
    expect(placeClosed(s, 'p2')).toBe(false);
    expect(s.locationRules[0]).not.toHaveProperty('closed');
  });

  it('with sides, which binds units wherever they are, there is no place to close: it stops with an error', () => {
    const both = rule({ text: 't', do: [{ kind: 'limit-movement', closed: true, sides: 'any', duration: 'while' }] });
    expect(() => recomputeStatics(state(), [both], firstPolicy)).toThrow(/no location to close/);
  });
});
