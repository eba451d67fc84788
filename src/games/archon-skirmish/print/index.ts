import type { NamedContext } from '../../../render/contexts/context.js';
import { boardSheet } from './board.js';
import { creatureCounter } from './creatures.js';
import { deckCard } from './deck.js';
import { markerCounters } from './markers.js';
import { turnSequence } from './turn.js';

/** The named contexts of archon-skirmish's printables: its printables.yaml names this module (`contexts: playmark/games/archon-skirmish/print`), as a copy of the pack does. */
export const contexts: readonly NamedContext[] = [creatureCounter, deckCard, boardSheet, turnSequence, markerCounters];
