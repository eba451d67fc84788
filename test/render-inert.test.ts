// Printing a stranger's pack is inert (issue 19): the page prints with JavaScript off and every
// request refused, so a template's script, iframe, image, CSS url(), @import and @font-face aimed at
// a local server reach nothing and print nothing from it, and an endless script cannot hang the
// print; no template, partial or stylesheet is read from outside the project, at validate nor at
// render; and a signal stops `render` cleanly, leaving the previous outputs as they were.
// Each runs the real command (`node bin/playmark.js`, from dist/: `npx tsc -p tsconfig.json` first)
// in a copy of test/fixtures/render-inert/project, printing with the real headless Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { templateFile } from '../src/content/template-files.js';
import { documentCss } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { RenderError } from '../src/render/render-error.js';
import { fixture, repoRoot, STACK_LINE } from './helpers.js';
import { pdftotext, requireBrowser } from './render-pipeline-support.js';

const bin = path.join(repoRoot, 'bin', 'playmark.js');
const temps: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-inert-'));
  temps.push(dir);
  return dir;
}

/** A fresh copy of the tiny project (one pack, one card, one printable). */
function project(): string {
  const dir = path.join(tempDir(), 'project');
  cpSync(fixture('render-inert', 'project'), dir, { recursive: true });
  return dir;
}

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
}

/** playmark as a process in `cwd`; `onErr` sees stderr as it comes (and may signal the child). */
function playmark(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}, onErr?: (text: string, child: ChildProcess) => void): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
    onErr?.(stderr, child);
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, output })));
}

/** Every file under `dir` (relative paths), or none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** A listener on 127.0.0.1 that records every request (and WebSocket upgrade) and answers with a marker. */
async function listener(marker: string): Promise<{ server: Server; port: number; requests: string[] }> {
  const requests: string[] = [];
  const record = (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`);
  const server = createServer((req, res) => {
    record(req);
    const css = req.url?.endsWith('.css');
    res.writeHead(200, { 'content-type': css ? 'text/css' : 'text/html' });
    res.end(css ? `.card::after { content: "${marker}"; }` : `<p>${marker}</p>`);
  });
  server.on('upgrade', (req, socket) => {
    record(req);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('printing is inert: no script runs and nothing is fetched', () => {
  it('a template aiming a script, an iframe, an image, url(), @import and @font-face at a local server makes no request and prints nothing from it (PDF and PNG)', async () => {
    requireBrowser();
    const marker = `LISTENER-MARKER-${process.pid}-${Date.now()}`;
    const { server, port, requests } = await listener(marker);
    try {
      const dir = project();
      const at = `http://127.0.0.1:${port}`;
      writeFileSync(
        path.join(dir, 'templates/x/card.hbs'),
        `<div class="card"><h2>{{record.name}}</h2>
<style>@import url("${at}/import.css");</style>
<p id="said">NO-SCRIPT-RAN</p>
<script>
  document.getElementById('said').textContent = 'SCRIPT-RAN-MARKER';
  navigator.sendBeacon('${at}/beacon', 'x');
  fetch('${at}/fetch');
  new WebSocket('ws://127.0.0.1:${port}/ws');
</script>
<iframe src="${at}/iframe"></iframe>
<img src="${at}/img.png" alt="">
<object data="${at}/object"></object>
<link rel="stylesheet" href="${at}/link.css">
<div class="remote-bg">bg</div>
<meta http-equiv="refresh" content="0;url=${at}/refresh">
</div>
`,
      );
      writeFileSync(
        path.join(dir, 'templates/x/x.css'),
        `@font-face { font-family: Remote; src: url("${at}/font.woff2"); }\n.card h2 { font-family: Remote, serif; }\n.remote-bg { background-image: url("${at}/bg.png"); }\n`,
      );
      const run = await playmark(dir, ['render', '--only', 'cards', '--png']);
      expect(run.output).not.toMatch(STACK_LINE);
      expect(run.code, run.output).toBe(0);
      expect(requests, 'requests the listener received').toEqual([]);
      const text = await pdftotext(path.join(dir, 'out/x/x-cards.pdf'));
      expect(text).toContain('The plain card');
      // The script would have replaced this line; the iframe and the imported CSS would print the marker.
      expect(text).toContain('NO-SCRIPT-RAN');
      expect(text).not.toContain('SCRIPT-RAN-MARKER');
      expect(text).not.toContain(marker);
      expect(filesUnder(path.join(dir, 'out/x/x-cards')).length).toBeGreaterThan(0);
    } finally {
      await close(server);
    }
  }, 60_000);

  it('an endless script in a template does not hang the print (PDF and PNG): the render finishes', async () => {
    requireBrowser();
    const dir = project();
    writeFileSync(path.join(dir, 'templates/x/card.hbs'), '<div class="card"><h2>{{record.name}}</h2><script>for (;;) {}</script></div>\n');
    const run = await playmark(dir, ['render', '--only', 'cards', '--png']);
    expect(run.output).not.toMatch(STACK_LINE);
    expect(run.code, run.output).toBe(0);
    expect(await pdftotext(path.join(dir, 'out/x/x-cards.pdf'))).toContain('The plain card');
  }, 60_000);
});

