// The effect interpreter, kind by kind, on the real effects of the three packs (read from the
// generated content modules, layers applied) and on hand-written ones where no pack uses a case.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../generated/types/common/effect.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import type { RandomEvent } from '../generated/types/warchon/spread.js';
import { spreads, traits, units as warchonUnits } from '../generated/content/warchon.js';
import { cards as warmasterCards, teleportTables, units as warmasterUnits } from '../generated/content/warmaster.js';
import { spells } from '../generated/content/archon-skirmish.js';
import type { EffectContext } from '../src/engine/core/context.js';
import { rollDie, type DieName } from '../src/engine/core/dice.js';
import { applyEffects, effectKinds } from '../src/engine/core/effects/index.js';
import { expire } from '../src/engine/core/expire.js';
import { firstPolicy, type Policy, type UnitChoice, type LocationChoice } from '../src/engine/core/policy.js';
import { seedRandom } from '../src/engine/core/random.js';
import { fire, holds, recomputeStatics, type RuleSource } from '../src/engine/core/rules/index.js';
import { warmasterRules } from '../src/engine/warmaster/cards.js';
import { hasReroll, spendReroll, startBattle } from '../src/engine/core/battle.js';
import { createState, findUnit, fightsFor, mayAct, type CoreState, type UnitInit, type UnitState } from '../src/engine/core/state.js';
import { effectiveStat } from '../src/engine/core/stats.js';

type Effects = readonly DeepReadonly<Effect>[];

/** A Warchon spread's Events Table entries (none when it prints no table). */
function eventsOf(spread: keyof typeof spreads): readonly DeepReadonly<RandomEvent>[] {
  return spreads[spread].events?.entries ?? [];
}

/** The effects of a Warchon spread's event, by its printed name. */
function event(spread: keyof typeof spreads, name: string): Effects {
  const found = eventsOf(spread).find((e) => e.name === name);
  if (found === undefined) throw new Error(`no event ${name} on ${spread}`);
  return found.effects;
}

/** A Warchon unit record in play: its first face, traits and descriptors. */
function warchon(record: keyof typeof warchonUnits, id: string, side: string, location = 'field'): UnitInit {
  const r = warchonUnits[record];
  return { id, record, name: r.name, side, location, stats: { ...r.faces[0] }, traits: [...(r.traits ?? []), ...(r.descriptors ?? [])] };
}

function unit(id: string, side: string, stats: UnitInit['stats'], traits: string[] = [], location = 'field'): UnitInit {
  return { id, record: id.replace(/-\d+$/, ''), name: id, side, location, stats, traits };
}

const SIDES = ['azuthka', 'celestine'];

function battleAt(units: UnitInit[], seed = 1, location = 'field', controlling: string | null = 'azuthka'): CoreState {
  return startBattle(createState({ seed, sides: SIDES, units }), { location, attacker: 'azuthka', defender: 'celestine', controlling });
}

/** The first seed whose first roll of `die` satisfies `pred`, so a test can name the outcome it checks. */
function seedWhere(die: DieName, pred: (value: number) => boolean): number {
  for (let seed = 0; seed < 10_000; seed++) if (pred(rollDie(seedRandom(seed), die).value)) return seed;
  throw new Error('no seed');
}

/** The game's number for a die it generates (Warchon's `rng`: both players' fingers on the spread's RNG), here `value`. */
const generating = (value: number) => ({ generate: () => ({ value, text: String(value), data: { value } }) });

/** Records every question asked; answers as the default policy unless told otherwise. */
function spyPolicy(overrides: Partial<Policy> = {}): Policy & { units: UnitChoice[]; locations: LocationChoice[] } {
  const units: UnitChoice[] = [];
  const locations: LocationChoice[] = [];
  const base = { ...firstPolicy, ...overrides };
  return {
    ...base,
    units,
    locations,
    chooseUnits: (s, c) => (units.push(c), base.chooseUnits(s, c)),
    chooseLocation: (s, c) => (locations.push(c), base.chooseLocation(s, c)),
  };
}

const ctx: EffectContext = { owner: null, source: 'test' };
const stat = (s: CoreState, id: string, name: 'as' | 'ds' | 'size' | 'hits') => effectiveStat(findUnit(s, id)!, name);
const alive = (s: CoreState) => s.units.filter((u) => !u.destroyed).map((u) => u.id);

describe('the vocabulary', () => {
  it('every effect kind of schemas/common/effect.schema.json has a handler, and no other', () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/common/effect.schema.json', import.meta.url), 'utf8')) as {
      oneOf: { properties: { kind: { const: string } } }[];
    };
    expect([...effectKinds].sort()).toEqual(schema.oneOf.map((o) => o.properties.kind.const).sort());
  });

  it('an unknown kind is an error that lists the vocabulary', () => {
    expect(() => applyEffects(battleAt([]), [{ kind: 'explode' } as never], ctx, firstPolicy)).toThrow(
      /Unknown effect kind explode; the vocabulary is modify-strength/,
    );
  });
});

