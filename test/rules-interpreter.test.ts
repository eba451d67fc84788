// The rule interpreter (src/engine/core/rules): rules as data, fired on the events a game
// announces. Each test names the behaviour of the model (docs/rules.md) it checks.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../generated/types/common/defs.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import { firstPolicy, policyBySide, type Policy } from '../src/engine/core/policy.js';
import { fire, instancesOf, recomputeStatics, type RuleSource } from '../src/engine/core/rules/index.js';
import { startBattle } from '../src/engine/core/battle.js';
import { createState, findUnit, type CoreState, type UnitInit } from '../src/engine/core/state.js';
import { effectiveStats } from '../src/engine/core/stats.js';

const SIDES = ['red', 'blue'];

function state(units: UnitInit[], more: { active?: string; zones?: Record<string, string[]> } = {}): CoreState {
  return createState({ seed: 7, sides: SIDES, units, ...more });
}

const unit = (id: string, side: string, location: string, extra: Partial<UnitInit> = {}): UnitInit => ({
  id,
  record: id.replace(/-\d+$/, ''),
  side,
  location,
  stats: { as: 3, ds: 2, hits: 2 },
  ...extra,
});

function rule(key: string, holder: RuleSource['holder'], r: DeepReadonly<Rule>): RuleSource {
  return { key, holder, rule: r };
}

/** A policy that always picks the last candidates, so tests can tell who chose. */
const lastPolicy: Policy = { ...firstPolicy, chooseUnits: (_s, c) => c.candidates.slice(-c.count) };

