// docs/rules.md teaches designers to write rules by example: every YAML example on the page must be
// a list of rules that validate (schema and rule checks) clean, so the page cannot teach a shape
// the tools refuse.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validate } from '../src/content/validate.js';
import { repoRoot } from './helpers.js';

const page = readFileSync(path.join(repoRoot, 'docs/rules.md'), 'utf8');
const examples = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
const work = mkdtempSync(path.join(tmpdir(), 'playmark-docs-rules-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function packWith(rules: unknown[]): string {
  const dir = mkdtempSync(path.join(work, 'pack-'));
  mkdirSync(path.join(dir, 'scenarios'));
  mkdirSync(path.join(dir, 'cards'));
  const schemas = path.relative(dir, path.join(repoRoot, 'schemas')).split(path.sep).join('/');
  writeFileSync(
    path.join(dir, 'pack.yaml'),
    `# yaml-language-server: $schema=${schemas}/pack.schema.json\nid: docs\ntitle: Docs\nversion: 1.0.0\nsource: { file: docs.txt, title: Docs }\nsides:\n  - { id: red, name: Red }\n  - { id: blue, name: Blue }\nkinds:\n  scenario: { folder: scenarios, schema: scenario.schema.json }\n  card: { folder: cards, schema: fixture/card.schema.json }\nlayers: []\n`,
  );
  // The cards the examples name, so their references resolve.
  const cardSchema = path.relative(path.join(dir, 'cards'), path.join(repoRoot, 'test/fixtures/schemas/fixture/card.schema.json')).split(path.sep).join('/');
  for (const card of ['horror'])
    writeFileSync(path.join(dir, 'cards', `${card}.yaml`), `# yaml-language-server: $schema=${cardSchema}\nid: ${card}\nname: ${card}\ncount: 1\n`);
  const scenario = {
    id: 'example',
    name: 'Example',
    source: { section: 'Example' },
    sides: [
      { side: 'red', army: { budget: { points: 10 } }, setup: { text: 'Anywhere.' } },
      { side: 'blue', army: { budget: { points: 10 } }, setup: { text: 'Anywhere.' } },
    ],
    first: 'red',
    victory: [{ text: 'Destroy every enemy unit.', condition: 'destroy-all-enemy' }],
    specialRules: rules,
  };
  writeFileSync(
    path.join(dir, 'scenarios', 'example.yaml'),
    `# yaml-language-server: $schema=../${schemas}/scenario.schema.json\n${JSON.stringify(scenario, null, 2)}\n`,
  );
  return dir;
}

describe('docs/rules.md', () => {
  it('has worked examples of a trigger, a condition, a static rule, a replacement, a delayed effect and a named choice', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const all = examples.join('\n');
    for (const key of ['when:', 'if:', 'instead: true', 'kind: delayed', 'as: chosen', 'duration: while']) expect(all).toContain(key);
  });

  it.each(examples.map((text, i) => [i + 1, text] as const))('example %i validates clean as rules', (_n, text) => {
    const rules = parse(text) as unknown[];
    expect(Array.isArray(rules)).toBe(true);
    const result = validate([packWith(rules)], { cwd: repoRoot, schemasDir: path.join(repoRoot, 'test/fixtures/schemas') });
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });
});
