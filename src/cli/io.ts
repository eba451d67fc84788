import path from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { DiagnosticCode } from '../content/codes.js';
/** Where a command writes, so tests can run commands in-process and read what they print. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
  readonly cwd: string;
  /** Set by a command to the exit code it wants. */
  exitCode?: number;
}

export const EXIT = { ok: 0, content: 1, usage: 2, internal: 3 } as const;

/**
 * What stops a command outside the content, not a bug in playmark: printed as a content diagnostic
 * is, with its code (src/content/codes.ts), never a stack; `exit` is 1 (the content) or 2 (usage).
 * `file` is the file it is about, if any; otherwise it is placed on the command line.
 */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code: DiagnosticCode,
    readonly exit: typeof EXIT.content | typeof EXIT.usage,
    readonly hint?: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

/** A mistake in how the command was called: exit code 2; `cli/bad-option` unless a more precise code is given. */
export class UsageError extends CommandError {
  constructor(message: string, hint?: string, code: DiagnosticCode = 'cli/bad-option', file?: string) {
    super(message, code, EXIT.usage, hint, file);
  }
}

/** What a file-system error means to the user, and what would fix it, by its errno code. */
const FILE_PROBLEMS: Readonly<Record<string, readonly [string, string]>> = {
  EACCES: ['permission denied', 'Check the permissions of the file and its folder, or choose a folder you can write to.'],
  EPERM: ['operation not permitted', 'Check the permissions of the file and its folder, or choose a folder you can write to.'],
  EROFS: ['the file system is read-only', 'Choose a folder on a writable file system.'],
  ENOTDIR: ['a part of the path is a file, not a folder', 'Check the path: one of its folders is a file.'],
  EISDIR: ['it is a folder, not a file', 'Give a file name.'],
  EEXIST: ['it exists already', 'Choose another name, or remove the file first.'],
  ENOENT: ['no such file or folder', 'Check the path.'],
  ENOSPC: ['no space left on the device', 'Free some disk space, or choose another folder.'],
  EDQUOT: ['the disk quota is exceeded', 'Free some disk space, or choose another folder.'],
  ENAMETOOLONG: ['the name is too long for the file system', 'Choose a shorter name.'],
  ELOOP: ['too many symbolic links', 'Check the path for a symbolic link that points to itself.'],
  EMFILE: ['too many open files', 'Close other programs, or raise the limit (ulimit -n).'],
};

/**
 * A file-system error as a one-line usage error naming the file (`cannot write x: permission
 * denied`); an error that is not about the file system is thrown on as it is (a bug).
 */
export function fileError(error: unknown, doing: string, shown: string): UsageError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = code === undefined ? undefined : FILE_PROBLEMS[code];
  if (!problem) throw error;
  const reading = doing === 'read' || doing === 'read the folder';
  return new UsageError(`cannot ${doing} ${shown}: ${problem[0]} (${code})`, problem[1], reading ? 'file/read-failed' : 'file/write-failed', shown);
}

const DOING: Readonly<Record<string, string>> = {
  open: 'open',
  read: 'read',
  write: 'write',
  mkdir: 'make the folder',
  rename: 'write',
  link: 'write',
  scandir: 'read the folder',
  stat: 'read',
  lstat: 'read',
  unlink: 'remove',
  rmdir: 'remove',
};

/**
 * Runs a command's work, turning a file-system error (permission denied, no space, a name too
 * long...) into a one-line usage error naming the file (as Node reports it); others pass through.
 */
export function withFileErrors<T>(cwd: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (error instanceof UsageError || typeof e?.code !== 'string' || typeof e.path !== 'string') throw error;
    const rel = path.relative(cwd, e.path);
    const shown = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : e.path;
    throw fileError(error, DOING[e.syscall ?? ''] ?? 'use', shown);
  }
}

/**
 * The absolute path of an output file the user named (`--out FILE`), checked before any work is
 * done: its folder must exist (playmark makes no folders the user did not ask for; a typo in a
 * folder name is an error, not a new folder) and it must not be a folder itself.
 */
export function outputFile(cwd: string, given: string, option: string): string {
  const file = path.resolve(cwd, given);
  const dir = path.dirname(file);
  let dirStat;
  try {
    dirStat = statSync(dir);
  } catch (error) {
    // Only a folder that is not there is "does not exist"; any other refusal (permission...) says what it is.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw fileError(error, 'read', path.dirname(given) || dir);
    throw new UsageError(
      `${option} ${given}: the folder ${path.dirname(given) || dir} does not exist`,
      'Make the folder first (playmark does not make it), or give a file in a folder that exists.',
    );
  }
  if (!dirStat.isDirectory())
    throw new UsageError(`${option} ${given}: ${path.dirname(given)} is a file, not a folder`, 'Give a file in a folder that exists.');
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`${option} ${given} is a folder`, 'Give a file name.');
  return file;
}
