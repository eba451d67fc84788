// What changed between two versions of a project's content: packs, records and values of the
// effective content (layers applied), and the layer entries as written. Pure: it takes the packs of
// each side as loaded (src/content/effective.ts) and returns data, in a deterministic order, for
// `playmark diff` to print (src/content/diff-format.ts). A value that is a table cell is named in
// the table's own terms ("Erdon Pass, combat results, row 2, column +4"), as a player reads it.
import type { PackContent } from './effective.js';
import type { Json, JsonObject, LayerEntry } from './model.js';
import { formatPointer, parsePointer } from './pointer.js';

/** Where a changed value sits, when it is a table cell (or a whole row of a table). */
export type Cell =
  | {
      readonly kind: 'combat-table';
      /** The table as a player names it: its title without the record's name (`combat results`), or none when the record is the table. */
      readonly table: string | null;
      /** Counted from 1. */
      readonly row: number;
      /** The row's printed label: the roll that picks it (from the table's dice), when known. */
      readonly roll?: string;
      /** The column's printed label; absent for a whole row. */
      readonly column?: string;
    }
  | {
      readonly kind: 'rng';
      /** The Defender's shown fingers (the matrix row + 1). */
      readonly defender: number;
      /** The Attacker's shown fingers (the cell + 1); absent for a whole row. */
      readonly attacker?: number;
    };

export type ChangeStatus = 'changed' | 'added' | 'removed';

/** One value that differs: present on both sides (changed), only after (added) or only before (removed). */
export interface ValueChange {
  readonly status: ChangeStatus;
  /** JSON pointer into the record (or the manifest). */
  readonly pointer: string;
  /** The value's place in words: a cell in its table's terms, else `<folder>.<id> path[0].key`. */
  readonly where: string;
  readonly cell?: Cell;
  /** Absent when the value is added. */
  readonly before?: Json;
  /** Absent when the value is removed. */
  readonly after?: Json;
}

export interface RecordRef {
  readonly kind: string;
  readonly id: string;
  /** The record's `name` (or `title`), when it has one. */
  readonly name?: string;
}

export interface RecordChange extends RecordRef {
  readonly changes: readonly ValueChange[];
}

/** A layer entry as one side writes it, with its target in words. */
export interface LayerEntryInfo {
  readonly id: string;
  readonly layer: string;
  readonly kind: LayerEntry['kind'];
  readonly target: LayerEntry['target'];
  /** The target in words, as `ValueChange.where`. */
  readonly where: string;
  readonly cell?: Cell;
  readonly value: Json;
  readonly reason: string;
  /** The players' sentence for the errata sheet, when the entry has one. */
  readonly note?: string;
  readonly source?: string;
}

export type LayerEntryField = 'layer' | 'kind' | 'target' | 'value' | 'reason' | 'note' | 'source';
export const LAYER_ENTRY_FIELDS: readonly LayerEntryField[] = ['layer', 'kind', 'target', 'value', 'reason', 'note', 'source'];

export interface LayerEntryChange {
  readonly id: string;
  /** Which fields differ, in the order of LAYER_ENTRY_FIELDS. */
  readonly fields: readonly LayerEntryField[];
  readonly before: LayerEntryInfo;
  readonly after: LayerEntryInfo;
}

export interface PackHeading {
  readonly title: string;
  readonly version: string;
}

export interface PackDiff {
  readonly id: string;
  /** `added`: only on side B; `removed`: only on side A; `changed`: on both, with differences. */
  readonly status: ChangeStatus;
  readonly a: PackHeading | null;
  readonly b: PackHeading | null;
  /** Differences in pack.yaml (title, version, kinds, layer order, ...). */
  readonly manifest: readonly ValueChange[];
  readonly records: {
    readonly added: readonly RecordRef[];
    readonly removed: readonly RecordRef[];
    readonly changed: readonly RecordChange[];
  };
  readonly layerEntries: {
    readonly added: readonly LayerEntryInfo[];
    readonly removed: readonly LayerEntryInfo[];
    readonly changed: readonly LayerEntryChange[];
  };
}

