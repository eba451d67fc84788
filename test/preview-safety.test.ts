// `playmark preview` survives the web (issue 19): any page the designer opens can send requests to
// the preview, so it refuses malformed targets (400) and never dies of a request, answers only
// requests addressed to itself (Host, against DNS rebinding) and its own pages (Origin), splices its
// error overlay in without replacement patterns, runs no script of a pack in the designer's browser
// (Content-Security-Policy with a nonce, shown in a real headless Chromium), and keeps seeing files
// that editors save by rename. Real servers on 127.0.0.1 port 0, real HTTP requests.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPreviewOptions } from '../src/cli/preview.js';
import type { PackContent } from '../src/content/effective.js';
import { findProject } from '../src/content/project.js';
import { launchBrowser } from '../src/render/browser.js';
import { startPreview, type PreviewServer } from '../src/render/preview.js';
import { fakeIo, repoRoot } from './helpers.js';
import { requireBrowser } from './render-pipeline-support.js';

let dir: string;
let server: PreviewServer;
let port: number;
let spread: string;
let original: string;

/** The first line of the answer to a request written byte for byte: targets `fetch` would never send. */
function raw(text: string, to = port): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
    socket.write(text, 'latin1');
  });
}

/** A GET with exactly these headers (node:http, which lets Host and Origin be set): its status, headers and body. */
function get(
  pathname: string,
  headers: Record<string, string>,
  to = port,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: to, path: pathname, headers, setHost: false }, (res) => {
      // The event stream never ends: its status and headers are what is asked.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        resolve({ status: res.statusCode!, headers: res.headers, body: '' });
        res.destroy();
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    // A server that never answers fails the test here, not at the test's own time limit.
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to GET ${pathname}`)));
    req.end();
  });
}

const own = () => ({ host: `127.0.0.1:${port}` });

/** Polls until `test` holds, for at most `timeout` ms; returns the last value seen. */
async function until<T>(read: () => Promise<T>, test: (v: T) => boolean, what: string, timeout = 20_000): Promise<T> {
  const end = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < end) {
    try {
      last = await read();
      if (test(last)) return last;
    } catch {
      // navigating, or a rebuild under way: read again
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never saw ${what}; last: ${String(typeof last === 'string' ? last.slice(0, 300) : JSON.stringify(last))}`);
}

const spreadsPage = () => get('/warchon/warchon-spreads', own()).then((r) => r.body);
const status = () => get('/status.json', own()).then((r) => JSON.parse(r.body) as { version: number; errors: { where: string; code: string }[] });