describe('no template, partial or stylesheet is read from outside the project', () => {
  const secret = `OUTSIDE-SECRET-${process.pid}-${Date.now()}`;
  /** A file outside the project holding the secret (a template, and a stylesheet that prints it). */
  function outsideFile(name: string): string {
    const file = path.join(tempDir(), name);
    writeFileSync(file, name.endsWith('.css') ? `.card::after { content: "${secret}"; }\n` : `<p>${secret}</p>\n`);
    return file;
  }

  async function refused(dir: string, code: string, line: RegExp): Promise<void> {
    const validate = await playmark(dir, ['validate']);
    expect(validate.code, validate.output).toBe(1);
    expect(validate.output).toContain(`[${code}]`);
    expect(validate.output).toMatch(line);
    const render = await playmark(dir, ['render']);
    expect(render.code, render.output).toBe(1);
    expect(render.output).toContain(`[${code}]`);
    for (const run of [validate, render]) {
      expect(run.output).not.toMatch(STACK_LINE);
      expect(run.output).not.toContain(secret);
    }
    for (const file of filesUnder(path.join(dir, 'out'))) expect(readFileSync(path.join(dir, 'out', file), 'latin1')).not.toContain(secret);
  }

  it('a template that is a symlink to a file outside is file/outside-project at the template name in printables.yaml; render refuses it', async () => {
    const dir = project();
    unlinkSync(path.join(dir, 'templates/x/card.hbs'));
    symlinkSync(outsideFile('card.hbs'), path.join(dir, 'templates/x/card.hbs'));
    await refused(
      dir,
      'file/outside-project',
      /content\/x\/printables\.yaml:8:12 error \[file\/outside-project\] The front template x\/card\.hbs .* is a link to /,
    );
  }, 60_000);

  it('a stylesheet that is a symlink to a file outside is file/outside-project; render refuses it', async () => {
    const dir = project();
    unlinkSync(path.join(dir, 'templates/x/x.css'));
    symlinkSync(outsideFile('x.css'), path.join(dir, 'templates/x/x.css'));
    await refused(
      dir,
      'file/outside-project',
      /content\/x\/pack\.yaml:\d+:\d+ error \[file\/outside-project\] The template file templates\/x\/x\.css .* is a link to /,
    );
  }, 60_000);

  it('a partial that is a symlink to a file outside is file/outside-project; render refuses it', async () => {
    const dir = project();
    mkdirSync(path.join(dir, 'templates/partials'));
    symlinkSync(outsideFile('leak.hbs'), path.join(dir, 'templates/partials/leak.hbs'));
    await refused(dir, 'file/outside-project', /templates\/partials\/leak\.hbs .* is a link to /);
  }, 60_000);

  it('a template name with ../ that leaves the project is file/outside-project; render refuses it', async () => {
    const dir = project();
    const file = outsideFile('up.hbs');
    const up = path.relative(path.join(dir, 'templates'), file).split(path.sep).join('/');
    const printables = path.join(dir, 'content/x/printables.yaml');
    writeFileSync(printables, readFileSync(printables, 'utf8').replace('front: x/card.hbs', `front: ${up}`));
    await refused(dir, 'file/outside-project', /content\/x\/printables\.yaml:8:12 error \[file\/outside-project\] The front template \.\.\/.* resolves to /);
  }, 60_000);

  it('an absolute template name is refused (printables.schema.json allows only names relative to templates/)', async () => {
    const dir = project();
    const printables = path.join(dir, 'content/x/printables.yaml');
    writeFileSync(printables, readFileSync(printables, 'utf8').replace('front: x/card.hbs', `front: ${outsideFile('abs.hbs')}`));
    await refused(dir, 'schema/pattern', /content\/x\/printables\.yaml:8:12 error \[schema\/pattern\]/);
  }, 60_000);

  // Defence in depth: the renderer checks again as it reads, should validation ever be bypassed.
  describe('the renderer reads no file outside, whatever validate said', () => {
    function linkedProject(): string {
      const dir = project();
      unlinkSync(path.join(dir, 'templates/x/card.hbs'));
      symlinkSync(outsideFile('card.hbs'), path.join(dir, 'templates/x/card.hbs'));
      return dir;
    }
    const dirsOf = (dir: string) => [path.join(dir, 'templates'), path.join(repoRoot, 'templates')];

    it('a template that is a link to a file outside is a RenderError, not its text', () => {
      const templates = createTemplates(dirsOf(linkedProject()));
      expect(() => templates.render('x/card.hbs', { record: {} })).toThrow(RenderError);
      expect(() => templates.render('x/card.hbs', { record: {} })).toThrow(/x\/card\.hbs is not read: it is a link to .*, outside the project/);
    });

    it('a template name with ../ or an absolute name is a RenderError', () => {
      const dir = project();
      const file = outsideFile('up.hbs');
      const templates = createTemplates(dirsOf(dir));
      expect(() => templates.render(path.relative(path.join(dir, 'templates'), file), {})).toThrow(RenderError);
      expect(() => templates.render(file, {})).toThrow(/absolute path/);
      expect(templateFile('C:/Windows/x.hbs', dirsOf(dir), [dir])).toEqual({ found: false, outside: expect.stringMatching(/absolute/) });
    });

    it('a stylesheet that is a link to a file outside is a RenderError, not CSS', () => {
      const dir = project();
      unlinkSync(path.join(dir, 'templates/x/x.css'));
      symlinkSync(outsideFile('x.css'), path.join(dir, 'templates/x/x.css'));
      expect(() => documentCss(createTemplates(dirsOf(dir)), 'x')).toThrow(RenderError);
    });

    it('a partial that is a link to a file outside is a RenderError when the templates are made', () => {
      const dir = project();
      mkdirSync(path.join(dir, 'templates/partials'));
      symlinkSync(outsideFile('leak.hbs'), path.join(dir, 'templates/partials/leak.hbs'));
      expect(() => createTemplates(dirsOf(dir))).toThrow(/partials\/leak\.hbs is not read: it is a link to /);
    });

    it('a link that stays inside the project is read as usual', () => {
      const dir = project();
      writeFileSync(path.join(dir, 'shared.hbs'), '<p>shared {{name}}</p>');
      symlinkSync(path.join(dir, 'shared.hbs'), path.join(dir, 'templates/x/shared.hbs'));
      expect(createTemplates(dirsOf(dir)).render('x/shared.hbs', { name: 'card' })).toBe('<p>shared card</p>');
    });
  });
});

