// The bad-input suite's cases (test/fixtures/bad/, described in its README.md) and how to run one
// as a user would: the real command in a fresh copy of the case's project. Shared by the test
// (test/bad-input.test.ts: exit status, code, no crash) and the benchmark (bench/bad-input.bench.js:
// time and peak memory against each case's bound), so both run exactly the same thing.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const casesDir = path.join(repoRoot, 'test', 'fixtures', 'bad');
const CLI = path.join(repoRoot, 'bin', 'playmark.js');
const RSS_HOOK = path.join(repoRoot, 'scripts', 'max-rss-hook.js');
const KEYS = new Set(['about', 'base', 'run', 'exit', 'code', 'output', 'absent', 'make', 'timeout', 'bound', 'cwd']);

/** Every case, sorted by name; a malformed case.yaml throws, naming the file and what is wrong. */
export function loadCases() {
  return readdirSync(casesDir)
    .filter((name) => existsSync(path.join(casesDir, name, 'case.yaml')))
    .sort()
    .map((name) => readCase(name));
}

function readCase(name) {
  const file = path.join(casesDir, name, 'case.yaml');
  const wrong = (what) => new Error(`${path.relative(repoRoot, file)}: ${what} (see test/fixtures/bad/README.md)`);
  let spec;
  try {
    spec = load(readFileSync(file, 'utf8'));
  } catch (error) {
    throw wrong(`not YAML: ${String(error.message).split('\n')[0]}`);
  }
  if (!spec || typeof spec !== 'object') throw wrong('not a mapping');
  for (const key of Object.keys(spec)) if (!KEYS.has(key)) throw wrong(`unknown key "${key}"`);
  if (typeof spec.about !== 'string') throw wrong('`about` must say what the case is');
  if (!Array.isArray(spec.run) || !spec.run.every((a) => typeof a === 'string')) throw wrong('`run` must be a list of arguments');
  if (![0, 1, 2].includes(spec.exit)) throw wrong('`exit` must be 0, 1 or 2');
  if (spec.exit === 1 && typeof spec.code !== 'string') throw wrong('a case that exits 1 names the diagnostic `code` it must print');
  if (spec.cwd !== undefined && spec.cwd !== 'repo') throw wrong('`cwd` may only be `repo`');
  if (spec.base !== undefined && !existsSync(path.join(casesDir, '_base', String(spec.base)))) throw wrong(`no base project _base/${spec.base}/`);
  const project = path.join(casesDir, name, 'project');
  return {
    name,
    about: spec.about,
    run: spec.run,
    exit: spec.exit,
    code: spec.code,
    output: spec.output,
    absent: spec.absent,
    make: spec.make ?? [],
    timeout: spec.timeout ?? 60,
    bound: { seconds: spec.bound?.seconds ?? 10, megabytes: spec.bound?.megabytes ?? 400 },
    project: existsSync(project) ? project : undefined,
    base: spec.base === undefined ? undefined : path.join(casesDir, '_base', String(spec.base)),
    inRepo: spec.cwd === 'repo',
  };
}

/** Lays out a case's project in `dir`: its base project, if it names one, with its own project/ over it. */
export function layProject(c, dir) {
  mkdirSync(dir, { recursive: true });
  if (c.base) cpSync(c.base, dir, { recursive: true, verbatimSymlinks: true });
  if (c.project) cpSync(c.project, dir, { recursive: true, verbatimSymlinks: true });
}

/** A case by its folder's name. */
export function caseNamed(name) {
  return readCase(name);
}

/** Makes the working folder of a case: its project laid out (or an empty folder) and its `make` files. */
function prepare(c, tmp) {
  const work = path.join(tmp, 'project');
  layProject(c, work);
  for (const m of c.make) {
    const target = path.join(work, m.path);
    // A made file replaces what the base laid there (a template made a link to /etc/passwd), so its
    // folder must be the case's own: never make or remove through a link that leads out of the copy.
    if (!isInside(realExisting(path.dirname(target)), realpathSync(work))) throw new Error(`${c.name}: make path ${m.path} leads out of the case's project`);
    mkdirSync(path.dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    if (m.symlink !== undefined) symlinkSync(m.symlink, target);
    else writeFileSync(target, `${m.before ?? ''}${String(m.text ?? '').repeat(m.repeat ?? 1)}${m.after ?? ''}`);
  }
  return c.inRepo ? repoRoot : work;
}

/** The real path of `dir`'s nearest folder that exists, with the rest of `dir` after it. */
function realExisting(dir) {
  return existsSync(dir) ? realpathSync(dir) : path.join(realExisting(path.dirname(dir)), path.basename(dir));
}

/** Whether `file` is `dir` or lies under it (both real paths). */
function isInside(file, dir) {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Every file under `dir`, recursively (links not followed). */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Runs one case and returns what happened: status, signal, output, whether it timed out, the text
 * of the files it wrote under out/, and (with `measure`) its peak memory in megabytes.
 */
export async function runCase(c, { measure = false } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `playmark-bad-${c.name}-`));
  try {
    const cwd = prepare(c, tmp);
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    const rssFile = path.join(tmp, 'max-rss');
    const env = { ...process.env, HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), NO_COLOR: '1', PLAYMARK_RSS_FILE: rssFile };
    delete env.PLAYMARK_CACHE_DIR;
    delete env.PLAYMARK_DEBUG;
    const args = [...(measure ? ['--import', RSS_HOOK] : []), CLI, ...c.run];
    const started = process.hrtime.bigint();
    const result = await new Promise((resolve) => {
      const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      let size = 0;
      // Keep at most 1 MB of output: a case that echoes a huge input must not fill this process.
      const keep = (chunk) => {
        if (size < 1 << 20) out.push(chunk);
        size += chunk.length;
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, c.timeout * 1000);
      child.on('close', (status, signal) => {
        clearTimeout(timer);
        resolve({ status, signal, timedOut, output: Buffer.concat(out).toString('utf8'), outputBytes: size });
      });
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const outDir = path.join(cwd, 'out');
    const written = c.inRepo
      ? []
      : filesUnder(outDir)
          .filter((f) => statSync(f).size < 64 << 20)
          .map((f) => readFileSync(f, 'latin1'));
    const megabytes = measure && existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : undefined;
    return { ...result, seconds, megabytes, written };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
