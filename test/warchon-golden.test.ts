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
// Taken again when the state began to carry `seen` (the units each side has seen in battle, for
// its player view): the random games' logs compared line by line, only the 150 final-state lines
// changed, the same bytes and summaries. The greedy games changed, as greedy bots stopped seeing the
// enemy's unseen units (they decide from their player view, the unseen units drawn at random).
// The log digests taken again when a face line's `stats.hits` began to give the Hits the unit has
// left (it gave the printed Hits: `hits: 2` on a face with 1 Hit left): compared line by line, only
// `effect`/`face` lines changed, and in them only `stats.hits` (2 to 1): 214 lines in the 150 random
// games, 18 and 21 in the greedy ones; the same bytes and summaries (the same moves and endings).
// The log digests taken again when a Random Event's rule key in the log became the key coverage
// and the engine's maps use (`spread/<id>#/events/entries/<i>`, was `#/events/<i>`): compared line
// by line with the logs before, every line the same once that rename is made in them, but the
// final-state lines of games whose state held a mark named by the old key (11 of the 150 random
// games, 1 and 0 greedy); the same summaries, 8 bytes more for each renamed key.
// Taken again when "Generate a number" inside an event (Dracosroar Events 1 and 4, Xetti Bishum
// Event 1) began to be both players' fingers read on the spread's RNG, as moves, instead of a 1-5
// from the game's generator: compared game by game with the engine before, exactly the games that
// reach one of those events changed (13 of the 150 random games, 2 of the 15 greedy-random ones,
// none of the greedy-greedy ones, which reach none), each first at that event: the new log asks
// for fingers there (a `fingers` play line), or, in one greedy game at Dracosroar Event 4, the
// greedy bot's look-ahead of its commitment stops at those fingers and it commits another set.
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
      digest: 'a7d2c16c8e943c13d0c6930f2d045d91d275fdbfee996b296006817dafb3f92b',
      bytes: 4022617,
      summaries: '1450cab9edf5c28e8585078f4aa148965c71d473a2d695e6278652fafcbc8747',
    });
  }, 120_000);

  it('15 games of greedy bots, and 15 of greedy against random, are unchanged (look-ahead and fingers by the odds)', () => {
    expect(simulated(['greedy', 'greedy'], 0, 15)).toEqual({
      digest: 'f16ac3d9829179c9292725180a5736da82bd3d16663de918d7895b508e6ff282',
      bytes: 393393,
      summaries: '5be9259073488aff6e4fe2ea79fcb9227c87000fd28c2e4e0be7c9326b91f600',
    });
    expect(simulated(['greedy', 'random'], 0, 15)).toEqual({
      digest: 'ad8c1066a65a9f998f7fd61e4f94d19a8b7880dda3ead5ec38cb12e3d0699692',
      bytes: 523371,
      summaries: '7462f3f47af8856860e2a32c1779e6be89d2b78ff0b2e68efe8357e96bdcec6e',
    });
  }, 120_000);
});