export interface ContentDiff {
  /** Packs with differences, sorted by id. */
  readonly packs: readonly PackDiff[];
  /** Packs on both sides with no difference, sorted by id. */
  readonly unchanged: readonly string[];
}

/** True when the two sides differ at all. */
export function hasDifferences(diff: ContentDiff): boolean {
  return diff.packs.length > 0;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two sets of packs (each by pack id): side A is before, side B after. */
export function diffContent(a: ReadonlyMap<string, PackContent>, b: ReadonlyMap<string, PackContent>): ContentDiff {
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort(byString);
  const packs: PackDiff[] = [];
  const unchanged: string[] = [];
  for (const id of ids) {
    const d = diffPack(id, a.get(id), b.get(id));
    if (d) packs.push(d);
    else unchanged.push(id);
  }
  return { packs, unchanged };
}

/** The differences of one pack, or undefined when there are none. */
export function diffPack(id: string, a: PackContent | undefined, b: PackContent | undefined): PackDiff | undefined {
  const manifest: ValueChange[] = [];
  if (a && b) {
    const raw: RawChange[] = [];
    // Cast: the manifest is plain JSON read from YAML; its interface lacks Json's index signature.
    diffValues(a.pack as unknown as Json, b.pack as unknown as Json, [], raw);
    for (const c of raw) manifest.push(withWhere(c, `pack.yaml ${pathWords(c.steps)}`.trimEnd()));
  }

  const added: RecordRef[] = [];
  const removed: RecordRef[] = [];
  const changed: RecordChange[] = [];
  const kinds = [...new Set([...Object.keys(a?.records ?? {}), ...Object.keys(b?.records ?? {})])].sort(byString);
  for (const kind of kinds) {
    const before = a?.records[kind] ?? {};
    const after = b?.records[kind] ?? {};
    for (const rid of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byString)) {
      const ra = before[rid];
      const rb = after[rid];
      if (!ra && rb) added.push(recordRef(kind, rid, rb));
      else if (ra && !rb) removed.push(recordRef(kind, rid, ra));
      else if (ra && rb) {
        const raw: RawChange[] = [];
        diffValues(ra, rb, [], raw);
        if (raw.length === 0) continue;
        const changes = raw.map((c) => {
          const described = describe((c.status === 'removed' ? a : b)!, kind, rid, c.status === 'removed' ? ra : rb, c.steps);
          return withWhere(c, described.where, described.cell);
        });
        changed.push({ ...recordRef(kind, rid, rb), changes });
      }
    }
  }

  const entriesA = layerEntries(a);
  const entriesB = layerEntries(b);
  const entriesAdded: LayerEntryInfo[] = [];
  const entriesRemoved: LayerEntryInfo[] = [];
  const entriesChanged: LayerEntryChange[] = [];
  for (const eid of [...new Set([...entriesA.keys(), ...entriesB.keys()])].sort(byString)) {
    const ea = entriesA.get(eid);
    const eb = entriesB.get(eid);
    if (!ea && eb) entriesAdded.push(eb);
    else if (ea && !eb) entriesRemoved.push(ea);
    else if (ea && eb) {
      const fields = LAYER_ENTRY_FIELDS.filter((f) => !deepEqual(ea[f] as Json | undefined, eb[f] as Json | undefined));
      if (fields.length > 0) entriesChanged.push({ id: eid, fields, before: ea, after: eb });
    }
  }

  const none =
    a &&
    b &&
    manifest.length === 0 &&
    added.length === 0 &&
    removed.length === 0 &&
    changed.length === 0 &&
    entriesAdded.length === 0 &&
    entriesRemoved.length === 0 &&
    entriesChanged.length === 0;
  if (none || (!a && !b)) return undefined;
  return {
    id,
    status: !a ? 'added' : !b ? 'removed' : 'changed',
    a: a ? { title: a.pack.title, version: a.pack.version } : null,
    b: b ? { title: b.pack.title, version: b.pack.version } : null,
    manifest,
    records: { added, removed, changed },
    layerEntries: { added: entriesAdded, removed: entriesRemoved, changed: entriesChanged },
  };
}

