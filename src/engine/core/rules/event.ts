// Game events: the moments a game's procedure announces (a unit enters an area, a card is
// revealed, a battle's result is applied...), and the effects that announce more (a place
// destroyed, a unit destroyed). Rules fire on them through `fire` (fire.ts).
import type { TriggerEvent } from '../../../../generated/types/common/defs.js';

export interface GameEvent {
  readonly event: TriggerEvent;
  /** Where it happens; null or left out: nowhere in particular (a turn starting). */
  readonly location?: string | null;
  /** The side acting: whose turn starts, who plays or reveals the card, whose units move. */
  readonly side?: string | null;
  /** The units it is about (by instance id): they become the rules' `subject`. */
  readonly units?: readonly string[];
  /** The cards it is about (card-played, card-revealed), by card id. */
  readonly cards?: readonly string[];
  /** The phase that starts or ends, by id. */
  readonly phase?: string | null;
  /** result-applied: the combat result, as printed. */
  readonly result?: string | null;
}

/** The event in words for the log: `unit-enters at area-25 (the-emperor-1)`. */
export function describeEvent(e: GameEvent): string {
  const parts: string[] = [e.event];
  if (e.location) parts.push(`at ${e.location}`);
  if (e.phase) parts.push(`(${e.phase})`);
  if (e.cards && e.cards.length > 0) parts.push(`[${e.cards.join(', ')}]`);
  if (e.units && e.units.length > 0) parts.push(`(${e.units.join(', ')})`);
  if (e.result) parts.push(`result ${e.result}`);
  return parts.join(' ');
}
