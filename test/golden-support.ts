// Golden digests of seeded games, shared by the tests that pin a game's behaviour across speed work
// (test/archon-speed-golden.test.ts, test/warchon-golden.test.ts, test/warmaster-golden.test.ts).
import { createHash } from 'node:crypto';
import { playGame, type LogLine } from '../src/analysis/simulate-game.js';
import { gameSeed } from '../src/analysis/simulate.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';

/**
 * sha256 of the games `from..to` (seeds as simulate's batch seed 1 gives them) played as simulate
 * plays them with `bots`: the full log, its total bytes, and the digest of the games' summaries.
 */
export function simulatedDigest(
  game: Game<unknown, GameState, GameMove>,
  content: unknown,
  bots: readonly BotName[],
  from: number,
  to: number,
): { digest: string; bytes: number; summaries: string } {
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
    summaries.update(JSON.stringify(playGame(game, content, i, gameSeed(1, i), bots, { maxMoves: 10_000 }, log)));
  }
  return { digest: hash.digest('hex'), bytes, summaries: summaries.digest('hex') };
}
