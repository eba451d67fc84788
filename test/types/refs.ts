// Type-level test of references in the generated content modules (`x-ref` in a schema), checked by
// `tsc -p test/types/tsconfig.json` (test/codegen.test.ts runs it): a reference is typed as the ids
// of the kinds it names, while the schema's own type (generated/types) stays a plain Id.
import { scenarios, spreads, type WarchonSpreadId, type WarchonTerrainId, type WarchonUnitId } from '../../generated/content/warchon.js';
import { areas, type WarmasterShipAreaId } from '../../generated/content/warmaster.js';
import type { Id } from '../../generated/types/common/defs.js';
import type { WarchonSpread } from '../../generated/types/warchon/spread.js';

// Correct uses: each compiles only while the reference is its kind's id union.
const path: WarchonSpreadId | undefined = spreads['erdon-pass'].paths[0];
const terrain: WarchonTerrainId | undefined = spreads['erdon-pass'].terrains[0];
const zone: WarchonSpreadId | undefined = scenarios.demo.sides[0]?.setup.zones?.[0];
const unit: WarchonUnitId | undefined = scenarios.demo.sides[0]?.army.units?.[0]?.unit;
const connection: WarmasterShipAreaId | undefined = areas['area-14'].connections?.[0];
const generic: Id[] = ([] as WarchonSpread[]).flatMap((s) => s.paths);
const anyId: string = 'not-a-spread';
void [path, terrain, zone, unit, connection, generic, anyId];

// @ts-expect-error a spread's paths lead to spreads, not terrains
const wrongKind: WarchonTerrainId | undefined = spreads['erdon-pass'].paths[0];

// @ts-expect-error a scenario's units are units, not spreads
const wrongUnit: WarchonSpreadId | undefined = scenarios.demo.sides[0]?.army.units?.[0]?.unit;

void [wrongKind, wrongUnit];