describe('triggers: when a rule fires', () => {
  const explode = rule(
    'area/engine-room/explosion',
    { place: 'engine-room' },
    {
      text: 'If the engine room is destroyed, any unit that is in her, it will be also destroyed by the explosion.',
      when: { event: 'place-destroyed' },
      do: [{ kind: 'destroy', target: {} }],
    },
  );

  it('a place rule fires on an event at its own place (where defaults to here) and not elsewhere', () => {
    const s = state([unit('a-1', 'red', 'engine-room'), unit('b-1', 'blue', 'bridge')]);
    const elsewhere = fire(s, { event: 'place-destroyed', location: 'bridge' }, [explode], firstPolicy);
    expect(elsewhere.state.units.every((u) => !u.destroyed)).toBe(true);
    const here = fire(s, { event: 'place-destroyed', location: 'engine-room' }, [explode], firstPolicy);
    expect(findUnit(here.state, 'a-1')!.destroyed).toBe(true);
    expect(findUnit(here.state, 'b-1')!.destroyed).toBe(false);
    expect(here.log[0]).toMatchObject({ kind: 'trigger', source: 'area/engine-room/explosion' });
  });

  it('a unit rule fires anywhere by default, once per unit that holds it, with self bound to that unit', () => {
    const grief = rule(
      'unit/ogre/grief',
      { record: 'ogre' },
      {
        text: 'When a friendly unit is destroyed, this unit gains +1 AS for the turn.',
        when: { event: 'unit-destroyed', subject: { side: 'friendly' } },
        do: [{ kind: 'modify-strength', target: { binding: 'self' }, stat: 'as', op: 'add', value: 1, duration: 'turn' }],
      },
    );
    const s = state([unit('ogre-1', 'red', 'hill'), unit('ogre-2', 'red', 'river'), unit('ogre-3', 'blue', 'hill'), unit('imp-1', 'red', 'field')]);
    const dead = { ...s, units: s.units.map((u) => (u.id === 'imp-1' ? { ...u, destroyed: true } : u)) };
    const after = fire(dead, { event: 'unit-destroyed', units: ['imp-1'], location: 'field' }, [grief], firstPolicy).state;
    expect(effectiveStats(findUnit(after, 'ogre-1')!).as).toBe(4);
    expect(effectiveStats(findUnit(after, 'ogre-2')!).as).toBe(4);
    // The blue ogre's friendly side is blue: a red unit's death is not its subject.
    expect(effectiveStats(findUnit(after, 'ogre-3')!).as).toBe(3);
  });

  it('the trigger narrows by cards, phase, whose turn and combat result', () => {
    const s = state([unit('a-1', 'red', 'x')], { active: 'red' });
    const mark = (when: DeepReadonly<Rule>['when']) =>
      rule(
        'r',
        { side: 'red' },
        { text: 't', when, do: [{ kind: 'modify-strength', target: { units: ['a-1'] }, stat: 'as', op: 'add', value: 1, duration: 'permanent' }] },
      );
    const fired = (r: RuleSource, e: Parameters<typeof fire>[1]) => fire(s, e, [r], firstPolicy).log.some((l) => l.kind === 'trigger');
    expect(fired(mark({ event: 'card-revealed', cards: ['horror'] }), { event: 'card-revealed', cards: ['trap'] })).toBe(false);
    expect(fired(mark({ event: 'card-revealed', cards: ['horror'] }), { event: 'card-revealed', cards: ['horror'] })).toBe(true);
    expect(fired(mark({ event: 'phase-starts', phase: 'reinforcements' }), { event: 'phase-starts', phase: 'movement' })).toBe(false);
    expect(fired(mark({ event: 'phase-starts', phase: 'reinforcements' }), { event: 'phase-starts', phase: 'reinforcements' })).toBe(true);
    expect(fired(mark({ event: 'turn-starts', whose: 'enemy' }), { event: 'turn-starts', side: 'red' })).toBe(false);
    expect(fired(mark({ event: 'turn-starts', whose: 'friendly' }), { event: 'turn-starts', side: 'red' })).toBe(true);
    expect(fired(mark({ event: 'result-applied', results: ['Eg'] }), { event: 'result-applied', result: 'A1' })).toBe(false);
    expect(fired(mark({ event: 'result-applied', results: ['Eg'] }), { event: 'result-applied', result: 'Eg' })).toBe(true);
  });

  it('the subject is the event units the trigger names, wherever they are (a group teleporting in)', () => {
    const perfect = rule(
      'unit/emperor/perfect',
      { side: 'red' },
      {
        text: 'They are always teleported perfectly.',
        when: { event: 'group-teleports', subject: { units: ['emperor'] } },
        do: [{ kind: 'modify-strength', target: { binding: 'subject' }, stat: 'ds', op: 'add', value: 5, duration: 'permanent' }],
      },
    );
    const s = state([unit('emperor-1', 'red', null as never, { record: 'emperor' }), unit('guard-1', 'red', 'off-ship'), unit('guard-2', 'red', 'off-ship')]);
    const withEmperor = fire(s, { event: 'group-teleports', units: ['emperor-1', 'guard-1'] }, [perfect], firstPolicy).state;
    // The subject filter narrows the event's units to the Emperor.
    expect(effectiveStats(findUnit(withEmperor, 'emperor-1')!).ds).toBe(7);
    expect(effectiveStats(findUnit(withEmperor, 'guard-1')!).ds).toBe(2);
    const without = fire(s, { event: 'group-teleports', units: ['guard-1', 'guard-2'] }, [perfect], firstPolicy);
    expect(without.log.some((l) => l.kind === 'trigger')).toBe(false);
  });
});

