// The effective content of a pack (read from its YAML on this run), seen through the few fields
// the common sheets read: manifest, records by kind, layer origins, layers and scenarios.
import type { PackContent as EffectivePack } from '../../content/effective.js';
import { recordsOfKind, typedContent } from '../../engine/core/content-of.js';
import type { MarkBook } from '../marks.js';
import { markValue } from './mark-value.js';
import type { DeepReadonly, PackLayers, RecordOrigins } from '../../../generated/types/readonly.js';
import type { Scenario } from '../../../generated/types/scenario.js';

export interface PackContent {
  readonly pack: {
    readonly id: string;
    readonly title: string;
    readonly version: string;
    readonly source: { readonly file: string; readonly title: string; readonly original?: boolean };
    readonly sides: readonly { readonly id: string; readonly name: string; readonly color?: string; readonly colour?: string }[];
    readonly kinds: { readonly [kind: string]: unknown };
    readonly layers: readonly string[];
  };
  readonly records: { readonly [kind: string]: { readonly [id: string]: unknown } };
  readonly origins: { readonly [kind: string]: { readonly [id: string]: RecordOrigins | undefined } };
  readonly scenarios: { readonly [id: string]: DeepReadonly<Scenario> };
  readonly layers: PackLayers;
  readonly scenarioIds: readonly string[];
}

/** The common sheets' view of a pack's effective content (scenarios are records of the kind `scenario`). */
export function commonView(content: EffectivePack): PackContent {
  const scenarios = recordsOfKind(typedContent<{ readonly scenario: Scenario }>(content), 'scenario');
  return {
    pack: content.pack,
    records: content.records,
    origins: content.origins,
    scenarios,
    layers: content.layers,
    scenarioIds: Object.keys(scenarios).sort(),
  };
}

/**
 * The record kinds that hold a scenario's units (a piece an army lists may also be a card, as
 * Warmaster's cup holds Trap and Crew cards) and its setup zones, in the order they are tried.
 */
const UNIT_KINDS = ['unit', 'creature', 'special-unit', 'card'];
const ZONE_KINDS = ['zone', 'spread', 'ship-area'];

/** A record referred to by id: its kind, id and the record itself, or undefined. */
export function findRecord(
  content: PackContent,
  kinds: readonly string[],
  id: string,
): { kind: string; id: string; record: Record<string, unknown> } | undefined {
  for (const kind of kinds) {
    const record = content.records[kind]?.[id];
    if (record && typeof record === 'object') return { kind, id, record: record as Record<string, unknown> };
  }
  return undefined;
}

export function findUnit(content: PackContent, id: string) {
  return findRecord(content, UNIT_KINDS, id);
}

/** A record a scenario sets up in or must occupy: a shipped game's zone kinds, then the pack's location kinds. */
export function findZone(content: PackContent, id: string) {
  return findRecord(content, [...ZONE_KINDS, ...locationKinds(content)], id);
}

/** The pack's kinds checked by `common/location.schema.json`, whatever the designer named them. */
export function locationKinds(content: PackContent): string[] {
  return kindsWithSchema(content, 'common/location.schema.json');
}

/** The pack's kinds checked by one of playmark's generic schemas (a path under `schemas/`). */
export function kindsWithSchema(content: PackContent, schema: string): string[] {
  return Object.entries(content.pack.kinds)
    .filter(([, k]) => typeof k === 'object' && k !== null && String((k as { schema?: unknown }).schema).replace(/\\/g, '/') === schema)
    .map(([name]) => name);
}

/** A record's printed name: `name`, else its `number`, else its id. */
export function recordName(record: Record<string, unknown> | undefined, id: string): string {
  if (record && typeof record.name === 'string') return record.name;
  if (record && typeof record.number === 'number') return String(record.number);
  return id;
}

/** The value at a JSON pointer in a record, or undefined. */
export function valueAt(record: unknown, pointer: string): unknown {
  if (pointer === '') return record;
  let at: unknown = record;
  for (const raw of pointer.slice(1).split('/')) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) at = at[Number(step)];
    else if (at && typeof at === 'object') at = (at as Record<string, unknown>)[step];
    else return undefined;
  }
  return at;
}

export function sideName(content: PackContent, side: string): string {
  return content.pack.sides.find((s) => s.id === side)?.name ?? side;
}

/**
 * A unit's stats in one line, for the army lists, where its kind has stats a player sets up by
 * (Archon creatures: Hits, Move with F for flyers, Attack); marked when a layer set them.
 */
export function unitStats(
  content: PackContent,
  book: MarkBook,
  found: { kind: string; id: string; record: Record<string, unknown> },
): { hits: unknown; move: unknown; flyer: boolean; attack: unknown; rec: string } | null {
  const r = found.record;
  if (found.kind !== 'creature' || typeof r.hits !== 'number') return null;
  for (const ptr of ['/hits', '/move', '/flyer', '/attack']) markValue(book, found.id, content.origins[found.kind]?.[found.id], ptr);
  return { hits: r.hits, move: r.move ?? null, flyer: r.flyer === true, attack: r.attack ?? null, rec: found.id };
}
