// simulate as a library: the report is byte-identical whatever the number of worker threads, shards
// merge into exactly the report of one run, the Wilson intervals are right, and no game runs forever.
import { beforeAll, describe, expect, it } from 'vitest';
import { gameSeed, shardRange, simulate } from '../src/analysis/simulate.js';
import { mergeReports, MergeError, parseReport, reportJson, wilson, type Batch, type SimulateReport } from '../src/analysis/simulate-report.js';
import { gameRef } from '../src/engine/games.js';
import { raceContent, registerRace } from './fixtures/games/support.js';

const batch = (over: Partial<Batch> = {}): Batch => ({
  pack: 'race',
  packVersion: '1.2.0',
  scenario: null,
  seed: 42,
  games: 60,
  bots: [
    { side: 'red', bot: 'random' },
    { side: 'blue', bot: 'greedy' },
  ],
  maxMoves: 10_000,
  ...over,
});

const run = (b: Batch, workers: number, range?: { from: number; to: number }) =>
  simulate(gameRef('race'), raceContent(), b, { workers, ...(range ? { range } : {}) });

describe('simulate', () => {
  beforeAll(() => registerRace());

  it('the report is byte-identical in this thread, on 1 worker and on 2', async () => {
    const here = reportJson(await run(batch(), 0));
    expect(reportJson(await run(batch(), 1))).toBe(here);
    expect(reportJson(await run(batch(), 2))).toBe(here);
    const r = JSON.parse(here) as SimulateReport;
    expect(r.played).toBe(60);
    expect(r.wins.map((w) => w.side)).toEqual(['red', 'blue']);
    expect(r.wins[0]!.games + r.wins[1]!.games + r.draws.games + r.unfinished.games).toBe(60);
    // The greedy bot, which never waits, beats the random one.
    expect(r.wins[1]!.games).toBeGreaterThan(r.wins[0]!.games);
  }, 60_000);

  it('shards merged (in any order) are byte for byte the whole run', async () => {
    const whole = reportJson(await run(batch(), 0));
    const parts = [1, 2, 3].map((i) => shardRange(60, i, 3));
    expect(parts).toEqual([
      { from: 0, to: 20 },
      { from: 20, to: 40 },
      { from: 40, to: 60 },
    ]);
    const reports = await Promise.all(
      parts.map(async (range, i) => ({
        name: `part-${i + 1}.json`,
        report: parseReport(reportJson(await run(batch(), i === 1 ? 2 : 0, range)), `part-${i + 1}.json`),
      })),
    );
    expect(reports[0]!.report.complete).toBe(false);
    expect(reportJson(mergeReports([reports[2]!, reports[0]!, reports[1]!]))).toBe(whole);
    // Two shards merged first, then the third: the same.
    const firstTwo = mergeReports(reports.slice(0, 2));
    expect(firstTwo.complete).toBe(false);
    expect(reportJson(mergeReports([{ name: 'a', report: firstTwo }, reports[2]!]))).toBe(whole);
  }, 60_000);

  it('merge refuses overlaps, gaps and reports of other batches', async () => {
    const a = await run(batch(), 0, { from: 0, to: 30 });
    const b = await run(batch(), 0, { from: 30, to: 60 });
    const other = await run(batch({ seed: 7 }), 0, { from: 30, to: 60 });
    expect(() =>
      mergeReports([
        { name: 'a', report: a },
        { name: 'a2', report: a },
      ]),
    ).toThrow(/overlap/);
    expect(() =>
      mergeReports([
        { name: 'a', report: a },
        { name: 'x', report: { ...b, range: { from: 40, to: 60 } } },
      ]),
    ).toThrow(/games 30-39 are missing/);
    expect(() =>
      mergeReports([
        { name: 'a', report: a },
        { name: 'other', report: other },
      ]),
    ).toThrow(/another batch.*seed 7 vs 42/);
    expect(() => parseReport('{"format":"x"}', 'f.json')).toThrow(MergeError);
    expect(() => parseReport('not json', 'f.json')).toThrow(/not JSON/);
  }, 60_000);

  it('a game seed is a function of the batch seed and the index', () => {
    expect(gameSeed(42, 3)).toBe(gameSeed(42, 3));
    expect(new Set(Array.from({ length: 1000 }, (_, i) => gameSeed(42, i))).size).toBe(1000);
  });

  it('a game that reaches the move bound is reported unfinished, with its index', async () => {
    const r = await run(batch({ maxMoves: 3, games: 5 }), 0);
    expect(r.unfinished.games).toBe(5);
    expect(r.unfinished.first.map((u) => u.index)).toEqual([0, 1, 2, 3, 4]);
    expect(r.endings).toEqual([{ end: 'max-moves', winner: null, rule: 'simulate/max-moves', reason: 'no result after 3 moves', games: 5 }]);
    expect(r.length.moves).toMatchObject({ min: 3, max: 3, median: 3, mean: 3 });
    expect(r.failed.games).toBe(0);
  });

  it('a game with no legal move while it goes on is a failure, not a hang', async () => {
    registerRace('stuckRaceGame');
    try {
      const r = await run(batch({ games: 4 }), 2);
      expect(r.failed.games).toBe(4);
      expect(r.failed.first[0]).toMatchObject({ index: 0, end: 'no-legal-move' });
    } finally {
      registerRace();
    }
  }, 60_000);

  it('draws, lengths, endings and counts', async () => {
    const r = await run(
      batch({
        scenario: 'sprint',
        games: 40,
        bots: [
          { side: 'red', bot: 'random' },
          { side: 'blue', bot: 'random' },
        ],
      }),
      0,
    );
    const ended = r.wins.reduce((s, w) => s + w.games, 0) + r.draws.games;
    expect(ended).toBe(40);
    expect(r.draws.games).toBeGreaterThan(0); // the sprint's turn limit is short
    expect(r.endings.some((e) => e.rule === 'race/turn-limit' && e.winner === null)).toBe(true);
    expect(r.events.end!.count).toBe(40);
    expect(r.events.effect!.by.rule).toHaveProperty('race/step');
    const kinds = r.moveKinds;
    expect(Object.keys(kinds)).toEqual(['roll', 'step', 'wait']);
    expect(Object.values(kinds).reduce((s, k) => s + k.total, 0)).toBe(Object.entries(r.length.moves.histogram).reduce((s, [m, n]) => s + Number(m) * n, 0));
    const h = Object.entries(r.length.turns.histogram).flatMap(([t, n]) => Array<number>(n).fill(Number(t)));
    expect(r.length.turns.min).toBe(Math.min(...h));
    expect(r.length.turns.max).toBe(Math.max(...h));
    expect(r.length.turns.median).toBe((h[19]! + h[20]!) / 2);
  });
});