describe('conditions: if', () => {
  const s = startBattle(
    state([unit('a-1', 'red', 'pass'), unit('b-1', 'blue', 'pass'), unit('b-2', 'blue', 'pass', { traits: ['aerial'] })], { active: 'blue' }),
    {
      location: 'pass',
      attacker: 'red',
      defender: 'blue',
      controlling: null,
    },
  );
  const check = (cond: DeepReadonly<Rule>['if'], owner = 'red', location = 'pass') =>
    fire(
      s,
      { event: 'turn-ends', location },
      [rule('c', { side: owner }, { text: 't', when: { event: 'turn-ends' }, if: cond, do: [{ kind: 'no-effect' }] })],
      firstPolicy,
    ).log.some((l) => l.kind === 'trigger');

  it('count and present count units matching a filter at the rule location', () => {
    expect(check({ present: { side: 'enemy', hasTrait: ['aerial'] } })).toBe(true);
    expect(check({ count: { units: { side: 'enemy' }, op: 'gte', value: 2 } })).toBe(true);
    expect(check({ count: { units: { side: 'enemy' }, op: 'gte', value: 3 } })).toBe(false);
  });

  it('all, any and not combine; battle, active and turn ask about the turn', () => {
    expect(check({ all: [{ active: 'enemy' }, { battle: 'anywhere' }, { turn: { op: 'eq', value: 1 } }] })).toBe(true);
    expect(check({ any: [{ active: 'friendly' }, { not: { battle: 'anywhere' } }] })).toBe(false);
    expect(check({ phase: 'movement' })).toBe(false);
  });

  it('place asks about the rule location: its traits through the game hook, and whether it is destroyed', () => {
    const frigid = rule(
      'unit/swarm/cold',
      { record: 'swarm' },
      {
        text: '-1 CS in a Frigid location.',
        if: { place: { hasTrait: ['frigid'] } },
        do: [{ kind: 'modify-strength', target: { binding: 'self' }, stat: 'cs', op: 'add', value: -1, duration: 'while' }],
      },
    );
    const cold = state([unit('swarm-1', 'red', 'glacier'), unit('swarm-2', 'red', 'desert')]);
    const hooks = { placeTraits: (p: string) => (p === 'glacier' ? ['frigid'] : []) };
    const after = recomputeStatics(cold, [frigid], firstPolicy, hooks).state;
    expect(effectiveStats(findUnit(after, 'swarm-1')!)).toMatchObject({ as: 2, ds: 1 });
    expect(effectiveStats(findUnit(after, 'swarm-2')!)).toMatchObject({ as: 3, ds: 2 });
  });
});

describe('static rules: recomputed, never left behind as marks', () => {
  const onePerArmy = rule(
    'spread/erdon-pass/one-leaves',
    { place: 'erdon-pass' },
    {
      text: 'Only one unit per army may move out of battle at this location each turn.',
      if: { battle: 'here' },
      do: [{ kind: 'limit-movement', maxUnitsLeaving: 1, duration: 'while' }],
    },
  );
  const base = state([unit('a-1', 'red', 'erdon-pass'), unit('b-1', 'blue', 'erdon-pass')]);

  it('a static rule applies while its condition holds and its mark goes when it stops holding', () => {
    const inBattle = startBattle(base, { location: 'erdon-pass', attacker: 'red', defender: 'blue', controlling: null });
    const on = recomputeStatics(inBattle, [onePerArmy], firstPolicy);
    expect(on.state.locationRules).toEqual([expect.objectContaining({ location: 'erdon-pass', maxUnitsLeaving: 1, duration: 'while' })]);
    expect(on.log).toEqual([expect.objectContaining({ kind: 'static', source: 'spread/erdon-pass/one-leaves', data: { applies: true } })]);
    const again = recomputeStatics(on.state, [onePerArmy], firstPolicy);
    expect(again.state.locationRules).toHaveLength(1);
    expect(again.log).toEqual([]);
    const peace = recomputeStatics({ ...on.state, battle: null }, [onePerArmy], firstPolicy);
    expect(peace.state.locationRules).toEqual([]);
    expect(peace.log).toEqual([expect.objectContaining({ kind: 'static', data: { applies: false } })]);
  });

  it('fire recomputes static rules after the triggered ones, so a changed state changes them at once', () => {
    const killer = rule('k', { side: null }, { text: 'k', when: { event: 'turn-ends' }, do: [{ kind: 'destroy', target: { units: ['b-1'] } }] });
    const inBattle = startBattle(base, { location: 'erdon-pass', attacker: 'red', defender: 'blue', controlling: null });
    const aura = rule(
      'unit/a/alone',
      { record: 'a' },
      {
        text: '+2 DS while no enemy is here.',
        if: { not: { present: { side: 'enemy' } } },
        do: [{ kind: 'modify-strength', target: { binding: 'self' }, stat: 'ds', op: 'add', value: 2, duration: 'while' }],
      },
    );
    const before = recomputeStatics(inBattle, [aura], firstPolicy).state;
    expect(effectiveStats(findUnit(before, 'a-1')!).ds).toBe(2);
    const after = fire(before, { event: 'turn-ends' }, [killer, aura], firstPolicy).state;
    expect(effectiveStats(findUnit(after, 'a-1')!).ds).toBe(4);
  });
});

