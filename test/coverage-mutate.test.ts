// The mutation check (issue 22): every rule an engine says it runs is changed in a copy of the
// content (its declared mutation, else a default) and a seeded batch of bot games played again; a
// rule whose change leaves the report as it was survives. Over the shipped packs, the survivors
// are exactly the known ones below, each with why: a value the engine codes instead of reading, or
// a rule the pack's own scenarios never set off. When an engine starts reading one, its rule is
// killed and this test fails until the entry is removed; a new survivor fails it too.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mutationCheck, MutationError, type MutationReport, type MutationTarget } from '../src/analysis/mutation-check.js';
import { formatMutations, schemaRefusal } from '../src/cli/coverage-mutate.js';
import { validate } from '../src/content/validate.js';
import { main } from '../src/cli/main.js';
import { gameContent, loadContent } from '../src/content/effective.js';
import { gameRefOf } from '../src/content/game-module.js';
import { rulesRunOf } from '../src/engine/coverage.js';
import { GameNotFound } from '../src/engine/games.js';
import { fakeIo, repoRoot } from './helpers.js';

/** The shipped packs: none of their rules that run may survive its mutation. */
const PACKS = ['warchon', 'archon-skirmish', 'warmaster'];

async function mutate(pack: string, cwd: string): Promise<{ code: number; report: MutationReport; text: string }> {
  const { io, stdout } = fakeIo(cwd);
  const code = await main(['coverage', pack, '--mutate', '--format', 'json'], io);
  const report = JSON.parse(stdout()) as MutationReport;
  return { code, report, text: formatMutations(report, pack) };
}

describe('coverage --mutate over the shipped packs', () => {
  for (const pack of PACKS) {
    it(`${pack}: every rule that runs is killed by its mutation or fixed by the schema; none survives`, async () => {
      const cwd = repoRoot;
      const { code, report, text } = await mutate(pack, cwd);
      const survivors = report.results
        .filter((r) => r.status !== 'killed' && r.status !== 'fixed')
        .map((r) => `${r.key} (${r.status}: ${r.mutation?.what ?? 'nothing to change'})`);
      expect(survivors, `survivors of ${pack}`).toEqual([]);
      expect(code).toBe(0);
      expect(report.rules).toBe(report.killed + report.fixed + report.survived + report.unmutated);
      // Every kill names the report line that changed, as the text report shows it.
      for (const r of report.results.filter((x) => x.status === 'killed')) expect(r.difference!.line.after, r.key).not.toBe(r.difference!.line.before);
      // Every rule coverage calls `runs` is checked, and only those.
      const { io: cio, stdout: cout } = fakeIo(cwd);
      await main(['coverage', pack, '--format', 'json'], cio);
      expect(report.rules).toBe((JSON.parse(cout()) as { runs: number }).runs);
      expect(text).toContain(`${report.killed} killed, ${report.fixed > 0 ? `${report.fixed} fixed by the schema, ` : ''}0 survived`);
      // Warmaster's batch is some 6,000 games (its games are long: a unit moves each move).
    }, 300_000);
  }
});

async function warchon() {
  const content = gameContent(loadContent([path.join(repoRoot, 'content', 'warchon')]).packs.get('warchon')!);
  return { content, ref: gameRefOf(content)! };
}
const OPTIONS = { games: 40, seed: 3, scenarios: ['demo'] };

