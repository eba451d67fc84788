// `playmark codegen`: schemas -> generated/types, packs -> generated/content. Runs on temporary
// copies of the repository's content, schemas and generated folders, so the real ones are only
// read (except by the check that generated/ is up to date).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { codegen, type CodegenResult } from '../src/codegen/index.js';
import { listFiles } from '../src/codegen/sync.js';
import { generateTypeModules } from '../src/codegen/type-modules.js';
import { validate } from '../src/content/validate.js';
import { fakeIo, fixture, repoRoot } from './helpers.js';

const temps: string[] = [];

/** A temporary folder holding copies of the repository's content/, schemas/ and generated/. */
function copyRepo(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playmark-codegen-'));
  temps.push(dir);
  for (const folder of ['content', 'schemas', 'generated']) {
    cpSync(path.join(repoRoot, folder), path.join(dir, folder), { recursive: true });
  }
  return dir;
}

/** Every file under a folder with its bytes, by relative path. */
function snapshot(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(path.join(dir, f), 'latin1')]));
}

async function cli(cwd: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

function diffOf(result: CodegenResult) {
  if (result.reason === 'invalid') throw new Error('the content was invalid');
  return result.diff;
}

let fresh: string;
let generated: Map<string, string>;

beforeAll(async () => {
  // One run from scratch into an empty output folder, shared by the read-only tests.
  fresh = copyRepo();
  rmSync(path.join(fresh, 'generated'), { recursive: true, force: true });
  const result = await codegen({ root: fresh });
  expect(result.ok).toBe(true);
  generated = snapshot(path.join(fresh, 'generated'));
});

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('codegen: determinism and syncing', () => {
  it('writes the same bytes on two runs into empty folders', async () => {
    const dir = copyRepo();
    rmSync(path.join(dir, 'generated'), { recursive: true, force: true });
    await codegen({ root: dir, outDir: 'again' });
    expect(snapshot(path.join(dir, 'again'))).toEqual(generated);
  });

  it('rewrites nothing when nothing changed: a second run leaves every file untouched', async () => {
    const dir = copyRepo();
    const out = path.join(dir, 'generated');
    await codegen({ root: dir });
    const times = new Map(listFiles(out).map((f) => [f, statSync(path.join(out, f)).mtimeMs]));
    const again = diffOf(await codegen({ root: dir }));
    expect(again.stale).toEqual([]);
    expect(again.missing).toEqual([]);
    expect(again.extra).toEqual([]);
    for (const [f, t] of times) expect(statSync(path.join(out, f)).mtimeMs, f).toBe(t);
  });

  it('finds the committed generated/ folder up to date (codegen --check is clean)', async () => {
    const result = await codegen({ root: repoRoot, check: true });
    expect(diffOf(result)).toMatchObject({ stale: [], missing: [], extra: [] });
    const r = await cli(repoRoot, 'codegen', '--check');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^generated\/ is up to date \(\d+ files\)\.\n$/);
  });

  it('reports exactly the stale content module when one YAML cell changes, and codegen fixes it', async () => {
    const dir = copyRepo();
    const file = path.join(dir, 'content/warchon/spreads/erdon-pass.yaml');
    const text = readFileSync(file, 'utf8');
    // Row 2 of the Combat Results Table, column -1/0/+1: So (Standoff) becomes Eg (Engaged).
    expect(text).toContain('    - { roll: 2, cells: [A3, A2, A1, So, D1, D2, D3] }\n');
    writeFileSync(file, text.replace('    - { roll: 2, cells: [A3, A2, A1, So, D1, D2, D3] }\n', '    - { roll: 2, cells: [A3, A2, A1, Eg, D1, D2, D3] }\n'));
    const before = snapshot(path.join(dir, 'generated'));

    const check = await cli(dir, 'codegen', '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('Stale (content differs):\n  generated/content/warchon.ts\nRun `npx playmark codegen` to update them.\n');
    expect(snapshot(path.join(dir, 'generated')), '--check writes nothing').toEqual(before);

    const json = await cli(dir, 'codegen', '--check', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, stale: ['generated/content/warchon.ts'], missing: [], extra: [] });

    const write = await cli(dir, 'codegen', '--json');
    expect(write.code).toBe(0);
    expect(JSON.parse(write.stdout)).toMatchObject({ ok: true, written: ['generated/content/warchon.ts'], removed: [] });
    const { spreads } = (await import(path.join(dir, 'generated/content/warchon.ts'))) as {
      spreads: Record<string, { combatTable: { rows: { cells: unknown[] }[] } }>;
    };
    expect(spreads['erdon-pass']!.combatTable.rows[1]!.cells).toEqual(['A3', 'A2', 'A1', 'Eg', 'D1', 'D2', 'D3']);

    expect((await cli(dir, 'codegen', '--check')).code).toBe(0);
  });

  it('reports files it no longer produces as extra, and codegen removes them and their empty folders', async () => {
    const dir = copyRepo();
    const out = path.join(dir, 'generated');
    writeFileSync(path.join(out, 'types', 'old.ts'), 'export type Old = string;\n');
    cpSync(path.join(out, 'content'), path.join(out, 'gone'), { recursive: true });

    const check = await cli(dir, 'codegen', '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('Extra (no longer generated):\n  generated/gone/archon-skirmish.ts\n');
    expect(check.stdout).toContain('  generated/types/old.ts\n');
    expect(check.stdout).toContain('Run `npx playmark codegen` to update them.');
    expect(existsSync(path.join(out, 'types', 'old.ts'))).toBe(true);

    const write = await cli(dir, 'codegen');
    expect(write.code).toBe(0);
    expect(write.stdout).toContain('Removed:\n');
    expect(existsSync(path.join(out, 'types', 'old.ts'))).toBe(false);
    expect(existsSync(path.join(out, 'gone'))).toBe(false);
    expect(snapshot(out)).toEqual(generated);
  });

  it('writes missing files back and says what it wrote', async () => {
    const dir = copyRepo();
    rmSync(path.join(dir, 'generated', 'types', 'warchon'), { recursive: true });
    const check = diffOf(await codegen({ root: dir, check: true }));
    expect(check.missing).toContain('types/warchon/spread.ts');
    expect(check.stale).toEqual([]);
    const r = await cli(dir, 'codegen');
    expect(r.stdout).toContain('Written:\n  generated/types/warchon/descriptor.ts\n');
    expect(snapshot(path.join(dir, 'generated'))).toEqual(generated);
  });

  it('writes nothing when a pack has errors, and says why', async () => {
    const dir = copyRepo();
    const file = path.join(dir, 'content/warchon/spreads/erdon-pass.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  - [3, 4, 5E, 1, 2]\n', '  - [9, 4, 5E, 1, 2]\n'));
    writeFileSync(path.join(dir, 'generated', 'types', 'old.ts'), 'export type Old = string;\n');
    const before = snapshot(path.join(dir, 'generated'));

    const result = await codegen({ root: dir });
    expect(result.ok).toBe(false);
    expect(result.reason).toBe('invalid');
    expect(snapshot(path.join(dir, 'generated'))).toEqual(before);

    const r = await cli(dir, 'codegen');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/warchon/spreads/erdon-pass.yaml:18:');
    expect(r.stdout).toContain('nothing was written');
    expect(snapshot(path.join(dir, 'generated'))).toEqual(before);
    expect((await cli(dir, 'codegen', '--check')).code).toBe(1);
  });

  it('exits 2 when the content folder does not exist', async () => {
    const r = await cli(repoRoot, 'codegen', '--content', 'no-such-folder');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such folder: no-such-folder');
  });
});

