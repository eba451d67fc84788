// Writing a file so that readers (and other writers) see the old file or the new, never half of
// one or a mixture of two: the data goes to a temporary file of its own in the same folder (a name
// no other writer, process or call uses), which is then renamed over the target in one step.
import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A fresh temporary name beside `file`: `.<name>.<pid>.<random>.tmp`, hidden and unique to this call. */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Writes `data` to `file` atomically; the temporary file is removed if anything fails. The folder must exist. */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  const tmp = tempNameFor(file);
  try {
    writeFileSync(tmp, data, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Writes `data` to `file`, which must not exist: a temporary file, then a hard link (which fails
 * with EEXIST if the file appeared meanwhile), so an existing file is never replaced. On a file
 * system without hard links, a rename once the name is checked free.
 */
export function writeNewAtomic(file: string, data: string | Uint8Array): void {
  const tmp = tempNameFor(file);
  try {
    writeFileSync(tmp, data, { flag: 'wx' });
    try {
      linkSync(tmp, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error;
      writeFileSync(file, '', { flag: 'wx' }); // claims the name, or fails with EEXIST
      renameSync(tmp, file);
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}
