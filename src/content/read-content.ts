// Reading one content file as a stranger's pack may hand it to us: only a plain file, inside the
// project (symlinks followed), of a bounded size, read without first reading the whole of a bigger
// one and without waiting on a pipe or a device (`/dev/zero`, a FIFO) that never ends.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { DiagnosticCode } from './codes.js';
import { isInside, realPathOf } from './confine.js';
import { packageRoot } from './package-root.js';

/** The largest content file playmark reads: a content file holds one record (the largest shipped is under 50 KB). */
export const MAX_CONTENT_BYTES = 8 * 1024 * 1024;

export type ContentRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly code: Extract<DiagnosticCode, 'file/read-failed' | 'file/too-large' | 'file/outside-project'>; readonly message: string };

/**
 * The folders a pack's files may lie in once their real paths are known: its project (the folder
 * holding `content/` when the pack is `content/<pack>`, else the pack's own folder) and playmark's
 * own package. Real paths, computed once per pack.
 */
export function contentRoots(packDir: string): string[] {
  const absolute = path.resolve(packDir);
  const parent = path.dirname(absolute);
  const project = path.basename(parent) === 'content' ? path.dirname(parent) : absolute;
  return [...new Set([realPathOf(project), realPathOf(packageRoot())])];
}

/** A content file's bytes, or why it is not read. `roots` from `contentRoots`; none: no confinement (locating a diagnostic). */
export function readContentFile(file: string, roots?: readonly string[]): ContentRead {
  let target = file;
  if (roots) {
    const real = realPathOf(file);
    if (!roots.some((root) => isInside(real, root))) {
      return {
        ok: false,
        code: 'file/outside-project',
        message: `${path.basename(file)} is not read: it leads to ${real}, outside the project (a link). playmark reads no content file outside the project.`,
      };
    }
    target = real;
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
    fd = openSync(target, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { ok: false, code: 'file/read-failed', message: `Cannot read the file: ${(error as Error).message}` };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { ok: false, code: 'file/read-failed', message: 'It is a folder, not a file: a content file must be a plain file.' };
    if (!stats.isFile()) return { ok: false, code: 'file/read-failed', message: 'It is not a plain file (a device, a pipe or a socket), so it is not read.' };
    if (stats.size > MAX_CONTENT_BYTES) return tooLarge(stats.size);
    // Read at most one byte past the bound: a file that grew since fstat is still refused, not read whole.
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_CONTENT_BYTES) + 1);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, null);
      if (n === 0) break;
      read += n;
    }
    if (read > MAX_CONTENT_BYTES) return tooLarge(read, true);
    return { ok: true, bytes: buffer.subarray(0, read) };
  } catch (error) {
    return { ok: false, code: 'file/read-failed', message: `Cannot read the file: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

function tooLarge(size: number, atLeast = false): ContentRead {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  const shown = atLeast ? `more than ${mb(MAX_CONTENT_BYTES)}` : `${mb(size)} (${size.toLocaleString('en-US')} bytes)`;
  return {
    ok: false,
    code: 'file/too-large',
    message: `The file is ${shown}; playmark reads content files of up to ${mb(MAX_CONTENT_BYTES)} (${MAX_CONTENT_BYTES.toLocaleString('en-US')} bytes).`,
  };
}
