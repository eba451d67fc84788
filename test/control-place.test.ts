// Control of a place as rule data: the `control-place` effect (who controls the rule's location),
// the `place` condition's `controlled` and `controlledBy`, the sides `place-controller` and
// `place-non-controller`, and `limit-movement` on every unit of a side wherever it is (`sides`),
// on a small board the test makes: places p1..p3, red and blue units.
import { describe, expect, it } from 'vitest';
import type { Condition, Rule } from '../generated/types/common/defs.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import { resolveSides } from '../src/engine/core/context.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { fire, holds, recomputeStatics, recomputeStaticsOf, ruleSet, type RuleSource } from '../src/engine/core/rules/index.js';
import { coreWith, createState, placeController, withPlaceControl, type CoreState, type UnitInit } from '../src/engine/core/state.js';

const unit = (id: string, side: string, location: string): UnitInit => ({ id, record: id, side, location, stats: { as: 1, ds: 1 } });
const UNITS = [unit('r1', 'red', 'p1'), unit('r2', 'red', 'p2'), unit('b3', 'blue', 'p3')];
const state = (active = 'red'): CoreState => createState({ seed: 5, sides: ['red', 'blue'], units: UNITS, active });
const rule = (r: DeepReadonly<Rule>, place = 'p2'): RuleSource => ({ key: 'test/bridge', holder: { place }, rule: r });
const TAKE = rule({ text: 't', when: { event: 'unit-enters', where: 'here' }, do: [{ kind: 'control-place', to: 'subject' }] });
const at = (place: string) => ({ owner: null, source: 'test', location: place });

describe("control-place: who controls the rule's place", () => {
  it('to: subject gives the place to the side the entering units fight for; a later arrival takes it from them', () => {
    const s = state();
    expect(s.placeControl).toBeUndefined();
    expect(placeController(s, 'p2')).toBeNull();
    const red = fire(s, { event: 'unit-enters', location: 'p2', side: 'red', units: ['r2'] }, [TAKE], firstPolicy);
    expect(placeController(red.state, 'p2')).toBe('red');
    expect(red.log.find((l) => l.kind === 'control-place')?.data).toEqual({ place: 'p2', side: 'red', changed: true });
    // Entering elsewhere changes nothing (the trigger is `here`).
    const elsewhere = fire(red.state, { event: 'unit-enters', location: 'p3', side: 'blue', units: ['b3'] }, [TAKE], firstPolicy);
    expect(placeController(elsewhere.state, 'p2')).toBe('red');
    const blue = fire(red.state, { event: 'unit-enters', location: 'p2', side: 'blue', units: ['b3'] }, [TAKE], firstPolicy);
    expect(placeController(blue.state, 'p2')).toBe('blue');
    // The side holding it already: no change, and the log says so.
    const again = fire(blue.state, { event: 'unit-enters', location: 'p2', side: 'blue', units: ['b3'] }, [TAKE], firstPolicy);
    expect(again.state.placeControl).toEqual({ p2: 'blue' });
    expect(again.log.find((l) => l.kind === 'control-place')?.data).toEqual({ place: 'p2', side: 'blue', changed: false });
  });

  it('to: subject with units of two sides, or none, leaves control as it is; to: active and to: nobody', () => {
    const held = withPlaceControl(state(), 'p2', 'blue');
    const mixed = fire(held, { event: 'unit-enters', location: 'p2', units: ['r1', 'b3'] }, [TAKE], firstPolicy);
    expect(placeController(mixed.state, 'p2')).toBe('blue');
    const none = fire(held, { event: 'unit-enters', location: 'p2', units: [] }, [TAKE], firstPolicy);
    expect(placeController(none.state, 'p2')).toBe('blue');
    const active = rule({ text: 't', when: { event: 'turn-starts', where: 'anywhere' }, do: [{ kind: 'control-place', to: 'active' }] });
    expect(placeController(fire(held, { event: 'turn-starts' }, [active], firstPolicy).state, 'p2')).toBe('red');
    const nobody = rule({ text: 't', when: { event: 'place-destroyed', where: 'here' }, do: [{ kind: 'control-place', to: 'nobody' }] });
    const lost = fire(held, { event: 'place-destroyed', location: 'p2' }, [nobody], firstPolicy);
    expect(placeController(lost.state, 'p2')).toBeNull();
    expect(lost.state.placeControl).toEqual({ p2: null });
  });
});

