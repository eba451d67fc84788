// The bad-input runner's `make` files (scripts/bad-input.js): a made file replaces what the case's
// base laid at its path, so the runner removes what is there first; it must never make or remove
// anything through a link that leads out of the case's temporary copy (a case that made
// `templates` a link to /etc and then a file under templates/ would write into /etc).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCase, type BadCase } from '../scripts/bad-input.js';

const outside = mkdtempSync(path.join(os.tmpdir(), 'playmark-make-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const caseMaking = (make: BadCase['make']): BadCase => ({
  name: 'make-guard',
  about: '',
  run: ['--version'],
  exit: 0,
  make,
  timeout: 10,
  bound: { seconds: 10, megabytes: 400 },
  inRepo: false,
});

describe("the bad-input runner makes files only inside the case's copy", () => {
  it('a make path under a folder made a link out of the copy is refused, and nothing is written there', async () => {
    const c = caseMaking([
      { path: 'templates', symlink: outside },
      { path: 'templates/x/card.hbs', text: 'written outside' },
    ]);
    await expect(runCase(c)).rejects.toThrow("make path templates/x/card.hbs leads out of the case's project");
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a make path that climbs out with .. is refused', async () => {
    const c = caseMaking([{ path: '../../escaped.txt', text: 'x' }]);
    await expect(runCase(c)).rejects.toThrow('leads out of the case');
    expect(existsSync(path.join(os.tmpdir(), 'escaped.txt'))).toBe(false);
  });
});
