import type { NamedContext } from '../../../render/contexts/context.js';
import { specialAreasContext } from './areas.js';
import { cardContext } from './cards.js';
import { countersContext } from './counters.js';
import { shipMapContext } from './map.js';
import { referenceContext } from './reference.js';
import { unitCardContext } from './units.js';

/** The named contexts of warmaster's printables: its printables.yaml names this module (`contexts: playmark/games/warmaster/print`), as a copy of the pack does. */
export const contexts: readonly NamedContext[] = [referenceContext, unitCardContext, cardContext, shipMapContext, specialAreasContext, countersContext];
