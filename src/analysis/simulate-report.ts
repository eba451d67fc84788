// The batch report of `simulate`: counters that add up exactly (so workers, shards and merges give
// the same numbers), and the figures made from them (shares, Wilson intervals, mean and median
// lengths). A report is a function of its counters and its batch: nothing in it depends on how many
// workers ran, in which order games finished, or on which machine.
import type { BotName } from '../engine/core/bots.js';
import type { Counts, EventCounts, GameEnd, GameSummary } from './simulate-game.js';
import { againstOdds, groupKey, resultKey, type CombatAgainstOdds } from './simulate-odds.js';

/** What a batch is: the same batch gives the same games, whatever runs it. */
export interface Batch {
  readonly pack: string;
  readonly packVersion: string;
  readonly scenario: string | null;
  /** The batch seed; game i is seeded with gameSeed(seed, i). */
  readonly seed: number;
  /** Games in the whole batch (indexes 0 to games-1). */
  readonly games: number;
  /** The sides in turn order, each with its bot. */
  readonly bots: readonly { readonly side: string; readonly bot: BotName }[];
  readonly maxMoves: number;
}

/** Game indexes `from` (inclusive) to `to` (exclusive). */
export interface Range {
  readonly from: number;
  readonly to: number;
}

/** Games listed by index in the report (those without a result), at most this many of each list. */
export const LISTED = 20;

/** The counters of some games of a batch. They add up: the tally of a union is the sum of the tallies. */
export interface Tally {
  played: number;
  wins: Record<string, number>;
  draws: number;
  ends: Record<GameEnd, number>;
  turns: Record<string, number>;
  moves: Record<string, number>;
  /** By `end\u0000winner\u0000rule\u0000reason`. */
  endings: Record<string, number>;
  moveKinds: Record<string, Record<string, number>>;
  events: EventCounts;
  /** Combat results from a table's number (simulate-odds.ts resultKey), and the exact odds of their groups. */
  combat: Record<string, number>;
  combatOdds: Record<string, Record<string, string>>;
  /** Places destroyed, by id (a place is destroyed once a game: the games in which it was). */
  places: Record<string, number>;
  /** The names of the places destroyed, by id, when the pack's records name them. */
  placeNames: Record<string, string>;
  /** The first LISTED games that hit the move bound. */
  unfinished: { index: number; seed: number }[];
  /** The first LISTED games that failed (no legal move, or an error). */
  failures: { index: number; seed: number; end: GameEnd; message: string }[];
}

export function emptyTally(): Tally {
  return {
    played: 0,
    wins: {},
    draws: 0,
    ends: { result: 0, 'max-moves': 0, 'no-legal-move': 0, error: 0 },
    turns: {},
    moves: {},
    endings: {},
    moveKinds: {},
    events: {},
    combat: {},
    combatOdds: {},
    places: {},
    placeNames: {},
    unfinished: [],
    failures: [],
  };
}

const add = (m: Record<string, number>, key: string, n = 1) => void (m[key] = (m[key] ?? 0) + n);

/** Adds one game's outcome and length to a tally (what it played is added by addCounts). */
export function addGame(t: Tally, g: GameSummary): void {
  t.played++;
  t.ends[g.end]++;
  if (g.end === 'result') {
    if (g.winner === null) t.draws++;
    else add(t.wins, g.winner);
  }
  add(t.turns, String(g.turns));
  add(t.moves, String(g.moves));
  add(t.endings, [g.end, g.winner ?? '', g.rule, g.reason].join('\u0000'));
  if (g.end === 'max-moves') t.unfinished = firstListed([...t.unfinished, { index: g.index, seed: g.seed }]);
  if (g.end === 'no-legal-move' || g.end === 'error')
    t.failures = firstListed([...t.failures, { index: g.index, seed: g.seed, end: g.end, message: g.reason }]);
}

/** Adds the moves and events counted over some games to a tally. */
export function addCounts(t: Tally, c: Counts): void {
  for (const [kind, bySide] of Object.entries(c.moveKinds)) for (const [side, n] of Object.entries(bySide)) add((t.moveKinds[kind] ??= {}), side, n);
  addEvents(t.events, c.events);
  for (const [key, n] of Object.entries(c.combat ?? {})) add(t.combat, key, n);
  for (const [group, odds] of Object.entries(c.combatOdds ?? {})) t.combatOdds[group] ??= odds;
  for (const [place, n] of Object.entries(c.places ?? {})) add(t.places, place, n);
  for (const [place, name] of Object.entries(c.placeNames ?? {})) t.placeNames[place] ??= name;
}

