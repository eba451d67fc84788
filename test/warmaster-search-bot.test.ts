// The search bot (src/engine/core/search-bot.ts) on Warmaster: it plays whole games of the pack's own
// scenario through the game loop, every move one the game lists as legal, and the same seed plays
// the same game, line for line; on either side it wins clearly more than the random bot.
import { describe, expect, it } from 'vitest';
import { playGame, type LogLine } from '../src/analysis/simulate-game.js';
import { gameSeed, playRange } from '../src/analysis/simulate.js';
import { wilson, type Batch } from '../src/analysis/simulate-report.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { GameState } from '../src/engine/core/game.js';
import { warmasterGame, type WarmasterMove, type WarmasterState } from '../src/engine/warmaster/index.js';
import { packContentOf } from './content-support.js';

const { printables: _, ...content } = packContentOf('warmaster');
const game = warmasterGame as never;
const GAMES = 30;

/** Game `index` of batch seed 1 played by the bots: its log lines, how many of its moves were not in the legal list, and each side's choices among several. */
function played(index: number, bots: readonly BotName[]) {
  const lines: string[] = [];
  let illegal = 0;
  const chosen: Record<string, number> = { imperial: 0, traitor: 0 };
  const summary = playGame(game, content, index, gameSeed(1, index), bots, { scenario: null, maxMoves: 10_000 }, (line: LogLine, state: GameState | null) => {
    lines.push(JSON.stringify(line));
    if (line.type !== 'play' || state === null) return;
    // The move checked against the legal moves of the state it was chosen in, as the game lists them.
    const legal = warmasterGame.legalMoves(content as never, state as WarmasterState);
    const move = line.move as unknown as WarmasterMove;
    if (!legal.some((m) => JSON.stringify(m) === JSON.stringify(move))) illegal++;
    if (legal.length > 1) chosen[String(line.side)]!++;
  });
  return { summary, lines, illegal, chosen };
}

describe('the search bot on Warmaster', () => {
  it('plays whole games on both sides through the game loop, every move legal, and the same seed plays the same game', () => {
    const first = played(0, ['search', 'search']);
    expect(first.summary.end).toBe('result');
    expect(first.summary.winner).not.toBeNull();
    expect(first.illegal).toBe(0);
    // Real decisions on both sides, not forced moves: each chose among several moves.
    expect(first.chosen.imperial).toBeGreaterThan(5);
    expect(first.chosen.traitor).toBeGreaterThan(0);
    expect(first.lines.at(-1)).toMatch(/^\{"type":"stop","end":"result"/);
    const again = played(0, ['search', 'search']);
    expect(again.lines).toEqual(first.lines);
  }, 120_000);
});

describe('the search bot against the random bot on Warmaster', () => {
  it('wins clearly more than the random bot does, as the Traitor and as the Imperial player, in the same 30 set-ups', () => {
    const batch = (imperial: BotName, traitor: BotName): Batch => ({
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
    });
    const wins = (imperial: BotName, traitor: BotName) => {
      const { summaries } = playRange(game, content, batch(imperial, traitor), { from: 0, to: GAMES });
      expect(summaries.filter((g) => g.end !== 'result')).toEqual([]);
      return { imperial: summaries.filter((g) => g.winner === 'imperial').length, traitor: summaries.filter((g) => g.winner === 'traitor').length };
    };
    // Random against random, these 30 games are about even (the Imperial side wins 14, the Traitor
    // 15, one is a draw); the search bot won 25 as the Traitor and 26 as the Imperial player. Each
    // of its 95% intervals lies above the random bot's share on its side.
    const random = wins('random', 'random');
    const asTraitor = wins('random', 'search').traitor;
    const asImperial = wins('search', 'random').imperial;
    expect(wilson(asTraitor, GAMES)[0]).toBeGreaterThan(random.traitor / GAMES);
    expect(asTraitor - random.traitor).toBeGreaterThanOrEqual(6);
    expect(wilson(asImperial, GAMES)[0]).toBeGreaterThan(random.imperial / GAMES);
    expect(asImperial - random.imperial).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
