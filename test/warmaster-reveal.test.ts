// Warmaster's face-down pieces turned face up through the game loop (ruling standard-face-down-pieces):
// an Imperial unit ending its move or teleport in their area, or the pieces teleporting in beside
// Imperial units; a Trap or Horror acts then; Horus, revealed so, may retreat one area of the
// Traitor's choice before the battle, once; a side's arrivals by teleport fight in its battle phase
// (ruling standard-stacking); a retreat goes one area of its owner's choice, never into the enemy,
// a destroyed area or the Reactors (ruling standard-retreat).
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import { coreWith, findUnit } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterMove, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import { atMovement, fight, forcedD6, reactorsOf, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
const reveals = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'reveal');
const phases = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'phase').map((e) => e.phase);

/** The piece a test placed as `record` (face down: its identity). */
function pieceOf(s: WarmasterState, record: string): string {
  return Object.entries(s.identities).find(([, r]) => r === record)?.[0] ?? s.core.units.find((u) => u.record === record)!.id;
}

/** Plays a move, answering every question with `answer` until none is pending. */
function playAnswering(s: WarmasterState, move: WarmasterMove, answer: (moves: readonly WarmasterMove[], s: WarmasterState) => WarmasterMove) {
  let played = game.play(c, s, move);
  const events: GameEvent[] = [...played.events];
  const asked: WarmasterState[] = [];
  while (played.state.pending !== null && played.state.result === null) {
    asked.push(played.state);
    played = game.play(c, played.state, answer(game.legalMoves(c, played.state), played.state));
    events.push(...played.events);
  }
  return { state: played.state, events, asked };
}

