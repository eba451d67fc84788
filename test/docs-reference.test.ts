// `playmark docs`: the content reference written from the schemas and the packs' records. It keeps
// docs/reference.md in step with the schemas (a test fails when a schema changes and the page does
// not), documents every kind, shared definition, effect, trigger event and condition form, and works
// in a designer's own project, whose own kinds come from its own schemas.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';

async function run(argv: string[], cwd: string) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

const json = (p: string) => JSON.parse(readFileSync(path.join(repoRoot, p), 'utf8'));

describe('docs/reference.md (playmark docs)', () => {
  it('is what `playmark docs` writes from the schemas and packs (run `npx playmark docs` after changing a schema)', async () => {
    const r = await run(['docs', '--check'], repoRoot);
    expect(r.out).toContain('docs/reference.md is up to date.');
    expect(r.code).toBe(0);
  });

  const page = readFileSync(path.join(repoRoot, 'docs/reference.md'), 'utf8');

  it('documents every kind of every pack, with an example record from the pack', () => {
    for (const pack of ['archon-skirmish', 'warchon', 'warmaster']) {
      const manifest = readFileSync(path.join(repoRoot, 'content', pack, 'pack.yaml'), 'utf8');
      for (const m of manifest.matchAll(/^ {2}([a-z-]+): \{ folder: ([a-z-]+), schema: ([^ ]+) \}/gm)) {
        expect(page, `${pack} ${m[1]}`).toContain(`kind \`${m[1]}\` of ${pack}, in \`content/${pack}/${m[2]}/\``);
      }
    }
    expect(page).toContain('Example, `content/warchon/spreads/akibatu.yaml`');
  });

  it('documents every effect kind, every trigger event, every condition form and every chooser', () => {
    const effects = json('schemas/common/effect.schema.json').oneOf.map((v: { properties: { kind: { const: string } } }) => v.properties.kind.const);
    for (const kind of effects) expect(page).toContain(`### Effect \`${kind}\``);
    const defs = json('schemas/common/defs.schema.json').$defs;
    for (const event of defs.triggerEvent.enum) expect(page).toContain(`\`${event}\``);
    for (const form of Object.keys(defs.condition.properties)) expect(page).toContain(`| \`${form}\` |`);
    for (const chooser of defs.chooser.enum) expect(page).toContain(`\`${chooser}\``);
    // Every effect has an example; the ones no pack uses say so.
    expect(page.match(/^### Effect /gm)!.length).toBe(effects.length);
    expect(page.match(/^Example (from the packs|\(no pack uses it yet\)):$/gm)!.length).toBeGreaterThanOrEqual(effects.length);
  });
});

describe('playmark docs in a project made by playmark init', () => {
  let base: string;
  let project: string;
  beforeAll(async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'playmark-docs-'));
    expect((await run(['init', 'tavern-brawl'], base)).code).toBe(0);
    project = path.join(base, 'tavern-brawl');
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("writes docs/reference.md at the project root, from any folder, with the project's own kind from its own schema", async () => {
    const r = await run(['docs'], path.join(project, 'content'));
    expect(r.code, r.err).toBe(0);
    const doc = readFileSync(path.join(project, 'docs/reference.md'), 'utf8');
    expect(doc).toContain('kind `card` of tavern-brawl, in `content/tavern-brawl/cards/`');
    expect(doc).toContain('Schema `schemas/tavern-brawl/card.schema.json`');
    expect((await run(['docs', '--check'], project)).code).toBe(0);
  });

  it("a property added to the project's schema makes --check fail until docs runs again", async () => {
    const schemaFile = path.join(project, 'schemas/tavern-brawl/card.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.flavour = { description: 'A line of flavour text printed in italics.', type: 'string' };
    writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    const stale = await run(['docs', '--check', '--format', 'json'], project);
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.out)).toMatchObject({ current: false });
    expect((await run(['docs'], project)).code).toBe(0);
    expect(readFileSync(path.join(project, 'docs/reference.md'), 'utf8')).toContain('| `flavour` |  | string | A line of flavour text printed in italics. |');
  });

  it('content with errors: exit 1, the diagnostics, and the page is not written', async () => {
    const out = path.join(project, 'docs/broken.md');
    const card = path.join(project, 'content/tavern-brawl/cards');
    const file = path.join(card, (await import('node:fs')).readdirSync(card)[0]!);
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before + 'id: [unclosed\n');
    try {
      const r = await run(['docs', '-o', 'docs/broken.md'], project);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/error \[yaml\//);
      expect(existsSync(out)).toBe(false);
    } finally {
      writeFileSync(file, before);
    }
  });
});
