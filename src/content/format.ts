// `playmark fmt`: one canonical form for a content file, text in and text out, given its schema.
// Pure: no I/O (the command reads the files and the schemas and writes the results).
//
// The canonical form:
// - keys in the order of `properties` in the schema the node has (following $ref, allOf, the
//   oneOf/anyOf branch the data matches, if/then/else), `id` first in a record; keys the schema
//   does not know keep their order, after the known ones. A layer entry's `value` is ordered by
//   the schema at its target pointer;
// - a table (a list of lists of scalars) is a block list of flow lists, one row to a line;
// - every collection keeps its flow or block style; flow lists are written `[a, b]`, flow
//   mappings `{ a: 1 }`, nothing is wrapped;
// - every scalar is written exactly as in the source (quotes, folding and line breaks of a folded
//   or literal text kept; only the indentation of its continuation lines moves with its owner);
// - every comment kept; two-space indentation, list items indented under their key, LF line
//   ends, no trailing spaces, one final newline.
//
// It never changes a value: the result is parsed again and compared with the input (data and
// comments); a difference is returned as `unsafe`, and the caller leaves the file as it was.
import { CORE_SCHEMA, load } from 'js-yaml';
import { isDeepStrictEqual } from 'node:util';
import { posix } from 'node:path';
import { isMap, isPair, isScalar, isSeq, Lexer, parseDocument, Scalar, type YAMLMap, type YAMLSeq, type Document, type Node, type Pair } from 'yaml';
import { pending, type PendingDiagnostic } from './diagnostic.js';
import { parseYaml } from './parse.js';

/** A JSON Schema document, or a part of one. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Schema documents by path relative to a schemas folder: `warchon/spread.schema.json`, `common/defs.schema.json`. */
export type SchemaLookup = (rel: string) => JsonSchema | undefined;

export interface FormatOptions {
  /** The file's schema, relative to the schemas folder; without one, keys keep their order. */
  readonly schema?: string;
  /** Where `$ref`s lead: every schema document, by relative path. */
  readonly schemas: SchemaLookup;
  /**
   * For a layer file: each record kind's schema (the manifest's `kinds`), so that an entry's
   * `value` is ordered by the schema at its target pointer.
   */
  readonly kindSchemas?: Readonly<Record<string, string>>;
}

export type FormatResult =
  | { readonly ok: true; readonly text: string; readonly changed: boolean }
  /** The file is not YAML playmark can read: the diagnostic validate gives for it. */
  | { readonly ok: false; readonly diagnostic: PendingDiagnostic }
  /** Formatting would change a value or lose a comment (a bug): the file must be left as it is. */
  | { readonly ok: false; readonly unsafe: string };

/** The canonical form of one content file (`file` names it in diagnostics only). */
export function formatContent(file: string, text: string, options: FormatOptions): FormatResult {
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return { ok: false, diagnostic: parsed.diagnostic };
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const doc = parseDocument(source, { uniqueKeys: true, prettyErrors: false, keepSourceTokens: false });
  const problem = doc.errors[0];
  if (problem) {
    return {
      ok: false,
      diagnostic: pending(problem.code === 'DUPLICATE_KEY' ? 'yaml/duplicate-key' : 'yaml/syntax', file, problem.message.split('\n')[0]!, {
        offset: problem.pos[0],
      }),
    };
  }
  // Anchors, aliases and tags are kept as they are (the writer keeps them on their nodes); a file
  // with them is formatted when the result is provably the same content, and reported otherwise
  // (reordering keys can put an alias before its anchor): never skipped in silence.
  const special = doc.warnings.length > 0 ? (doc.warnings[0]!.pos[0] ?? 0) : firstAnchorOrTag(doc, source);
  let out: string | undefined;
  try {
    out = new Formatter(options, source).run(doc);
  } catch (error) {
    // The writer refuses an alias it meets before its anchor.
    if (special === undefined) throw error;
  }
  if (out === text) return { ok: true, text, changed: false };
  const check = out === undefined ? 'an alias would come before its anchor' : sameContent(parsed.data, source, out);
  if (check && special !== undefined) {
    return {
      ok: false,
      diagnostic: pending(
        'fmt/anchors',
        file,
        `the file is not in canonical form, and fmt cannot write it so without breaking its anchors, aliases or tags (${check})`,
        { offset: special },
      ),
    };
  }
  if (check || out === undefined) return { ok: false, unsafe: check ?? 'the formatter wrote nothing' };
  return { ok: true, text: out, changed: true };
}

