// A project's schema names playmark's own schemas by the path an editor follows once playmark is
// installed (`../../node_modules/playmark/schemas/common/defs.schema.json`); validate and codegen
// read that path as playmark's `common/...` schema, and the older `../common/...` form still works.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { codegen } from '../src/codegen/index.js';
import { resolveRef } from '../src/codegen/schema-walk.js';
import { validate } from '../src/content/validate.js';
import { fakeIo, repoRoot } from './helpers.js';

const INSTALLED_REF = '../../node_modules/playmark/schemas/common/defs.schema.json#/$defs/id';
let root: string;
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'playmark-installed-ref-'));
  temps.push(root);
  const f = fakeIo(root);
  expect(await main(['init', '.', '--pack', 'demo'], f.io), f.stderr()).toBe(0);
});

const schemaFile = () => path.join(root, 'schemas', 'demo', 'card.schema.json');

function check(dir: string) {
  const result = validate([path.join(dir, 'content')], { cwd: dir, cacheDir: false, schemasDir: path.join(dir, 'schemas') });
  return result.diagnostics.filter((d) => d.code !== 'file/schema-comment').map((d) => ({ code: d.code, file: d.file, line: d.line }));
}

describe("a project's $ref to playmark's schemas by their installed path", () => {
  it('is what init writes, and names the file node_modules/playmark holds once playmark is installed', () => {
    const schema = JSON.parse(readFileSync(schemaFile(), 'utf8')) as { properties: { id: { $ref: string } } };
    expect(schema.properties.id.$ref).toBe(INSTALLED_REF);
    // Stand in for `npm install`: node_modules/playmark is playmark's package.
    mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    symlinkSync(repoRoot, path.join(root, 'node_modules', 'playmark'), 'dir');
    const target = path.resolve(path.dirname(schemaFile()), INSTALLED_REF.split('#')[0]!);
    expect(target).toBe(path.join(root, 'node_modules', 'playmark', 'schemas', 'common', 'defs.schema.json'));
    expect(existsSync(target)).toBe(true);
  });

  it("validates clean, and enforces the referred schema (an id that is not kebab-case breaks common/defs' pattern)", () => {
    expect(check(root)).toEqual([]);
    const card = path.join(root, 'content', 'demo', 'cards', 'storm.yaml');
    const text = readFileSync(card, 'utf8');
    writeFileSync(card, text.replace('id: storm', 'id: Storm Card'));
    try {
      expect(check(root)).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'schema/pattern', file: 'content/demo/cards/storm.yaml', line: 2 })]),
      );
    } finally {
      writeFileSync(card, text);
    }
  });

  it('codegens the property as the Id type of common/defs', async () => {
    const result = await codegen({ root });
    expect(result.ok).toBe(true);
    const card = readFileSync(path.join(root, 'generated', 'types', 'demo', 'card.ts'), 'utf8');
    expect(card).toContain("import type { Id } from '../common/defs.js';");
    expect(card).toMatch(/\n {2}id: Id;\n/);
  });

  it('keeps the older `../common/defs.schema.json` form working', async () => {
    writeFileSync(schemaFile(), readFileSync(schemaFile(), 'utf8').replace(INSTALLED_REF, '../common/defs.schema.json#/$defs/id'));
    expect(check(root)).toEqual([]);
    expect((await codegen({ root })).ok).toBe(true);
  });

  it("resolves the installed path to the schema set's own file in codegen, from any depth", () => {
    expect(resolveRef('demo/card.schema.json', INSTALLED_REF)).toBe('common/defs.schema.json#/$defs/id');
    expect(resolveRef('card.schema.json', '../node_modules/playmark/schemas/common/effect.schema.json')).toBe('common/effect.schema.json#');
    expect(resolveRef('demo/card.schema.json', '../common/defs.schema.json#/$defs/id')).toBe('common/defs.schema.json#/$defs/id');
  });
});
