// How often each combat result came up in `simulate`, against its exact odds.
//
// A combat result's number comes from one pair of fingers (docs/game-log.md: the `fingers` event
// with purpose `combat`, then the `result` event with its spread, column and number). With both
// players' fingers uniform (the random bot), each of the 25 pairs is equally likely; whether a
// pair's cell is marked E decides what follows it (a Random Event, or, with events spent or
// ignored, the E cell's own number), and never which pair of that kind was shown. So, given the
// kind of the cell shown, the pair is uniform among the cells of that kind, and each result of a
// column has an exact probability:
//
//   cell `number`: the pairs without E whose number gives the result in the column, over all pairs without E
//   cell `E`:      the E pairs whose number gives the result (events spent or ignored, or the
//                  event's "use the original number"), over all E pairs
//
// A result a rule set (`override`), or whose number is not the last combat pair's, is left out.
// Each (spread, column, cell) is one group; Pearson's chi-square of its observed counts against
// n x probability, with (results possible - 1) degrees of freedom, and the upper-tail p-value.
// Bots that pick fingers (greedy) are not uniform: a small p-value then measures their play, not a
// defect of the engine.
import { Fraction } from './fraction.js';
import type { SpreadTables } from '../engine/warchon/tables.js';
import { type PackKindsSource, spreadTablesOf } from './table-engines.js';

/** The kind of RNG cell a result's number came from. */
export type CellKind = 'number' | 'E';

/** A group's key in counts: spread, column label and cell kind, joined by NUL. */
export function groupKey(spread: string, column: string, cell: CellKind): string {
  return `${spread}\u0000${column}\u0000${cell}`;
}

/** A result's key in counts: its group's key and the result code. */
export function resultKey(spread: string, column: string, cell: CellKind, result: string): string {
  return `${groupKey(spread, column, cell)}\u0000${result}`;
}

/** The exact probability of each result of a group (as `n/d` text), or null when the pack's tables do not have the group. */
export type GroupOdds = (group: string) => Record<string, string> | null;

/**
 * The exact odds of a pack's groups, or null for a pack whose combat results are not read this
 * way: only spreads with fingers and an RNG have them, found by the schemas of the pack's kinds
 * (table-engines.ts), not by its id, so a copy of Warchon under another id gets them too.
 */
export function combatOddsFor(content: unknown): GroupOdds | null {
  if (typeof content !== 'object' || content === null || !('pack' in content) || !('records' in content)) return null;
  const found = spreadTablesOf(content as PackKindsSource)?.spreads;
  if (found === undefined) return null;
  return (group) => {
    const [spread, column, cell] = group.split('\u0000') as [string, string, CellKind];
    const tables = found.get(spread);
    const index = tables?.columns.findIndex((c) => c.label === column) ?? -1;
    if (tables === undefined || index < 0) return null;
    return groupOdds(tables, index, cell);
  };
}

