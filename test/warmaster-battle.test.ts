// Warmaster's battle phases through the game loop: a unit moving into an enemy-held area makes a
// battle there in its side's battle phase; the face-down pieces there are revealed first; the
// attackers' total attack against the defenders' total defence picks the odds column, a D6 the
// row; AA, AR, BB (another round), DR and DA as their records say; a unit that must retreat goes
// one area (its owner's choice) or, with nowhere to go, is eliminated.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/engine/core/game.js';
import { findUnit } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { oddsColumn } from '../src/engine/warmaster/tables.js';
import { type Answer, atMovement, fight, forcedD6, type Placements, reactorsOf, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);

/** The roll that gives `code` at these totals on the pack's combat table. */
function rollFor(code: string, attack: number, defence: number): number {
  const { index } = oddsColumn(rules.combat, attack, defence);
  const row = rules.combat.rows.findIndex((r) => r[index]!.value?.code === code);
  if (row < 0) throw new Error(`no ${code} at ${attack}:${defence}`);
  return row + 1;
}

const battle = (attackers: readonly string[], defenders: Placements, roll: number, answer?: Answer) =>
  fight(content, attackers, defenders, forcedD6(roll), answer);

const results = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'result');
const traitorsAt = (s: WarmasterState, area: string) => s.core.units.filter((u) => u.side === 'traitor' && !u.destroyed && u.location === area);