describe('modify-strength', () => {
  it('Erdon Pass "Fortified Defense": all defending units +2 DS this turn; it ends at the end of the turn', () => {
    const state = battleAt([unit('a', 'azuthka', { as: 2, ds: 2 }), unit('d1', 'celestine', { as: 3, ds: 3 }), unit('d2', 'celestine', { as: 1, ds: 1 })]);
    const { state: after, log } = applyEffects(state, event('erdon-pass', 'Fortified Defense'), { owner: null, source: 'erdon-pass event 2' }, firstPolicy);
    expect([stat(after, 'a', 'ds'), stat(after, 'd1', 'ds'), stat(after, 'd2', 'ds')]).toEqual([2, 5, 3]);
    expect([stat(after, 'd1', 'as')]).toEqual([3]);
    expect(log).toEqual([
      expect.objectContaining({
        kind: 'modify-strength',
        units: ['d1', 'd2'],
        data: expect.objectContaining({ stat: 'ds', op: 'add', value: 2, duration: 'turn' }),
      }),
    ]);
    expect(after.log).toEqual(log);
    const nextTurn = expire(after, 'turn').state;
    expect([stat(nextTurn, 'd1', 'ds'), stat(nextTurn, 'd2', 'ds')]).toEqual([3, 1]);
  });

  it('Irondale: "Construct" units +1 CS (AS and DS) while here, a static rule recomputed: moving away ends it, coming back restores it', () => {
    const irondale: RuleSource = { key: 'spread/irondale#/specialRules/0', holder: { place: 'irondale' }, rule: spreads.irondale.specialRules[0]! };
    const state = createState({
      seed: 1,
      sides: SIDES,
      units: [unit('golem', 'azuthka', { as: 2, ds: 3 }, ['construct'], 'irondale'), unit('man', 'azuthka', { as: 2, ds: 3 }, [], 'irondale')],
    });
    const after = recomputeStatics(state, [irondale], firstPolicy).state;
    expect([stat(after, 'golem', 'as'), stat(after, 'golem', 'ds'), stat(after, 'man', 'as')]).toEqual([3, 4, 2]);
    const moved = recomputeStatics(
      { ...after, units: after.units.map((u) => (u.id === 'golem' ? { ...u, location: 'mount-tzask' } : u)) },
      [irondale],
      firstPolicy,
    ).state;
    expect(stat(moved, 'golem', 'as')).toBe(2);
    expect(findUnit(moved, 'golem')!.modifiers).toEqual([]);
    const back = recomputeStatics(
      { ...moved, units: moved.units.map((u) => (u.id === 'golem' ? { ...u, location: 'irondale' } : u)) },
      [irondale],
      firstPolicy,
    ).state;
    expect(stat(back, 'golem', 'as')).toBe(3);
  });

  it('Kier-Zhadd: units with Size 3 or higher +1 CS', () => {
    const state = battleAt([warchon('deathknoll-ogres', 'ogres', 'azuthka'), warchon('baphite-swarm', 'swarm', 'azuthka')]);
    const after = applyEffects(state, spreads['kier-zhadd'].specialRules[0]!.do, ctx, firstPolicy).state;
    expect([stat(after, 'ogres', 'as'), stat(after, 'swarm', 'as')]).toEqual([5, 2]);
  });

  it('Xetti Bishum "Swarming Mob": the largest Size has CS 0 this turn, all tied units', () => {
    const state = battleAt([
      unit('big1', 'azuthka', { size: 3, as: 4, ds: 4 }),
      unit('big2', 'celestine', { size: 3, as: 5, ds: 5 }),
      unit('small', 'celestine', { size: 1, as: 2, ds: 2 }),
    ]);
    const after = applyEffects(state, event('xetti-bishum', 'Swarming Mob'), ctx, firstPolicy).state;
    expect(['big1', 'big2', 'small'].map((id) => [stat(after, id, 'as'), stat(after, id, 'ds')])).toEqual([
      [0, 0],
      [0, 0],
      [2, 2],
    ]);
  });

  it('Great Demon (Doombreed): AS and DS set to d6+4 rolled once when applied, for the battle', () => {
    const effects = warmasterUnits.doombreed.abilities.find((a) => a.id === 'chaos-stats')!.do;
    const state = startBattle(
      createState({
        seed: 3,
        sides: ['imperial', 'traitor'],
        units: [{ id: 'doombreed', record: 'doombreed', side: 'traitor', location: 'area-22', stats: { as: null, ds: null } }],
      }),
      {
        location: 'area-22',
        attacker: 'traitor',
        defender: 'imperial',
      },
    );
    const { state: after, log } = applyEffects(state, effects, { owner: 'traitor', source: 'doombreed chaos-stats', self: 'doombreed' }, firstPolicy);
    const die = rollDie(state.random, 'd6').value;
    expect(stat(after, 'doombreed', 'as')).toBe(die + 4);
    expect(stat(after, 'doombreed', 'ds')).toBe(die + 4);
    expect(log[0]!.rolls).toEqual([{ die: 'd6', value: die, for: `d6+4 = ${die + 4}` }]);
    expect(after.random).toEqual(rollDie(state.random, 'd6').random);
    expect(stat(expire(after, 'battle').state, 'doombreed', 'as')).toBeNull();
  });

  it('a multiply with rounding down halves 3 to 1; without a printed rounding it stays 1.5', () => {
    const state = battleAt([unit('u', 'azuthka', { as: 3, ds: 5 })]);
    const rounded = applyEffects(
      state,
      [{ kind: 'modify-strength', target: {}, stat: 'cs', op: 'multiply', value: 0.5, rounding: 'down', duration: 'turn' }],
      ctx,
      firstPolicy,
    ).state;
    expect([stat(rounded, 'u', 'as'), stat(rounded, 'u', 'ds')]).toEqual([1, 2]);
    const printed = applyEffects(
      state,
      [{ kind: 'modify-strength', target: {}, stat: 'cs', op: 'multiply', value: 0.5, duration: 'turn' }],
      ctx,
      firstPolicy,
    ).state;
    expect([stat(printed, 'u', 'as'), stat(printed, 'u', 'ds')]).toEqual([1.5, 2.5]);
  });
});

describe('destroy', () => {
  it('Xetti Bishum "Cull the Weak": the least DS is destroyed, attacking or defending, every tied unit', () => {
    const state = battleAt([
      unit('a1', 'azuthka', { ds: 2 }),
      unit('a2', 'azuthka', { ds: 4 }),
      unit('d1', 'celestine', { ds: 2 }),
      unit('d2', 'celestine', { ds: 3 }),
    ]);
    const { state: after, log } = applyEffects(state, event('xetti-bishum', 'Cull the Weak'), ctx, firstPolicy);
    expect(alive(after)).toEqual(['a2', 'd2']);
    expect(log[0]).toMatchObject({ kind: 'destroy', units: ['a1', 'd1'] });
  });

  it('Mount Tzask "Volcanic Eruption": all units except Brimstone Dragons are destroyed; combat ends', () => {
    const state = battleAt([
      unit('brimstone-dragons', 'azuthka', {}),
      unit('ogres', 'azuthka', {}),
      unit('paladins', 'celestine', {}),
      unit('elsewhere', 'celestine', {}, [], 'irondale'),
    ]);
    const after = applyEffects(state, event('mount-tzask', 'Volcanic Eruption'), ctx, firstPolicy).state;
    expect(alive(after)).toEqual(['brimstone-dragons', 'elsewhere']);
    expect(after.battle!.ended).toBe(true);
  });

  it('Dracosroar "Accidental Fall": each army picks one opposing unit without Aerial or Aquatic', () => {
    const state = battleAt([
      unit('a-bird', 'azuthka', {}, ['aerial']),
      unit('a-foot', 'azuthka', {}),
      unit('a-foot2', 'azuthka', {}),
      unit('d-foot', 'celestine', {}),
      unit('d-fish', 'celestine', {}, ['aquatic']),
      unit('d-foot2', 'celestine', {}),
    ]);
    const spy = spyPolicy({ chooseUnits: (_s, c) => c.candidates.slice(-c.count) });
    const after = applyEffects(state, event('dracosroar', 'Accidental Fall'), ctx, spy).state;
    expect(spy.units.map((c) => [c.side, c.candidates])).toEqual([
      ['azuthka', ['d-foot', 'd-foot2']],
      ['celestine', ['a-foot', 'a-foot2']],
    ]);
    expect(alive(after)).toEqual(['a-bird', 'a-foot', 'd-foot', 'd-fish']);
  });
});

