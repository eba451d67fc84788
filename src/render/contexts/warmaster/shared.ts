// Shared by Warmaster's printables: sides, ranges, dice, the page footer, and face assembly.
import { originAt } from '../../../engine/core/lookup.js';
import { pack } from '../../../../generated/content/warmaster.js';
import type { Face, Footnote } from '../../printable.js';
import { MarkBook, type Origins } from '../../marks.js';
import { groupNotes } from './notes.js';

export const PACK = pack.id;

/** A side as the faces show it: id (for colour classes) and printed name. */
export interface SideView {
  readonly id: string;
  readonly name: string;
}

export function sideView(id: string): SideView {
  const side = pack.sides.find((s) => s.id === id);
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
export function footer(playmarkVersion: string): { source: string; version: string } {
  return {
    source: `${pack.source.title} by ${pack.source.author}`,
    version: `content ${pack.version} \u00b7 playmark ${playmarkVersion}`,
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

/** A face from a context and its MarkBook, with grouped notes for sheets. */
export function face(context: Record<string, unknown>, book: MarkBook, label: string, copies = 1): Face {
  const { marks, footnotes } = book.result();
  return { context: { ...context, noteGroups: groupNotes(footnotes) }, marks, footnotes, copies, label };
}

export type { Footnote };

/** The least card the Warmaster card and unit texts fit: 57 mm wide (bridge) and 88 mm high (poker). */
export const TEXT_FITS = { width: 57, height: 88 } as const;
