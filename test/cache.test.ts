import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../src/content/validate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'playmark-cache-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

// A fixture whose only problem is a reference (found by the `x-ref` keyword inside the compiled
// validators), and the shipped content, which has many references and layers.
const refFixture = path.join(root, 'test/fixtures/ref--missing');
const strip = (r: ReturnType<typeof validate>) => r.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`);

describe('the cache folder', () => {
  it('holds data only: no compiled validator (code) is written, and diagnostics are the same with and without it (references included)', () => {
    const fresh = validate([refFixture], { cwd: root, cacheDir: false });
    expect(fresh.diagnostics.map((d) => d.code)).toContain('ref/missing');
    const first = validate([refFixture], { cwd: root, cacheDir });
    const warm = validate([refFixture], { cwd: root, cacheDir });
    expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.json'))).toEqual([]);
    expect(readdirSync(cacheDir).some((f) => f.startsWith('parsed-'))).toBe(true);
    expect(strip(first)).toEqual(strip(fresh));
    expect(strip(warm)).toEqual(strip(fresh));
  });

  it('gives the shipped packs the same effective content and diagnostics warm as cold', () => {
    const content = path.join(root, 'content');
    const cold = validate([content], { cwd: root, cacheDir: false });
    validate([content], { cwd: root, cacheDir });
    const warm = validate([content], { cwd: root, cacheDir });
    expect(strip(warm)).toEqual(strip(cold));
    const refs = (r: ReturnType<typeof validate>) =>
      r.packs.flatMap((p) => [...p.records.values()].flat().map((rec) => `${rec.kind}/${rec.id}:${rec.refs.map((x) => x.pointer + '=' + x.id).join(',')}`));
    expect(refs(warm)).toEqual(refs(cold));
    expect(refs(cold).some((line) => line.includes('/paths/0=akibatu'))).toBe(true);
  });

  it('ignores a damaged cache file, still validates, and writes a good one in its place', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playmark-cache-damaged-'));
    try {
      validate([refFixture], { cwd: root, cacheDir: dir });
      const file = readdirSync(dir).find((f) => f.startsWith('parsed-'));
      writeFileSync(path.join(dir, file!), 'this is not JSON {');
      const result = validate([refFixture], { cwd: root, cacheDir: dir });
      expect(result.diagnostics.map((d) => d.code)).toContain('ref/missing');
      expect(JSON.parse(readFileSync(path.join(dir, file!), 'utf8'))).toMatchObject({ entries: expect.any(Object) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the parsed-YAML cache', () => {
  it('never serves an edited file: the data follows the text, keyed by its hash', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'playmark-parse-cache-'));
    const dir = mkdtempSync(path.join(tmpdir(), 'playmark-parse-cache-dir-'));
    try {
      cpSync(path.join(root, 'content/warchon'), path.join(project, 'content/warchon'), { recursive: true });
      const spread = path.join(project, 'content/warchon/spreads/erdon-pass.yaml');
      const capacity = (r: ReturnType<typeof validate>) => r.packs[0]!.records.get('spread')!.find((s) => s.id === 'erdon-pass')!.data.capacity;
      expect(capacity(validate([path.join(project, 'content')], { cwd: project, cacheDir: dir }))).toBe(4);
      expect(readdirSync(dir).some((f) => f.startsWith('parsed-'))).toBe(true);
      expect(capacity(validate([path.join(project, 'content')], { cwd: project, cacheDir: dir }))).toBe(4);
      writeFileSync(spread, readFileSync(spread, 'utf8').replace('capacity: 4', 'capacity: 5'));
      expect(capacity(validate([path.join(project, 'content')], { cwd: project, cacheDir: dir }))).toBe(5);
      writeFileSync(spread, readFileSync(spread, 'utf8').replace('capacity: 5', 'capacity: [5'));
      const broken = validate([path.join(project, 'content')], { cwd: project, cacheDir: dir });
      expect(broken.diagnostics.map((d) => d.code)).toContain('yaml/syntax');
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
