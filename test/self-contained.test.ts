// A fresh clone has nothing beside it: no test, script, benchmark or doc may read or send a reader to
// a file outside the repository (the rule texts and design notes that once lay in a folder next to
// the project). Transcription tests read test/fixtures/source/; the architecture is docs/architecture.md.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

// Built from parts so that this file does not match itself.
const OUTSIDE: readonly string[] = [
  ['..', 'shared'].join('/'),
  ['shared', 'seeds'].join('/'),
  ['', 'work', 'shared'].join('/'),
  ['DESIGN', 'md'].join('.'),
  ['RULE', 'MODEL', 'ANCHORS'].join('-'),
];

/** Folders and files scanned, relative to the repository root. */
const SCANNED = ['test', 'src', 'scripts', 'bench', 'docs', 'schemas', 'generated', 'starter', 'templates', 'bin', '.ci', 'README.md', 'package.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'out', '.work']);

function files(rel: string): string[] {
  const abs = path.join(repoRoot, rel);
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return [rel];
    throw e;
  }
  return entries
    .filter((e) => !SKIPPED.has(e.name))
    .flatMap((e) => (e.isDirectory() ? files(path.join(rel, e.name)) : e.isFile() ? [path.join(rel, e.name)] : []));
}

/** Each line of `text` naming a path outside the repository, as `file:line: text`. */
function outsideReferences(file: string, text: string): string[] {
  if (text.includes('\0')) return []; // binary (images, fonts, a fixture's bad bytes)
  return text.split('\n').flatMap((line, i) => (OUTSIDE.some((p) => line.includes(p)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('the repository is self-contained', () => {
  it('finds a reference to a file beside the project, naming the file and line', () => {
    const read = `const seed = readFileSync('${OUTSIDE[0]}/seeds/x.txt');`;
    expect(outsideReferences('test/x.test.ts', `const a = 1;\n  ${read}\n`)).toEqual([`test/x.test.ts:2: ${read}`]);
    expect(outsideReferences('README.md', `See \`${OUTSIDE[0]}/${OUTSIDE[3]}\`.`)).toHaveLength(1);
    expect(outsideReferences('README.md', 'See docs/architecture.md.')).toEqual([]);
  });

  it(`no test, source, script, benchmark, schema, template or doc names a path outside the repository (${SCANNED.join(', ')})`, () => {
    const scanned = SCANNED.flatMap(files);
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned).toContain(path.join('test', 'transcription-warchon.test.ts'));
    const found = scanned.flatMap((f) => outsideReferences(f.split(path.sep).join('/'), readFileSync(path.join(repoRoot, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the transcription tests read their rule text from test/fixtures/source/', () => {
    for (const f of ['transcription-archon-skirmish', 'transcription-warchon', 'transcription-warmaster', 'coverage-unused']) {
      const text = readFileSync(path.join(repoRoot, 'test', `${f}.test.ts`), 'utf8');
      expect(/\bsourceText\('[a-z-]+'\)/.test(text), `test/${f}.test.ts calls sourceText(pack)`).toBe(true);
    }
  });
});
