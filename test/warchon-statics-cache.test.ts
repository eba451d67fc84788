// The Warchon engine skips recomputing static rules when nothing they read has changed
// (src/engine/core/rules/statics-cache.ts: states settled; core/rules/placement.ts: placements compared only where a static rule
// looks). A skip must never leave wrong marks: at every decision of seeded games, recomputing the
// static rules from scratch (the core's recomputeStatics, no cache) must find the state exactly as
// the engine left it, and rebuilding every mark from nothing must give the same modifiers and
// movement limits. Also with a static rule that reads every battle, where the comparison takes
// the whole battle into account, and with Mountains Frigid, where the Baphite Swarm's own rule (-1
// CS in a Frigid location) holds at two spreads and the comparison reads each Swarm's marks.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameSeed } from '../src/analysis/simulate.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { nextInt, seedRandom } from '../src/engine/core/random.js';
import { recomputeStatics } from '../src/engine/core/rules/statics.js';
import { coreWith, type CoreState } from '../src/engine/core/state.js';
import { warchonRules } from '../src/engine/warchon/content.js';
import { ruleHooks } from '../src/engine/warchon/hooks.js';
import { warchonGame as game } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;

/** The pack with Erdon Pass's special rule holding during any battle anywhere (`battle: anywhere`). */
function anyBattleContent(): PackContent {
  const copy = structuredClone(content);
  const spread = (copy.records as unknown as { spread: Record<string, { specialRules: { if?: unknown }[] }> }).spread['erdon-pass']!;
  spread.specialRules[0]!.if = { battle: 'anywhere' };
  return copy;
}

/** The pack with the Mountain terrain Frigid (Kier-Zhadd and Mount Tzask), where the Baphite Swarm's -1 CS applies. */
function frigidMountainsContent(): PackContent {
  const copy = structuredClone(content);
  const terrain = (copy.records as unknown as { terrain: Record<string, { traits: string[] }> }).terrain.mountain!;
  terrain.traits = ['Frigid'];
  return copy;
}

/** A marks string no recompute gives: the recompute then takes every mark off and puts it on again. */
const REBUILD = '(rebuild)';

/** What static rules put on a state, as JSON: each unit's modifiers, the movement limits, the rules holding and what they select. */
function marksOn(core: CoreState): string {
  return JSON.stringify([core.units.map((u) => u.modifiers), core.locationRules, core.statics, core.staticMarks]);
}

/** Plays seeded random games and checks, at every decision after set-up, that a full recompute changes nothing. */
function checkGames(pack: PackContent, games: number): number {
  let checked = 0;
  for (let g = 0; g < games; g++) {
    let state = game.setup(pack, gameSeed(21, g)).state;
    const rules = warchonRules(pack, state.scenario);
    let picks = seedRandom(gameSeed(22, g));
    for (let m = 0; state.result === null && m < 3_000; m++) {
      // Set-up places units without recomputing (the Movement Round's start does it once).
      if (state.step === 'movement' || state.step === 'battle') {
        const full = recomputeStatics(state.core, rules.rules, firstPolicy, ruleHooks(rules));
        expect(full.log, `game ${g}, move ${m}: a full recompute logs a change`).toEqual([]);
        expect(
          full.state === state.core,
          `game ${g}, move ${m}: a full recompute changes the marks (${state.core.staticMarks} -> ${full.state.staticMarks})`,
        ).toBe(true);
        // The marks themselves, rebuilt from nothing: a state can carry the right marks string over
        // the wrong modifiers or movement limits (a transplant that forgot some), which the check
        // above, comparing only what the rules select, would not see.
        const rebuilt = recomputeStatics(coreWith(state.core, { staticMarks: REBUILD }), rules.rules, firstPolicy, ruleHooks(rules)).state;
        expect(marksOn(rebuilt), `game ${g}, move ${m}: the marks rebuilt from nothing differ`).toBe(marksOn(state.core));
        checked++;
      }
      const legal = game.legalMoves(pack, state);
      const d = nextInt(picks, 0, legal.length - 1);
      picks = d.random;
      state = game.play(pack, state, legal[d.value]!).state;
    }
  }
  return checked;
}

/** Whether, in seeded random games, some Baphite Swarm ever has its own rule's modifier in force. */
function swarmPenaltyApplied(pack: PackContent, games: number): boolean {
  for (let g = 0; g < games; g++) {
    let state = game.setup(pack, gameSeed(21, g)).state;
    let picks = seedRandom(gameSeed(22, g));
    for (let m = 0; state.result === null && m < 3_000; m++) {
      if (state.core.units.some((u) => u.record === 'baphite-swarm' && !u.destroyed && u.modifiers.some((x) => x.source.startsWith('unit/baphite-swarm'))))
        return true;
      const legal = game.legalMoves(pack, state);
      const d = nextInt(picks, 0, legal.length - 1);
      picks = d.random;
      state = game.play(pack, state, legal[d.value]!).state;
    }
  }
  return false;
}

describe('Warchon: skipped recomputes of static rules', () => {
  it('leave every state as a full recompute finds it, through seeded demo games', () => {
    expect(checkGames(content, 300)).toBeGreaterThan(10_000);
  });

  it('leave every state as a full recompute finds it when a static rule reads every battle', () => {
    expect(checkGames(anyBattleContent(), 100)).toBeGreaterThan(1_000);
  });

  it("leave every state as a full recompute finds it when a unit's own rule holds (Frigid Mountains: the Baphite Swarm's -1 CS)", () => {
    const pack = frigidMountainsContent();
    expect(checkGames(pack, 150)).toBeGreaterThan(1_000);
    // The rule does hold in these games: some state has a Swarm's -1 CS in force.
    expect(swarmPenaltyApplied(pack, 150)).toBe(true);
  });
});
