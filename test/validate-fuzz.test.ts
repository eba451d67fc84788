// No input makes validate throw: whatever a record file holds, the answer is diagnostics.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../src/content/validate.js';
import { fixture } from './helpers.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-fuzz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// A copy of the clean fixture pack, with its schemas beside it, whose files we overwrite one at a time.
cpSync(fixture('valid'), path.join(work, 'content'), { recursive: true });
cpSync(fixture('schemas'), path.join(work, 'schemas'), { recursive: true });

const yamlish = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '\t', '-', '[', ']', '{', '}', '"', "'", '#', '&', '*', '!', '|', '>', '%', '@', '`', '1', 'null') }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom('id', 'name', 'count', 'kind', 'extra', 'side'), fc.jsonValue()).map((o) => JSON.stringify(o)),
);

describe('validate on arbitrary file content', () => {
  it(
    'returns diagnostics with a file, line, column and hint, and never throws',
    () => {
      // A record, the manifest or a layer file, each put back after its run.
      const targets = ['cards/strike.yaml', 'pack.yaml', 'layers/inferences.yaml'].map((rel) => path.join(work, 'content', 'mini', rel));
      const originals = new Map(targets.map((f) => [f, readFileSync(f, 'utf8')]));
      fc.assert(
        fc.property(fc.constantFrom(...targets), yamlish, (file, text) => {
          writeFileSync(file, text);
          try {
            const result = validate([path.join(work, 'content')], { cwd: work, cacheDir: path.join(work, 'cache') });
            for (const d of result.diagnostics) {
              expect(d.line).toBeGreaterThanOrEqual(1);
              expect(d.column).toBeGreaterThanOrEqual(1);
              expect(d.hint.length).toBeGreaterThan(0);
              expect(d.code).toMatch(/^[a-z]+\/[a-z-]+$/);
            }
          } finally {
            writeFileSync(file, originals.get(file)!);
          }
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 20261130) },
      );
    },
    process.env.FUZZ_RUNS ? 3_600_000 : 120_000,
  );
});
