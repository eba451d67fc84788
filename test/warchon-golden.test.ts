// Speed work on the Warchon engine must not change a single game. These digests were taken from the
// engine before the speed work (commit 2550add, built apart and run on this content) and pin, for
// fixed seeds, every game as simulate plays it: the full log, its bytes, and each game's summary
// (winner, length, how it ended), with random and greedy bots. The random bot picks by index, so
// they pin the order of every listing of legal moves too. They pin content/warchon as well: a
// deliberate change to the pack or the rules changes them, and they are then taken again from the
// engine as it was before that change. Taken again when Surprise Reserve (Erdon Pass Event 4) and
// Magic Bridge (Dracosroar Event 4) began to run (the engine's changes alone left these games as
// they were: checked on the pack as it was before). The log digests taken again when a battle's
// end began to recompute the static rules at once (test/warchon-statics-cache.test.ts found a
// turn-ends delayed effect applied with Erdon Pass's limit still in force): the same bytes, the
// same winners and lengths, a static rule's "no longer applies" line logged earlier.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulatedDigest } from './golden-support.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { warchonGame as game } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;
const anyGame = game as unknown as Game<unknown, GameState, GameMove>;

const simulated = (bots: readonly BotName[], from: number, to: number) => simulatedDigest(anyGame, content, bots, from, to);

describe('Warchon games are the same as before the speed work', () => {
  it('150 games with random bots, as simulate plays them (log, log bytes, winners, lengths), are unchanged', () => {
    expect(simulated(['random', 'random'], 0, 150)).toEqual({ digest: '35bf53e851ebe93d085061e455e06b15be501ad382ea3d98b1059168c239642b', bytes: 3944934, summaries: '636c4bfea4d168b54bdfcbddbb583fb27898444153c6ef067f25cf69bc8bd0d6' });
  }, 120_000);

  it('15 games of greedy bots, and 15 of greedy against random, are unchanged (look-ahead and fingers by the odds)', () => {
    expect(simulated(['greedy', 'greedy'], 0, 15)).toEqual({ digest: '666d607c2f8f7af8f98dc1a5492e275a2a530ea5155d9d1685db558cf059d5ef', bytes: 450466, summaries: '7761999a4f917fc0d66ae0ec25f61242fefe577b23e5c9557d1aa113c28489cc' });
    expect(simulated(['greedy', 'random'], 0, 15)).toEqual({ digest: '915e7d0daf451c9fb6496d4dfcef4df87479b68e5aa4ad05557c92a309863941', bytes: 526181, summaries: '9e5a314fa221945e85ba4d4ffe8b692333f391c3150ee61589389c0a8420cb2c' });
  }, 120_000);
});