describe('a signal stops render cleanly', () => {
  for (const [signal, status] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} during render: exit ${status} with a one-line message, the browser closed, the earlier outputs byte-identical, no temporary file left`, async () => {
      requireBrowser();
      const dir = project();
      const first = await playmark(dir, ['render', '--png']);
      expect(first.code, first.output).toBe(0);
      const out = path.join(dir, 'out');
      const before = new Map(filesUnder(out).map((f) => [f, readFileSync(path.join(out, f))]));
      // The browser's profile goes to TMPDIR: empty again once the browser is closed.
      const tmp = tempDir();
      let sent = false;
      const run = await playmark(dir, ['render', '--force', '--png'], { TMPDIR: tmp }, (stderr, child) => {
        // Mid-way: the browser has started and the prints are under way.
        if (!sent && /^rendering \d+ outputs/m.test(stderr)) {
          sent = true;
          child.kill(signal);
        }
      });
      expect(sent, run.output).toBe(true);
      expect(run.code, run.output).toBe(status);
      expect(run.output).toContain(`playmark: render stopped by ${signal}`);
      expect(run.output).not.toMatch(STACK_LINE);
      expect(run.output).not.toMatch(/internal error|bug in playmark/);
      expect(filesUnder(out)).toEqual([...before.keys()]);
      for (const [file, bytes] of before) expect(readFileSync(path.join(out, file)).equals(bytes), `${file} is as it was`).toBe(true);
      expect(readdirSync(tmp), 'left in TMPDIR by the browser').toEqual([]);
    }, 90_000);
  }
});
