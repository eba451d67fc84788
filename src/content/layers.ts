import { pending, type PathStep } from './diagnostic.js';
import type { LoadedPack, Report } from './load.js';
import type { EffectiveRecord, JsonObject, LoadedRecord, Origin } from './model.js';
import { formatPointer, parsePointer, valueAt, withValueAt } from './pointer.js';
import type { SchemaRegistry } from './schemas.js';
import { didYouMean } from './suggest.js';

/** An entry that changed a record, as later entries see it: to tell when one overwrites it. */
interface Applied {
  readonly layer: string;
  readonly entry: string;
  readonly file: string;
  readonly index: number;
  /** The concrete pointer it set (`-` resolved to the index appended). */
  readonly pointer: string;
  readonly value: unknown;
}

/**
 * Applies a pack's layers, in the manifest's order, to its base records. The base is never changed:
 * a layer copies only the lists and mappings on its pointer's way, and shares the rest. Each value
 * a layer sets remembers the entry that set it.
 */
export function applyLayers(pack: LoadedPack, schemas: SchemaRegistry, report: Report): EffectiveRecord[] {
  type Slot = { record: LoadedRecord; data: JsonObject; origins: Map<string, Origin>; touched: boolean; owned: Set<object>; applied: Applied[] };
  // Every record gets a slot; layers target the first record of a kind and id (a duplicate id is
  // reported by lint, and its record is still checked).
  const slots: Slot[] = pack.records.map((record) => ({
    record,
    data: record.base,
    origins: new Map(),
    touched: false,
    owned: new Set<object>(),
    applied: [],
  }));
  const byKey = new Map<string, Slot>();
  for (const slot of slots) {
    const key = `${slot.record.kind}/${slot.record.id}`;
    if (!byKey.has(key)) byKey.set(key, slot);
  }
  const seenEntries = new Map<string, string>();
  for (const layer of pack.layers) {
    layer.entries.forEach((entry, index) => {
      const at = (...steps: PathStep[]) => ({ path: ['entries', index, ...steps] as PathStep[] });
      const previous = seenEntries.get(entry.id);
      if (previous !== undefined) {
        report.add(pending('layer/duplicate-entry', layer.file, `The layer entry id "${entry.id}" is used already (in ${previous}).`, at('id')));
        return;
      }
      seenEntries.set(entry.id, layer.id);
      const kind = pack.manifest.kinds[entry.target.kind];
      if (!kind) {
        const hint = didYouMean(entry.target.kind, Object.keys(pack.manifest.kinds));
        report.add(
          pending(
            'layer/target-missing',
            layer.file,
            `The target kind "${entry.target.kind}" is not a kind of this pack (${Object.keys(pack.manifest.kinds).join(', ')}).`,
            { ...at('target', 'kind'), ...(hint ? { hint } : {}) },
          ),
        );
        return;
      }
      const slot = byKey.get(`${entry.target.kind}/${entry.target.id}`);
      if (!slot) {
        const hint = didYouMean(
          entry.target.id,
          slots.filter((s) => s.record.kind === entry.target.kind).map((s) => s.record.id),
        );
        report.add(
          pending('layer/target-missing', layer.file, `There is no ${entry.target.kind} with the id "${entry.target.id}".`, {
            ...at('target', 'id'),
            ...(hint ? { hint } : {}),
          }),
        );
        return;
      }
      if (!slot.record.valid) return; // its schema problems are reported already
      // The value the entry replaces, taken before the change (containers this record owns are
      // changed in place; the replaced value itself is not).
      const before = entry.target.pointer.endsWith('/-') ? undefined : valueAt(slot.data, parsePointer(entry.target.pointer));
      const result = withValueAt(slot.data, entry.target.pointer, entry.value, slot.owned);
      if (!result.ok) {
        const parent = result.missing?.parent;
        const keys = parent !== null && typeof parent === 'object' && !Array.isArray(parent) ? Object.keys(parent) : [];
        const near = result.missing && keys.length ? didYouMean(result.missing.step, keys) : undefined;
        const hint = near ? `${near} Keys there: ${keys.join(', ')}.` : undefined;
        report.add(
          pending(
            'layer/target-missing',
            layer.file,
            `The pointer ${entry.target.pointer} does not fit ${entry.target.kind} "${entry.target.id}": ${result.reason}.`,
            { ...at('target', 'pointer'), ...(hint ? { hint } : {}) },
          ),
        );
        return;
      }
      slot.data = result.root;
      slot.touched = true;
      const pointer = entry.target.pointer.endsWith('/-') ? formatPointer(result.steps) : entry.target.pointer;
      reportOverwritten(
        slot.applied,
        slot.data,
        { layer: layer.id, entry: entry.id, file: layer.file, index, pointer, value: entry.value },
        `${entry.target.kind} "${entry.target.id}"`,
        report,
      );
      slot.applied.push({ layer: layer.id, entry: entry.id, file: layer.file, index, pointer, value: entry.value });
      const origin: Origin = { layer: layer.id, entry: entry.id, kind: entry.kind, reason: entry.reason, file: layer.file, index, at: pointer };
      recordOrigins(slot.origins, before, entry.value, pointer, origin);
    });
  }

  const out: EffectiveRecord[] = [];
  for (const { record, data, origins, touched } of slots) {
    let refs = record.refs;
    let valid = record.valid;
    if (touched) {
      const schema = pack.manifest.kinds[record.kind]!.schema;
      const result = schemas.validate(schema, data);
      if ('problems' in result) {
        refs = result.refs;
        const effective: EffectiveRecord = { ...record, data, origins, refs };
        for (const problem of result.problems) {
          const where = whereIs(effective, problem.path);
          report.add(
            pending('layer/invalid-result', where.file, `Once the layers apply, ${record.kind} "${record.id}" breaks its schema: ${problem.message}`, {
              path: where.path,
              ...(problem.hint ? { hint: problem.hint } : {}),
            }),
          );
          valid = false;
        }
      }
    }
    out.push({ ...record, data, origins, refs, valid });
  }
  return out;
}

