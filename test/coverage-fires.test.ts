// Coverage honest by measurement: a rule `runs` only when it fires in games of its pack's own
// scenarios, and a rule that `runs on test content` never does there (else it runs). Each shipped
// pack with a game is played as simulate plays it (test/coverage-fires-support.ts: a few hundred
// seeded games a scenario, random and greedy bots, in this thread), and the rules its game logs
// name, the marks its static rules put on the state and the witnesses of its procedure's steps and
// checks are held to the engine's maps.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { gameRefOf, rulesModuleOf } from '../src/content/game-module.js';
import { validate } from '../src/content/validate.js';
import { rulesRunOf } from '../src/engine/coverage.js';
import { loadGame } from '../src/engine/games.js';
import {
  ARCHON_NOT_PRINTED,
  archonWitnesses,
  firedBy,
  measure,
  WARCHON_NOT_PRINTED,
  warchonWitnesses,
  WARMASTER_NOT_PRINTED,
  warmasterWitnesses,
  type AnyGame,
  type Measured,
  type Witness,
} from './coverage-fires-support.js';
import { repoRoot } from './helpers.js';
import type { JsonObject } from '../src/content/model.js';

const PACKS: readonly {
  readonly pack: string;
  readonly witnesses: (content: PackContent, scenario: JsonObject) => Witness[];
  readonly notPrinted: readonly { readonly key: RegExp; readonly why: string }[];
}[] = [
  { pack: 'warchon', witnesses: warchonWitnesses, notPrinted: WARCHON_NOT_PRINTED },
  { pack: 'archon-skirmish', witnesses: archonWitnesses, notPrinted: ARCHON_NOT_PRINTED },
  { pack: 'warmaster', witnesses: warmasterWitnesses, notPrinted: WARMASTER_NOT_PRINTED },
];

const done = new Map<string, ReturnType<typeof measuredOnce>>();

/** The pack's content, its engine's maps, its rule keys, and what fired in its games: played once per pack for the tests below. */
function measured(pack: (typeof PACKS)[number]) {
  let m = done.get(pack.pack);
  if (m === undefined) done.set(pack.pack, (m = measuredOnce(pack)));
  return m;
}

async function measuredOnce(pack: (typeof PACKS)[number]) {
  const { packs, validation } = loadContent([path.join(repoRoot, 'content', pack.pack)], { cacheDir: false });
  expect(validation.errors).toBe(0);
  const { printables: _, ...content } = packs.get(pack.pack)!;
  const game = (await loadGame(gameRefOf(content)!)) as unknown as AnyGame;
  const summary = validate([path.join(repoRoot, 'content', pack.pack)], { cwd: repoRoot }).summaries[0]!;
  const runs = await rulesRunOf(rulesModuleOf(summary)?.url, pack.pack);
  const rules = summary.rules.map((r) => r.key);
  const found = measure(game, content, (scenario) => pack.witnesses(content, scenario));
  return { content, runs, rules, found };
}

/** The keys of `keys` that are not in `fired`, each with why it matters. */
function notFired(keys: readonly string[], found: Measured): string[] {
  return keys.filter((k) => !found.fired.has(k));
}

describe.each(PACKS)("$pack: the rules that run fire in the pack's own games", (pack) => {
  it('every rule that runs fires in seeded games of its own scenarios; none that runs on test content, is unused or manual does', async () => {
    const { runs, rules, found } = await measured(pack);
    expect(found.games).toBeGreaterThanOrEqual(300);
    // The games are real games: most end with a result.
    expect(found.ended / found.games).toBeGreaterThan(0.9);
    expect(
      notFired(Object.keys(runs.run), found),
      "these run by the map but never fire in the pack's own games: move them to rulesOnTestContent, saying what the pack lacks",
    ).toEqual([]);
    const others = rules.filter((k) => !(k in runs.run));
    expect(
      others.filter((k) => found.fired.has(k)),
      "these fire in the pack's own games: they run",
    ).toEqual([]);
  }, 120_000);

  it('every rule key the game log names is a printed rule of the pack, or one of the few keys named here with why', async () => {
    const { rules, found } = await measured(pack);
    const printed = new Set(rules);
    const strange = [...found.logged].filter((k) => !printed.has(k) && !pack.notPrinted.some((n) => n.key.test(k)));
    expect(strange).toEqual([]);
    // Each key named here is one the log does name.
    for (const n of pack.notPrinted)
      expect(
        [...found.logged].some((k) => n.key.test(k)),
        String(n.key),
      ).toBe(true);
  }, 120_000);

  it('each witness names a printed rule that leaves no line under its own key', async () => {
    const { content, rules, found } = await measured(pack);
    const printed = new Set(rules);
    for (const scenario of Object.values(content.records.scenario ?? {})) {
      for (const w of pack.witnesses(content, scenario)) {
        expect(printed.has(w.key), w.key).toBe(true);
        expect(found.logged.has(w.key), `${w.key} is logged under its own key: it needs no witness`).toBe(false);
      }
    }
  }, 120_000);
});

describe('what counts as firing', () => {
  it("a Random Event's announcement, a static rule's line and an effect on no unit do not; any other line naming a rule does", () => {
    expect(firedBy({ type: 'effect', effect: 'event', rule: 'spread/erdon-pass#/events/entries/0', text: '', data: {} })).toBeNull();
    expect(firedBy({ type: 'effect', effect: 'static', rule: 'spread/irondale#/specialRules/0', units: [] })).toBeNull();
    expect(firedBy({ type: 'effect', effect: 'modify-strength', rule: 'spread/mount-tzask#/events/entries/3', units: [] })).toBeNull();
    expect(firedBy({ type: 'effect', effect: 'modify-strength', rule: 'spread/mount-tzask#/events/entries/3', units: ['ogres'] })).toBe(
      'spread/mount-tzask#/events/entries/3',
    );
    expect(firedBy({ type: 'effect', effect: 'no-effect', rule: 'result/so', units: [] })).toBe('result/so');
    expect(firedBy({ type: 'effect', effect: 'trigger', rule: 'trait/berserk/go-berserk@ogres' })).toBe('trait/berserk/go-berserk');
    expect(firedBy({ type: 'fingers', rule: 'rules/core#/rng' })).toBe('rules/core#/rng');
    expect(firedBy({ type: 'phase', phase: 'movement' })).toBeNull();
  });
});
