// Speed work on the Warchon engine must not change a single game. These digests were taken from the
// engine before the speed work (commit 2550add, built apart and run on this content) and pin, for
// fixed seeds, every game as simulate plays it: the full log, its bytes, and each game's summary
// (winner, length, how it ended), with random and greedy bots. The random bot picks by index, so
// they pin the order of every listing of legal moves too. They pin content/warchon as well: a
// deliberate change to the pack or the rules changes them, and they are then taken again from the
// engine as it was before that change.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playGame, type LogLine } from '../src/analysis/simulate-game.js';
import { gameSeed } from '../src/analysis/simulate.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { warchonGame as game } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;
const anyGame = game as unknown as Game<unknown, GameState, GameMove>;

/** sha256 of the games `from..to` played as simulate plays them, and their log's total bytes. */
function simulated(bots: readonly BotName[], from: number, to: number): { digest: string; bytes: number; summaries: string } {
  const hash = createHash('sha256');
  let bytes = 0;
  const summaries = createHash('sha256');
  for (let i = from; i < to; i++) {
    const log = (line: LogLine) => {
      const text = JSON.stringify(line);
      bytes += text.length + 1;
      hash.update(text);
      hash.update('\n');
    };
    summaries.update(JSON.stringify(playGame(anyGame, content, i, gameSeed(1, i), bots, { maxMoves: 10_000 }, log)));
  }
  return { digest: hash.digest('hex'), bytes, summaries: summaries.digest('hex') };
}

describe('Warchon games are the same as before the speed work', () => {
  it('150 games with random bots, as simulate plays them (log, log bytes, winners, lengths), are unchanged', () => {
    expect(simulated(['random', 'random'], 0, 150)).toEqual({ digest: '983d2f3de07c88a78a083b17d36b65a85935969fb531a916bb8aa41a060d08e7', bytes: 3995196, summaries: '5236b3a742c7d5c51e6e1eef4facfe1d772633616dd2d6f2d85545188398a95d' });
  }, 120_000);

  it('15 games of greedy bots, and 15 of greedy against random, are unchanged (look-ahead and fingers by the odds)', () => {
    expect(simulated(['greedy', 'greedy'], 0, 15)).toEqual({ digest: 'b98f2d125803b142ba0315011e127304cf36624f376698b640d42b15b3aa1b44', bytes: 450466, summaries: '7761999a4f917fc0d66ae0ec25f61242fefe577b23e5c9557d1aa113c28489cc' });
    expect(simulated(['greedy', 'random'], 0, 15)).toEqual({ digest: 'acf2b2dfb52daf9d00b7745a48af85e9ce5784346541e79c171296684f1a2f4a', bytes: 503939, summaries: '74df78c8779a542590fec24d88ef68c5cc5fffa19abd5d8d27553bec16619e0e' });
  }, 120_000);
});
