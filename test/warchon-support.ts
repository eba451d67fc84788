// Shared by the Warchon tests that play rules through the game loop.
import type { PackContent } from '../src/content/effective.js';
import type { GameEvent } from '../src/engine/core/game.js';
import type { Modifier } from '../src/engine/core/state.js';
import { warchonGame as game, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';

/** Plays `moves` in order through the game's own `play`, and gives the state after them and every event they caused. */
export function playMoves(content: PackContent, state: WarchonState, ...moves: WarchonMove[]): { state: WarchonState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const m of moves) {
    const r = game.play(content, s, m);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** A test's permanent strength change on a unit (the demo armies cannot bring some examples' AS into a spread). */
export const boost = (stat: 'as' | 'ds', value: number): Modifier => ({
  stat,
  op: 'add',
  value,
  rounding: null,
  duration: 'permanent',
  location: null,
  turnsLeft: null,
  source: 'test',
});
