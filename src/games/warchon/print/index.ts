import type { NamedContext } from '../../../render/contexts/context.js';
import { oddsSheet } from './odds.js';
import { playmarkStrip } from './playmark.js';
import { quickReference } from './reference.js';
import { spreadSheet } from './spread.js';

/** The named contexts of warchon's printables: its printables.yaml names this module (`contexts: playmark/games/warchon/print`), as a copy of the pack does. */
export const contexts: readonly NamedContext[] = [spreadSheet, playmarkStrip, oddsSheet, quickReference];
