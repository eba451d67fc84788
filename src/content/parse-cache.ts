// Parsed YAML keyed by the file's exact text, kept between runs beside the compiled validators.
// A fresh process parses YAML slowly (its parser is not yet optimised by the JIT); a file whose
// bytes are unchanged parses to the same data, so its data is taken from here. Keyed by a hash of
// the whole text and the parser's version: an edited file always misses and is parsed anew. Only
// files that parse cleanly are kept; a file with a problem is always parsed, to report it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PARSER_VERSION = (createRequire(import.meta.url)('js-yaml/package.json') as { version: string }).version;
/** Bump when parsing changes meaning (options, schema), so old entries are never used. */
const FORMAT = 1;

export class ParseCache {
  private readonly file: string;
  private entries: Record<string, unknown> = {};
  private readonly used = new Set<string>();
  private changed = false;

  constructor(cacheDir: string) {
    this.file = path.join(cacheDir, `parsed-${FORMAT}-js-yaml-${PARSER_VERSION}.json`);
    try {
      const loaded = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      if (loaded && typeof loaded === 'object' && !Array.isArray(loaded)) this.entries = loaded as Record<string, unknown>;
    } catch {
      // No cache yet, or a damaged one: start empty.
    }
  }

  static key(text: string): string {
    return createHash('sha256').update(text).digest('base64url');
  }

  get(key: string): { data: unknown } | undefined {
    if (!Object.hasOwn(this.entries, key)) return undefined;
    this.used.add(key);
    // A copy: callers own what they are given, and the cache stays as parsed.
    return { data: structuredClone(this.entries[key]) };
  }

  set(key: string, data: unknown): void {
    this.entries[key] = structuredClone(data);
    this.used.add(key);
    this.changed = true;
  }

  /** Writes the entries this run used (others are dropped, so the file never grows stale), atomically. */
  save(): void {
    if (!this.changed && this.used.size === Object.keys(this.entries).length) return;
    const kept: Record<string, unknown> = {};
    for (const key of [...this.used].sort()) kept[key] = this.entries[key];
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(kept));
      renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written costs time, never correctness.
    }
  }
}