function addEvents(into: EventCounts, from: EventCounts): void {
  for (const [type, c] of Object.entries(from)) {
    const to = (into[type] ??= { count: 0, by: {} });
    to.count += c.count;
    for (const [field, values] of Object.entries(c.by)) for (const [value, n] of Object.entries(values)) add((to.by[field] ??= {}), value, n);
  }
}

function firstListed<T extends { index: number }>(list: T[]): T[] {
  return list.sort((a, b) => a.index - b.index).slice(0, LISTED);
}

/** Adds tally `b` into `a`. */
export function addTally(a: Tally, b: Tally): void {
  a.played += b.played;
  a.draws += b.draws;
  for (const [side, n] of Object.entries(b.wins)) add(a.wins, side, n);
  for (const [end, n] of Object.entries(b.ends)) a.ends[end as GameEnd] += n;
  for (const [k, n] of Object.entries(b.turns)) add(a.turns, k, n);
  for (const [k, n] of Object.entries(b.moves)) add(a.moves, k, n);
  for (const [k, n] of Object.entries(b.endings)) add(a.endings, k, n);
  for (const [kind, bySide] of Object.entries(b.moveKinds)) for (const [side, n] of Object.entries(bySide)) add((a.moveKinds[kind] ??= {}), side, n);
  addEvents(a.events, b.events);
  for (const [key, n] of Object.entries(b.combat)) add(a.combat, key, n);
  for (const [group, odds] of Object.entries(b.combatOdds)) a.combatOdds[group] ??= odds;
  for (const [place, n] of Object.entries(b.places)) add(a.places, place, n);
  for (const [place, name] of Object.entries(b.placeNames)) a.placeNames[place] ??= name;
  a.unfinished = firstListed([...a.unfinished, ...b.unfinished]);
  a.failures = firstListed([...a.failures, ...b.failures]);
}

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `k` successes in `n` trials at 95%: the proportions p whose normal
 * test against k/n does not reject at 5%. Unlike k/n +- 1.96 sd, it stays within 0..1 and is never
 * zero-wide at 0 or n. [0, 1] for n = 0.
 */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (x: number, places = 6) => Math.round(x * 10 ** places) / 10 ** places;

/** Mean, min, median and max of a histogram (value -> count), and the histogram itself. */
export interface Distribution {
  readonly mean: number | null;
  readonly min: number | null;
  readonly median: number | null;
  readonly max: number | null;
  readonly histogram: Record<string, number>;
}