describe('codegen: generated files', () => {
  it('writes LF line endings and a trailing newline in every file', () => {
    for (const [file, text] of generated) {
      expect(text.includes('\r'), file).toBe(false);
      expect(text.endsWith('\n') && !text.endsWith('\n\n'), file).toBe(true);
    }
  });

  it('opens every file with a banner saying it is generated, naming its sources, with no machine path or timestamp', () => {
    for (const [file, text] of generated) {
      const head = file.endsWith('.md') ? text : text.slice(0, text.indexOf('\n\n'));
      expect(head, file).toContain('Generated by `playmark codegen`. Do not edit');
      expect(head, file).toContain('npx playmark codegen');
      expect(text, file).not.toContain(fresh);
      expect(text, file).not.toContain(repoRoot);
      expect(text, file).not.toContain(tmpdir());
      expect(head, file).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}/);
    }
    expect(generated.get('types/warchon/spread.ts')).toContain(' *   schemas/warchon/spread.schema.json\n');
    expect(generated.get('content/warchon.ts')).toContain(' *   content/warchon/ (rule text: 000_6c0b8e7f91001571.txt)\n');
  });

  it('writes a type module for every schema file', () => {
    const schemas = listFiles(path.join(repoRoot, 'schemas')).filter((f) => f.endsWith('.schema.json'));
    expect(schemas.length).toBeGreaterThan(20);
    for (const schema of schemas) expect(generated.has(`types/${schema.replace(/\.schema\.json$/, '.ts')}`), schema).toBe(true);
  });

  it('declares every type name once across all modules, with no numbered duplicates like Id1', () => {
    const declared = new Map<string, string>();
    for (const [file, text] of generated) {
      if (!file.startsWith('types/')) continue;
      for (const [, name] of text.matchAll(/^export (?:interface|type|const enum|enum) (\w+)/gm)) {
        expect(name, `${file}: ${name}`).not.toMatch(/\d$/);
        expect(declared.get(name!), `${name} declared in ${declared.get(name!)} and ${file}`).toBeUndefined();
        declared.set(name!, file);
      }
    }
    expect(declared.get('Id')).toBe('types/common/defs.ts');
    expect(declared.get('Effect')).toBe('types/common/effect.ts');
    expect(declared.get('WarchonSpread')).toBe('types/warchon/spread.ts');
  });

  it('never repeats an unnamed object type as the members of a tuple (a bounded list of them is a plain array)', () => {
    for (const [file, text] of generated) {
      if (file.startsWith('types/')) expect(text, file).not.toMatch(/\.\.\.\{/);
    }
    // A bounded list of a named type stays a tuple: the 5 x 5 random number matrix.
    expect(generated.get('types/warchon/spread.ts')).toContain('rng: [RNGRow, RNGRow, RNGRow, RNGRow, RNGRow];');
  });

  it('types Effect as the union of its variants, imported where used, never inlined again', () => {
    const effect = generated.get('types/common/effect.ts')!;
    expect(effect).toMatch(/export type Effect =\s+\| ModifyStrength\s+\| Destroy\s+\|/);
    expect(effect).toContain("import type { Chooser, Duration, Id, Range, Side, Stat, Trigger, UnitFilter } from './defs.js';");
    expect(effect).not.toContain('&');
    const spread = generated.get('types/warchon/spread.ts')!;
    expect(spread).toContain("import type { Effect } from '../common/effect.js';");
    expect(spread).toContain('capacity: number | null;');
  });

  it('gives every property of a generated type its schema description as a doc comment', () => {
    for (const [file, text] of generated) {
      if (!file.startsWith('types/') || file === 'types/readonly.ts') continue;
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (!/^\s+(?:readonly )?["\w$-]+\??: /.test(line)) return;
        expect(lines[i - 1]?.trim(), `${file}:${i + 1} ${line.trim()}`).toBe('*/');
      });
    }
  });

  it("holds each pack's effective content and the provenance of every layer-set value", async () => {
    const { packs } = validate([path.join(repoRoot, 'content')], { cwd: repoRoot });
    expect(packs.map((p) => p.id)).toEqual(['archon-skirmish', 'warchon', 'warmaster']);
    for (const pack of packs) {
      const mod = (await import(path.join(fresh, 'generated', 'content', `${pack.id}.ts`))) as {
        pack: unknown;
        records: Record<string, Record<string, unknown>>;
        origins: Record<string, Record<string, Record<string, unknown>>>;
      };
      expect(mod.pack).toEqual(pack.manifest);
      for (const [kind, list] of pack.records) {
        expect(Object.keys(mod.records[kind]!), `${pack.id} ${kind}`).toEqual(list.map((r) => r.id));
        for (const record of list) {
          expect(mod.records[kind]![record.id], `${pack.id} ${kind} ${record.id}`).toEqual(record.data);
          const origins = Object.fromEntries([...record.origins].map(([p, o]) => [p, { layer: o.layer, entry: o.entry, kind: o.kind, reason: o.reason }]));
          expect(mod.origins[kind]![record.id] ?? {}, `${pack.id} ${kind} ${record.id} origins`).toEqual(origins);
        }
      }
    }
    const warchon = generated.get('content/warchon.ts')!;
    expect(warchon).toMatch(/export type WarchonSpreadId =\n {2}\| "akibatu"\n/);
    expect(warchon).toContain('export const spreads: { readonly [K in WarchonSpreadId]: WarchonSpreadRecord } = {');
    expect(warchon).toContain('export type WarchonSpreadRecord = DeepReadonly<WithRefs<WarchonSpread, {');
  });

  it('type-checks uses of the generated ids, and rejects a misspelt id (test/types/ids.ts)', () => {
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(repoRoot, 'test', 'types', 'tsconfig.json')], { cwd: repoRoot, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
    expect(readFileSync(path.join(repoRoot, 'test', 'types', 'ids.ts'), 'utf8')).toContain(
      "// @ts-expect-error 'erdon-pas' is not a spread id\nspreads['erdon-pas'];",
    );
  });

  it('writes generated/README.md saying what the folder is and how to regenerate it', () => {
    const readme = generated.get('README.md')!;
    expect(readme).toContain('Generated by `playmark codegen`. Do not edit');
    expect(readme).toContain('`npx playmark codegen`');
    expect(readdirSync(path.join(fresh, 'generated')).sort()).toEqual(['README.md', 'content', 'types']);
  });
});

