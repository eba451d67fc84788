// What the Warchon contexts share: the pack's effective content (read from the YAML on this run)
// seen through the generated types, the layer pointers under a value, the colour class of a combat
// result (who suffers it), a side's name and colour, and the result legend.
import type { ById } from '../../../render/contexts/context.js';
import { recordsOfKind, typedContent } from '../../../engine/core/content-of.js';
import type { WarchonRecords } from '../../../engine/warchon/records.js';
import type { PackContent } from '../../../content/effective.js';
import type { DeepReadonly, RecordOrigins } from '../../../../generated/types/readonly.js';
import type { WarchonDescriptor } from '../../../../generated/types/warchon/descriptor.js';
import type { WarchonCombatResult } from '../../../../generated/types/warchon/result.js';
import type { WarchonCoreRules } from '../../../../generated/types/warchon/rules.js';
import type { WarchonSpread } from '../../../../generated/types/warchon/spread.js';
import type { WarchonTerrain } from '../../../../generated/types/warchon/terrain.js';
import type { WarchonTrait } from '../../../../generated/types/warchon/trait.js';
import type { WarchonUnit } from '../../../../generated/types/warchon/unit.js';
import { locksUnits, sideHits, type CombatResult, type ResultForm } from '../../../engine/warchon/results.js';
import { warchonTables, type WarchonTables } from '../../../engine/warchon/tables.js';

/** A record's layer origins (undefined when no layer touched it). */
export type OriginsOf = RecordOrigins | undefined;

/** The records the Warchon contexts read, by kind, as the generated types describe them. */
export interface WarchonView {
  readonly content: PackContent;
  readonly pack: PackContent['pack'];
  readonly origins: { readonly [kind: string]: { readonly [id: string]: RecordOrigins } };
  readonly spreads: ById<WarchonSpread>;
  readonly results: ById<WarchonCombatResult>;
  readonly units: ById<WarchonUnit>;
  readonly traits: ById<WarchonTrait>;
  readonly descriptors: ById<WarchonDescriptor>;
  readonly terrains: ById<WarchonTerrain>;
  readonly rules: ById<WarchonCoreRules>;
}

const views = new WeakMap<PackContent, WarchonView>();

/** The pack's effective content seen through the generated Warchon types. */
export function warchonView(content: PackContent): WarchonView {
  const cached = views.get(content);
  if (cached) return cached;
  const typed = typedContent<WarchonRecords>(content);
  const kind = <K extends keyof WarchonRecords>(k: K) => recordsOfKind(typed, k);
  const view: WarchonView = {
    content,
    pack: content.pack,
    origins: content.origins,
    spreads: kind('spread'),
    results: kind('result'),
    units: kind('unit'),
    traits: kind('trait'),
    descriptors: kind('descriptor'),
    terrains: kind('terrain'),
    rules: kind('rules'),
  };
  views.set(content, view);
  return view;
}

/** The layer origins of one record (undefined when no layer touched it). */
export function originsOf(view: WarchonView, kind: string, id: string): OriginsOf {
  return view.origins[kind]?.[id];
}

/** The core rules record (`rules/core`). */
export function coreRules(view: WarchonView): DeepReadonly<WarchonCoreRules> {
  const core = view.rules.core;
  if (!core) throw new RangeError(`${view.pack.id}: the Warchon printables need the rules record "core"`);
  return core;
}

/** The pack's Warchon tables (every spread's RNG and Combat Results Table, parsed), built from its content. */
export function tablesOf(view: WarchonView): WarchonTables {
  return warchonTables(typedContent<WarchonRecords>(view.content));
}

/**
 * The pointers at or under `prefix` that a layer set (e.g. `/events/entries/2` finds `/events/entries/2/effects`),
 * sorted: a printed value whose meaning a layer decided (an event's effects) carries their marks.
 */
export function pointersUnder(origins: OriginsOf, prefix: string): string[] {
  if (!origins) return [];
  return Object.keys(origins)
    .filter((p) => p === prefix || p.startsWith(`${prefix}/`))
    .sort();
}

/**
 * The colour class of a combat result by who suffers it: `res-ae` / `res-de` (eliminated),
 * `res-a1`..`res-a4` (only the attacker takes Hits), `res-d1`..`res-d4` (only the defender),
 * `res-ad` (both), `res-eg` (Engaged), `res-so` (no damage); `res-unknown` for a missing cell.
 */
export function resultClass(result: CombatResult | null): string {
  if (!result) return 'res-unknown';
  const { attacker: a, defender: d } = result;
  if (a.kind === 'eliminated') return 'res-ae';
  if (d.kind === 'eliminated') return 'res-de';
  if (result.engaged) return 'res-eg';
  if (a.kind === 'hits' && d.kind === 'hits') return 'res-ad';
  if (a.kind === 'hits') return `res-a${Math.min(a.hits, 4)}`;
  if (d.kind === 'hits') return `res-d${Math.min(d.hits, 4)}`;
  return 'res-so';
}

/**
 * The attacker's net gain of a result, in Hits (an elimination counting `eliminationHits`): the order
 * the odds chart stacks results in, the attacker's worst at the bottom.
 */
export function attackerGain(result: CombatResult, eliminationHits: number): number {
  return sideHits(result.defender, eliminationHits) - sideHits(result.attacker, eliminationHits);
}

/** The manifest's side (name and colour) by id, or null for a unit no side's set holds. */
export function sideOf(view: WarchonView, id: string | null): { readonly id: string; readonly name: string; readonly color: string } | null {
  if (id === null) return null;
  const side = view.pack.sides.find((s) => s.id === id);
  return side ? { id: side.id, name: side.name, color: side.color ?? 'neutral' } : { id, name: id, color: 'neutral' };
}

/** The fields of a `result` record the legend reads. */
interface ResultRecordLike {
  readonly id: string;
  readonly code: string;
  readonly name: string | null;
  readonly text: string;
  readonly attacker: 'none' | 'hits' | 'eliminated';
  readonly defender: 'none' | 'hits' | 'eliminated';
  readonly effects: ResultForm['effects'];
}

/** The colour class of a result form (a `result` record), the same classes as `resultClass`. */
export function formClass(r: ResultRecordLike): string {
  if (r.attacker === 'eliminated') return 'res-ae';
  if (r.defender === 'eliminated') return 'res-de';
  if (locksUnits(r)) return 'res-eg';
  if (r.attacker === 'hits' && r.defender === 'hits') return 'res-ad';
  if (r.attacker === 'hits') return 'res-a2';
  if (r.defender === 'hits') return 'res-d2';
  return 'res-so';
}

/** The result classes in legend order: the attacker's worst first. */
export const CLASS_ORDER: readonly string[] = ['res-ae', 'res-a2', 'res-ad', 'res-d2', 'res-de', 'res-eg', 'res-so'];

/** The result forms in legend order (the attacker's worst first), with their colour class. */
export function resultLegend(records: Iterable<ResultRecordLike>): { id: string; code: string; name: string | null; text: string; cls: string }[] {
  return [...records]
    .map((r) => ({ id: r.id, code: r.code, name: r.name, text: r.text, cls: formClass(r) }))
    .sort((a, b) => CLASS_ORDER.indexOf(a.cls) - CLASS_ORDER.indexOf(b.cls) || a.code.localeCompare(b.code));
}
