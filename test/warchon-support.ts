// Shared by the Warchon tests that play rules through the game loop.
import type { PackContent } from '../src/content/effective.js';
import type { GameEvent } from '../src/engine/core/game.js';
import { seedRandom } from '../src/engine/core/random.js';
import type { CoreState, Modifier } from '../src/engine/core/state.js';
import { warchonGame as game, warchonRules, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';
import { contested } from '../src/engine/warchon/movement.js';
import { recompute } from '../src/engine/warchon/statics.js';

/**
 * The Movement Round of `side` (turn 1 Azuthka, turn 2 Celestine) with the units where `at` puts
 * them, each with its `mods`; units not named are off the book (destroyed), so no other battle
 * happens. The generator is the set-up's, or a new one from `seed`.
 */
export function position(
  content: PackContent,
  side: 'azuthka' | 'celestine',
  at: Record<string, string>,
  options: { mods?: Record<string, Modifier[]>; seed?: number } = {},
): WarchonState {
  const rules = warchonRules(content);
  let s = game.setup(content, 7).state;
  while (s.step === 'setup') s = game.play(content, s, game.legalMoves(content, s)[0]!).state;
  const units = s.core.units.map((u) => ({ ...u, location: at[u.id] ?? null, destroyed: !(u.id in at), modifiers: options.mods?.[u.id] ?? [] }));
  // The static rules are recomputed from nothing: the set-up's marks name units now elsewhere.
  let core: CoreState = { ...s.core, units, active: side, turn: side === 'azuthka' ? 1 : 2, statics: [], staticMarks: '', settled: false, locationRules: [] };
  const inBattle = contested(core, rules);
  core = recompute(core, rules, inBattle).core;
  const random = options.seed === undefined ? s.random : seedRandom(options.seed);
  return { ...s, core: { ...core, random }, random, active: side, turn: core.turn, inBattle, acted: [], departures: [] };
}

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
