// Commands that write files (`new`, `init`) meet the file system's refusals as one-line usage
// errors naming the file (exit 2), never as "internal error" (exit 3) with a stack: an id too long
// for a file name, a folder that is a file, permission denied, no space left.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, withFileErrors } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { MAX_ID_LENGTH } from '../src/content/new-record.js';
import { fakeIo, fixture, STACK_LINE } from './helpers.js';

let dir: string;

async function run(argv: string[], cwd: string) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  const all = f.stdout() + f.stderr();
  expect(all).not.toMatch(STACK_LINE);
  expect(all).not.toContain('internal error');
  return { code, out: f.stdout(), err: f.stderr() };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-file-errors-'));
  cpSync(fixture('valid', 'mini'), path.join(dir, 'content', 'mini'), { recursive: true });
  cpSync(fixture('schemas'), path.join(dir, 'schemas'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('new: ids too long for a file name', () => {
  it(`a 300-character id is a usage error (exit 2) saying it is too long and the limit, ${MAX_ID_LENGTH}; nothing is written`, async () => {
    const before = readdirSync(path.join(dir, 'content', 'mini', 'cards'));
    const r = await run(['new', 'card', 'a'.repeat(300)], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('too long');
    expect(r.err).toContain(String(MAX_ID_LENGTH));
    expect(r.err).not.toContain('a'.repeat(100)); // the id is not echoed whole
    expect(readdirSync(path.join(dir, 'content', 'mini', 'cards'))).toEqual(before);
  });

  it(`an id of exactly ${MAX_ID_LENGTH} characters is written`, async () => {
    const id = 'b'.repeat(MAX_ID_LENGTH);
    const r = await run(['new', 'card', id], dir);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(path.join(dir, 'content', 'mini', 'cards'))).toContain(`${id}.yaml`);
  });
});

describe('file-system refusals are one line naming the file, exit 2', () => {
  it('new, where the kind folder is a file (ENOTDIR)', async () => {
    rmSync(path.join(dir, 'content', 'mini', 'cards'), { recursive: true });
    writeFileSync(path.join(dir, 'content', 'mini', 'cards'), 'a file\n');
    const r = await run(['new', 'card', 'fresh'], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^content\/mini\/cards:1:1 error \[file\/read-failed\] cannot .* content\/mini\/cards.*: a part of the path is a file, not a folder \(ENOTDIR\)$/m,
    );
  });

  it('init into a folder below a file (ENOTDIR)', async () => {
    writeFileSync(path.join(dir, 'plain'), 'a file\n');
    const r = await run(['init', 'plain/game'], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^plain\/game\/.*:1:1 error \[file\/write-failed\] cannot write plain\/game\/.*: a part of the path is a file, not a folder \(ENOTDIR\)$/m,
    );
  });

  // Permission and space errors cannot be provoked as root (tests may run as root), so the
  // mapping is checked on the errors Node throws for them.
  for (const [code, words] of [
    ['EACCES', 'permission denied'],
    ['ENOSPC', 'no space left'],
    ['EEXIST', 'exists already'],
    ['EROFS', 'read-only'],
    ['ENAMETOOLONG', 'too long'],
  ] as const) {
    it(`${code} becomes "cannot open <file>: ${words} (${code})", a usage error`, () => {
      const error = Object.assign(new Error(`${code}: x`), { code, syscall: 'open', path: path.join(dir, 'content', 'mini', 'cards', 'x.yaml') });
      let thrown: unknown;
      try {
        withFileErrors(dir, () => {
          throw error;
        });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UsageError);
      expect((thrown as UsageError).message).toMatch(/^cannot open content\/mini\/cards\/x\.yaml: /);
      expect((thrown as UsageError).message).toContain(words);
      expect((thrown as UsageError).message).toContain(`(${code})`);
      expect((thrown as UsageError).code).toBe('file/write-failed');
      expect((thrown as UsageError).file).toBe('content/mini/cards/x.yaml');
    });
  }

  it("an error that is not the file system's passes through (a bug stays a bug)", () => {
    expect(() =>
      withFileErrors(dir, () => {
        throw new TypeError('x is undefined');
      }),
    ).toThrow(TypeError);
  });
});
