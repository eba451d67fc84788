// playmark leaves nothing of its own in the temporary folder: the browser's profile and artifacts
// folders (playwright-*) and the revisions `diff` extracts (playmark-diff-*) are removed when the
// command ends. Each run gets a TMPDIR of its own, which must be empty afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';

let base: string;
let project: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'playmark-temp-folders-'));
  project = path.join(base, 'game');
  const made = fakeIo(base);
  expect(await main(['init', 'game'], made.io), made.stderr()).toBe(0);
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: project, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
  const knight = path.join(project, 'content/game/cards/knight.yaml');
  writeFileSync(knight, readFileSync(knight, 'utf8').replace(/^name: .*$/m, 'name: Dame'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs playmark in the project with a TMPDIR of its own; returns what was left in it. */
function leftBy(args: readonly string[]): string[] {
  const tmp = mkdtempSync(path.join(base, 'tmp-'));
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd: project,
    env: { ...process.env, TMPDIR: tmp },
    encoding: 'utf8',
  });
  expect(r.status, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return readdirSync(tmp);
}

describe('playmark leaves no temporary folder behind', () => {
  it('build (validate, codegen and print with the browser)', () => {
    expect(leftBy(['build'])).toEqual([]);
  }, 120_000);

  it('diff against a git revision, and render --errata-since one', () => {
    expect(leftBy(['diff', 'HEAD'])).toEqual([]);
    expect(leftBy(['render', '--errata-since', 'HEAD', '--force'])).toEqual([]);
  }, 120_000);
});
