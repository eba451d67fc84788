// Warmaster under seeded random play: after every move of a thousand games, the state keeps the
// rules' invariants (no piece in the Reactors or a destroyed area, hidden pieces unnamed in the
// core, the cup off the ship, the Bridge uncontrolled once destroyed, a move offered while the game
// goes on), and every game ends with a result.
import { describe, expect, it } from 'vitest';
import { bot } from '../src/engine/core/bots.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { reactorsOf, testContent } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);

/** What is wrong with the state, if anything. */
function broken(s: WarmasterState): string[] {
  const out: string[] = [];
  for (const u of s.core.units) {
    if (u.destroyed || u.location === null) continue;
    if (reactorsOf(rules).includes(u.location)) out.push(`${u.id} stands in the Reactors (${u.location})`);
    if (s.core.destroyedPlaces.includes(u.location)) out.push(`${u.id} stands in destroyed ${u.location}`);
    if (!rules.area.has(u.location)) out.push(`${u.id} stands off the map (${u.location})`);
  }
  for (const id of Object.keys(s.identities)) if (s.core.units.find((u) => u.id === id)!.record !== null) out.push(`hidden ${id} is named in the core`);
  for (const id of s.cup) if (s.core.units.find((u) => u.id === id)!.location !== null) out.push(`${id} of the cup is on the ship`);
  if (
    rules.bridge !== null &&
    s.core.destroyedPlaces.includes(rules.bridge.area) &&
    s.core.locationRules.some((r) => r.sides !== undefined && (r.maxDistance ?? 0) > 1)
  )
    out.push('a side moves more than one area while the Bridge is destroyed');
  if (s.result === null && game.legalMoves(c, s).length === 0) out.push(`no move offered at ${s.phase} ${s.stage}`);
  return out;
}

describe('Warmaster fuzz', () => {
  it('seeded random games keep the invariants after every move, and end', () => {
    let moves = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      let state = game.setup(c, seed).state;
      let random: RandomState = seedRandom(seed * 7 + 1);
      for (let i = 0; i < 10_000 && state.result === null; i++) {
        const legal = game.legalMoves(c, state);
        const picked = bot('random').choose(game as never, c, state as never, legal as never, random);
        random = picked.random;
        state = game.play(c, state, picked.move as never).state;
        moves++;
        const problems = broken(state);
        if (problems.length > 0) throw new Error(`seed ${seed}, move ${i}: ${problems.join('; ')}`);
      }
      expect(state.result, `seed ${seed}`).not.toBeNull();
    }
    expect(moves).toBeGreaterThan(30_000);
  }, 300_000);
});
