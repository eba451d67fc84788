// Writing outputs: atomically (a temporary file renamed into place, so a failed run leaves the last
// good output) and incrementally (a manifest in the output folder keeps the hash of each output's
// inputs; an output whose inputs did not change is not printed again).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeAtomic as writeAtomicIn } from '../content/write-atomic.js';

export const MANIFEST = '.playmark-render.json';

export interface ManifestEntry {
  /** sha256 of everything the output is made from: its HTML, the print options, playmark's version. */
  readonly hash: string;
  /** PDF pages, or 0 for HTML and PNG files. */
  readonly pages: number;
  readonly bytes: number;
}

export interface Manifest {
  readonly version: 1;
  readonly outputs: Record<string, ManifestEntry>;
}

export function hashOf(...parts: readonly (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(p);
    h.update('\0');
  }
  return h.digest('hex');
}

export function readManifest(outDir: string): Manifest {
  try {
    const m = JSON.parse(readFileSync(path.join(outDir, MANIFEST), 'utf8')) as Manifest;
    if (m.version === 1 && m.outputs && typeof m.outputs === 'object') return { version: 1, outputs: { ...m.outputs } };
  } catch {
    // missing or unreadable: everything is rendered again
  }
  return { version: 1, outputs: {} };
}

export function writeManifest(outDir: string, manifest: Manifest): void {
  const sorted = Object.fromEntries(Object.entries(manifest.outputs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeAtomic(path.join(outDir, MANIFEST), JSON.stringify({ version: 1, outputs: sorted }, null, 2) + '\n');
}

/** True when `file` (relative to outDir) exists as the manifest last wrote it from the same inputs. */
export function isCurrent(outDir: string, manifest: Manifest, file: string, hash: string): boolean {
  const entry = manifest.outputs[file];
  if (!entry || entry.hash !== hash) return false;
  try {
    return statSync(path.join(outDir, file)).size === entry.bytes;
  } catch {
    return false; // missing or unreadable: render it again
  }
}

/** Writes `file` atomically (see content/write-atomic.ts), making its folder first. */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeAtomicIn(file, data);
}
