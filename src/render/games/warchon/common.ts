// Shared by the Warchon printables: the layer origins of a record, marks for values under a pointer,
// and the colour class of a combat result (who suffers it), read from the engine's typed results.
import { pack } from '../../../../generated/content/warchon.js';
import type { RecordOrigins } from '../../../../generated/types/readonly.js';
import { sideHits, type CombatResult } from '../../../engine/warchon/results.js';
import { parseResult } from '../../../engine/warchon/tables.js';

/** A record's origins as the generated module holds them (undefined when no layer touched it). */
export type OriginsOf = RecordOrigins | undefined;

/**
 * The pointers at or under `prefix` that a layer set (e.g. `/events/2` finds `/events/2/effects`),
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

/** A printed result code as the engine reads it, or null when the cell holds none. */
export function parseCode(code: string | null): CombatResult | null {
  return code === null ? null : parseResult(code);
}

/**
 * The attacker's net gain of a result, in Hits (an elimination counting `eliminationHits`): the order
 * the odds chart stacks results in, the attacker's worst at the bottom.
 */
export function attackerGain(result: CombatResult, eliminationHits: number): number {
  return sideHits(result.defender, eliminationHits) - sideHits(result.attacker, eliminationHits);
}

/** The manifest's side (name and colour) by id, or null for a unit no side's set holds. */
export function sideOf(id: string | null): { readonly id: string; readonly name: string; readonly color: string } | null {
  if (id === null) return null;
  const side = pack.sides.find((s) => s.id === id);
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
  readonly engaged: boolean;
}

/** The colour class of a result form (a `result` record), the same classes as `resultClass`. */
export function formClass(r: ResultRecordLike): string {
  if (r.attacker === 'eliminated') return 'res-ae';
  if (r.defender === 'eliminated') return 'res-de';
  if (r.engaged) return 'res-eg';
  if (r.attacker === 'hits' && r.defender === 'hits') return 'res-ad';
  if (r.attacker === 'hits') return 'res-a2';
  if (r.defender === 'hits') return 'res-d2';
  return 'res-so';
}

const CLASS_ORDER = ['res-ae', 'res-a2', 'res-ad', 'res-d2', 'res-de', 'res-eg', 'res-so'];

/** The result forms in legend order (the attacker's worst first), with their colour class. */
export function resultLegend(records: Iterable<ResultRecordLike>): { id: string; code: string; name: string | null; text: string; cls: string }[] {
  return [...records]
    .map((r) => ({ id: r.id, code: r.code, name: r.name, text: r.text, cls: formClass(r) }))
    .sort((a, b) => CLASS_ORDER.indexOf(a.cls) - CLASS_ORDER.indexOf(b.cls) || a.code.localeCompare(b.code));
}