describe('Warmaster battles', () => {
  it("battle: the attackers' total attack against the defenders' total defence, rounded in the defender's favour to a column, a D6 for the row", () => {
    // Two Space Marines (5 + 5) against two Crew (3 + 3): 10 to 6 is 1-1.
    const { events } = battle(['imperial-unit-1', 'imperial-unit-2'], { a: ['area-34', 'crew'], b: ['area-34', 'crew'] }, 4);
    const [first] = results(events);
    expect(first).toMatchObject({ rule: 'combat-table/combat-results#/extension/oddsRule', area: 'area-34', attack: 10, defence: 6, column: '1-1', roll: 4 });
    expect(first!.result).toBe(rules.combat.rows[3]![2]!.value!.code);
    expect(events.find((e) => e.type === 'battle')).toMatchObject({ area: 'area-34', attacker: 'imperial', defender: 'traitor' });
    // 15 to 3 is 3-1 or more; 5 to 9 is 1-2.
    expect(results(battle(['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'], { a: ['area-34', 'crew'] }, 1).events)[0]).toMatchObject({
      column: '3-1 or more',
    });
    expect(results(battle(['imperial-unit-1'], { a: ['area-34', 'crew'], b: ['area-34', 'crew'], d: ['area-34', 'crew'] }, 6).events)[0]).toMatchObject({
      column: '1-2',
    });
  });

  it('battle: the face-down pieces where the battle is are revealed first, a Trap or a Horror acting and leaving play, a Crew staying to fight', () => {
    const { events } = battle(['imperial-unit-1', 'imperial-unit-2'], { a: ['area-34', null], b: ['area-34', 'crew'] }, 6);
    const shown = events.filter((e) => e.type === 'reveal');
    expect(shown).toHaveLength(1);
    expect(events.indexOf(shown[0]!)).toBeLessThan(events.findIndex((e) => e.type === 'battle'));
    const record = shown[0]!.record as string;
    if (record === 'trap' || record === 'horror')
      expect(events.some((e) => e.type === 'effect' && String(e.rule).startsWith(`card/${record}`) && e.effect === 'move-cards')).toBe(true);
  });

  it("the Traitor's battle phase: his units that moved into Imperial-held areas attack there", () => {
    // Angrón moves from area-24 into area-34, held by an Imperial Guard (defence 3).
    let s = atMovement(content, 'traitor', { 'imperial-guard-1': 'area-34', x: ['area-24', 'angron'] }, 'traitor');
    const angron = s.core.units.find((u) => u.record === 'angron')!.id;
    s = game.play(c, s, { kind: 'move', unit: angron, to: 'area-34' }).state;
    expect(s.battles).toEqual(['area-34']);
    let played = game.play(c, s, { kind: 'end-movement' });
    const events: GameEvent[] = [...played.events];
    while (played.state.phase === 'traitor-battle' && played.state.result === null) {
      played = game.play(c, played.state, game.legalMoves(c, played.state)[0]!);
      events.push(...played.events);
    }
    expect(events.find((e) => e.type === 'phase' && e.phase === 'traitor-battle')).toBeDefined();
    expect(events.find((e) => e.type === 'battle')).toMatchObject({ area: 'area-34', attacker: 'traitor', defender: 'imperial' });
    const attack = rules.pieces.angron!.attack!;
    expect(results(events)[0]).toMatchObject({ attack, defence: 3, column: oddsColumn(rules.combat, attack, 3).column.label });
  });

  it('AA: every attacking unit is destroyed', () => {
    // One Imperial Guard (3) against three Crew (9): 1-3 or less.
    const roll = rollFor('AA', 3, 9);
    const { state, events } = battle(['imperial-guard-1'], { a: ['area-34', 'crew'], b: ['area-34', 'crew'], d: ['area-34', 'crew'] }, roll);
    expect(results(events)[0]).toMatchObject({ result: 'AA', roll });
    expect(findUnit(state.core, 'imperial-guard-1')!.destroyed).toBe(true);
    expect(traitorsAt(state, 'area-34')).toHaveLength(3);
    expect(events.some((e) => e.type === 'effect' && e.rule === 'combat-result/aa' && e.effect === 'destroy')).toBe(true);
  });

  it('DA: every defending unit is destroyed', () => {
    const roll = rollFor('DA', 15, 3);
    const { state, events } = battle(['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'], { a: ['area-34', 'crew'] }, roll);
    expect(results(events)[0]).toMatchObject({ result: 'DA' });
    expect(traitorsAt(state, 'area-34')).toHaveLength(0);
    for (const id of ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3']) expect(findUnit(state.core, id)!.location).toBe('area-34');
  });

  it('AR: the attacker loses a unit of his choice, the rest retreat one area of his choice', () => {
    const roll = rollFor('AR', 10, 9);
    // The Imperial player loses imperial-unit-2 and retreats imperial-unit-1 to the last area offered.
    const { state, events, asked } = battle(
      ['imperial-unit-1', 'imperial-unit-2'],
      { a: ['area-34', 'crew'], b: ['area-34', 'crew'], d: ['area-34', 'crew'] },
      roll,
      (moves, s) => {
        const r = s.pending!.request;
        if (r.kind === 'units') return moves.find((m) => m.kind === 'choose' && m.ids[0] === 'imperial-unit-2')!;
        return moves[moves.length - 1]!;
      },
    );
    expect(results(events)[0]).toMatchObject({ result: 'AR' });
    expect(asked.map((s) => [s.pending!.request.kind, s.pending!.request.side])).toEqual([
      ['units', 'imperial'],
      ['location', 'imperial'],
    ]);
    const where = asked[1]!.pending!.request.candidates;
    expect([...where].sort()).toEqual(
      rules.area
        .get('area-34')!
        .neighbours.filter((a) => !reactorsOf(rules).includes(a))
        .sort(),
    );
    expect(findUnit(state.core, 'imperial-unit-2')!.destroyed).toBe(true);
    expect(findUnit(state.core, 'imperial-unit-1')!.location).toBe(where[where.length - 1]);
    expect(traitorsAt(state, 'area-34')).toHaveLength(3);
  });

  it('DR: the defender loses a unit of his choice, the rest retreat; a unit that cannot retreat (Crew) is eliminated', () => {
    const roll = rollFor('DR', 15, 6);
    const { state, events, asked } = battle(
      ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'],
      { a: ['area-34', 'crew'], b: ['area-34', 'crew'] },
      roll,
    );
    expect(results(events)[0]).toMatchObject({ result: 'DR' });
    // The Traitor picks his loss; the other Crew, forced to retreat, is eliminated instead (its own rule).
    expect(asked.map((s) => [s.pending!.request.kind, s.pending!.request.side])).toEqual([['units', 'traitor']]);
    expect(traitorsAt(state, 'area-34')).toHaveLength(0);
    expect(events.some((e) => e.type === 'effect' && String(e.rule).startsWith('card/crew/eliminated-instead-of-retreating') && e.effect === 'destroy')).toBe(
      true,
    );
  });

  it('BB: one unit of each side is destroyed and the survivors fight another round', () => {
    const roll = rollFor('BB', 10, 6);
    const { state, events } = battle(['imperial-unit-1', 'imperial-unit-2'], { a: ['area-34', 'crew'], b: ['area-34', 'crew'] }, roll);
    const rounds = results(events);
    expect(rounds[0]).toMatchObject({ result: 'BB', round: 1 });
    // One of each destroyed, then a second round between the survivors (5 against 3).
    expect(events.find((e) => e.type === 'round')).toMatchObject({ area: 'area-34', round: 2 });
    expect(rounds[1]).toMatchObject({ round: 2, attack: 5, defence: 3 });
    const lost = (side: string) => state.core.units.filter((u) => u.side === side && u.destroyed).length;
    expect(lost('imperial') + lost('traitor')).toBeGreaterThanOrEqual(2);
  });
});
