// Reading a stranger's pack (issue 19): a content file is read only when it is a plain file inside
// the project (real path, links followed) and not larger than 8 MB; anything else is a coded
// diagnostic, never a read of /etc/passwd, never a wait on a pipe or a device, never a whole read of
// a huge file. A file refused unread is not read to show its line either.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES } from '../src/content/read-content.js';
import { validate } from '../src/content/validate.js';
import { badCaseProject } from './helpers.js';

const MINI = badCaseProject('planted-parse-cache-in-project');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-content-files-'));
  made.push(dir);
  cpSync(MINI, dir, { recursive: true });
  return dir;
}

function check(dir: string) {
  const result = validate([path.join(dir, 'content')], { cwd: dir, cacheDir: false });
  const shown = result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`);
  const everything = JSON.stringify(result.diagnostics);
  return { result, shown, everything };
}

describe('content files outside the project are refused unread: file/outside-project', () => {
  it('a record that is a link to /etc/passwd', () => {
    const dir = project();
    symlinkSync('/etc/passwd', path.join(dir, 'content/mini/cards/evil.yaml'));
    const { shown, everything, result } = check(dir);
    expect(shown).toEqual(['file/outside-project content/mini/cards/evil.yaml:1:1']);
    expect(result.diagnostics[0]!.message).toContain('/etc/passwd');
    expect(everything).not.toContain('root:x:0');
  });

  it('a pack.yaml that is a link outside the project: the pack is not read', () => {
    const dir = project();
    const outside = mkdtempSync(path.join(tmpdir(), 'playmark-outside-'));
    made.push(outside);
    writeFileSync(path.join(outside, 'pack.yaml'), readFileSync(path.join(dir, 'content/mini/pack.yaml')));
    rmSync(path.join(dir, 'content/mini/pack.yaml'));
    symlinkSync(path.join(outside, 'pack.yaml'), path.join(dir, 'content/mini/pack.yaml'));
    const { shown, result } = check(dir);
    expect(shown).toEqual(['file/outside-project content/mini/pack.yaml:1:1']);
    expect(result.packs).toEqual([]);
  });

  it('a listed layer that is a link outside is refused; an unlisted one is reported without its first line being shown', () => {
    const dir = project();
    rmSync(path.join(dir, 'content/mini/layers/errata.yaml'));
    symlinkSync('/etc/passwd', path.join(dir, 'content/mini/layers/errata.yaml'));
    symlinkSync('/etc/passwd', path.join(dir, 'content/mini/layers/unlisted.yaml'));
    const { shown, everything } = check(dir);
    expect(shown).toContain('file/outside-project content/mini/layers/errata.yaml:1:1');
    expect(shown).toContain('layer/unlisted content/mini/layers/unlisted.yaml:1:1');
    expect(everything).not.toContain('root:x:0');
  });

  it('a link to a file inside the project is read as the file it leads to', () => {
    const dir = project();
    mkdirSync(path.join(dir, 'shared'));
    const text = readFileSync(path.join(dir, 'content/mini/cards/scout.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'shared/scout.yaml'), text);
    rmSync(path.join(dir, 'content/mini/cards/scout.yaml'));
    symlinkSync(path.join(dir, 'shared/scout.yaml'), path.join(dir, 'content/mini/cards/scout.yaml'));
    const { shown, result } = check(dir);
    expect(shown).toEqual([]);
    expect(result.packs[0]!.records.get('card')!.map((c) => c.id)).toContain('scout');
  });
});

describe('a content path that is not a plain file: file/read-failed, never a wait', () => {
  it('a FIFO named like a record is refused at once (no writer ever comes)', () => {
    const dir = project();
    const fifo = path.join(dir, 'content/mini/cards/pipe.yaml');
    expect(spawnSync('mkfifo', [fifo]).status, 'mkfifo (coreutils) must be installed').toBe(0);
    const { shown, result } = check(dir);
    expect(shown).toEqual(['file/read-failed content/mini/cards/pipe.yaml:1:1']);
    expect(result.diagnostics[0]!.message).toMatch(/not a plain file/);
  }, 20_000);

  it('a folder named like a record is refused, not passed over in silence', () => {
    const dir = project();
    mkdirSync(path.join(dir, 'content/mini/cards/folder.yaml'));
    expect(check(dir).shown).toEqual(['file/read-failed content/mini/cards/folder.yaml:1:1']);
  });
});

describe('a content file larger than 8 MB: file/too-large, never read whole', () => {
  it('a 100 MB file is refused from its size alone, with the honest number', () => {
    const dir = project();
    const big = path.join(dir, 'content/mini/cards/huge.yaml');
    // Sparse: takes no disk. Read whole, it would be 100 MB of NUL bytes (a YAML error, not this one).
    writeFileSync(big, '');
    truncateSync(big, 100 * 1024 * 1024);
    const { shown, result } = check(dir);
    expect(shown).toEqual(['file/too-large content/mini/cards/huge.yaml:1:1']);
    expect(result.diagnostics[0]!.message).toContain('(104,857,600 bytes)');
    expect(result.diagnostics[0]!.message).toContain('8,388,608');
  });

  it('a file of exactly 8 MB is read', () => {
    const dir = project();
    const file = path.join(dir, 'content/mini/cards/scout.yaml');
    const text = readFileSync(file, 'utf8');
    const line = `# ${'x'.repeat(97)}\n`;
    let padded = text + line.repeat(Math.floor((MAX_CONTENT_BYTES - text.length) / line.length));
    padded += '#'.repeat(MAX_CONTENT_BYTES - padded.length - 1) + '\n';
    writeFileSync(file, padded);
    expect(Buffer.byteLength(padded)).toBe(MAX_CONTENT_BYTES);
    expect(check(dir).shown).toEqual([]);
  });
});
