// Exact odds of every combat table, computed (never sampled) with exact fractions.
//
// Warchon: the two players' fingers are 25 equally likely pairs (1-5 each), each 1/25. A pair gives
// the RNG cell's number; a cell marked E calls for a Random Event and is counted apart (the player
// goes to the Events Table, so that pair gives no combat result). Every other pair gives the result
// at its number in the column.
//
// Warmaster: the D6 gives rows 1-6, each 1/6, in every odds column.
//
// Measures, the same in the CLI's help:
// - Expected Hits (Warchon): the mean Hits each army takes per combat result, over the finger pairs
//   that give a result (event cells excluded: conditioned on no event), an elimination counting as
//   `eliminationHits` Hits to the eliminated army (by default one more than the largest Hits result
//   in the pack's tables, so an elimination always outweighs any Hits result). Eg and So are 0.
// - Edge (Warchon): defender's expected Hits minus attacker's expected Hits; the attacker's expected
//   net gain per combat result. Since every column of a spread reads the same RNG, conditioning on
//   no event scales every column alike and never changes which column is better.
// - Edge (Warmaster): the mean rank of the result in the printed legend, AA = 0 (the attacker's
//   worst) to DA = 4 (his best).
// - A column is flagged "worse than the column to its left" when its edge is strictly lower.
import { Fraction } from './fraction.js';
import type { Cell, Provenance, RngCell, SpreadTables } from '../engine/warchon/tables.js';
import { sideHits, type CombatResult } from '../engine/warchon/results.js';
import type { CombatTable, Provenance as WarmasterProvenance, WarmasterResult } from '../engine/warmaster/tables.js';

/** The probability of one outcome of a column: a result, the Random Event, or an unknown cell. */
export interface Outcome<R> {
  readonly kind: 'result' | 'event' | 'unknown';
  /** The result code, `event` or `unknown`. */
  readonly key: string;
  readonly result: R | null;
  readonly probability: Fraction;
  /** The generated numbers (Warchon) or rolls (Warmaster) that lead to it, ascending. */
  readonly numbers: readonly number[];
  /** The layer entries that set a cell leading to it (an RNG cell or a result cell). */
  readonly layers: readonly Provenance[];
}

export interface ColumnOdds<R> {
  readonly index: number;
  readonly label: string;
  /** In order of the first number that gives each; the event, then unknown cells, last. */
  readonly outcomes: readonly Outcome<R>[];
  /** The sum of the outcomes' probabilities: exactly 1. */
  readonly total: Fraction;
  /** The attacker's edge (see the measures above); null when no cell of the column is known. */
  readonly edge: Fraction | null;
  /** True when the edge is strictly lower than the edge of the column to the left. */
  readonly worseThanLeft: boolean;
}

export interface WarchonColumnOdds extends ColumnOdds<CombatResult> {
  /** The probability that the fingers call for a Random Event (the same in every column of a spread). */
  readonly event: Fraction;
  /** Expected Hits per combat result (event cells excluded); null when no pair gives a known result. */
  readonly attackerHits: Fraction | null;
  readonly defenderHits: Fraction | null;
}

export interface WarchonSpreadOdds {
  readonly spread: string;
  readonly number: number;
  readonly name: string;
  /** The Events Table an event cell sends the player to (the spread's own), or null. */
  readonly eventsTable: string | null;
  readonly eliminationHits: number;
  readonly columns: readonly WarchonColumnOdds[];
  /** Every layer entry these odds rest on (RNG cells and result cells that a layer set). */
  readonly layers: readonly Provenance[];
}

const key = (p: Provenance) => `${p.layer}/${p.entry}`;

function addLayer(list: Provenance[], p: Provenance | null): void {
  if (p && !list.some((x) => key(x) === key(p))) list.push(p);
}

/** Flags each column whose edge is strictly lower than its left neighbour's (unknown edges never flag). */
export function worseThanLeft(edges: readonly (Fraction | null)[]): boolean[] {
  return edges.map((edge, i) => {
    const left = i > 0 ? edges[i - 1] : null;
    return edge !== null && left !== null && left !== undefined && edge.compare(left) < 0;
  });
}

/**
 * The exact odds of one Warchon column: every finger pair of the 5x5 `rng` through `column`
 * (`column[n - 1]` is the result for number n).
 */