describe('the mutation check can fail', () => {
  it('a survivor of a batch shorter than the default comes with a note to play the default before trusting it', () => {
    const report: MutationReport = {
      pack: 'p',
      games: 20,
      seed: 1,
      bot: 'random',
      scenarios: [null],
      baselineFailed: 0,
      rules: 1,
      killed: 0,
      fixed: 0,
      survived: 1,
      unmutated: 0,
      results: [{ key: 'k', mutation: { record: 'r/x', pointer: '/n', value: 2, what: 'n changed', declared: true }, status: 'survived' }],
    };
    expect(formatMutations(report, 'P')).toContain('Try --games 200 before reading a survivor');
    expect(formatMutations({ ...report, games: 200 }, 'P')).not.toContain('Try --games');
  });

  it('a value changed to itself survives, and the same rule with a real change is killed', async () => {
    const { content, ref } = await warchon();
    const rule = { kind: 'rules', id: 'core', pointer: '/rng' };
    const same: MutationTarget = { key: 'same', ...rule, declared: { pointer: '/rng/fingers/max', value: 5, what: 'five fingers, as printed' } };
    const four: MutationTarget = { key: 'four', ...rule, declared: { pointer: '/rng/fingers/max', value: 4, what: 'four fingers' } };
    const report = await mutationCheck(ref, content, [same, four], OPTIONS);
    expect(report.results.map((r) => [r.key, r.status])).toEqual([
      ['same', 'survived'],
      ['four', 'killed'],
    ]);
    expect(report.survived).toBe(1);
  });

  it("a change to data the engine never reads survives: a unit's printed special-abilities text", async () => {
    const { content, ref } = await warchon();
    // A unit's printed special-abilities text: nothing in the game loop reads it.
    const target: MutationTarget = { key: 'unit/baphite-swarm text', kind: 'unit', id: 'baphite-swarm', pointer: '/specialAbilitiesPrinted' };
    const declared: MutationTarget = {
      ...target,
      declared: { pointer: '/specialAbilitiesPrinted', value: 'Special: none.', what: 'its printed text changed' },
    };
    const report = await mutationCheck(ref, content, [declared], OPTIONS);
    expect(report.results[0]!.status).toBe('survived');
  });

  it("a change the pack's schema refuses is reported fixed, not played; one it allows is played", async () => {
    const { content, ref } = await warchon();
    const pack = validate([path.join(repoRoot, 'content', 'warchon')], { cwd: repoRoot }).packs[0]!;
    const refuses = schemaRefusal(pack);
    const rule = { kind: 'rules', id: 'core', pointer: '/rng' };
    // The schema allows 1 to 5 fingers as a range of whole numbers; a range of text it refuses.
    const text: MutationTarget = { key: 'text', ...rule, declared: { pointer: '/rng/fingers/max', value: 'five', what: 'fingers as text' } };
    const four: MutationTarget = { key: 'four', ...rule, declared: { pointer: '/rng/fingers/max', value: 4, what: 'four fingers' } };
    const report = await mutationCheck(ref, content, [text, four], { ...OPTIONS, refuses });
    expect(report.results.map((r) => [r.key, r.status])).toEqual([
      ['text', 'fixed'],
      ['four', 'killed'],
    ]);
    expect(report.results[0]!.refusal).toMatch(/fingers/);
    expect(report.fixed).toBe(1);
  });

  it('a declared mutation naming a value the record lacks is an error before any game, not a pass', async () => {
    const { content, ref } = await warchon();
    const target: MutationTarget = {
      key: 'rules/core#/movement',
      kind: 'rules',
      id: 'core',
      pointer: '/movement',
      declared: { pointer: '/movement/pathCosts', value: 2, what: 'x' },
    };
    await expect(mutationCheck(ref, content, [target], OPTIONS)).rejects.toThrow(MutationError);
    await expect(mutationCheck(ref, content, [target], OPTIONS)).rejects.toThrow('names /movement/pathCosts, which rules "core" does not have');
  });

  it("a rule the pack's games set off rarely: its declared longer batch is played for it alone, and the text report says so and why", async () => {
    // Warmaster's Bridge burns in about 1 random game of 200: its movement once destroyed is killed
    // only by a batch long enough to reach such a game. The check's own batch here is one game, so
    // the kill must come from the longer batch (the first game of seed 1 does not burn the Bridge).
    const content = gameContent(loadContent([path.join(repoRoot, 'content', 'warmaster')]).packs.get('warmaster')!);
    const ref = gameRefOf(content)!;
    const declared = { record: 'ship-area/the-bridge', pointer: '/rules/2/do/0/maxDistance', value: 3, what: 'three areas while destroyed' };
    const target = (games: number): MutationTarget => ({
      key: 'ship-area/the-bridge/destroyed',
      kind: 'ship-area',
      id: 'the-bridge',
      pointer: '/rules/2',
      declared: { ...declared, batch: { games, why: 'the Bridge burns rarely' } },
    });
    const options = { games: 1, seed: 1, scenarios: [null] };
    const report = await mutationCheck(ref, content, [target(1000)], options);
    const long = report.results[0]!;
    expect(long).toMatchObject({ status: 'killed', games: 1000 });
    // Killed at the first chunk that plays differently: past the check's own game, which played the same.
    expect(long.difference!.games).toBeGreaterThan(1);
    expect(long.difference!.games).toBeLessThanOrEqual(1000);
    expect(report.games).toBe(1);
    expect(formatMutations(report, 'Warmaster')).toContain('a longer batch, 1000 games of every scenario, not 1: the Bridge burns rarely');
    // Asked for no more than the check's batch, it plays the check's batch and says nothing of it.
    const same = await mutationCheck(ref, content, [target(20)], { ...options, games: 20 });
    expect(same.results[0]!.games).toBeUndefined();
    expect(formatMutations(same, 'Warmaster')).not.toContain('a longer batch');
  }, 120_000);

  it('a rule with no effects, number or yes/no and no declared mutation is reported, not passed', async () => {
    const { content, ref } = await warchon();
    const target: MutationTarget = { key: 'rules/core#/turn/steps/0', kind: 'rules', id: 'core', pointer: '/turn/steps/0' };
    const report = await mutationCheck(ref, content, [target], OPTIONS);
    expect(report.results[0]).toMatchObject({ status: 'no-mutation', mutation: null });
    expect(report.unmutated).toBe(1);
  });
});

