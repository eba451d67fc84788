// One look-up on a pack's generic table, as `playmark resolve` reports it: what was read (column,
// row, entry), the result, and the layer entries that set the values it rests on. Plain data, so a
// program gets what the command prints (`--format json` is this object).
import type { RecordOrigins } from '../../generated/types/readonly.js';
import type { Effect } from '../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../generated/types/readonly.js';
import { resolveCombatTable, resolveRollTable, tableDice } from '../engine/core/generic-tables.js';
import { originAt } from '../engine/core/lookup.js';
import type { GenericTable } from './pack-tables.js';

/** A value the look-up read that a layer entry set: which value (`column` or `result`), and the entry. */
export interface LayerNote {
  readonly value: string;
  readonly layer: string;
  readonly entry: string;
  readonly kind: string;
  readonly pointer: string;
}

/** A roll on a roll table. */
export interface RollTableLookup {
  readonly pack: string;
  readonly table: string;
  readonly type: 'roll';
  readonly dice: string;
  readonly roll: number;
  /** The entry's place in the table, 1-based. */
  readonly entry: number;
  readonly name: string | null;
  readonly result: string;
  readonly effects: readonly DeepReadonly<Effect>[];
  readonly origins: readonly LayerNote[];
}

/** What picks a combat table's column: attack and defence, or the named value. */
export type CombatTableInput = { readonly attack: number; readonly defence: number } | { readonly value: number };

/** A combat look-up: the column its key picked, the row the roll picked, the result. */
export type CombatTableLookup = {
  readonly pack: string;
  readonly table: string;
  readonly type: 'combat';
  readonly dice: string;
} & CombatTableInput & {
    readonly key: { readonly kind: string; readonly value: number | string };
    readonly column: string;
    readonly roll: number;
    readonly row: string;
    /** The result code; null for a cell the table leaves empty. */
    readonly result: string | null;
    readonly name: string | null;
    readonly text: string | null;
    readonly effects: readonly DeepReadonly<Effect>[];
    readonly origins: readonly LayerNote[];
  };

/** A roll on a pack's roll table (a roll its dice can show), with the layer entry that set the entry. */
export function lookUpRollTable(pack: string, picked: Extract<GenericTable, { type: 'roll' }>, roll: number): RollTableLookup {
  const table = picked.table;
  const { index, entry } = resolveRollTable(table, roll);
  return {
    pack,
    table: table.id,
    type: 'roll',
    dice: tableDice(table).text,
    roll,
    entry: index + 1,
    name: entry.name ?? null,
    result: entry.text,
    effects: entry.effects ?? [],
    origins: noteAt(picked.origins, `/entries/${index}`, 'result'),
  };
}

/** A look-up on a pack's combat table, with the layer entries that set the column's rounding and the cell. */
export function lookUpCombatTable(pack: string, picked: Extract<GenericTable, { type: 'combat' }>, input: CombatTableInput, roll: number): CombatTableLookup {
  const table = picked.table;
  const kind = table.key.kind;
  const r = resolveCombatTable(table, input, roll);
  // An odds column rests on the rounding too, which a layer may have decided (Warmaster's ruling).
  const origins = [
    ...(kind === 'odds' ? noteAt(picked.origins, '/key/rounding', 'column') : []),
    ...noteAt(picked.origins, `/rows/${r.row.index}/cells/${r.column.index}`, 'result'),
  ];
  return {
    pack,
    table: table.id,
    type: 'combat',
    dice: tableDice(table).text,
    ...input,
    key: { kind, value: r.column.key },
    column: r.column.label,
    roll,
    row: r.row.label,
    result: r.code,
    name: r.result?.name ?? null,
    text: r.result?.text ?? null,
    effects: r.result?.effects ?? [],
    origins,
  };
}

function noteAt(origins: RecordOrigins | undefined, pointer: string, value: string): LayerNote[] {
  const found = originAt(origins, pointer);
  return found ? [{ value, layer: found.origin.layer, entry: found.origin.entry, kind: found.origin.kind, pointer: found.pointer }] : [];
}
