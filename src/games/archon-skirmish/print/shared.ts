// What the Archon Skirmish contexts share: the pack's effective content typed by the generated
// types, marks by record, and the player-facing part of an engine note.
import type { ById } from '../../../render/contexts/context.js';
import { recordsOfKind, typedContent } from '../../../engine/core/content-of.js';
import type { ArchonRecords } from '../../../engine/archon-skirmish/records.js';
import type { PackContent } from '../../../content/effective.js';
import type { ArchonSkirmishBoard } from '../../../../generated/types/archon-skirmish/board.js';
import type { ArchonSkirmishCard } from '../../../../generated/types/archon-skirmish/card.js';
import type { ArchonSkirmishCreature } from '../../../../generated/types/archon-skirmish/creature.js';
import type { ArchonSkirmishDeck } from '../../../../generated/types/archon-skirmish/deck.js';
import type { ArchonSkirmishPhase } from '../../../../generated/types/archon-skirmish/phase.js';
import type { ArchonSkirmishRulesSection } from '../../../../generated/types/archon-skirmish/rules.js';
import type { ArchonSkirmishSpell } from '../../../../generated/types/archon-skirmish/spell.js';
import type { ArchonSkirmishTurnSequence } from '../../../../generated/types/archon-skirmish/turn.js';
import type { ArchonSkirmishZone } from '../../../../generated/types/archon-skirmish/zone.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { Scenario } from '../../../../generated/types/scenario.js';
import { markValue } from '../../../render/common/mark-value.js';
import { MarkBook } from '../../../render/marks.js';

/** The records these contexts read, by kind, as the generated types describe them. */
export interface ArchonView {
  readonly pack: PackContent['pack'];
  readonly origins: PackContent['origins'];
  readonly boards: ById<ArchonSkirmishBoard>;
  readonly cards: ById<ArchonSkirmishCard>;
  readonly creatures: ById<ArchonSkirmishCreature>;
  readonly decks: ById<ArchonSkirmishDeck>;
  readonly phases: ById<ArchonSkirmishPhase>;
  readonly rules: ById<ArchonSkirmishRulesSection>;
  readonly scenarios: ById<Scenario>;
  readonly spells: ById<ArchonSkirmishSpell>;
  readonly turns: ById<ArchonSkirmishTurnSequence>;
  readonly zones: ById<ArchonSkirmishZone>;
}

/** The pack's effective content (read from the YAML on this run) seen through the generated types. */
export function archonView(content: PackContent): ArchonView {
  const typed = typedContent<ArchonRecords>(content);
  const kind = <K extends keyof ArchonRecords>(k: K) => recordsOfKind(typed, k);
  return {
    pack: content.pack,
    origins: content.origins,
    boards: kind('board'),
    cards: kind('card'),
    creatures: kind('creature'),
    decks: kind('deck'),
    phases: kind('phase'),
    rules: kind('rules'),
    scenarios: kind('scenario'),
    spells: kind('spell'),
    turns: kind('turn'),
    zones: kind('zone'),
  };
}

/** The rules section that names each side's spellcaster (`spell-cards`), if the pack has one. */
export function spellRules(view: ArchonView): DeepReadonly<ArchonSkirmishRulesSection> | undefined {
  return view.rules['spell-cards'] ?? Object.values(view.rules).find((r) => (r.spellcasters ?? []).length > 0);
}

/**
 * The VICTORY text as printed: the first scenario's ways to win, one sentence joined by "or"
 * (test/transcription-archon-skirmish.test.ts checks the join is the printed text); null when no
 * scenario states its victory.
 */
export function victoryText(view: ArchonView, marks: FaceMarks): ({ readonly text: string } & Marked) | null {
  const scenario = Object.values(view.scenarios)[0];
  if (!scenario?.victory || scenario.victory.length === 0) return null;
  return { text: scenario.victory.map((v) => v.text).join(' or '), ...marks.at('scenario', scenario.id, '/victory') };
}

/** A value's mark address for templates: `{{mark @root.marks rec ptr}}`. */
export interface Marked {
  readonly rec: string;
  readonly ptr: string;
}

/**
 * Marks on one face, keyed by `<kind>:<id>` so records of different kinds that share an id (the
 * Imprison card and the Imprison spell) never share a mark.
 */
export class FaceMarks {
  readonly book = new MarkBook();

  constructor(private readonly view: Pick<ArchonView, 'origins'>) {}

  /** Marks `pointer` of a record when a layer set it (or a value containing it); returns its address. */
  at(kind: string, id: string, pointer: string): Marked {
    const rec = `${kind}:${id}`;
    markValue(this.book, rec, this.view.origins[kind]?.[id], pointer);
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
  // What follows is for maintainers: who plays it in the engine, and what the effect vocabulary lacks.
  const cut = text.search(/(?:;|\.)\s+(?:the (?:effect )?vocabulary\b|played by the\b)/i);
  if (cut >= 0) text = text.slice(0, cut);
  text = text.trim();
  if (text.length > 0) text = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

/** A side's printed name. */
export function sideName(view: Pick<ArchonView, 'pack'>, side: string | null): string | null {
  if (side === null) return null;
  return view.pack.sides.find((s) => s.id === side)?.name ?? side;
}
