// A designer's own project, made by `playmark init` outside playmark's repository: it validates
// with no diagnostic (its modelines point where npm installs playmark), generates typed modules
// from its own schema and playmark's, and prints its cards with its own template and its errata
// sheet, from any subfolder, into out/ at its root. playmark is "installed" by a link in
// node_modules, as npm would place it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, htmlText, repoRoot } from './helpers.js';

let base: string;
let project: string;

async function run(argv: string[], cwd: string) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'playmark-init-'));
  const made = await run(['init', 'tavern-brawl'], base);
  expect(made.code, made.err).toBe(0);
  project = path.join(base, 'tavern-brawl');
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('playmark init', () => {
  it('writes a project: package.json depending on playmark, a pack, its schema, a card template, printables, a layer and editor settings', () => {
    const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // Run from this clone: the dependency is the clone's folder, which npm links (no registry has playmark).
    expect(pkg.devDependencies.playmark).toBe(`file:${realpathSync(repoRoot)}`);
    for (const f of [
      'content/tavern-brawl/pack.yaml',
      'content/tavern-brawl/printables.yaml',
      'content/tavern-brawl/layers/errata.yaml',
      'schemas/tavern-brawl/card.schema.json',
      'templates/tavern-brawl/card.hbs',
      '.vscode/settings.json',
    ]) {
      expect(existsSync(path.join(project, f)), f).toBe(true);
    }
    expect(readFileSync(path.join(project, 'content/tavern-brawl/pack.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/node_modules\/playmark\/schemas\/pack\.schema\.json\n/,
    );
  });

  it('refuses a folder that is a project already, and a pack id that is not kebab-case', async () => {
    expect((await run(['init', 'tavern-brawl'], base)).code).toBe(2);
    const bad = await run(['init', 'x', '--pack', 'Bad_Id'], base);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('kebab-case');
  });

  it('the new project validates with no diagnostic, from a subfolder too', async () => {
    const r = await run(['validate', '--format', 'json'], path.join(project, 'content', 'tavern-brawl', 'cards'));
    expect(r.code, r.out + r.err).toBe(0);
    const json = JSON.parse(r.out) as { diagnostics: unknown[]; packs: { id: string }[] };
    expect(json.diagnostics).toEqual([]);
    expect(json.packs.map((p) => p.id)).toEqual(['tavern-brawl']);
  });

  it('codegen writes types from its own schema and the playmark schemas it uses, and a content module', async () => {
    const r = await run(['codegen'], path.join(project, 'templates'));
    expect(r.code, r.out + r.err).toBe(0);
    const card = readFileSync(path.join(project, 'generated/types/tavern-brawl/card.ts'), 'utf8');
    expect(card).toContain('schemas/tavern-brawl/card.schema.json');
    expect(card).toMatch(/cost: number \| null/);
    expect(existsSync(path.join(project, 'generated/types/pack.ts'))).toBe(true);
    expect(existsSync(path.join(project, 'generated/types/warchon'))).toBe(false);
    expect(readFileSync(path.join(project, 'generated/content/tavern-brawl.ts'), 'utf8')).toContain('"knight"');
  });

  it('prints its cards with its own template and its errata sheet into out/ at the root, from a subfolder', async () => {
    const r = await run(['render'], path.join(project, 'content', 'tavern-brawl'));
    expect(r.code, r.out + r.err).toBe(0);
    const out = path.join(project, 'out', 'tavern-brawl');
    for (const f of ['tavern-brawl-cards.pdf', 'tavern-brawl-errata.pdf']) expect(readFileSync(path.join(out, f)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(existsSync(path.join(project, 'content', 'tavern-brawl', 'out'))).toBe(false);
    const cards = readFileSync(path.join(out, 'tavern-brawl-cards.html'), 'utf8');
    expect(cards).toContain('class="card side-blue"');
    // The knight's cost is null in the base; the erratum sets 2, and the card marks it.
    expect(htmlText(cards)).toContain('Knight 2');
    expect(cards).toMatch(/Knight<\/h2>\s*<span class="cost">2<sup class="layer-mark mark-erratum">\u271A<\/sup>/);
    expect(htmlText(cards)).toContain('\u271A corrected since an earlier version');
    expect(htmlText(cards)).not.toContain('not printed in the source');
    // The errata sheet gives players the entry's note; its reason is the maintainer's.
    expect(htmlText(readFileSync(path.join(out, 'tavern-brawl-errata.html'), 'utf8'))).toContain("Playtesting settled the Knight's cost at 2.");
  });

  it('an edited card reaches the print on the next render; a broken one prints nothing and exits 1', async () => {
    const file = path.join(project, 'content/tavern-brawl/cards/scout.yaml');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace('The Scout harries the enemy.', 'The Scout raids the harbour.'));
      const r = await run(['render', '--only', 'cards'], project);
      expect(r.code, r.err).toBe(0);
      const html = path.join(project, 'out/tavern-brawl/tavern-brawl-cards.html');
      expect(htmlText(readFileSync(html, 'utf8'))).toContain('The Scout raids the harbour.');
      const before = readFileSync(html, 'utf8');
      writeFileSync(file, original.replace('cost: 1', 'cost: one'));
      const broken = await run(['render', '--only', 'cards'], project);
      expect(broken.code).toBe(1);
      expect(broken.err).toMatch(/scout\.yaml:\d+:\d+ error \[schema\/type\]/);
      expect(readFileSync(html, 'utf8')).toBe(before);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("a modeline hint for one of playmark's schemas names where npm installs it, never a path of this machine", async () => {
    const file = path.join(project, 'content/tavern-brawl/pack.yaml');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace(/^# yaml-language-server: .*\n/, '# yaml-language-server: $schema=pack.schema.json\n'));
      const r = await run(['validate', '--format', 'json'], project);
      const hints = (JSON.parse(r.out) as { diagnostics: { code: string; hint: string }[] }).diagnostics
        .filter((d) => d.code === 'file/schema-comment')
        .map((d) => d.hint);
      expect(hints).toEqual(['Make the first line: # yaml-language-server: $schema=../../node_modules/playmark/schemas/pack.schema.json']);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("--from copies one of playmark's games, whose modelines point at the installed schemas; it validates clean and prints with playmark's templates", async () => {
    const made = await run(['init', 'my-archon', '--from', 'archon-skirmish'], base);
    expect(made.code, made.err).toBe(0);
    const root = path.join(base, 'my-archon');
    mkdirSync(path.join(root, 'node_modules'));
    symlinkSync(repoRoot, path.join(root, 'node_modules', 'playmark'), 'dir');
    expect(readFileSync(path.join(root, 'content/archon-skirmish/creatures/goblin.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/node_modules\/playmark\/schemas\/archon-skirmish\/creature\.schema\.json\n/,
    );
    const v = await run(['validate', '--format', 'json'], root);
    expect(v.code, v.out).toBe(0);
    expect((JSON.parse(v.out) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
    const r = await run(['render', '--only', 'creatures'], root);
    expect(r.code, r.err).toBe(0);
    expect(htmlText(readFileSync(path.join(root, 'out/archon-skirmish/archon-skirmish-creatures.html'), 'utf8'))).toContain('Goblin');
    const bad = await run(['init', 'x', '--from', 'warchn'], base);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Did you mean "warchon"?');
  });

  it("--from with --pack and --title renames the copy: content/<pack>/, its manifest's id and title; it validates clean and prints as that pack", async () => {
    const made = await run(['init', 'wc', '--from', 'warchon', '--pack', 'my-war', '--title', 'My War'], base);
    expect(made.code, made.err).toBe(0);
    const root = path.join(base, 'wc');
    mkdirSync(path.join(root, 'node_modules'));
    symlinkSync(repoRoot, path.join(root, 'node_modules', 'playmark'), 'dir');
    expect(existsSync(path.join(root, 'content/warchon'))).toBe(false);
    const manifest = readFileSync(path.join(root, 'content/my-war/pack.yaml'), 'utf8');
    expect(manifest).toMatch(/^id: my-war$/m);
    expect(manifest).toMatch(/^title: "My War"$/m);
    const v = await run(['validate', '--format', 'json'], root);
    expect(v.code, v.out).toBe(0);
    const json = JSON.parse(v.out) as { diagnostics: unknown[]; packs: { id: string; title: string }[] };
    expect(json.diagnostics).toEqual([]);
    expect(json.packs.map((p) => [p.id, p.title])).toEqual([['my-war', 'My War']]);
    const r = await run(['render', '--only', 'spreads'], root);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(path.join(root, 'out/my-war/my-war-spreads.html'))).toBe(true);
    expect((await run(['init', 'y', '--from', 'warchon', '--pack', 'My_War'], base)).code).toBe(2);
  });
});
