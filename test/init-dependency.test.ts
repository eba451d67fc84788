// The dependency on playmark that `init` writes installs from wherever the running playmark came
// from: a clone's folder (file:, absolute), the tarball npm installed it from (file:, absolute, while
// it exists), or else its version (^x.y.z) from a registry. A clone never gets a version no
// registry has (issue 20: E404). test/install.test.ts installs both ways for real.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playmarkDependency } from '../src/cli/init-dependency.js';
import { repoRoot } from './helpers.js';

const tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'playmark-init-dependency-')));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An app folder with playmark (version 9.9.9) installed in its node_modules, and npm's hidden lock naming where from. */
function installedIn(app: string, resolved?: string): string {
  const root = path.join(tmp, app, 'node_modules', 'playmark');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'playmark', version: '9.9.9' }));
  if (resolved !== undefined) {
    const lock = { name: app, lockfileVersion: 3, requires: true, packages: { 'node_modules/playmark': { version: '9.9.9', resolved } } };
    writeFileSync(path.join(tmp, app, 'node_modules', '.package-lock.json'), JSON.stringify(lock));
  }
  return root;
}

describe('the playmark dependency init writes', () => {
  it("from this clone: file: and the clone's absolute folder", () => {
    expect(playmarkDependency(repoRoot)).toBe(`file:${realpathSync(repoRoot)}`);
  });

  it("from a clone reached by a symbolic link (npm links a file: folder): the clone's real folder, not the link", () => {
    const linked = path.join(tmp, 'linked', 'node_modules', 'playmark');
    mkdirSync(path.dirname(linked), { recursive: true });
    symlinkSync(repoRoot, linked, 'dir');
    expect(playmarkDependency(linked)).toBe(`file:${realpathSync(repoRoot)}`);
  });

  it('installed from a registry: ^ and its version', () => {
    expect(playmarkDependency(installedIn('registry', 'https://registry.npmjs.org/playmark/-/playmark-9.9.9.tgz'))).toBe('^9.9.9');
    expect(playmarkDependency(installedIn('no-lock'))).toBe('^9.9.9');
  });

  it("installed from a tarball: file: and the tarball's absolute path while it exists, else the version", () => {
    mkdirSync(path.join(tmp, 'packs'));
    writeFileSync(path.join(tmp, 'packs', 'playmark-9.9.9.tgz'), 'not read, only found');
    expect(playmarkDependency(installedIn('tarball', 'file:../packs/playmark-9.9.9.tgz'))).toBe(`file:${path.join(tmp, 'packs', 'playmark-9.9.9.tgz')}`);
    expect(playmarkDependency(installedIn('tarball-gone', 'file:../packs/playmark-0.0.1.tgz'))).toBe('^9.9.9');
  });
});
