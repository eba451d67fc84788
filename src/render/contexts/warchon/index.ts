import type { NamedContext } from '../context.js';

/** The named contexts written for warchon's printables (any pack may use them). */
export const CONTEXTS: readonly NamedContext[] = [];
