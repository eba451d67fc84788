// Encodings of Warchon rules that were wrong or lossy (issue 8), each played on the effective
// content (generated module, layers applied): the test is named for the rule it checks.
import { describe, expect, it } from 'vitest';
import { rules, spreads } from '../generated/content/warchon.js';
import type { DeepReadonly } from '../generated/types/readonly.js';
import type { RandomEvent } from '../generated/types/warchon/spread.js';
import { applyEffects } from '../src/engine/core/effects/index.js';
import { startBattle } from '../src/engine/core/battle.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { createState, findUnit } from '../src/engine/core/state.js';
import { effectiveStat } from '../src/engine/core/stats.js';

/** The game's number for "Generate a number" (Warchon: both players' fingers on the spread's RNG), here given as `value`. */
const generating = (value: number) => ({ generate: () => ({ value, text: String(value), data: {} }) });

describe('Dracosroar Event 1 (Ramping Water Elemental)', () => {
  const event = (spreads.dracosroar.events!.entries as readonly DeepReadonly<RandomEvent>[]).find((e) => e.name === 'Ramping Water Elemental')!;
  const halving = event.effects[0]!.kind === 'roll' ? event.effects[0]!.outcomes[2]!.effects[0]! : undefined;

  it('Dracosroar Event 1 on a 5, "all armies are at halved CS": odd values round down, as the halved-rounding ruling says (AS 3 becomes 1, never 1.5)', () => {
    const state = startBattle(
      createState({
        seed: 1,
        sides: ['azuthka', 'celestine'],
        units: [
          { id: 'a', side: 'azuthka', location: 'dracosroar', stats: { as: 3, ds: 3 } },
          { id: 'd', side: 'celestine', location: 'dracosroar', stats: { as: 5, ds: 4 } },
        ],
      }),
      { location: 'dracosroar', attacker: 'azuthka', defender: 'celestine', controlling: 'azuthka' },
    );
    const after = applyEffects(state, event.effects, { owner: null, source: 'dracosroar event 1', ...generating(5) }, firstPolicy).state;
    const stat = (id: string, s: 'as' | 'ds') => effectiveStat(findUnit(after, id)!, s);
    expect([stat('a', 'as'), stat('a', 'ds'), stat('d', 'as'), stat('d', 'ds')]).toEqual([1, 1, 2, 2]);
  });

  it("Dracosroar Event 1's halving rounds as the core rules' halvedRounding says (one ruling, two places that must agree)", () => {
    expect(rules.core.halvedRounding).toBe('down');
    expect(halving).toMatchObject({ kind: 'modify-strength', op: 'multiply', value: 0.5, rounding: rules.core.halvedRounding });
  });
});
