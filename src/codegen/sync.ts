// Compares the planned files with the output folder, and brings the folder in line: writes only
// files whose bytes differ (to a temporary file, renamed into place), removes files no longer
// produced and the folders they leave empty.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeAtomic } from '../content/write-atomic.js';
import { compareText } from './literal.js';
import { posix } from './names.js';

export interface Diff {
  /** Planned files whose content on disk differs. */
  readonly stale: string[];
  /** Planned files not on disk. */
  readonly missing: string[];
  /** Files on disk that are not planned. */
  readonly extra: string[];
  readonly unchanged: string[];
}

export function diffFiles(outDir: string, planned: ReadonlyMap<string, string>): Diff {
  const onDisk = new Set(listFiles(outDir));
  const diff: Diff = { stale: [], missing: [], extra: [], unchanged: [] };
  for (const [file, text] of planned) {
    if (!onDisk.has(file)) diff.missing.push(file);
    else if (!readFileSync(path.join(outDir, file)).equals(Buffer.from(text, 'utf8'))) diff.stale.push(file);
    else diff.unchanged.push(file);
  }
  for (const file of onDisk) if (!planned.has(file)) diff.extra.push(file);
  diff.extra.sort(compareText);
  return diff;
}

/** Applies a diff: writes stale and missing files, removes extra ones. */
export function applyDiff(outDir: string, planned: ReadonlyMap<string, string>, diff: Diff): void {
  for (const file of [...diff.stale, ...diff.missing]) {
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeAtomic(target, planned.get(file)!);
  }
  for (const file of diff.extra) rmSync(path.join(outDir, file), { force: true });
  if (diff.extra.length > 0) removeEmptyFolders(outDir, false);
}

/** Files under `dir`, relative to it with `/`, sorted; none when it does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => posix(path.relative(dir, path.join(e.parentPath, e.name))))
    .sort(compareText);
}

function removeEmptyFolders(dir: string, removeSelf: boolean): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyFolders(path.join(dir, entry.name), true);
  }
  if (removeSelf && readdirSync(dir).length === 0) rmdirSync(dir);
}
