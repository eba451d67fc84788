// `playmark render`, `playmark build` and `playmark setup`, run in-process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { renderOptions, type RenderFlags } from '../src/cli/render.js';
import { setup, type SetupSystem } from '../src/cli/setup.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';
import { pdfinfo, tempDir } from './render-pipeline-support.js';

const saved = process.env.PLAYMARK_BROWSER;
afterEach(() => {
  if (saved === undefined) delete process.env.PLAYMARK_BROWSER;
  else process.env.PLAYMARK_BROWSER = saved;
});

describe('playmark render: usage', () => {
  it.each([
    [['render', '--card', 'huge'], /--card huge is not a card size/],
    [['render', '--bleed', '-1'], /--bleed -1 is not a length/],
    [['render', '--back-offset', '1;2'], /--back-offset 1;2 is not X,Y/],
    [['render', '--paper', 'a3'], /Allowed choices are a4, letter/],
    [['render', 'warchonn'], /no pack "warchonn"[\s\S]*Did you mean "warchon"/],
    [['render', '--gutter-fold', '--duplex', 'long'], /choose one/],
    [['render', '--only', 'nope'], /no printable "nope"/],
  ])('%j is a usage error', async (argv, message) => {
    const { io, stderr } = fakeIo();
    expect(await main([...argv, '--out', tempDir()], io)).toBe(2);
    expect(stderr()).toMatch(message);
    expect(stderr()).not.toMatch(STACK_LINE);
  });

  it('without a browser: the HTML is written, the message says how to get one, exit 1', async () => {
    process.env.PLAYMARK_BROWSER = '/nonexistent/chrome';
    const out = tempDir();
    const { io, stdout, stderr } = fakeIo();
    expect(await main(['render', 'warchon', '--only', 'warchon-reference', '--out', out], io)).toBe(1);
    expect(stderr()).toMatch(/PLAYMARK_BROWSER is set to \/nonexistent\/chrome, which does not exist/);
    expect(stderr()).toMatch(/apt-get install --no-install-recommends chromium-headless-shell/);
    expect(stdout()).toMatch(/warchon-reference\.pdf +2 pages +not printed \(no browser\)/);
    expect(existsSync(path.join(out, 'warchon/warchon-reference.html'))).toBe(true);
  });

  it('the render options are read into print options (build takes the same)', () => {
    const flags: RenderFlags = {
      out: 'o',
      paper: 'letter',
      card: 'mini',
      bleed: '2',
      gap: '0',
      margin: '4',
      safeMargin: '3',
      cropMarks: 'full',
      duplex: 'short',
      backOffset: '1,2',
      gutterFold: false,
      layout: 'nup',
      png: true,
      dpi: '600',
      inkSaver: true,
      only: 'a,b',
      force: false,
      strict: true,
      format: 'text',
      json: false,
    };
    const o = renderOptions(flags, fakeIo().io);
    expect(o).toMatchObject({
      paper: 'letter',
      card: { width: 44, height: 63 },
      bleed: 2,
      gap: 0,
      margin: 4,
      safeMargin: 3,
      cropMarks: 'full',
      duplex: 'short',
      backOffset: { x: 1, y: 2 },
      strict: true,
      png: true,
      dpi: 600,
      inkSaver: true,
      only: ['a', 'b'],
    });
    expect(o.outDir).toBe(path.resolve(repoRoot, 'o'));
  });

  it('a pack the project does not have is a usage error naming the packs, with a suggestion only when close', async () => {
    const far = fakeIo();
    expect(await main(['render', 'chess'], far.io)).toBe(2);
    expect(far.stderr()).toMatch(/no pack "chess"[\s\S]*Packs: archon-skirmish, warchon, warmaster/);
    expect(far.stderr()).not.toMatch(/Did you mean/);
  });
});

