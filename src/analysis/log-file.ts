// Reading a game log from disk, bounded: a log is a regular file of JSON lines (docs/game-log.md),
// read line by line with a limit on each line and on the whole, so that `replay /dev/zero` or a
// 50 MB line is refused at once with where it went wrong, and never held or echoed whole.
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** The longest line a log may have, in bytes (a move or event line is a few hundred bytes). */
export const MAX_LOG_LINE_BYTES = 16 * 1024 * 1024;
/** The largest log, in bytes (a long game's log is a few megabytes). */
export const MAX_LOG_BYTES = 256 * 1024 * 1024;

const CHUNK = 1024 * 1024;
const BOM = '\uFEFF';

/** Why a file cannot be read as a log: the message is for people, one line. */
export class LogFileError extends Error {}

/** A text cut to its first `length` characters, saying how long it was: never the whole of a long line. */
export function shorten(text: string, length = 200): string {
  return text.length <= length ? text : `${text.slice(0, length)}... (${text.length} characters in all)`;
}

/** The first characters of a text, quoted, for a message: never the whole of a long line. */
export function excerpt(text: string, length = 60): string {
  return text.length <= length ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, length))}... (${text.length} characters in all)`;
}

/**
 * The lines of a log file (without their `\n`, a final empty line dropped, a UTF-8 byte-order mark
 * at the start removed). Throws a LogFileError for a file that is not a regular file, a line longer
 * than `maxLine` bytes (with its number and its first characters) or a file larger than `maxBytes`.
 */
export function readLogLines(file: string, limits: { maxLine?: number; maxBytes?: number } = {}): string[] {
  const maxLine = limits.maxLine ?? MAX_LOG_LINE_BYTES;
  const maxBytes = limits.maxBytes ?? MAX_LOG_BYTES;
  // Checked before opening: opening a FIFO would wait for a writer.
  const stat = statSync(file);
  if (!stat.isFile()) {
    const what = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a pipe' : stat.isSocket() ? 'a socket' : 'a device';
    throw new LogFileError(`it is ${what}, not a regular file: a game log is a file simulate --log wrote`);
  }
  const fd = openSync(file, 'r');
  try {
    if (!fstatSync(fd).isFile()) throw new LogFileError('it is not a regular file');
    const lines: string[] = [];
    let parts: Buffer[] = [];
    let partBytes = 0;
    let total = 0;
    const buffer = Buffer.alloc(CHUNK);
    const tooLong = () =>
      new LogFileError(
        `line ${lines.length + 1} is longer than ${maxLine / (1024 * 1024)} MB, the most a log line may be; it starts ${JSON.stringify(Buffer.concat(parts).subarray(0, 60).toString('utf8'))}...`,
      );
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new LogFileError(`it is larger than ${maxBytes / (1024 * 1024)} MB, the most a log may be`);
      let from = 0;
      for (let nl = buffer.indexOf(10, from); nl !== -1 && nl < n; nl = buffer.indexOf(10, from)) {
        if (partBytes + (nl - from) > maxLine) {
          parts.push(Buffer.from(buffer.subarray(from, nl)));
          throw tooLong();
        }
        parts.push(buffer.subarray(from, nl));
        lines.push(Buffer.concat(parts).toString('utf8'));
        parts = [];
        partBytes = 0;
        from = nl + 1;
      }
      if (from < n) {
        parts.push(Buffer.from(buffer.subarray(from, n))); // a copy: the buffer is read into again
        partBytes += n - from;
        if (partBytes > maxLine) throw tooLong();
      }
    }
    if (partBytes > 0) lines.push(Buffer.concat(parts).toString('utf8'));
    if (lines.length > 0 && lines[0]!.startsWith(BOM)) lines[0] = lines[0]!.slice(1);
    return lines;
  } finally {
    closeSync(fd);
  }
}
