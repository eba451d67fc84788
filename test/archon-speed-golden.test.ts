// Speed work on the Archon engine must not change a single game. These digests were taken from the
// engine before the speed work (commit 2550add) and pin, for fixed seeds: every listing of legal
// moves in its order (the random bot picks by index), and every game as simulate plays it (the
// full log, its bytes, winners, lengths and the final state's digest), with random and greedy bots.
// They pin content/archon-skirmish too: a deliberate change to the pack or the rules changes them,
// and they are then taken again from the engine as it was before that change. The greedy digests
// were taken again when bots stopped seeing the other side's hand and the deck (issue 21, player
// views): a greedy bot now looks ahead on its side's view, the hidden cards dealt from its own
// generator (src/engine/archon-skirmish/view.ts); the random bots' games did not change.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulatedDigest } from './golden-support.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { archonSkirmishGame as game } from '../src/engine/archon-skirmish/index.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { chooser } from './helpers.js';

const PACK = fileURLToPath(new URL('../content/archon-skirmish/', import.meta.url));
const content = loadContent([PACK]).packs.get('archon-skirmish') as PackContent;
const anyGame = game as unknown as Game<unknown, GameState, GameMove>;

const simulated = (bots: readonly BotName[], from: number, to: number) => simulatedDigest(anyGame, content, bots, from, to);

/** sha256 of every legal-move listing of some seeded games (moves picked by a test chooser), and the number of listings. */
function listings(seeds: readonly number[]): { digest: string; listings: number } {
  const hash = createHash('sha256');
  let n = 0;
  for (const seed of seeds) {
    const pick = chooser(seed);
    let state = game.setup(content, seed).state;
    while (!state.result) {
      const moves = game.legalMoves(content, state);
      hash.update(JSON.stringify(moves));
      n++;
      state = game.play(content, state, moves[pick(moves.length)]!).state;
    }
  }
  return { digest: hash.digest('hex'), listings: n };
}

describe('Archon Skirmish games are the same as before the speed work', () => {
  it('the legal moves of every state of 40 seeded games, in order, are unchanged', () => {
    expect(listings(Array.from({ length: 40 }, (_, i) => i + 1))).toEqual({
      digest: '40d14c42d8a4257f4612db3cd5c28e67e3180f185a3745b809f5f46d951f0a09',
      listings: 13947,
    });
  });

  it('300 games with random bots, as simulate plays them (log, log bytes, winners, lengths, final states), are unchanged', () => {
    expect(simulated(['random', 'random'], 0, 300)).toEqual({
      digest: 'aae85c406d6b38871bf75c35a5032ba8d3946c8d51137c8fa4d9b427dbef535c',
      bytes: 45113102,
      summaries: 'aacd1e412d1cda8fc481627cdf55657464b02382dda765b11c9a7a0dcc06a858',
    });
  });

  it('20 games with greedy bots (which play every legal move to rate it) are unchanged', () => {
    expect(simulated(['greedy', 'greedy'], 0, 20)).toEqual({
      digest: '2d5e688b23a5dfb7686c3be2cadd8d2076f6d10d9a08470583bfa68af340786c',
      bytes: 4818982,
      summaries: '0cfbf5f7ad7693cded49150bb73b9aa6500826a62f27e479f1d6064681efae88',
    });
  });
});
