// YAML parsing is bounded (issue 19): what aliases stand for (`yaml/alias-limit`) and how deep lists
// and mappings nest (`yaml/too-deep`), each refused with its own code at a line and column, before
// the data is built or walked, never as a stack overflow reported as `yaml/syntax`.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayNestDeeperThan, YAML_LIB_DEPTH } from '../src/content/locate.js';
import { MAX_ALIASED_VALUES, MAX_DEPTH, parseYaml } from '../src/content/parse.js';
import { validate } from '../src/content/validate.js';
import { fixture, repoRoot } from './helpers.js';

const work = mkdtempSync(path.join(tmpdir(), 'playmark-yaml-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// A copy of a one-card fixture pack (and the fixture schemas beside it), whose card is rewritten per test.
cpSync(fixture('yaml--syntax'), path.join(work, 'pack'), { recursive: true });
cpSync(fixture('schemas'), path.join(work, 'schemas'), { recursive: true });
const card = path.join(work, 'pack', 'cards', 'strike.yaml');
const HEADER = '# yaml-language-server: $schema=../../schemas/fixture/card.schema.json\nid: strike\n';

function validateCard(body: string) {
  writeFileSync(card, HEADER + body);
  const result = validate([path.join(work, 'pack')], { cwd: work, cacheDir: false });
  return result.diagnostics.filter((d) => d.file === 'pack/cards/strike.yaml');
}

const bomb = (levels: number) =>
  [
    'a: &a [x,x,x,x,x,x,x,x,x]',
    ...'bcdefghijk'
      .slice(0, levels - 1)
      .split('')
      .map((n, i) => `${n}: &${n} [${Array(9).fill(`*${'abcdefghijk'[i]}`).join(',')}]`),
  ].join('\n') + '\n';

describe('aliases are bounded: yaml/alias-limit', () => {
  it('a 300-byte alias bomb is refused at the alias where what the aliases stand for passes the bound', () => {
    const text = bomb(9);
    expect(text.length).toBeLessThan(400);
    const found = validateCard(text);
    expect(found.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['yaml/alias-limit 7:8']);
    expect(found[0]!.message).toContain(MAX_ALIASED_VALUES.toLocaleString('en-US'));
    expect(found[0]!.sourceLine).toBe('e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]');
  });

  it('aliases standing for fewer values than the bound are read as usual', () => {
    // Four levels stand for 8,289 values through aliases, under 10,000.
    const parsed = parseYaml('f.yaml', bomb(4));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.aliases).toBe(27);
    expect(parseYaml('f.yaml', bomb(5)).ok).toBe(false);
  });

  it("shared data stays shared: a refused bomb is found from the parser's events, before any value is built", () => {
    // Eleven levels stand for 9^11 values; parsing stops at once, well before anything could expand them.
    const parsed = parseYaml('f.yaml', bomb(11));
    expect(parsed.ok ? 'parsed' : parsed.diagnostic.code).toBe('yaml/alias-limit');
  });
});

describe('nesting is bounded: yaml/too-deep', () => {
  const flow = (n: number) => `name: ${'['.repeat(n)}${']'.repeat(n)}\n`;
  it(`${MAX_DEPTH} levels (the file's mapping counted) parse; one more is yaml/too-deep at the bracket that passes the bound`, () => {
    expect(validateCard(flow(MAX_DEPTH - 1)).map((d) => d.code)).not.toContain('yaml/too-deep');
    const found = validateCard(flow(MAX_DEPTH));
    expect(found.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([`yaml/too-deep 3:${'name: '.length + MAX_DEPTH}`]);
    expect(found[0]!.message).toContain(String(MAX_DEPTH));
  });

  for (const depth of [1_000, 10_000]) {
    it(`${depth.toLocaleString('en-US')}-deep nesting, flow or block, is yaml/too-deep at a line and column, not a stack overflow`, () => {
      const flowFound = validateCard(flow(depth));
      expect(flowFound.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([`yaml/too-deep 3:${'name: '.length + MAX_DEPTH}`]);
      // Block sequences, one inside the next on one line (`- - - x`).
      const blockFound = validateCard(`deep:\n  ${'- '.repeat(depth)}x\n`);
      expect(blockFound.map((d) => `${d.code} ${d.line}`)).toEqual(['yaml/too-deep 4']);
      for (const d of [...flowFound, ...blockFound]) expect(d.message).not.toMatch(/call stack/i);
    });
  }

  it("a syntax error before 10,000-deep nesting is yaml/syntax in js-yaml's words: the text is never handed to the `yaml` package, which recurses through it", () => {
    // The `yaml` package would say "Nested mappings are not allowed in compact mapping", then
    // "Maximum call stack size exceeded" for each level past its stack; near the stack's end V8 can
    // even die of it (a fatal out-of-memory in its regular expression compiler).
    for (const deep of [`deep:\n  ${'- '.repeat(10_000)}x\n`, `deep: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`]) {
      const found = validateCard(`name: a: b\n${deep}`);
      expect(found.map((d) => `${d.code} ${d.line}`)).toEqual(['yaml/syntax 3']);
      expect(found[0]!.message).toBe('Bad indentation of a mapping entry');
    }
  });

  it('the bound on what is handed to the `yaml` package passes every shipped and fixture file, and stops 10,000-deep text', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.ya?ml$/.test(e.name) && e.isFile() ? [path.join(dir, e.name)] : [],
      );
    const all = [...files(path.join(repoRoot, 'content')), ...files(path.join(repoRoot, 'test', 'fixtures'))];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((f) => mayNestDeeperThan(readFileSync(f, 'utf8'), YAML_LIB_DEPTH))).toEqual([]);
    expect(mayNestDeeperThan(`a:\n  ${'- '.repeat(10_000)}x\n`, YAML_LIB_DEPTH)).toBe(true);
    expect(mayNestDeeperThan(`a: ${'{b: '.repeat(10_000)}`, YAML_LIB_DEPTH)).toBe(true);
  });
});
