// Speed work on the Archon engine must not change a single game. These digests were taken from the
// engine before the speed work (commit 2550add) and pin, for fixed seeds: every listing of legal
// moves in its order (the random bot picks by index), and every game as simulate plays it (the
// full log, its bytes, winners, lengths and the final state's digest), with random and greedy bots.
// They pin content/archon-skirmish too: a deliberate change to the pack or the rules changes them,
// and they are then taken again from the engine as it was before that change. The greedy digests
// were taken again when bots stopped seeing the other side's hand and the deck (issue 21, player
// views): a greedy bot now looks ahead on its side's view, the hidden cards dealt from its own
// generator (src/engine/archon-skirmish/view.ts); the random bots' games did not change. All three
// were taken again when the turn limit went (issue 23: the text prints no draw after 200 turns; a
// bound only a program needs is simulate's --max-moves): the games that reached turn 200 (2 of the
// 40 listed, 9 of the 300 random, 14 of the 20 greedy) now play on until a side wins; every game
// that ended before turn 200 is move for move the same.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulatedDigest } from './golden-support.js';
import { DEFAULT_MAX_MOVES } from '../src/analysis/simulate-game.js';
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
    // The text has no end but victory: a game nobody wins is stopped as simulate stops it (--max-moves).
    for (let step = 0; !state.result && step < DEFAULT_MAX_MOVES; step++) {
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
      digest: 'fcbe37ed00c027be8fbbb5f18635de03543b499d4b40184be76a0f508efee356',
      listings: 14139,
    });
  });

  it('300 games with random bots, as simulate plays them (log, log bytes, winners, lengths, final states), are unchanged', () => {
    expect(simulated(['random', 'random'], 0, 300)).toEqual({
      digest: '28cb7bdeb1db07fdd53d769766ce79f146b1247538e0b0d6c61acb7fa0038afd',
      bytes: 45512358,
      summaries: '2a5bce7210a4ea802132ef7e799ab225a40d3c8ad358efb0ec67bc73a57b3fee',
    });
  });

  it('20 games with greedy bots (which play every legal move to rate it) are unchanged', () => {
    expect(simulated(['greedy', 'greedy'], 0, 20)).toEqual({
      digest: '4fb3e609294735dce56796a21899e1432903a84f2a5bd5f04e20e60a219392cb',
      bytes: 47248900,
      summaries: '6ca32e05f7d32e6c0a02a1742037768501a62c4fd2b353fd97741f778d98a418',
    });
  });
});
