// `playmark init` never replaces a user's file: if any file it would write exists already, it lists
// each one (init/file-exists, one line a file) and writes nothing at all, exit 1; --force replaces.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo } from './helpers.js';

let dir: string;

async function run(argv: string[], cwd: string) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

/** Every file under `root` with its bytes, relative paths with `/`. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(root, file).split(path.sep).join('/')] = readFileSync(file).toString('base64');
  }
  return out;
}

/** The user's own files, at the paths the starter writes for the pack `game`. */
const MINE: Record<string, string> = {
  'templates/game/card.hbs': '<div>my own card, a week of work</div>\n',
  'templates/game/game.css': '.card { color: red }\n',
  'schemas/game/card.schema.json': '{ "mine": true }\n',
  '.vscode/settings.json': '{ "editor.tabSize": 8 }\n',
};

beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'playmark-init-over-')), 'game');
  for (const [rel, text] of Object.entries(MINE)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

describe('init never overwrites', () => {
  it('a folder holding files init would write: each is listed on its own line with init/file-exists, exit 1, and every byte of the folder is unchanged', async () => {
    const before = snapshot(dir);
    const r = await run(['init', '.'], dir);
    expect(r.code).toBe(1);
    for (const rel of Object.keys(MINE))
      expect(
        r.err.split('\n').filter((l) => l.startsWith(`${rel}:1:1 error [init/file-exists]`)),
        rel,
      ).toHaveLength(1);
    expect(r.err).toContain('--force');
    expect(r.err).not.toMatch(/^ {4}at /m);
    // Nothing written at all: not the files that were free (pack.yaml...), not a temporary file.
    expect(snapshot(dir)).toEqual(before);
  });

  it('a file where init needs a folder (templates is a file) is reported the same way, and nothing is written', async () => {
    rmSync(path.join(dir, 'templates'), { recursive: true });
    writeFileSync(path.join(dir, 'templates'), 'not a folder\n');
    const before = snapshot(dir);
    const r = await run(['init', '.'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('templates/game/card.hbs:1:1 error [init/file-exists]');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--force replaces them and writes the project', async () => {
    const r = await run(['init', '.', '--force'], dir);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(path.join(dir, 'templates/game/card.hbs'), 'utf8')).not.toBe(MINE['templates/game/card.hbs']);
    expect(readFileSync(path.join(dir, 'content/game/pack.yaml'), 'utf8')).toContain('id: game');
    expect(Object.keys(snapshot(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('--help documents --force', async () => {
    const r = await run(['init', '--help'], dir);
    expect(r.out).toContain('--force');
    expect(r.out).toContain('init/file-exists');
  });
});
