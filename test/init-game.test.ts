// Issue 21, "`init` gives a game that plays" and "Rules as data first": the project `playmark init`
// writes in an empty folder (with playmark installed in its node_modules, as `npm install` links a
// clone) plays its own game: a module beside pack.yaml (game/index.mjs, importing only `playmark`)
// over its cards, a generic roll table and a victory rule, all in playmark's rule model and run by
// its interpreter. `simulate` plays it the same way twice, `coverage` names the rules its own tests
// (test/game.test.mjs, `npm test`) play, and a card added in YAML only, with an effect kind no card
// of the starter uses and no code, is played and changes the simulated games.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlText, repoRoot, STACK_LINE } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-init-game-'));
const project = path.join(work, 'harbor-raid');
const PACK = 'harbor-raid';
afterAll(() => rmSync(work, { recursive: true, force: true }));

function playmark(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, all: r.stdout + r.stderr };
}

type Report = {
  played: number;
  wins: { side: string; games: number }[];
  endings: { rule: string; games: number }[];
  events: { move: { by: { card: Record<string, number> } }; effect: { by: { effect: Record<string, number>; rule: Record<string, number> } } };
};

/** 1000 random games, seed 1, as the README says to run right after init (JSON, to read it). */
function simulate1000(): { text: string; report: Report } {
  const r = playmark('simulate', PACK, '--games', '1000', '--seed', '1', '--format', 'json');
  expect(r.code, r.all).toBe(0);
  return { text: r.stdout, report: JSON.parse(r.stdout) as Report };
}

let first: { text: string; report: Report };
let initOutput = '';
let initPackage: { scripts: { test?: string } };

beforeAll(() => {
  mkdirSync(project);
  const init = playmark('init', '.');
  expect(init.code, init.all).toBe(0);
  initOutput = init.stdout;
  // Then a package.json without "type": "module", as `npm init -y` writes one (which init keeps):
  // the module and its tests are .mjs, ES modules whatever the package.json says.
  const pkg = path.join(project, 'package.json');
  initPackage = JSON.parse(readFileSync(pkg, 'utf8')) as typeof initPackage;
  writeFileSync(pkg, JSON.stringify({ ...initPackage, type: undefined }, null, 2));
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
  first = simulate1000();
});

