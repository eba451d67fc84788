// The kinds a Warchon pack holds and the generated type of each (from their schemas): the one
// typing of Warchon's content, read by the engine, the printables and the CLI (content-of.ts).
import type { Scenario } from '../../../generated/types/scenario.js';
import type { WarchonDescriptor } from '../../../generated/types/warchon/descriptor.js';
import type { WarchonCombatResult } from '../../../generated/types/warchon/result.js';
import type { WarchonCoreRules } from '../../../generated/types/warchon/rules.js';
import type { WarchonSpread } from '../../../generated/types/warchon/spread.js';
import type { WarchonTerrain } from '../../../generated/types/warchon/terrain.js';
import type { WarchonTrait } from '../../../generated/types/warchon/trait.js';
import type { WarchonUnit } from '../../../generated/types/warchon/unit.js';
import type { PackContentOf } from '../core/content-of.js';

/** Warchon's record kinds, each with the generated type of its schema (content/warchon/pack.yaml `kinds`). */
export interface WarchonRecords {
  readonly spread: WarchonSpread;
  readonly result: WarchonCombatResult;
  readonly unit: WarchonUnit;
  readonly trait: WarchonTrait;
  readonly descriptor: WarchonDescriptor;
  readonly terrain: WarchonTerrain;
  readonly rules: WarchonCoreRules;
  readonly scenario: Scenario;
}

/** A Warchon pack's content, typed. */
export type WarchonPackContent = PackContentOf<WarchonRecords>;