describe('replacement rules: instead', () => {
  const immunity = rule(
    'unit/emperor/ignores-horror',
    { record: 'emperor' },
    {
      text: 'He removes from the game these cards so soon are revealed if the Emperor is in the same area.',
      when: { event: 'card-revealed', cards: ['horror'], where: 'here' },
      instead: true,
      do: [{ kind: 'move-cards', cards: 'subject', from: 'revealed', to: 'removed' }],
    },
  );
  const s = state([unit('emperor-1', 'red', 'area-25', { record: 'emperor' })], { zones: { revealed: ['horror'] } });

  it('a replacement rule that matches replaces the event: the game is told, and the card leaves the game', () => {
    const result = fire(s, { event: 'card-revealed', cards: ['horror'], location: 'area-25', side: 'blue' }, [immunity], firstPolicy);
    expect(result.replaced).toBe(true);
    expect(result.state.zones).toMatchObject({ revealed: [], removed: ['horror'] });
    expect(result.log[0]!.text).toContain('instead of it');
  });

  it('the same card revealed in another area is not replaced: the condition is read at the moment of the event', () => {
    const result = fire(s, { event: 'card-revealed', cards: ['horror'], location: 'area-30', side: 'blue' }, [immunity], firstPolicy);
    expect(result.replaced).toBe(false);
    expect(result.state.zones).toMatchObject({ revealed: ['horror'] });
    const dead = { ...s, units: s.units.map((u) => ({ ...u, destroyed: true })) };
    expect(fire(dead, { event: 'card-revealed', cards: ['horror'], location: 'area-25' }, [immunity], firstPolicy).replaced).toBe(false);
  });

  it('when a replacement applies, no other rule fires on the replaced event', () => {
    const horror = rule(
      'card/horror',
      { side: 'blue' },
      { text: 'h', when: { event: 'card-revealed', cards: ['horror'] }, do: [{ kind: 'destroy', target: { units: ['emperor-1'] } }] },
    );
    const result = fire(s, { event: 'card-revealed', cards: ['horror'], location: 'area-25' }, [horror, immunity], firstPolicy);
    expect(findUnit(result.state, 'emperor-1')!.destroyed).toBe(false);
    expect(result.log.filter((l) => l.kind === 'trigger').map((l) => l.source)).toEqual(['unit/emperor/ignores-horror@emperor-1']);
  });
});

