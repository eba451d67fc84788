// Shared by the diagnostics and CLI tests: where the fixtures are, and a fake Io for running the
// CLI in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { caseNamed, layProject } from '../scripts/bad-input.js';
import { fileURLToPath } from 'node:url';
import type { Io } from '../src/cli/io.js';
import type { Diagnostic } from '../src/content/diagnostic.js';

export const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');

/** A fixture folder, by its path relative to test/fixtures/. */
export function fixture(...parts: string[]): string {
  return path.join(fixturesDir, ...parts);
}

/** The fixture folder for a diagnostic code: `yaml/duplicate-key` -> test/fixtures/yaml--duplicate-key. */
export function fixtureDirFor(code: string): string {
  return fixture(code.replace(/\//g, '--'));
}

/**
 * Diagnostics in fixture files only. The validator also loads playmark's own schemas, including
 * the game schemas other people are editing; a problem in one of those is not what these tests
 * are about, so it must not make a fixture test fail.
 */
export function inFixtures(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.file.startsWith('test/fixtures/'));
}

export interface FakeIo {
  readonly io: Io;
  stdout(): string;
  stderr(): string;
}

/** An Io that collects what a command prints, with colour off. */
export function fakeIo(cwd: string = repoRoot): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (s) => void out.push(s), err: (s) => void err.push(s), color: false, cwd };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Matches a line of a JavaScript stack trace. */
export const STACK_LINE = /^ {4}at /m;

/** The text of rendered HTML, as a reader sees it: layer marks and tags out, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<sup class="layer-mark">\d+<\/sup>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`')
    .replace(/&times;/g, '\u00d7')
    .replace(/&middot;/g, '\u00b7')
    .replace(/&rsquo;/g, '\u2019')
    .replace(/\s+/g, ' ');
}

/** A context with every string replaced, to see the templates escape whatever the content holds. */
export function poisoned(value: unknown, evil: string): unknown {
  if (typeof value === 'string') return evil;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, evil));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, evil)]));
  return value;
}

/** A small seeded chooser for a random player in tests (xorshift; not the game's generator, whose randomness is its own). */
export function chooser(seed: number): (n: number) => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/**
 * The project of a bad-input case (test/fixtures/bad/<name>/), laid out in a temporary folder of
 * its own (its base project with its own files over it), removed when the test process ends.
 */
export function badCaseProject(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `playmark-case-${name}-`));
  layProject(caseNamed(name), dir);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
