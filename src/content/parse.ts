import { constructFromEvents, CORE_SCHEMA, EVENT_ID, parseEvents, YAMLException, type Event } from 'js-yaml';
import type { DiagnosticCode } from './codes.js';
import { pending, type PendingDiagnostic } from './diagnostic.js';
import { yamlLib, yamlLibMayRead } from './locate.js';

export type ParseResult =
  | { ok: true; data: unknown /** How many aliases (`*name`) the file uses. */; aliases: number }
  | { ok: false; diagnostic: PendingDiagnostic };

/**
 * The deepest nesting of lists and mappings a content file may have. The shipped packs nest 11 deep
 * at most; the parser stops at this depth before recursing further, so a 10,000-deep file is
 * refused at once (not a stack overflow), and every later walk over the data is bounded too.
 */
export const MAX_DEPTH = 64;
/**
 * The most values a file's aliases may stand for, counted as if each alias were written out (an
 * alias of a list of 10 numbers is 11 values). An alias bomb (each anchor a list of aliases of the
 * one before) stands for billions; a content file that shares a few tables stands for hundreds.
 */
export const MAX_ALIASED_VALUES = 10_000;

/**
 * Parses one content file. The fast path is js-yaml with the YAML 1.2 core schema (no dates, no
 * merge keys), which rejects duplicate keys and tab indentation as we want. Its events are read
 * first to bound what aliases stand for; only when parsing fails do we parse again with the `yaml`
 * package, whose error codes say what kind of problem it is.
 */
export function parseYaml(file: string, text: string): ParseResult {
  let events: Event[];
  try {
    events = parseEvents(text, { filename: file, maxDepth: MAX_DEPTH });
  } catch (error) {
    return { ok: false, diagnostic: classify(file, text, error) };
  }
  const aliases = aliasCheck(file, text, events);
  if ('diagnostic' in aliases) return { ok: false, diagnostic: aliases.diagnostic };
  try {
    const documents = constructFromEvents(events, { schema: CORE_SCHEMA, filename: file, source: text });
    // As js-yaml's `load`: one document, no fewer, no more.
    if (documents.length !== 1)
      throw new YAMLException(
        documents.length === 0 ? 'expected a document, but the input is empty' : 'expected a single document in the stream, but found more',
      );
    return { ok: true, data: documents[0], aliases: aliases.count };
  } catch (error) {
    return { ok: false, diagnostic: classify(file, text, error) };
  }
}

/**
 * Counts what the aliases stand for, from the parser's events, before any data is built: each
 * anchored value's size (its own aliases counted out) is known when it closes, and each alias adds
 * that size. Past the bound the file is refused at the alias that crossed it.
 */
function aliasCheck(file: string, text: string, events: readonly Event[]): { count: number } | { diagnostic: PendingDiagnostic } {
  if (!events.some((e) => e.type === EVENT_ID.ALIAS)) return { count: 0 };
  const sizes = new Map<string, number>();
  const open: { size: number; anchor: string | undefined }[] = [];
  let count = 0;
  let aliased = 0;
  const add = (n: number) => {
    const top = open[open.length - 1];
    if (top) top.size += n;
  };
  for (const e of events) {
    if (e.type === EVENT_ID.DOCUMENT) {
      sizes.clear();
      open.push({ size: 0, anchor: undefined });
    } else if (e.type === EVENT_ID.SEQUENCE || e.type === EVENT_ID.MAPPING) {
      open.push({ size: 1, anchor: e.anchorStart >= 0 ? text.slice(e.anchorStart, e.anchorEnd) : undefined });
    } else if (e.type === EVENT_ID.SCALAR) {
      if (e.anchorStart >= 0) sizes.set(text.slice(e.anchorStart, e.anchorEnd), 1);
      add(1);
    } else if (e.type === EVENT_ID.POP) {
      const closed = open.pop();
      if (closed?.anchor !== undefined) sizes.set(closed.anchor, closed.size);
      if (closed) add(closed.size);
    } else if (e.type === EVENT_ID.ALIAS) {
      count++;
      // An unknown name is js-yaml's to report, as it builds the data.
      const size = sizes.get(text.slice(e.anchorStart, e.anchorEnd)) ?? 1;
      aliased += size;
      add(size);
      if (aliased > MAX_ALIASED_VALUES) {
        return {
          diagnostic: pending(
            'yaml/alias-limit',
            file,
            `The aliases up to this one stand for more than ${MAX_ALIASED_VALUES.toLocaleString('en-US')} values (${count} aliases so far); playmark allows ${MAX_ALIASED_VALUES.toLocaleString('en-US')} in a file.`,
            {
              // At the `*` of the alias.
              offset: Math.max(0, e.anchorStart - 1),
            },
          ),
        };
      }
    }
  }
  return { count };
}

const YAML_CODES: Record<string, DiagnosticCode> = {
  DUPLICATE_KEY: 'yaml/duplicate-key',
  TAB_AS_INDENT: 'yaml/tab-indent',
};

function classify(file: string, text: string, error: unknown): PendingDiagnostic {
  const mark = (error as { mark?: { position?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? String((error as Error).message ?? error).split('\n')[0];
  if (reason && /nesting exceeded maxDepth/.test(reason)) {
    return pending('yaml/too-deep', file, `Lists and mappings nest more than ${MAX_DEPTH} deep here; playmark reads at most ${MAX_DEPTH} levels.`, {
      offset: mark?.position ?? 0,
    });
  }
  if (text.trim() === '' || /^(\s*#.*\n?|\s*\n)*\s*$/.test(text)) {
    return pending('yaml/empty', file, 'The file holds no YAML content.', { offset: 0 });
  }
  let list: import('yaml').Document.Parsed[] = [];
  // A file too large for the `yaml` package, or that may nest deeper than it can recurse (deep
  // nesting after js-yaml's own error stopped it), gets js-yaml's words alone.
  if (yamlLibMayRead(text)) {
    try {
      const docs = yamlLib().parseAllDocuments(text, { uniqueKeys: true, prettyErrors: false });
      if (Array.isArray(docs)) list = docs;
    } catch {
      // Whatever it throws, js-yaml's words are reported below.
    }
  }
  if (list.length > 1) {
    const second = list[1]!;
    return pending('yaml/multiple-documents', file, `The file holds ${list.length} YAML documents; a content file holds one record.`, {
      offset: second.range[0],
    });
  }
  const first = list[0];
  const problem = first?.errors[0];
  if (problem) {
    const code = YAML_CODES[problem.code] ?? 'yaml/syntax';
    return pending(code, file, cleanMessage(problem.message), { offset: problem.pos[0] });
  }
  // js-yaml refused what `yaml` accepts: report js-yaml's own words at its position.
  return pending('yaml/syntax', file, cleanMessage(reason ?? 'invalid YAML'), { offset: mark?.position ?? 0 });
}

function cleanMessage(message: string): string {
  const firstLine = message.split('\n')[0] ?? message;
  const text = firstLine.replace(/ at line \d+, column \d+:?$/, '').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