describe('delayed effects', () => {
  it('a delayed effect waits for its moment, runs once with the bindings of the rule that set it up', () => {
    const berserk = rule(
      'trait/berserk/after',
      { trait: 'berserk' },
      {
        text: 'It is automatically destroyed after this battle.',
        when: { event: 'battle-starts' },
        do: [{ kind: 'delayed', at: { event: 'battle-ends' }, do: [{ kind: 'destroy', target: { binding: 'self' } }] }],
      },
    );
    const s = state([unit('orc-1', 'red', 'field', { traits: ['berserk'] }), unit('orc-2', 'red', 'field')]);
    const started = fire(s, { event: 'battle-starts', location: 'field' }, [berserk], firstPolicy).state;
    expect(started.delayed).toHaveLength(1);
    expect(findUnit(started, 'orc-1')!.destroyed).toBe(false);
    const turnEnd = fire(started, { event: 'turn-ends' }, [], firstPolicy).state;
    expect(turnEnd.delayed).toHaveLength(1);
    const ended = fire(turnEnd, { event: 'battle-ends', location: 'field' }, [], firstPolicy);
    expect(findUnit(ended.state, 'orc-1')!.destroyed).toBe(true);
    expect(findUnit(ended.state, 'orc-2')!.destroyed).toBe(false);
    expect(ended.state.delayed).toEqual([]);
    expect(ended.log[0]).toMatchObject({ kind: 'trigger', source: 'trait/berserk/after@orc-1', data: { delayed: true } });
  });
});

describe('bindings and choosers', () => {
  it('a filter saves its units with `as`; a later effect of the same rule reads them by name', () => {
    const marked = rule(
      'r',
      { side: 'red' },
      {
        text: 'The owner picks one enemy unit; it loses 1 Hit, then is destroyed.',
        when: { event: 'turn-starts' },
        do: [
          { kind: 'damage', target: { side: 'enemy', choose: { count: 1, by: 'controller' }, as: 'victim' }, hits: 1 },
          { kind: 'destroy', target: { binding: 'victim' } },
        ],
      },
    );
    const s = state([unit('a-1', 'red', 'x'), unit('b-1', 'blue', 'x'), unit('b-2', 'blue', 'x')]);
    const after = fire(s, { event: 'turn-starts' }, [marked], lastPolicy).state;
    expect(findUnit(after, 'b-2')!.destroyed).toBe(true);
    expect(findUnit(after, 'b-1')!.destroyed).toBe(false);
  });

  it('a name that no filter saved selects no unit, never every unit', () => {
    const r = rule('r', { side: 'red' }, { text: 't', when: { event: 'turn-starts' }, do: [{ kind: 'destroy', target: { binding: 'nobody' } }] });
    const s = state([unit('a-1', 'red', 'x'), unit('b-1', 'blue', 'x')]);
    expect(fire(s, { event: 'turn-starts' }, [r], firstPolicy).state.units.every((u) => !u.destroyed)).toBe(true);
  });

  it("choosers: controller is the side whose rule it is, active the side whose turn it is, owner the units' side", () => {
    const asked: (string | null)[] = [];
    const spy: Policy = { ...firstPolicy, chooseUnits: (_s, c) => (asked.push(c.side), c.candidates.slice(0, c.count)) };
    const s = state([unit('a-1', 'red', 'x'), unit('a-2', 'red', 'x'), unit('b-1', 'blue', 'x'), unit('b-2', 'blue', 'x')], { active: 'blue' });
    const pick = (by: 'controller' | 'active' | 'owner' | 'opponent' | 'caster') =>
      rule(
        `pick-${by}`,
        { side: 'red' },
        { text: 't', when: { event: 'turn-starts' }, do: [{ kind: 'damage', target: { side: 'enemy', choose: { count: 1, by } }, hits: 1 }] },
      );
    for (const by of ['controller', 'active', 'owner', 'opponent', 'caster'] as const) fire(s, { event: 'turn-starts' }, [pick(by)], spy);
    expect(asked).toEqual(['red', 'blue', 'blue', 'red', 'red']);
  });

  it('distributing Hits: the chooser gives them one at a time, none above what a unit has, the rest lost', () => {
    const volley = rule(
      'result/a3',
      { side: 'blue' },
      {
        text: 'The owning player assigns the Hits to his own units in any combination.',
        when: { event: 'result-applied', results: ['D3'] },
        do: [{ kind: 'damage', target: { side: 'enemy' }, hits: 5, distribute: 'owner' }],
      },
    );
    const s = state([unit('a-1', 'red', 'x', { stats: { as: 1, ds: 1, hits: 1 } }), unit('a-2', 'red', 'x', { stats: { as: 1, ds: 1, hits: 3 } })]);
    const sides: (string | null)[] = [];
    const owner: Policy = { ...firstPolicy, chooseUnits: (_s, c) => (sides.push(c.side), c.candidates.slice(0, 1)) };
    const after = fire(s, { event: 'result-applied', result: 'D3' }, [volley], policyBySide({}, owner));
    expect(after.state.units.map((u) => [u.id, u.hits, u.destroyed])).toEqual([
      ['a-1', 0, true],
      ['a-2', 0, true],
    ]);
    expect(sides.every((side) => side === 'red')).toBe(true);
    const damage = after.log.find((l) => l.kind === 'damage')!;
    expect(damage.data.split).toEqual(['a-1', 'a-2', 'a-2', 'a-2']);
  });
});

