// The kinds an Archon Skirmish pack holds and the generated type of each (from their schemas): the
// one typing of its content, read by the engine and the printables (content-of.ts).
import type { ArchonSkirmishBoard } from '../../../generated/types/archon-skirmish/board.js';
import type { ArchonSkirmishCard } from '../../../generated/types/archon-skirmish/card.js';
import type { ArchonSkirmishCreature } from '../../../generated/types/archon-skirmish/creature.js';
import type { ArchonSkirmishDeck } from '../../../generated/types/archon-skirmish/deck.js';
import type { ArchonSkirmishPhase } from '../../../generated/types/archon-skirmish/phase.js';
import type { ArchonSkirmishRulesSection } from '../../../generated/types/archon-skirmish/rules.js';
import type { ArchonSkirmishSpell } from '../../../generated/types/archon-skirmish/spell.js';
import type { ArchonSkirmishTurnSequence } from '../../../generated/types/archon-skirmish/turn.js';
import type { ArchonSkirmishZone } from '../../../generated/types/archon-skirmish/zone.js';
import type { Scenario } from '../../../generated/types/scenario.js';
import type { PackContentOf } from '../core/content-of.js';

/** Archon Skirmish's record kinds, each with the generated type of its schema (content/archon-skirmish/pack.yaml `kinds`). */
export interface ArchonRecords {
  readonly board: ArchonSkirmishBoard;
  readonly zone: ArchonSkirmishZone;
  readonly creature: ArchonSkirmishCreature;
  readonly card: ArchonSkirmishCard;
  readonly deck: ArchonSkirmishDeck;
  readonly spell: ArchonSkirmishSpell;
  readonly turn: ArchonSkirmishTurnSequence;
  readonly phase: ArchonSkirmishPhase;
  readonly rules: ArchonSkirmishRulesSection;
  readonly scenario: Scenario;
}

/** An Archon Skirmish pack's content, typed. */
export type ArchonPackContent = PackContentOf<ArchonRecords>;