describe('damage', () => {
  it('Erdon Pass "Deadly Confrontation": each army assigns 1 Hit to one of its own units', () => {
    const state = battleAt([
      warchon('deathknoll-ogres', 'ogres', 'azuthka'),
      warchon('baphite-swarm', 'swarm', 'azuthka'),
      unit('pal', 'celestine', { hits: 1 }),
    ]);
    const spy = spyPolicy();
    const { state: after, log } = applyEffects(state, event('erdon-pass', 'Deadly Confrontation'), ctx, spy);
    expect(spy.units.map((c) => c.side)).toEqual(['azuthka']); // the lone defender leaves no choice
    expect(findUnit(after, 'ogres')!.hits).toBe(1);
    expect(findUnit(after, 'ogres')!.destroyed).toBe(false);
    expect(findUnit(after, 'pal')!).toMatchObject({ hits: 0, destroyed: true });
    expect(log[1]!.data).toMatchObject({ hits: 1, hitsLeft: { pal: 0 }, destroyed: ['pal'] });
  });

  it('Mount Tzask "Earthquake" (with the duration ruling): non-Aerial units take 1 Hit and have CS 1 this turn', () => {
    const state = battleAt([unit('walker', 'azuthka', { hits: 2, as: 4, ds: 4 }), unit('flyer', 'celestine', { hits: 2, as: 4, ds: 4 }, ['aerial'])]);
    const after = applyEffects(state, event('mount-tzask', 'Earthquake'), ctx, firstPolicy).state;
    expect(findUnit(after, 'walker')!.hits).toBe(1);
    expect(findUnit(after, 'flyer')!.hits).toBe(2);
    expect([stat(after, 'walker', 'as'), stat(after, 'walker', 'ds'), stat(after, 'flyer', 'as')]).toEqual([1, 1, 4]);
  });

  it('Dracosroar "River\'s Fury": a random unit of each army takes 1 Hit, picked with the state generator', () => {
    const state = battleAt([
      unit('a1', 'azuthka', { hits: 3 }),
      unit('a2', 'azuthka', { hits: 3 }),
      unit('d1', 'celestine', { hits: 3 }),
      unit('d2', 'celestine', { hits: 3 }),
    ]);
    const spy = spyPolicy();
    const first = applyEffects(state, event('dracosroar', "River's Fury"), ctx, spy);
    expect(spy.units).toEqual([]);
    expect(first.state.units.map((u) => u.hits).sort()).toEqual([2, 2, 3, 3]);
    expect(first.state.random).not.toEqual(state.random);
    expect(applyEffects(state, event('dracosroar', "River's Fury"), ctx, spy)).toEqual(first);
  });

  it('more Hits than a unit has leave it at 0, destroyed, never negative', () => {
    const after = applyEffects(battleAt([unit('u', 'azuthka', { hits: 2 })]), [{ kind: 'damage', target: {}, hits: 5 }], ctx, firstPolicy).state;
    expect(findUnit(after, 'u')).toMatchObject({ hits: 0, destroyed: true });
  });
});

describe('heal', () => {
  const archon = (units: UnitInit[]) => createState({ seed: 1, sides: ['light', 'dark'], units });
  const spell = { owner: 'light', source: 'heal spell', location: null };

  it('Archon "Heal": one of your creatures gains back one lost Hit, never above its starting Hits', () => {
    let state = archon([
      { id: 'knight', side: 'light', location: 'b1', stats: { hits: 3 }, hits: 1 },
      { id: 'troll', side: 'dark', location: 'c8', stats: { hits: 3 }, hits: 1 },
    ]);
    state = applyEffects(state, spells.heal.effects, spell, firstPolicy).state;
    expect(findUnit(state, 'knight')!.hits).toBe(2);
    expect(findUnit(state, 'troll')!.hits).toBe(1);
    state = applyEffects(state, [{ kind: 'heal', target: { side: 'friendly' }, hits: 5 }], spell, firstPolicy).state;
    expect(findUnit(state, 'knight')!.hits).toBe(3);
  });

  it('only creatures that lost Hits are candidates: an unhurt one is never picked', () => {
    const state = archon([
      { id: 'unhurt', side: 'light', location: 'a1', stats: { hits: 2 } },
      { id: 'hurt', side: 'light', location: 'a2', stats: { hits: 2 }, hits: 1 },
    ]);
    const { state: after, log } = applyEffects(state, spells.heal.effects, spell, firstPolicy);
    expect(findUnit(after, 'hurt')!.hits).toBe(2);
    expect(log[0]!.units).toEqual(['hurt']);
  });
});

describe('end-combat, set-combat-result, no-effect', () => {
  it('Erdon Pass "Torrential Rain": combat ends immediately', () => {
    const after = applyEffects(battleAt([]), event('erdon-pass', 'Torrential Rain'), ctx, firstPolicy).state;
    expect(after.battle!.ended).toBe(true);
  });

  it('set-combat-result replaces the result (units always remain Engaged: Eg)', () => {
    const after = applyEffects(battleAt([]), [{ kind: 'set-combat-result', result: 'Eg' }], ctx, firstPolicy).state;
    expect(after.battle!.resultOverride).toBe('Eg');
  });

  it('Mount Tzask event 5: no effect, and combat uses the original number', () => {
    const state = battleAt([unit('u', 'azuthka', { as: 1 })]);
    const { state: after, log } = applyEffects(state, event('mount-tzask', 'None'), ctx, firstPolicy);
    expect(after.battle!.useOriginalNumber).toBe(true);
    expect(after.units).toEqual(state.units);
    expect(log[0]).toMatchObject({ kind: 'no-effect', data: { useOriginalNumber: true } });
  });

  it('with no battle in progress, battle effects change nothing and say so', () => {
    const state = createState({ seed: 1, sides: SIDES });
    const { state: after, log } = applyEffects(state, [{ kind: 'end-combat' }, { kind: 'set-combat-result', result: 'Eg' }], ctx, firstPolicy);
    expect(after.battle).toBeNull();
    expect(log.map((l) => l.text)).toEqual(['No battle to end.', 'No battle: result Eg not set.']);
  });
});