/**
 * layer/overwritten: the entry just applied replaced what an earlier entry set, at the same pointer
 * or at a list or mapping holding it (when the value there is no longer the earlier one's). It is
 * reported at the earlier entry, whose change is lost. (A later entry that changes a value inside
 * an earlier one, such as an erratum on a cell of a row a ruling set, refines it: no warning.)
 */
function reportOverwritten(applied: readonly Applied[], data: unknown, later: Applied, target: string, report: Report): void {
  for (const earlier of applied) {
    if (earlier.pointer !== later.pointer && !earlier.pointer.startsWith(later.pointer + '/')) continue;
    const same = earlier.pointer === later.pointer;
    // A list or mapping replaced whole that keeps the earlier value as it was loses nothing; two
    // entries on one pointer are always reported (which of them is the value's provenance?).
    if (!same && jsonEqual(valueAt(data, parsePointer(earlier.pointer)), earlier.value)) continue;
    const where = earlier.layer === later.layer ? `later in the layer ${later.layer}` : `in the later layer ${later.layer}`;
    report.add(
      pending(
        'layer/overwritten',
        earlier.file,
        `This entry (${earlier.entry}) sets ${earlier.pointer} of ${target}, but the entry ${later.entry} ${where} ${same ? 'sets the same pointer' : `replaces ${later.pointer} whole`}, so ${earlier.entry} has no effect (reported here, at the overwritten entry).`,
        { path: ['entries', earlier.index, 'target', 'pointer'] },
      ),
    );
  }
}

/**
 * Where a value of an effective record is written: in a layer entry when a layer set it (or set a
 * value that contains it), else in the record's own file.
 */
export function whereIs(record: EffectiveRecord, steps: readonly PathStep[]): { file: string; path: PathStep[] } {
  for (let depth = steps.length; depth > 0; depth--) {
    const origin = record.origins.get(formatPointer(steps.slice(0, depth)));
    // The entry's value sits at its own target pointer, which may contain the marked value.
    if (origin) return { file: origin.file, path: ['entries', origin.index, 'value', ...steps.slice(origin.at === '' ? 0 : origin.at.split('/').length - 1)] };
  }
  return { file: record.file, path: [...steps] };
}

/**
 * Records which values an entry changed. A value the entry sets to what it already was keeps its
 * provenance: a row the inference completes keeps its printed first cell as printed, and only the
 * other cells get the entry as their origin. A value replaced whole has one origin at its pointer.
 */
function recordOrigins(origins: Map<string, Origin>, before: unknown, after: unknown, pointer: string, origin: Origin): void {
  if (jsonEqual(before, after)) return;
  const bothLists = Array.isArray(before) && Array.isArray(after) && before.length === after.length;
  const bothMaps = isMapping(before) && isMapping(after);
  const keys = bothLists
    ? (after as unknown[]).map((_, i) => String(i))
    : bothMaps
      ? [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])]
      : [];
  const child = (value: unknown, key: string) => (value as Record<string, unknown>)[key];
  // Only a partly changed list or mapping is split: a value the entry replaces whole is its own.
  if (keys.some((key) => jsonEqual(child(before, key), child(after, key)))) {
    for (const key of keys) {
      recordOrigins(origins, child(before, key), child(after, key), pointer + formatPointer([key]), origin);
    }
    return;
  }
  for (const existing of [...origins.keys()]) {
    if (existing === pointer || existing.startsWith(pointer + '/')) origins.delete(existing);
  }
  origins.set(pointer, origin);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The layer entry that set a value, if any (the value itself or a value containing it). */
export function originOf(record: EffectiveRecord, steps: readonly PathStep[]): Origin | undefined {
  for (let depth = steps.length; depth > 0; depth--) {
    const origin = record.origins.get(formatPointer(steps.slice(0, depth)));
    if (origin) return origin;
  }
  return undefined;
}
