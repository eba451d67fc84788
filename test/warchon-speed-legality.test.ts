// play checks a move of fingers, a Hit, or a Movement Round's move, hold or end without listing every
// legal move (play.ts isLegal); it must accept and refuse exactly what the listing offers, at every
// step of seeded games.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameSeed } from '../src/analysis/simulate.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { IllegalMove } from '../src/engine/core/game.js';
import { nextInt, seedRandom } from '../src/engine/core/random.js';
import { warchonGame as game } from '../src/engine/warchon/index.js';
import type { WarchonMove } from '../src/engine/warchon/state.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;

const FINGERS: WarchonMove[] = [0, 1, 3, 5, 6, 2.5, -1].map((n) => ({ kind: 'fingers', n }));
const ODD = { kind: 'fingers', n: 3, extra: true } as unknown as WarchonMove;
const ODD_HIT = [{ kind: 'assign', unit: 'no-such-unit' }, { kind: 'assign', unit: 7 }, { kind: 'assign' }] as unknown as WarchonMove[];

/** Every unit of the state as a Hit to assign, plus ids no unit has. */
const hits = (state: { core: { units: readonly { id: string }[] } }): WarchonMove[] => [...state.core.units.map((u): WarchonMove => ({ kind: 'assign', unit: u.id })), ...ODD_HIT];

/** Whether `play` accepts the move (it throws IllegalMove for a move the state does not offer). */
function accepts(state: Parameters<typeof game.play>[1], move: WarchonMove): boolean {
  try {
    game.play(content, state, move);
    return true;
  } catch (e) {
    if (!(e instanceof IllegalMove)) throw e;
    return false;
  }
}

const ODD_MOVEMENT = [{ kind: 'hold' }, { kind: 'hold', unit: 7 }, { kind: 'end-movement', extra: 1 }, { kind: 'move', unit: 'no-such-unit', to: 'irondale' }] as unknown as WarchonMove[];

describe('Warchon: the fingers and Hits legality check', () => {
  it('accepts a number of fingers or a Hit exactly when legalMoves lists it, throughout seeded games', () => {
    let checked = 0;
    let assignsListed = 0;
    for (let g = 0; g < 15; g++) {
      let state = game.setup(content, gameSeed(7, g)).state;
      let picks = seedRandom(gameSeed(8, g));
      for (let m = 0; state.result === null && m < 2_000; m++) {
        const legal = game.legalMoves(content, state);
        for (const move of [...FINGERS, ODD, ...hits(state)]) {
          const listed = legal.some((l) => JSON.stringify(l) === JSON.stringify(move));
          if (listed && move.kind === 'assign') assignsListed++;
          let accepted = true;
          try {
            game.play(content, state, move);
          } catch (e) {
            if (!(e instanceof IllegalMove)) throw e;
            accepted = false;
          }
          expect(accepted, `${JSON.stringify(move)} at move ${m} of game ${g}`).toBe(listed);
          checked++;
        }
        const d = nextInt(picks, 0, legal.length - 1);
        picks = d.random;
        state = game.play(content, state, legal[d.value]!).state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(assignsListed, 'Hits were offered in these games').toBeGreaterThan(50);
  });

  it("accepts a Movement Round's move, hold or end exactly when legalMoves lists it, throughout seeded games", () => {
    const spreads = Object.keys((content.records as unknown as { spread: Record<string, unknown> }).spread);
    let checked = 0;
    let movesListed = 0;
    for (let g = 0; g < 6; g++) {
      let state = game.setup(content, gameSeed(9, g)).state;
      let picks = seedRandom(gameSeed(10, g));
      for (let m = 0; state.result === null && m < 600; m++) {
        const legal = game.legalMoves(content, state);
        const listed = new Set(legal.map((l) => JSON.stringify(l)));
        // Every unit holding and moving to every spread (and to none there is), the end, and odd ones.
        const candidates: WarchonMove[] = [{ kind: 'end-movement' }, ...ODD_MOVEMENT];
        for (const u of state.core.units) {
          candidates.push({ kind: 'hold', unit: u.id });
          for (const to of [...spreads, 'nowhere']) candidates.push({ kind: 'move', unit: u.id, to });
        }
        candidates.push({ kind: 'move', unit: state.core.units[0]!.id, to: spreads[0]!, extra: true } as unknown as WarchonMove);
        for (const move of candidates) {
          const offered = listed.has(JSON.stringify(move));
          if (offered && move.kind === 'move') movesListed++;
          expect(accepts(state, move), `${JSON.stringify(move)} at move ${m} of game ${g}`).toBe(offered);
          checked++;
        }
        const d = nextInt(picks, 0, legal.length - 1);
        picks = d.random;
        state = game.play(content, state, legal[d.value]!).state;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(movesListed, 'moves were offered in these games').toBeGreaterThan(500);
  });
});