describe('Warmaster face-down pieces, Horus, stacking and retreats', () => {
  it('face-down pieces: an Imperial unit ending its move in their area turns them face up there and then, and a Trap acts at once', () => {
    let s = atMovement(content, 'imperial', { 'imperial-unit-1': 'area-24', t: ['area-34', 'trap', 'face-down'] }, 'imperial');
    const trap = pieceOf(s, 'trap');
    expect(s.identities[trap]).toBe('trap');
    // The Imperial side does not know what the counter is before it is turned face up.
    expect(game.playerView!(c, s, 'imperial').identities[trap]).toBeUndefined();
    s = stateWith(s, { random: forcedD6(5), core: coreWith(s.core, { random: forcedD6(5) }) });
    const moved = game.play(c, s, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' });
    // Still the movement phase: the Trap was revealed on arrival, rolled 5 and destroyed the unit.
    expect(moved.state.phase).toBe('imperial-movement');
    expect(moved.state.stage).toBe('move');
    expect(reveals(moved.events)).toMatchObject([{ piece: trap, record: 'trap', area: 'area-34' }]);
    expect(moved.state.identities[trap]).toBeUndefined();
    expect(findUnit(moved.state.core, 'imperial-unit-1')!.destroyed).toBe(true);
    // A face-down piece with no Imperial unit arriving stays face down.
    const away = atMovement(content, 'imperial', { 'imperial-unit-1': 'area-24', t: ['area-34', 'trap', 'face-down'] }, 'imperial');
    const elsewhere = game.play(c, away, { kind: 'move', unit: 'imperial-unit-1', to: 'area-14' });
    expect(reveals(elsewhere.events)).toEqual([]);
    expect(elsewhere.state.identities[pieceOf(away, 'trap')]).toBe('trap');
  });

  it("stacking: a Traitor piece teleporting in beside Imperial units is turned face up, the two sides fight there in the Traitor's battle phase, and any number of units share an area", () => {
    const base = atMovement(content, 'imperial', { 'imperial-unit-1': 'area-34', 'imperial-unit-2': 'area-34', 'imperial-unit-3': 'area-34' }, 'imperial');
    const drawn = base.setupPieces.length > 0 ? Object.keys(base.identities).find((id) => !base.setupPieces.includes(id))! : Object.keys(base.identities)[0]!;
    const ready = stateWith(base, { cup: [drawn], identities: { ...base.identities, [drawn]: 'demonic-hordes' } });
    // A seed whose draw teleports the piece into area 34 (Success! 34).
    let found: { state: WarmasterState; events: GameEvent[] } | null = null;
    for (let k = 0; k < 3000 && found === null; k++) {
      const s = stateWith(ready, { random: seedRandom(k), core: coreWith(ready.core, { random: seedRandom(k) }) });
      const played = game.play(c, s, { kind: 'end-movement' });
      if (played.events.some((e) => e.type === 'arrive' && e.area === 'area-34')) found = { state: played.state, events: [...played.events] };
    }
    expect(found).not.toBeNull();
    const { state, events } = found!;
    expect(reveals(events)).toMatchObject([{ piece: drawn, record: 'demonic-hordes', area: 'area-34' }]);
    const revealedAt = events.findIndex((e) => e.type === 'reveal');
    expect([...events.slice(0, revealedAt)].reverse().find((e) => e.type === 'phase')).toMatchObject({ phase: 'traitor-reinforcements' });
    // Three Imperial units share area 34; the Traitor's battle phase fights there, the Traitor attacking.
    let s = state;
    const later: GameEvent[] = [...events];
    for (let i = 0; i < 200 && s.result === null && !later.some((e) => e.type === 'battle'); i++) {
      const moves = game.legalMoves(c, s);
      const played = game.play(c, s, moves.find((m) => m.kind === 'end-movement') ?? moves[0]!);
      s = played.state;
      later.push(...played.events);
    }
    const battle = later.find((e) => e.type === 'battle')!;
    expect(battle).toMatchObject({ area: 'area-34', attacker: 'traitor', defender: 'imperial' });
    expect([...later.slice(0, later.indexOf(battle))].reverse().find((e) => e.type === 'phase')).toMatchObject({ phase: 'traitor-battle' });
  });

  it('Warmaster Horus revealed by an Imperial unit ending its move in his area: the Traitor may retreat him one area of his choice before the battle, or stay and fight', () => {
    const at = { 'imperial-unit-1': 'area-24', h: ['area-34', 'warmaster-horus', 'face-down'] } as const;
    const s = atMovement(content, 'imperial', at, 'imperial');
    const horus = pieceOf(s, 'warmaster-horus');
    // Yes, then the last open area.
    const fled = playAnswering(s, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' }, (m, st) =>
      st.pending!.request.kind === 'option' ? m[0]! : m[m.length - 1]!,
    );
    expect(reveals(fled.events)).toMatchObject([{ piece: horus, record: 'warmaster-horus' }]);
    expect(fled.asked[0]!.pending!.request).toMatchObject({ kind: 'option', side: 'traitor', options: ['yes', 'no'] });
    const where = fled.asked[1]!.pending!.request;
    expect(where).toMatchObject({ kind: 'location', side: 'traitor', unit: horus });
    // One area along a connection (the one the Imperial unit left is empty now).
    expect(where.candidates).toEqual(rules.area.get('area-34')!.neighbours.filter((a) => !reactorsOf(rules).includes(a)));
    const to = where.candidates[where.candidates.length - 1]!;
    expect(findUnit(fled.state.core, horus)!.location).toBe(to);
    // He left before the battle: none is fought in area 34.
    const after = game.play(c, fled.state, { kind: 'end-movement' });
    expect(after.events.filter((e) => e.type === 'battle')).toEqual([]);
    // No: he stays, and the battle is fought.
    const stayed = playAnswering(
      s,
      { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' },
      (m) => m.find((x) => x.kind === 'choose' && x.ids[0] === '1') ?? m[0]!,
    );
    expect(findUnit(stayed.state.core, horus)!.location).toBe('area-34');
    const fought = game.play(c, stayed.state, { kind: 'end-movement' });
    expect(fought.events.filter((e) => e.type === 'battle')).toMatchObject([{ area: 'area-34' }]);
  });

  it("retreat: a unit made to retreat goes one area of its owner's choosing, never into enemy pieces, a destroyed area or the Reactors; one with none open is destroyed", () => {
    // Horus's retreat shows the areas open: area 34's neighbours but the Imperial-held one, the destroyed one and the Reactors.
    // Imperial units stay in area 24 (one moves on into area 34); another area is destroyed.
    const neighbours = rules.area.get('area-34')!.neighbours;
    const destroyed = neighbours.find((a) => a !== 'area-24' && !reactorsOf(rules).includes(a))!;
    const at = { 'imperial-unit-1': 'area-24', 'imperial-unit-2': 'area-24', h: ['area-34', 'warmaster-horus', 'face-down'] } as const;
    const s = atMovement(content, 'imperial', at, 'imperial', [destroyed]);
    const fled = playAnswering(s, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' }, (m) => m[0]!);
    const where = fled.asked[1]!.pending!.request;
    expect(where.candidates).not.toContain('area-24');
    expect(where.candidates).not.toContain(destroyed);
    for (const r of reactorsOf(rules)) expect(where.candidates).not.toContain(r);
    expect(where.candidates.length).toBeGreaterThan(0);
    // Every way out closed: Horus, made to retreat, is destroyed there and then.
    const closed = neighbours.filter((a) => a !== 'area-24');
    const shut = atMovement(content, 'imperial', at, 'imperial', closed);
    const trapped = playAnswering(shut, { kind: 'move', unit: 'imperial-unit-1', to: 'area-34' }, (m) => m[0]!);
    expect(findUnit(trapped.state.core, pieceOf(shut, 'warmaster-horus'))!.destroyed).toBe(true);
    expect(trapped.events.filter((e) => e.type === 'effect' && e.effect === 'eliminated')).toMatchObject([{ units: [pieceOf(shut, 'warmaster-horus')] }]);
    expect(phases(trapped.events)).toEqual([]);
  });

  it('Crew and Crew Ambush!: forced to retreat, each is eliminated instead, by its own rule (the retreat announced as unit-retreats, which the rule replaces)', () => {
    // Three Space Marines against a Crew and a Crew Ambush!; the first D6 giving a Defender routed.
    const defenders = { a: ['area-34', 'crew'], b: ['area-34', 'crew-ambush'] } as const;
    // The Traitor loses the Crew (his pick): the Crew Ambush! is forced to retreat; and the other way round.
    for (const [lost, kept] of [
      ['crew', 'crew-ambush'],
      ['crew-ambush', 'crew'],
    ] as const) {
      const answer = (m: readonly WarmasterMove[], st: WarmasterState): WarmasterMove =>
        st.pending?.request.kind === 'units' && st.pending.request.side === 'traitor'
          ? m.find((x) => x.kind === 'choose' && st.core.units.find((u) => u.id === x.ids[0])?.record === lost)!
          : m[0]!;
      const fights = [1, 2, 3, 4, 5, 6].map((roll) =>
        fight(content, ['imperial-unit-1', 'imperial-unit-2', 'imperial-unit-3'], defenders, forcedD6(roll), answer),
      );
      const routed = fights.find((f) => f.events.find((e) => e.type === 'result')?.result === 'DR');
      expect(routed).toBeDefined();
      const { state, events } = routed!;
      const survivor = state.core.units.find((u) => u.record === kept)!;
      expect(survivor.destroyed).toBe(true);
      expect(survivor.location).toBe('area-34');
      const by = events.filter((e) => e.type === 'effect' && String(e.rule).startsWith(`card/${kept}/eliminated-instead-of-retreating`));
      expect(by.map((e) => e.effect)).toEqual(['trigger', 'destroy']);
      // Its retreat was replaced: nothing left for the procedure to eliminate.
      expect(events.some((e) => e.type === 'effect' && e.effect === 'eliminated')).toBe(false);
    }
  });

  it('Warmaster Horus hidden: at the start of each of his turns while Horus lies face down the Traitor may turn him face up, or not; the Imperial player is never asked, and Horus turned up by his own side does not retreat', () => {
    const start = atMovement(content, 'imperial', { 'imperial-unit-1': 'area-14', h: ['area-56', 'warmaster-horus', 'face-down'] }, 'imperial');
    const horus = pieceOf(start, 'warmaster-horus');
    expect(game.legalMoves(c, start).some((m) => m.kind === 'reveal' || m.kind === 'keep-hidden')).toBe(false);
    const asked = game.play(c, start, { kind: 'end-movement' });
    // The Traitor's turn starts: his choice comes before anything his turn's start sets off.
    expect(asked.state).toMatchObject({ phase: 'traitor-reinforcements', stage: 'reveal-at-will', active: 'traitor' });
    expect(game.legalMoves(c, asked.state)).toEqual([{ kind: 'reveal', piece: horus }, { kind: 'keep-hidden' }]);
    // The Imperial player's view knows nothing more: the piece is still a face-down counter to him.
    expect(game.playerView!(c, asked.state, 'imperial').identities[horus]).toBeUndefined();
    // Kept hidden: he stays face down, and the turn goes on.
    const kept = game.play(c, asked.state, { kind: 'keep-hidden' });
    expect(kept.state.identities[horus]).toBe('warmaster-horus');
    expect(kept.state.stage).not.toBe('reveal-at-will');
    // Revealed: face up where he stands, no retreat offered (his own side turned him up), never asked again.
    const shown = game.play(c, asked.state, { kind: 'reveal', piece: horus });
    expect(reveals(shown.events)).toMatchObject([{ piece: horus, record: 'warmaster-horus', area: 'area-56', rule: 'special-unit/warmaster-horus/hidden' }]);
    expect(shown.state.identities[horus]).toBeUndefined();
    expect(findUnit(shown.state.core, horus)).toMatchObject({ record: 'warmaster-horus', location: 'area-56' });
    expect(shown.state.pending).toBeNull();
    expect(shown.events.some((e) => e.type === 'effect' && String(e.rule).includes('retreat-when-revealed'))).toBe(false);
    let s = shown.state;
    for (let i = 0; i < 300 && s.result === null && !(s.turn === 3 && s.phase === 'traitor-movement'); i++) {
      const moves = game.legalMoves(c, s);
      expect(moves.some((m) => m.kind === 'reveal' || m.kind === 'keep-hidden')).toBe(false);
      s = game.play(c, s, moves.find((m) => m.kind === 'end-movement') ?? moves[moves.length - 1]!).state;
    }
  });
});
