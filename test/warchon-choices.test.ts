// Choices inside effects as moves (src/engine/core/choices.ts): the effects run with the answers
// given so far, ask for the next one by returning it (`Asked`, passed up by the effects, `fire` and
// the runner as their result), and re-run from the same state with one answer more, drawing the
// same random numbers each time.
import { describe, expect, it } from 'vitest';
import { answeringPolicy, isAsked, possibleAnswers, withAnswers } from '../src/engine/core/choices.js';
import type { EffectContext } from '../src/engine/core/context.js';
import { applyEffects } from '../src/engine/core/effects/index.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { fire, recomputeStatics, type RuleSource } from '../src/engine/core/rules/index.js';
import { announce, runEffects } from '../src/engine/core/rules/run.js';
import { ruleSet } from '../src/engine/core/rules/rule-set.js';
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
    expect(policy.chooseUnits(state, { side: 'a', candidates: ['a1', 'a2'], count: 1, reason: 'r' })).toEqual({
      asked: { kind: 'units', side: 'a', candidates: ['a1', 'a2'], count: 1, reason: 'r' },
    });
  });
});

describe('a question is a returned value, passed up as the result', () => {
  const pick = { side: 'friendly', choose: { count: 1, by: 'owner' } } as const;
  const asked = { asked: { kind: 'units', side: 'a', candidates: ['a1', 'a2'], count: 1, reason: 'test' } };

  it('a policy out of answers returns the question; the effects stop there and return it, with nothing after it applied', () => {
    // A second question after the first would be a runner going on past it: the policy would refuse it (below).
    const result = applyEffects(
      state,
      [
        { kind: 'damage', target: pick, hits: 1 },
        { kind: 'destroy', target: { side: 'enemy' } },
      ],
      ctx,
      answeringPolicy([], firstPolicy),
    );
    expect(result).toEqual(asked);
  });

  it('a nested question (a roll outcome, a may) is passed up by its effect', () => {
    const roll = { kind: 'roll', die: 'd6', outcomes: [{ range: { min: 1, max: 6 }, effects: [{ kind: 'damage', target: pick, hits: 1 }] }] } as const;
    expect(applyEffects(state, [roll], ctx, answeringPolicy([], firstPolicy))).toEqual(asked);
    const may = { kind: 'may', by: 'controller', do: [{ kind: 'damage', target: pick, hits: 1 }] } as const;
    expect(applyEffects(state, [may], ctx, answeringPolicy([['0']], firstPolicy))).toEqual(asked);
  });

  it('fire, the statics recompute and the runner (announce, runEffects) return the question a rule asks', () => {
    const onEnd: RuleSource = {
      key: 'game/a#/cull',
      holder: { side: 'a' },
      rule: { text: '', when: { event: 'turn-ends' }, do: [{ kind: 'damage', target: pick, hits: 1 }] },
    };
    const event = { event: 'turn-ends', side: 'a' } as const;
    const fired = fire(state, event, [onEnd], answeringPolicy([], firstPolicy));
    expect(fired).toMatchObject({ asked: { side: 'a', reason: 'game/a#/cull' } });
    const rules = ruleSet([onEnd]);
    expect(announce(state, rules, event, answeringPolicy([], firstPolicy))).toEqual(fired);
    const cull = [{ kind: 'damage', target: pick, hits: 1 }] as const;
    expect(runEffects(state, rules, cull, ctx, answeringPolicy([], firstPolicy))).toEqual(asked);
    const aura: RuleSource = {
      key: 'game/a#/aura',
      holder: { side: 'a' },
      rule: { text: '', do: [{ kind: 'modify-strength', target: pick, stat: 'as', op: 'add', value: 1, duration: 'while' }] },
    };
    const auraAsked = { asked: { kind: 'units', side: 'a', candidates: ['a1', 'a2'], count: 1, reason: 'game/a#/aura' } };
    expect(recomputeStatics(state, [aura], answeringPolicy([], firstPolicy))).toEqual(auraAsked);
    // The statics recomputed after an event (fire's last step; the runner's own when nothing fires).
    expect(fire(state, event, [aura], answeringPolicy([], firstPolicy))).toEqual(auraAsked);
    expect(announce(state, ruleSet([aura]), event, answeringPolicy([], firstPolicy))).toEqual(auraAsked);
  });

  it('a runner that goes on past a question, or drops it, is a bug and is refused', () => {
    const one = [{ kind: 'damage', target: pick, hits: 1 }] as const;
    // Asked again after an unanswered question: the policy refuses.
    expect(() =>
      withAnswers([], firstPolicy, (policy) => {
        applyEffects(state, one, ctx, policy);
        return applyEffects(state, one, ctx, policy);
      }),
    ).toThrow(/went unanswered: a run must stop at the question/);
    // A value returned though a question went unanswered: withAnswers refuses it.
    expect(() =>
      withAnswers([], firstPolicy, (policy) => {
        applyEffects(state, one, ctx, policy);
        return 'done';
      }),
    ).toThrow(/returned a result though "test" went unanswered/);
  });

  it("a die the game generates (rng) is the game's hook's number, which may ask the sides; a game without the hook gets an error naming the rule, never a roll", () => {
    const rollRng = [
      {
        kind: 'roll',
        die: 'rng',
        outcomes: [{ range: { min: 1, max: 2 }, effects: [{ kind: 'damage', target: { side: 'enemy', choose: { count: 1, by: 'owner' } }, hits: 1 }] }],
      },
    ] as const;
    // A game's hook: each side picks a number (the second after the first, unseen), the sum is the number.
    const generate: NonNullable<EffectContext['generate']> = (s, _die, _ctx, policy) => {
      const first = policy.chooseNumber(s, { side: 'a', min: 1, max: 5, reason: 'first' });
      if (isAsked(first)) return first;
      const second = policy.chooseNumber(s, { side: 'b', min: 1, max: 5, reason: 'second', after: ['a'] });
      if (isAsked(second)) return second;
      return { value: first + second, text: `${first} and ${second}`, data: { first, second } };
    };
    const go = (answers: string[][]) => withAnswers(answers, firstPolicy, (policy) => applyEffects(state, rollRng, { ...ctx, generate }, policy));
    expect(go([])).toMatchObject({ done: false, request: { kind: 'number', side: 'a', candidates: ['1', '2', '3', '4', '5'], after: [] } });
    expect(go([['1']])).toMatchObject({ done: false, request: { kind: 'number', side: 'b', after: ['a'] } });
    // 1 + 1 = 2: the outcome's choice is asked next; the generator is not drawn.
    expect(go([['1'], ['1']])).toMatchObject({ done: false, request: { kind: 'units', side: 'b', candidates: ['b1', 'b2'] } });
    const done = go([['1'], ['1'], ['b1']]);
    expect(done.done).toBe(true);
    if (!done.done) return;
    expect(done.value.state.random).toEqual(state.random);
    expect(done.value.log[0]).toMatchObject({ kind: 'roll', rolls: [], data: { die: 'rng', value: 2, outcome: 0, generated: { first: 1, second: 1 } } });
    // A modifier's rolled value on that die is the hook's number too.
    const boost = [
      { kind: 'modify-strength', target: { side: 'friendly' }, stat: 'as', op: 'add', value: { die: 'rng', plus: 1 }, duration: 'battle' },
    ] as const;
    const boosted = withAnswers([['2'], ['2']], firstPolicy, (policy) => applyEffects(state, boost, { ...ctx, generate }, policy));
    expect(boosted).toMatchObject({
      done: true,
      value: { log: [{ kind: 'modify-strength', rolls: [], data: { value: 5, generated: { first: 2, second: 2 } } }] },
    });
    // 2 + 3 = 5: no outcome covers it.
    expect(go([['2'], ['3']])).toMatchObject({ done: true, value: { log: [{ data: { value: 5, outcome: null } }] } });
    // No hook (or a hook with no number for the die): an error naming the rule, not a silent 1-5.
    expect(() => applyEffects(state, rollRng, ctx, firstPolicy)).toThrow(/test generates a number with the die rng, which this game cannot give/);
    expect(() => applyEffects(state, rollRng, { ...ctx, generate: () => null }, firstPolicy)).toThrow(/which this game cannot give/);
  });
});
