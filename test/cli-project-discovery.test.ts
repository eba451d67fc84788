// validate, lint and export find their project upward from the working directory, as git does:
// they work from any subfolder, use the project's own schemas/, and take a pack id of the project.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, fixture, repoRoot, STACK_LINE } from './helpers.js';

// A designer's project outside playmark: content/mini/ and its own schemas/ (the fixture kinds).
const project = mkdtempSync(path.join(os.tmpdir(), 'playmark-project-'));
cpSync(fixture('valid', 'mini'), path.join(project, 'content', 'mini'), { recursive: true });
cpSync(fixture('schemas'), path.join(project, 'schemas'), { recursive: true });
const nowhere = mkdtempSync(path.join(os.tmpdir(), 'playmark-nowhere-'));
mkdirSync(path.join(nowhere, 'sub'));
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(nowhere, { recursive: true, force: true });
});

async function run(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

const deep = path.join(project, 'content', 'mini', 'spreads');

describe('with no path, validate and lint check the project found upward', () => {
  it('validate from a subfolder of a project with its own schemas/ checks every pack of it', async () => {
    const r = await run(deep, 'validate', '--no-cache', '--format', 'json');
    const report = JSON.parse(r.stdout) as { errors: number; packs: { id: string; records: number }[] };
    expect(report.errors).toBe(0);
    expect(report.packs).toEqual([expect.objectContaining({ id: 'mini', records: 10 })]);
    expect(r.code).toBe(0);
  });

  it("lint from a subfolder does the same, and lists the pack's rules", async () => {
    const r = await run(deep, 'lint', '--no-cache');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/mini: 0 of \d+ rules run, 0 run on test content, 0 unused, \d+ manual/);
  });

  it('validate from a subfolder of playmark itself checks its three packs', async () => {
    const r = await run(path.join(repoRoot, 'content', 'warchon', 'spreads'), 'validate', '--format', 'json');
    const report = JSON.parse(r.stdout) as { packs: { id: string }[] };
    expect(report.packs.map((p) => p.id).sort()).toEqual(['archon-skirmish', 'warchon', 'warmaster']);
  });

  it('outside any project, validate with no path is a usage error that says what a project is', async () => {
    const r = await run(path.join(nowhere, 'sub'), 'validate');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no playmark project');
    expect(r.stderr).toContain('content/<pack>/pack.yaml');
  });
});

describe('export takes a pack id of the project found upward', () => {
  it('a pack id resolves from a subfolder', async () => {
    const r = await run(deep, 'export', 'mini');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pack: { id: 'mini' }, content: 'effective' });
  });

  it('a pack folder path still works, relative to the working directory', async () => {
    const r = await run(path.join(project, 'content'), 'export', './mini');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pack: { id: 'mini' } });
  });

  it('a mistyped pack id is a usage error with the near pack', async () => {
    const r = await run(path.join(repoRoot, 'content', 'warchon'), 'export', 'warchn');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no pack "warchn"');
    expect(r.stderr).toContain('Did you mean "warchon"?');
    expect(r.stderr).toContain('Packs: archon-skirmish, warchon, warmaster');
  });

  it('a pack id far from every pack gets the list, and no "did you mean"', async () => {
    const r = await run(repoRoot, 'export', 'chess');
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Did you mean');
    expect(r.stderr).toContain('Packs: archon-skirmish, warchon, warmaster');
  });

  it('outside any project, a pack id is a usage error', async () => {
    const r = await run(nowhere, 'export', 'mini');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no playmark project');
  });
});
