// Warchon as a whole, through the game loop: set-up to victory, determinism, and a fuzz test of
// seeded random games with the game's invariants checked after every move.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { fightsFor } from '../src/engine/core/state.js';
import { warchonGame as game, warchonRules, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';
import { sizeAt } from '../src/engine/warchon/movement.js';
import { chooser } from './helpers.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;
const rules = warchonRules(content);

function randomGame(seed: number, check?: (before: WarchonState, move: WarchonMove, after: WarchonState, events: readonly GameEvent[]) => void) {
  const pick = chooser(seed);
  const setup = game.setup(content, seed);
  let state = setup.state;
  const log: GameEvent[] = [...setup.events];
  const states: WarchonState[] = [state];
  let moves = 0;
  while (!state.result) {
    const legal = game.legalMoves(content, state);
    if (legal.length === 0) throw new Error(`seed ${seed}: no legal move (turn ${state.turn}, step ${state.step})`);
    const move = legal[pick(legal.length)]!;
    const { state: next, events } = game.play(content, state, move);
    check?.(state, move, next, events);
    log.push(...events);
    states.push(next);
    state = next;
    if (++moves > 20_000) throw new Error(`seed ${seed}: no end after 20,000 moves`);
  }
  return { state, log, states };
}

describe('Warchon games', () => {
  it('determinism: the same seed and the same moves give the same JSON state and log', () => {
    for (const seed of [1, 2, 99]) {
      const a = randomGame(seed);
      const b = randomGame(seed);
      expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
      expect(JSON.stringify(b.states)).toBe(JSON.stringify(a.states));
      // The logged moves alone replay the game to the same state.
      let s = game.setup(content, seed).state;
      for (const e of a.log) if (e.type === 'move') s = game.play(content, s, e.move as unknown as WarchonMove).state;
      expect(JSON.stringify(s)).toBe(JSON.stringify(a.state));
    }
    // The state is plain JSON.
    const one = randomGame(5).states[40]!;
    expect(JSON.parse(JSON.stringify(one))).toEqual(one);
  });

  it('the demo scenario plays from set-up to victory: Azuthka sets up on Sp. 5-7 first, then Celestine on Sp. 1-3', () => {
    const { log, state } = randomGame(3);
    const places = log.filter((e) => e.type === 'effect' && e.effect === 'place');
    expect(places.map((e) => rules.armies.azuthka!.some((a) => a.id === e.unit))).toEqual([true, true, true, false, false, false]);
    for (const p of places) {
      const side = rules.armies.azuthka!.some((a) => a.id === p.unit) ? 'azuthka' : 'celestine';
      expect(rules.zones[side]).toContain(p.spread);
    }
    expect(log.find((e) => e.type === 'turn')).toMatchObject({ turn: 1, side: 'azuthka' });
    expect(state.result).not.toBeNull();
  });

  it('fuzz: 200 seeded random games keep every invariant after every move and all end within the bound', () => {
    const ends: Record<string, number> = {};
    for (let seed = 1; seed <= 200; seed++) {
      const called = new Set<string>();
      const { state } = randomGame(seed, (before, move, after, events) => {
        // Plain checks (expect() per unit per move would dominate the run).
        const fail = (what: string) => {
          throw new Error(`seed ${seed} turn ${after.turn} ${JSON.stringify(move)}: ${what}`);
        };
        // No unit acts twice in a turn.
        if (new Set(after.acted).size !== after.acted.length) fail('a unit acted twice');
        if ((move.kind === 'move' || move.kind === 'hold') && before.acted.includes(move.unit)) fail('a unit acted twice');
        // Hits within the face bounds; a unit at 0 Hits is destroyed.
        for (const u of after.core.units) {
          if (u.hits < 0 || u.hits > u.maxHits) fail(`${u.id} has ${u.hits} Hits of ${u.maxHits}`);
          if (!u.destroyed && u.hits === 0) fail(`${u.id} is in play with 0 Hits`);
          if (!rules.sides.includes(fightsFor(u))) fail(`${u.id} fights for no army`);
        }
        // At most one event per spread per turn.
        if (new Set(after.eventsUsed).size !== after.eventsUsed.length) fail('two events at one spread');
        for (const e of events) {
          if (e.type !== 'event-called') continue;
          const key = `${after.turn}:${String(e.spread)}`;
          if (called.has(key)) fail(`a second event at ${key}`);
          called.add(key);
        }
        // Capacity never exceeded once the owner has resolved it (no destroy move pending).
        if (after.step !== 'setup' && !after.result) {
          const pendingLoss = game.legalMoves(content, after).some((m) => m.kind === 'destroy');
          if (!pendingLoss) {
            for (const s of rules.spreads)
              for (const side of rules.sides)
                for (const apart of [false, true]) if (sizeAt(after.core, rules, side, s.id, apart) > s.capacity) fail(`${side} over Capacity at ${s.id}`);
          }
        }
      });
      expect(state.turn).toBeLessThanOrEqual(100);
      const end = state.result!.winner ?? 'draw';
      ends[end] = (ends[end] ?? 0) + 1;
    }
    expect(Object.keys(ends).sort()).toEqual(expect.arrayContaining(['azuthka', 'celestine']));
  });
});