function recordRef(kind: string, id: string, data: JsonObject): RecordRef {
  const name = recordName(data);
  return name !== undefined ? { kind, id, name } : { kind, id };
}

function recordName(data: JsonObject | undefined): string | undefined {
  if (!data) return undefined;
  if (typeof data.name === 'string' && data.name.trim() !== '') return data.name;
  if (typeof data.title === 'string' && data.title.trim() !== '') return data.title;
  return undefined;
}

/** A layer entry's target in words (`Erdon Pass, combat results, row 2, column +4`; `row 1 (roll 2-4)` when the rolls that pick a row are not its number), against the pack's effective records. */
export function describeTarget(
  pack: NamingPack & { readonly records: { readonly [kind: string]: { readonly [id: string]: unknown } } },
  target: LayerEntry['target'],
): { where: string; cell?: Cell } {
  let steps: (string | number)[];
  try {
    steps = parsePointer(target.pointer);
  } catch {
    steps = [target.pointer]; // not a pointer: named as written
  }
  const record = pack.records[target.kind]?.[target.id];
  const data = isObject(record as Json) ? (record as JsonObject) : undefined;
  return describe(
    pack,
    target.kind,
    target.id,
    data,
    steps.map((s) => (typeof s === 'string' && /^(0|[1-9]\d*)$/.test(s) ? Number(s) : s)),
  );
}

/** A side's layer entries by id, with their targets in words (against that side's effective records). */
function layerEntries(pack: PackContent | undefined): Map<string, LayerEntryInfo> {
  const out = new Map<string, LayerEntryInfo>();
  if (!pack) return out;
  for (const layer of pack.layers) {
    for (const e of layer.entries) {
      if (out.has(e.id)) continue; // two entries with one id are a validation error; the first one counts
      const described = describeTarget(pack, e.target);
      out.set(e.id, {
        id: e.id,
        layer: layer.id,
        kind: e.kind,
        target: e.target,
        where: described.where,
        ...(described.cell ? { cell: described.cell } : {}),
        value: e.value,
        reason: e.reason,
        ...(e.note !== undefined ? { note: e.note } : {}),
        ...(e.source !== undefined ? { source: e.source } : {}),
      });
    }
  }
  return out;
}

// --- Comparing values ---------------------------------------------------------------------------

interface RawChange {
  readonly status: ChangeStatus;
  readonly steps: readonly (string | number)[];
  readonly before?: Json;
  readonly after?: Json;
}

function withWhere(c: RawChange, where: string, cell?: Cell): ValueChange {
  return {
    status: c.status,
    pointer: formatPointer(c.steps),
    where,
    ...(cell ? { cell } : {}),
    ...('before' in c ? { before: c.before } : {}),
    ...('after' in c ? { after: c.after } : {}),
  };
}

const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * Every leaf-most difference between `a` and `b`: mappings key by key, lists item by item. Lists
 * of different lengths are aligned on their common start and end, so one row inserted or removed
 * is one change, not a change to every row after it.
 */