/** Why `after` is not the same content as `before` (its data `a`, and its comments), or undefined when it is. */
function sameContent(a: unknown, before: string, after: string): string | undefined {
  let b: unknown;
  try {
    b = load(after, { schema: CORE_SCHEMA });
  } catch (error) {
    return `the formatted text does not parse: ${(error as Error).message.split('\n')[0]}`;
  }
  if (!isDeepStrictEqual(a, b)) return 'the formatted text holds different values';
  const ca = comments(before);
  const cb = comments(after);
  if (!isDeepStrictEqual(ca, cb)) return 'the formatted text holds different comments';
  return undefined;
}

/** Every comment of a YAML text, in order. */
function comments(text: string): string[] {
  const out: string[] = [];
  for (const token of new Lexer().lex(text)) if (token.startsWith('#')) out.push(token.trimEnd());
  return out.sort();
}

/** The offset of the first anchor (`&a`), alias (`*a`) or tag (`!t`) of a document, or undefined when it has none. */
function firstAnchorOrTag(doc: Document, source: string): number | undefined {
  let found: number | undefined;
  const at = (offset: number) => void (found = found === undefined ? offset : Math.min(found, offset));
  const visit = (node: unknown): void => {
    if (!node) return;
    if (isPair(node)) {
      visit(node.key);
      visit(node.value);
      return;
    }
    const n = node as Node;
    const start = n.range?.[0] ?? 0;
    if (!isScalar(node) && !isMap(node) && !isSeq(node)) return at(start); // an alias
    // An anchor or tag is written before its node: point at it.
    if (n.anchor) at(Math.max(0, source.lastIndexOf(`&${n.anchor}`, start)));
    if (n.tag && source.lastIndexOf('!', start) >= 0) at(source.lastIndexOf('!', start));
    if (isMap(node) || isSeq(node)) for (const item of node.items) visit(item);
  };
  visit(doc.contents);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Schemas: which schema applies to a node, and the key order it gives.

/** A schema and the document it is in (for resolving its relative `$ref`s). */
interface At {
  readonly schema: JsonSchema;
  readonly rel: string;
}

const MAX_DEPTH = 32;

class Schemas {
  constructor(private readonly lookup: SchemaLookup) {}

  root(rel: string | undefined): At[] {
    if (!rel) return [];
    const schema = this.lookup(rel);
    return schema ? [{ schema, rel }] : [];
  }

  /** The schema a `$ref` leads to, from the document `from`. */
  private resolve(ref: string, from: string): At | undefined {
    const hash = ref.indexOf('#');
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    if (/^[a-z]+:/i.test(filePart)) return undefined;
    const rel = filePart ? posix.normalize(posix.join(posix.dirname(from), filePart)) : from;
    let node: unknown = this.lookup(rel);
    for (const step of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~');
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
    return isSchema(node) ? { schema: node, rel } : undefined;
  }

  /**
   * Every schema that applies to `node` under `set`: each one, what its `$ref` and `allOf` lead
   * to, the `oneOf`/`anyOf` branches the node matches (all of them with no node), and `then`/`else`.
   */
  expand(set: readonly At[], node: unknown, depth = 0): At[] {
    const out: At[] = [];
    for (const at of set) this.expandOne(at, node, depth, out);
    return out;
  }

  private expandOne(at: At, node: unknown, depth: number, out: At[]): void {
    if (depth > MAX_DEPTH || out.includes(at)) return;
    out.push(at);
    const s = at.schema;
    const sub = (value: unknown) => (isSchema(value) ? [{ schema: value, rel: at.rel }] : []);
    if (typeof s.$ref === 'string') {
      const target = this.resolve(s.$ref, at.rel);
      if (target) this.expandOne(target, node, depth + 1, out);
    }
    for (const part of schemaList(s.allOf)) this.expandOne({ schema: part, rel: at.rel }, node, depth + 1, out);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schemaList(s[key]).map((schema) => ({ schema, rel: at.rel }));
      for (const branch of this.matching(branches, node, depth + 1)) this.expandOne(branch, node, depth + 1, out);
    }
    for (const branch of [...sub(s.then), ...sub(s.else)]) this.expandOne(branch, node, depth + 1, out);
  }

  /** The branches that best fit a node: by type, by `const`/`enum` of its scalar values, and by the keys they know. */
  private matching(branches: readonly At[], node: unknown, depth: number): At[] {
    if (node === undefined) return [...branches];
    let best: At[] = [];
    let bestScore = -Infinity;
    for (const branch of branches) {
      const expanded = this.expand([branch], undefined, depth);
      if (!typeFits(expanded, node)) continue;
      let score = 0;
      if (isMap(node)) {
        let rejected = false;
        for (const pair of node.items) {
          const key = keyOf(pair);
          if (key === undefined) continue;
          const props = expanded.map((a) => propertiesOf(a.schema)[key]).filter(isSchema);
          if (props.length === 0) {
            if (expanded.some((a) => a.schema.additionalProperties === false)) score -= 1;
            continue;
          }
          score += 1;
          if (isScalar(pair.value)) {
            const value = pair.value.value;
            for (const prop of props) {
              if ('const' in prop && prop.const !== value) rejected = true;
              if (Array.isArray(prop.enum) && !prop.enum.includes(value)) rejected = true;
            }
          }
        }
        if (rejected) continue;
      }
      if (score > bestScore) {
        best = [branch];
        bestScore = score;
      } else if (score === bestScore) best.push(branch);
    }
    return best;
  }

  /** The properties a node's schemas list, in order, without repeats. */
  keyOrder(expanded: readonly At[]): string[] {
    const keys: string[] = [];
    for (const at of expanded) for (const key of Object.keys(propertiesOf(at.schema))) if (!keys.includes(key)) keys.push(key);
    return keys;
  }

  /** The schemas of a mapping's property `key`. */
  property(expanded: readonly At[], key: string): At[] {
    const named = expanded.flatMap((a) => {
      const p = propertiesOf(a.schema)[key];
      return isSchema(p) ? [{ schema: p, rel: a.rel }] : [];
    });
    if (named.length > 0) return named;
    const patterned = expanded.flatMap((a) => {
      const pp = a.schema.patternProperties;
      if (!pp || typeof pp !== 'object') return [];
      return Object.entries(pp as Record<string, unknown>).flatMap(([pattern, p]) =>
        isSchema(p) && safeTest(pattern, key) ? [{ schema: p, rel: a.rel }] : [],
      );
    });
    if (patterned.length > 0) return patterned;
    return expanded.flatMap((a) => (isSchema(a.schema.additionalProperties) ? [{ schema: a.schema.additionalProperties, rel: a.rel }] : []));
  }

  /** The schemas of a list's item `index` (any item: undefined). */
  item(expanded: readonly At[], index: number | undefined): At[] {
    return expanded.flatMap((a) => {
      const prefix = schemaList(a.schema.prefixItems);
      if (index !== undefined && index < prefix.length) return [{ schema: prefix[index]!, rel: a.rel }];
      return isSchema(a.schema.items) ? [{ schema: a.schema.items, rel: a.rel }] : [];
    });
  }

  /** The schemas at a JSON pointer into a record of the given schemas. */
  atPointer(set: readonly At[], pointer: string): At[] {
    let current = [...set];
    for (const raw of pointer.split('/').slice(1)) {
      const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      const expanded = this.expand(current, undefined);
      const isIndex = step === '-' || /^(0|[1-9]\d*)$/.test(step);
      const asItem = isIndex ? this.item(expanded, step === '-' ? undefined : Number(step)) : [];
      current = asItem.length > 0 ? asItem : this.property(expanded, step);
      if (current.length === 0) return [];
    }
    return current;
  }
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function propertiesOf(schema: JsonSchema): Record<string, unknown> {
  return isSchema(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
}

function safeTest(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false; // a broken pattern matches nothing (validate reports the schema)
  }
}

/** Whether the schemas' `type`s allow the node (a mapping: object; a list: array). */
function typeFits(expanded: readonly At[], node: unknown): boolean {
  const kind = isMap(node) ? 'object' : isSeq(node) ? 'array' : undefined;
  if (!kind) return true;
  for (const { schema } of expanded) {
    const type = schema.type;
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : undefined;
    if (types && !types.includes(kind)) return false;
  }
  return true;
}

function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) && pair.key.value !== null && typeof pair.key.value !== 'object' ? String(pair.key.value) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The formatter.

/** A scalar's source text, held while the document is written with a placeholder in its place. */
interface Held {
  readonly text: string;
  readonly block: boolean;
}

class Formatter {
  private readonly schemas: Schemas;
  private readonly held: Held[] = [];
  private readonly nonce: string;

  constructor(
    private readonly options: FormatOptions,
    private readonly source: string,
  ) {
    this.schemas = new Schemas(options.schemas);
    let nonce = 'pmfmt';
    while (source.includes(nonce)) nonce += 'x';
    this.nonce = nonce;
  }

  run(doc: Document): string {
    const root = doc.contents;
    if (isMap(root)) {
      // The comment above the first key (the schema modeline) stays at the top of the file.
      const first = root.items[0];
      const header = first && isScalar(first.key) ? { comment: first.key.commentBefore, space: first.key.spaceBefore } : undefined;
      if (first && isScalar(first.key)) {
        first.key.commentBefore = undefined;
        first.key.spaceBefore = undefined;
      }
      this.order(root, this.schemas.root(this.options.schema), true);
      const newFirst = root.items[0];
      if (header && newFirst && isScalar(newFirst.key)) {
        newFirst.key.commentBefore = joinComments(header.comment, newFirst.key.commentBefore);
        newFirst.key.spaceBefore = header.space;
      }
    } else if (root) {
      this.walk(root, this.schemas.root(this.options.schema), false);
    }
    if (root) this.style(root, false);
    if (root) this.hold(root);
    const written = doc.toString({ lineWidth: 0, minContentWidth: 0, indent: 2, indentSeq: true, flowCollectionPadding: false, nullStr: 'null' });
    return this.restore(written);
  }

  /** Orders a mapping's keys by its schemas, then its children by theirs. */
  private order(map: YAMLMap, set: readonly At[], isRecord: boolean): void {
    const expanded = this.schemas.expand(set, map);
    const known = this.schemas.keyOrder(expanded);
    if (isRecord && known.includes('id')) {
      known.splice(known.indexOf('id'), 1);
      known.unshift('id');
    }
    if (known.length > 0) {
      const rank = (pair: Pair) => {
        const key = keyOf(pair);
        const i = key === undefined ? -1 : known.indexOf(key);
        return i < 0 ? known.length : i;
      };
      const ranked = map.items.map((pair, index) => ({ pair, index, rank: rank(pair) }));
      ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
      map.items = ranked.map((r) => r.pair);
    }
    const layerKinds = this.options.kindSchemas;
    for (const pair of map.items) {
      const key = keyOf(pair);
      if (key === undefined || !pair.value) continue;
      let childSet = this.schemas.property(expanded, key);
      if (isRecord === false && layerKinds && key === 'value') {
        // A layer entry: the value has the schema at its target pointer.
        const target = map.items.find((p) => keyOf(p) === 'target')?.value;
        const kind = isMap(target) ? scalarString(target.get('kind', true)) : undefined;
        const pointer = isMap(target) ? scalarString(target.get('pointer', true)) : undefined;
        const schema = kind !== undefined ? layerKinds[kind] : undefined;
        if (schema && pointer !== undefined) childSet = this.schemas.atPointer(this.schemas.root(schema), pointer);
      }
      this.walk(pair.value as Node, childSet, false);
    }
  }

  private walk(node: Node, set: readonly At[], isRecord: boolean): void {
    if (isMap(node)) this.order(node, set, isRecord);
    else if (isSeq(node)) {
      const expanded = this.schemas.expand(set, node);
      node.items.forEach((item, index) => {
        if (isMap(item) || isSeq(item)) this.walk(item, this.schemas.item(expanded, index), false);
      });
    }
  }

  /** Tables one row to a line; flow lists without padding, flow mappings with it. */
  private style(node: Node, inFlow: boolean): void {
    if (isSeq(node)) {
      const table = node.items.length > 0 && node.items.every((row) => isSeq(row) && row.items.every((cell) => isScalar(cell)));
      if (table && !inFlow) {
        node.flow = false;
        for (const row of node.items) (row as YAMLSeq).flow = true;
      }
      const flow = inFlow || Boolean(node.flow);
      if (flow) padded(node, '');
      for (const item of node.items) if (isMap(item) || isSeq(item)) this.style(item, flow);
    } else if (isMap(node)) {
      const flow = inFlow || Boolean(node.flow);
      if (flow) padded(node, ' ');
      for (const pair of node.items) {
        if (isMap(pair.value) || isSeq(pair.value)) this.style(pair.value, flow);
        if (isMap(pair.key) || isSeq(pair.key)) this.style(pair.key, flow);
      }
    }
  }

  /** Puts a placeholder in place of every scalar, keeping its source text to write back. */
  private hold(node: unknown): void {
    if (isPair(node)) {
      this.hold(node.key);
      this.hold(node.value);
    } else if (isMap(node) || isSeq(node)) {
      for (const item of node.items) this.hold(item);
    } else if (isScalar(node) && node.range) {
      const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
      let text = this.source.slice(node.range[0], node.range[1]);
      if (block && text.endsWith('\n')) text = text.slice(0, -1);
      this.held.push({ text, block });
      // A block scalar's header comment (`>- # note`) is part of its source text already.
      if (block) node.comment = undefined;
      node.value = `${this.nonce}${this.held.length - 1}z`;
      node.type = Scalar.PLAIN;
      delete (node as { format?: string }).format;
    }
  }

  /** The written text with each placeholder replaced by its scalar's source, re-indented. */
  private restore(written: string): string {
    const pattern = new RegExp(`${this.nonce}(\\d+)z`, 'g');
    const out: string[] = [];
    for (const line of written.split('\n')) {
      // A multi-line scalar ends on a later line: what followed it (a comment, a bracket) follows its last line.
      let current = '';
      let from = 0;
      let inBlockBody = false;
      for (const m of line.matchAll(pattern)) {
        current += line.slice(from, m.index);
        from = m.index! + m[0].length;
        const held = this.held[Number(m[1])]!;
        const [first, ...rest] = held.text.split('\n');
        current += first!;
        if (rest.length === 0) continue;
        const indent = ownerIndent(line.slice(0, m.index)) + 2;
        const moved = held.block ? reindentBlock(first!, rest, indent) : rest.map((l) => (l.trim() === '' ? '' : ' '.repeat(indent) + l.trim()));
        out.push(current.replace(/[ \t]+$/, ''));
        // The body of a block scalar is written as it is (trailing spaces there are text).
        out.push(...moved.slice(0, -1).map((l) => (held.block ? l : l.replace(/[ \t]+$/, ''))));
        current = moved[moved.length - 1]!;
        inBlockBody = held.block;
      }
      const tail = line.slice(from);
      current += tail;
      out.push(inBlockBody && tail.trim() === '' ? current : current.replace(/[ \t]+$/, ''));
    }
    return out.join('\n').replace(/\n*$/, '\n');
  }
}

/**
 * The column of the node that owns a scalar starting after `prefix` on its line: the key it is
 * the value of, or the `-` of the list item it is.
 */
function ownerIndent(prefix: string): number {
  const m = /^( *)((?:- +)*)(.*)$/.exec(prefix)!;
  const lead = m[1]!.length;
  const dashes = m[2]!;
  if (m[3] === '') return dashes ? lead + dashes.lastIndexOf('-') : lead;
  return lead + dashes.length;
}

/** A block scalar's body lines moved to `indent` (an explicit indentation indicator keeps them where they are). */
function reindentBlock(header: string, body: string[], indent: number): string[] {
  if (/^[|>][+-]?[1-9]|^[|>][1-9]/.test(header.trim())) return body;
  const firstContent = body.find((l) => l.trim() !== '');
  if (firstContent === undefined) return body.map(() => '');
  const from = firstContent.length - firstContent.trimStart().length;
  return body.map((l) => {
    if (l.trim() === '' && l.length <= from) return '';
    if (!l.startsWith(' '.repeat(from))) return l;
    return ' '.repeat(indent) + l.slice(from);
  });
}

/** Writes a flow collection with (`' '`) or without (`''`) spaces inside its brackets. */
function padded(node: YAMLMap | YAMLSeq, padding: string): void {
  const proto = Object.getPrototypeOf(node) as { toString(ctx?: unknown, onComment?: unknown, onChompKeep?: unknown): string };
  Object.defineProperty(node, 'toString', {
    configurable: true,
    enumerable: false,
    value(ctx?: Record<string, unknown>, onComment?: unknown, onChompKeep?: unknown) {
      return proto.toString.call(node, ctx ? { ...ctx, flowCollectionPadding: padding } : ctx, onComment, onChompKeep);
    },
  });
}

function scalarString(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function joinComments(a: string | null | undefined, b: string | null | undefined): string | undefined {
  if (a && b) return `${a}\n${b}`;
  return a ?? b ?? undefined;
}