describe('reroll-combat', () => {
  const emperor = warmasterUnits['the-emperor'].abilities.find((a) => a.id === 'reroll')!.do;
  const sanguinius = warmasterUnits.sanguinius.abilities.find((a) => a.id === 'reroll')!.do;
  const at = (ids: [string, string][]) =>
    startBattle(createState({ seed: 1, sides: ['imperial', 'traitor'], units: ids.map(([id, side]) => ({ id, record: id, side, location: 'area-33' })) }), {
      location: 'area-33',
      attacker: 'imperial',
      defender: 'traitor',
    });
  const owner = { owner: 'imperial', source: 'the-emperor reroll' };

  it('The Emperor grants the Imperial player one re-roll of the combat result', () => {
    const after = applyEffects(
      at([
        ['the-emperor', 'imperial'],
        ['angron', 'traitor'],
      ]),
      emperor,
      owner,
      firstPolicy,
    ).state;
    expect(after.battle!.rerolls).toEqual([{ side: 'imperial', source: 'the-emperor reroll', used: false }]);
    expect(hasReroll(after, 'imperial')).toBe(true);
    expect(hasReroll(after, 'traitor')).toBe(false);
    const spent = spendReroll(after, 'imperial');
    expect(hasReroll(spent, 'imperial')).toBe(false);
    // Applying the rule again in the same battle does not grant a second one while one is unused.
    expect(applyEffects(after, emperor, owner, firstPolicy).state.battle!.rerolls).toHaveLength(1);
  });

  it("The Emperor's re-roll is cancelled when Warmaster Horus takes part in the battle", () => {
    const { state: after, log } = applyEffects(
      at([
        ['the-emperor', 'imperial'],
        ['warmaster-horus', 'traitor'],
      ]),
      emperor,
      owner,
      firstPolicy,
    );
    expect(after.battle!.rerolls).toEqual([]);
    expect(log[0]).toMatchObject({ units: ['warmaster-horus'], data: { granted: false } });
  });

  it('Horus elsewhere on the ship does not cancel it', () => {
    const state = at([['the-emperor', 'imperial']]);
    const withHorusAway = {
      ...state,
      units: [...state.units, { ...state.units[0]!, id: 'warmaster-horus', record: 'warmaster-horus', side: 'traitor', location: 'area-14' }],
    };
    expect(hasReroll(applyEffects(withHorusAway, emperor, owner, firstPolicy).state, 'imperial')).toBe(true);
  });

  it('Sanguinius prints no exception, so Angron in the battle does not cancel his re-roll; a re-roll with cancelledBy is cancelled', () => {
    const state = at([
      ['sanguinius', 'imperial'],
      ['angron', 'traitor'],
    ]);
    expect(hasReroll(applyEffects(state, sanguinius, owner, firstPolicy).state, 'imperial')).toBe(true);
    expect(hasReroll(applyEffects(state, [{ kind: 'reroll-combat', cancelledBy: ['angron'] }], owner, firstPolicy).state, 'imperial')).toBe(false);
  });
});

describe('retreat', () => {
  const magma = event('mount-tzask', 'Magma Flow');
  const units = () => [
    unit('slow', 'azuthka', { movement: 2 }, [], 'mount-tzask'),
    unit('fast', 'azuthka', { movement: 3 }, [], 'mount-tzask'),
    unit('angel', 'celestine', { movement: 4 }, [], 'mount-tzask'),
  ];

  it('Mount Tzask "Magma Flow": Movement 2 or less destroyed, the others retreat one spread, combat ends', () => {
    const destinations = (_s: CoreState, _u: UnitState, move: { kind: string; distance: number | null }) =>
      move.kind === 'retreat' && move.distance === 1 ? ['irondale', 'xetti-bishum'] : [];
    const spy = spyPolicy({ chooseLocation: (_s, c) => (c.side === 'celestine' ? c.candidates[1]! : c.candidates[0]!) });
    const { state: after, log } = applyEffects(battleAt(units(), 1, 'mount-tzask'), magma, { owner: null, source: 'magma flow', destinations }, spy);
    expect(alive(after)).toEqual(['fast', 'angel']);
    expect(findUnit(after, 'fast')).toMatchObject({ location: 'irondale', retreat: null });
    expect(findUnit(after, 'angel')).toMatchObject({ location: 'xetti-bishum', retreat: null });
    expect(spy.locations.map((c) => [c.unit, c.side])).toEqual([
      ['fast', 'azuthka'],
      ['angel', 'celestine'],
    ]);
    expect(after.battle!.ended).toBe(true);
    expect(log.map((l) => l.kind)).toEqual(['destroy', 'retreat', 'end-combat']);
  });

  it('without a destinations hook the retreat stays pending on the unit for the game to resolve', () => {
    const after = applyEffects(battleAt(units(), 1, 'mount-tzask'), magma, ctx, firstPolicy).state;
    expect(findUnit(after, 'fast')).toMatchObject({ location: 'mount-tzask', retreat: { distance: 1, from: 'mount-tzask', source: 'test' } });
  });
});

