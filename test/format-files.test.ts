// Formatting a project's content files as the library, without the CLI (what `playmark fmt` runs):
// contentFiles finds each file with its schema, formatFiles checks or writes them, narrowed to a
// path, and refuses a path with no content file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFiles, findProject, formatFiles, projectSchemas, Refusal, type Project } from '../src/index.js';
import { fixture } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-format-files-'));
const spread = path.join(dir, 'content', 'mini', 'spreads', 'alpha.yaml');
let project: Project;
beforeAll(() => {
  cpSync(fixture('valid', 'mini'), path.join(dir, 'content', 'mini'), { recursive: true });
  cpSync(fixture('schemas'), path.join(dir, 'schemas'), { recursive: true });
  project = findProject(dir)!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('contentFiles', () => {
  it("lists a pack's manifest, layers and the records of its kinds, each with its schema", () => {
    const { files } = contentFiles(project);
    const rel = (f: string) => path.relative(dir, f);
    expect(files.find((f) => rel(f.file) === 'content/mini/pack.yaml')?.schema).toBe('pack.schema.json');
    const layer = files.find((f) => rel(f.file) === 'content/mini/layers/inferences.yaml')!;
    expect(layer.schema).toBe('layer.schema.json');
    expect(Object.keys(layer.kindSchemas ?? {})).toContain('spread');
    expect(files.find((f) => rel(f.file) === 'content/mini/spreads/alpha.yaml')?.schema).toBe(layer.kindSchemas!.spread);
  });

  it("projectSchemas reads a schema document of the project's", () => {
    const kind = contentFiles(project).files.find((f) => f.file === spread)!.schema!;
    expect(projectSchemas(project)(kind)).toMatchObject({ type: 'object' });
    expect(projectSchemas(project)('no/such.schema.json')).toBeUndefined();
  });
});

describe('formatFiles', () => {
  it('with check lists a file out of canonical form and writes nothing; without, writes it canonical', () => {
    formatFiles([{ project, within: undefined }], { check: false, cwd: dir }); // the fixture as canonical
    const canonical = readFileSync(spread, 'utf8');
    const [modeline, idLine, ...rest] = canonical.split('\n');
    const messy = [modeline, ...rest.slice(0, -1), idLine, ''].join('\n');
    writeFileSync(spread, messy);

    const check = formatFiles([{ project, within: undefined }], { check: true, cwd: dir });
    expect(check.changed).toEqual(['content/mini/spreads/alpha.yaml']);
    expect(check.files).toBeGreaterThan(5);
    expect(readFileSync(spread, 'utf8')).toBe(messy);

    const narrowed = formatFiles([{ project, within: path.join(dir, 'content', 'mini', 'units') }], { check: true, cwd: dir });
    expect(narrowed.changed).toEqual([]);
    expect(narrowed.files).toBeLessThan(check.files);

    const write = formatFiles([{ project, within: spread }], { check: false, cwd: dir });
    expect(write).toMatchObject({ files: 1, changed: ['content/mini/spreads/alpha.yaml'], diagnostics: [], unsafe: [] });
    expect(readFileSync(spread, 'utf8')).toBe(canonical);
  });

  it('refuses a path that holds no content file (a usage refusal)', () => {
    const within = path.join(dir, 'schemas');
    const refusal = (() => {
      try {
        formatFiles([{ project, within }], { check: true, cwd: dir });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ message: 'no content files in schemas', usage: true });
  });
});
