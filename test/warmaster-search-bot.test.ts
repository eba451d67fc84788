// The search bot (src/engine/core/search-bot.ts) on Warmaster: it plays whole games of the pack's own
// scenario through the game loop, every move one the game lists as legal, and the same seed plays
// the same game, line for line; as the Imperial player it wins clearly more than the random bot (18 of
// the first 20 games of batch seed 1, where random won 8). The Traitor's check is in
// test/warmaster-search-bot-strength.test.ts: the two files run side by side.
import { describe, expect, it } from 'vitest';
import { playGame, type LogLine } from '../src/analysis/simulate-game.js';
import { gameSeed } from '../src/analysis/simulate.js';
import { wilson } from '../src/analysis/simulate-report.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { GameState } from '../src/engine/core/game.js';
import { warmasterGame, type WarmasterMove, type WarmasterState } from '../src/engine/warmaster/index.js';
import { packContentOf } from './content-support.js';
import { batchWins } from './warmaster-support.js';

const { printables: _, ...content } = packContentOf('warmaster');
const game = warmasterGame as never;

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
  it('as the Imperial player wins clearly more than the random bot does, in the same 20 set-ups', () => {
    const random = batchWins('imperial', 20, 'random', 'random');
    const search = batchWins('imperial', 20, 'search', 'random');
    expect(wilson(search, 20)[0]).toBeGreaterThan(random / 20);
    expect(search - random).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
