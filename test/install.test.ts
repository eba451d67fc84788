// playmark as a user installs it, both ways the README gives:
// - `npm pack`, then the tarball installed offline into an empty folder, where `npx playmark init`
//   and `npx playmark build` print PDFs with no TypeScript around; a program there imports
//   `playmark` as a library, type-checks against its declarations and runs;
// - from a clone: `node <clone>/bin/playmark.js init` writes a `file:` dependency on the clone,
//   and `npm install` there installs playmark from it (offline: no registry is asked for playmark).
//
// Offline: the dependencies come from npm's cache, which `npm ci` filled on this machine. That
// cache holds the dependencies' tarballs but not always their registry metadata, which a bare
// `npm install --offline <tarball>` needs to pick versions (ENOTCACHED). So the empty folder gets
// a package-lock.json made from playmark's own (its production packages, at the versions and
// integrity the repository pins, with their tarball addresses): npm then needs nothing but the
// cached tarballs, as `npm ci` did.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) failed: ${r.error?.message ?? `exit ${r.status}`}\n--- stdout\n${tail(r.stdout)}\n--- stderr\n${tail(r.stderr)}`,
    );
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

// A copy of the checkout, packed once for every test below (npm runs `prepare`, which clears and
// compiles dist/). A copy: in the checkout itself, prepare would delete dist/ under the other test
// files, which run bin/playmark.js at the same time.
const checkout = path.join(tmp, 'checkout');
let tarball: string;
let entries: string[];
/** The folder the tarball is installed in (by the first test; the library test uses it). */
const game = path.join(tmp, 'game');

