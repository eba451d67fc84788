// Properties of the engine core, checked with fast-check over seeds, units and lists of effects
// drawn from every effect the three packs print (layers applied) plus hand-written ones that cover
// every kind: replay is exact, state survives JSON, inputs are never changed, dice stay in range,
// Hits never go negative nor above the maximum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../generated/types/common/effect.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import { records as archonRecords } from '../generated/content/archon-skirmish.js';
import { records as warchonRecords } from '../generated/content/warchon.js';
import { records as warmasterRecords, teleportTables } from '../generated/content/warmaster.js';
import { isAsked } from '../src/engine/core/choices.js';
import type { EffectContext } from '../src/engine/core/context.js';
import { rollDie, type DieName } from '../src/engine/core/dice.js';
import { applyEffects, effectKinds } from '../src/engine/core/effects/index.js';
import { expire, type Moment } from '../src/engine/core/expire.js';
import { randomPolicy } from '../src/engine/core/policy.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { startBattle } from '../src/engine/core/battle.js';
import { createState, type CoreState, type UnitInit } from '../src/engine/core/state.js';

type AnyEffect = DeepReadonly<Effect>;

/** Every `effects` and `do` list anywhere in the content, flattened to single effects. */
function contentEffects(): AnyEffect[] {
  const out: AnyEffect[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if ((key === 'effects' || key === 'do') && Array.isArray(v)) out.push(...(v as AnyEffect[]));
        walk(v);
      }
    }
  };
  walk([warchonRecords, warmasterRecords, archonRecords]);
  return out;
}

const handWritten: AnyEffect[] = [
  { kind: 'modify-strength', target: { side: 'attacker' }, stat: 'as', op: 'add', value: { die: 'd3', plus: 1 }, duration: 'battle-round' },
  { kind: 'modify-strength', target: { side: 'friendly' }, stat: 'cs', op: 'multiply', value: 0.5, rounding: 'up', duration: 'turns' },
  { kind: 'damage', target: { choose: { count: 2, by: 'opponent' } }, hits: 2 },
  { kind: 'heal', target: { side: 'any' }, hits: 3 },
  { kind: 'set-combat-result', result: 'Eg' },
  { kind: 'reroll-combat', cancelledBy: ['u3'] },
  { kind: 'limit-movement', target: { side: 'enemy' }, maxUnitsLeaving: 1, duration: 'battle' },
  { kind: 'take-control', target: { side: 'enemy', choose: { count: 1, by: 'random' } }, by: 'friendly', duration: 'while-here' },
  { kind: 'add-unit', name: 'Conjured Beast', stats: { as: 2, ds: 1, hits: 1 }, traits: ['Summoned'], joins: 'friendly', duration: 'battle' },
  { kind: 'roll-table', table: 'teleportation' },
  { kind: 'swap-positions', target: { choose: { count: 2, by: 'owner' } } },
  { kind: 'prevent-actions', target: { side: 'non-controlling' }, actions: ['attack'], turns: 2 },
  { kind: 'retreat', target: { side: 'defender', choose: { count: 1, by: 'controlling' } }, distance: 2 },
  { kind: 'damage', target: { side: 'defender', as: 'hit' }, hits: 3, distribute: 'owner' },
  { kind: 'damage', target: { side: 'attacker' }, hits: 2, distribute: 'random' },
  { kind: 'destroy', target: { binding: 'hit' } },
  { kind: 'delayed', at: { event: 'battle-ends' }, do: [{ kind: 'destroy', target: { binding: 'self' } }] },
  { kind: 'destroy-place', place: 'here' },
  { kind: 'move-cards', from: 'deck', to: 'hand', count: 2 },
  { kind: 'move-cards', from: 'deck', to: 'discard', count: 1, by: 'random' },
  { kind: 'end-game', winner: 'friendly' },
  { kind: 'may', by: 'random', do: [{ kind: 'damage', target: { side: 'enemy' }, hits: 1 }] },
  { kind: 'may', by: 'owner', do: [{ kind: 'modify-strength', target: { binding: 'self' }, stat: 'cs', op: 'multiply', value: 2, duration: 'battle' }] },
  { kind: 'choose-units', target: { side: 'attacker', choose: { count: 'any', by: 'owner' }, as: 'picked' } },
  { kind: 'choose-units', target: { choose: { count: 'any', by: 'random' }, as: 'picked' } },
  { kind: 'modify-strength', target: { side: 'attacker', exceptBinding: 'picked' }, stat: 'as', op: 'set', value: 0, duration: 'battle' },
  { kind: 'bring-in', target: { side: 'friendly', choose: { count: 1, by: 'controller' } }, sizeForCapacity: { size: 0, duration: 'turn' } },
  { kind: 'bring-in', target: { side: 'any' }, within: 2 },
];

