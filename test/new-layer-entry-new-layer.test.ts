// `playmark new layer-entry --layer L` for a layer the manifest does not list: the layer is started
// (layers/L.yaml) and added last to the manifest's `layers`, every other line of it kept; a name
// close to a listed layer is a typo (exit 2, nothing written). Run as real processes.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, STACK_LINE, badCaseProject } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-new-layer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(name: string): string {
  const dir = path.join(work, name);
  cpSync(badCaseProject('new-layer-entry-layer-typo'), dir, { recursive: true });
  return dir;
}

function playmark(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.stderr).not.toMatch(STACK_LINE);
  return { code: r.status, out: r.stdout + r.stderr };
}

const manifest = (dir: string) => readFileSync(path.join(dir, 'content', 'mini', 'pack.yaml'), 'utf8');

describe('new layer-entry in a new layer', () => {
  it('starts the layer and lists it last in a flow list, the rest of the manifest as it was', () => {
    const dir = project('flow');
    const before = manifest(dir);
    const r = playmark(dir, 'new', 'layer-entry', 'late-fix', '--pack', 'mini', '--layer', 'patches');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('patches is a new layer: added last to `layers` in content/mini/pack.yaml, so it applies after errata.');
    expect(manifest(dir)).toBe(before.replace('layers: [errata]', 'layers: [errata, patches]'));
    expect(readFileSync(path.join(dir, 'content', 'mini', 'layers', 'patches.yaml'), 'utf8')).toMatch(/^id: patches\n[\s\S]*- id: late-fix\n/m);
  });

  it('adds to a block list at its indentation', () => {
    const dir = project('block');
    writeFileSync(path.join(dir, 'content', 'mini', 'pack.yaml'), manifest(dir).replace('layers: [errata]', 'layers:\n    - errata # fixes'));
    const r = playmark(dir, 'new', 'layer-entry', 'late-fix', '--pack', 'mini', '--layer', 'patches');
    expect(r.code, r.out).toBe(0);
    expect(manifest(dir)).toContain('layers:\n    - errata # fixes\n    - patches');
  });

  it('a name close to a listed layer is a typo: exit 2, did you mean, nothing written', () => {
    const dir = project('typo');
    const before = manifest(dir);
    const r = playmark(dir, 'new', 'layer-entry', 'late-fix', '--pack', 'mini', '--layer', 'erata');
    expect(r.code).toBe(2);
    expect(r.out).toContain('Did you mean "errata"?');
    expect(manifest(dir)).toBe(before);
    expect(existsSync(path.join(dir, 'content', 'mini', 'layers', 'erata.yaml'))).toBe(false);
  });

  it('a manifest whose layers it cannot add to says to add the layer by hand (exit 1), and writes nothing', () => {
    const dir = project('odd');
    writeFileSync(path.join(dir, 'content', 'mini', 'pack.yaml'), manifest(dir).replace('layers: [errata]', 'layers: [\n  errata]'));
    const before = manifest(dir);
    const r = playmark(dir, 'new', 'layer-entry', 'late-fix', '--pack', 'mini', '--layer', 'patches');
    expect(r.code).toBe(1);
    expect(r.out).toContain('Add patches at the end of `layers` in the manifest');
    expect(manifest(dir)).toBe(before);
    expect(existsSync(path.join(dir, 'content', 'mini', 'layers', 'patches.yaml'))).toBe(false);
  });
});
