// playmark fmt: one canonical form for content YAML (key order from the schema, tables one row to
// a line, flow style kept, every comment kept) that never changes a value.
import { Command } from 'commander';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFmt } from '../src/cli/fmt.js';
import { runValidate } from '../src/cli/validate.js';
import { loadContent } from '../src/content/effective.js';
import { formatContent, type FormatOptions, type JsonSchema } from '../src/content/format.js';
import { defaultCacheDir } from '../src/content/validate.js';
import { fakeIo, fixture, repoRoot, STACK_LINE } from './helpers.js';

const schemas = (rel: string): JsonSchema | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(repoRoot, 'schemas', rel), 'utf8')) as JsonSchema;
  } catch {
    return undefined;
  }
};

function fmt(text: string, options: Omit<FormatOptions, 'schemas'> = {}): string {
  const result = formatContent('/x/file.yaml', text, { schemas, ...options });
  if (!result.ok) throw new Error('diagnostic' in result ? result.diagnostic.message : result.unsafe);
  return result.text;
}

async function runFmt(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const program = new Command('playmark').exitOverride().configureOutput({ writeOut: (s) => f.io.out(s), writeErr: (s) => f.io.err(s) });
  registerFmt(program, f.io);
  await program.parseAsync(['fmt', ...argv], { from: 'user' });
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code: f.io.exitCode, stdout: f.stdout(), stderr: f.stderr() };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? yamlFiles(file) : name.endsWith('.yaml') ? [file] : [];
  });
}

const SPREAD = 'warchon/spread.schema.json';

