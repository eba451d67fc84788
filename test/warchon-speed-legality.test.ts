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
import type { WarchonMove, WarchonState } from '../src/engine/warchon/state.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;

const FINGERS: WarchonMove[] = [0, 1, 3, 5, 6, 2.5, -1].map((n) => ({ kind: 'fingers', n }));
const ODD = { kind: 'fingers', n: 3, extra: true } as unknown as WarchonMove;
const ODD_HIT = [{ kind: 'assign', unit: 'no-such-unit' }, { kind: 'assign', unit: 7 }, { kind: 'assign' }] as unknown as WarchonMove[];

/** Every unit of the state as a Hit to assign, plus ids no unit has. */
const hits = (state: { core: { units: readonly { id: string }[] } }): WarchonMove[] => [
  ...state.core.units.map((u): WarchonMove => ({ kind: 'assign', unit: u.id })),
  ...ODD_HIT,
];

/** Whether `play` accepts the move (it throws IllegalMove for a move the state does not offer). */
function accepts(state: WarchonState, move: WarchonMove): boolean {
  try {
    game.play(content, state, move);
    return true;
  } catch (e) {
    if (!(e instanceof IllegalMove)) throw e;
    return false;
  }
}

/**
 * Plays seeded games of random moves and, at every step, tries each of `candidates(state)`: play
 * must accept it exactly when legalMoves lists it. Returns how many were tried, and how many of
 * the kind `counted` were listed (so a test can see the moves it checks were offered at all).
 */
function checkAgainstListing(
  games: number,
  seed: number,
  moves: number,
  candidates: (state: WarchonState) => WarchonMove[],
  counted: WarchonMove['kind'],
): { checked: number; listed: number } {
  let checked = 0;
  let listedOfKind = 0;
  for (let g = 0; g < games; g++) {
    let state = game.setup(content, gameSeed(seed, g)).state;
    let picks = seedRandom(gameSeed(seed + 1, g));
    for (let m = 0; state.result === null && m < moves; m++) {
      const legal = game.legalMoves(content, state);
      const listed = new Set(legal.map((l) => JSON.stringify(l)));
      for (const move of candidates(state)) {
        const offered = listed.has(JSON.stringify(move));
        if (offered && move.kind === counted) listedOfKind++;
        expect(accepts(state, move), `${JSON.stringify(move)} at move ${m} of game ${g}`).toBe(offered);
        checked++;
      }
      const d = nextInt(picks, 0, legal.length - 1);
      picks = d.random;
      state = game.play(content, state, legal[d.value]!).state;
    }
  }
  return { checked, listed: listedOfKind };
}

const ODD_MOVEMENT = [
  { kind: 'hold' },
  { kind: 'hold', unit: 7 },
  { kind: 'end-movement', extra: 1 },
  { kind: 'move', unit: 'no-such-unit', to: 'irondale' },
] as unknown as WarchonMove[];
const SPREADS = Object.keys((content.records as unknown as { spread: Record<string, unknown> }).spread);

/** Every unit holding and moving to every spread (and to one there is not), the end of the round, and odd moves. */
function movementMoves(state: WarchonState): WarchonMove[] {
  const out: WarchonMove[] = [{ kind: 'end-movement' }, ...ODD_MOVEMENT];
  for (const u of state.core.units) {
    out.push({ kind: 'hold', unit: u.id });
    for (const to of [...SPREADS, 'nowhere']) out.push({ kind: 'move', unit: u.id, to });
  }
  out.push({ kind: 'move', unit: state.core.units[0]!.id, to: SPREADS[0]!, extra: true } as unknown as WarchonMove);
  return out;
}

describe('Warchon: the legality checks made without listing every move', () => {
  it('accepts a number of fingers or a Hit exactly when legalMoves lists it, throughout seeded games', () => {
    const { checked, listed } = checkAgainstListing(15, 7, 2_000, (state) => [...FINGERS, ODD, ...hits(state)], 'assign');
    expect(checked).toBeGreaterThan(1000);
    expect(listed, 'Hits were offered in these games').toBeGreaterThan(50);
  });

  it("accepts a Movement Round's move, hold or end exactly when legalMoves lists it, throughout seeded games", () => {
    const { checked, listed } = checkAgainstListing(6, 9, 600, movementMoves, 'move');
    expect(checked).toBeGreaterThan(10_000);
    expect(listed, 'moves were offered in these games').toBeGreaterThan(500);
  });
});