/** Saves a file as vim, JetBrains and `sed -i` do: a temporary file renamed over it. */
function saveByRename(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.swp`);
  writeFileSync(temp, text);
  renameSync(temp, file);
}

// A pack template that tries to run script in the designer's browser and reach a local server.
let listener: Server;
let listenerPort: number;
const listenerHits: string[] = [];

beforeAll(async () => {
  listener = createServer((req, res) => {
    listenerHits.push(req.url ?? '');
    res.end('secret');
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  listenerPort = (listener.address() as AddressInfo).port;

  dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-preview-safety-'));
  cpSync(path.join(repoRoot, 'content/warchon'), path.join(dir, 'content/warchon'), { recursive: true });
  cpSync(path.join(repoRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  cpSync(path.join(repoRoot, 'templates/warchon'), path.join(dir, 'templates/warchon'), { recursive: true });
  const template = path.join(dir, 'templates/warchon/spread.hbs');
  const to = `http://127.0.0.1:${listenerPort}`;
  writeFileSync(
    template,
    readFileSync(template, 'utf8') +
      `\n<script>document.documentElement.setAttribute('data-pwned','script');fetch('${to}/fetch').catch(function(){});</script>` +
      `<img src="${to}/img" alt=""><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onerror="document.documentElement.setAttribute('data-pwned','handler')" alt="">` +
      `<div style="background:url(${to}/css)"></div><link rel="stylesheet" href="${to}/link">\n`,
  );
  spread = path.join(dir, 'content/warchon/spreads/erdon-pass.yaml');
  original = readFileSync(spread, 'utf8');
  server = await startPreview({ ...projectPreviewOptions(findProject(dir)!, fakeIo(dir).io), port: 0 });
  port = Number(new URL(server.url).port);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => listener?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('preview: malformed requests', () => {
  const targets: [string, string][] = [
    ['//, an empty authority (new URL threw Invalid URL and killed the server)', '//'],
    ['a scheme-relative target', '//evil.example/x'],
    ['absolute-form', 'http://x/'],
    ['asterisk-form', '*'],
    ['bad percent-encoding', '/%zz'],
    ['a lone percent sign', '/%'],
    ['an encoded NUL', '/%00'],
    ['percent-encoding that is not UTF-8', '/%C0%AF'],
    ['a raw NUL', '/a\0b'],
    ['an over-long target (5,000 characters)', `/${'a'.repeat(5000)}`],
  ];
  it.each(targets)('%s gets 400, and the server goes on serving', async (_what, target) => {
    expect(await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
    expect((await get('/', own())).status).toBe(200);
  });

  it('an unexpected error while answering a request is a 500 and one logged line; the server goes on serving', async () => {
    const lines: string[] = [];
    let broken = false;
    const base = projectPreviewOptions(findProject(dir)!, fakeIo(dir).io);
    // Content whose manifest cannot be read once `broken` is set: the index page reads it on every request.
    const failing = (content: PackContent): PackContent =>
      new Proxy(content, {
        get: (target, key, receiver) => {
          if (broken && key === 'pack') throw new Error('the manifest went away');
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const s = await startPreview({
      ...base,
      load: (ids) => {
        const loaded = base.load(ids);
        return { ...loaded, packs: loaded.packs === null ? null : loaded.packs?.map(failing) };
      },
      watch: [],
      port: 0,
      log: (line) => void lines.push(line),
    });
    const p = Number(new URL(s.url).port);
    try {
      broken = true;
      const failed = await get('/', { host: `127.0.0.1:${p}` }, p);
      expect(failed.status).toBe(500);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^playmark preview: GET "\/" failed: the manifest went away .*\n$/);
      expect(lines[0]!.split('\n')).toHaveLength(2);
      broken = false;
      expect((await get('/', { host: `127.0.0.1:${p}` }, p)).status).toBe(200);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('preview: only requests addressed to it, from its own pages', () => {
  it('answers Host 127.0.0.1:<port> and localhost:<port>', async () => {
    expect((await get('/', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await get('/', { host: `localhost:${port}` })).status).toBe(200);
    expect((await get('/', { host: `LOCALHOST:${port}` })).status).toBe(200);
  });

  it.each([
    ['a DNS-rebinding name', (p: number) => `evil.example:${p}`],
    ['localhost on another port', () => 'localhost:1'],
    ['no port', () => '127.0.0.1'],
    ['[::1], which it does not listen on', (p: number) => `[::1]:${p}`],
    ['a look-alike', (p: number) => `127.0.0.1.evil.example:${p}`],
  ])('refuses Host of %s with 403, on pages, status and event stream', async (_what, host) => {
    for (const target of ['/', '/warchon/warchon-spreads', '/status.json', '/events']) {
      const res = await get(target, { host: host(port) });
      expect(res.status, target).toBe(403);
      expect(res.body).not.toContain('Erdon');
    }
  });

  it('refuses a request with no Host header', async () => {
    expect(await raw('GET / HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('serves the event stream with no Origin or its own, and refuses another site (403)', async () => {
    expect((await get('/events', own())).status).toBe(200);
    expect((await get('/events', { ...own(), origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await get('/events', { ...own(), origin: `http://localhost:${port}` })).status).toBe(200);
    for (const origin of ['http://evil.example', `http://evil.example:${port}`, 'null', `https://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]) {
      const res = await get('/events', { ...own(), origin });
      expect(res.status, origin).toBe(403);
      expect(String(res.headers['content-type'])).not.toContain('event-stream');
    }
  });

  it('listening on every interface (0.0.0.0) still refuses foreign Host names, and answers 127.0.0.1', async () => {
    const s = await startPreview({ ...projectPreviewOptions(findProject(dir)!, fakeIo(dir).io), watch: [], port: 0, host: '0.0.0.0' });
    const p = Number(new URL(s.url).port);
    try {
      expect(s.url).toBe(`http://127.0.0.1:${p}/`);
      expect((await get('/', { host: `127.0.0.1:${p}` }, p)).status).toBe(200);
      expect((await get('/', { host: `evil.example:${p}` }, p)).status).toBe(403);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('preview: the error overlay', () => {
  it('quotes a line with $` and $& as written, without copying the page into the overlay', async () => {
    const before = await status();
    writeFileSync(
      spread,
      original.replace('capacity: 4', () => 'capacity: "$`four$&"'),
    );
    try {
      const html = await until(spreadsPage, (t) => /The content has \d+ errors?/.test(t), 'the overlay');
      expect(html).toContain('capacity: &quot;$`four$&amp;&quot;');
      // String.replace would have put the whole page before the overlay in place of $`.
      expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
      expect(html.match(/<\/body>/g)).toHaveLength(1);
    } finally {
      writeFileSync(spread, original);
      await until(status, (s) => s.version > before.version && s.errors.length === 0, 'the content clean again');
    }
  }, 60_000);
});

describe('preview: Content-Security-Policy', () => {
  it('every page carries a policy that runs only the reload script, by a nonce new on each response, and loads nothing from the network', async () => {
    const a = await get('/warchon/warchon-spreads', own());
    const b = await get('/warchon/warchon-spreads', own());
    const policy = String(a.headers['content-security-policy']);
    expect(policy).toMatch(/(^|; )default-src 'none'(;|$)/);
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(a.body).toContain(`<script nonce="${nonce}">`);
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce);
    for (const p of ['/', '/nope', '/status.json']) expect(String((await get(p, own())).headers['content-security-policy'])).toContain("default-src 'none'");
  });

  describe('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(requireBrowser());
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it("a pack template's script, event handler, image, CSS url() and stylesheet do nothing, and the reload script still refreshes the page", async () => {
      const page = await browser.newPage();
      listenerHits.length = 0;
      await page.goto(`${server.url}warchon/warchon-spreads`, { waitUntil: 'load' });
      const text = () => page.evaluate(() => document.body?.innerText ?? '');
      await until(text, (t) => t.includes('Erdon Pass'), 'the page');
      // The fonts (data:) still load under the policy: the page is as render prints it.
      const faces = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].map((f) => f.status);
      });
      expect(faces).toContain('loaded');
      expect(faces).not.toContain('error');
      saveByRename(spread, original.replace('name: Erdon Pass', 'name: Erdon Gate'));
      try {
        await until(text, (t) => t.includes('Erdon Gate'), 'the page refreshed by its reload script');
        await page.waitForLoadState('load');
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-pwned'))).toBeNull();
        expect(listenerHits).toEqual([]);
      } finally {
        saveByRename(spread, original);
        await page.close();
      }
    }, 60_000);
  });
});

describe('preview: saves by rename', () => {
  it('sees every save of a file replaced by rename, six times over, each with a new value', async () => {
    for (let i = 1; i <= 6; i++) {
      const name = `Erdon Renamed ${i}`;
      saveByRename(spread, original.replace('name: Erdon Pass', `name: ${name}`));
      await until(spreadsPage, (t) => t.includes(name), `the page with ${name}`);
    }
    saveByRename(spread, original);
    await until(spreadsPage, (t) => t.includes('Erdon Pass'), 'the page with Erdon Pass again');
  }, 120_000);

  it('sees a new file, and its removal', async () => {
    const file = path.join(dir, 'content/warchon/spreads/zz-new.yaml');
    writeFileSync(file, 'id: [\n');
    await until(status, (s) => s.errors.some((e) => e.where.includes('zz-new.yaml')), 'the new file read');
    rmSync(file);
    await until(status, (s) => s.errors.length === 0, 'the content clean once the file is gone');
  }, 60_000);

  it('sees files in a folder made after it started (a new pack), and the folder removed', async () => {
    const before = await status();
    const folder = path.join(dir, 'content/newpack');
    mkdirSync(folder);
    // The folder is seen (a rebuild), so it is watched from then on.
    await until(status, (s) => s.version > before.version, 'the new folder seen');
    writeFileSync(path.join(folder, 'pack.yaml'), 'id: [\n');
    await until(status, (s) => s.errors.some((e) => e.where.includes('newpack/pack.yaml')), 'the file in the new folder read');
    rmSync(folder, { recursive: true });
    await until(status, (s) => s.errors.length === 0, 'the content clean once the folder is gone');
  }, 60_000);
});

describe('playmark preview (the command)', () => {
  /** Runs the CLI until it prints its URL (then stops it) or exits. */
  function run(args: string[], cwd = dir): Promise<{ code: number | null; stdout: string; stderr: string; url?: string; fetched?: number[] }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(repoRoot, 'bin/playmark.js'), 'preview', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let url: string | undefined;
      let fetched: number[] | undefined;
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const found = /playmark preview: (http:\/\/\S+)/.exec(stdout)?.[1];
        if (found && url === undefined) {
          url = found;
          const p = Number(new URL(found).port);
          void Promise.all([get('/', { host: `127.0.0.1:${p}` }, p), get('/', { host: `evil.example:${p}` }, p)])
            .then((r) => (fetched = r.map((x) => x.status)))
            .finally(() => child.kill('SIGTERM'));
        }
      });
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr, ...(url ? { url } : {}), ...(fetched ? { fetched } : {}) }));
    });
  }

  it('--host 0.0.0.0 warns on standard error what it exposes, and still refuses foreign Host names', async () => {
    const r = await run(['--host', '0.0.0.0', '--port', '0']);
    expect(r.stderr).toMatch(
      /warning: --host 0\.0\.0\.0 is not a loopback address: every printable of this project, and so its content, is served to any machine/,
    );
    expect(r.fetched).toEqual([200, 403]);
  }, 60_000);

  it('the default (127.0.0.1) gives no warning', async () => {
    const r = await run(['--port', '0']);
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(r.stderr).not.toContain('warning');
  }, 60_000);

  it.each([['99999'], ['abc'], ['-1'], ['1e3'], ['']])(
    '--port %j is a usage error (exit 2), no stack',
    async (value) => {
      const r = await run(['--port', value]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('is not a port number');
      expect(r.stderr).not.toMatch(/^ {4}at /m);
    },
    30_000,
  );

  it('an address not of this machine is a usage error (exit 2), after the warning', async () => {
    const r = await run(['--host', '192.0.2.1', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('warning: --host 192.0.2.1 is not a loopback address');
    expect(r.stderr).toContain('cannot listen on 192.0.2.1');
    expect(r.stderr).not.toMatch(/^ {4}at /m);
  }, 60_000);
});
