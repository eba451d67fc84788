// The README's walk-throughs, followed word for word. Each "### Walk-through: ..." section of
// README.md is read as it stands: its ```sh blocks are run line by line and its ```yaml <file>
// blocks are written where they say (a whole file, or, for a block that is one list item such as a
// layer entry, that item of the file replaced). Each runs in a fresh copy of the project (content/,
// schemas/, templates/, package.json, committed to a new git repository, as a clone would be),
// with `npx playmark` run as `node <repo>/bin/playmark.js`. The comment after a command says what
// you see: `exit N:` at its start is the exit code it must give (0 otherwise), and each `code`
// span in it is text the command must print (or write to the file it redirects to). `preview`
// never exits: it is started, its URL line awaited, the page it serves fetched, then stopped.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlText, repoRoot } from './helpers.js';
import { box, pdfinfo, pdftotext } from './render-pipeline-support.js';

const bin = path.join(repoRoot, 'bin', 'playmark.js');
const execFileAsync = promisify(execFile);

type Step =
  | { readonly type: 'sh'; readonly command: string; readonly comment: string; readonly line: number }
  | { readonly type: 'yaml'; readonly file: string; readonly text: string; readonly line: number };

interface Walkthrough {
  readonly title: string;
  readonly steps: readonly Step[];
}

/** The walk-throughs of README.md: each "### Walk-through: <title>" section's fenced blocks, in order. */
function walkthroughs(markdown: string): Walkthrough[] {
  const lines = markdown.split('\n');
  const out: { title: string; steps: Step[] }[] = [];
  let current: { title: string; steps: Step[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const walk = /^Walk-through:\s*(.+)$/.exec(heading[2]!);
      current = walk && heading[1] === '###' ? { title: walk[1]!, steps: [] } : undefined;
      if (current) out.push(current);
      continue;
    }
    const fence = /^```(\S*)\s*(.*)$/.exec(line);
    if (!fence) continue;
    const start = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    if (!current) continue;
    const lang = fence[1];
    if (lang === 'sh') {
      body.forEach((text, k) => {
        if (text.trim() === '') return;
        const m = /^(.*?)\s+#\s+(.*)$/.exec(text);
        current!.steps.push({ type: 'sh', command: (m ? m[1]! : text).trim(), comment: m ? m[2]! : '', line: start + k + 1 });
      });
    } else if (lang === 'yaml') {
      expect(fence[2], `README.md:${start}: a yaml block of a walk-through names the file it is written to`).not.toBe('');
      current.steps.push({ type: 'yaml', file: fence[2]!.trim(), text: body.join('\n') + '\n', line: start });
    } else {
      throw new Error(`README.md:${start}: a walk-through's blocks are sh (commands) or yaml <file> (an edit), not "${lang}"`);
    }
  }
  return out;
}

/** A fresh copy of the project, committed in a new git repository as a clone would be. */
function freshProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-walkthrough-'));
  for (const p of ['content', 'schemas', 'templates', 'package.json']) cpSync(path.join(repoRoot, p), path.join(dir, p), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'a fresh clone');
  return dir;
}

/** The command as the shell runs it here: `npx playmark` is this checkout's bin/playmark.js. */
function shellCommand(command: string): string {
  expect(command, 'a walk-through command runs playmark as `npx playmark`').toMatch(/^npx playmark /);
  return command.replace(/^npx playmark /, `"${process.execPath}" "${bin}" `);
}

/** What a step's comment asks for: the exit code (`exit N:` at its start, else 0) and the texts in `code`. */
function expectations(comment: string): { code: number; texts: string[] } {
  const exit = /^exit (\d+):/.exec(comment);
  return { code: exit ? Number(exit[1]) : 0, texts: [...comment.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) };
}

/** Writes a yaml block: the whole file, or, for one list item (`- id: X` indented), that item of the file. */
function applyYaml(dir: string, step: Extract<Step, { type: 'yaml' }>): void {
  const file = path.join(dir, step.file);
  const item = /^(\s*)- id: (\S+)\n/.exec(step.text);
  if (!item) {
    writeFileSync(file, step.text);
    return;
  }
  const lines = readFileSync(file, 'utf8').split('\n');
  const indent = item[1]!;
  const start = lines.indexOf(`${indent}- id: ${item[2]}`);
  expect(start, `README.md:${step.line}: ${step.file} has an entry "${item[2]}" to fill in`).toBeGreaterThanOrEqual(0);
  let end = start + 1;
  // The item runs to the next item at its indentation, or to a line indented less, or to the end.
  while (
    end < lines.length &&
    !(lines[end]!.startsWith(`${indent}- `) || (lines[end]!.trim() !== '' && lines[end]!.length - lines[end]!.trimStart().length < indent.length + 2))
  )
    end++;
  lines.splice(start, end - start, ...step.text.replace(/\n$/, '').split('\n'));
  writeFileSync(file, lines.join('\n'));
}

