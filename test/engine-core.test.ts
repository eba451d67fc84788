// Engine core primitives: the seeded generator, dice, the state model and effective stats, unit
// filters, policies and the end of durations. Effects have their own file
// (engine-core-effects.test.ts), properties another (engine-core-properties.test.ts).
import { describe, expect, it } from 'vitest';
import { dieFaces, roll1to5, rollD3, rollD6, rollD66, rollDie } from '../src/engine/core/dice.js';
import { expire } from '../src/engine/core/expire.js';
import { choosingSide, selectUnits } from '../src/engine/core/filter.js';
import { firstPolicy, policyBySide, randomPolicy, type Policy, type UnitChoice } from '../src/engine/core/policy.js';
import { nextInt, seedRandom, type RandomState } from '../src/engine/core/random.js';
import { endBattle, startBattle } from '../src/engine/core/battle.js';
import { createState, findUnit, fightsFor, makeUnit, mayAct, updateUnit, type CoreState, type Modifier, type UnitInit } from '../src/engine/core/state.js';
import { effectiveStat, effectiveStats } from '../src/engine/core/stats.js';
import type { EffectContext } from '../src/engine/core/context.js';

function rolls(random: RandomState, n: number, roll: (r: RandomState) => { value: number; random: RandomState }): number[] {
  const out: number[] = [];
  let r = random;
  for (let i = 0; i < n; i++) {
    const d = roll(r);
    out.push(d.value);
    r = d.random;
  }
  return out;
}