beforeAll(() => {
  const skipped = new Set(['node_modules', '.git', 'dist', 'out', path.join('bench', '.work')].map((d) => path.join(repoRoot, d)));
  cpSync(repoRoot, checkout, { recursive: true, filter: (from) => !skipped.has(from) });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
  const packDir = path.join(tmp, 'pack');
  mkdirSync(packDir);
  run('npm', ['pack', '--pack-destination', packDir], checkout);
  const tarballs = readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
  expect(tarballs).toHaveLength(1);
  tarball = path.join(packDir, tarballs[0]!);
  entries = run('tar', ['-tzf', tarball], tmp)
    .split('\n')
    .filter(Boolean)
    .map((e) => e.replace(/^package\//, ''));
}, 600_000);

describe('the packed tarball', () => {
  it('holds the compiled code and no tests, installs offline into an empty folder, and there init and build print PDFs without TypeScript', () => {
    const started = Date.now();
    // What it holds.
    for (const file of [
      'package.json',
      'README.md',
      'bin/playmark.js',
      'dist/src/cli/main.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'docs/api.md',
      'schemas/pack.schema.json',
      'templates/print.css',
      'content/warchon/pack.yaml',
    ]) {
      expect(entries, file).toContain(file);
    }
    for (const folder of ['dist/generated/', 'starter/', 'docs/', 'templates/', 'content/warmaster/', 'content/archon-skirmish/']) {
      expect(
        entries.some((e) => e.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    expect(entries.filter((e) => /^(test|bench|scripts|src|generated|\.ci|node_modules)\//.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith('.ts') && !e.endsWith('.d.ts'))).toEqual([]);
    // Every compiled file has its source: prepare clears dist/ first, so no module of old code ships.
    const sources = new Set(readdirRecursive(path.join(checkout, 'src')).map((f) => `dist/src/${f.replace(/\.ts$/, '.js')}`));
    expect(entries.filter((e) => e.startsWith('dist/src/') && e.endsWith('.js') && !sources.has(e))).toEqual([]);
    expect(entries.filter((e) => /(^|\/)(fixtures|tsconfig[^/]*\.json|vitest\.config\.[a-z]+)$|\.tmp$|(^|\/)\.DS_Store$/.test(e))).toEqual([]);

    // Installed offline into an empty folder.
    mkdirSync(game);
    run('npm', ['init', '-y'], game);
    const spec = `file:${path.relative(game, tarball)}`;
    writeFileSync(path.join(game, 'package-lock.json'), JSON.stringify(consumerLock('game', spec, tarball), null, 2));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], game);
    expect(existsSync(path.join(game, 'node_modules', 'playmark', 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(typescriptIn(path.join(game, 'node_modules'))).toEqual([]);

    // The installed command. Its init names the tarball it was installed from (no registry has
    // playmark); this folder's package.json exists already, so init keeps it: a new one shows it.
    const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run('npx', ['--no', '--', 'playmark', '--version'], game).trim()).toBe(version);
    run('npx', ['--no', '--', 'playmark', 'init'], game);
    expect(existsSync(path.join(game, 'content', 'game', 'pack.yaml'))).toBe(true);
    // The project's schema names playmark's by the path an editor follows: installed, it is there.
    const schemaFile = path.join(game, 'schemas', 'game', 'card.schema.json');
    const ref = (JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties: { id: { $ref: string } } }).properties.id.$ref;
    expect(ref).toBe('../../node_modules/playmark/schemas/common/defs.schema.json#/$defs/id');
    expect(existsSync(path.resolve(path.dirname(schemaFile), ref.split('#')[0]!))).toBe(true);
    run('npx', ['--no', '--', 'playmark', 'init', 'another'], game);
    expect(dependencyOn(path.join(game, 'another'))).toBe(`file:${realpathSync(tarball)}`);
    run('npx', ['--no', '--', 'playmark', 'build'], game);
    for (const pdf of ['game-cards.pdf', 'game-errata.pdf']) {
      const file = path.join(game, 'out', 'game', pdf);
      expect(existsSync(file), pdf).toBe(true);
      expect(readFileSync(file).subarray(0, 5).toString('latin1'), pdf).toBe('%PDF-');
    }
    // The starter's game module imports only `playmark`: installed from the tarball, it plays and its tests pass.
    const simulated = JSON.parse(run('npx', ['--no', '--', 'playmark', 'simulate', 'game', '--games', '100', '--seed', '1', '--format', 'json'], game)) as {
      played: number;
    };
    expect(simulated.played).toBe(100);
    run(process.execPath, ['--test', 'test/game.test.mjs'], game);
    expect(typescriptIn(path.join(game, 'node_modules'))).toEqual([]);
    console.log(`install test: ${entries.length} files in the tarball; install, init and build in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 900_000);

  it('is a library: a program importing `playmark` type-checks against its declarations (tsc, strict) and runs: a project loaded, its effective content with provenance, validation, odds, a simulation and a render', () => {
    expect(existsSync(path.join(game, 'content', 'game', 'pack.yaml')), 'the test above installs the tarball and inits the project').toBe(true);
    writeFileSync(path.join(game, 'consumer.mts'), CONSUMER);
    mkdirSync(path.join(game, 'broken'));
    writeFileSync(path.join(game, 'broken', 'pack.yaml'), 'id: [unclosed\n');
    writeFileSync(
      path.join(game, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          outDir: 'built',
          typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['consumer.mts'],
      }),
    );
    // The package's own declarations are checked too (skipLibCheck off): a broken .d.ts fails here.
    run(path.join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], game);
    const out = JSON.parse(run('node', [path.join(game, 'built', 'consumer.mjs')], path.join(game, 'content'))) as Record<string, unknown>;
    expect(out).toMatchObject({
      pack: 'game',
      errors: 0,
      cards: ['knight', 'scout', 'storm'],
      knightCost: 2,
      knightCostSetBy: { layer: 'errata', entry: 'knight-cost', kind: 'erratum' },
      exported: 'game',
      brokenCodes: ['yaml/syntax'],
      odds: { total: '1' },
      rollTable: { on7: 'Calm', calm: '1/6', seven: '1/6' },
      simulated: { games: 4, played: 4 },
    });
    expect((out.odds as { columns: number }).columns).toBeGreaterThan(0);
    expect(out.rendered).toEqual(expect.arrayContaining(['game/game-cards.html', 'game/game-errata.html']));
  }, 300_000);
});

describe('from a clone', () => {
  it('`node <clone>/bin/playmark.js init` writes a file: dependency on the clone, and `npm install --offline` there installs playmark from it; then build prints', () => {
    // The packed checkout has dist/ compiled, as `npm ci` leaves a clone.
    const project = path.join(tmp, 'from-clone');
    run('node', [path.join(checkout, 'bin', 'playmark.js'), 'init', 'from-clone'], tmp);
    expect(dependencyOn(project)).toBe(`file:${realpathSync(checkout)}`);
    // Offline: npm may ask no registry for anything, playmark least of all.
    run('npm', ['install', '--offline', '--no-audit', '--no-fund'], project);
    const installed = path.join(project, 'node_modules', 'playmark');
    expect(lstatSync(installed).isSymbolicLink()).toBe(true);
    expect(realpathSync(installed)).toBe(realpathSync(checkout));
    run('npx', ['--no', '--', 'playmark', 'build'], project);
    const pdf = path.join(project, 'out', 'from-clone', 'from-clone-cards.pdf');
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 600_000);
});

/** The playmark dependency of a project's package.json. */
function dependencyOn(project: string): string | undefined {
  const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  return pkg.devDependencies?.playmark ?? pkg.dependencies?.playmark;
}

/** A program using playmark as docs/api.md shows, run in the project's content/ folder. */
const CONSUMER = `import path from 'node:path';
import { BOT_NAMES, diceDistribution, exportPack, gameRefOf, loadGame, loadProject, parseDice, render, resolveRollTable, rollTableOdds, simulate, validate, warmasterOdds, warmasterTables, type Diagnostic, type PackContent, type RollTable, type WarmasterTablesContent } from 'playmark';

const { project, validation, packs } = loadProject('.');
const pack: PackContent = packs[0]!;
const origin = pack.origins.card?.knight?.['/cost'];
const exported = exportPack(validation.packs[0]!, { provenance: true }) as { pack: { id: string } };

// A broken file is a diagnostic with a code, never a throw.
const broken = validate([path.join(project.root, 'broken')], {}).diagnostics as readonly Diagnostic[];

// playmark's own packs are a project too: odds of Warmaster's table and four simulated games.
const own = loadProject(path.join(project.root, 'node_modules', 'playmark'), { packs: ['warmaster', 'archon-skirmish'] });
const warmaster = own.packs.find((p) => p.pack.id === 'warmaster')!;
const tables = warmasterTables({
  records: { 'combat-table': warmaster.records['combat-table']!, 'combat-result': warmaster.records['combat-result']!, 'teleport-table': warmaster.records['teleport-table']! },
  origins: { 'combat-table': warmaster.origins['combat-table']!, 'combat-result': warmaster.origins['combat-result']!, 'teleport-table': warmaster.origins['teleport-table']! },
} as unknown as WarmasterTablesContent);
const odds = warmasterOdds(tables.combatTable());
const archon = own.packs.find((p) => p.pack.id === 'archon-skirmish')!;
const ref = gameRefOf(archon)!; // the game its pack.yaml names
const sides = (await loadGame(ref)).sides(archon);
const report = await simulate(ref, archon, { pack: 'archon-skirmish', packVersion: archon.pack.version, scenario: null, seed: 7, games: 4, bots: sides.map((side) => ({ side, bot: BOT_NAMES[0] })), maxMoves: 2000 }, { workers: 0 });

// A 2d6 roll table of one's own: a look-up and its exact odds.
const events: RollTable = {
  id: 'events', name: 'Events', dice: '2d6',
  entries: [{ roll: { min: 2, max: 6 }, text: 'Storm' }, { roll: 7, text: 'Calm' }, { roll: { min: 8, max: 12 }, text: 'Wind' }],
};
const calm = rollTableOdds(events).entries.find((e) => e.text === 'Calm')!;
const seven = diceDistribution(parseDice('2d6')).find((o) => o.roll === 7)!;

// HTML only (browser: null): no PDF needed to see what would print.
const rendered = await render({ contents: packs, cwd: project.root, templateDirs: project.templatesDir ? [project.templatesDir] : [], outDir: path.join(project.root, 'api-out'), browser: null });

console.log(JSON.stringify({
  pack: pack.pack.id,
  errors: validation.errors,
  cards: Object.keys(pack.records.card ?? {}),
  knightCost: pack.records.card?.knight?.cost,
  knightCostSetBy: origin && { layer: origin.layer, entry: origin.entry, kind: origin.kind },
  exported: exported.pack.id,
  brokenCodes: broken.map((d) => d.code).filter((c) => c.startsWith('yaml/')),
  odds: { columns: odds.columns.length, total: odds.columns.every((c) => c.total.toString() === '1') ? '1' : 'not 1' },
  rollTable: { on7: resolveRollTable(events, 7).entry.text, calm: calm.probability.toString(), seven: seven.probability.toString() },
  simulated: { games: report.games, played: report.played },
  rendered: rendered.files.filter((f) => f.kind === 'html').map((f) => f.file).sort(),
}));
`;

function readdirRecursive(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? readdirRecursive(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}
