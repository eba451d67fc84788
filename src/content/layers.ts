import { pending, type PathStep } from './diagnostic.js';
import type { LoadedPack, Report } from './load.js';
import type { EffectiveRecord, JsonObject, LoadedRecord, Origin } from './model.js';
import { formatPointer, withValueAt } from './pointer.js';
import type { SchemaRegistry } from './schemas.js';

/**
 * Applies a pack's layers, in the manifest's order, to its base records. The base is never changed:
 * a layer copies only the lists and mappings on its pointer's way, and shares the rest. Each value
 * a layer sets remembers the entry that set it.
 */
export function applyLayers(pack: LoadedPack, schemas: SchemaRegistry, report: Report): EffectiveRecord[] {
  type Slot = { record: LoadedRecord; data: JsonObject; origins: Map<string, Origin>; touched: boolean; owned: Set<object> };
  // Every record gets a slot; layers target the first record of a kind and id (a duplicate id is
  // reported by lint, and its record is still checked).
  const slots: Slot[] = pack.records.map((record) => ({ record, data: record.base, origins: new Map(), touched: false, owned: new Set<object>() }));
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
        report.add(pending('layer/target-missing', layer.file, `The target kind "${entry.target.kind}" is not a kind of this pack (${Object.keys(pack.manifest.kinds).join(', ')}).`, at('target', 'kind')));
        return;
      }
      const slot = byKey.get(`${entry.target.kind}/${entry.target.id}`);
      if (!slot) {
        report.add(pending('layer/target-missing', layer.file, `There is no ${entry.target.kind} with the id "${entry.target.id}".`, at('target', 'id')));
        return;
      }
      if (!slot.record.valid) return; // its schema problems are reported already
      const result = withValueAt(slot.data, entry.target.pointer, entry.value, slot.owned);
      if (!result.ok) {
        report.add(pending('layer/target-missing', layer.file, `The pointer ${entry.target.pointer} does not fit ${entry.target.kind} "${entry.target.id}": ${result.reason}.`, at('target', 'pointer')));
        return;
      }
      slot.data = result.root;
      slot.touched = true;
      const pointer = entry.target.pointer.endsWith('/-') ? formatPointer(result.steps) : entry.target.pointer;
      // A later entry that sets a value supersedes earlier entries that set values inside it.
      for (const existing of slot.origins.keys()) {
        if (existing === pointer || existing.startsWith(pointer + '/')) slot.origins.delete(existing);
      }
      slot.origins.set(pointer, { layer: layer.id, entry: entry.id, kind: entry.kind, reason: entry.reason, file: layer.file, index });
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
          report.add(pending('layer/invalid-result', where.file, `Once the layers apply, ${record.kind} "${record.id}" breaks its schema: ${problem.message}`, { path: where.path }));
          valid = false;
        }
      }
    }
    out.push({ ...record, data, origins, refs, valid });
  }
  return out;
}

/**
 * Where a value of an effective record is written: in a layer entry when a layer set it (or set a
 * value that contains it), else in the record's own file.
 */
export function whereIs(record: EffectiveRecord, steps: readonly PathStep[]): { file: string; path: PathStep[] } {
  for (let depth = steps.length; depth > 0; depth--) {
    const origin = record.origins.get(formatPointer(steps.slice(0, depth)));
    if (origin) return { file: origin.file, path: ['entries', origin.index, 'value', ...steps.slice(depth)] };
  }
  return { file: record.file, path: [...steps] };
}

/** The layer entry that set a value, if any (the value itself or a value containing it). */
export function originOf(record: EffectiveRecord, steps: readonly PathStep[]): Origin | undefined {
  for (let depth = steps.length; depth > 0; depth--) {
    const origin = record.origins.get(formatPointer(steps.slice(0, depth)));
    if (origin) return origin;
  }
  return undefined;
}