describe('rulesMutations in a rules module', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-mutations-'));
  const moduleWith = (name: string, mutations: string) => {
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(file, `export const rulesRun = { 'rules/core#/movement': 'a test' };\nexport const rulesMutations = ${mutations};\n`);
    return pathToFileURL(file).href;
  };

  it('a well-formed map is loaded beside rulesRun', async () => {
    const runs = await rulesRunOf(moduleWith('good', `{ 'rules/core#/movement': { pointer: '/movement/pathCost', value: 2, what: 'paths cost 2' } }`), 'p');
    expect(runs.mutations).toEqual({ 'rules/core#/movement': { pointer: '/movement/pathCost', value: 2, what: 'paths cost 2' } });
  });

  for (const [name, map, message] of [
    ['not-run', `{ 'rules/core#/combat': { pointer: '/combat', value: 1, what: 'x' } }`, 'is not a rule it runs'],
    ['no-what', `{ 'rules/core#/movement': { pointer: '/movement/pathCost', value: 2 } }`, 'does not say what'],
    ['no-value', `{ 'rules/core#/movement': { pointer: '/movement/pathCost', what: 'x' } }`, 'needs a value, or remove: true'],
    ['bad-pointer', `{ 'rules/core#/movement': { pointer: 'movement', value: 2, what: 'x' } }`, 'is not a JSON pointer'],
    ['extra', `{ 'rules/core#/movement': { pointer: '/movement', value: 2, what: 'x', note: 'y' } }`, 'has note'],
    ['bad-record', `{ 'rules/core#/movement': { record: 'core', pointer: '/movement', value: 2, what: 'x' } }`, 'is not <kind>/<id>'],
    ['bad-batch', `{ 'rules/core#/movement': { pointer: '/movement', value: 2, what: 'x', batch: { games: 500 } } }`, 'batch is not { games, why }'],
  ] as const) {
    it(`a malformed map (${name}) is the pack's error game/no-game`, async () => {
      const error = await rulesRunOf(moduleWith(name, map), 'p').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GameNotFound);
      expect((error as GameNotFound).code).toBe('game/no-game');
      expect((error as Error).message).toContain(message);
    });
  }
});

describe('coverage --mutate options', () => {
  it('--games and --seed without --mutate are a usage error', async () => {
    const { io, stderr } = fakeIo(repoRoot);
    expect(await main(['coverage', 'warchon', '--games', '10'], io)).toBe(2);
    expect(stderr()).toContain('--games and --seed go with --mutate');
  });
});
