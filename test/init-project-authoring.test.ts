// The authoring commands on a designer's own project made by `playmark init` (not only on the
// shipped packs): fmt keeps it canonical, diff compares two copies of it, docs and preview serve it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { projectPreviewOptions } from '../src/cli/preview.js';
import { findProject } from '../src/content/project.js';
import { startPreview } from '../src/render/preview.js';
import { fakeIo, repoRoot } from './helpers.js';

let base: string;
let project: string;

async function run(argv: string[], cwd: string) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'playmark-init-authoring-'));
  expect((await run(['init', 'tavern-brawl'], base)).code).toBe(0);
  project = path.join(base, 'tavern-brawl');
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('authoring commands on a project made by playmark init', () => {
  it('fmt: the new project is in canonical form, and a file with its keys shuffled is put back as it was', async () => {
    expect((await run(['fmt', '--check'], project)).code).toBe(0);
    const cards = path.join(project, 'content/tavern-brawl/cards');
    const file = path.join(cards, readdirSync(cards)[0]!);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    // Swap the second and third keys of the record (the modeline stays first).
    const shuffled = [lines[0], lines[2], lines[1], ...lines.slice(3)].join('\n');
    writeFileSync(file, shuffled);
    expect((await run(['fmt', '--check'], project)).code).toBe(1);
    expect((await run(['fmt'], project)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('diff: two copies of the project, one with a changed value, report the record and the value', async () => {
    const other = path.join(base, 'tavern-brawl-edited');
    cpSync(project, other, { recursive: true, filter: (src) => !src.includes('node_modules') });
    const cards = path.join(other, 'content/tavern-brawl/cards');
    const file = path.join(cards, readdirSync(cards)[0]!);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^name: (.*)$/m, 'name: $1 Renamed'));
    const r = await run(['diff', project, other], base);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Renamed');
    expect(r.out).toMatch(/tavern-brawl/);
  });

  it("preview: serves the project's own printables, and docs writes its reference", async () => {
    const server = await startPreview({ ...projectPreviewOptions(findProject(project)!, fakeIo(project).io), port: 0 });
    try {
      const status = (await (await fetch(`${server.url}status.json`)).json()) as { errors: unknown[]; printables: string[] };
      expect(status.errors).toEqual([]);
      expect(status.printables.some((p) => p.startsWith('/tavern-brawl/'))).toBe(true);
      const page = await (await fetch(`${server.url}${status.printables[0]!.slice(1)}`)).text();
      expect(page).toContain('<html');
    } finally {
      await server.close();
    }
    expect((await run(['docs'], project)).code).toBe(0);
  });
});
