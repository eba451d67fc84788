// Honest coverage in four words: a rule `runs` only when a game engine plays it through its game
// loop in a named test and it fires in the pack's own games (test/coverage-fires.test.ts); one a
// test plays only on units it made `runs on test content` (with what the pack lacks); one the
// engine does not play, as nothing in the text can set it off, is `unused` (with why); the rest are
// `manual`. Every engine's map (src/engine/coverage.ts) must name tests that exist and rules that
// exist; `playmark coverage` lists every printed rule with its status, and validate counts the same.
import { WARMASTER_RULES_MUTATIONS } from '../src/engine/warmaster/rules-mutations.js';
import { WARMASTER_RULES_ON_TEST_CONTENT, WARMASTER_RULES_RUN } from '../src/engine/warmaster/rules-run.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { coverageReport, type CoverageReport } from '../src/cli/coverage.js';
import { collectRules, ruleCoverage, withRuns } from '../src/content/rules.js';
import { validate } from '../src/content/validate.js';
import { rulesModuleOf } from '../src/content/game-module.js';
import { rulesRunOf, type PackRuns } from '../src/engine/coverage.js';
import { fakeIo, repoRoot } from './helpers.js';

/** Every `it(...)` title written as a plain string literal in test/*.test.ts. */
function itTitles(): Set<string> {
  const titles = new Set<string>();
  const dir = path.join(repoRoot, 'test');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/\bit(?:\.\w+)?\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g)) {
      titles.add((m[1] ?? m[2] ?? m[3]!).replace(/\\(.)/g, '$1'));
    }
  }
  return titles;
}

/** The shipped packs, each with the maps its pack.yaml's game (`game.rules`) exports: none for a pack with no game. */
const PACKS = ['archon-skirmish', 'warchon', 'warmaster'];
async function rulesRunFor(pack: string): Promise<PackRuns> {
  const summary = validate([path.join(repoRoot, 'content', pack)], { cwd: repoRoot }).summaries[0]!;
  return rulesRunOf(rulesModuleOf(summary)?.url, pack);
}

async function coverage(pack: string): Promise<{ code: number; report: CoverageReport }> {
  const { io, stdout } = fakeIo(repoRoot);
  const code = await main(['coverage', pack, '--format', 'json'], io);
  return { code, report: JSON.parse(stdout()) as CoverageReport };
}

