import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { collectRules, ruleCoverage } from '../src/content/rules.js';
import { validate } from '../src/content/validate.js';
import { fakeIo, repoRoot } from './helpers.js';

describe('rules the engine can run', () => {
  const warchon = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).packs[0]!;
  const rules = collectRules([...warchon.records.values()].flat());

  it('finds every rule with its place, and which are manual with the note saying what is missing', () => {
    const fortified = rules.find((r) => r.id === 'erdon-pass' && r.pointer === '/events/entries/1')!;
    // Its effects are structured; whether a game loop plays it is the engine's to say (withRuns, test/coverage.test.ts): without an engine's map it does not run.
    expect(fortified).toMatchObject({ kind: 'spread', structured: true, executable: false, manual: [] });
    expect(fortified.text).toMatch(/^All units in the defending army gain \+2 DS/);
    // Surprise Reserve is said in the vocabulary (bring-in); Akibatu's Berserk tripling is not.
    expect(rules.find((r) => r.id === 'erdon-pass' && r.pointer === '/events/entries/3')).toMatchObject({ structured: true, manual: [] });
    const tripling = rules.find((r) => r.id === 'akibatu' && r.pointer === '/specialRules/1')!;
    expect(tripling).toMatchObject({ structured: false, executable: false });
    expect(tripling.manual[0]).toMatch(/Would replace the Berserk declaration's doubling with a tripling/);
  });

  it('counts the same rules the validate summary reports', () => {
    const summary = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).summaries[0]!;
    expect(ruleCoverage(rules)).toEqual(summary.coverage);
    expect(summary.coverage).toMatchObject({ executable: 0, onTestContent: 0, unused: 0, manual: summary.coverage.rules });
  });
});

describe('playmark lint', () => {
  it('lists each rule that does not run: on test content with its test and what the pack lacks, unused with why, manual with what it needs; exits 0 on clean content', async () => {
    const { io, stdout } = fakeIo(repoRoot);
    expect(await main(['lint', 'content/warchon'], io)).toBe(0);
    expect(stdout()).toMatch(/\nwarchon: \d+ of \d+ rules run, 8 run on test content, 4 unused, 0 manual:\n/);
    expect(stdout()).toMatch(
      / {2}runs on test content: spread irondale \/specialRules\/0: All "Construct" units gain \+1 CS\.\n {4}test: Irondale: .*\n {4}missing from the pack: No unit of the text is a Construct\./,
    );
    expect(stdout()).toMatch(
      / {2}unused: spread akibatu \/specialRules\/1: Units with "Berserk" triple their CS instead of doubling.*\n {4}reason: No unit of the text has Berserk/,
    );
    expect(stdout()).not.toMatch(/ {2}runs: /);
    const warmaster = fakeIo(repoRoot);
    expect(await main(['lint', 'content/warmaster'], warmaster.io)).toBe(0);
    expect(warmaster.stdout()).toMatch(/warmaster: \d+ of \d+ rules run, 2 run on test content, 0 unused, 0 manual:/);
    expect(warmaster.stdout()).not.toMatch(/ {2}manual: /);
    // No shipped pack has a manual rule left; a pack with no engine is all manual, each rule with what it needs.
    const mini = fakeIo(repoRoot);
    expect(await main(['lint', 'test/fixtures/valid/mini'], mini.io)).toBe(0);
    expect(mini.stdout()).toMatch(/ {2}manual: roll-table weather \/entries\/0: Clear\.\n {4}needs: Structural: .*no game loop plays this pack yet/);
  });

  it('--all lists the rules the engine runs too; --format json gives the same to programs', async () => {
    const all = fakeIo(repoRoot);
    await main(['lint', 'content/warchon', '--all'], all.io);
    // A rule the game loop plays is listed as running; one the text never sets off as unused, with why.
    expect(all.stdout()).toMatch(/ {2}runs: spread erdon-pass \/events\/entries\/1:/);
    expect(all.stdout()).toMatch(/ {2}unused: spread akibatu \/specialRules\/1:.*\n {4}reason: No unit of the text has Berserk/);
    const json = fakeIo(repoRoot);
    await main(['lint', 'content/warchon', '--format', 'json'], json.io);
    const parsed = JSON.parse(json.stdout()) as {
      ok: boolean;
      packs: {
        id: string;
        rules: number;
        executable: number;
        onTestContent: number;
        unused: number;
        manual: number;
        list: { status: string; executable: boolean; unused: string | null }[];
      }[];
    };
    expect(parsed.ok).toBe(true);
    expect(parsed.packs[0]!.list.length).toBe(parsed.packs[0]!.rules - parsed.packs[0]!.executable);
    expect(parsed.packs[0]!.list.every((r) => !r.executable)).toBe(true);
    expect(parsed.packs[0]!.list.filter((r) => r.unused !== null)).toHaveLength(parsed.packs[0]!.unused);
    expect(parsed.packs[0]!.unused).toBe(4);
    expect(parsed.packs[0]!.list.filter((r) => r.status === 'runs on test content')).toHaveLength(parsed.packs[0]!.onTestContent);
    expect(parsed.packs[0]!.onTestContent).toBe(8);
  });

  it('exits 2 for a folder that does not exist', async () => {
    const { io } = fakeIo(repoRoot);
    expect(await main(['lint', 'no/such/folder'], io)).toBe(2);
  });
});

describe('playmark lint output formats', () => {
  it('--format github prints one workflow annotation per diagnostic, as validate does', async () => {
    const lint = fakeIo(repoRoot);
    expect(await main(['lint', 'test/fixtures/path--one-way', '--format', 'github'], lint.io)).toBe(0);
    const validate = fakeIo(repoRoot);
    await main(['validate', 'test/fixtures/path--one-way', '--format', 'github'], validate.io);
    expect(lint.stdout()).toMatch(/^::warning file=test\/fixtures\/path--one-way\/spreads\/alpha\.yaml,line=\d+,col=\d+,title=path\/one-way::/);
    expect(lint.stdout()).toBe(validate.stdout());
  });

  it('--json is --format json; contradicting --format is a usage error', async () => {
    const json = fakeIo(repoRoot);
    await main(['lint', 'test/fixtures/valid/mini', '--format', 'json'], json.io);
    const alias = fakeIo(repoRoot);
    await main(['lint', 'test/fixtures/valid/mini', '--json'], alias.io);
    expect(alias.stdout()).toBe(json.stdout());
    const both = fakeIo(repoRoot);
    expect(await main(['lint', 'test/fixtures/valid/mini', '--json', '--format', 'text'], both.io)).toBe(2);
    expect(both.stderr()).toContain('--json and --format text contradict each other');
  });

  it('validate takes --json as well', async () => {
    const json = fakeIo(repoRoot);
    await main(['validate', 'test/fixtures/valid/mini', '--format', 'json'], json.io);
    const alias = fakeIo(repoRoot);
    await main(['validate', 'test/fixtures/valid/mini', '--json'], alias.io);
    expect(alias.stdout()).toBe(json.stdout());
  });
});