export function warchonColumnOdds(
  rng: readonly (readonly Cell<RngCell>[])[],
  column: readonly Cell<CombatResult>[],
  options: { index?: number; label?: string; eliminationHits: number },
): Omit<WarchonColumnOdds, 'worseThanLeft'> {
  const pairs = rng.reduce((n, row) => n + row.length, 0);
  if (pairs === 0) throw new RangeError('the RNG matrix has no cells');
  const each = Fraction.of(1, pairs);
  type Acc = {
    kind: Outcome<CombatResult>['kind'];
    key: string;
    result: CombatResult | null;
    count: number;
    numbers: Set<number>;
    layers: Provenance[];
    first: number;
  };
  const acc = new Map<string, Acc>();
  const bump = (k: string, kind: Acc['kind'], result: CombatResult | null, number: number | null, layers: (Provenance | null)[]) => {
    let a = acc.get(k);
    if (!a) acc.set(k, (a = { kind, key: k, result, count: 0, numbers: new Set(), layers: [], first: number ?? 99 }));
    a.count++;
    if (number !== null) {
      a.numbers.add(number);
      a.first = Math.min(a.first, number);
    }
    for (const p of layers) addLayer(a.layers, p);
  };
  let attacker = 0;
  let defender = 0;
  let counted = 0;
  for (const row of rng) {
    for (const cell of row) {
      if (!cell.value) {
        bump('unknown', 'unknown', null, null, [cell.origin]);
        continue;
      }
      const { number, event } = cell.value;
      if (event) {
        bump('event', 'event', null, number, [cell.origin]);
        continue;
      }
      const resultCell = column[number - 1];
      if (!resultCell?.value) {
        bump('unknown', 'unknown', null, number, [cell.origin, resultCell?.origin ?? null]);
        continue;
      }
      const r = resultCell.value;
      bump(r.code, 'result', r, number, [cell.origin, resultCell.origin]);
      attacker += sideHits(r.attacker, options.eliminationHits);
      defender += sideHits(r.defender, options.eliminationHits);
      counted++;
    }
  }
  const rank = (a: Acc) => (a.kind === 'result' ? 0 : a.kind === 'event' ? 1 : 2);
  const outcomes = [...acc.values()]
    .sort((a, b) => rank(a) - rank(b) || a.first - b.first)
    .map((a) => ({
      kind: a.kind,
      key: a.key,
      result: a.result,
      probability: each.mul(a.count),
      numbers: [...a.numbers].sort((x, y) => x - y),
      layers: a.layers,
    }));
  const attackerHits = counted ? Fraction.of(attacker, counted) : null;
  const defenderHits = counted ? Fraction.of(defender, counted) : null;
  return {
    index: options.index ?? 0,
    label: options.label ?? '',
    outcomes,
    total: Fraction.sum(outcomes.map((o) => o.probability)),
    event: outcomes.find((o) => o.kind === 'event')?.probability ?? Fraction.ZERO,
    attackerHits,
    defenderHits,
    edge: attackerHits && defenderHits ? defenderHits.sub(attackerHits) : null,
  };
}

/** The largest number of Hits any result of these spreads deals (0 when none deals Hits). */
export function largestHits(spreads: Iterable<SpreadTables>): number {
  let most = 0;
  for (const s of spreads) {
    for (const row of s.rows) {
      for (const cell of row) {
        for (const side of cell.value ? [cell.value.attacker, cell.value.defender] : []) {
          if (side.kind === 'hits') most = Math.max(most, side.hits);
        }
      }
    }
  }
  return most;
}

/** Every column of one spread. */
export function warchonSpreadOdds(spread: SpreadTables, eliminationHits: number): WarchonSpreadOdds {
  const columns = spread.columns.map((c, index) =>
    warchonColumnOdds(
      spread.rng,
      spread.rows.map((row) => row[index] ?? { value: null, origin: null }),
      { index, label: c.label, eliminationHits },
    ),
  );
  const flags = worseThanLeft(columns.map((c) => c.edge));
  const layers: Provenance[] = [];
  for (const c of spread.columns) addLayer(layers, c.origin);
  for (const c of columns) for (const o of c.outcomes) for (const p of o.layers) addLayer(layers, p);
  const hasEvent = columns.some((c) => !c.event.isZero());
  return {
    spread: spread.id,
    number: spread.number,
    name: spread.name,
    eventsTable: hasEvent && spread.events ? spread.id : null,
    eliminationHits,
    columns: columns.map((c, i) => ({ ...c, worseThanLeft: flags[i] ?? false })),
    layers: layers.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0)),
  };
}

/** Every column of every spread given; eliminations count as one Hit more than the largest Hits result among them. */
export function warchonOdds(spreads: readonly SpreadTables[], all: Iterable<SpreadTables> = spreads): WarchonSpreadOdds[] {
  const eliminationHits = largestHits(all) + 1;
  return spreads.map((s) => warchonSpreadOdds(s, eliminationHits));
}

export interface WarmasterOdds {
  readonly table: string;
  readonly name: string;
  readonly columns: readonly ColumnOdds<WarmasterResult>[];
  readonly layers: readonly WarmasterProvenance[];
}

/** Every odds column of the Warmaster combat table: the D6 rows 1-6, each 1/6. */
export function warmasterOdds(table: CombatTable): WarmasterOdds {
  const rows = table.rows.length;
  const each = Fraction.of(1, rows);
  const columns = table.columns.map((col, index) => {
    const acc = new Map<string, { kind: 'result' | 'unknown'; result: WarmasterResult | null; count: number; numbers: number[]; layers: Provenance[] }>();
    let rankSum = 0;
    let known = 0;
    table.rows.forEach((row, r) => {
      const cell = row[index];
      const k = cell?.value ? cell.value.code : 'unknown';
      let a = acc.get(k);
      if (!a) acc.set(k, (a = { kind: cell?.value ? 'result' : 'unknown', result: cell?.value ?? null, count: 0, numbers: [], layers: [] }));
      a.count++;
      a.numbers.push(r + 1);
      addLayer(a.layers, cell?.origin ?? null);
      if (cell?.value) {
        rankSum += cell.value.rank;
        known++;
      }
    });
    const outcomes = [...acc.entries()]
      .sort(([, a], [, b]) => (a.kind === b.kind ? 0 : a.kind === 'unknown' ? 1 : -1) || (a.numbers[0] ?? 0) - (b.numbers[0] ?? 0))
      .map(([k, a]) => ({ kind: a.kind, key: k, result: a.result, probability: each.mul(a.count), numbers: a.numbers, layers: a.layers }));
    return {
      index,
      label: col.label,
      outcomes,
      total: Fraction.sum(outcomes.map((o) => o.probability)),
      edge: known ? Fraction.of(rankSum, known) : null,
    };
  });
  const flags = worseThanLeft(columns.map((c) => c.edge));
  const layers: Provenance[] = [];
  for (const c of columns) for (const o of c.outcomes) for (const p of o.layers) addLayer(layers, p);
  return { table: table.id, name: table.name, columns: columns.map((c, i) => ({ ...c, worseThanLeft: flags[i] ?? false })), layers };
}