function distribution(histogram: Record<string, number>): Distribution {
  const entries = Object.entries(histogram)
    .map(([v, n]) => [Number(v), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  const sorted = Object.fromEntries(entries.map(([v, n]) => [String(v), n]));
  if (total === 0) return { mean: null, min: null, median: null, max: null, histogram: sorted };
  const sum = entries.reduce((s, [v, n]) => s + v * n, 0);
  const at = (rank: number) => {
    let seen = 0;
    for (const [v, n] of entries) {
      seen += n;
      if (rank < seen) return v;
    }
    return entries[entries.length - 1]![0];
  };
  const median = total % 2 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
  return { mean: round(sum / total, 4), min: entries[0]![0], median, max: entries[entries.length - 1]![0], histogram: sorted };
}

export interface Share {
  readonly games: number;
  readonly share: number;
  /** The Wilson 95% interval of the share. */
  readonly ci95: readonly [number, number];
}

/** A place's share of the games, with its name when the pack names it. */
export type PlaceShare = Share & { readonly name?: string };

function share(k: number, n: number): Share {
  const [lo, hi] = wilson(k, n);
  return { games: k, share: n ? round(k / n) : 0, ci95: [round(lo), round(hi)] };
}

export const REPORT_FORMAT = 'playmark-simulate';
export const REPORT_VERSION = 1;

/** The report, as `--format json` prints it and `--merge` reads it. See docs/game-log.md. */
export interface SimulateReport {
  readonly format: typeof REPORT_FORMAT;
  readonly version: typeof REPORT_VERSION;
  readonly pack: string;
  readonly packVersion: string;
  readonly scenario: string | null;
  readonly seed: number;
  readonly games: number;
  readonly bots: Batch['bots'];
  readonly maxMoves: number;
  /** The games this report covers: the whole batch, or a shard's range. */
  readonly range: Range;
  readonly complete: boolean;
  readonly played: number;
  /** Wins per side, in side order. */
  readonly wins: readonly (Share & { readonly side: string })[];
  readonly draws: Share;
  /** Games stopped by the move bound. */
  readonly unfinished: Share & { readonly first: readonly { index: number; seed: number }[] };
  /** Games with no legal move while they went on, or an error thrown by the game: bugs. */
  readonly failed: { readonly games: number; readonly first: Tally['failures'] };
  readonly length: { readonly turns: Distribution; readonly moves: Distribution };
  /** How games ended, most frequent first. */
  readonly endings: readonly {
    readonly end: GameEnd;
    readonly winner: string | null;
    readonly rule: string;
    readonly reason: string;
    readonly games: number;
  }[];
  /** Moves played by kind (sorted), with the count per side. */
  readonly moveKinds: Record<string, { readonly total: number; readonly bySide: Record<string, number> }>;
  /** Events by type (sorted), with counts by the value of each counted field (COUNTED_FIELDS: rule, card, spell, spread, result...). */
  readonly events: EventCounts;
  /**
   * How often each combat result came up against its exact odds, by spread, column and the kind of
   * RNG cell its number came from (simulate-odds.ts); null when the game's results are not read
   * from such tables, or none came up.
   */
  readonly combatResults?: CombatAgainstOdds | null;
  /**
   * The places (squares, areas) destroyed, by id (sorted): in how many games each was, with its
   * share of the games played, and its `name` when the pack's records name it (simulate-places.ts).
   */
  readonly placesDestroyed?: Record<string, PlaceShare>;
}

function sortedKeys<T>(m: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The report of a tally over `range` of a batch. */
export function makeReport(batch: Batch, range: Range, t: Tally): SimulateReport {
  const n = t.played;
  const sides = batch.bots.map((b) => b.side);
  const endings = Object.entries(t.endings)
    .map(([key, games]) => {
      const [end, winner, rule, reason] = key.split('\u0000') as [GameEnd, string, string, string];
      return { end, winner: winner === '' ? null : winner, rule, reason, games };
    })
    .sort((a, b) => b.games - a.games || cmp(a.end, b.end) || cmp(a.winner ?? '', b.winner ?? '') || cmp(a.rule, b.rule) || cmp(a.reason, b.reason));
  const moveKinds = Object.fromEntries(
    Object.entries(sortedKeys(t.moveKinds)).map(([kind, bySide]) => {
      const ordered = Object.fromEntries(
        [
          ...sides.filter((s) => s in bySide),
          ...Object.keys(bySide)
            .filter((s) => !sides.includes(s))
            .sort(),
        ].map((s) => [s, bySide[s]!]),
      );
      return [kind, { total: Object.values(bySide).reduce((a, b) => a + b, 0), bySide: ordered }];
    }),
  );
  const events: EventCounts = Object.fromEntries(
    Object.entries(sortedKeys(t.events)).map(([type, c]) => [
      type,
      { count: c.count, by: Object.fromEntries(Object.entries(sortedKeys(c.by)).map(([f, values]) => [f, sortedKeys(values)])) },
    ]),
  );
  const otherWinners = Object.keys(t.wins)
    .filter((s) => !sides.includes(s))
    .sort();
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    pack: batch.pack,
    packVersion: batch.packVersion,
    scenario: batch.scenario,
    seed: batch.seed,
    games: batch.games,
    bots: batch.bots.map((b) => ({ side: b.side, bot: b.bot })),
    maxMoves: batch.maxMoves,
    range: { from: range.from, to: range.to },
    complete: range.from === 0 && range.to === batch.games,
    played: n,
    wins: [...sides, ...otherWinners].map((side) => ({ side, ...share(t.wins[side] ?? 0, n) })),
    draws: share(t.draws, n),
    unfinished: { ...share(t.ends['max-moves'], n), first: t.unfinished.map((u) => ({ index: u.index, seed: u.seed })) },
    failed: { games: t.ends['no-legal-move'] + t.ends.error, first: t.failures.map((f) => ({ index: f.index, seed: f.seed, end: f.end, message: f.message })) },
    length: { turns: distribution(t.turns), moves: distribution(t.moves) },
    endings,
    moveKinds,
    events,
    combatResults: againstOdds(t.combat, t.combatOdds),
    placesDestroyed: Object.fromEntries(
      Object.entries(sortedKeys(t.places)).map(([place, k]) => {
        const name = t.placeNames[place];
        return [place, name === undefined ? share(k, n) : { name, ...share(k, n) }];
      }),
    ),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The tally a report was made from (what --merge adds up). */
export function tallyOf(r: SimulateReport): Tally {
  const t = emptyTally();
  t.played = r.played;
  for (const w of r.wins) if (w.games) t.wins[w.side] = w.games;
  t.draws = r.draws.games;
  t.turns = { ...r.length.turns.histogram };
  t.moves = { ...r.length.moves.histogram };
  for (const e of r.endings) {
    t.ends[e.end] += e.games;
    add(t.endings, [e.end, e.winner ?? '', e.rule, e.reason].join('\u0000'), e.games);
  }
  for (const [kind, m] of Object.entries(r.moveKinds)) t.moveKinds[kind] = { ...m.bySide };
  addEvents(t.events, r.events);
  for (const g of r.combatResults?.groups ?? []) {
    const group = groupKey(g.spread, g.column, g.cell);
    for (const x of g.results) if (x.observed > 0) add(t.combat, resultKey(g.spread, g.column, g.cell, x.result), x.observed);
    if (g.chiSquare !== null) t.combatOdds[group] = Object.fromEntries(g.results.filter((x) => x.probability !== '0').map((x) => [x.result, x.probability]));
  }
  for (const [place, s] of Object.entries(r.placesDestroyed ?? {})) {
    t.places[place] = s.games;
    if (s.name !== undefined) t.placeNames[place] = s.name;
  }
  t.unfinished = r.unfinished.first.map((u) => ({ index: u.index, seed: u.seed }));
  t.failures = r.failed.first.map((f) => ({ index: f.index, seed: f.seed, end: f.end, message: f.message }));
  return t;
}

/** The report as JSON, as written to a file or stdout. */
export function reportJson(r: SimulateReport): string {
  return JSON.stringify(r, null, 2) + '\n';
}

/** Reports that cannot be merged: not reports, of different batches, or overlapping or leaving gaps. */
export class MergeError extends Error {}

/** The batch a report belongs to. */
export function batchOf(r: SimulateReport): Batch {
  return { pack: r.pack, packVersion: r.packVersion, scenario: r.scenario, seed: r.seed, games: r.games, bots: r.bots, maxMoves: r.maxMoves };
}

/** Reads a report from JSON text, or throws a MergeError saying what is wrong (`name` names the file). */
export function parseReport(text: string, name: string): SimulateReport {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    throw new MergeError(`${name} is not JSON: merge reads the reports of simulate --format json`);
  }
  return reportFrom(r, name);
}

/** A parsed value checked to be a report, or a MergeError saying what is wrong (`name` names where it is from). */
export function reportFrom(r: unknown, name: string): SimulateReport {
  const o = r as Partial<SimulateReport> | null;
  if (!o || typeof o !== 'object' || o.format !== REPORT_FORMAT) throw new MergeError(`${name} is not a simulate report (no "format": "${REPORT_FORMAT}")`);
  if (o.version !== REPORT_VERSION) throw new MergeError(`${name} is a version ${String(o.version)} report; this playmark reads version ${REPORT_VERSION}`);
  for (const key of [
    'pack',
    'packVersion',
    'seed',
    'games',
    'bots',
    'maxMoves',
    'range',
    'played',
    'wins',
    'draws',
    'unfinished',
    'failed',
    'length',
    'endings',
    'moveKinds',
    'events',
  ] as const) {
    if (o[key] === undefined) throw new MergeError(`${name} lacks "${key}"`);
  }
  return o as SimulateReport;
}

/**
 * Merges reports of shards of one batch into the report one run over their games gives: the same
 * batch (pack, version, scenario, seed, games, bots, move bound), ranges that do not overlap and
 * leave no gap. Covering the whole batch, it is byte for byte the report of a single run.
 */
export function mergeReports(reports: readonly { readonly name: string; readonly report: SimulateReport }[]): SimulateReport {
  if (reports.length === 0) throw new MergeError('no reports to merge');
  const first = reports[0]!;
  const batch = batchOf(first.report);
  const key = JSON.stringify(batch);
  for (const { name, report } of reports.slice(1)) {
    if (JSON.stringify(batchOf(report)) !== key) {
      const b = batchOf(report);
      const differs = (Object.keys(batch) as (keyof Batch)[]).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(batch[k]));
      throw new MergeError(
        `${name} is from another batch than ${first.name}: ${differs.map((k) => `${k} ${JSON.stringify(b[k])} vs ${JSON.stringify(batch[k])}`).join(', ')}`,
      );
    }
  }
  const sorted = [...reports].sort((a, b) => a.report.range.from - b.report.range.from);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (next.report.range.from < prev.report.range.to)
      throw new MergeError(`${prev.name} (games ${describeRange(prev.report.range)}) and ${next.name} (games ${describeRange(next.report.range)}) overlap`);
    if (next.report.range.from > prev.report.range.to)
      throw new MergeError(
        `games ${describeRange({ from: prev.report.range.to, to: next.report.range.from })} are missing between ${prev.name} and ${next.name}`,
      );
  }
  const total = emptyTally();
  for (const { report } of sorted) addTally(total, tallyOf(report));
  return makeReport(batch, { from: sorted[0]!.report.range.from, to: sorted[sorted.length - 1]!.report.range.to }, total);
}

/** `0-249` for a range (inclusive numbers, as people count games). */
export function describeRange(r: Range): string {
  return r.to - r.from === 1 ? `${r.from}` : `${r.from}-${r.to - 1}`;
}
