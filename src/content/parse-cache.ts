// Parsed YAML keyed by the file's exact text, kept between runs in the user's own cache folder.
// A fresh process parses YAML slowly (its parser is not yet optimised by the JIT); a file whose
// bytes are unchanged parses to the same data, so its data is taken from here. Keyed by a hash of
// the whole text and the parser's version: an edited file always misses and is parsed anew. Only
// files that parse cleanly are kept; a file with a problem is always parsed, to report it.
//
// The cache holds data, never code, and is bounded (issue 19): it lives only in a folder this user
// owns and nobody else can write (see user-cache.ts), never in a project, so a downloaded project
// cannot change what is printed through it; a file with aliases is never kept (JSON would expand
// every alias, which made a 300-byte alias bomb a 469 MB entry); each entry and the whole file
// have a size cap; a cache file that is too big, damaged, not ours or of the wrong shape is dropped
// whole, and an entry that does not parse is dropped alone. None of this is ever an error.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openCacheFolder, ownedByThisUser } from './user-cache.js';
import { tempNameFor } from './write-atomic.js';

const PARSER_VERSION = (createRequire(import.meta.url)('js-yaml/package.json') as { version: string }).version;
/** Bump when parsing or the file's shape changes, so old files are never used. */
const FORMAT = 2;
/** The largest entry kept, as JSON: content files are one record each, far below this. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** The largest cache file written or read (the three shipped packs take about 0.2 MB). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** What the cache file holds: each entry is the JSON text of one file's data. */
interface CacheFile {
  readonly format: number;
  readonly entries: Record<string, string>;
}

export class ParseCache {
  /** The cache file, or undefined when the folder was refused (then nothing is read or written). */
  private readonly file: string | undefined;
  /** Why the folder was refused, for callers that say so. */
  readonly refused: string | undefined;
  private entries = new Map<string, string>();
  private readonly used = new Set<string>();
  private changed = false;

  constructor(cacheDir: string) {
    const folder = openCacheFolder(cacheDir);
    if (!folder.ok) {
      this.refused = `${cacheDir}: ${folder.why}`;
      return;
    }
    this.file = path.join(folder.dir, `parsed-${FORMAT}-js-yaml-${PARSER_VERSION}.json`);
    this.entries = readEntries(this.file);
  }

  static key(text: string): string {
    return createHash('sha256').update(text).digest('base64url');
  }

  get(key: string): { data: unknown } | undefined {
    const json = this.entries.get(key);
    if (json === undefined) return undefined;
    try {
      // A fresh copy each time: callers own what they are given.
      const data = JSON.parse(json) as unknown;
      this.used.add(key);
      return { data };
    } catch {
      this.entries.delete(key); // damaged entry: dropped, and the file is parsed again
      this.changed = true;
      return undefined;
    }
  }

  /** Keeps a file's data, unless it cannot be kept exactly or is too big (then it is parsed next time). */
  set(key: string, data: unknown): void {
    if (!this.file) return;
    let json: string;
    try {
      json = JSON.stringify(data, exactJson);
    } catch {
      return; // not exactly JSON: not cached, parsed again next time
    }
    if (json === undefined || json.length > MAX_ENTRY_BYTES) return;
    this.entries.set(key, json);
    this.used.add(key);
    this.changed = true;
  }

  /**
   * Writes the entries this run used (others are dropped, so the file never grows stale) up to the
   * file's cap, atomically, under a temporary name of its own (two runs at once never mix files).
   */
  save(): void {
    if (!this.file) return;
    if (!this.changed && this.used.size === this.entries.size) return;
    const kept: Record<string, string> = {};
    let size = 64;
    for (const key of [...this.used].sort()) {
      const json = this.entries.get(key);
      if (json === undefined) continue;
      // Each entry is written as a JSON string: its quotes and backslashes are escaped, so allow twice its length.
      size += key.length + 2 * json.length + 8;
      if (size > MAX_FILE_BYTES) break;
      kept[key] = json;
    }
    const tmp = tempNameFor(this.file);
    try {
      const text = JSON.stringify({ format: FORMAT, entries: kept } satisfies CacheFile);
      if (Buffer.byteLength(text) > MAX_FILE_BYTES) return;
      writeFileSync(tmp, text, { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written costs time, never correctness.
      rmSync(tmp, { force: true });
    }
  }
}

/** JSON.stringify's replacer: refuses values JSON cannot give back as they were (.inf, .nan, -0). */
function exactJson(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) throw new Error('not exact in JSON');
  return value;
}

/** The entries of a cache file this user wrote, or none: a file that is missing, too big, not ours or of the wrong shape is ignored. */
function readEntries(file: string): Map<string, string> {
  const none = new Map<string, string>();
  let fd: number;
  try {
    // Not through a link, and without waiting on a FIFO: only a plain file is read.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return none; // no cache file yet, or not ours to read: start empty
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || !ownedByThisUser(stats) || stats.size > MAX_FILE_BYTES) return none;
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, null);
      if (n === 0) break;
      read += n;
    }
    const loaded = JSON.parse(buffer.toString('utf8', 0, read)) as Partial<CacheFile> | null;
    if (!loaded || typeof loaded !== 'object' || loaded.format !== FORMAT) return none;
    const entries = loaded.entries;
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return none;
    const out = new Map<string, string>();
    for (const [key, json] of Object.entries(entries)) {
      if (!KEY.test(key) || typeof json !== 'string' || json.length > MAX_ENTRY_BYTES) return none;
      out.set(key, json);
    }
    return out;
  } catch {
    return none; // unreadable cache: start empty (it costs time, never correctness)
  } finally {
    closeSync(fd);
  }
}