describe('the canonical form', () => {
  const messy = [
    '# yaml-language-server: $schema=../../../schemas/warchon/spread.schema.json',
    'name: Erdon Pass   # as printed',
    "source: { section: 'Sp. 1: Erdon Pass' }",
    'zzz: a key the schema does not know',
    'id: erdon-pass',
    '# the rules',
    'specialRules:',
    '  - do:',
    '      - { value: 1, kind: modify-strength, target: { hasTrait: [ construct ], side: friendly }, stat: cs, op: add, duration: while }',
    '    text: >-',
    '      A long folded text that goes on well past the eighty columns of a line, and that fmt must never rewrap',
    '      or requote.',
    'rng: [[3, 4, 5E, 1, 2], [4, 5E, 1, 2, 3]]',
    'combatTable:',
    '  rows:',
    '    - cells: [ AE,  "A3" ]',
    '      roll: 1',
    '  name: Erdon Pass Combat Results Table   ',
    'aaa: another unknown key',
  ].join('\n');

  const canonical = [
    '# yaml-language-server: $schema=../../../schemas/warchon/spread.schema.json',
    'id: erdon-pass',
    "source: { section: 'Sp. 1: Erdon Pass' }",
    'name: Erdon Pass # as printed',
    '# the rules',
    'specialRules:',
    '  - text: >-',
    '      A long folded text that goes on well past the eighty columns of a line, and that fmt must never rewrap',
    '      or requote.',
    '    do:',
    '      - { kind: modify-strength, target: { side: friendly, hasTrait: [construct] }, stat: cs, op: add, value: 1, duration: while }',
    'rng:',
    '  - [3, 4, 5E, 1, 2]',
    '  - [4, 5E, 1, 2, 3]',
    'combatTable:',
    '  name: Erdon Pass Combat Results Table',
    '  rows:',
    '    - roll: 1',
    '      cells: [AE, "A3"]',
    'zzz: a key the schema does not know',
    'aaa: another unknown key',
    '',
  ].join('\n');

  it('orders keys by the schema (id first, nested rules, effects and filters by their definitions, unknown keys after in their order), tables one row to a line, comments and text kept', () => {
    expect(fmt(messy, { schema: SPREAD })).toBe(canonical);
  });

  it('is idempotent', () => {
    expect(fmt(canonical, { schema: SPREAD })).toBe(canonical);
  });

  it("keeps each collection's flow or block style, writes [a, b] and { a: 1 }, and fixes indentation, trailing spaces and the final newline", () => {
    const text = ['id: x', 'source:', '    section: X', 'terrains: [ valley ]', 'paths: []', 'specialRules: []  ', 'capacity: 4'].join('\r\n');
    expect(fmt(text, { schema: SPREAD })).toBe(
      ['id: x', 'source:', '  section: X', 'terrains: [valley]', 'capacity: 4', 'specialRules: []', 'paths: []', ''].join('\n'),
    );
  });

  it('keeps the modeline on the first line when the first key moves, and the text of every scalar as written', () => {
    const text = ['# yaml-language-server: $schema=x.json', 'name: "Erdon\\u0020Pass"', "id: 'erdon-pass'", 'capacity: 0x10', 'number: 1.0', ''].join('\n');
    expect(fmt(text, { schema: SPREAD })).toBe(
      ['# yaml-language-server: $schema=x.json', "id: 'erdon-pass'", 'number: 1.0', 'name: "Erdon\\u0020Pass"', 'capacity: 0x10', ''].join('\n'),
    );
  });

  it('re-indents a folded text with its key and never rewraps it', () => {
    const text = [
      'id: x',
      'events:',
      '  entries:',
      '    -   text: >-',
      '              one line that is long enough to be folded by any printer with a width of eighty',
      '              two',
      '        roll: 1',
      '',
    ].join('\n');
    expect(fmt(text, { schema: SPREAD })).toBe(
      [
        'id: x',
        'events:',
        '  entries:',
        '    - roll: 1',
        '      text: >-',
        '        one line that is long enough to be folded by any printer with a width of eighty',
        '        two',
        '',
      ].join('\n'),
    );
  });

  it("orders a layer entry's value by the schema at its target pointer", () => {
    const text = [
      'entries:',
      '  - kind: ruling',
      '    id: e1',
      '    reason: Because.',
      '    target: { id: erdon-pass, pointer: /events/entries/0/effects/0, kind: spread }',
      '    value: { duration: turn, value: 2, op: add, stat: as, target: { side: attacker }, kind: modify-strength }',
      'title: T',
      'id: rulings',
      '',
    ].join('\n');
    expect(fmt(text, { schema: 'layer.schema.json', kindSchemas: { spread: SPREAD } })).toBe(
      [
        'id: rulings',
        'title: T',
        'entries:',
        '  - id: e1',
        '    kind: ruling',
        '    target: { kind: spread, id: erdon-pass, pointer: /events/entries/0/effects/0 }',
        '    value: { kind: modify-strength, target: { side: attacker }, stat: as, op: add, value: 2, duration: turn }',
        '    reason: Because.',
        '',
      ].join('\n'),
    );
  });

  it('without a schema, keeps the key order', () => {
    expect(fmt('b: 1\na: [ 1, 2 ]\n')).toBe('b: 1\na: [1, 2]\n');
  });

  it('reports a file that is not YAML with the diagnostic validate gives', () => {
    const text = readFileSync(fixture('yaml--syntax', 'cards', 'strike.yaml'), 'utf8');
    const result = formatContent('/x/strike.yaml', text, { schemas });
    expect(result.ok).toBe(false);
    expect(result.ok === false && 'diagnostic' in result ? result.diagnostic.code : undefined).toBe('yaml/syntax');
  });
});

