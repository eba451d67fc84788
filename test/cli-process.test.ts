// The installed command as a process: what a shell user meets beyond the in-process tests.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'playmark.js');

describe('playmark as a process', () => {
  it('stops quietly when its reader closes the pipe early (playmark export warchon --provenance | head -c 100)', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" export warchon --provenance | head -c 100 > /dev/null`], { encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.status).toBe(0);
  }, 30_000);

  it('exits 2 with a message and no stack trace for an unknown command', async () => {
    const child = spawn(process.execPath, [bin, 'frobnicate'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown command/);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