describe('ending a game', () => {
  it('end-game: a rule ends the game, won by the side it names or drawn; the core records it for the game to read', () => {
    const limit = rule(
      'scenario/test/turn-limit',
      { side: null },
      {
        text: 'A game that neither army has won when the 100th turn ends is a draw.',
        when: { event: 'turn-ends' },
        if: { turn: { op: 'gte', value: 100 } },
        do: [{ kind: 'end-game', winner: null }],
      },
    );
    const early = fire({ ...state([]), turn: 99 }, { event: 'turn-ends' }, [limit], firstPolicy).state;
    expect(early.ended).toBeNull();
    const late = fire({ ...state([]), turn: 100 }, { event: 'turn-ends' }, [limit], firstPolicy).state;
    expect(late.ended).toEqual({ winner: null, source: 'scenario/test/turn-limit' });
    const sudden = rule(
      'r',
      { side: 'red' },
      { text: 'Whoever holds the crown at the end of a turn wins.', when: { event: 'turn-ends' }, do: [{ kind: 'end-game', winner: 'friendly' }] },
    );
    expect(fire(state([]), { event: 'turn-ends' }, [sudden], firstPolicy).state.ended).toEqual({ winner: 'red', source: 'r' });
  });
});

describe('once, order and events that effects announce', () => {
  it('once: game fires the rule for a unit only the first time', () => {
    const retreat = rule(
      'unit/horus/once',
      { record: 'horus' },
      {
        text: 'Once, when revealed ...',
        when: { event: 'unit-revealed', subject: { binding: 'self' } },
        once: 'game',
        do: [{ kind: 'modify-strength', target: { binding: 'self' }, stat: 'as', op: 'add', value: 1, duration: 'permanent' }],
      },
    );
    let s = state([unit('horus-1', 'blue', 'area-3', { record: 'horus' })]);
    s = fire(s, { event: 'unit-revealed', units: ['horus-1'], location: 'area-3' }, [retreat], firstPolicy).state;
    s = fire(s, { event: 'unit-revealed', units: ['horus-1'], location: 'area-3' }, [retreat], firstPolicy).state;
    expect(effectiveStats(findUnit(s, 'horus-1')!).as).toBe(4);
    expect(s.fired).toEqual(['unit/horus/once@horus-1']);
  });

  it("an effect that destroys a place announces place-destroyed, and that place's rules fire after the rule that caused it", () => {
    const accident = rule(
      'area/engine-room/accident',
      { place: 'engine-room' },
      {
        text: 'Roll 1D6 before deciding outcome of a battle in this area; with a result of 1 ... destroys the area.',
        when: { event: 'before-result' },
        do: [{ kind: 'destroy-place', place: 'here' }],
      },
    );
    const explosion = rule(
      'area/engine-room/explosion',
      { place: 'engine-room' },
      {
        text: 'any unit that is in her, it will be also destroyed by the explosion',
        when: { event: 'place-destroyed' },
        do: [{ kind: 'destroy', target: {} }],
      },
    );
    const s = state([unit('a-1', 'red', 'engine-room'), unit('b-1', 'blue', 'engine-room')]);
    const result = fire(s, { event: 'before-result', location: 'engine-room' }, [explosion, accident], firstPolicy);
    expect(result.state.destroyedPlaces).toEqual(['engine-room']);
    expect(result.state.units.every((u) => u.destroyed)).toBe(true);
    expect(result.log.filter((l) => l.kind === 'trigger').map((l) => l.source)).toEqual(['area/engine-room/accident', 'area/engine-room/explosion']);
  });

  it('a destroy-place naming a marker places it on the destroyed place (the state holds it by place, the line names it); one naming none places nothing', () => {
    const destroy = (marker?: string) =>
      rule(
        'area/x/burns',
        { place: 'x' },
        { text: 't', when: { event: 'turn-starts', where: 'anywhere' }, do: [{ kind: 'destroy-place', place: 'here', ...(marker ? { marker } : {}) }] },
      );
    const carded = fire(state([]), { event: 'turn-starts' }, [destroy('rubble')], firstPolicy);
    expect(carded.state.placeMarkers).toEqual({ x: 'rubble' });
    expect(carded.log.find((l) => l.kind === 'destroy-place')?.data).toEqual({ place: 'x', already: false, marker: 'rubble' });
    // Destroyed again: nothing changes, the marker stays.
    expect(fire(carded.state, { event: 'turn-starts' }, [destroy('ash')], firstPolicy).state.placeMarkers).toEqual({ x: 'rubble' });
    const bare = fire(state([]), { event: 'turn-starts' }, [destroy()], firstPolicy);
    expect(bare.state.destroyedPlaces).toEqual(['x']);
    expect(bare.state.placeMarkers).toBeUndefined();
    expect(bare.log.find((l) => l.kind === 'destroy-place')?.data).toEqual({ place: 'x', already: false });
  });

  it('rules that set each other off without end stop with an error naming the event', () => {
    const loop = rule('loop', { place: 'x' }, { text: 't', when: { event: 'place-destroyed' }, do: [{ kind: 'destroy-place', place: 'y' }] });
    const back = rule('back', { place: 'y' }, { text: 't', when: { event: 'place-destroyed' }, do: [{ kind: 'destroy-place', place: 'x' }] });
    // Destroying a destroyed place does nothing, so this pair ends; a real loop needs fresh events.
    const s = state([]);
    expect(fire(s, { event: 'place-destroyed', location: 'x' }, [loop, back], firstPolicy).state.destroyedPlaces).toEqual(['y', 'x']);
    const endless = rule(
      'endless',
      { side: null },
      {
        text: 't',
        when: { event: 'unit-damaged' },
        do: [
          { kind: 'damage', target: { binding: 'subject' }, hits: 1 },
          { kind: 'heal', target: { binding: 'subject' }, hits: 1 },
        ],
      },
    );
    const tough = state([unit('a-1', 'red', 'x', { stats: { as: 1, ds: 1, hits: 9 } })]);
    expect(() => fire(tough, { event: 'unit-damaged', units: ['a-1'] }, [endless], firstPolicy)).toThrow(
      /set each other off more than 1000 times from unit-damaged/,
    );
  });

  it('rule instances come in rule order, then units in state order', () => {
    const a = rule('a', { record: 'x' }, { text: 't', when: { event: 'turn-ends' }, do: [{ kind: 'no-effect' }] });
    const b = rule('b', { place: 'p' }, { text: 't', when: { event: 'turn-ends' }, do: [{ kind: 'no-effect' }] });
    const s = state([unit('x-2', 'red', 'p', { record: 'x' }), unit('x-1', 'blue', 'p', { record: 'x' })]);
    expect(instancesOf(s, [a, b]).map((i) => i.id)).toEqual(['a@x-2', 'a@x-1', 'b']);
  });
});
