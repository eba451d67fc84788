// Warmaster's bots: the greedy bot, rating states by what wins the game (evaluate.ts: the enemy
// leader's danger, one's own leader's safety, material, the Bridge, areas held), beats the random
// bot clearly on either side, in seeded games of the pack's own scenario played through simulate.
import { describe, expect, it } from 'vitest';
import { playRange } from '../src/analysis/simulate.js';
import { wilson, type Batch } from '../src/analysis/simulate-report.js';
import type { BotName } from '../src/engine/core/bots.js';
import { withPlaceControl } from '../src/engine/core/state.js';
import { warmasterGame, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { packContentOf } from './content-support.js';

const { printables: _, ...content } = packContentOf('warmaster');
const GAMES = 100;

/** Games won by each side when `imperial` and `traitor` play the batch (in this thread, the engine's source). */
function play(imperial: BotName, traitor: BotName): { [side: string]: number } {
  const batch: Batch = {
    pack: 'warmaster',
    packVersion: content.pack.version,
    scenario: null,
    seed: 1,
    games: GAMES,
    bots: [
      { side: 'imperial', bot: imperial },
      { side: 'traitor', bot: traitor },
    ],
    maxMoves: 10_000,
  };
  const { summaries } = playRange(warmasterGame as never, content, batch, { from: 0, to: GAMES });
  expect(summaries.filter((g) => g.end !== 'result')).toEqual([]);
  const wins: { [side: string]: number } = { imperial: 0, traitor: 0 };
  for (const g of summaries) if (g.winner !== null) wins[g.winner]!++;
  return wins;
}

describe('Warmaster greedy bot', () => {
  it('wins clearly more than the random bot on either side: its 95% interval lies above random against random', () => {
    // Random against random (seed 1): the Imperial side wins about two games in three. (A greedy
    // bot counting units only won 53 of these 100 as Imperial, fewer than random.)
    const random = play('random', 'random');
    const imperial = play('greedy', 'random');
    const traitor = play('random', 'greedy');
    for (const side of ['imperial', 'traitor'] as const) {
      const greedy = side === 'imperial' ? imperial : traitor;
      expect(wilson(greedy[side]!, GAMES)[0]).toBeGreaterThan(random[side]! / GAMES);
      // And by at least fifteen games in a hundred.
      expect(greedy[side]! - random[side]!).toBeGreaterThanOrEqual(15);
    }
  }, 300_000);

  it('rates a won game best, a lost one worst, and the Bridge for its controller', () => {
    const { state } = warmasterGame.setup(content as never, 3);
    const won: WarmasterState = { ...state, result: { winner: 'imperial', reason: '', rule: '' } };
    expect(warmasterGame.evaluate!(content as never, won, 'imperial')).toBe(Infinity);
    expect(warmasterGame.evaluate!(content as never, won, 'traitor')).toBe(-Infinity);
    const area = warmasterRules(content as never).bridge!.area;
    const held = (side: string | null) => warmasterGame.evaluate!(content as never, { ...state, core: withPlaceControl(state.core, area, side) }, 'imperial');
    expect(held('imperial')).toBeGreaterThan(held(null));
    expect(held(null)).toBeGreaterThan(held('traitor'));
  });
});
