// The search bot (src/engine/core/search-bot.ts) on Warmaster, as the Traitor, wins clearly more
// than the random bot in the same set-ups. Random against random the first 30 games are about even
// (the Imperial side wins 14, the Traitor 15, one is a draw); the search bot won 25 of the 30 as the
// Traitor. Its 95% interval must lie above the random bot's share. The Imperial side's check is in
// test/warmaster-search-bot.test.ts: the two files run side by side.
import { describe, expect, it } from 'vitest';
import { wilson } from '../src/analysis/simulate-report.js';
import { batchWins } from './warmaster-support.js';

describe('the search bot against the random bot on Warmaster', () => {
  it('as the Traitor wins clearly more than the random bot does, in the same 30 set-ups', () => {
    const random = batchWins('traitor', 30, 'random', 'random');
    const search = batchWins('traitor', 30, 'random', 'search');
    expect(wilson(search, 30)[0]).toBeGreaterThan(random / 30);
    expect(search - random).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
