// Outputs are written atomically with a temporary name of their own (src/content/write-atomic.ts):
// two processes writing one file at once never tear it (a reader sees one writer's whole file,
// never a mixture), neither fails, and no temporary file is left behind.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempNameFor, writeAtomic, writeNewAtomic } from '../src/content/write-atomic.js';
import { repoRoot } from './helpers.js';

const compiled = path.join(repoRoot, 'dist', 'src', 'content', 'write-atomic.js');
let dir: string;
beforeAll(() => {
  if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npx tsc -p tsconfig.json\` first`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-atomic-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A process that writes `file` `rounds` times with 256 KB of its own letter, and after each write
 * reads the file and checks it is whole: one letter throughout, the full length. Exits 0 when every
 * write and read went well; prints what went wrong otherwise.
 */
function writer(file: string, letter: string, rounds: number): Promise<{ code: number | null; output: string }> {
  const script = `
    import { readFileSync } from 'node:fs';
    import { writeAtomic } from ${JSON.stringify(pathToFileURL(compiled).href)};
    const size = 256 * 1024;
    const data = Buffer.alloc(size, ${JSON.stringify(letter)});
    for (let i = 0; i < ${rounds}; i++) {
      writeAtomic(${JSON.stringify(file)}, data);
      const seen = readFileSync(${JSON.stringify(file)});
      const first = seen[0];
      if (seen.length !== size || !seen.every((b) => b === first)) {
        console.log('torn: ' + seen.length + ' bytes, ' + new Set(seen).size + ' different letters');
        process.exit(1);
      }
    }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('atomic writes', () => {
  it('two processes writing one file at once: neither fails, every read sees one whole file, the end is one whole file, no temporary file is left', async () => {
    const file = path.join(dir, 'report.json');
    const [a, b] = await Promise.all([writer(file, 'a', 400), writer(file, 'b', 400)]);
    expect(a, a.output).toMatchObject({ code: 0 });
    expect(b, b.output).toMatchObject({ code: 0 });
    const end = readFileSync(file);
    expect(end.length).toBe(256 * 1024);
    expect(new Set(end).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['report.json']);
  }, 120_000);

  it('each write has a temporary name of its own, hidden, in the same folder', () => {
    const file = path.join(dir, 'x.json');
    const one = tempNameFor(file);
    const two = tempNameFor(file);
    expect(one).not.toBe(two);
    expect(path.dirname(one)).toBe(dir);
    expect(path.basename(one)).toMatch(new RegExp(`^\\.x\\.json\\.${process.pid}\\.[0-9a-f]{12}\\.tmp$`));
  });

  it('a write that fails leaves the old file and no temporary file', () => {
    const sub = path.join(dir, 'fails');
    mkdirSync(sub);
    const file = path.join(sub, 'out.txt');
    writeFileSync(file, 'old');
    // Renaming a file over a folder fails after the temporary file is written.
    const folder = path.join(sub, 'a-folder');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'inside'), 'x');
    expect(() => writeAtomic(folder, 'new')).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(sub).sort()).toEqual(['a-folder', 'out.txt']);
  });

  it('writeNewAtomic never replaces a file that exists (EEXIST), and leaves no temporary file', () => {
    const file = path.join(dir, 'new.yaml');
    writeNewAtomic(file, 'first');
    expect(() => writeNewAtomic(file, 'second')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