function unit(id: string, side: string, stats: UnitInit['stats'], traits: string[] = [], location = 'field'): UnitInit {
  return { id, record: id.replace(/#\d+$/, ''), side, location, stats, traits };
}

function battle(units: UnitInit[], controlling: string | null = 'azuthka'): CoreState {
  return startBattle(createState({ seed: 7, sides: ['azuthka', 'celestine'], units }), {
    location: 'field',
    attacker: 'azuthka',
    defender: 'celestine',
    controlling,
  });
}

const ctx: EffectContext = { owner: 'azuthka', source: 'test' };

function modifier(m: Partial<Modifier> & Pick<Modifier, 'stat' | 'op' | 'value'>): Modifier {
  return { rounding: null, duration: 'turn', location: 'field', turnsLeft: null, source: 'test', ...m };
}

/** A policy that records every unit choice it is asked, and answers with the first candidates. */
function spyPolicy(): Policy & { asked: UnitChoice[] } {
  const asked: UnitChoice[] = [];
  return { ...firstPolicy, asked, chooseUnits: (state, choice) => (asked.push(choice), firstPolicy.chooseUnits(state, choice)) };
}

describe('random: seeded pure-rand generator kept as plain JSON', () => {
  it('a seed gives a plain-JSON state that survives a JSON round trip and replays the same draws', () => {
    const random = seedRandom(42);
    const copy = JSON.parse(JSON.stringify(random)) as RandomState;
    expect(copy).toEqual(random);
    expect(random.algorithm).toBe('xoroshiro128plus');
    expect(rolls(copy, 50, rollD6)).toEqual(rolls(random, 50, rollD6));
  });

  it('nextInt is pure: the same state gives the same value, and the returned state moves on', () => {
    const random = seedRandom(1);
    const a = nextInt(random, 1, 100);
    const b = nextInt(random, 1, 100);
    expect(a).toEqual(b);
    expect(a.random).not.toEqual(random);
    expect(random).toEqual(seedRandom(1));
  });

  it('nearby seeds do not open with the same cycle of rolls (the seed is scrambled)', () => {
    const firsts = Array.from({ length: 60 }, (_, seed) => rollD6(seedRandom(seed)).value);
    // xoroshiro seeded directly repeats 2,1,6,5,4,3 for seeds 0,1,2,...; a scrambled seed does not.
    const cycle = Array.from({ length: 60 }, (_, i) => [2, 1, 6, 5, 4, 3][i % 6]);
    expect(firsts).not.toEqual(cycle);
    expect(new Set(firsts).size).toBe(6);
  });

  it('rejects a seed that is not a whole number and bounds that are reversed', () => {
    expect(() => seedRandom(1.5)).toThrow(/whole number/);
    expect(() => nextInt(seedRandom(1), 6, 1)).toThrow(/min <= max/);
  });
});

describe('dice: d6, d3, d66, the 1-5 generated number', () => {
  const random = seedRandom(2024);

  it('d6 shows 1-6, d3 1-3, the generated number 1-5, each face at least once in 3000 rolls', () => {
    expect(new Set(rolls(random, 3000, rollD6))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(rolls(random, 3000, rollD3))).toEqual(new Set([1, 2, 3]));
    expect(new Set(rolls(random, 3000, roll1to5))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('d66 reads two d6 as tens and units: 36 results 11..66, no 0, 7, 8 or 9 digit', () => {
    const results = new Set(rolls(random, 5000, rollD66));
    expect(results).toEqual(new Set(dieFaces('d66')));
    expect(results.size).toBe(36);
    for (const r of results) expect(String(r)).toMatch(/^[1-6][1-6]$/);
  });

  it('d66 is the first d6 as tens and the next as units', () => {
    const tens = rollD6(random);
    const units = rollD6(tens.random);
    expect(rollD66(random)).toEqual({ value: tens.value * 10 + units.value, random: units.random });
  });

  it("rollDie follows the schema Die names: d6, d66, d3; rng is the game's own number (fingers), never rolled from the generator", () => {
    expect(rollDie(random, 'd6')).toEqual(rollD6(random));
    expect(rollDie(random, 'd66')).toEqual(rollD66(random));
    expect(() => rollDie(random, 'rng')).toThrow(/the game's own number/);
    expect(rollDie(random, 'd3')).toEqual(rollD3(random));
    expect(() => rollDie(random, 'd20' as never)).toThrow(/Unknown die d20/);
  });

  it('the generated number is uniform enough: each of 1-5 within 10% of 1/5 over 10000 rolls', () => {
    const counts = [0, 0, 0, 0, 0];
    for (const v of rolls(random, 10000, roll1to5)) counts[v - 1]!++;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });
});

describe('state: plain JSON units and effective stats', () => {
  it('makeUnit spreads a printed CS to AS and DS, takes Hits from the hits stat, lower-cases traits', () => {
    const u = makeUnit({ id: 'elemental#1', side: 'azuthka', stats: { cs: 4, hits: 2, size: null }, traits: ['Aquatic'] });
    expect(u.stats).toEqual({ as: 4, ds: 4, hits: 2 });
    expect(u.hits).toBe(2);
    expect(u.maxHits).toBe(2);
    expect(u.traits).toEqual(['aquatic']);
    expect(JSON.parse(JSON.stringify(u))).toEqual(u);
  });

  it('createState refuses two units with one instance id', () => {
    expect(() => createState({ seed: 1, sides: ['a', 'b'], units: [unit('x', 'a', {}), unit('x', 'b', {})] })).toThrow(/instance id x/);
  });

  it('effective stats apply add, then multiply with its rounding, then set, whatever the order they came in', () => {
    const base = makeUnit({ id: 'u', side: 'a', location: 'field', stats: { as: 3, ds: 5 } });
    const u = {
      ...base,
      modifiers: [
        modifier({ stat: 'cs', op: 'multiply', value: 0.5, rounding: 'down' }),
        modifier({ stat: 'as', op: 'add', value: 2 }),
        modifier({ stat: 'ds', op: 'set', value: 1 }),
      ],
    };
    expect(effectiveStat(u, 'as')).toBe(2); // (3 + 2) * 0.5 = 2.5, rounded down
    expect(effectiveStat(u, 'ds')).toBe(1); // set wins last
    expect(effectiveStats(u)).toEqual({ as: 2, ds: 1, hits: 1 });
  });

  it('multiply without a printed rounding keeps the fraction; up and nearest round as named', () => {
    const base = makeUnit({ id: 'u', side: 'a', location: 'field', stats: { as: 3 } });
    expect(effectiveStat({ ...base, modifiers: [modifier({ stat: 'as', op: 'multiply', value: 0.5 })] }, 'as')).toBe(1.5);
    expect(effectiveStat({ ...base, modifiers: [modifier({ stat: 'as', op: 'multiply', value: 0.5, rounding: 'up' })] }, 'as')).toBe(2);
    expect(effectiveStat({ ...base, modifiers: [modifier({ stat: 'as', op: 'multiply', value: 0.5, rounding: 'nearest' })] }, 'as')).toBe(2);
  });

  it('a while-here modifier counts only at the location where it began', () => {
    const base = makeUnit({ id: 'u', side: 'a', location: 'irondale', stats: { as: 2 } });
    const u = { ...base, modifiers: [modifier({ stat: 'cs', op: 'add', value: 1, duration: 'while-here', location: 'irondale' })] };
    expect(effectiveStat(u, 'as')).toBe(3);
    expect(effectiveStat({ ...u, location: 'mount-tzask' }, 'as')).toBe(2);
  });

  it('a stat the source does not print stays null unless a set gives it a value', () => {
    const u = makeUnit({ id: 'u', side: 'a', stats: { as: null } });
    expect(effectiveStat(u, 'as')).toBeNull();
    expect(effectiveStat({ ...u, modifiers: [modifier({ stat: 'as', op: 'add', value: 1 })] }, 'as')).toBeNull();
    expect(effectiveStat({ ...u, modifiers: [modifier({ stat: 'cs', op: 'set', value: 7 })] }, 'as')).toBe(7);
  });
});

describe('filter: unit filters against the state and the rule context', () => {
  const state = battle([
    unit('ogres', 'azuthka', { as: 4, ds: 4, size: 3, movement: 2 }, ['ogre', 'brutes', 'nether']),
    unit('swarm', 'azuthka', { as: 2, ds: 2, size: 2, movement: 3 }, ['demon', 'nether']),
    unit('paladins', 'celestine', { as: 3, ds: 2, size: 2, movement: 2 }, ['human', 'warriors', 'purity']),
    unit('angels', 'celestine', { as: 3, ds: 3, size: 1, movement: 4 }, ['aerial']),
    unit('far-away', 'celestine', { as: 9, ds: 9 }, [], 'elsewhere'),
  ]);
  const ids = (filter: Parameters<typeof selectUnits>[1], c: EffectContext = ctx) => selectUnits(state, filter, c, firstPolicy).ids;

  it('selects only units at the rule location (the battle location by default; null means everywhere)', () => {
    expect(ids({})).toEqual(['ogres', 'swarm', 'paladins', 'angels']);
    expect(ids({}, { ...ctx, location: null })).toContain('far-away');
    expect(ids({}, { ...ctx, location: 'elsewhere' })).toEqual(['far-away']);
  });

  it('side: attacker, defender, controlling, non-controlling, friendly, enemy, any', () => {
    expect(ids({ side: 'attacker' })).toEqual(['ogres', 'swarm']);
    expect(ids({ side: 'defender' })).toEqual(['paladins', 'angels']);
    expect(ids({ side: 'controlling' })).toEqual(['ogres', 'swarm']);
    expect(ids({ side: 'non-controlling' })).toEqual(['paladins', 'angels']);
    expect(ids({ side: 'friendly' }, { ...ctx, owner: 'celestine' })).toEqual(['paladins', 'angels']);
    expect(ids({ side: 'enemy' }, { ...ctx, owner: 'celestine' })).toEqual(['ogres', 'swarm']);
    expect(ids({ side: 'any' })).toHaveLength(4);
    // A rule of the board (no owner) has no friends or enemies.
    expect(ids({ side: 'friendly' }, { ...ctx, owner: null })).toEqual([]);
  });

  it("a unit another army controls counts on that army's side", () => {
    const bribed = updateUnit(state, 'angels', (u) => ({
      ...u,
      controlledBy: { side: 'azuthka', sizeForCapacity: 0, duration: 'turn', location: 'field', turnsLeft: null, source: 't' },
    }));
    expect(fightsFor(findUnit(bribed, 'angels')!)).toBe('azuthka');
    expect(selectUnits(bribed, { side: 'attacker' }, ctx, firstPolicy).ids).toEqual(['ogres', 'swarm', 'angels']);
  });

  it('units and exceptUnits match record ids; hasTrait needs every trait, lacksTrait none (descriptors too)', () => {
    expect(ids({ units: ['paladins', 'ogres'] })).toEqual(['ogres', 'paladins']);
    expect(ids({ exceptUnits: ['ogres'] })).toEqual(['swarm', 'paladins', 'angels']);
    expect(ids({ hasTrait: ['nether', 'Ogre'] })).toEqual(['ogres']);
    expect(ids({ lacksTrait: ['aerial', 'aquatic'] })).toEqual(['ogres', 'swarm', 'paladins']);
  });

  it('stat comparisons use effective stats; cs must hold for both AS and DS', () => {
    expect(ids({ stat: { stat: 'movement', op: 'lte', value: 2 } })).toEqual(['ogres', 'paladins']);
    expect(ids({ stat: { stat: 'size', op: 'gte', value: 3 } })).toEqual(['ogres']);
    expect(ids({ stat: { stat: 'cs', op: 'gte', value: 3 } })).toEqual(['ogres', 'angels']);
    expect(ids({ stat: { stat: 'size', op: 'eq', value: 2 } })).toEqual(['swarm', 'paladins']);
    const weakened = updateUnit(state, 'ogres', (u) => ({ ...u, modifiers: [modifier({ stat: 'ds', op: 'add', value: -3 })] }));
    expect(selectUnits(weakened, { stat: { stat: 'ds', op: 'lt', value: 2 } }, ctx, firstPolicy).ids).toEqual(['ogres']);
  });

  it('extreme: highest or lowest, every tied unit, after the other conditions', () => {
    expect(ids({ extreme: { stat: 'ds', which: 'lowest' } })).toEqual(['swarm', 'paladins']);
    expect(ids({ extreme: { stat: 'size', which: 'highest' } })).toEqual(['ogres']);
    expect(ids({ side: 'defender', extreme: { stat: 'movement', which: 'highest' } })).toEqual(['angels']);
  });

  it('choose by owner asks the side the candidates fight for; opponent asks the other side', () => {
    const spy = spyPolicy();
    expect(selectUnits(state, { side: 'defender', choose: { count: 1, by: 'owner' } }, ctx, spy).ids).toEqual(['paladins']);
    selectUnits(state, { side: 'defender', choose: { count: 1, by: 'opponent' } }, ctx, spy);
    expect(spy.asked.map((a) => a.side)).toEqual(['celestine', 'azuthka']);
    expect(spy.asked[0]!.candidates).toEqual(['paladins', 'angels']);
  });

  it("choose by controlling / non-controlling asks the battle's Controlling army or the other", () => {
    const units = state.units.filter((u) => u.location === 'field');
    expect(choosingSide(state, 'controlling', units, ctx)).toBe('azuthka');
    expect(choosingSide(state, 'non-controlling', units, ctx)).toBe('celestine');
    // Candidates of both sides: "owner" falls to the rule's owner, "opponent" to its enemy.
    expect(choosingSide(state, 'owner', units, ctx)).toBe('azuthka');
    expect(choosingSide(state, 'opponent', units, ctx)).toBe('celestine');
  });

  it('choose at random draws from the state generator: same state, same pick; the generator moves on', () => {
    const a = selectUnits(state, { choose: { count: 2, by: 'random' } }, ctx, firstPolicy);
    const b = selectUnits(state, { choose: { count: 2, by: 'random' } }, ctx, firstPolicy);
    expect(a).toEqual(b);
    expect(a.ids).toHaveLength(2);
    expect(a.random).not.toEqual(state.random);
  });

  it('picking n of n or fewer candidates asks nobody and takes them all', () => {
    const spy = spyPolicy();
    expect(selectUnits(state, { units: ['ogres'], choose: { count: 1, by: 'owner' } }, ctx, spy).ids).toEqual(['ogres']);
    expect(spy.asked).toEqual([]);
  });

  it('a policy answer that is not count distinct candidates is an error naming the choice', () => {
    const bad: Policy = { ...firstPolicy, chooseUnits: () => ['far-away'] };
    expect(() => selectUnits(state, { side: 'defender', choose: { count: 1, by: 'owner' } }, ctx, bad)).toThrow(
      /must pick 1 distinct unit\(s\) of paladins, angels/,
    );
  });
});

describe('policy: deterministic, seeded random, per side', () => {
  const state = createState({ seed: 1, sides: ['a', 'b'] });
  const choice = { side: 'a', candidates: ['u1', 'u2', 'u3', 'u4'], count: 2, reason: 'test' };

  it('the default policy takes the first candidates and location, keeps results (no re-roll)', () => {
    expect(firstPolicy.chooseUnits(state, choice)).toEqual(['u1', 'u2']);
    expect(firstPolicy.chooseLocation(state, { side: 'a', unit: 'u1', candidates: ['x', 'y'], reason: '' })).toBe('x');
    expect(firstPolicy.useReroll(state, { side: 'a', result: 'A1' })).toBe(false);
  });

  it('the random policy with the same seed makes the same choices, and valid ones', () => {
    const a = randomPolicy(5);
    const b = randomPolicy(5);
    const picksA = Array.from({ length: 20 }, () => a.chooseUnits(state, choice));
    const picksB = Array.from({ length: 20 }, () => b.chooseUnits(state, choice));
    expect(picksA).toEqual(picksB);
    for (const p of picksA) {
      expect(new Set(p).size).toBe(2);
      for (const id of p) expect(choice.candidates).toContain(id);
    }
    expect(new Set(picksA.map((p) => p.join()))).not.toEqual(new Set([picksA[0]!.join()]));
  });

  it("policyBySide sends each side's decisions to its own policy", () => {
    const last: Policy = { ...firstPolicy, chooseUnits: (_s, c) => c.candidates.slice(-c.count) };
    const p = policyBySide({ b: last });
    expect(p.chooseUnits(state, choice)).toEqual(['u1', 'u2']);
    expect(p.chooseUnits(state, { ...choice, side: 'b' })).toEqual(['u3', 'u4']);
  });
});

describe("expire: durations end at battle round, battle, turn, a side's turn, leaving", () => {
  const durations = ['instant', 'battle-round', 'battle', 'turn', 'while-here', 'turns', 'permanent'] as const;
  const state = updateUnit(battle([unit('u', 'azuthka', { as: 1 })]), 'u', (u) => ({
    ...u,
    modifiers: durations.map((duration) => modifier({ stat: 'as', op: 'add', value: 1, duration, turnsLeft: duration === 'turns' ? 2 : null })),
    prevented: [{ actions: ['move'], turnsLeft: 2, source: 't' }],
  }));
  const left = (s: CoreState) => findUnit(s, 'u')!.modifiers.map((m) => m.duration);

  it('the end of a battle round ends battle-round effects only', () => {
    expect(left(expire(state, 'battle-round').state)).toEqual(['instant', 'battle', 'turn', 'while-here', 'turns', 'permanent']);
  });

  it('the end of a battle ends battle and battle-round effects', () => {
    expect(left(expire(state, 'battle').state)).toEqual(['instant', 'turn', 'while-here', 'turns', 'permanent']);
  });

  it('the end of a turn ends turn effects and counts down turns (prevented actions too)', () => {
    const once = expire(state, 'turn').state;
    expect(left(once)).toEqual(['instant', 'while-here', 'turns', 'permanent']);
    expect(findUnit(once, 'u')!.prevented[0]!.turnsLeft).toBe(1);
    expect(mayAct(findUnit(once, 'u')!, 'move')).toBe(false);
    const twice = expire(once, 'turn').state;
    expect(left(twice)).toEqual(['instant', 'while-here', 'permanent']);
    expect(findUnit(twice, 'u')!.prevented).toEqual([]);
    expect(mayAct(findUnit(twice, 'u')!, 'move')).toBe(true);
  });

  it("the end of the other side's turn ends turn effects but counts down nothing of this unit", () => {
    const other = expire(state, { turnOf: 'celestine' }).state;
    expect(left(other)).toEqual(['instant', 'while-here', 'turns', 'permanent']);
    expect(findUnit(other, 'u')!.prevented[0]!.turnsLeft).toBe(2);
    const own = expire(state, { turnOf: 'azuthka' }).state;
    expect(findUnit(own, 'u')!.prevented[0]!.turnsLeft).toBe(1);
  });

  it('leaving the location ends while-here effects of that unit only', () => {
    expect(left(expire(state, { leaving: 'u' }).state)).toEqual(['instant', 'battle-round', 'battle', 'turn', 'turns', 'permanent']);
    expect(left(expire(state, { leaving: 'someone-else' }).state)).toEqual([...durations]);
  });

  it('expire logs what ended, in state.log too, and never changes its input', () => {
    const before = JSON.stringify(state);
    const done = expire(state, 'turn');
    expect(JSON.stringify(state)).toBe(before);
    expect(done.log.length).toBeGreaterThan(0);
    expect(done.state.log).toEqual(done.log);
    expect(done.log[0]).toMatchObject({ kind: 'expire', units: ['u'] });
  });
});

describe('battle: ending it', () => {
  it('endBattle ends battle and battle-round effects, keeps turn effects, and clears the battle', () => {
    const state = updateUnit(battle([unit('u', 'azuthka', { as: 1 })]), 'u', (u) => ({
      ...u,
      modifiers: [modifier({ stat: 'as', op: 'add', value: 1, duration: 'battle' }), modifier({ stat: 'as', op: 'add', value: 2, duration: 'turn' })],
    }));
    const done = endBattle(state);
    expect(done.state.battle).toBeNull();
    expect(effectiveStat(findUnit(done.state, 'u')!, 'as')).toBe(3);
    expect(done.state.log).toEqual(done.log);
  });
});