describe('Wilson 95% interval', () => {
  // Reference values: Wilson's formula evaluated outside playmark (Python, z = 1.959964), to 6 places.
  it.each([
    [5, 10, 0.236593, 0.763407],
    [0, 10, 0, 0.277533],
    [1, 10, 0.017876, 0.40415],
    [10, 10, 0.722467, 1],
    [50, 100, 0.403832, 0.596168],
    [81, 263, 0.255289, 0.36621],
  ])('%i of %i: %f to %f', (k, n, lo, hi) => {
    const [a, b] = wilson(k, n);
    expect(a).toBeCloseTo(lo, 5);
    expect(b).toBeCloseTo(hi, 5);
  });

  it('is [0, 1] with no games', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('simulate Archon Skirmish', () => {
  it('the report is the same in this thread and on 2 workers, and shards merge into it', async () => {
    const { loadContent } = await import('../src/content/effective.js');
    const { gameRefOf } = await import('../src/content/game-module.js');
    const path = await import('node:path');
    const { repoRoot } = await import('./helpers.js');
    const { packs, validation } = loadContent([path.join(repoRoot, 'content', 'archon-skirmish')], { cacheDir: false });
    expect(validation.errors).toBe(0);
    const { printables: _, ...content } = packs.get('archon-skirmish')!;
    // The game its pack.yaml names (playmark/games/archon-skirmish), as `simulate` finds it.
    const ref = gameRefOf(content)!;
    const b: Batch = {
      pack: 'archon-skirmish',
      packVersion: content.pack.version,
      scenario: null,
      seed: 8,
      games: 8,
      bots: [
        { side: 'light', bot: 'random' },
        { side: 'dark', bot: 'greedy' },
      ],
      maxMoves: 10_000,
    };
    const here = reportJson(await simulate(ref, content, b, { workers: 0 }));
    expect(reportJson(await simulate(ref, content, b, { workers: 2 }))).toBe(here);
    const parts = await Promise.all(
      [1, 2].map(async (i) => ({ name: `p${i}`, report: await simulate(ref, content, b, { workers: 0, range: shardRange(8, i, 2) }) })),
    );
    expect(reportJson(mergeReports(parts))).toBe(here);
    const r = JSON.parse(here) as SimulateReport;
    expect(r.failed.games).toBe(0);
    expect(r.wins.reduce((s, w) => s + w.games, 0) + r.draws.games + r.unfinished.games).toBe(8);
  }, 60_000);
});

describe('simulate Warmaster', () => {
  const batchOf = (content: { pack: { version: string } }, games: number): Batch => ({
    pack: 'warmaster',
    packVersion: content.pack.version,
    scenario: null,
    seed: 1,
    games,
    bots: [
      { side: 'imperial', bot: 'random' },
      { side: 'traitor', bot: 'greedy' },
    ],
    maxMoves: 10_000,
  });
  const shipped = async () => {
    const { packContentOf } = await import('./content-support.js');
    const { printables: _, ...content } = packContentOf('warmaster');
    return content;
  };

  // This caught a cache of static marks shared by the games of a thread (core/rules/placement.ts):
  // a Crew's hold on its area taken from another game's state with the pieces at other places.
  it('the report is the same in this thread and on 2 workers, and shards merge into it', async () => {
    const { gameRefOf } = await import('../src/content/game-module.js');
    const content = await shipped();
    const ref = gameRefOf(content)!;
    const b = batchOf(content, 24);
    const here = reportJson(await simulate(ref, content, b, { workers: 0 }));
    expect(reportJson(await simulate(ref, content, b, { workers: 2 }))).toBe(here);
    const parts = await Promise.all(
      [1, 2, 3].map(async (i) => ({ name: `p${i}`, report: await simulate(ref, content, b, { workers: 0, range: shardRange(24, i, 3) }) })),
    );
    expect(reportJson(mergeReports(parts))).toBe(here);
    const r = JSON.parse(here) as SimulateReport;
    expect(r.failed.games).toBe(0);
    expect(r.wins.reduce((s, w) => s + w.games, 0) + r.draws.games + r.unfinished.games).toBe(24);
    // The places' names (read from the records in each worker and shard) are in it, and merge.
    expect(Object.values(r.placesDestroyed!).some((s) => s.name === '33 The Weapons store')).toBe(true);
  }, 120_000);

  it("counts the games in which each place was destroyed, as the games' logs say, and prints them", async () => {
    const { gameRefOf } = await import('../src/content/game-module.js');
    const { playGame } = await import('../src/analysis/simulate-game.js');
    const { reportText } = await import('../src/analysis/simulate-text.js');
    const { warmasterGame } = await import('../src/engine/warmaster/index.js');
    const content = await shipped();
    const b: Batch = {
      ...batchOf(content, 100),
      bots: [
        { side: 'imperial', bot: 'random' },
        { side: 'traitor', bot: 'random' },
      ],
    };
    const r = await simulate(gameRefOf(content)!, content, b, { workers: 0 });
    // The same games, their places read from their logs' destroy-place lines (not those already destroyed).
    const games: Record<string, number> = {};
    for (let i = 0; i < 100; i++) {
      const places = new Set<string>();
      playGame(warmasterGame as never, content, i, gameSeed(1, i), ['random', 'random'], { scenario: null, maxMoves: 10_000 }, (line) => {
        const data = line.data as { place?: string; already?: boolean } | undefined;
        if (line.type === 'effect' && line.effect === 'destroy-place' && data?.place && !data.already) places.add(data.place);
      });
      for (const p of places) games[p] = (games[p] ?? 0) + 1;
    }
    expect(Object.keys(games).length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(r.placesDestroyed!).map(([p, s]) => [p, s.games]))).toEqual(games);
    for (const [p, s] of Object.entries(r.placesDestroyed!)) {
      expect(s.share).toBe(games[p]! / 100);
      expect(s.ci95).toEqual(wilson(games[p]!, 100).map((x) => Math.round(x * 1e6) / 1e6));
    }
    // Each place by its name: a numbered area by its number, with the name of the special area it is.
    const areas = (content.records as Record<string, Record<string, { number?: number; name?: string | null; special?: string | null }>>)['ship-area']!;
    const named = (p: string) => {
      const a = areas[p]!;
      return a.special ? `${a.number} ${areas[a.special]!.name}` : String(a.number);
    };
    for (const [p, s] of Object.entries(r.placesDestroyed!)) expect(s.name).toBe(named(p));
    expect(r.placesDestroyed!['area-33']!.name).toBe('33 The Weapons store');
    const text = reportText(r);
    expect(text).toMatch(/^Places destroyed +games +share +95% interval$/m);
    for (const [p, n] of Object.entries(games)) expect(text).toMatch(new RegExp(`^  ${named(p)} +${n} +`, 'm'));
    expect(text).not.toMatch(/^ {2}area-\d+ /m);
  }, 120_000);
});