describe('engine maps of rules run', () => {
  it('every test title named in any engine map (rules run, and on test content) is an it(...) title in test/*.test.ts', async () => {
    const titles = itTitles();
    expect(titles.size).toBeGreaterThan(100);
    const missing: string[] = [];
    let named = 0;
    for (const pack of PACKS) {
      const { run, onTestContent = {} } = await rulesRunFor(pack);
      const tests = [...Object.entries(run), ...Object.entries(onTestContent).map(([key, t]) => [key, t.test] as const)];
      for (const [key, title] of tests) {
        named++;
        if (!titles.has(title)) missing.push(`${pack} ${key}: no test titled "${title}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(100);
  });

  it('every rule key named in any engine map is a printed rule of its pack', async () => {
    const unknown: string[] = [];
    for (const pack of PACKS) {
      const { run, onTestContent = {} } = await rulesRunFor(pack);
      const summary = validate([path.join(repoRoot, 'content', pack)], { cwd: repoRoot }).summaries[0]!;
      const keys = new Set(summary.rules.map((r) => r.key));
      for (const key of [...Object.keys(run), ...Object.keys(onTestContent)]) if (!keys.has(key)) unknown.push(`${pack}: ${key}`);
    }
    expect(unknown).toEqual([]);
  });

  it('every rule an engine plays on test content only names its test and what the pack lacks, and is in no other map', async () => {
    const wrong: string[] = [];
    let named = 0;
    for (const pack of PACKS) {
      const { run, onTestContent = {}, unused = {} } = await rulesRunFor(pack);
      for (const [key, { test, why }] of Object.entries(onTestContent)) {
        named++;
        if (key in run || key in unused) wrong.push(`${pack}: ${key} is in two maps`);
        if (test.trim() === '' || why.trim() === '') wrong.push(`${pack}: ${key} has no test or no why`);
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBe(10);
  });

  it('every rule key an engine says the text never sets off is a printed rule of its pack, with a reason, and not also run', async () => {
    const wrong: string[] = [];
    let named = 0;
    for (const pack of PACKS) {
      const { run, unused = {} } = await rulesRunFor(pack);
      const summary = validate([path.join(repoRoot, 'content', pack)], { cwd: repoRoot }).summaries[0]!;
      const keys = new Set(summary.rules.map((r) => r.key));
      for (const [key, reason] of Object.entries(unused)) {
        named++;
        if (!keys.has(key)) wrong.push(`${pack}: ${key} is no rule of the pack`);
        if (key in run) wrong.push(`${pack}: ${key} is both run and unused`);
        if (reason.trim() === '') wrong.push(`${pack}: ${key} has no reason`);
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBeGreaterThan(0);
  });

  it('Archon Skirmish names no rule the text never sets off, nor any it plays on test content only; Warchon names four unused', async () => {
    expect((await rulesRunFor('archon-skirmish')).unused).toBeUndefined();
    expect((await rulesRunFor('archon-skirmish')).onTestContent).toBeUndefined();
    expect(Object.keys((await rulesRunFor('warchon')).unused ?? {}).sort()).toEqual([
      'scenario/demo#/specialRules/0',
      'spread/akibatu/berserk-triple',
      'trait/frigid',
      'trait/magical',
    ]);
  });

  it("Warmaster's and Warchon's games name only what their tests play; a pack without a module runs nothing", async () => {
    const warchon = await rulesRunFor('warchon');
    expect(warchon.engine).toBe(true);
    expect(Object.keys(warchon.run).length).toBeGreaterThan(0);
    expect(await rulesRunFor('warmaster')).toEqual({
      engine: true,
      run: WARMASTER_RULES_RUN,
      onTestContent: WARMASTER_RULES_ON_TEST_CONTENT,
      mutations: WARMASTER_RULES_MUTATIONS,
    });
    expect(await rulesRunOf(undefined, 'a-pack-of-a-designer')).toEqual({ engine: false, run: {} });
  });

  it('a rule runs only when the map names its test; every other rule is manual with what is missing', () => {
    const warchon = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).packs[0]!;
    const rules = collectRules([...warchon.records.values()].flat());
    const fortified = rules.find((r) => r.key === 'spread/erdon-pass#/events/entries/1')!;
    expect(fortified).toMatchObject({ structured: true, executable: false, test: null });
    const ran = withRuns(rules, { engine: true, run: { 'spread/erdon-pass#/events/entries/1': 'some test' } });
    expect(ran.find((r) => r.key === fortified.key)).toMatchObject({ status: 'runs', executable: true, test: 'some test', missing: [] });
    expect(ran.filter((r) => r.executable)).toHaveLength(1);
    const triple = ran.find((r) => r.key === 'spread/akibatu/berserk-triple')!;
    expect(triple.missing[0]).toMatch(/replace the Berserk declaration's doubling/);
    expect(triple.missing.at(-1)).toMatch(/game loop plays no test of this rule/);
    expect(triple.status).toBe('manual');
  });

  it('a rule the map of rules on test content names runs on test content, with its test and what the pack lacks; it does not count as running', () => {
    const warchon = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).packs[0]!;
    const rules = collectRules([...warchon.records.values()].flat());
    const onTestContent = { 'spread/irondale#/specialRules/0': { test: 'a test', why: 'No Construct.' } };
    const marked = withRuns(rules, { engine: true, run: {}, onTestContent });
    expect(marked.find((r) => r.key === 'spread/irondale#/specialRules/0')).toMatchObject({
      status: 'runs on test content',
      executable: false,
      test: 'a test',
      onTestContent: 'No Construct.',
      unused: null,
      missing: [],
    });
    expect(ruleCoverage(marked)).toEqual({ rules: rules.length, executable: 0, onTestContent: 1, unused: 0, manual: rules.length - 1 });
  });

  it('an engine whose maps name one rule twice, or whose map of rules on test content is of the wrong shape, is refused with a code', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playmark-maps-'));
    try {
      const write = (name: string, text: string) => {
        writeFileSync(path.join(dir, name), text);
        return pathToFileURL(path.join(dir, name)).href;
      };
      const twice = write('twice.mjs', "export const rulesRun = { 'a/b': 't' }; export const rulesOnTestContent = { 'a/b': { test: 't', why: 'w' } };");
      await expect(rulesRunOf(twice, 'p')).rejects.toMatchObject({
        code: 'game/no-game',
        message: expect.stringContaining('a/b (rulesRun and rulesOnTestContent)'),
      });
      const shape = write('shape.mjs', "export const rulesOnTestContent = { 'a/b': 'just a title' };");
      await expect(rulesRunOf(shape, 'p')).rejects.toMatchObject({ code: 'game/no-game', message: expect.stringContaining('{ test, why }') });
      const good = write('good.mjs', "export const rulesOnTestContent = { 'a/b': { test: 't', why: 'w' } };");
      expect(await rulesRunOf(good, 'p')).toEqual({ engine: true, run: {}, onTestContent: { 'a/b': { test: 't', why: 'w' } } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a rule the map of rules unused names is unused with its reason, missing nothing, and not running; a run entry wins', () => {
    const warchon = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).packs[0]!;
    const rules = collectRules([...warchon.records.values()].flat());
    const unused = { 'trait/frigid': 'No unit has it.', 'spread/erdon-pass#/events/entries/1': 'Never.' };
    const marked = withRuns(rules, { engine: true, run: { 'spread/erdon-pass#/events/entries/1': 'some test' }, unused });
    expect(marked.find((r) => r.key === 'trait/frigid')).toMatchObject({
      status: 'unused',
      executable: false,
      test: null,
      unused: 'No unit has it.',
      missing: [],
    });
    expect(marked.find((r) => r.key === 'spread/erdon-pass#/events/entries/1')).toMatchObject({ executable: true, unused: null });
    expect(ruleCoverage(marked)).toEqual({ rules: rules.length, executable: 1, onTestContent: 0, unused: 1, manual: rules.length - 2 });
    // Without the engine's word, the same rule is manual, saying what is missing.
    expect(rules.find((r) => r.key === 'trait/frigid')).toMatchObject({ unused: null, missing: [expect.stringMatching(/^Structural/)] });
  });
});

describe('playmark coverage', () => {
  it('Warchon: every printed rule is listed, runs or runs on test content (with the test that plays it), unused (with why) or manual; a trait counts through its rules, a tag as printed text', async () => {
    const { code, report } = await coverage('warchon');
    expect(code).toBe(0);
    expect(report).toMatchObject({ pack: 'warchon', title: 'Warchon', engine: true });
    expect(report.runs + report.runsOnTestContent + report.unused + report.manual).toBe(report.rules);
    expect(report.items).toHaveLength(report.rules);
    expect(report.items.find((i) => i.key === 'result/ax-dy')).toMatchObject({ status: 'runs', test: expect.stringContaining('A1D1') });
    expect(report.items.find((i) => i.key === 'trait/aerial/flies')).toMatchObject({ status: 'runs', what: 'trait' });
    // A trait with rules is counted through its rules (Berserk's declaration, played by its test on a
    // unit it made: no unit of the text has Berserk), not its text as well; a tag with no rule of its
    // own (Frigid: its penalty is the Baphite Swarm's) counts as printed text, unused since no unit
    // has it; a trait the text never defines (Aquatic) prints no rule at all.
    expect(report.items.find((i) => i.key === 'trait/berserk/go-berserk')).toMatchObject({
      status: 'runs on test content',
      what: 'trait',
      test: expect.stringContaining('Berserk'),
      onTestContent: 'No unit of the text has Berserk.',
    });
    expect(report.items.find((i) => i.key === 'trait/berserk')).toBeUndefined();
    expect(report.items.find((i) => i.key === 'trait/frigid')).toMatchObject({
      status: 'unused',
      form: 'structural',
      reason: expect.stringContaining('No unit of the text has Frigid'),
    });
    expect(report.items.find((i) => i.key === 'trait/frigid')!.missing).toBeUndefined();
    expect(report.items.find((i) => i.key === 'trait/aquatic')).toBeUndefined();
    expect(report.items.find((i) => i.key === 'unit/baphite-swarm#/specialAbilities/0')).toMatchObject({
      status: 'runs on test content',
      form: 'effects',
      onTestContent: expect.stringContaining('No spread of the text is Frigid'),
    });
    // Structural rules are listed too: the turn's steps, movement, capacity, the RNG, combat, damage.
    const structural = report.items.filter((i) => i.form === 'structural').map((i) => i.key);
    expect(structural).toEqual(
      expect.arrayContaining([
        'rules/core#/turn/steps/0',
        'rules/core#/movement',
        'rules/core#/capacity',
        'rules/core#/rng',
        'rules/core#/combat',
        'rules/core#/damage',
        'descriptor/distinct',
      ]),
    );
    expect(report.items.find((i) => i.key === 'rules/core#/turn/steps/1')!.what).toBe('phase step');
    // Every event of the four spreads that print events (five each) is there.
    const events = report.items.filter((i) => i.what === 'event');
    expect(events).toHaveLength(4 * 5);
  });

  it('Warchon: nothing manual; the four rules the text never sets off are unused with their reasons, the nine played on test content say what the pack lacks; neither counts as running', async () => {
    const { report } = await coverage('warchon');
    expect(report.manual).toBe(0);
    expect(report.unused).toBe(4);
    expect(report.runsOnTestContent).toBe(8);
    const onTest = report.items.filter((i) => i.status === 'runs on test content');
    expect(onTest.map((i) => i.key).sort()).toEqual([
      'descriptor/distinct',
      'spread/erdon-pass#/events/entries/0',
      'spread/irondale#/specialRules/0',
      'spread/xetti-bishum#/specialRules/0',
      'trait/berserk/go-berserk',
      'trait/nether',
      'trait/purity',
      'unit/baphite-swarm#/specialAbilities/0',
    ]);
    for (const i of onTest) expect(i).toMatchObject({ test: expect.any(String), onTestContent: expect.any(String) });
    const unused = report.items.filter((i) => i.status === 'unused');
    expect(unused.map((i) => i.key).sort()).toEqual(['scenario/demo#/specialRules/0', 'spread/akibatu/berserk-triple', 'trait/frigid', 'trait/magical']);
    for (const i of unused) expect(i).toMatchObject({ reason: expect.any(String) });
    expect(unused.every((i) => i.test === undefined && i.missing === undefined)).toBe(true);
    expect(report.items.filter((i) => i.status === 'runs')).toHaveLength(report.runs);
  });

  it('Warmaster: what its game plays runs; the cards, abilities and special areas it does not play yet are manual, each with what is missing', async () => {
    const { code, report } = await coverage('warmaster');
    expect(code).toBe(0);
    expect(report.runs).toBe(Object.keys(WARMASTER_RULES_RUN).length);
    const keys = report.items.map((i) => i.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'card/trap',
        'card/horror',
        'special-unit/the-emperor/perfect-teleport',
        'teleport-table/teleportation#/entries/0',
        'phase/imperial-movement',
        'ship-area/the-engine-room/accident',
      ]),
    );
    for (const i of report.items.filter((x) => x.status === 'manual')) expect(i.missing!.join(' ')).not.toMatch(/No game loop plays this pack yet/i);
    for (const i of report.items.filter((x) => x.status === 'runs')) expect(i.test).toBe(WARMASTER_RULES_RUN[i.key]);
  });

  it("validate's summary line gives the same count as coverage, for every pack", async () => {
    const v = fakeIo(repoRoot);
    await main(['validate', '--format', 'json'], v.io);
    const packs = (
      JSON.parse(v.stdout()) as {
        packs: { id: string; rules: number; runningRules: number; testContentRules: number; unusedRules: number; manualRules: number }[];
      }
    ).packs;
    const text = fakeIo(repoRoot);
    await main(['validate'], text.io);
    for (const p of packs) {
      const { report } = await coverage(p.id);
      expect([p.rules, p.runningRules, p.testContentRules, p.unusedRules, p.manualRules], p.id).toEqual([
        report.rules,
        report.runs,
        report.runsOnTestContent,
        report.unused,
        report.manual,
      ]);
      expect(text.stdout()).toContain(`${p.id}: `);
      expect(text.stdout()).toMatch(
        new RegExp(
          `${p.id}: .*; ${report.runs} of ${report.rules} rules run, ${report.runsOnTestContent} run on test content, ${report.unused} unused, ${report.manual} manual\\n`,
        ),
      );
    }
  });

  it('text output: a summary line with the four counts, then each rule with its status: runs and its test, runs on test content with its test and what the pack lacks, unused and why, or manual and what is missing', async () => {
    const { io, stdout } = fakeIo(repoRoot);
    expect(await main(['coverage', 'warchon'], io)).toBe(0);
    const out = stdout();
    expect(out).toMatch(/^warchon \(Warchon\): \d+ of \d+ rules run, 8 run on test content, 4 unused, 0 manual\.\n/);
    expect(out).toMatch(/\n {2}runs: result\/ax-dy \(result\): .+\n {4}test: worked example/);
    expect(out).toMatch(
      /\n {2}runs on test content: spread\/irondale#\/specialRules\/0 \(special rule\): .+\n {4}test: Irondale: .+\n {4}missing from the pack: No unit of the text is a Construct\.\n/,
    );
    expect(out).toMatch(/\n {2}unused: spread\/akibatu\/berserk-triple \(special rule\): .+\n {4}reason: No unit of the text has Berserk/);
    const warmaster = fakeIo(repoRoot);
    await main(['coverage', 'warmaster'], warmaster.io);
    expect(warmaster.stdout()).toMatch(/^warmaster \(Warmaster\): \d+ of \d+ rules run, 2 run on test content, 0 unused, 0 manual\.\n/);
    expect(warmaster.stdout()).toMatch(/\n {2}runs: card\/trap \(card\): .+\n {4}test: Trap: /);
  });

  it('exits 2 for an unknown pack (with a suggestion) or a bad --format; --json is --format json', async () => {
    const unknown = fakeIo(repoRoot);
    expect(await main(['coverage', 'warchn'], unknown.io)).toBe(2);
    expect(unknown.stderr()).toContain('no pack "warchn"');
    expect(unknown.stderr()).toContain('warchon');
    const bad = fakeIo(repoRoot);
    expect(await main(['coverage', 'warchon', '--format', 'github'], bad.io)).toBe(2);
    const none = fakeIo(repoRoot);
    expect(await main(['coverage'], none.io)).toBe(2);
    const a = fakeIo(repoRoot);
    const b = fakeIo(repoRoot);
    await main(['coverage', 'warmaster', '--json'], a.io);
    await main(['coverage', 'warmaster', '--format', 'json'], b.io);
    expect(a.stdout()).toBe(b.stdout());
  });

  it('a pack folder works too, and a project pack with no engine is all manual', async () => {
    const { io, stdout } = fakeIo(repoRoot);
    expect(await main(['coverage', 'test/fixtures/valid/mini', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(stdout()) as CoverageReport;
    expect(report.runs).toBe(0);
    expect(report.rules).toBeGreaterThan(0);
  });

  it('coverageReport names the test of a rule that runs', () => {
    const warmaster = validate([path.join(repoRoot, 'content/warmaster')], { cwd: repoRoot }).summaries[0]!;
    const report = coverageReport('warmaster', 'Warmaster', warmaster.rules, {
      engine: true,
      run: { 'card/trap': 'Trap rolls 1D6: printed 1-3 no effect, 4-6 one Imperial unit chosen by its owner' },
    });
    expect([report.runs, report.runsOnTestContent, report.unused]).toEqual([1, 0, 0]);
    expect(report.items.find((i) => i.key === 'card/trap')).toMatchObject({
      status: 'runs',
      test: 'Trap rolls 1D6: printed 1-3 no effect, 4-6 one Imperial unit chosen by its owner',
    });
    expect(report.items.find((i) => i.key === 'card/trap')!.missing).toBeUndefined();
  });
});