const pool: AnyEffect[] = [...contentEffects(), ...handWritten];

const SIDES = ['azuthka', 'celestine'];
const LOCATIONS = ['field', 'hill', 'river'];

const unitArb = (i: number) =>
  fc
    .record({
      side: fc.constantFrom(...SIDES),
      location: fc.constantFrom(...LOCATIONS),
      as: fc.integer({ min: 0, max: 6 }),
      ds: fc.integer({ min: 0, max: 6 }),
      size: fc.integer({ min: 0, max: 4 }),
      movement: fc.integer({ min: 0, max: 4 }),
      hits: fc.integer({ min: 1, max: 4 }),
      lost: fc.integer({ min: 0, max: 3 }),
      traits: fc.subarray(['aerial', 'aquatic', 'construct', 'nether', 'imperial-guard']),
    })
    .map(
      (u): UnitInit => ({
        id: `u${i}`,
        record: ['brimstone-dragons', 'goblin-assassins', 'the-emperor', 'warmaster-horus', 'crew', 'doombreed'][i % 6]!,
        side: u.side,
        location: u.location,
        stats: { as: u.as, ds: u.ds, size: u.size, movement: u.movement, hits: u.hits },
        hits: Math.max(1, u.hits - u.lost),
        traits: u.traits,
      }),
    );

const stateArb = fc
  .record({
    seed: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    count: fc.integer({ min: 0, max: 7 }),
    attacker: fc.constantFrom(...SIDES),
    controlling: fc.constantFrom(...SIDES, null),
  })
  .chain(({ seed, count, attacker, controlling }) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => unitArb(i))).map((units) =>
      startBattle(createState({ seed, sides: SIDES, units, zones: { deck: ['trap', 'horror', 'crew', 'trap'] } }), {
        location: 'field',
        attacker,
        defender: SIDES.find((s) => s !== attacker)!,
        controlling,
      }),
    ),
  );

const ctxArb = fc.record({ owner: fc.constantFrom(...SIDES, null) }).map(
  ({ owner }): EffectContext => ({
    owner,
    source: 'property',
    createUnit: (record) => ({ record, name: record, stats: { as: 1, ds: 1, hits: 2 }, traits: ['aquatic'] }),
    destinations: (_state, unit, move) => LOCATIONS.filter((l) => l !== unit.location).slice(0, move.kind === 'retreat' ? 1 : 2),
    table: (id) => (id === 'teleportation' ? teleportTables.teleportation : undefined),
    // A number both sides make together, as Warchon's fingers on a spread's RNG (a Latin square).
    generate: (state, _die, _ctx, policy) => {
      const a = policy.chooseNumber(state, { side: 'azuthka', min: 1, max: 5, reason: 'property' });
      if (isAsked(a)) return a;
      const d = policy.chooseNumber(state, { side: 'celestine', min: 1, max: 5, reason: 'property', after: ['azuthka'] });
      if (isAsked(d)) return d;
      return { value: ((a + d) % 5) + 1, text: `${a} and ${d}`, data: { a, d } };
    },
  }),
);

