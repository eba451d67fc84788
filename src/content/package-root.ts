import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Looked up once per process: modules ask for it as they load, and the loader for each content file.
let found: string | undefined;

/**
 * playmark's own folder (the one holding its package.json), found by walking up from this file,
 * so the answer is the same whether the code runs from src/ (tests) or dist/src/ (the command).
 */
export function packageRoot(): string {
  if (found !== undefined) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('playmark: cannot find its own package.json');
    dir = parent;
  }
  return (found = dir);
}

/** playmark's version, from its package.json (what `--version` prints and a game log's header names). */
export function playmarkVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
