// What `playmark simulate` runs and prints, called as the library, without the CLI: playBatch
// (one pairing or several, an empty range), workersFor, the report as text (reportText,
// pairingsText, anyReportText), the failure line, the counts over pairings, reading a report file,
// and gameContent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyReportText,
  failedGames,
  failureSummary,
  gameContent,
  pairingsText,
  playBatch,
  playedGames,
  readAnyReport,
  reportText,
  simulate,
  workersFor,
  type Batch,
  type PackContent,
} from '../src/index.js';
import { MergeError } from '../src/analysis/simulate-report.js';
import { gameRef } from '../src/engine/games.js';
import { raceContent, registerRace } from './fixtures/games/support.js';

let tmp: string;
beforeAll(() => {
  registerRace();
  tmp = mkdtempSync(path.join(tmpdir(), 'playmark-simulate-library-'));
});
afterAll(() => {
  registerRace();
  rmSync(tmp, { recursive: true, force: true });
});

const red = [
  { side: 'red', bot: 'random' },
  { side: 'blue', bot: 'random' },
] as const;
const greedy = [
  { side: 'red', bot: 'greedy' },
  { side: 'blue', bot: 'greedy' },
] as const;
const batch: Batch = { pack: 'race', packVersion: '1.2.0', scenario: null, seed: 3, games: 12, bots: red, maxMoves: 10000 };
const range = { from: 0, to: 12 };

describe('playBatch', () => {
  it('plays one pairing as simulate does, and several as a pairings report of each', async () => {
    const one = await playBatch(gameRef('race'), raceContent(), batch, [red], { range, workers: 0 });
    const alone = await simulate(gameRef('race'), raceContent(), batch, { range, workers: 0 });
    expect(one).toEqual(alone);
    const two = await playBatch(gameRef('race'), raceContent(), batch, [red, greedy], { range, workers: 0 });
    expect('pairings' in two && two.pairings.map((p) => p.bots[0]!.bot)).toEqual(['random', 'greedy']);
    expect(playedGames(two)).toBe(24);
    expect(playedGames(one)).toBe(12);
  });

  it('gives the reports of no games for an empty range (a shard with no games), loading no game', async () => {
    const nowhere = { pack: 'race', module: 'file:///no/such/game.js', export: 'game' };
    const empty = await playBatch(nowhere, raceContent(), batch, [red, greedy], { range: { from: 5, to: 5 }, workers: 2 });
    expect(playedGames(empty)).toBe(0);
    expect('pairings' in empty && empty.pairings.length).toBe(2);
  });

  it('workersFor plays a small batch in this thread and a large one on threads', () => {
    expect(workersFor(64)).toBe(0);
    expect(workersFor(65)).toBeGreaterThan(0);
    expect(workersFor(65)).toBeLessThanOrEqual(2);
  });
});

describe('the report as text', () => {
  it('reportText, pairingsText and anyReportText write the report for people, or its JSON', async () => {
    const one = await playBatch(gameRef('race'), raceContent(), batch, [red], { range, workers: 0 });
    const two = await playBatch(gameRef('race'), raceContent(), batch, [red, greedy], { range, workers: 0 });
    if ('pairings' in one || !('pairings' in two)) throw new Error('one pairing, then two');
    expect(reportText(one).split('\n')[0]).toBe('race 1.2.0: 12 games, seed 3, bots red random, blue random, at most 10000 moves a game');
    expect(pairingsText(two).split('\n')[0]).toBe('race 1.2.0: 2 pairings of 12 games, seed 3, bots for red, blue, at most 10000 moves a game');
    expect(anyReportText(one, 'text')).toBe(reportText(one));
    expect(anyReportText(two, 'text')).toBe(pairingsText(two));
    expect(JSON.parse(anyReportText(two, 'json'))).toEqual(JSON.parse(JSON.stringify(two)));
  });

  it('failureSummary says how many games stopped on a bug and the first; nothing when none did', async () => {
    const fine = await playBatch(gameRef('race'), raceContent(), batch, [red], { range, workers: 0 });
    expect(failedGames(fine)).toBe(0);
    expect(failureSummary(fine)).toBeUndefined();
    registerRace('stuckRaceGame');
    try {
      const stuck = await playBatch(gameRef('race'), raceContent(), batch, [red, greedy], { range, workers: 0 });
      expect(failedGames(stuck)).toBeGreaterThan(0);
      expect(failureSummary(stuck)).toMatch(
        new RegExp(`^race: ${failedGames(stuck)} of 24 games stopped on a bug in the game module: the first, game \\d+ \\(seed \\d+\\), no-legal-move: `),
      );
    } finally {
      registerRace();
    }
  });
});

describe('readAnyReport', () => {
  it('reads a report file, and says why it cannot', async () => {
    const one = await playBatch(gameRef('race'), raceContent(), batch, [red], { range, workers: 0 });
    const file = path.join(tmp, 'one.json');
    writeFileSync(file, anyReportText(one, 'json'));
    expect(readAnyReport(file, 'one.json')).toEqual(JSON.parse(anyReportText(one, 'json')));
    expect(() => readAnyReport(path.join(tmp, 'none.json'), 'none.json')).toThrow(new MergeError('cannot read none.json: no such file'));
    writeFileSync(path.join(tmp, 'bad.json'), 'not json');
    expect(() => readAnyReport(path.join(tmp, 'bad.json'), 'bad.json')).toThrow(MergeError);
  });
});

describe('gameContent', () => {
  it('is the pack content a game reads, without what it prints', () => {
    const pack = { ...(raceContent() as PackContent), printables: { any: 1 } } as unknown as PackContent;
    const content = gameContent(pack);
    expect(Object.keys(content).sort()).toEqual(['dir', 'layers', 'origins', 'pack', 'records', 'tables']);
    expect(content.records).toBe(pack.records);
  });
});
