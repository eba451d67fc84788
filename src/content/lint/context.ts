import type { DiagnosticCode } from '../codes.js';
import { pending, type PathStep } from '../diagnostic.js';
import { whereIs } from '../layers.js';
import type { Report } from '../load.js';
import type { EffectiveRecord, Json, JsonObject, LoadedLayer, Manifest } from '../model.js';
import { pointerToSteps } from '../pointer-steps.js';
import type { TablePlace } from '../table-places.js';

/** One generic table found in a record: the record, where in it, its value, and a name for messages (`akibatu.combatTable`). */
export interface TableAt {
  readonly record: EffectiveRecord;
  readonly steps: readonly PathStep[];
  readonly data: JsonObject;
  readonly id: string;
}

/** What every lint check sees: one pack's effective records, indexed, and a way to report. */
export class LintContext {
  readonly byKind = new Map<string, Map<string, EffectiveRecord>>();

  constructor(
    readonly manifest: Manifest,
    readonly manifestFile: string,
    readonly records: readonly EffectiveRecord[],
    readonly report: Report,
    /** Where each kind's records hold generic tables (table-places.ts). */
    readonly tablePlaces: Readonly<Record<string, readonly TablePlace[]>> = {},
    /** The pack's layers as written (their entries' notes print on the errata sheet). */
    readonly layers: readonly LoadedLayer[] = [],
  ) {
    for (const record of records) {
      let kind = this.byKind.get(record.kind);
      if (!kind) this.byKind.set(record.kind, (kind = new Map()));
      if (!kind.has(record.id)) kind.set(record.id, record);
    }
  }

  /** Valid records of a kind (records that break their schema are reported already). */
  ofKind(kind: string): EffectiveRecord[] {
    return [...(this.byKind.get(kind)?.values() ?? [])].filter((r) => r.valid);
  }

  /**
   * The pack's kinds checked by one of playmark's generic schemas (`common/location.schema.json`):
   * a designer names them as they like, so the generic checks find them by schema, not by name.
   */
  kindsWithSchema(schema: string): string[] {
    return Object.entries(this.manifest.kinds)
      .filter(([, k]) => k.schema.replace(/\\/g, '/') === schema)
      .map(([name]) => name);
  }

  /** Valid records of every kind checked by a schema (see `kindsWithSchema`). */
  ofSchema(schema: string): EffectiveRecord[] {
    return this.kindsWithSchema(schema).flatMap((kind) => this.ofKind(kind));
  }

  /** Every generic table of one type in valid records: a record that is one, or a record's field that holds one. */
  tables(type: TablePlace['type']): TableAt[] {
    const out: TableAt[] = [];
    for (const [kind, places] of Object.entries(this.tablePlaces)) {
      for (const place of places) {
        if (place.type !== type) continue;
        const steps = pointerToSteps(place.pointer);
        for (const record of this.ofKind(kind)) {
          const data = get(record.data, ...steps);
          if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
          const id = typeof data.id === 'string' ? data.id : `${record.id}${place.pointer.replace(/\//g, '.')}`;
          out.push({ record, steps, data, id });
        }
      }
    }
    return out;
  }

  /** Reports a problem at a value inside a generic table (see `tables`). */
  atTable(code: DiagnosticCode, table: TableAt, steps: readonly PathStep[], message: string, hint?: string): void {
    this.at(code, table.record, [...table.steps, ...steps], message, hint);
  }

  /** Valid records that have a property, whatever their kind. */
  withProperty(property: string): EffectiveRecord[] {
    return this.records.filter((r) => r.valid && r.data[property] !== undefined);
  }

  find(kinds: readonly string[], id: string): EffectiveRecord | undefined {
    for (const kind of kinds) {
      const found = this.byKind.get(kind)?.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /** Reports a problem at a value of the pack's manifest (pack.yaml). */
  atManifest(code: DiagnosticCode, steps: readonly PathStep[], message: string, hint?: string): void {
    this.report.add(pending(code, this.manifestFile, message, { path: [...steps], ...(hint ? { hint } : {}) }));
  }

  /** Reports a problem at a value of a record: in its file, or in the layer entry that set it. */
  at(code: DiagnosticCode, record: EffectiveRecord, steps: readonly PathStep[], message: string, hint?: string): void {
    const where = whereIs(record, steps);
    this.report.add(pending(code, where.file, message, { path: where.path, ...(hint ? { hint } : {}) }));
  }
}

export type LintCheck = (ctx: LintContext) => void;

/** Reads a nested value without trusting its shape. */
export function get(value: Json | undefined, ...steps: PathStep[]): Json | undefined {
  let node: Json | undefined = value;
  for (const step of steps) {
    if (node === null || node === undefined || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[step as number] : (node as Record<string, Json>)[step as string];
  }
  return node;
}

export function asArray(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}
