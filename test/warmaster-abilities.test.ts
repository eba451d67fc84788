// Warmaster's special units and special areas that the interpreter plays from their records'
// `when`/`if`/`do` rules, through the game loop: the characters' re-rolls and the exceptions that
// cancel them, the Great Demons' and Demonic hordes' D6+4 values rolled again after a Blood bath,
// and the Engine Room's and Weapons store's accidental explosions.
import { describe, expect, it } from 'vitest';
import { rollD6 } from '../src/engine/core/dice.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { warmasterRules, type WarmasterMove } from '../src/engine/warmaster/index.js';
import { type Answer, fight, forcedD6, type Placements, reactorsOf, testContent } from './warmaster-support.js';

const content = testContent();
const rules = warmasterRules(content as never);
const results = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'result');
const fired = (events: readonly GameEvent[], key: string) => events.filter((e) => e.type === 'effect' && String(e.rule).split('@')[0] === key);
const useIt = (moves: readonly WarmasterMove[]) => moves.find((m) => m.kind === 'reroll' && m.use) ?? moves[0]!;

describe('Warmaster special units and areas', () => {
  it('re-rolls: the Emperor, Sanguinius, Rogal Dorn, Angrón and Magnus let their side re-roll the combat roll once, the second result standing; each loses it when a named enemy takes part', () => {
    // Imperial characters attacking Crew; Traitor characters defending against Space Marines.
    const cases: [string[], Placements, string, string][] = [
      [['the-emperor', 'imperial-unit-1'], { a: ['area-34', 'crew'] }, 'imperial', 'special-unit/the-emperor/reroll'],
      [['sanguinius', 'imperial-unit-1'], { a: ['area-34', 'crew'] }, 'imperial', 'special-unit/sanguinius/reroll'],
      [['rogal-dorn', 'imperial-unit-1'], { a: ['area-34', 'crew'] }, 'imperial', 'special-unit/rogal-dorn/reroll'],
      [['imperial-unit-1', 'imperial-unit-2'], { a: ['area-34', 'angron'] }, 'traitor', 'special-unit/angron/reroll'],
      [['imperial-unit-1', 'imperial-unit-2'], { a: ['area-34', 'magnus-the-red-one'] }, 'traitor', 'special-unit/magnus-the-red-one/reroll'],
    ];
    for (const [attackers, defenders, side, rule] of cases) {
      // A generator whose first two D6 differ, so the re-roll shows.
      let k = 0;
      while (rollD6(seedRandom(k)).value === rollD6(rollD6(seedRandom(k)).random).value) k++;
      const { events, asked } = fight(content, attackers, defenders, seedRandom(k), useIt);
      const first = asked.find((s) => s.stage === 'reroll')!;
      expect(first.active, rule).toBe(side);
      const [a, b] = results(events);
      expect(a!.reroll).toBe(false);
      expect(b).toMatchObject({ reroll: true, round: 1 });
      expect(events).toContainEqual(expect.objectContaining({ effect: 'reroll', side }));
      expect(String(events.find((e) => e.effect === 'reroll')!.rule).split('@')[0]).toBe(rule);
      // The second result is the one applied (its record's effects), and no third roll is offered.
      const applied = events.find((e) => e.type === 'effect' && String(e.rule).startsWith('combat-result/'));
      expect(applied!.rule).toBe(`combat-result/${String(b!.result).toLowerCase()}`);
      expect(asked.filter((s) => s.stage === 'reroll' && s.active === side)).toHaveLength(1);
      // Declined, the first result stands.
      const kept = fight(content, attackers, defenders, seedRandom(k), (m) => m.find((x) => x.kind === 'reroll' && !x.use) ?? m[0]!);
      expect(results(kept.events)).toHaveLength(1);
    }
    // Rogal Dorn against Angrón: each cancels the other's, so nobody is asked.
    const both = fight(content, ['rogal-dorn', 'imperial-unit-1'], { a: ['area-34', 'angron'] }, forcedD6(3));
    expect(both.asked.filter((s) => s.stage === 'reroll')).toEqual([]);
    for (const key of ['special-unit/rogal-dorn/reroll', 'special-unit/angron/reroll'])
      expect(fired(both.events, key).some((e) => /No re-roll/.test(String(e.text)))).toBe(true);
    // The Emperor against Warmaster Horus: his is cancelled.
    const horus = fight(content, ['the-emperor'], { a: ['area-34', 'warmaster-horus'] }, forcedD6(3));
    expect(horus.asked.filter((s) => s.stage === 'reroll')).toEqual([]);
  });

  it('Doombreed, Kraxnar and the Demonic hordes: attack and defence D6+4 for each battle, rolled again for the next round after a Blood bath', () => {
    for (const record of ['doombreed', 'kraxnar', 'demonic-hordes']) {
      // Defending against three Space Marines: the defence is the roll + 4.
      const { events } = fight(content, ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'], { a: ['area-34', record] }, forcedD6(2));
      const set = fired(events, `special-unit/${record}/chaos-stats`).find((e) => e.effect === 'modify-strength')!;
      const rolled = (set.rolls as { value: number }[])[0]!.value;
      expect(results(events)[0]).toMatchObject({ attack: 15, defence: rolled + 4 });
      // After a Blood bath, the survivor's values are rolled again for round 2.
      let again: GameEvent[] | null = null;
      for (let k = 0; k < 400 && again === null; k++) {
        // The Traitor loses the Crew to a Blood bath, keeping the demon.
        const keep: Answer = (moves, s) =>
          moves.find((m) => m.kind === 'choose' && s.core.units.find((u) => u.id === m.ids[0])?.record === 'crew') ?? moves[0]!;
        const r = fight(
          content,
          ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'],
          { a: ['area-34', record], b: ['area-34', 'crew'] },
          seedRandom(k),
          keep,
        );
        if (results(r.events).some((e) => e.round === 2) && fired(r.events, `special-unit/${record}/roll-each-combat`).length > 0) again = r.events;
      }
      expect(again, record).not.toBeNull();
      const reset = fired(again!, `special-unit/${record}/roll-each-combat`).find((e) => e.effect === 'modify-strength')!;
      const value = (reset.rolls as { value: number }[])[0]!.value + 4;
      const second = results(again!).find((e) => e.round === 2)!;
      // Round 2's defence: the new roll alone (the Crew was lost).
      expect(second.defence).toBe(value);
    }
  });

  it('the Engine Room and the Weapons store: before each result there a D6, a 1 destroys the area and every unit in it, and the battle ends', () => {
    for (const special of ['the-engine-room', 'the-weapons-store']) {
      const area = rules.areas.find((a) => a.special === special)!;
      const from = area.neighbours.find((n) => !reactorsOf(rules).includes(n))!;
      const where = { from, to: area.id };
      const blown = fight(content, ['imperial-unit-1'], { a: [area.id, 'crew'] }, forcedD6(1), undefined, where);
      expect(blown.state.core.destroyedPlaces).toContain(area.id);
      expect(blown.state.core.units.filter((u) => u.location === area.id && !u.destroyed)).toEqual([]);
      expect(fired(blown.events, `ship-area/${special}/accident`).some((e) => e.effect === 'destroy-place')).toBe(true);
      expect(fired(blown.events, `ship-area/${special}/explosion`).some((e) => e.effect === 'destroy')).toBe(true);
      expect(results(blown.events)).toEqual([]);
      const safe = fight(content, ['imperial-unit-1'], { a: [area.id, 'crew'] }, forcedD6(2), undefined, where);
      expect(safe.state.core.destroyedPlaces).not.toContain(area.id);
      expect(results(safe.events)).toHaveLength(1);
    }
  });
});