describe('limit-movement', () => {
  it('Warmaster Crew: the Crew cannot move (a static rule of the card in play, recomputed) and is eliminated instead of retreating', () => {
    const state = createState({
      seed: 1,
      sides: ['imperial', 'traitor'],
      units: [
        { id: 'crew-1', record: 'crew', side: 'traitor', location: 'area-41', stats: { defence: 3 } },
        { id: 'marines', record: 'marines', side: 'imperial', location: 'area-41' },
      ],
    });
    const rules = warmasterRules({ cards: warmasterCards, units: warmasterUnits });
    const after = recomputeStatics(state, rules, firstPolicy).state;
    expect(after.locationRules).toEqual([
      { location: 'area-41', units: ['crew-1'], maxUnitsLeaving: null, maxDistance: 0, duration: 'while', source: 'card/crew/cannot-move@crew-1' },
    ]);
    expect(recomputeStatics(after, rules, firstPolicy).state.locationRules).toHaveLength(1);
    const retreat = fire(after, { event: 'unit-retreats', location: 'area-41', units: ['crew-1'] }, rules, firstPolicy);
    expect(retreat.replaced).toBe(true);
    expect(findUnit(retreat.state, 'crew-1')!.destroyed).toBe(true);
    // Once the Crew is gone, so is its limit: nothing is left behind.
    expect(retreat.state.locationRules).toEqual([]);
    const marinesRetreat = fire(after, { event: 'unit-retreats', location: 'area-41', units: ['marines'] }, rules, firstPolicy);
    expect(marinesRetreat.replaced).toBe(false);
  });

  it('a limit on units leaving, for every unit there, ends with its turn', () => {
    const after = applyEffects(battleAt([]), [{ kind: 'limit-movement', maxUnitsLeaving: 1, duration: 'turn' }], ctx, firstPolicy).state;
    expect(after.locationRules[0]).toMatchObject({ location: 'field', units: null, maxUnitsLeaving: 1 });
    expect(expire(after, 'turn').state.locationRules).toEqual([]);
  });
});

describe('take-control', () => {
  const units = () => [unit('a1', 'azuthka', { size: 2 }), unit('d1', 'celestine', { size: 3 }), unit('d2', 'celestine', { size: 1 })];

  it('Xetti Bishum "Bribery": the Controlling army picks an opposing unit; it fights for them this turn, Size 0 for Capacity', () => {
    const spy = spyPolicy({ chooseUnits: (_s, c) => [c.candidates[1]!] });
    const { state: after } = applyEffects(battleAt(units()), event('xetti-bishum', 'Bribery'), ctx, spy);
    expect(spy.units.map((c) => [c.side, c.candidates])).toEqual([['azuthka', ['d1', 'd2']]]);
    expect(findUnit(after, 'd2')!.controlledBy).toMatchObject({ side: 'azuthka', sizeForCapacity: 0, duration: 'turn' });
    expect(fightsFor(findUnit(after, 'd2')!)).toBe('azuthka');
    expect(fightsFor(findUnit(expire(after, 'turn').state, 'd2')!)).toBe('celestine');
  });

  it('Xetti Bishum "Shell Game": the non-Controlling army gets one unit of the Controlling army', () => {
    const state = battleAt([...units(), unit('a2', 'azuthka', {})]);
    const spy = spyPolicy();
    const after = applyEffects(state, event('xetti-bishum', 'Shell Game'), ctx, spy).state;
    expect(spy.units.map((c) => [c.side, c.candidates])).toEqual([['celestine', ['a1', 'a2']]]);
    expect(fightsFor(findUnit(after, 'a1')!)).toBe('celestine');
  });
});

describe('roll and add-unit', () => {
  const elemental = event('dracosroar', 'Ramping Water Elemental');
  const createUnit = (record: string) => {
    const r = warchonUnits[record as keyof typeof warchonUnits];
    return { record, name: r.name, stats: { ...r.faces[0] }, traits: [...(r.traits ?? [])] };
  };
  const drac = () =>
    battleAt([unit('a', 'azuthka', { as: 3, ds: 3 }, [], 'dracosroar'), unit('d', 'celestine', { as: 5, ds: 4 }, [], 'dracosroar')], 1, 'dracosroar');

  it('Dracosroar "Ramping Water Elemental" on 1-2: a 4 CS, 2 Hits, Aquatic unit joins the attacking army this turn', () => {
    const state = drac();
    const { state: after, log } = applyEffects(state, elemental, { owner: null, source: 'dracosroar event 1', createUnit, ...generating(2) }, firstPolicy);
    const added = after.units[2]!;
    expect(added).toMatchObject({
      id: 'ramping-water-elemental#1',
      record: 'ramping-water-elemental',
      side: 'azuthka',
      location: 'dracosroar',
      hits: 2,
      maxHits: 2,
      traits: ['aquatic'],
    });
    expect(added.stats).toMatchObject({ hits: 2, as: 4, ds: 4 });
    expect(log.map((l) => l.kind)).toEqual(['roll', 'add-unit']);
    // The number is the game's (fingers), not a draw of the generator: in the data, not in `rolls`.
    expect(log[0]!.rolls).toEqual([]);
    expect(log[0]!.data).toMatchObject({ die: 'rng', value: 2, generated: { value: 2 } });
    expect(after.nextUnitNumber).toBe(2);
    // It leaves play when the turn is over.
    expect(expire(after, 'turn').state.units.map((u) => u.id)).toEqual(['a', 'd']);
  });

  it('on 3-4 it joins the defending army; built from the rule alone when the game gives no record', () => {
    const state = drac();
    const after = applyEffects(state, elemental, { ...ctx, ...generating(3) }, firstPolicy).state;
    expect(after.units[2]).toMatchObject({ side: 'celestine', name: 'Ramping Water Elemental', stats: { as: 4, ds: 4, hits: 2 } });
  });

  it('on 5 all armies are at halved CS this turn (rounded down by the ruling dracosroar-halved-cs-rounding)', () => {
    const state = drac();
    const { state: after, log } = applyEffects(state, elemental, { ...ctx, ...generating(5) }, firstPolicy);
    expect(after.units).toHaveLength(2);
    expect([stat(after, 'a', 'as'), stat(after, 'd', 'as'), stat(after, 'd', 'ds')]).toEqual([1, 2, 2]);
    expect(log[0]!.data).toMatchObject({ die: 'rng', value: 5, outcome: 2, generated: { value: 5 } });
  });

  it('Warmaster Trap on 4-6: one Imperial unit in the area is destroyed, chosen by the Imperial player', () => {
    const state = createState({
      seed: seedWhere('d6', (v) => v >= 4),
      sides: ['imperial', 'traitor'],
      units: ['m1', 'm2'].map((id) => ({ id, side: 'imperial', location: 'area-25' })),
    });
    const spy = spyPolicy({ chooseUnits: () => ['m2'] });
    const { state: after, log } = applyEffects(state, warmasterCards.trap.effects, { owner: 'traitor', source: 'trap', location: 'area-25' }, spy);
    expect(spy.units.map((c) => [c.side, c.candidates])).toEqual([['imperial', ['m1', 'm2']]]);
    expect(alive(after)).toEqual(['m1']);
    expect(log[0]!.rolls[0]!.value).toBeGreaterThanOrEqual(4);
  });

  it('Warmaster Trap on 1-3: no effect', () => {
    const state = createState({
      seed: seedWhere('d6', (v) => v <= 3),
      sides: ['imperial', 'traitor'],
      units: [{ id: 'm1', side: 'imperial', location: 'area-25' }],
    });
    const { state: after, log } = applyEffects(state, warmasterCards.trap.effects, { owner: 'traitor', source: 'trap', location: 'area-25' }, firstPolicy);
    expect(alive(after)).toEqual(['m1']);
    expect(log.map((l) => l.kind)).toEqual(['roll', 'no-effect', 'move-cards']);
  });
});

