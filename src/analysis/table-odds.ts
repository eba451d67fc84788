// Exact odds of playmark's generic tables, for any pack: each roll of the table's dice has its exact
// probability (src/analysis/dice.ts), so a combat table's column gives each result the sum over
// the rolls whose row holds it, and a roll table gives each entry the sum over its rolls. Every
// column's and every table's probabilities add up to exactly 1.
import { legendResult, pickByRoll, tableDice, type CombatTable, type RollTable } from '../engine/core/generic-tables.js';
import { originAt } from '../engine/core/lookup.js';
import type { LayerOrigin, RecordOrigins } from '../../generated/types/readonly.js';
import { diceDistribution } from './dice.js';
import { Fraction } from './fraction.js';

/** A layer entry a probability rests on (it set a cell or an entry the rolls reach). */
export interface TableLayer {
  readonly layer: string;
  readonly entry: string;
  readonly kind: LayerOrigin['kind'];
  readonly pointer: string;
}

export interface TableOutcome {
  /** `result` for a legend code, `unknown` for a cell with no value. */
  readonly kind: 'result' | 'unknown';
  readonly code: string | null;
  readonly name: string | null;
  readonly probability: Fraction;
  /** The rolls that give it, ascending. */
  readonly rolls: readonly number[];
  readonly layers: readonly TableLayer[];
}

export interface TableColumnOdds {
  readonly index: number;
  readonly label: string;
  /** In the legend's order; an unknown cell last. */
  readonly outcomes: readonly TableOutcome[];
  /** Exactly 1. */
  readonly total: Fraction;
}

export interface CombatTableOdds {
  readonly table: string;
  readonly name: string;
  readonly dice: string;
  readonly columns: readonly TableColumnOdds[];
}

export interface RollEntryOdds {
  readonly index: number;
  readonly name: string | null;
  readonly text: string;
  readonly probability: Fraction;
  readonly rolls: readonly number[];
  readonly layers: readonly TableLayer[];
}

export interface RollTableOdds {
  readonly table: string;
  readonly name: string;
  readonly dice: string;
  readonly entries: readonly RollEntryOdds[];
  /** Exactly 1. */
  readonly total: Fraction;
}

function layerAt(origins: RecordOrigins | undefined, pointer: string): TableLayer | null {
  const found = originAt(origins, pointer);
  return found ? { layer: found.origin.layer, entry: found.origin.entry, kind: found.origin.kind, pointer: found.pointer } : null;
}

function addLayer(list: TableLayer[], layer: TableLayer | null): void {
  if (layer && !list.some((l) => l.entry === layer.entry && l.pointer === layer.pointer)) list.push(layer);
}

/** The exact odds of every column of a combat table. */
export function combatTableOdds(table: CombatTable, origins?: RecordOrigins): CombatTableOdds {
  const distribution = diceDistribution(tableDice(table));
  const columns = table.columns.map((column, c) => {
    const acc = new Map<string, { code: string | null; probability: Fraction; rolls: number[]; layers: TableLayer[] }>();
    for (const { roll, probability } of distribution) {
      const r = pickByRoll(table.rows, roll);
      const code = r < 0 ? null : (table.rows[r]!.cells[c] ?? null);
      const key = code ?? '';
      let a = acc.get(key);
      if (!a) acc.set(key, (a = { code, probability: Fraction.ZERO, rolls: [], layers: [] }));
      a.probability = a.probability.add(probability);
      a.rolls.push(roll);
      if (r >= 0) addLayer(a.layers, layerAt(origins, `/rows/${r}/cells/${c}`));
    }
    const order = (code: string | null) => {
      if (code === null) return Infinity;
      const result = legendResult(table, code);
      return result === null ? -1 : table.legend.indexOf(result);
    };
    const outcomes = [...acc.values()]
      .sort((a, b) => order(a.code) - order(b.code) || ((a.code ?? '') < (b.code ?? '') ? -1 : (a.code ?? '') > (b.code ?? '') ? 1 : 0))
      .map((a) => ({
        kind: a.code === null ? ('unknown' as const) : ('result' as const),
        code: a.code,
        name: a.code === null ? null : (legendResult(table, a.code)?.name ?? null),
        probability: a.probability,
        rolls: a.rolls,
        layers: a.layers,
      }));
    return { index: c, label: column.label, outcomes, total: Fraction.sum(outcomes.map((o) => o.probability)) };
  });
  return { table: table.id, name: table.name, dice: tableDice(table).text, columns };
}

/** The exact odds of every entry of a roll table. */
export function rollTableOdds(table: RollTable, origins?: RecordOrigins): RollTableOdds {
  const distribution = diceDistribution(tableDice(table));
  const entries = table.entries.map((entry, index) => ({
    index,
    name: entry.name ?? null,
    text: entry.text,
    probability: Fraction.ZERO,
    rolls: [] as number[],
    layers: [] as TableLayer[],
  }));
  for (const { roll, probability } of distribution) {
    const e = entries[pickByRoll(table.entries, roll)];
    if (!e) continue; // validate reports a roll no entry covers
    e.probability = e.probability.add(probability);
    e.rolls.push(roll);
  }
  for (const e of entries) addLayer(e.layers, layerAt(origins, `/entries/${e.index}`));
  return { table: table.id, name: table.name, dice: tableDice(table).text, entries, total: Fraction.sum(entries.map((e) => e.probability)) };
}
