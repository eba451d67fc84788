// Caches hold data, never code, and only the user's own (issue 19). Each test runs the real command
// as a process in a project of its own, with HOME, XDG_CACHE_HOME and TMPDIR in a temporary folder,
// and plants what a second party could: compiled validators (code) and parsed-YAML caches (data) in
// the places playmark used to read them (the project's node_modules/.cache/playmark and
// $TMPDIR/playmark-cache), and in a cache folder that someone else owns or can write to.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../src/content/parse-cache.js';
import { repoRoot, badCaseProject } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'playmark.js');
const JS_YAML = (createRequire(import.meta.url)('js-yaml/package.json') as { version: string }).version;
const AJV = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
/** A clean one-pack project (cards with a `cost`), shared with the bad-input cases. */
const MINI = badCaseProject('planted-parse-cache-in-project');
const SCOUT = 'content/mini/cards/scout.yaml';

interface World {
  readonly dir: string;
  readonly project: string;
  readonly home: string;
  readonly temp: string;
  readonly marker: string;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function world(): World {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-cache-safety-'));
  made.push(dir);
  const project = path.join(dir, 'project');
  cpSync(MINI, project, { recursive: true });
  for (const sub of ['home', 'tmp']) mkdirSync(path.join(dir, sub));
  return { dir, project, home: path.join(dir, 'home'), temp: path.join(dir, 'tmp'), marker: path.join(dir, 'MARKER') };
}

function run(w: World, args: readonly string[], env: NodeJS.ProcessEnv = {}): { status: number | null; out: string } {
  const base: NodeJS.ProcessEnv = { ...process.env, HOME: w.home, XDG_CACHE_HOME: path.join(w.home, '.cache'), TMPDIR: w.temp, PLAYMARK_CACHE_DIR: '' };
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: w.project,
    env: { ...base, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** The name playmark gave a compiled-validator cache for these schema folders before issue 19, so a planted file is found where it looked. */
function oldValidatorName(roots: readonly string[]): string {
  const files = new Map<string, string>();
  const list = (root: string, sub = ''): string[] =>
    readdirSync(path.join(root, sub), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .flatMap((e) =>
        e.isDirectory() ? list(root, sub ? `${sub}/${e.name}` : e.name) : e.name.endsWith('.schema.json') ? [sub ? `${sub}/${e.name}` : e.name] : [],
      );
  for (const root of roots) for (const rel of list(root)) files.set(rel, path.join(root, rel));
  const hash = createHash('sha256').update(`playmark-validators-1\n${AJV}\n`);
  for (const [rel, file] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${rel}\n${readFileSync(file, 'utf8')}\n`);
  return `validators-${hash.digest('hex').slice(0, 16)}.cjs`;
}

/** Plants code that writes the marker, under the names playmark's validator caches had. */
function plantCode(w: World, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const code = `require('fs').writeFileSync(${JSON.stringify(w.marker)}, 'planted code ran'); console.log('PLANTED-CODE-RAN'); module.exports = {};\n`;
  const names = [oldValidatorName([path.join(repoRoot, 'schemas'), path.join(w.project, 'schemas')]), oldValidatorName([path.join(repoRoot, 'schemas')])];
  for (const name of names) writeFileSync(path.join(dir, name), code);
}

/** Plants a parse cache that gives scout.yaml a cost of 999, in the shape of every format playmark wrote (1: bare data; 2: JSON text). */
function plantData(w: World, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const text = readFileSync(path.join(w.project, SCOUT), 'utf8');
  const key = createHash('sha256').update(text).digest('base64url');
  const data = { id: 'scout', name: 'Scout', side: 'red', cost: 999, text: 'Planted.', count: 3 };
  writeFileSync(path.join(dir, `parsed-1-js-yaml-${JS_YAML}.json`), JSON.stringify({ [key]: data }));
  writeFileSync(path.join(dir, `parsed-2-js-yaml-${JS_YAML}.json`), JSON.stringify({ format: 2, entries: { [key]: JSON.stringify(data) } }));
}

function scoutCost(out: string): unknown {
  const exported = JSON.parse(out.slice(out.indexOf('{'))) as { kinds: { card: { id: string; cost: unknown }[] } };
  return exported.kinds.card.find((c) => c.id === 'scout')!.cost;
}

describe('compiled validators are never executed from a cache', () => {
  it("planted .cjs validators in the project's node_modules/.cache/playmark and in $TMPDIR/playmark-cache never run (validate, export)", () => {
    const w = world();
    plantCode(w, path.join(w.project, 'node_modules', '.cache', 'playmark'));
    plantCode(w, path.join(w.temp, 'playmark-cache'));
    // With no node_modules above the project, the old fallback was the temporary folder: try both layouts.
    for (const args of [['validate'], ['export', 'mini']]) {
      const r = run(w, args);
      expect(r.status, r.out).toBe(0);
      expect(r.out).not.toContain('PLANTED-CODE-RAN');
    }
    rmSync(path.join(w.project, 'node_modules'), { recursive: true });
    expect(run(w, ['validate']).out).not.toContain('PLANTED-CODE-RAN');
    expect(existsSync(w.marker)).toBe(false);
  }, 60_000);

  it("a planted .cjs in the user's own cache folder (or $PLAYMARK_CACHE_DIR) never runs either: no code is loaded from any cache", () => {
    const w = world();
    const own = path.join(w.home, '.cache', 'playmark');
    plantCode(w, own);
    chmodSync(own, 0o700);
    expect(run(w, ['validate']).status).toBe(0);
    expect(run(w, ['validate'], { PLAYMARK_CACHE_DIR: own }).status).toBe(0);
    expect(existsSync(w.marker)).toBe(false);
    // And playmark itself writes no code there: only data.
    expect(readdirSync(path.join(w.home, '.cache', 'playmark')).filter((f) => f.endsWith('.cjs') && !f.startsWith('validators-'))).toEqual([]);
    expect(readdirSync(path.join(w.home, '.cache', 'playmark')).some((f) => f.startsWith('parsed-'))).toBe(true);
  }, 60_000);
});

describe("the parse cache is the user's own", () => {
  it("a parse cache planted in the project's node_modules/.cache/playmark or in $TMPDIR/playmark-cache changes nothing exported", () => {
    const w = world();
    plantData(w, path.join(w.project, 'node_modules', '.cache', 'playmark'));
    plantData(w, path.join(w.temp, 'playmark-cache'));
    const r = run(w, ['export', 'mini']);
    expect(r.status, r.out).toBe(0);
    expect(scoutCost(r.out)).toBe(1);
    expect(r.out).not.toContain('Planted.');
  }, 60_000);

  it('is made in $XDG_CACHE_HOME/playmark (else ~/.cache/playmark) with mode 0700, never in the project or the temporary folder', () => {
    const w = world();
    expect(run(w, ['validate']).status).toBe(0);
    const dir = path.join(w.home, '.cache', 'playmark');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).some((f) => f.startsWith('parsed-'))).toBe(true);
    expect(existsSync(path.join(w.project, 'node_modules'))).toBe(false);
    expect(readdirSync(w.temp)).toEqual([]);
    // Without XDG_CACHE_HOME: ~/.cache/playmark, the same folder.
    rmSync(path.join(w.home, '.cache'), { recursive: true });
    expect(run(w, ['validate'], { XDG_CACHE_HOME: '' }).status).toBe(0);
    expect(readdirSync(dir).some((f) => f.startsWith('parsed-'))).toBe(true);
  }, 60_000);

  it('a cache folder others can write to (mode 0777) is refused: its planted data is not used and nothing is written there', () => {
    const w = world();
    const dir = path.join(w.home, '.cache', 'playmark');
    plantData(w, dir);
    chmodSync(dir, 0o777);
    const before = readdirSync(dir).sort();
    const r = run(w, ['export', 'mini']);
    expect(r.status, r.out).toBe(0);
    expect(scoutCost(r.out)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(before);
  }, 60_000);

  it('a cache folder owned by another user is refused, and so is $PLAYMARK_CACHE_DIR when it is', () => {
    const w = world();
    const dir = path.join(w.home, '.cache', 'playmark');
    plantData(w, dir);
    chmodSync(dir, 0o700);
    chownSync(dir, 65534, 65534);
    const r = run(w, ['export', 'mini']);
    expect(r.status, r.out).toBe(0);
    expect(scoutCost(r.out)).toBe(1);
    const other = path.join(w.dir, 'explicit');
    plantData(w, other);
    chmodSync(other, 0o700);
    chownSync(other, 65534, 65534);
    const explicit = run(w, ['export', 'mini'], { PLAYMARK_CACHE_DIR: other });
    expect(explicit.status, explicit.out).toBe(0);
    expect(scoutCost(explicit.out)).toBe(1);
  }, 60_000);

  it('a cache file in our folder that another user made is not trusted', () => {
    const w = world();
    const dir = path.join(w.home, '.cache', 'playmark');
    plantData(w, dir);
    chmodSync(dir, 0o700);
    for (const f of readdirSync(dir)) chownSync(path.join(dir, f), 65534, 65534);
    const r = run(w, ['export', 'mini']);
    expect(r.status, r.out).toBe(0);
    expect(scoutCost(r.out)).toBe(1);
  }, 60_000);

  it('a corrupt, wrongly shaped or oversized cache file is ignored (never fatal) and replaced by a good one', () => {
    const w = world();
    const dir = path.join(w.home, '.cache', 'playmark');
    expect(run(w, ['validate']).status).toBe(0);
    const file = path.join(dir, readdirSync(dir).find((f) => f.startsWith('parsed-'))!);
    const text = readFileSync(path.join(w.project, SCOUT), 'utf8');
    const key = createHash('sha256').update(text).digest('base64url');
    const planted = JSON.stringify({ id: 'scout', name: 'Scout', side: 'red', cost: 999, text: 'x', count: 3 });
    const damaged = [
      'not JSON {',
      JSON.stringify([1, 2, 3]),
      JSON.stringify({ format: 2, entries: { [key]: { cost: 999 } } }),
      JSON.stringify({ format: 2, entries: { [key]: '{"cost": 9' } }),
      JSON.stringify({ format: 2, entries: { 'not a key': planted, [key]: planted } }),
    ];
    for (const content of damaged) {
      writeFileSync(file, content);
      const r = run(w, ['export', 'mini']);
      expect(r.status, `${content}\n${r.out}`).toBe(0);
      expect(scoutCost(r.out), content).toBe(1);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 2, entries: expect.any(Object) });
    }
    // Over the cap: a file of the right shape, padded with spaces (still valid JSON) one byte past it, is not read.
    const json = JSON.stringify({ format: 2, entries: { [key]: planted } });
    writeFileSync(file, json + ' '.repeat(MAX_FILE_BYTES + 1 - json.length));
    const big = run(w, ['export', 'mini']);
    expect(big.status, big.out).toBe(0);
    expect(scoutCost(big.out)).toBe(1);
    expect(statSync(file).size).toBeLessThan(64 * 1024);
  }, 120_000);
});

describe('an alias bomb is not amplified by the cache', () => {
  it('the bomb is yaml/alias-limit at its file, line and column; the cache stays small then and after the fix', () => {
    const w = world();
    const file = path.join(w.project, SCOUT);
    const good = readFileSync(file, 'utf8');
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x]', ...'bcdefghi'.split('').map((n, i) => `${n}: &${n} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)];
    writeFileSync(file, `${good}${levels.join('\n')}\n`);
    const bombed = run(w, ['validate']);
    expect(bombed.status, bombed.out).toBe(1);
    expect(bombed.out).toContain('[yaml/alias-limit]');
    // Line 12 (level e, its first *d) is where the aliases pass 10,000 values: 8,289 before it, 7,381 more there.
    expect(bombed.out).toMatch(/content\/mini\/cards\/scout\.yaml:12:8\b/);
    const cache = path.join(w.home, '.cache', 'playmark');
    const size = () => readdirSync(cache).reduce((n, f) => n + statSync(path.join(cache, f)).size, 0);
    expect(size()).toBeLessThan(64 * 1024);
    writeFileSync(file, good);
    const fixed = run(w, ['validate']);
    expect(fixed.status, fixed.out).toBe(0);
    expect(size()).toBeLessThan(64 * 1024);
  }, 60_000);

  it('a file with aliases under the bound validates but is never cached (JSON would write each alias out)', () => {
    const w = world();
    const file = path.join(w.project, SCOUT);
    // The card's text is its name, through an alias.
    const shared = readFileSync(file, 'utf8')
      .replace(/^name: Scout$/m, 'name: &n Scout')
      .replace(/^text: .*$/m, 'text: *n');
    expect(shared).toContain('text: *n');
    writeFileSync(file, shared);
    const r = run(w, ['validate']);
    expect(r.status, r.out).toBe(0);
    const cache = path.join(w.home, '.cache', 'playmark');
    const parsed = JSON.parse(readFileSync(path.join(cache, readdirSync(cache).find((f) => f.startsWith('parsed-'))!), 'utf8')) as {
      entries: Record<string, string>;
    };
    const key = createHash('sha256').update(shared).digest('base64url');
    expect(Object.keys(parsed.entries)).not.toContain(key);
    // The other files are cached as usual.
    expect(Object.keys(parsed.entries).length).toBeGreaterThan(0);
  }, 60_000);
});
