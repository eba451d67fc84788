// `playmark preview` ends, and its server with it, however it is stopped: SIGINT, SIGTERM and SIGHUP
// (the terminal closing), and the end of the process that started it. `npx playmark preview` runs
// the server under npm and a shell (`npm exec` -> `sh -c playmark` -> node); stopping npx by its PID
// ends npm and the shell without passing the signal on, and the server used to keep serving.
// Real processes throughout; each test waits for the server's process to be gone (bounded only by
// the test's timeout: a server left running fails it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';

let base: string;
let project: string;
/** Every process a test started, and those they started: ended after each test, whatever happened. */
let started: number[] = [];

// npm passes its settings to the tests as npm_* variables; npx here must see a user's plain environment.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'playmark-preview-stop-'));
  project = path.join(base, 'game');
  const made = fakeIo(base);
  expect(await main(['init', 'game'], made.io), made.stderr()).toBe(0);
  // playmark "installed" as npm links a file: dependency, with its command in node_modules/.bin.
  mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
  symlinkSync(path.join('..', 'playmark', 'bin', 'playmark.js'), path.join(project, 'node_modules', '.bin', 'playmark'));
});
afterEach(() => {
  for (const pid of started) alive(pid) && process.kill(pid, 'SIGKILL');
  started = [];
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Whether a process exists (and is not a zombie waiting to be reaped). */
function alive(pid: number): boolean {
  const r = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  return r.status === 0 && !r.stdout.trim().startsWith('Z');
}

/** The processes below `pid` (children, theirs...). */
function descendants(pid: number): number[] {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (p: number) => rows.filter(([, ppid]) => ppid === p).forEach(([child]) => (found.push(child), walk(child)));
  walk(pid);
  return found;
}

/** Starts a command and resolves with it once the preview has printed its URL. */
function startPreview(command: string, args: readonly string[], extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: project, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child.pid!);
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /playmark preview: (http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        started.push(...descendants(child.pid!));
        resolve({ child, url });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`exited ${code} before serving:\n${out}\n${err}`)));
  });
}

/** The status of GET url, or the error code when nothing answers there. */
function get(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

/** Resolves once none of the processes exists. */
async function gone(pids: readonly number[]): Promise<void> {
  while (pids.some(alive)) await new Promise((r) => setTimeout(r, 100));
}

describe('playmark preview stops', () => {
  it('on SIGHUP (the terminal closing), as on SIGINT and SIGTERM: exit 0 and nothing answers on its port', async () => {
    for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) {
      const { child, url } = await startPreview(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), 'preview', '--port', '0']);
      expect(await get(url), signal).toBe(200);
      const exit = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (code, sig) => r([code, sig])));
      child.kill(signal);
      expect(await exit, signal).toEqual([0, null]);
      expect(await get(url), signal).toBe('ECONNREFUSED');
    }
  }, 90_000);

  it('under npm, when the process that started it ends without passing a signal on (its parent shell killed): the server ends', async () => {
    // `; wait`: the shell stays the server's parent, as `sh -c` under npx does; npx sets npm_command.
    const { child, url } = await startPreview('sh', ['-c', `"${process.execPath}" "${path.join(repoRoot, 'bin', 'playmark.js')}" preview --port 0 & wait`], {
      npm_command: 'exec',
    });
    const server = descendants(child.pid!);
    expect(server.length).toBeGreaterThan(0);
    expect(await get(url)).toBe(200);
    child.kill('SIGKILL');
    await gone(server);
    expect(await get(url)).toBe('ECONNREFUSED');
  }, 60_000);

  it("`npx playmark preview` stopped by npx's PID (kill <pid>): the server ends too", async () => {
    const { child, url } = await startPreview('npx', ['--no', '--', 'playmark', 'preview', '--port', '0']);
    const below = descendants(child.pid!);
    expect(below.length, 'npx runs the server in processes of its own').toBeGreaterThan(0);
    expect(await get(url)).toBe(200);
    child.kill('SIGTERM');
    await gone([child.pid!, ...below]);
    expect(await get(url)).toBe('ECONNREFUSED');
  }, 60_000);
});
