// Type-level test of the generated content modules, checked by `tsc -p test/types/tsconfig.json`
// (test/codegen.test.ts runs it). Every `@ts-expect-error` must meet an error: if the generated ids
// stopped being literal unions, or the records stopped being readonly, tsc would fail here.
import { origins, pack, records, spreadIds, spreads, type WarchonSpreadId, type WarchonSpreadRecord } from '../../generated/content/warchon.js';
import { combatTables, units as warmasterUnits, type WarmasterCombatTableId } from '../../generated/content/warmaster.js';
import { creatures, type ArchonSkirmishCreatureId } from '../../generated/content/archon-skirmish.js';
import type { Effect, ModifyStrength } from '../../generated/types/common/effect.js';
import type { Id, Range } from '../../generated/types/common/defs.js';
import type { WarchonSpread } from '../../generated/types/warchon/spread.js';

// Correct uses.
const erdon: WarchonSpreadRecord = spreads['erdon-pass'];
const id: WarchonSpreadId = 'erdon-pass';
const cell = spreads[id].rng[4][0];
const firstId: WarchonSpreadId | undefined = spreadIds[0];
const packId: 'warchon' = pack.id;
const sameMap: typeof spreads = records.spread;
const origin = origins.spread['erdon-pass']?.['/rng/4']?.kind;
const kinds: readonly ('erratum' | 'inference' | 'ruling' | 'reconstruction' | undefined)[] = [origin];
const range: Range = { min: 1, max: null };
const rawId: Id = erdon.id;
const plain: WarchonSpread | undefined = undefined;
const effects: readonly Effect[] = [];
const modify = (e: Effect): number | undefined =>
  e.kind === 'modify-strength' ? (e satisfies ModifyStrength, typeof e.value === 'number' ? e.value : undefined) : undefined;
const table: WarmasterCombatTableId | undefined = Object.keys(combatTables)[0] as WarmasterCombatTableId | undefined;
const creature: ArchonSkirmishCreatureId | undefined = undefined;
void [erdon, cell, firstId, packId, sameMap, kinds, range, rawId, plain, effects, modify, table, creature, warmasterUnits, creatures];

// @ts-expect-error 'erdon-pas' is not a spread id
spreads['erdon-pas'];

// @ts-expect-error 'erdon-pas' is not a spread id
const misspelt: WarchonSpreadId = 'erdon-pas';

// @ts-expect-error a unit id is not a spread id
spreads['baphite-swarm'];

// @ts-expect-error the content is readonly
spreads['erdon-pass'].name = 'Elsewhere';

// @ts-expect-error nested arrays are readonly too
spreads['erdon-pass'].rng[0][0] = 5;

// @ts-expect-error ids are a closed list, not string
const anyString: WarchonSpreadId = String('erdon-pass');

// @ts-expect-error the pack id is a literal
const otherPack: 'warmaster' = pack.id;

// @ts-expect-error there is no effect kind 'explode'
const badEffect: Effect = { kind: 'explode' };

void [misspelt, anyString, otherPack, badEffect];
