// docs/writing-a-game.md, "Rules as data: the interpreter", teaches a game module to run rules
// written as data with the interpreter `playmark` exports: a card's effects run as a side's rule,
// a player's choice asked as a move and answered by running again with the answer, and a rule of
// the game (`when` unit-destroyed, `if`, `do` heal) firing on what the card did. The example is run
// here as the page prints it, importing `playmark` as a designer's project does (the package
// linked into node_modules), and must print what the page says it prints.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const doc = readFileSync(path.join(repoRoot, 'docs', 'writing-a-game.md'), 'utf8');
const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-docs-interpreter-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('docs/writing-a-game.md teaches the interpreter on an example that runs', () => {
  it('the example runs as printed and prints the output the page shows: the choice asked, the rule fired, the unit healed', () => {
    const found = /```js\n(\/\/ rules-as-data\.mjs[^\n]*\n[\s\S]*?)```\n\n```text\n([\s\S]*?)```/.exec(doc);
    expect(found, 'the example and its output').not.toBeNull();
    const [, code, output] = found!;
    mkdirSync(path.join(work, 'node_modules'));
    symlinkSync(repoRoot, path.join(work, 'node_modules', 'playmark'), 'dir');
    writeFileSync(path.join(work, 'rules-as-data.mjs'), code!);
    const run = spawnSync(process.execPath, ['rules-as-data.mjs'], { cwd: work, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(output);
    // What the page says happens, in the output it shows.
    expect(output).toContain('"kind":"units","side":"red"');
    expect(output).toContain('rules/standard#/rally fires on unit-destroyed (goblins)');
    expect(output).toContain('troll 3');
  });
});