describe('formatting the shipped packs never changes their content', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-fmt-packs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options = { cwd: dir, schemasDir: path.join(dir, 'schemas'), cacheDir: defaultCacheDir(repoRoot) };
  let before: ReturnType<typeof loadContent>;
  let first: Awaited<ReturnType<typeof runFmt>>;
  const texts = new Map<string, string>();
  beforeAll(async () => {
    cpSync(path.join(repoRoot, 'content'), path.join(dir, 'content'), { recursive: true });
    cpSync(path.join(repoRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
    for (const file of yamlFiles(path.join(dir, 'content'))) texts.set(file, readFileSync(file, 'utf8'));
    before = loadContent([path.join(dir, 'content')], options);
    first = await runFmt(dir);
  });

  it('formats every file of every pack with no problem', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^${texts.size} files checked: \\d+ formatted$`, 'm'));
  });

  it('the effective content (every pack, loadContent) is deep-equal before and after, and the diagnostics are the same', () => {
    const after = loadContent([path.join(dir, 'content')], options);
    expect(after.packs.size).toBe(3);
    expect([...after.packs.keys()].sort()).toEqual([...before.packs.keys()].sort());
    for (const [id, pack] of before.packs) expect(after.packs.get(id)).toEqual(pack);
    const shape = (r: typeof before) =>
      r.validation.diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file, message: d.message, hint: d.hint }));
    expect(shape(after)).toEqual(shape(before));
  });

  it('every comment stays, the modeline on the first line', () => {
    for (const [file, text] of texts) {
      const now = readFileSync(file, 'utf8');
      expect(now.split('\n')[0]).toBe(text.split('\n')[0]);
      const comments = (t: string) =>
        t
          .split('\n')
          .filter((l) => /^\s*#/.test(l))
          .map((l) => l.trim());
      expect(comments(now)).toEqual(comments(text));
    }
  });

  it('running it again changes nothing: --check finds every file canonical', async () => {
    const again = await runFmt(dir, '--check');
    expect(again.stdout).not.toContain('would format');
    expect(again.stdout).toContain('all in canonical form');
    expect(again.code).toBe(0);
  });

  it('a scrambled record (keys reversed, rows in block style) formats to the same text as the original', async () => {
    const file = path.join(dir, 'content', 'warchon', 'spreads', 'erdon-pass.yaml');
    const canonical = readFileSync(file, 'utf8');
    const [modeline, ...rest] = canonical.trimEnd().split('\n');
    // Top-level entries (a key line and its indented lines), reversed; the RNG rows as nested block lists.
    const entries: string[][] = [];
    for (const line of rest) /^\S/.test(line) ? entries.push([line]) : entries[entries.length - 1]!.push(line);
    const scrambled = [modeline, ...entries.reverse().flat()].join('\n').replace(/^ {2}- \[(.*)\]$/gm, (_m, cells: string) =>
      cells
        .split(', ')
        .map((c, i) => `${i === 0 ? '  - - ' : '    - '}${c}`)
        .join('\n'),
    );
    expect(scrambled).not.toBe(canonical);
    writeFileSync(file, scrambled);
    const r = await runFmt(dir, 'content/warchon/spreads');
    expect(r.stdout).toContain('formatted content/warchon/spreads/erdon-pass.yaml');
    expect(readFileSync(file, 'utf8')).toBe(canonical);
  });
});

describe('the command', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-fmt-cli-'));
  const card = path.join(dir, 'content', 'mini', 'cards', 'strike.yaml');
  const spread = path.join(dir, 'content', 'mini', 'spreads', 'alpha.yaml');
  beforeAll(() => {
    cpSync(fixture('valid', 'mini'), path.join(dir, 'content', 'mini'), { recursive: true });
    cpSync(fixture('schemas'), path.join(dir, 'schemas'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--check lists the files it would change, writes nothing and exits 1; then fmt writes them and --check exits 0', async () => {
    await runFmt(dir); // the fixture as canonical
    const canonical = readFileSync(spread, 'utf8');
    const [modeline, idLine, ...rest] = canonical.split('\n');
    const messy = [modeline, ...rest.slice(0, -1), idLine, ''].join('\n');
    writeFileSync(spread, messy);

    const check = await runFmt(path.join(dir, 'content', 'mini'), '--check'); // the project is found upward
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('would format spreads/alpha.yaml');
    expect(check.stdout).toMatch(/1 not in canonical form/);
    expect(readFileSync(spread, 'utf8')).toBe(messy);

    const json = await runFmt(dir, '--check', '--format', 'json');
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, check: true, changed: ['content/mini/spreads/alpha.yaml'] });

    const write = await runFmt(dir);
    expect(write.code).toBe(0);
    expect(write.stdout).toContain('formatted content/mini/spreads/alpha.yaml');
    expect(readFileSync(spread, 'utf8')).toBe(canonical);
    expect(readdirSync(path.dirname(spread)).filter((n) => n.includes('tmp'))).toEqual([]);

    const clean = await runFmt(dir, '--check');
    expect(clean.code).toBe(0);
  });

  it('paths narrow it to files or folders', async () => {
    writeFileSync(spread, readFileSync(spread, 'utf8').replace(/^id: (.*)\n/m, '') + `id: alpha\n`);
    const other = await runFmt(dir, '--check', 'content/mini/units');
    expect(other.code).toBe(0);
    const one = await runFmt(dir, '--check', 'content/mini/spreads/alpha.yaml');
    expect(one.code).toBe(1);
    expect(one.stdout).toMatch(/^1 file checked/m);
    await runFmt(dir, 'content/mini/spreads/alpha.yaml');
  });

  it('a file with YAML errors is reported with the diagnostic validate gives, left untouched, exit 1', async () => {
    const broken = readFileSync(fixture('yaml--syntax', 'cards', 'strike.yaml'), 'utf8');
    const original = readFileSync(card, 'utf8');
    writeFileSync(card, broken);
    try {
      const r = await runFmt(dir);
      expect(r.code).toBe(1);
      expect(readFileSync(card, 'utf8')).toBe(broken);
      const validation = runValidate(fakeIo(dir).io, [], false);
      const d = validation.diagnostics.find((x) => x.file === 'content/mini/cards/strike.yaml' && x.code.startsWith('yaml/'))!;
      expect(d.code).toBe('yaml/syntax');
      expect(r.stdout).toContain(`content/mini/cards/strike.yaml:${d.line}:${d.column} error [yaml/syntax] ${d.message}`);
      expect(r.stdout).toContain(`hint: ${d.hint}`);
      expect(r.stdout).toMatch(/1 file with problems left as it is/);
    } finally {
      writeFileSync(card, original);
    }
  });

  it('a path that does not exist is a usage error', async () => {
    await expect(runFmt(dir, 'content/nope')).rejects.toThrow(/no such file or folder/);
  });

  it('--help teaches with examples', async () => {
    const f = fakeIo(dir);
    const program = new Command('playmark').exitOverride().configureOutput({ writeOut: (s) => f.io.out(s), writeErr: (s) => f.io.err(s) });
    registerFmt(program, f.io);
    await expect(program.parseAsync(['fmt', '--help'], { from: 'user' })).rejects.toThrow();
    expect(f.stdout()).toContain('playmark fmt --check');
    expect(f.stdout()).toContain('- [3, 4, 5E, 1, 2]');
    expect(f.stdout()).toContain('Exit codes');
  });
});

describe('anchors and aliases: formatted when it is safe, reported otherwise, never skipped in silence', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-fmt-anchors-'));
  const manifest = path.join(dir, 'content', 'anchored', 'pack.yaml');
  beforeAll(() => cpSync(fixture('fmt--anchors'), dir, { recursive: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a file with an anchor and unsorted keys that can be ordered safely: --check lists it (exit 1), fmt writes it with the anchor and alias kept', async () => {
    const text = [
      '# yaml-language-server: $schema=../../../../../schemas/pack.schema.json',
      'title: &title Anchored',
      'id: anchored',
      'version: 1.0.0',
      'source: { file: rules.txt, title: *title }',
      'kinds: {}',
      '',
    ].join('\n');
    writeFileSync(manifest, text);
    const check = await runFmt(dir, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('would format content/anchored/pack.yaml');
    expect(readFileSync(manifest, 'utf8')).toBe(text);
    const write = await runFmt(dir);
    expect(write.code).toBe(0);
    expect(readFileSync(manifest, 'utf8')).toBe(
      [
        '# yaml-language-server: $schema=../../../../../schemas/pack.schema.json',
        'id: anchored',
        'title: &title Anchored',
        'version: 1.0.0',
        'source: { file: rules.txt, title: *title }',
        'kinds: {}',
        '',
      ].join('\n'),
    );
    expect((await runFmt(dir, '--check')).code).toBe(0);
  });

  it('a file whose canonical order would put an alias before its anchor: fmt/anchors at the anchor, from --check and from fmt, exit 1, the file untouched', async () => {
    const text = readFileSync(fixture('fmt--anchors', 'content', 'anchored', 'pack.yaml'), 'utf8');
    writeFileSync(manifest, text);
    for (const argv of [['--check'], []]) {
      const r = await runFmt(dir, ...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toContain('content/anchored/pack.yaml:3:35 error [fmt/anchors]');
      expect(r.stdout).not.toContain('all in canonical form');
      expect(readFileSync(manifest, 'utf8')).toBe(text);
    }
    expect(readdirSync(path.dirname(manifest))).toEqual(['pack.yaml']);
  });
});

describe('the shipped packs', () => {
  it('are in the canonical form fmt writes (run `npx playmark fmt` after editing content)', async () => {
    const { main } = await import('../src/cli/main.js');
    const { fakeIo } = await import('./helpers.js');
    const f = fakeIo();
    expect(await main(['fmt', '--check'], f.io), f.stdout() + f.stderr()).toBe(0);
  });
});