describe('codegen: pairs and references', () => {
  /** The body of the one type module generated for a schema, doc comments left out. */
  async function typeOf(properties: Record<string, unknown>): Promise<string> {
    const schema = { title: 'Probe', type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
    const { files } = await generateTypeModules([{ file: 'probe.schema.json', schema }], 'schemas');
    return files.get('types/probe.ts')!.replace(/\/\*\*[\s\S]*?\*\/\n\s*/g, '');
  }

  it('types an [a, d] pair as a tuple [number, number], in either JSON Schema form', async () => {
    const int = { type: 'integer', minimum: 1 };
    const text = await typeOf({
      items: { description: 'a pair', type: 'array', items: int, minItems: 2, maxItems: 2 },
      prefix: { description: 'a pair', type: 'array', prefixItems: [int, int], items: false, minItems: 2, maxItems: 2 },
      open: { description: 'at least two, no bound above: a list', type: 'array', items: int, minItems: 2 },
      objects: {
        description: 'two unnamed objects: a list, not the object twice',
        type: 'array',
        items: { type: 'object', properties: { x: int } },
        minItems: 2,
        maxItems: 2,
      },
    });
    expect(text).toContain('items: [number, number];');
    expect(text).toContain('prefix: [number, number];');
    expect(text).toContain('open: number[];');
    expect(text).toMatch(/objects: \{\n\s+x\?: number;\n\s+\}\[\];/);
  });

  it("types references in the content modules as the union of the named kinds' ids, keeping generated/types generic", () => {
    const warchon = generated.get('content/warchon.ts')!;
    expect(warchon).toContain("import type { DeepReadonly, PackLayers, RecordOrigins, WithRefs } from '../types/readonly.js';");
    expect(warchon).toContain('export type WarchonSpreadRecord = DeepReadonly<WithRefs<WarchonSpread, {\n  readonly terrains: WarchonTerrainId;\n');
    expect(warchon).toContain('  readonly paths: WarchonSpreadId;\n');
    // A scenario's units may be of several kinds: those this pack has.
    expect(generated.get('content/warmaster.ts')).toMatch(
      /export type WarmasterScenarioRecord = DeepReadonly<WithRefs<Scenario, \{[\s\S]*?readonly unit: WarmasterUnitId \| WarmasterSpecialUnitId \| WarmasterCardId;/,
    );
    // A kind with no reference keeps its plain type.
    expect(warchon).toContain('export type WarchonDescriptorRecord = DeepReadonly<WarchonDescriptor>;');
    expect(generated.get('types/warchon/spread.ts')).toContain('  paths: Id[];\n');
    expect(generated.get('types/readonly.ts')).toContain('export type WithRefs<T, R> =');
  });

  it("types a designer's location references (x-ref: location) as the ids of the pack's own location kind, and the module compiles", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'playmark-codegen-refs-'));
    temps.push(root);
    cpSync(fixture('projects', 'harbor-raid'), root, { recursive: true });
    const result = await codegen({ root });
    expect(result.ok).toBe(true);
    const module = readFileSync(path.join(root, 'generated', 'content', 'harbor-raid.ts'), 'utf8');
    expect(module).toMatch(
      /export type HarborRaidAreaRecord = DeepReadonly<WithRefs<Location, \{\n {2}readonly kind: HarborRaidAreaKindId;\n {2}readonly adjacent: HarborRaidAreaId;\n/,
    );
    expect(module).toMatch(/readonly setup: \{\n\s+readonly zones: HarborRaidAreaId;/);
    writeFileSync(
      path.join(root, 'uses.ts'),
      [
        "import { areas, scenarios, type HarborRaidAreaId, type HarborRaidUnitId } from './generated/content/harbor-raid.js';",
        "const next: HarborRaidAreaId | undefined = areas['harbor-mouth'].adjacent[0];",
        "const zone: HarborRaidAreaId | undefined = scenarios['night-raid'].sides[0]?.setup.zones?.[0];",
        '// @ts-expect-error an area is no unit',
        "const unit: HarborRaidUnitId | undefined = areas['harbor-mouth'].adjacent[0];",
        'void [next, zone, unit];',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repoRoot, 'tsconfig.json'),
        compilerOptions: { noEmit: true, rootDir: '.', typeRoots: [path.join(repoRoot, 'node_modules', '@types')] },
        include: ['uses.ts', 'generated/**/*.ts'],
      }),
    );
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
