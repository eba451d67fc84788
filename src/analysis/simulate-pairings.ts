// Several bot pairings of one batch, played one after the other and reported side by side, so a
// designer sees whether a finding (a side's edge, a rule that never fires) survives better play.
// Game i has the same seed in every pairing, so the pairings play the same set-ups and differ only
// by their bots. Each pairing's report is the one `simulate` gives for it alone, so shards of a
// pairings run merge pairing by pairing, exactly.
import { readFileSync } from 'node:fs';
import type { GameRef } from '../engine/games.js';
import { simulate, type GameContent, type SimulateOptions } from './simulate.js';
import { MergeError, mergeReports, reportFrom, type Batch, type SimulateReport } from './simulate-report.js';

export const PAIRINGS_FORMAT = 'playmark-simulate-pairings';
export const PAIRINGS_VERSION = 1;

/** The reports of several pairings of one batch, in the order they were given (`--format json` with more than one `--bots`). */
export interface PairingsReport {
  readonly format: typeof PAIRINGS_FORMAT;
  readonly version: typeof PAIRINGS_VERSION;
  readonly pairings: readonly SimulateReport[];
}

/**
 * Plays `batch` once for each pairing of bots (`pairings[k]`: one bot per side, in side order) and
 * reports each; progress counts the games of all the pairings.
 */
export async function simulatePairings(
  ref: GameRef,
  content: GameContent,
  batch: Batch,
  pairings: readonly Batch['bots'][],
  options: SimulateOptions = {},
): Promise<PairingsReport> {
  const reports: SimulateReport[] = [];
  const range = options.range ?? { from: 0, to: batch.games };
  const each = range.to - range.from;
  for (const [k, bots] of pairings.entries()) {
    const onProgress = options.onProgress;
    reports.push(
      await simulate(
        ref,
        content,
        { ...batch, bots },
        { ...options, ...(onProgress ? { onProgress: (done: number) => onProgress(k * each + done, pairings.length * each) } : {}) },
      ),
    );
  }
  return pairingsOf(reports);
}

export function pairingsOf(reports: readonly SimulateReport[]): PairingsReport {
  return { format: PAIRINGS_FORMAT, version: PAIRINGS_VERSION, pairings: reports };
}

/** The pairings report as JSON, as written to a file or stdout. */
export function pairingsJson(r: PairingsReport): string {
  return JSON.stringify(r, null, 2) + '\n';
}

/** A parsed report: one pairing's (`playmark-simulate`), or several pairings' (`playmark-simulate-pairings`). */
export type AnyReport = SimulateReport | PairingsReport;

export function isPairings(r: AnyReport): r is PairingsReport {
  return r.format === PAIRINGS_FORMAT;
}

/** The games played, over every pairing. */
export function playedGames(r: AnyReport): number {
  return isPairings(r) ? r.pairings.reduce((n, p) => n + p.played, 0) : r.played;
}

/** The games that failed (no legal move, or an error the game module threw), over every pairing. */
export function failedGames(r: AnyReport): number {
  return isPairings(r) ? r.pairings.reduce((n, p) => n + p.failed.games, 0) : r.failed.games;
}

/** Reads a report file (`name`: the file as the user gave it), or throws a MergeError saying why it cannot. */
export function readAnyReport(file: string, name: string): AnyReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MergeError(`cannot read ${name}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
  }
  return parseAnyReport(text, name);
}

/** Reads either kind of report from JSON text, or throws a MergeError saying what is wrong. */
export function parseAnyReport(text: string, name: string): AnyReport {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    throw new MergeError(`${name} is not JSON: merge reads the reports of simulate --format json`);
  }
  const o = r as Partial<PairingsReport> | null;
  if (!o || typeof o !== 'object' || o.format !== PAIRINGS_FORMAT) return reportFrom(r, name);
  if (o.version !== PAIRINGS_VERSION)
    throw new MergeError(`${name} is a version ${String(o.version)} pairings report; this playmark reads version ${PAIRINGS_VERSION}`);
  if (!Array.isArray(o.pairings) || o.pairings.length === 0) throw new MergeError(`${name} lacks "pairings"`);
  return pairingsOf(o.pairings.map((p, k) => reportFrom(p, `${name} (pairing ${k + 1})`)));
}

/**
 * Merges reports of shards of one run: all of one pairing, or all of the same pairings in the same
 * order, each merged as mergeReports merges shards (same batch, no overlap, no gap).
 */
export function mergeAnyReports(reports: readonly { readonly name: string; readonly report: AnyReport }[]): AnyReport {
  const pairs = reports.filter((r) => isPairings(r.report));
  if (pairs.length === 0) return mergeReports(reports as { name: string; report: SimulateReport }[]);
  if (pairs.length !== reports.length)
    throw new MergeError(`${pairs[0]!.name} has several pairings and ${reports.find((r) => !isPairings(r.report))!.name} one: merge the shards of one run`);
  const list = reports as readonly { readonly name: string; readonly report: PairingsReport }[];
  const count = list[0]!.report.pairings.length;
  for (const r of list)
    if (r.report.pairings.length !== count)
      throw new MergeError(`${r.name} has ${r.report.pairings.length} pairings and ${list[0]!.name} ${count}: merge the shards of one run`);
  return pairingsOf(
    Array.from({ length: count }, (_, k) => mergeReports(list.map((r) => ({ name: `${r.name} (pairing ${k + 1})`, report: r.report.pairings[k]! })))),
  );
}