function diffValues(a: Json, b: Json, steps: (string | number)[], out: RawChange[]): void {
  if (deepEqual(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === b.length) {
      a.forEach((v, i) => diffValues(v, b[i]!, [...steps, i], out));
      return;
    }
    let start = 0;
    while (start < a.length && start < b.length && deepEqual(a[start], b[start])) start++;
    let end = 0;
    while (end < a.length - start && end < b.length - start && deepEqual(a[a.length - 1 - end], b[b.length - 1 - end])) end++;
    const midA = a.length - start - end;
    const midB = b.length - start - end;
    const paired = Math.min(midA, midB);
    for (let i = 0; i < paired; i++) diffValues(a[start + i]!, b[start + i]!, [...steps, start + i], out);
    for (let i = paired; i < midA; i++) out.push({ status: 'removed', steps: [...steps, start + i], before: a[start + i]! });
    for (let i = paired; i < midB; i++) out.push({ status: 'added', steps: [...steps, start + i], after: b[start + i]! });
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(b)) {
      if (k in a) diffValues(a[k]!, b[k]!, [...steps, k], out);
      else out.push({ status: 'added', steps: [...steps, k], after: b[k]! });
    }
    for (const k of Object.keys(a)) if (!(k in b)) out.push({ status: 'removed', steps: [...steps, k], before: a[k]! });
    return;
  }
  out.push({ status: 'changed', steps, before: a, after: b });
}

// --- Naming a value -----------------------------------------------------------------------------