describe('roll-table', () => {
  const table = (id: string) => (id === 'teleportation' ? teleportTables.teleportation : undefined);
  const group = (seed: number) =>
    createState({
      seed,
      sides: ['imperial', 'traitor'],
      units: [
        { id: 'marines', side: 'imperial', location: 'staging' },
        { id: 'guard', side: 'imperial', location: 'staging' },
      ],
    });

  it('Warmaster teleportation on 11-12 ("Death!"): the teleporting units are destroyed', () => {
    const { state: after, log } = applyEffects(
      group(seedWhere('d66', (v) => v <= 12)),
      [{ kind: 'roll-table', table: 'teleportation' }],
      { owner: 'imperial', source: 'teleport', location: 'staging', table, subject: ['marines', 'guard'] },
      firstPolicy,
    );
    expect(alive(after)).toEqual([]);
    expect(log.map((l) => l.kind)).toEqual(['roll-table', 'destroy']);
    expect(log[0]!.data).toMatchObject({ table: 'teleportation', die: 'd66', entry: 0 });
  });

  it('on 66 ("Perfectly!") the units teleport where their side chooses', () => {
    const destinations = () => ['area-14', 'the-bridge'];
    const spy = spyPolicy({ chooseLocation: (_s, c) => c.candidates[1]! });
    const { state: after } = applyEffects(
      group(seedWhere('d66', (v) => v === 66)),
      [{ kind: 'roll-table', table: 'teleportation' }],
      { owner: 'imperial', source: 'teleport', location: 'staging', table, destinations, subject: ['marines', 'guard'] },
      spy,
    );
    expect(after.units.map((u) => u.location)).toEqual(['the-bridge', 'the-bridge']);
    expect(spy.locations.map((c) => c.side)).toEqual(['imperial', 'imperial']);
  });

  it('a table the game does not provide rolls nothing and says so', () => {
    const state = group(1);
    const { state: after, log } = applyEffects(state, [{ kind: 'roll-table', table: 'missing' }], { owner: 'imperial', source: 't' }, firstPolicy);
    expect(after.random).toEqual(state.random);
    expect(log[0]!.text).toMatch(/not available/);
  });
});

describe('move-cards', () => {
  it("the trigger's card (cards: subject) moves between zones; named cards and the top of a zone move too; a hand is hand:<side>", () => {
    const state = createState({ seed: 1, sides: SIDES, units: [], zones: { revealed: ['trap', 'horror'], deck: ['a', 'b', 'c'] } });
    const moved = applyEffects(
      state,
      [{ kind: 'move-cards', cards: 'subject', from: 'revealed', to: 'removed' }],
      { owner: 'azuthka', source: 'test', cards: ['horror'] },
      firstPolicy,
    ).state;
    expect(moved.zones).toMatchObject({ revealed: ['trap'], removed: ['horror'] });
    const drawn = applyEffects(moved, [{ kind: 'move-cards', from: 'deck', to: 'hand', count: 2 }], { owner: 'azuthka', source: 'test' }, firstPolicy).state;
    expect(drawn.zones).toMatchObject({ deck: ['c'], 'hand:azuthka': ['a', 'b'] });
    const named = applyEffects(
      drawn,
      [{ kind: 'move-cards', cards: ['b'], from: 'hand', to: 'discard', side: 'enemy' }],
      { owner: 'celestine', source: 'test' },
      firstPolicy,
    ).state;
    expect(named.zones).toMatchObject({ 'hand:azuthka': ['a'], discard: ['b'] });
  });
});

describe('Archon spells: swap-positions, teleport, prevent-actions', () => {
  const board = () =>
    createState({
      seed: 1,
      sides: ['light', 'dark'],
      units: [
        { id: 'knight', side: 'light', location: 'b1' },
        { id: 'unicorn', side: 'light', location: 'g1' },
        { id: 'troll', side: 'dark', location: 'c8' },
      ],
    });
  const spell = (source: string) => ({ owner: 'light', source, location: null });

  it('Exchange: two friendly creatures chosen by their owner switch locations', () => {
    const spy = spyPolicy();
    const { state: after, log } = applyEffects(board(), spells.exchange.effects, spell('exchange'), spy);
    expect(spy.units).toEqual([]); // exactly two friendly creatures: no choice to make
    expect(after.units.map((u) => [u.id, u.location])).toEqual([
      ['knight', 'g1'],
      ['unicorn', 'b1'],
      ['troll', 'c8'],
    ]);
    expect(log[0]).toMatchObject({ kind: 'swap-positions', units: ['knight', 'unicorn'], data: { swapped: true } });
  });

  it('swap with fewer than two units selected moves nothing', () => {
    const state = board();
    const after = applyEffects(state, [{ kind: 'swap-positions', target: { units: ['troll'] } }], spell('x'), firstPolicy).state;
    expect(after.units).toEqual(state.units);
  });

  it('Teleport: a friendly creature goes where its owner picks, among squares the game allows within range 6', () => {
    const asked: (number | null)[] = [];
    const destinations = (_s: CoreState, _u: UnitState, move: { kind: string; distance: number | null }) => (asked.push(move.distance), ['b7', 'd4']);
    const spy = spyPolicy({ chooseUnits: () => ['unicorn'], chooseLocation: (_s, c) => c.candidates[1]! });
    const { state: after, log } = applyEffects(board(), spells.teleport.effects, { ...spell('teleport'), destinations }, spy);
    expect(spy.units.map((c) => [c.side, c.candidates])).toEqual([['light', ['knight', 'unicorn']]]);
    expect(asked).toEqual([6]);
    expect(findUnit(after, 'unicorn')!.location).toBe('d4');
    expect(log[0]!.data).toMatchObject({ range: 6, moved: { unicorn: 'd4' } });
  });

  it('a unit an effect moves loses its while-here modifiers (they hold only where they began)', () => {
    let state = applyEffects(
      board(),
      [{ kind: 'modify-strength', target: { units: ['knight'] }, stat: 'as', op: 'add', value: 2, duration: 'while-here' }],
      spell('aura'),
      firstPolicy,
    ).state;
    expect(findUnit(state, 'knight')!.modifiers).toHaveLength(1);
    const destinations = () => ['e5'];
    state = applyEffects(state, [{ kind: 'teleport', target: { units: ['knight'] } }], { ...spell('teleport'), destinations }, firstPolicy).state;
    expect(findUnit(state, 'knight')).toMatchObject({ location: 'e5', modifiers: [] });
  });

  it('Teleport with no destination (no hook) leaves the creature where it is', () => {
    const after = applyEffects(board(), spells.teleport.effects, spell('teleport'), firstPolicy).state;
    expect(findUnit(after, 'knight')!.location).toBe('b1');
  });

  it('Imprison: the enemy creature cannot move or attack for its next 3 turns, counted at its own turns', () => {
    let state = applyEffects(board(), spells.imprison.effects, spell('imprison'), firstPolicy).state;
    const troll = () => findUnit(state, 'troll')!;
    expect(troll().prevented).toEqual([{ actions: ['move', 'attack'], turnsLeft: 3, source: 'imprison' }]);
    expect(findUnit(state, 'knight')!.prevented).toEqual([]);
    const turns: boolean[] = [];
    // Light's turn ends (no count), then Dark's three turns, each followed by Light's.
    state = expire(state, { turnOf: 'light' }).state;
    for (let i = 0; i < 3; i++) {
      turns.push(mayAct(troll(), 'move') || mayAct(troll(), 'attack'));
      state = expire(state, { turnOf: 'dark' }).state;
      state = expire(state, { turnOf: 'light' }).state;
    }
    turns.push(mayAct(troll(), 'move') && mayAct(troll(), 'attack'));
    expect(turns).toEqual([false, false, false, true]);
  });
});

