// The kinds a Warmaster pack holds and the generated type of each (from their schemas): the one
// typing of its content, read by the tables, the printables and the CLI (content-of.ts).
import type { Scenario } from '../../../generated/types/scenario.js';
import type { WarmasterCard } from '../../../generated/types/warmaster/card.js';
import type { WarmasterCombatResult } from '../../../generated/types/warmaster/combat-result.js';
import type { WarmasterCombatResultsTable } from '../../../generated/types/warmaster/combat-table.js';
import type { WarmasterMarker } from '../../../generated/types/warmaster/marker.js';
import type { WarmasterPhase } from '../../../generated/types/warmaster/phase.js';
import type { WarmasterShipArea } from '../../../generated/types/warmaster/ship-area.js';
import type { WarmasterSpecialUnit } from '../../../generated/types/warmaster/special-unit.js';
import type { WarmasterTeleportationEntry, WarmasterTeleportationTable } from '../../../generated/types/warmaster/teleport-table.js';
import type { WarmasterUnit } from '../../../generated/types/warmaster/unit.js';
import type { PackContentOf } from '../core/content-of.js';

/**
 * The records that extend a generic table, with Warmaster's own shape for the fields it narrows
 * (the generated type intersects the generic lists with Warmaster's, which TypeScript cannot map).
 */
export type TeleportTableRecord = Omit<WarmasterTeleportationTable, 'entries'> & { entries: WarmasterTeleportationEntry[] };
export type CombatTableRecord = Omit<WarmasterCombatResultsTable, 'legend'> & { legend: { kind: 'combat-result'; order: string[] } };

/** Warmaster's record kinds, each with the generated type of its schema (content/warmaster/pack.yaml `kinds`). */
export interface WarmasterRecords {
  readonly phase: WarmasterPhase;
  readonly 'teleport-table': TeleportTableRecord;
  readonly 'combat-table': CombatTableRecord;
  readonly 'combat-result': WarmasterCombatResult;
  readonly 'special-unit': WarmasterSpecialUnit;
  readonly card: WarmasterCard;
  readonly unit: WarmasterUnit;
  readonly marker: WarmasterMarker;
  readonly 'ship-area': WarmasterShipArea;
  readonly scenario: Scenario;
}

/** A Warmaster pack's content, typed. */
export type WarmasterPackContent = PackContentOf<WarmasterRecords>;
