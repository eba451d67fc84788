import type { NamedContext } from '../context.js';
import { boardSheet } from './board.js';
import { creatureCounter } from './creatures.js';
import { deckCard } from './deck.js';
import { markerCounters } from './markers.js';
import { turnSequence } from './turn.js';

/** The named contexts written for archon-skirmish's printables (any pack may use them). */
export const CONTEXTS: readonly NamedContext[] = [creatureCounter, deckCard, boardSheet, turnSequence, markerCounters];
