// playmark as a user installs it: `npm pack`, then the tarball installed offline into an empty
// folder, where `npx playmark init` and `npx playmark build` print PDFs with no TypeScript around.
//
// Offline: the dependencies come from npm's cache, which `npm ci` filled on this machine. That
// cache holds the dependencies' tarballs but not always their registry metadata, which a bare
// `npm install --offline <tarball>` needs to pick versions (ENOTCACHED). So the empty folder gets
// a package-lock.json made from playmark's own (its production packages, at the versions and
// integrity the repository pins, with their tarball addresses): npm then needs nothing but the
// cached tarballs, as `npm ci` did.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'playmark-install-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The npm running the tests (`npm test`) passes its settings down as npm_* variables; the npm
// commands here must see a user's plain environment instead.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

/** Runs a command, and fails with its output when it does not exit 0. */
function run(command: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0) {
    const tail = (s: string | null) => (s ?? '').split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${r.error?.message ?? `exit ${r.status}`}\n--- stdout\n${tail(r.stdout)}\n--- stderr\n${tail(r.stderr)}`);
  }
  return r.stdout;
}

interface LockEntry {
  readonly name?: string;
  readonly version: string;
  readonly resolved?: string;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly [key: string]: unknown;
}

/**
 * A package-lock.json for a folder that depends on the tarball alone: playmark from the tarball,
 * and every production package of playmark's own lock at the same place in node_modules/, with
 * its tarball address on the registry npm is set to.
 */
function consumerLock(name: string, spec: string, tarball: string): object {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const self = lock.packages['']!;
  const registry = run('npm', ['config', 'get', 'registry'], repoRoot).trim().replace(/\/?$/, '/');
  const packages: Record<string, object> = {
    '': { name, version: '1.0.0', dependencies: { playmark: spec } },
    'node_modules/playmark': {
      version: self.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
    },
  };
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.dev || entry.devOptional) continue;
    const pkg = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[where] = { ...entry, resolved: entry.resolved ?? `${registry}${pkg}/-/${pkg.split('/').pop()}-${entry.version}.tgz` };
  }
  return { name, version: '1.0.0', lockfileVersion: 3, requires: true, packages };
}

/** Folders named typescript or @typescript anywhere under a folder. */
function typescriptIn(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const p = path.join(d, e.name);
      if (e.name === 'typescript' || e.name === '@typescript') found.push(path.relative(dir, p));
      else walk(p);
    }
  };
  walk(dir);
  return found;
}

describe('the packed tarball', () => {
  it('holds the compiled code and no tests, installs offline into an empty folder, and there init and build print PDFs without TypeScript', () => {
    const started = Date.now();
    // 1. Pack (npm runs `prepare`, which clears and compiles dist/). It packs a copy of the
    // checkout: in the checkout itself, prepare would delete dist/ under the other test files,
    // which run bin/playmark.js at the same time.
    const checkout = path.join(tmp, 'checkout');
    const skipped = new Set(['node_modules', '.git', 'dist', 'out', path.join('bench', '.work')].map((d) => path.join(repoRoot, d)));
    cpSync(repoRoot, checkout, { recursive: true, filter: (from) => !skipped.has(from) });
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
    const packDir = path.join(tmp, 'pack');
    mkdirSync(packDir);
    run('npm', ['pack', '--pack-destination', packDir], checkout);
    const tarballs = readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    const tarball = path.join(packDir, tarballs[0]!);

    // 2. What it holds.
    const entries = run('tar', ['-tzf', tarball], tmp).split('\n').filter(Boolean).map((e) => e.replace(/^package\//, ''));
    for (const file of ['package.json', 'README.md', 'bin/playmark.js', 'dist/src/cli/main.js', 'schemas/pack.schema.json', 'templates/print.css', 'content/warchon/pack.yaml']) {
      expect(entries, file).toContain(file);
    }
    for (const folder of ['dist/generated/', 'starter/', 'docs/', 'templates/', 'content/warmaster/', 'content/archon-skirmish/']) {
      expect(entries.some((e) => e.startsWith(folder)), folder).toBe(true);
    }
    expect(entries.filter((e) => /^(test|bench|scripts|src|generated|\.ci|node_modules)\//.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith('.ts') && !e.endsWith('.d.ts'))).toEqual([]);
    // Every compiled file has its source: prepare clears dist/ first, so no module of old code ships.
    const sources = new Set(readdirRecursive(path.join(checkout, 'src')).map((f) => `dist/src/${f.replace(/\.ts$/, '.js')}`));
    expect(entries.filter((e) => e.startsWith('dist/src/') && e.endsWith('.js') && !sources.has(e))).toEqual([]);
    expect(entries.filter((e) => /(^|\/)(fixtures|tsconfig[^/]*\.json|vitest\.config\.[a-z]+)$|\.tmp$|(^|\/)\.DS_Store$/.test(e))).toEqual([]);

    // 3. Installed offline into an empty folder.
    const game = path.join(tmp, 'game');
    mkdirSync(game);
    run('npm', ['init', '-y'], game);
    const spec = `file:${path.relative(game, tarball)}`;
    writeFileSync(path.join(game, 'package-lock.json'), JSON.stringify(consumerLock('game', spec, tarball), null, 2));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], game);
    expect(existsSync(path.join(game, 'node_modules', 'playmark', 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(typescriptIn(path.join(game, 'node_modules'))).toEqual([]);

    // 4. The installed command.
    const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run('npx', ['--no', '--', 'playmark', '--version'], game).trim()).toBe(version);
    run('npx', ['--no', '--', 'playmark', 'init'], game);
    expect(existsSync(path.join(game, 'content', 'game', 'pack.yaml'))).toBe(true);
    run('npx', ['--no', '--', 'playmark', 'build'], game);
    for (const pdf of ['game-cards.pdf', 'game-errata.pdf']) {
      const file = path.join(game, 'out', 'game', pdf);
      expect(existsSync(file), pdf).toBe(true);
      expect(readFileSync(file).subarray(0, 5).toString('latin1'), pdf).toBe('%PDF-');
    }
    expect(typescriptIn(path.join(game, 'node_modules'))).toEqual([]);
    console.log(`install test: ${entries.length} files in the tarball; pack, install, init and build in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 900_000);
});

function readdirRecursive(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? readdirRecursive(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}
