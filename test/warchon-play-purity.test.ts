// A Warchon play writes only its own draft of the state (src/engine/warchon/state.ts
// Draft): the state it is given, and everything that state holds, stays as it was. Bots look
// ahead from one state several times, and a saved game is replayed from the states it kept. Every
// state below is deep-frozen before it is played from, so a write to it throws.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameSeed } from '../src/analysis/simulate.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { nextInt, seedRandom } from '../src/engine/core/random.js';
import { warchonGame as game, type WarchonState } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Plays a seeded game of random moves; with `frozen`, every state is deep-frozen before its move. Returns the states, as JSON. */
function play(g: number, frozen: boolean): string[] {
  let state: WarchonState = game.setup(content, gameSeed(31, g)).state;
  let picks = seedRandom(gameSeed(32, g));
  const seen: string[] = [];
  for (let m = 0; state.result === null && m < 3_000; m++) {
    if (frozen) deepFreeze(state);
    seen.push(JSON.stringify(state));
    const legal = game.legalMoves(content, state);
    const d = nextInt(picks, 0, legal.length - 1);
    picks = d.random;
    const before = seen[seen.length - 1];
    const next = game.play(content, state, legal[d.value]!).state;
    expect(JSON.stringify(state), `game ${g}, move ${m}: the state played from changed`).toBe(before);
    state = next;
  }
  seen.push(JSON.stringify(state));
  return seen;
}

describe('Warchon play leaves the state it is given as it was', () => {
  it('plays 60 seeded games from deep-frozen states, each move writing nothing it was given, to the same states as unfrozen play', () => {
    for (let g = 0; g < 60; g++) expect(play(g, true)).toEqual(play(g, false));
  });
});
