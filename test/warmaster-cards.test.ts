// Warmaster's cards as Imperial arrivals reveal them, through the game loop, each from its record's effects
// and rules: Trap and Horror act and leave play, General Kane and the Emperor cancel them in their
// area, Crew stays to fight with defence 3, Crew Ambush! doubles the cards' values in its first
// battle round only.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/engine/core/game.js';
import { findUnit } from '../src/engine/core/state.js';
import { warmasterRules } from '../src/engine/warmaster/index.js';
import { type Answer, fight, forcedD6, testContent } from './warmaster-support.js';

const content = testContent();
const results = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'result');
const fired = (events: readonly GameEvent[], key: string, effect?: string) =>
  events.filter((e) => e.type === 'effect' && String(e.rule).split('@')[0] === key && (effect === undefined || e.effect === effect));
const revealed = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'reveal').map((e) => e.record);

describe('Warmaster cards revealed in battle', () => {
  it('Trap: a D6, 4-6 destroys an Imperial unit there (the Imperial player picks), then it leaves play', () => {
    // Two Imperial units in the area as the Trap turns face up: one already there, the other arriving.
    const hit = fight(content, ['imperial-unit-1'], { t: ['area-34', 'trap', 'face-down'], 'imperial-guard-1': 'area-34' }, forcedD6(5), (m, s) =>
      s.pending?.request.kind === 'units' ? m.find((x) => x.kind === 'choose' && x.ids[0] === 'imperial-guard-1')! : m[0]!,
    );
    expect(revealed(hit.events)).toEqual(['trap']);
    expect(hit.asked[0]!.pending!.request).toMatchObject({ kind: 'units', side: 'imperial', candidates: ['imperial-unit-1', 'imperial-guard-1'] });
    expect(findUnit(hit.state.core, 'imperial-guard-1')!.destroyed).toBe(true);
    expect(findUnit(hit.state.core, 'imperial-unit-1')!.destroyed).toBe(false);
    expect(fired(hit.events, 'card/trap', 'move-cards')).toHaveLength(1);
    // The Trap left play: no Traitor piece is left to fight, so no battle.
    expect(hit.state.core.units.filter((u) => u.side === 'traitor' && u.location === 'area-34' && !u.destroyed)).toEqual([]);
    expect(results(hit.events)).toEqual([]);
    const miss = fight(content, ['imperial-unit-1', 'imperial-guard-1'], { t: ['area-34', 'trap', 'face-down'] }, forcedD6(3));
    expect(miss.state.core.units.filter((u) => u.side === 'imperial' && u.destroyed)).toEqual([]);
  });

  it('Horror: a D6, the Imperial Guard destroyed on 3-6, any other unit on 5-6, one unit the Imperial player picks; then it leaves play', () => {
    const guard = fight(content, ['imperial-unit-1'], { h: ['area-34', 'horror', 'face-down'], 'imperial-guard-1': 'area-34' }, forcedD6(3));
    expect(findUnit(guard.state.core, 'imperial-guard-1')!.destroyed).toBe(true);
    expect(findUnit(guard.state.core, 'imperial-unit-1')!.destroyed).toBe(false);
    const marine = fight(content, ['imperial-unit-1'], { h: ['area-34', 'horror', 'face-down'] }, forcedD6(5));
    expect(findUnit(marine.state.core, 'imperial-unit-1')!.destroyed).toBe(true);
    const none = fight(content, ['imperial-unit-1'], { h: ['area-34', 'horror', 'face-down'] }, forcedD6(4));
    expect(findUnit(none.state.core, 'imperial-unit-1')!.destroyed).toBe(false);
    expect(fired(none.events, 'card/horror', 'move-cards')).toHaveLength(1);
  });

  it('General Kane and the Emperor: a Trap (Kane) or a Horror (the Emperor) revealed in their area is removed with no effect', () => {
    const kane = fight(content, ['general-kane', 'imperial-guard-1'], { t: ['area-34', 'trap', 'face-down'] }, forcedD6(6));
    expect(fired(kane.events, 'special-unit/general-kane/ignores-traps', 'move-cards')).toHaveLength(1);
    expect(fired(kane.events, 'card/trap')).toEqual([]);
    expect(kane.state.core.units.filter((u) => u.side === 'imperial' && u.destroyed)).toEqual([]);
    const emperor = fight(content, ['the-emperor', 'imperial-guard-1'], { h: ['area-34', 'horror', 'face-down'] }, forcedD6(6));
    expect(fired(emperor.events, 'special-unit/the-emperor/ignores-horror', 'move-cards')).toHaveLength(1);
    expect(emperor.state.core.units.filter((u) => u.side === 'imperial' && u.destroyed)).toEqual([]);
    // Kane does nothing against a Horror.
    const kaneHorror = fight(content, ['general-kane', 'imperial-guard-1'], { h: ['area-34', 'horror', 'face-down'] }, forcedD6(6));
    expect(fired(kaneHorror.events, 'card/horror', 'roll')).toHaveLength(1);
  });

  it("Crew: revealed, it stays and defends with 3; Crew Ambush! doubles its own and the Crew cards' values in its first round only", () => {
    const crew = fight(content, ['imperial-unit-1'], { c: ['area-34', 'crew', 'face-down'] }, forcedD6(6));
    expect(revealed(crew.events)).toEqual(['crew']);
    expect(results(crew.events)[0]).toMatchObject({ attack: 5, defence: 3 });
    const ambush = fight(
      content,
      ['imperial-unit-1', 'imperial-unit-2', 'sanguinius'],
      { a: ['area-34', 'crew-ambush', 'face-down'], c: ['area-34', 'crew'] },
      forcedD6(4),
    );
    expect(fired(ambush.events, 'card/crew-ambush/ambush', 'modify-strength')).toHaveLength(1);
    expect(results(ambush.events)[0]).toMatchObject({ round: 1, attack: 10 + warmasterRules(content as never).pieces.sanguinius!.attack!, defence: 12 });
    // A Blood bath's next round: the doubling is over. Look for one over a few generators.
    let second: GameEvent | undefined;
    const keep: Answer = (m, s) => (s.stage === 'reroll' ? m.find((x) => x.kind === 'reroll' && !x.use)! : m[0]!);
    for (let roll = 1; roll <= 6 && second === undefined; roll++) {
      const r = fight(
        content,
        ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'],
        { a: ['area-34', 'crew-ambush', 'face-down'], c: ['area-34', 'crew'], d: ['area-34', 'crew'] },
        forcedD6(roll),
        keep,
      );
      second = results(r.events).find((e) => e.round === 2);
    }
    expect(second, 'a Blood bath in some first round').toBeDefined();
    // Two of the three cards are left, undoubled: 6.
    expect(second!.defence).toBe(6);
  });
});
