import type { NamedContext } from '../context.js';
import { specialAreasContext } from './areas.js';
import { cardContext } from './cards.js';
import { countersContext } from './counters.js';
import { shipMapContext } from './map.js';
import { referenceContext } from './reference.js';
import { unitCardContext } from './units.js';

/** The named contexts written for warmaster's printables (any pack may use them). */
export const CONTEXTS: readonly NamedContext[] = [referenceContext, unitCardContext, cardContext, shipMapContext, specialAreasContext, countersContext];