describe('manual', () => {
  it('Erdon Pass "Inspired Charge": the attacking army gains +2 AS this turn only if it has a Tactics unit (the event\'s `if`)', () => {
    const charge = eventsOf('erdon-pass').find((e) => e.name === 'Inspired Charge')!;
    const withTactics = battleAt([unit('leader', 'azuthka', { as: 2 }, ['tactics']), unit('u', 'azuthka', { as: 2 }), unit('d', 'celestine', { as: 2 })]);
    const without = battleAt([unit('u', 'azuthka', { as: 2 }), unit('d', 'celestine', { as: 2 }, ['tactics'])]);
    expect(holds(withTactics, charge.extension!.if!, ctx)).toBe(true);
    expect(holds(without, charge.extension!.if!, ctx)).toBe(false);
    const after = applyEffects(withTactics, charge.effects, ctx, firstPolicy).state;
    expect(['leader', 'u', 'd'].map((id) => stat(after, id, 'as'))).toEqual([4, 4, 2]);
  });
});

/** Answers every "may" with `answer` (0 yes, 1 no) and records who was asked. */
function mayPolicy(answer: 0 | 1): Policy & { asked: (string | null)[] } {
  const asked: (string | null)[] = [];
  return { ...firstPolicy, asked, chooseOption: (_s, c) => (asked.push(c.side), expect(c.options).toEqual(['yes', 'no']), answer) };
}

describe('may', () => {
  it("Berserk (Warchon): the owner of the rule's unit decides; yes applies the effects (CS doubled, destruction set up for after the battle), no applies nothing", () => {
    const berserk = traits.berserk.rules![0]!.do;
    const state = battleAt([warchon('deathknoll-ogres', 'ogres', 'celestine'), unit('a', 'azuthka', { as: 2, ds: 2 })]);
    const self: EffectContext = { owner: 'celestine', source: 'trait/berserk/go-berserk', self: 'ogres' };
    const yes = mayPolicy(0);
    const accepted = applyEffects(state, berserk, self, yes);
    expect(yes.asked).toEqual(['celestine']);
    expect([stat(accepted.state, 'ogres', 'as'), stat(accepted.state, 'ogres', 'ds')]).toEqual([8, 8]);
    expect(accepted.state.delayed).toHaveLength(1);
    expect(accepted.log.map((e) => e.kind)).toEqual(['may', 'modify-strength', 'delayed']);
    expect(accepted.log[0]).toMatchObject({ data: { by: 'owner', side: 'celestine', accepted: true } });
    const declined = applyEffects(state, berserk, self, mayPolicy(1));
    expect(stat(declined.state, 'ogres', 'as')).toBe(4);
    expect(declined.state.delayed).toEqual([]);
    expect(declined.log).toEqual([expect.objectContaining({ kind: 'may', data: { by: 'owner', side: 'celestine', accepted: false } })]);
  });

  it("by random: the state's generator decides, the same seed the same way", () => {
    const effect: Effects = [{ kind: 'may', by: 'random', do: [{ kind: 'destroy', target: {} }] }];
    const outcomes = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => applyEffects(battleAt([unit('a', 'azuthka', { as: 1 })], seed), effect, ctx, firstPolicy));
    expect(new Set(outcomes.map((o) => o.log[0]!.data.accepted))).toEqual(new Set([true, false]));
    for (const o of outcomes) expect(alive(o.state)).toEqual(o.log[0]!.data.accepted ? [] : ['a']);
    expect(applyEffects(battleAt([unit('a', 'azuthka', { as: 1 })], 3), effect, ctx, firstPolicy)).toEqual(outcomes[2]);
  });
});

