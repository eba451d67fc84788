// What the Archon Skirmish printables share: the generated content, marks by record, and the
// player-facing part of an engine note.
import * as content from '../../../../generated/content/archon-skirmish.js';
import type { RecordOrigins } from '../../../../generated/types/readonly.js';
import { markValue } from '../../common/mark-value.js';
import { MarkBook } from '../../marks.js';

export { content };

export const PACK = content.pack.id;

/** A value's mark address for templates: `{{mark @root.marks rec ptr}}`. */
export interface Marked {
  readonly rec: string;
  readonly ptr: string;
}

type Kind = keyof typeof content.origins;

/**
 * Marks on one face, keyed by `<kind>:<id>` so records of different kinds that share an id (the
 * Imprison card and the Imprison spell) never share a mark.
 */
export class FaceMarks {
  readonly book = new MarkBook();

  /** Marks `pointer` of a record when a layer set it (or a value containing it); returns its address. */
  at(kind: Kind, id: string, pointer: string): Marked {
    const rec = `${kind}:${id}`;
    const origins = (content.origins[kind] as Readonly<Record<string, RecordOrigins | undefined>>)[id];
    markValue(this.book, rec, origins, pointer);
    return { rec, ptr: pointer };
  }

  result() {
    return this.book.result();
  }
}

/**
 * The player-facing part of a `manual` effect's note: the note without its trailing remark about
 * the engine's vocabulary, and without a leading `Ruling:` (the value's mark says it is one).
 */
export function playerNote(note: string): string {
  let text = note.replace(/^\s*(ruling|inference|erratum)\s*:\s*/i, '');
  const cut = text.search(/(?:;|\.)\s+the vocabulary\b/i);
  if (cut >= 0) text = text.slice(0, cut);
  text = text.trim();
  if (text.length > 0) text = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

/** A side's printed name. */
export function sideName(side: string | null): string | null {
  if (side === null) return null;
  return content.pack.sides.find((s) => s.id === side)?.name ?? side;
}
