import type { NamedContext } from '../context.js';
import { oddsSheet } from './odds.js';
import { playmarkStrip } from './playmark.js';
import { quickReference } from './reference.js';
import { spreadSheet } from './spread.js';

/** The named contexts written for warchon's printables (any pack may use them). */
export const CONTEXTS: readonly NamedContext[] = [spreadSheet, playmarkStrip, oddsSheet, quickReference];