describe('a project from init plays its own game', () => {
  it('init writes the game module beside pack.yaml, importing only playmark, and its tests; validate --strict is clean', () => {
    expect(readFileSync(path.join(project, 'content', PACK, 'pack.yaml'), 'utf8')).toMatch(/^game: \{ module: \.\/game\/index\.mjs \}$/m);
    const module = readFileSync(path.join(project, 'content', PACK, 'game', 'index.mjs'), 'utf8');
    expect([...module.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['playmark']);
    expect(initPackage.scripts.test).toBe('node --test test/game.test.mjs');
    expect(initOutput).toContain(`npx playmark simulate ${PACK} --games 1000 --seed 1`);
    const r = playmark('validate', '--strict');
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toContain('clean');
  });

  it('simulate --games 1000 --seed 1 plays every game to the victory rule, and twice gives the same report', () => {
    expect(first.report.played).toBe(1000);
    expect(first.report.endings.map((e) => e.rule)).toEqual(expect.arrayContaining(['rules/standard#/victory']));
    // Every effect is the interpreter's: the cards' and the table's effects, and the victory rule's end-game.
    expect(Object.keys(first.report.events.effect.by.effect).sort()).toEqual([
      'damage',
      'end-game',
      'heal',
      'move-cards',
      'no-effect',
      'roll-table',
      'trigger',
    ]);
    expect(first.report.endings.reduce((n, e) => n + e.games, 0)).toBe(1000);
    expect(
      first.report.wins.every((w) => w.games > 0),
      'both sides win some games',
    ).toBe(true);
    expect(Object.keys(first.report.events.move.by.card).sort()).toEqual(['knight', 'scout', 'storm']);
    expect(simulate1000().text).toBe(first.text);
  });

  it("coverage names the rules the starter's own tests play, and those tests pass (npm test: node --test)", () => {
    const r = playmark('coverage', PACK, '--format', 'json');
    expect(r.code, r.all).toBe(0);
    const coverage = JSON.parse(r.stdout) as { rules: number; runs: number; items: { key: string; status: string; test?: string }[] };
    expect(coverage.runs).toBe(coverage.rules);
    expect(coverage.items.map((i) => i.key)).toEqual(
      expect.arrayContaining([
        'card/knight',
        'card/scout',
        'card/storm',
        'roll-table/clash',
        'rules/standard#/turn',
        'rules/standard#/victory',
        'rules/standard#/lastTurn',
      ]),
    );
    // Each test named is a test of test/game.test.mjs, and they pass.
    const tests = readFileSync(path.join(project, 'test', 'game.test.mjs'), 'utf8');
    for (const item of coverage.items) expect(tests, item.key).toContain(`test(${JSON.stringify(item.test).replace(/"/g, "'")},`);
    const run = spawnSync(process.execPath, ['--test', 'test/game.test.mjs'], { cwd: project, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^# pass 5$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
  });

  it('a new card written in YAML only, with an effect kind no card used (roll): validate stays clean, simulate plays it through the interpreter and the games change; coverage counts it manual until a test plays it', () => {
    const module = readFileSync(path.join(project, 'content', PACK, 'game', 'index.mjs'), 'utf8');
    const card = path.join(project, 'content', PACK, 'cards', 'catapult.yaml');
    writeFileSync(
      card,
      [
        '# yaml-language-server: $schema=../../../schemas/harbor-raid/card.schema.json',
        'id: catapult',
        'name: Catapult',
        'side: red',
        'cost: 2',
        'text: Roll a die. On 3 or more, your opponent loses 3 morale.',
        'count: 2',
        'effects:',
        '  - kind: roll',
        '    die: d6',
        '    outcomes:',
        '      - { range: { min: 1, max: 2 }, effects: [{ kind: no-effect }] }',
        '      - { range: { min: 3, max: 6 }, effects: [{ kind: damage, target: { side: enemy }, hits: 3 }] }',
        '',
      ].join('\n'),
    );
    // No card of the starter rolls a die of its own, and the module names no effect kind: only the interpreter knows `roll`.
    expect(first.report.events.effect.by.effect.roll).toBeUndefined();
    expect(module).not.toMatch(/'roll'|'damage'/);
    const validate = playmark('validate', '--strict');
    expect(validate.code, validate.all).toBe(0);
    const after = simulate1000();
    expect(after.report.events.move.by.card.catapult).toBeGreaterThan(0);
    expect(after.report.events.effect.by.effect.roll, 'the interpreter rolled for the Catapult').toBe(after.report.events.move.by.card.catapult);
    expect(after.text).not.toBe(first.text);
    const red = (r: Report) => r.wins.find((w) => w.side === 'red')!.games;
    expect(red(after.report), 'three morale for two supply: red wins more often').toBeGreaterThan(red(first.report));
    const coverage = JSON.parse(playmark('coverage', PACK, '--format', 'json').stdout) as { items: { key: string; status: string }[] };
    expect(coverage.items.find((i) => i.key === 'card/catapult')?.status).toBe('manual');
    // The starter's first test plays every card, the new one too.
    const run = spawnSync(process.execPath, ['--test', 'test/game.test.mjs'], { cwd: project, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }, 120_000); // four playmark runs and the starter's tests, each a process
});

describe('a project from init prints what its game plays', () => {
  it("the reference sheet prints the rules' numbers, turn, victory and the Clash table from the YAML the module reads, and follows an edit", () => {
    const render = () => {
      const r = playmark('render', PACK, '--only', 'rules');
      expect(r.code, r.all).toBe(0);
      return htmlText(readFileSync(path.join(project, 'out', PACK, `${PACK}-rules.html`), 'utf8'));
    };
    const text = render();
    const rules = readFileSync(path.join(project, 'content', PACK, 'rules', 'standard.yaml'), 'utf8');
    expect(text).toContain('Each side starts with 10 morale, which is also the most it may have, and a hand of 3 cards');
    expect(text).toContain(/^ {2}text: (On your turn.*)$/m.exec(rules)![1]!);
    expect(text).toContain(/^ {2}text: (A side whose morale.*)$/m.exec(rules)![1]!);
    expect(text).toContain(/^ {2}text: (After 30 turns.*)$/m.exec(rules)![1]!);
    expect(text).toMatch(/Clash table \(d6\)/);
    expect(text).toMatch(/1 Miss Nothing happens\. 2-4 Hit Your opponent loses 1 morale\. 5-6 Rout Your opponent loses 2 morale\./);
    // Read from the YAML on every run: an edit shows at once.
    const table = path.join(project, 'content', PACK, 'roll-tables', 'clash.yaml');
    const before = readFileSync(table, 'utf8');
    writeFileSync(table, before.replace('{ roll: { min: 5, max: 6 }, name: Rout', '{ roll: { min: 5, max: 6 }, name: Routed'));
    writeFileSync(path.join(project, 'content', PACK, 'rules', 'standard.yaml'), rules.replace('morale: 10', 'morale: 12'));
    try {
      const after = render();
      expect(after).toContain('Each side starts with 12 morale');
      expect(after).toContain('5-6 Routed Your opponent loses 2 morale.');
    } finally {
      writeFileSync(table, before);
      writeFileSync(path.join(project, 'content', PACK, 'rules', 'standard.yaml'), rules);
    }
  });
});

describe("docs/writing-a-game.md teaches the starter's module as it is", () => {
  it("every excerpt of content/my-game/game/index.mjs in the page is the starter's module word for word (`// ...` skips lines), and so are the YAML excerpts", () => {
    const doc = readFileSync(path.join(repoRoot, 'docs', 'writing-a-game.md'), 'utf8');
    const module = readFileSync(path.join(repoRoot, 'starter', 'content', '__pack__', 'game', 'index.mjs'), 'utf8').replace(/__pack__/g, 'my-game');
    const blocks = [...doc.matchAll(/```js\n\/\/ content\/my-game\/game\/index\.mjs[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      for (const part of block.split(/^\/\/ \.\.\.\n/m)) expect(module, part).toContain(part.replace(/\n$/, ''));
    }
    const knight = readFileSync(path.join(repoRoot, 'starter', 'content', '__pack__', 'cards', 'knight.yaml'), 'utf8');
    const effects = /```yaml\n# content\/my-game\/cards\/knight\.yaml[^\n]*\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(knight).toContain(effects);
    const standard = readFileSync(path.join(repoRoot, 'starter', 'content', '__pack__', 'rules', 'standard.yaml'), 'utf8');
    const victory = /```yaml\n# content\/my-game\/rules\/standard\.yaml[^\n]*\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(standard).toContain(victory);
  });
});