describe('playmark render and build, printing', () => {
  it('render prints a summary of every file with its page count, then reports it unchanged', async () => {
    const out = tempDir();
    const first = fakeIo();
    expect(await main(['render', 'warchon', '--only', 'warchon-reference', '--paper', 'letter', '--out', out], first.io)).toBe(0);
    expect(first.stdout()).toMatch(/warchon\/warchon-reference\.pdf +2 pages +written/);
    expect(first.stdout()).toMatch(/1 PDF \(2 pages\): 1 written, 0 unchanged; 1 HTML; 0 PNG/);
    expect(first.stderr()).toMatch(/\[1\/1\] wrote warchon\/warchon-reference\.pdf \(2 pages\)/);
    expect((await pdfinfo(path.join(out, 'warchon/warchon-reference.pdf'))).pageSize).toBe('612 x 792');
    const second = fakeIo();
    expect(await main(['render', 'warchon', '--only', 'warchon-reference', '--paper', 'letter', '--out', out, '--json'], second.io)).toBe(0);
    const json = JSON.parse(second.stdout()) as { files: { file: string; status: string; pages: number }[] };
    expect(json.files).toContainEqual({ file: 'warchon/warchon-reference.pdf', kind: 'pdf', pages: 2, status: 'unchanged' });
    const manifest = JSON.parse(readFileSync(path.join(out, '.playmark-render.json'), 'utf8')) as { outputs: Record<string, { pages: number }> };
    expect(manifest.outputs['warchon/warchon-reference.pdf']?.pages).toBe(2);
  }, 60_000);

  it('render --calibration prints only the calibration sheet', async () => {
    const out = tempDir();
    const { io, stdout } = fakeIo();
    expect(await main(['render', '--calibration', '--duplex', 'short', '--out', out], io)).toBe(0);
    expect(stdout()).toMatch(/calibration\.pdf +2 pages +written/);
    expect(stdout()).toMatch(/^1 PDF/m);
  }, 60_000);

  it('build validates, checks generated/ and renders', async () => {
    const out = tempDir();
    const { io, stdout, stderr } = fakeIo();
    expect(await main(['build', '--only', 'archon-skirmish-turn', '--out', out], io)).toBe(0);
    expect(stderr()).toMatch(/packs? checked/);
    // Each pack's summary line is validate's, which counts the rules the game engines run as coverage
    // does (build's once said 0 run, every rule manual).
    const validated = fakeIo();
    await main(['validate'], validated.io);
    const lines = validated
      .stdout()
      .split('\n')
      .filter((l) => / rules run, \d+ run on test content, /.test(l));
    expect(lines.map((l) => l.split(':')[0])).toEqual(['archon-skirmish', 'warchon', 'warmaster']);
    expect(lines.find((l) => l.startsWith('warchon:'))).not.toMatch(/ 0 of \d+ rules run/);
    for (const line of lines) expect(stderr()).toContain(line);
    expect(stderr()).toMatch(/codegen: generated\/ is up to date/);
    expect(stdout()).toMatch(/archon-skirmish\/archon-skirmish-turn\.pdf +1 page +written/);
  }, 120_000);
});