interface Ran {
  readonly code: number;
  readonly output: string;
}

/** Runs a command line in the shell (asynchronously: the walk-throughs run side by side), with its output and exit code. */
async function runSh(dir: string, command: string): Promise<Ran> {
  try {
    const { stdout } = await execFileAsync('sh', ['-c', `${shellCommand(command)} 2>&1`], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: e.stdout ?? String(error) };
  }
}

/** Starts `preview` as written, waits for its URL line, fetches the page of `printable`, and stops it. */
async function runPreview(dir: string, command: string, printable: string): Promise<Ran & { page: string; retried: boolean }> {
  const start = (cmd: string) =>
    new Promise<{ code: number; output: string; url?: string; stop: () => Promise<void> }>((resolve) => {
      const child = spawn('sh', ['-c', `exec ${shellCommand(cmd)}`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      // Generous: preview validates the project before it listens, slow on a shared machine under load.
      const timer = setTimeout(() => resolve({ code: -1, output: `${output}\n(no URL line within 90 s)`, stop }), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const url = /playmark preview: (http:\/\/\S+)/.exec(output);
        if (url) {
          clearTimeout(timer);
          resolve({ code: 0, output, url: url[1]!, stop });
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, output, stop });
      });
    });
  let server = await start(command);
  // Another program holding the default port is this machine's business, not the README's: then the same command on a free port.
  const retried = !server.url && /port \d+ is in use/.test(server.output);
  if (retried) server = await start(`${command} --port 0`);
  try {
    if (!server.url) return { code: server.code, output: server.output, page: '', retried };
    const index = await (await fetch(server.url)).text();
    const href = new RegExp(`href="([^"]*${printable}[^"]*)"`).exec(index)?.[1];
    const page = href ? await (await fetch(new URL(href, server.url))).text() : `(no link to ${printable} on the index page)`;
    return { code: 0, output: server.output, page, retried };
  } finally {
    await server.stop();
  }
}

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const walks = walkthroughs(readme);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Follows a walk-through step by step; returns the project folder and each command's output. */
async function follow(walk: Walkthrough, preview?: { printable: string; shows: string }): Promise<{ dir: string; outputs: Map<string, string> }> {
  const dir = freshProject();
  dirs.push(dir);
  const outputs = new Map<string, string>();
  for (const step of walk.steps) {
    if (step.type === 'yaml') {
      applyYaml(dir, step);
      continue;
    }
    const where = `README.md:${step.line}: ${step.command}`;
    const want = expectations(step.comment);
    let ran: Ran;
    if (/^npx playmark preview\b/.test(step.command)) {
      expect(preview, `${where}: a preview this test does not know what to look for in`).toBeDefined();
      const p = await runPreview(dir, step.command, preview!.printable);
      expect(htmlText(p.page), `${where}: the page it serves`).toContain(preview!.shows);
      // The URL the README shows is the default port's; where that port was busy, the free one stands for it.
      ran = p.retried ? { code: p.code, output: p.output.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:4173') } : p;
    } else {
      ran = await runSh(dir, step.command);
    }
    const redirect = /\s>\s*(\S+)\s*$/.exec(step.command);
    const seen = ran.output + (redirect && existsSync(path.join(dir, redirect[1]!)) ? readFileSync(path.join(dir, redirect[1]!), 'utf8') : '');
    expect(ran.code, `${where}\n${ran.output}`).toBe(want.code);
    for (const text of want.texts) expect(seen, `${where}: prints \`${text}\``).toContain(text);
    outputs.set(step.command, seen);
  }
  return { dir, outputs };
}

const walk = (title: RegExp) => {
  const found = walks.find((w) => title.test(w.title));
  if (!found) throw new Error(`README.md has no "### Walk-through: ..." matching ${title}; it has: ${walks.map((w) => w.title).join('; ')}`);
  return found;
};

// Each walk-through has its own project: they run side by side.
describe.concurrent('the README walk-throughs, word for word', () => {
  it('README.md has the three, each with commands', () => {
    expect(walks.map((w) => w.title)).toHaveLength(3);
    for (const w of walks) expect(w.steps.filter((s) => s.type === 'sh').length, w.title).toBeGreaterThanOrEqual(2);
  });

  it('a designer adds a spread, validates it, sees it in preview and prints it', async () => {
    const w = walk(/designer/);
    expect(w.steps.map((s) => (s.type === 'sh' ? s.command.split(' ').slice(0, 3).join(' ') : 'yaml'))).toEqual(
      expect.arrayContaining(['npx playmark new', 'yaml', 'npx playmark validate', 'npx playmark preview', 'npx playmark render']),
    );
    const { dir } = await follow(w, { printable: 'warchon-spreads', shows: 'Sunken Ford' });
    const pdf = path.join(dir, 'out', 'warchon', 'warchon-spreads.pdf');
    expect((await pdfinfo(pdf)).pages).toBe(8);
    expect(await pdftotext(pdf, 8)).toMatch(/Sunken Ford/i);
    // `new spread` wrote the Special Rules line as printed: the sheet prints it, not the unknown mark.
    const html = htmlText(readFileSync(path.join(dir, 'out', 'warchon', 'warchon-spreads.html'), 'utf8'));
    const sunken = html.slice(html.lastIndexOf('Sunken Ford'));
    expect(html.slice(html.indexOf('Sp. 8'))).toMatch(/Special Rules None\./);
    expect(sunken).not.toMatch(/Special Rules \?/);
  }, 240_000);

  it('an errata maintainer fixes a table cell with a layer entry, checks it and publishes the changelog', async () => {
    const { dir } = await follow(walk(/errata maintainer/));
    // The erratum is in a layer of its own, which `new` added last to the manifest (errata apply last).
    expect(readFileSync(path.join(dir, 'content', 'warchon', 'pack.yaml'), 'utf8')).toMatch(/^layers: \[inferences, rulings, reconstructions, errata\]$/m);
    const md = readFileSync(path.join(dir, 'errata.md'), 'utf8');
    expect(md).toContain('Erdon Pass, combat results, row 2, column +4: D2 → D3');
    expect(md).toMatch(/Added \*\*erratum\*\* `erdon-pass-crt-2-plus-4`/);
    const sheet = htmlText(readFileSync(path.join(dir, 'out', 'warchon', 'warchon-errata.html'), 'utf8'));
    // For players: the cell in the table's words with its note; the entry and its reason are the changelog's (errata.md).
    expect(sheet).toContain('Latest changes');
    expect(sheet).toContain("Erdon Pass \u271A combat results, row 2, column +4: was D2, now D3 \u2014 The publisher's errata corrects this cell.");
    expect(sheet).not.toContain('erdon-pass-crt-2-plus-4');
    expect(sheet).not.toContain('ERRATUM:');
    expect(await pdftotext(path.join(dir, 'out', 'warchon', 'warchon-errata.pdf'), 1)).toMatch(/Latest changes/i);
  }, 120_000);

  it('a print-and-play maker prints the deck two-sided at home, calibrated, and for print-on-demand', async () => {
    const { dir } = await follow(walk(/print-and-play/));
    const deck = await pdfinfo(path.join(dir, 'out', 'archon-skirmish', 'archon-skirmish-deck.pdf'));
    expect(deck.pages).toBe(12);
    expect(existsSync(path.join(dir, 'out', 'calibration.pdf'))).toBe(true);
    const pod = await pdfinfo(path.join(dir, 'out', 'pod', 'archon-skirmish', 'archon-skirmish-deck.pdf'));
    expect(pod.pages).toBe(100);
    // One poker card a page: its TrimBox is the card (63 x 88 mm), inside a larger BleedBox.
    const trim = box(pod, 'TrimBox');
    const bleed = box(pod, 'BleedBox');
    expect(((trim[2]! - trim[0]!) * 25.4) / 72).toBeCloseTo(63, 0);
    expect(((trim[3]! - trim[1]!) * 25.4) / 72).toBeCloseTo(88, 0);
    expect(bleed[2]! - bleed[0]!).toBeGreaterThan(trim[2]! - trim[0]!);
  }, 120_000);
});
