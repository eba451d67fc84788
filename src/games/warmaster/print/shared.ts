// What the Warmaster contexts share: the pack's effective content typed by the generated types,
// sides, ranges, dice, the page footer, and face assembly.
import type { ById } from '../../../render/contexts/context.js';
import { recordsOfKind, typedContent } from '../../../engine/core/content-of.js';
import type { CombatTableRecord, TeleportTableRecord, WarmasterRecords } from '../../../engine/warmaster/records.js';
import type { PackContent } from '../../../content/effective.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { Scenario } from '../../../../generated/types/scenario.js';
import type { WarmasterCard } from '../../../../generated/types/warmaster/card.js';
import type { WarmasterCombatResult } from '../../../../generated/types/warmaster/combat-result.js';
import type { WarmasterPhase } from '../../../../generated/types/warmaster/phase.js';
import type { WarmasterShipArea } from '../../../../generated/types/warmaster/ship-area.js';
import type { WarmasterSpecialUnit } from '../../../../generated/types/warmaster/special-unit.js';
import { originAt } from '../../../engine/core/lookup.js';
import type { RuleNames } from '../../../render/common/rule-words.js';
import type { Face, Footnote } from '../../../render/printable.js';
import { kindsOf, type MarkBook, markLegend, type Origins } from '../../../render/marks.js';

export type Area = DeepReadonly<WarmasterShipArea>;
export type Card = DeepReadonly<WarmasterCard>;
export type Unit = DeepReadonly<WarmasterSpecialUnit>;
export type Phase = DeepReadonly<WarmasterPhase>;
export type { CombatTableRecord, TeleportTableRecord } from '../../../engine/warmaster/records.js';

/** The records these contexts read, by kind, as the generated types describe them. */
export interface WarmasterView {
  readonly pack: PackContent['pack'];
  readonly cards: ById<WarmasterCard>;
  readonly results: ById<WarmasterCombatResult>;
  readonly combatTables: ById<CombatTableRecord>;
  readonly phases: ById<WarmasterPhase>;
  readonly scenarios: ById<Scenario>;
  readonly areas: ById<WarmasterShipArea>;
  readonly units: ById<WarmasterSpecialUnit>;
  readonly teleportTables: ById<TeleportTableRecord>;
  /** A record's layer origins (undefined: as printed). */
  origins(kind: string, id: string): Origins;
}

/** The pack's effective content (read from the YAML on this run) seen through the generated types. */
export function warmasterView(content: PackContent): WarmasterView {
  const typed = typedContent<WarmasterRecords>(content);
  const kind = <K extends keyof WarmasterRecords>(k: K) => recordsOfKind(typed, k);
  return {
    pack: content.pack,
    cards: kind('card'),
    results: kind('combat-result'),
    combatTables: kind('combat-table'),
    phases: kind('phase'),
    scenarios: kind('scenario'),
    areas: kind('ship-area'),
    units: kind('special-unit'),
    teleportTables: kind('teleport-table'),
    origins: (k, id) => content.origins[k]?.[id],
  };
}

/** A record the context needs by id, or the only record of its kind; an error naming both otherwise. */
export function recordOf<T>(byId: { readonly [id: string]: T }, kind: string, id: string, printable: string): T {
  const found = byId[id];
  if (found !== undefined) return found;
  const all = Object.values(byId);
  if (all.length === 1) return all[0]!;
  throw new RangeError(`${printable}: needs the ${kind} "${id}", which the pack does not have`);
}

/** A side as the faces show it: id (for colour classes) and printed name. */
export interface SideView {
  readonly id: string;
  readonly name: string;
}

export function sideView(view: WarmasterView, id: string): SideView {
  const side = view.pack.sides.find((s) => s.id === id);
  return { id, name: side ? side.name : id };
}

/** An inclusive range as a table prints it: `13`, `11–12`, `3 or less`. */
export function rangeText(range: { readonly min: number | null; readonly max: number | null }): string {
  const { min, max } = range;
  if (min !== null && max !== null) return min === max ? String(min) : `${min}\u2013${max}`;
  if (min === null && max !== null) return `${max} or less`;
  if (min !== null && max === null) return `${min} or more`;
  return 'any';
}

/** A die as rules print it: `d6` -> `D6`, with an optional bonus: `D6+4`. */
export function dieText(die: string, plus = 0): string {
  const d = die.toUpperCase();
  return plus > 0 ? `${d}+${plus}` : plus < 0 ? `${d}${plus}` : d;
}

/** The footer line sheets carry: source, content version and playmark version. */
export function footer(view: WarmasterView, playmarkVersion: string): { source: string; version: string } {
  return {
    source: `${view.pack.source.title} by ${view.pack.source.author}`,
    version: `content ${view.pack.version} \u00b7 playmark ${playmarkVersion}`,
  };
}

/** Whether a layer set the value at exactly this pointer (not a value containing it). */
export function ownOrigin(origins: Origins, pointer: string): boolean {
  return originAt(origins ?? {}, pointer)?.pointer === pointer;
}

/** Whether a layer set the value at this pointer or a value containing it. */
export function layered(origins: Origins, pointer: string): boolean {
  return originAt(origins ?? {}, pointer) !== undefined;
}

/**
 * A face from a context and its MarkBook, with the legend of its marks: what the mark beside a
 * value a layer set means, and (when `unknown`) what the mark of a value nobody knows means.
 */
export function face(context: Record<string, unknown>, book: MarkBook, label: string, copies = 1, unknown = false): Face {
  const { marks, footnotes } = book.result();
  return { context: { ...context, legend: markLegend(kindsOf(footnotes), unknown) }, marks, footnotes, copies, label };
}

/** The numbered areas of the whole ship, in number order (the map's grid; where special areas sit). */
export function numberedAreas(view: WarmasterView): (Area & { number: number })[] {
  return Object.keys(view.areas)
    .sort()
    .map((id) => view.areas[id]!)
    .filter((a): a is Area & { number: number } => a.category === 'numbered' && typeof a.number === 'number')
    .sort((a, b) => a.number - b.number);
}

export type { Footnote };

/** An area's printed name, else its number. */
export function areaName(view: WarmasterView, id: string): string {
  const a = view.areas[id];
  return a ? (a.name ?? (typeof a.number === 'number' ? String(a.number) : id)) : id;
}

/** The names the rules' words use: the pack's sides, phases and areas. */
export function ruleNames(view: WarmasterView): RuleNames {
  return {
    sides: view.pack.sides.map((s) => s.id),
    sideName: (id) => sideView(view, id).name,
    phase: (id) => {
      const p = view.phases[id];
      return p ? { name: p.name, side: p.side ?? null } : undefined;
    },
    placeName: (id) => areaName(view, id),
    place: 'area',
  };
}