/** The exact probability of each result in column `index` given the kind of cell shown (`unknown` for a cell the tables lack). */
export function groupOdds(tables: SpreadTables, index: number, cell: CellKind): Record<string, string> | null {
  const counts = new Map<string, number>();
  let pairs = 0;
  for (const row of tables.rng) {
    for (const c of row) {
      if (c.value === null || c.value.event !== (cell === 'E')) continue;
      pairs++;
      const code = tables.rows[c.value.number - 1]?.[index]?.value?.code ?? 'unknown';
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  if (pairs === 0) return null;
  const out: Record<string, string> = {};
  for (const [code, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[code] = Fraction.of(n, pairs).toString();
  return out;
}

/** One result of a group: how often it came up, and how often its exact odds say. */
export interface ResultAgainstOdds {
  readonly result: string;
  readonly observed: number;
  /** observed / battles of the group. */
  readonly share: number;
  /** The exact probability, as `n/d` (`0` for a result the odds do not give). */
  readonly probability: string;
  /** battles x probability. */
  readonly expected: number;
}

export interface GroupAgainstOdds {
  readonly spread: string;
  readonly column: string;
  readonly cell: CellKind;
  readonly battles: number;
  readonly results: readonly ResultAgainstOdds[];
  /** Pearson's chi-square over the results; null when the odds are unknown for the group. */
  readonly chiSquare: number | null;
  readonly df: number;
  /** P(chi-square with df degrees of freedom >= the statistic); null without a statistic or with df 0. */
  readonly p: number | null;
}

export interface CombatAgainstOdds {
  readonly groups: readonly GroupAgainstOdds[];
  /** The groups' statistics added up (independent groups), with their degrees of freedom. */
  readonly total: { readonly battles: number; readonly chiSquare: number; readonly df: number; readonly p: number | null };
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The comparison of observed results (`observed`: resultKey -> count) with the exact odds
 * (`odds`: groupKey -> result -> `n/d`). Null when nothing was observed. Groups in spread, column
 * and cell order; results in code order.
 */
export function againstOdds(
  observed: Record<string, number>,
  odds: Record<string, Record<string, string>>,
  spreadOrder: readonly string[] = [],
): CombatAgainstOdds | null {
  const groups = new Map<string, Map<string, number>>();
  for (const [key, n] of Object.entries(observed)) {
    const cut = key.lastIndexOf('\u0000');
    const group = key.slice(0, cut);
    let g = groups.get(group);
    if (g === undefined) groups.set(group, (g = new Map()));
    g.set(key.slice(cut + 1), (g.get(key.slice(cut + 1)) ?? 0) + n);
  }
  if (groups.size === 0) return null;
  const rank = (spread: string) => {
    const i = spreadOrder.indexOf(spread);
    return i < 0 ? spreadOrder.length : i;
  };
  const out: GroupAgainstOdds[] = [];
  for (const [group, counts] of groups) {
    const [spread, column, cell] = group.split('\u0000') as [string, string, CellKind];
    const exact = odds[group] ?? null;
    const battles = [...counts.values()].reduce((a, b) => a + b, 0);
    const codes = [...new Set([...counts.keys(), ...Object.keys(exact ?? {})])].sort(cmp);
    let chi = 0;
    let possible = 0;
    const results = codes.map((code) => {
      const seen = counts.get(code) ?? 0;
      const text = exact?.[code] ?? '0';
      const [num, den] = text.split('/').map(Number) as [number, number | undefined];
      const probability = num / (den ?? 1);
      const expected = battles * probability;
      if (probability > 0) {
        possible++;
        chi += ((seen - expected) * (seen - expected)) / expected;
      } else if (seen > 0) chi = Infinity;
      return { result: code, observed: seen, share: round(seen / battles, 6), probability: text, expected: round(expected, 4) };
    });
    const df = Math.max(0, possible - 1);
    const chiSquare = exact === null ? null : round(chi, 4);
    out.push({ spread, column, cell, battles, results, chiSquare, df, p: chiSquare === null || df === 0 ? null : round(chiSquareUpper(chi, df), 6) });
  }
  out.sort((a, b) => rank(a.spread) - rank(b.spread) || cmp(a.spread, b.spread) || columnOrder(a.column, b.column) || cmp(a.cell, b.cell));
  const tested = out.filter((g) => g.chiSquare !== null);
  const chiSquare = tested.reduce((s, g) => s + g.chiSquare!, 0);
  const df = tested.reduce((s, g) => s + g.df, 0);
  return {
    groups: out,
    total: {
      battles: out.reduce((s, g) => s + g.battles, 0),
      chiSquare: round(chiSquare, 4),
      df,
      p: df === 0 ? null : round(chiSquareUpper(chiSquare, df), 6),
    },
  };
}

/** Columns by the number they start with (`-3 or less` before `-2`, `+4 or more` last), then by text. */
function columnOrder(a: string, b: string): number {
  const lead = (s: string) => {
    const m = /[-+]?\d+/.exec(s);
    return m ? Number(m[0]) : 0;
  };
  return lead(a) - lead(b) || cmp(a, b);
}

/** P(X >= x) for X chi-square with `df` degrees of freedom: the regularised upper incomplete gamma Q(df/2, x/2). */
export function chiSquareUpper(x: number, df: number): number {
  if (!(x > 0)) return 1;
  if (x === Infinity) return 0;
  return gammaQ(df / 2, x / 2);
}

const EPS = 1e-14;

function logGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const w = z - 1;
  let a = c[0]!;
  const t = w + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (w + i);
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularised upper incomplete gamma function Q(a, x): a series below a + 1, a continued fraction above. */
function gammaQ(a: number, x: number): number {
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, Math.min(1, 1 - sum * front));
  }
  // Lentz's method for the continued fraction.
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.max(0, Math.min(1, front * h));
}
