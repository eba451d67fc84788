// Choices inside effects as moves (src/engine/core/choices.ts): the effects run with the answers
// given so far, ask for the next one by throwing NeedsChoice, and re-run from the same state with
// one answer more, drawing the same random numbers each time.
import { describe, expect, it } from 'vitest';
import { answeringPolicy, NeedsChoice, possibleAnswers, withAnswers } from '../src/engine/core/choices.js';
import { applyEffects } from '../src/engine/core/effects/index.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { createState } from '../src/engine/core/state.js';

const state = createState({
  seed: 11,
  sides: ['a', 'b'],
  units: [
    { id: 'a1', side: 'a', location: 'x', stats: { as: 2, ds: 2, hits: 2 } },
    { id: 'a2', side: 'a', location: 'x', stats: { as: 2, ds: 2, hits: 1 } },
    { id: 'b1', side: 'b', location: 'x', stats: { as: 2, ds: 2, hits: 1 } },
    { id: 'b2', side: 'b', location: 'x', stats: { as: 2, ds: 2, hits: 1 } },
  ],
});
const effects = [
  { kind: 'roll', die: 'd6', outcomes: [{ range: { min: 1, max: 6 }, effects: [{ kind: 'no-effect' }] }] },
  { kind: 'damage', target: { side: 'friendly', choose: { count: 1, by: 'owner' } }, hits: 1 },
  { kind: 'damage', target: { side: 'enemy', choose: { count: 1, by: 'owner' } }, hits: 1 },
] as const;
const ctx = { owner: 'a', source: 'test', location: 'x' };
const run = (answers: string[][]) => withAnswers(answers, firstPolicy, (policy) => applyEffects(state, effects as never, ctx, policy));

describe('choices inside effects as moves', () => {
  it('asks each side in turn, then completes; a re-run draws the same numbers', () => {
    const first = run([]);
    expect(first).toMatchObject({ done: false, request: { kind: 'units', side: 'a', candidates: ['a1', 'a2'], count: 1 } });
    const second = run([['a1']]);
    expect(second).toMatchObject({ done: false, request: { side: 'b', candidates: ['b1', 'b2'] } });
    const done = run([['a1'], ['b2']]);
    expect(done.done).toBe(true);
    if (!done.done) return;
    const units = Object.fromEntries(done.value.state.units.map((u) => [u.id, [u.hits, u.destroyed]]));
    expect(units).toEqual({ a1: [1, false], a2: [1, false], b1: [1, false], b2: [0, true] });
    // The same answers give the same state, with the same roll.
    const again = run([['a1'], ['b2']]);
    expect(JSON.stringify(again)).toBe(JSON.stringify(done));
    expect(JSON.stringify(state)).toBe(
      JSON.stringify(
        createState({
          seed: 11,
          sides: ['a', 'b'],
          units: state.units.map((u) => ({ id: u.id, side: u.side, location: u.location, stats: { as: 2, ds: 2, hits: u.maxHits } })),
        }),
      ),
    );
  });

  it('offers every answer a request allows: each candidate, or each pick of `count`', () => {
    expect(possibleAnswers({ kind: 'units', side: 'a', candidates: ['p', 'q', 'r'], count: 2, reason: '' })).toEqual([
      ['p', 'q'],
      ['p', 'r'],
      ['q', 'r'],
    ]);
    expect(possibleAnswers({ kind: 'location', side: 'a', unit: 'u', candidates: ['s1', 's2'], reason: '' })).toEqual([['s1'], ['s2']]);
  });

  it("a question no side can be named for is the rules' own and asks nobody", () => {
    const policy = answeringPolicy([], firstPolicy);
    expect(policy.chooseUnits(state, { side: null, candidates: ['a1', 'a2'], count: 1, reason: '' })).toEqual(['a1']);
    expect(() => policy.chooseUnits(state, { side: 'a', candidates: ['a1', 'a2'], count: 1, reason: '' })).toThrow(NeedsChoice);
  });
});