const effectsArb = fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 8 });
const momentArb = fc.constantFrom<Moment>('battle-round', 'battle', 'turn', { turnOf: 'azuthka' }, { turnOf: 'celestine' }, { leaving: 'u0' });

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('engine core properties', () => {
  it('the pool covers every effect kind of the vocabulary', () => {
    expect(new Set(pool.map((e) => e.kind))).toEqual(new Set(effectKinds));
  });

  it('replay: the same seed, effects, context and policy seed give the same state and log', () => {
    fc.assert(
      fc.property(stateArb, effectsArb, ctxArb, fc.integer(), momentArb, (state, effects, ctx, policySeed, moment) => {
        const run = () => {
          const applied = applyEffects(state, effects, ctx, randomPolicy(policySeed));
          return expire(applied.state, moment);
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 300 },
    );
  });

  it('the state is plain JSON: a JSON round trip in the middle of a game changes nothing that follows', () => {
    fc.assert(
      fc.property(stateArb, effectsArb, effectsArb, ctxArb, fc.integer(), (state, first, second, ctx, policySeed) => {
        const policy = randomPolicy(policySeed);
        const middle = applyEffects(state, first, ctx, policy).state;
        const roundTripped = JSON.parse(JSON.stringify(middle)) as CoreState;
        expect(roundTripped).toEqual(middle);
        const policyAgain = randomPolicy(policySeed);
        applyEffects(state, first, ctx, policyAgain);
        expect(applyEffects(roundTripped, second, ctx, policyAgain)).toEqual(applyEffects(middle, second, ctx, policy));
      }),
      { numRuns: 150 },
    );
  });

  it('effects and expiry never change their input state (deep-frozen input, same JSON after)', () => {
    fc.assert(
      fc.property(stateArb, effectsArb, ctxArb, fc.integer(), momentArb, (state, effects, ctx, policySeed, moment) => {
        const before = JSON.stringify(state);
        const frozen = deepFreeze(structuredClone(state));
        const applied = applyEffects(frozen, effects, ctx, randomPolicy(policySeed));
        expire(deepFreeze(applied.state), moment);
        expect(JSON.stringify(frozen)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it('damage never leaves negative Hits; a unit is destroyed exactly when it reaches 0; heal never passes the maximum', () => {
    const hitsEffects = fc.array(
      fc.oneof(
        fc.record({ hits: fc.integer({ min: 1, max: 9 }) }).map((e): AnyEffect => ({ kind: 'damage', target: {}, hits: e.hits })),
        fc.record({ hits: fc.integer({ min: 1, max: 9 }) }).map((e): AnyEffect => ({ kind: 'heal', target: {}, hits: e.hits })),
      ),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(stateArb, hitsEffects, ctxArb, (state, effects, ctx) => {
        const after = applyEffects(state, effects, ctx, randomPolicy(1)).state;
        for (const u of after.units) {
          expect(u.hits).toBeGreaterThanOrEqual(0);
          expect(u.hits).toBeLessThanOrEqual(u.maxHits);
          if (u.hits === 0) expect(u.destroyed).toBe(true);
        }
      }),
    );
  });

  it('distributed damage: the Hits given out are the printed total or every Hit the targets have, never more than a unit has', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom<'owner' | 'opponent' | 'random'>('owner', 'opponent', 'random'),
        fc.integer(),
        (state, hits, by, policySeed) => {
          const targets = state.units.filter((u) => !u.destroyed && u.location === 'field');
          const before = new Map(targets.map((u) => [u.id, u.hits]));
          const after = applyEffects(
            state,
            [{ kind: 'damage', target: {}, hits, distribute: by }],
            { owner: 'azuthka', source: 'property' },
            randomPolicy(policySeed),
          ).state;
          let given = 0;
          for (const u of after.units) {
            if (!before.has(u.id)) continue;
            const lost = before.get(u.id)! - u.hits;
            expect(lost).toBeGreaterThanOrEqual(0);
            expect(u.hits).toBeGreaterThanOrEqual(0);
            given += lost;
          }
          const available = [...before.values()].reduce((a, b) => a + b, 0);
          expect(given).toBe(Math.min(hits, available));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every die stays in range; d66 digits are each 1-6', () => {
    // `rng` is not rolled: the game generates it (context.ts `generate`).
    const faces: Record<Exclude<DieName, 'rng'>, [number, number]> = { d6: [1, 6], d3: [1, 3], d66: [11, 66] };
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<Exclude<DieName, 'rng'>>('d6', 'd3', 'd66'), fc.integer({ min: 1, max: 50 }), (seed, die, n) => {
        let random: RandomState = seedRandom(seed);
        for (let i = 0; i < n; i++) {
          const drawn = rollDie(random, die);
          random = drawn.random;
          const [min, max] = faces[die];
          expect(drawn.value).toBeGreaterThanOrEqual(min);
          expect(drawn.value).toBeLessThanOrEqual(max);
          expect(Number.isInteger(drawn.value)).toBe(true);
          if (die === 'd66') expect(String(drawn.value)).toMatch(/^[1-6][1-6]$/);
        }
      }),
    );
  });

  it('every effect the packs print runs on any battle without error and logs at least one entry', () => {
    fc.assert(
      fc.property(stateArb, ctxArb, fc.integer(), (state, ctx, policySeed) => {
        for (const effect of pool) expect(applyEffects(state, [effect], ctx, randomPolicy(policySeed)).log.length).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });
});
