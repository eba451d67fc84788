// For the fixtures of diagnostics whose mistake cannot be committed (a 9 MB file): the fixture pack
// is copied to a temporary folder laid out as the repository is (test/fixtures/<code>/ beside
// test/fixtures/schemas/), the mistake is made there, and the copy is validated from that folder,
// so the diagnostics name the same paths as a committed fixture's.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../src/content/diagnostic.js';
import { validate } from '../src/content/validate.js';
import { fixture, fixtureDirFor, inFixtures } from './helpers.js';

export function validateMadeFixture(code: string, make: (dir: string) => void): Diagnostic[] {
  const root = mkdtempSync(path.join(tmpdir(), 'playmark-made-fixture-'));
  try {
    const dir = path.join(root, 'test', 'fixtures', path.basename(fixtureDirFor(code)));
    cpSync(fixtureDirFor(code), dir, { recursive: true });
    cpSync(fixture('schemas'), path.join(root, 'test', 'fixtures', 'schemas'), { recursive: true });
    mkdirSync(path.join(dir, 'cards'), { recursive: true });
    make(dir);
    // The copied manifest's first line names playmark's schemas relative to the repository, which the copy is not in.
    const modeline = (d: Diagnostic) => d.code === 'file/schema-comment' && d.file.endsWith('/pack.yaml');
    return inFixtures(validate([dir], { cwd: root, cacheDir: false }).diagnostics).filter((d) => !modeline(d));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