describe('playmark setup', () => {
  const system = (over: Partial<SetupSystem> & { found?: boolean; afterInstall?: boolean }): SetupSystem & { ran: string[] } => {
    const ran: string[] = [];
    let installed = false;
    return {
      platform: 'linux',
      isRoot: true,
      exists: (f) => f === '/usr/bin/apt-get' || f === '/usr/bin/sudo',
      run: (argv) => {
        ran.push(argv.join(' '));
        if (argv.includes('install')) installed = over.afterInstall ?? true;
        return 0;
      },
      findBrowser: () => (over.found || installed ? { path: '/usr/bin/chromium-headless-shell', source: 'chromium-headless-shell' } : null),
      ...over,
      ran,
    };
  };

  it('finds a browser and installs nothing', () => {
    const { io, stdout } = fakeIo();
    const sys = system({ found: true });
    expect(setup(io, sys, false)).toBe(0);
    expect(stdout()).toBe('browser: /usr/bin/chromium-headless-shell (chromium-headless-shell)\n');
    expect(sys.ran).toEqual([]);
  });

  it('as root on Debian: apt-get update, then install chromium-headless-shell, saying so', () => {
    const { io, stdout } = fakeIo();
    const sys = system({});
    expect(setup(io, sys, false)).toBe(0);
    expect(sys.ran).toEqual(['/usr/bin/apt-get update', '/usr/bin/apt-get install -y --no-install-recommends chromium-headless-shell']);
    expect(stdout()).toMatch(/installing Debian's chromium-headless-shell/);
  });

  it('as a sudo user, through sudo; the next package when the first is missing; a dry run runs nothing', () => {
    const sudo = system({ isRoot: false, afterInstall: false });
    expect(() => setup(fakeIo().io, sudo, false)).toThrow(expect.objectContaining({ code: 'render/no-browser', message: 'installing a browser did not work' }));
    expect(sudo.ran).toEqual([
      '/usr/bin/sudo /usr/bin/apt-get update',
      '/usr/bin/sudo /usr/bin/apt-get install -y --no-install-recommends chromium-headless-shell',
      '/usr/bin/sudo /usr/bin/apt-get install -y --no-install-recommends chromium',
    ]);
    const dry = system({ isRoot: false });
    const { io, stdout } = fakeIo();
    expect(setup(io, dry, true)).toBe(0);
    expect(dry.ran).toEqual([]);
    expect(stdout()).toMatch(/sudo \/usr\/bin\/apt-get install -y --no-install-recommends chromium-headless-shell/);
  });

  it('elsewhere, says how to get a browser (render/no-browser, exit 1, the how in its hint)', () => {
    expect(() => setup(fakeIo().io, system({ platform: 'darwin' }), false)).toThrow(
      expect.objectContaining({ code: 'render/no-browser', exit: 1, hint: expect.stringMatching(/macOS: install Google Chrome/) }),
    );
    expect(() => setup(fakeIo().io, system({ isRoot: false, exists: (f) => f === '/usr/bin/apt-get' }), false)).toThrow(
      expect.objectContaining({ code: 'render/no-browser', message: expect.stringMatching(/needs root/) }),
    );
  });
});

describe('the README and CI agree', () => {
  it(".ci/run runs exactly the README's two set-up lines and installs nothing else", () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const block = /## Set up[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    const lines = block
      .split('\n')
      .filter(Boolean)
      .map((l) => l.replace(/\s+#.*$/, '').trim());
    expect(lines).toEqual(['npm ci && npx playmark setup && npx playmark build', 'npm test']);
    const ci = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8').split('\n');
    const at = (line: string) => ci.indexOf(line);
    expect(at(lines[0]!)).toBeGreaterThan(0);
    expect(at(lines[1]!)).toBeGreaterThan(at(lines[0]!));
    // The browser comes from `playmark setup`, the PDF readers from npm: no system package of its own.
    expect(ci.filter((l) => /\b(apt-get|apt|dpkg|sudo|brew|choco|yum|dnf|apk|curl|wget)\b/.test(l.replace(/#.*$/, '')))).toEqual([]);
    const commands = ci.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    // Besides them: a clean clone of HEAD in an empty folder, with nothing beside it, as a user's clone has.
    const cloning = [
      'set -euo pipefail',
      'checkout="$(cd "$(dirname "$0")/.." && pwd)"',
      'commit="$(git -C "$checkout" rev-parse HEAD)"',
      'work="$(mktemp -d)"',
      `trap 'rm -rf "$work"' EXIT`,
      'git -c safe.directory="$checkout" clone --quiet --no-checkout "$checkout" "$work/playmark"',
      'cd "$work/playmark"',
      'git checkout --quiet --detach "$commit"',
      'echo "Testing $commit in a clean clone at $PWD, alone in its folder"',
      'node --version',
      'npm --version',
    ];
    expect(commands.filter((l) => !cloning.includes(l))).toEqual(lines);
  });
});
