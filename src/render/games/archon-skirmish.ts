import type { BuildContext, Printable } from '../printable.js';
import { boardSheet } from './archon-skirmish/board.js';
import { creatureCounters } from './archon-skirmish/creatures.js';
import { deckCards } from './archon-skirmish/deck.js';
import { turnCard } from './archon-skirmish/turn.js';

/** archon-skirmish's printables: the creatures, the common deck, the board and the turn card. */
export function archonSkirmishPrintables(_ctx: BuildContext): Printable[] {
  return [creatureCounters(), deckCards(), boardSheet(), turnCard()];
}