describe('the place condition: controlled, controlledBy', () => {
  const cond = (c: DeepReadonly<Condition>, s: CoreState, place = 'p2') => holds(s, c, at(place));
  it("controlled asks whether any side controls the rule's place; controlledBy which", () => {
    const free = state();
    const red = withPlaceControl(free, 'p2', 'red');
    expect(cond({ place: { controlled: true } }, free)).toBe(false);
    expect(cond({ place: { controlled: false } }, free)).toBe(true);
    expect(cond({ place: { controlled: true } }, red)).toBe(true);
    expect(cond({ place: { controlled: true } }, red, 'p1')).toBe(false);
    expect(cond({ place: { controlled: true } }, withPlaceControl(red, 'p2', null))).toBe(false);
    // controlledBy is relative: red is active here, blue next turn.
    expect(cond({ place: { controlledBy: 'active' } }, red)).toBe(true);
    expect(cond({ place: { controlledBy: 'inactive' } }, red)).toBe(false);
    expect(cond({ place: { controlledBy: 'active' } }, coreWith(red, { active: 'blue' }))).toBe(false);
    expect(cond({ place: { controlledBy: 'any' } }, free)).toBe(false);
    // With `destroyed` in the same place condition, both must hold.
    expect(cond({ place: { controlled: true, destroyed: false } }, coreWith(red, { destroyedPlaces: ['p2'] }))).toBe(false);
  });

  it("the sides place-controller and place-non-controller name the place's controller and the others; none while nobody controls it", () => {
    const red = withPlaceControl(state(), 'p2', 'red');
    expect(resolveSides(red, 'place-controller', at('p2'))).toEqual(['red']);
    expect(resolveSides(red, 'place-non-controller', at('p2'))).toEqual(['blue']);
    expect(resolveSides(red, 'place-controller', at('p1'))).toEqual([]);
    expect(resolveSides(state(), 'place-non-controller', at('p2'))).toEqual([]);
  });
});

describe('limit-movement with sides: every unit of a side, wherever it is', () => {
  const MOVES = rule({
    text: 't',
    if: { place: { controlled: true } },
    do: [
      { kind: 'limit-movement', sides: 'place-controller', maxDistance: 3, duration: 'while' },
      { kind: 'limit-movement', sides: 'place-non-controller', maxDistance: 1, duration: 'while' },
    ],
  });
  const limits = (s: CoreState) => s.locationRules.map((r) => ({ location: r.location, sides: r.sides, maxDistance: r.maxDistance }));

  it('binds the units of the sides named when the rule applies, not only those at its place, and follows control as it changes', () => {
    expect(recomputeStatics(state(), [MOVES], firstPolicy).state.locationRules).toEqual([]);
    const red = recomputeStatics(withPlaceControl(state(), 'p2', 'red'), [MOVES], firstPolicy).state;
    expect(limits(red)).toEqual([
      { location: null, sides: ['red'], maxDistance: 3 },
      { location: null, sides: ['blue'], maxDistance: 1 },
    ]);
    const blue = recomputeStatics(withPlaceControl(red, 'p2', 'blue'), [MOVES], firstPolicy).state;
    expect(limits(blue)).toEqual([
      { location: null, sides: ['blue'], maxDistance: 3 },
      { location: null, sides: ['red'], maxDistance: 1 },
    ]);
    expect(limits(recomputeStatics(withPlaceControl(blue, 'p2', null), [MOVES], firstPolicy).state)).toEqual([]);
  });

  it('the recompute that skips a placement seen before tells states apart by who controls a place', () => {
    const set = ruleSet([MOVES]);
    const red = recomputeStaticsOf(withPlaceControl(state(), 'p2', 'red'), set, firstPolicy).state;
    const blue = recomputeStaticsOf(withPlaceControl(red, 'p2', 'blue'), set, firstPolicy, red).state;
    expect(blue.locationRules.map((r) => r.sides)).toEqual([['blue'], ['red']]);
    const back = recomputeStaticsOf(withPlaceControl(blue, 'p2', 'red'), set, firstPolicy, blue).state;
    expect(back.locationRules.map((r) => r.sides)).toEqual([['red'], ['blue']]);
  });

  it("without sides the limit stays at the rule's place, and its state has no `sides` (as before the field)", () => {
    const here = rule({ text: 't', do: [{ kind: 'limit-movement', maxDistance: 0, duration: 'while' }] });
    const [limit] = recomputeStatics(state(), [here], firstPolicy).state.locationRules;
    expect(limit).toEqual({ location: 'p2', units: null, maxUnitsLeaving: null, maxDistance: 0, duration: 'while', source: 'test/bridge' });
  });
});
