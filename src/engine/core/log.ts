// Log entries: what happened, in words for people and in data for programs (replays, tests,
// analysis). Plain JSON, like the state that holds them.

/** A die rolled while applying an effect, with what it showed. */
export interface LoggedRoll {
  readonly die: string;
  readonly value: number;
  /** Why it was rolled: a value (`d6+4`), an outcome, a table, a random pick. */
  readonly for: string;
}

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface LogEntry {
  /** The effect kind that wrote it (`destroy`, `roll`, ...), or `expire`. */
  readonly kind: string;
  /** The rule it came from, as the caller named it in the context. */
  readonly source: string;
  /** What happened, in words. */
  readonly text: string;
  /** Unit instance ids the entry is about, in state order. */
  readonly units: readonly string[];
  readonly rolls: readonly LoggedRoll[];
  /** True for a `manual` effect: players must apply the printed text; callers may count or skip it. */
  readonly manual: boolean;
  /** Details by name, e.g. `{ stat: 'ds', op: 'add', value: 2 }`. */
  readonly data: { readonly [key: string]: JsonValue };
}

/** No entries: what most steps log, shared (frozen, so never written). */
export const NO_ENTRIES: readonly LogEntry[] = Object.freeze([]);

export function entry(kind: string, source: string, text: string, more: Partial<Omit<LogEntry, 'kind' | 'source' | 'text'>> = {}): LogEntry {
  return { kind, source, text, units: more.units ?? [], rolls: more.rolls ?? [], manual: more.manual ?? false, data: more.data ?? {} };
}