/** `faces[0].as`, `combatTable.rows[1][5]`, `extractedRows["1"]`; `-` (append) as `[+]`. */
export function pathWords(steps: readonly (string | number)[]): string {
  let out = '';
  for (const s of steps) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (s === '-') out += '[+]';
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

const index = (s: string | number | undefined): number | undefined =>
  typeof s === 'number' ? s : typeof s === 'string' && /^(0|[1-9]\d*)$/.test(s) ? Number(s) : undefined;

function child(node: Json | undefined, step: string | number): Json | undefined {
  if (Array.isArray(node)) {
    const i = index(step);
    return i === undefined ? undefined : node[i];
  }
  if (isObject(node)) return node[String(step)];
  return undefined;
}

/** A column's label as the source printed it: its `printedLabel`, else `label`, `key` or `name` (a string column is its own label). */
function columnLabel(column: Json | undefined): string | undefined {
  if (typeof column === 'string' || typeof column === 'number') return String(column);
  if (!isObject(column)) return undefined;
  for (const k of ['printedLabel', 'label', 'key', 'name']) {
    const v = column[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** A combat table: a mapping with `rows` and `columns`, each column with a printed label. */
function isCombatTable(node: Json | undefined): node is JsonObject {
  return (
    isObject(node) &&
    Array.isArray(node.rows) &&
    Array.isArray(node.columns) &&
    node.columns.length > 0 &&
    node.columns.every((c) => columnLabel(c) !== undefined)
  );
}

/**
 * The rolls a dice expression gives, ascending: `d6`, `2d6`, `3d6+1`, `d10`, `d66` (tens and
 * units), `fingers` (or `rng`: 1 to 5). Undefined for anything else. (The engine's own reader is
 * src/engine/core/dice-expression.ts; content may not import the engine, and naming a row needs
 * only the list.)
 */
export function diceRolls(expression: string): number[] | undefined {
  const t = expression.trim().toLowerCase();
  if (t === 'fingers' || t === 'rng') return [1, 2, 3, 4, 5];
  if (t === 'd66') return [1, 2, 3, 4, 5, 6].flatMap((tens) => [1, 2, 3, 4, 5, 6].map((units) => tens * 10 + units));
  const m = /^([0-9]*)d([0-9]+)(?:\s*([+-])\s*([0-9]+))?$/.exec(t);
  if (!m) return undefined;
  const count = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const plus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  if (count < 1 || count > 100 || sides < 2 || sides > 1000) return undefined;
  const out: number[] = [];
  for (let r = count + plus; r <= count * sides + plus; r++) out.push(r);
  return out;
}

/** A roll as it prints: `7`, a range `2-4`, open ranges `4 or less` and `10 or more`. */
function rollWords(roll: Json | undefined): string | undefined {
  if (typeof roll === 'number' || typeof roll === 'string') return String(roll);
  if (!isObject(roll)) return undefined;
  const { min, max } = roll;
  if (typeof min === 'number' && typeof max === 'number') return min === max ? String(min) : `${min}-${max}`;
  if (typeof min === 'number' && max === null) return `${min} or more`;
  if (min === null && typeof max === 'number') return `${max} or less`;
  return undefined;
}

/**
 * A table row's printed label, when the table says it: a row of its own `rowLabels`, a row that
 * is a mapping with a `roll` or `label`, or the roll its dice give (`die`, `dice` or `roll`: row
 * i is the i-th roll, ascending, as every pack prints its rows).
 */
function rowLabel(table: JsonObject, r: number): string | undefined {
  const own = Array.isArray(table.rowLabels) ? table.rowLabels[r] : undefined;
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  const row = Array.isArray(table.rows) ? table.rows[r] : undefined;
  if (isObject(row)) {
    if (typeof row.label === 'string') return row.label;
    const roll = rollWords(row.roll);
    if (roll !== undefined) return roll;
  }
  for (const k of ['dice', 'die', 'roll']) {
    const v = table[k];
    if (typeof v !== 'string') continue;
    const rolls = diceRolls(v);
    if (rolls?.[r] !== undefined) return String(rolls[r]);
  }
  return undefined;
}

/**
 * A table's name as a player says it: its title without the record's name in front and "Table" at
 * the end, in lower case when the title is in title case ("Erdon Pass Combat Results Table" on Erdon
 * Pass -> "combat results").
 */
export function tableName(title: string, recordName: string | undefined): string {
  let short = title.trim();
  if (recordName && short.toLowerCase().startsWith(recordName.toLowerCase() + ' ')) short = short.slice(recordName.length + 1).trim();
  short = short.replace(/\s+table$/i, '').trim();
  if (short === '') return title.trim();
  const titleCase = short.split(/\s+/).every((w) => /^[A-Z][a-z]*$/.test(w) || /^(of|the|and|a|an|in|on|at|to|for)$/.test(w));
  return titleCase ? short.toLowerCase() : short;
}

/** What naming a value needs of its pack: the folder of each kind (a record without a name is `<folder>.<id>`). */
export interface NamingPack {
  readonly pack: { readonly kinds: { readonly [kind: string]: unknown } };
}

/** Where a value of a record sits, in words: in its table's terms when it is a table cell or row. */
export function describe(
  pack: NamingPack,
  kind: string,
  id: string,
  record: JsonObject | undefined,
  steps: readonly (string | number)[],
): { where: string; cell?: Cell } {
  const declared = pack.pack.kinds[kind];
  const folder = isObject(declared as Json) && typeof (declared as JsonObject).folder === 'string' ? ((declared as JsonObject).folder as string) : kind;
  const plain = `${folder}.${id}`;
  const name = recordName(record) ?? plain;

  // The RNG matrix of a Warchon spread: row = the Defender's fingers, cell = the Attacker's.
  const rng = record?.rng;
  const r0 = index(steps[1]);
  if (
    steps[0] === 'rng' &&
    Array.isArray(rng) &&
    rng.length > 0 &&
    rng.every((row) => Array.isArray(row) || row === null) &&
    r0 !== undefined &&
    steps.length <= 3
  ) {
    const c0 = index(steps[2]);
    if (steps.length === 2) return { where: `${name}, RNG, defender shows ${r0 + 1}`, cell: { kind: 'rng', defender: r0 + 1 } };
    if (c0 !== undefined)
      return { where: `${name}, RNG, defender shows ${r0 + 1}, attacker shows ${c0 + 1}`, cell: { kind: 'rng', defender: r0 + 1, attacker: c0 + 1 } };
  }

  // A combat table's cell or row, the deepest table along the path.
  let node: Json | undefined = record;
  let found: { at: number; table: JsonObject } | undefined;
  for (let i = 0; i < steps.length; i++) {
    if (steps[i] === 'rows' && isCombatTable(node) && index(steps[i + 1]) !== undefined) found = { at: i, table: node };
    node = child(node, steps[i]!);
    if (node === undefined) break;
  }
  if (found) {
    const { at, table } = found;
    const r = index(steps[at + 1])!;
    // A row that is a mapping holds its cells in `cells` (the generic combat table: `/rows/1/cells/2`).
    const inCells = steps[at + 2] === 'cells' && isObject((table.rows as Json[])[r]) && index(steps[at + 3]) !== undefined;
    // `/rows/1/cells` is the whole row, as `/rows/1` is.
    const wholeCells = steps[at + 2] === 'cells' && steps.length === at + 3;
    const c = inCells ? index(steps[at + 3]) : wholeCells ? undefined : index(steps[at + 2]);
    // A table in a field of its record is named by its heading: `title`, or a generic table's `name`.
    const heading = typeof table.title === 'string' ? table.title : at > 0 && typeof table.name === 'string' ? table.name : undefined;
    const title = heading !== undefined && heading.trim() !== '' ? tableName(heading, recordName(record)) : at === 0 ? null : pathWords(steps.slice(0, at));
    const columns = table.columns as Json[];
    const label = c === undefined ? undefined : (columnLabel(columns[c]) ?? String(c + 1));
    const roll = rowLabel(table, r);
    const rest = steps.slice(at + (c === undefined ? (wholeCells ? 3 : 2) : inCells ? 4 : 3));
    const parts = [
      name,
      ...(title !== null ? [title] : []),
      `row ${r + 1}${roll !== undefined && roll !== String(r + 1) ? ` (roll ${roll})` : ''}`,
      ...(label !== undefined ? [`column ${label}`] : []),
    ];
    if (rest.length > 0) parts.push(pathWords(rest));
    const cell: Cell = {
      kind: 'combat-table',
      table: title,
      row: r + 1,
      ...(roll !== undefined ? { roll } : {}),
      ...(label !== undefined ? { column: label } : {}),
    };
    return { where: parts.join(', '), cell };
  }

  // An entry of a roll table (a list of entries, each with the `roll` that picks it, read by the record's dice).
  const entry = steps[0] === 'entries' && typeof record?.dice === 'string' && Array.isArray(record.entries) ? record.entries[index(steps[1]) ?? -1] : undefined;
  if (isObject(entry) && rollWords(entry.roll) !== undefined) {
    const label = `roll ${rollWords(entry.roll)}${typeof entry.name === 'string' ? ` (${entry.name})` : ''}`;
    return { where: [name, label, ...(steps.length > 2 ? [pathWords(steps.slice(2))] : [])].join(', ') };
  }

  // Any other value: the record by its name, then the value's path in it. A game's own fields sit
  // under a generic kind's `extension`, which means nothing to a player: named without it.
  const named = recordName(record);
  if (steps.length === 0) return { where: named ?? plain };
  const shown = steps[0] === 'extension' && steps.length > 1 ? steps.slice(1) : steps;
  return { where: named !== undefined ? `${named}, ${pathWords(shown)}` : `${plain} ${pathWords(shown)}` };
}

/**
 * A value as a short line of text, YAML flow style: `D3`, `null`, `[2, 3, 4, 5E, 1]`,
 * `{unit: the-emperor, count: 1}`; strings that would read as something else are quoted.
 */
export function flow(value: Json | undefined): string {
  if (value === undefined) return '(none)';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const plain =
      value !== '' &&
      value === value.trim() &&
      !/[\n\r\t]/.test(value) &&
      !/^[-?:,[\]{}#&*!|>'"%@`]/.test(value.replace(/^-(?=[\d.+])/, '')) &&
      !/[,[\]{}]|: | #/.test(value) &&
      !/^(null|true|false|~|yes|no|on|off)$/i.test(value) &&
      !/^[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(value);
    return plain ? value : JSON.stringify(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k)}: ${flow(v)}`)
    .join(', ')}}`;
}
