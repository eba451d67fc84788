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
// same winners and lengths, a static rule's "no longer applies" line logged earlier. Taken again
// when the core state began to carry `settled` (the engine's own note that the static rules and
// faces are up to date): every line the same but each game's last, whose final-state digest now
// covers that field; the states without it hash as before (checked against the engine before).
// Taken again when a static rule's -1/+1 CS mark stopped naming where the unit stood when the mark
// was first put on (it holds wherever its rule does; a mark kept while a Swarm moved between two
// Frigid spreads still named the first): compared line by line, only final-state lines changed
// (8 lines in the 150 random games, 10 and 14 in the greedy ones), the same bytes and summaries.
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
    expect(simulated(['random', 'random'], 0, 150)).toEqual({
      digest: '7325472dfa879436a453d27399a1def6efdd05822fe681ed23878deb906667e2',
      bytes: 3944934,
      summaries: '636c4bfea4d168b54bdfcbddbb583fb27898444153c6ef067f25cf69bc8bd0d6',
    });
  }, 120_000);

  it('15 games of greedy bots, and 15 of greedy against random, are unchanged (look-ahead and fingers by the odds)', () => {
    expect(simulated(['greedy', 'greedy'], 0, 15)).toEqual({
      digest: 'eaef69b6b5c9af17bd42c45603d3a4ddb1d0441de7b5ea1ff529723a008aa321',
      bytes: 450466,
      summaries: '7761999a4f917fc0d66ae0ec25f61242fefe577b23e5c9557d1aa113c28489cc',
    });
    expect(simulated(['greedy', 'random'], 0, 15)).toEqual({
      digest: '9114d9fc91bdc73dc1036c049cdcbce022e0f28b6ef2c9db59b13938625d6778',
      bytes: 526181,
      summaries: '9e5a314fa221945e85ba4d4ffe8b692333f391c3150ee61589389c0a8420cb2c',
    });
  }, 120_000);
});