describe('choose-units, count any, exceptBinding', () => {
  it('Magic Bridge (Dracosroar Event 4): the attacker picks any number of its units, none included; the others have AS 0; on 1-2 the committed units without Aerial or Aquatic are destroyed', () => {
    const bridge = eventsOf('dracosroar').find((e) => e.roll === 4)!.effects;
    const units = [
      unit('ogres', 'azuthka', { as: 4 }),
      unit('angels', 'azuthka', { as: 3 }, ['aerial']),
      unit('swarm', 'azuthka', { as: 2 }),
      unit('d', 'celestine', { ds: 3 }),
    ];
    const picks: UnitChoice[] = [];
    const pick = (ids: string[]): Policy => ({ ...firstPolicy, chooseUnits: (_s, c) => (picks.push(c), ids) });
    const illusion = applyEffects(battleAt(units), bridge, { ...ctx, bindings: new Map(), ...generating(1) }, pick(['ogres', 'angels']));
    expect(picks[0]).toMatchObject({ side: 'azuthka', candidates: ['ogres', 'angels', 'swarm'], count: 3, anyNumber: true });
    expect(illusion.log[0]).toMatchObject({ kind: 'choose-units', data: { as: 'committed', chosen: ['ogres', 'angels'] } });
    expect(stat(illusion.state, 'swarm', 'as')).toBe(0);
    // The Aerial Angels do not fall; the Ogres do.
    expect(alive(illusion.state)).toEqual(['angels', 'swarm', 'd']);
    const holds = applyEffects(battleAt(units), bridge, { ...ctx, bindings: new Map(), ...generating(3) }, pick([]));
    expect(alive(holds.state)).toEqual(['ogres', 'angels', 'swarm', 'd']);
    expect(['ogres', 'angels', 'swarm'].map((id) => stat(holds.state, id, 'as'))).toEqual([0, 0, 0]);
  });

  it('a pick of more than the candidates, a repeated one or a stranger is refused; a random pick of any number stays among them', () => {
    const state = battleAt([unit('a', 'azuthka', { as: 1 }), unit('b', 'azuthka', { as: 1 })]);
    const anySide: Effects = [{ kind: 'choose-units', target: { side: 'attacker', choose: { count: 'any', by: 'owner' }, as: 'x' } }];
    expect(() => applyEffects(state, anySide, ctx, { ...firstPolicy, chooseUnits: () => ['a', 'a'] })).toThrow(/at most 2 distinct/);
    expect(() => applyEffects(state, anySide, ctx, { ...firstPolicy, chooseUnits: () => ['z'] })).toThrow(/at most 2 distinct/);
    expect(applyEffects(state, anySide, ctx, { ...firstPolicy, chooseUnits: () => [] }).log[0]!.data.chosen).toEqual([]);
    for (let seed = 0; seed < 20; seed++) {
      const chosen = applyEffects(
        battleAt([unit('a', 'azuthka', { as: 1 }), unit('b', 'azuthka', { as: 1 })], seed),
        [{ kind: 'choose-units', target: { choose: { count: 'any', by: 'random' } } }],
        ctx,
        firstPolicy,
      ).log[0]!.data.chosen as string[];
      expect(chosen.every((id) => id === 'a' || id === 'b')).toBe(true);
    }
  });
});

describe('bring-in', () => {
  /** Units one and two places away, a hook that reaches `distance` places along a line of four. */
  const LINE = ['field', 'hill', 'river', 'sea'];
  const reach: EffectContext['destinations'] = (_s, u, move) =>
    LINE.filter((l) => l !== u.location && Math.abs(LINE.indexOf(l) - LINE.indexOf(u.location!)) <= (move.distance ?? 9));

  it('Surprise Reserve (Erdon Pass Event 4): the Controlling army brings one unit in from within its own Movement, Size 0 for Capacity this turn, and it retreats one spread when the turn ends', () => {
    const reserve = eventsOf('erdon-pass')[3]!.effects;
    const units = [
      unit('here', 'azuthka', { as: 1 }),
      unit('near', 'azuthka', { as: 1, size: 2, movement: 1 }, [], 'hill'),
      unit('slow', 'azuthka', { as: 1, movement: 1 }, [], 'river'),
      unit('far', 'azuthka', { as: 1, movement: 3 }, [], 'sea'),
      unit('foe', 'celestine', { ds: 1 }, [], 'hill'),
    ];
    const spy = spyPolicy();
    const ctxReserve: EffectContext = { owner: null, source: 'erdon-pass event 4', destinations: reach, bindings: new Map() };
    const applied = applyEffects(battleAt(units), reserve, ctxReserve, { ...spy, chooseOption: () => 0 });
    // Within its own Movement: "near" (1 of 1) and "far" (3 of 3); not "slow" (2 away, Movement 1), nor the enemy.
    expect(spy.units[0]).toMatchObject({ side: 'azuthka', candidates: ['near', 'far'], count: 1 });
    expect(findUnit(applied.state, 'near')).toMatchObject({ location: 'field', controlledBy: { side: 'azuthka', sizeForCapacity: 0, duration: 'turn' } });
    expect(applied.log.find((e) => e.kind === 'bring-in')).toMatchObject({
      units: ['near'],
      data: { to: 'field', brought: ['near'], from: { near: 'hill' }, sizeForCapacity: 0 },
    });
    expect(applied.state.delayed).toEqual([expect.objectContaining({ at: { event: 'turn-ends' }, bindings: { reserve: ['near'] } })]);
    // The turn ends: the delayed retreat moves it one place, and its Size counts again.
    const ended = fire(applied.state, { event: 'turn-ends', side: 'azuthka' }, [], firstPolicy, { destinations: reach });
    expect(findUnit(ended.state, 'near')!.location).not.toBe('field');
    expect(findUnit(expire(ended.state, { turnOf: 'azuthka' }).state, 'near')!.controlledBy).toBeNull();
    // Declined: nobody moves.
    expect(findUnit(applyEffects(battleAt(units), reserve, ctxReserve, { ...firstPolicy, chooseOption: () => 1 }).state, 'near')!.location).toBe('hill');
  });

  it('`within` limits the reach whatever the Movement; with no location or no hook nobody comes', () => {
    const units = [unit('a', 'azuthka', { as: 1 }, [], 'hill'), unit('b', 'celestine', { as: 1 }, [], 'sea')];
    const after = applyEffects(battleAt(units), [{ kind: 'bring-in', target: { side: 'any' }, within: 2 }], { ...ctx, destinations: reach }, firstPolicy).state;
    expect(['a', 'b'].map((id) => findUnit(after, id)!.location)).toEqual(['field', 'sea']);
    const noHook = applyEffects(battleAt(units), [{ kind: 'bring-in', target: {} }], ctx, firstPolicy);
    expect(noHook.log[0]).toMatchObject({ kind: 'bring-in', data: { brought: [] } });
    const nowhere = applyEffects(
      createState({ seed: 1, sides: SIDES, units }),
      [{ kind: 'bring-in', target: {} }],
      { ...ctx, destinations: reach },
      firstPolicy,
    );
    expect(nowhere.log[0]!.data.brought).toEqual([]);
  });
});
