// A new record written from its kind's schema, for `playmark new`: every required property (through
// $ref, into schemas/common/), in the schema's property order, each holding a placeholder that
// `playmark validate` reports at that property until it is filled in. Pure: the schemas come from
// a lookup function, and the result is text.
//
// Placeholders, by what the schema allows (each one fails the schema at its own path):
//   enum                 "TODO: one of a, b, c"            schema/enum (with the allowed values)
//   text with a pattern  "TODO: a terrain id"              schema/pattern (ids, references)
//   text, minLength >= 1 ""                                schema/size
//   text, nothing else   null                              schema/type (when null is not allowed)
//   integer, number      "TODO: a whole number, ..."       schema/type; null where null is allowed
//   boolean              "TODO: true or false"             schema/type
//   list, minItems n     n placeholder items; else []      (null where null is allowed)
//   mapping, minProps    {}                                schema/size
//   tagged (effects)     { kind: "TODO: an effect kind" } schema/kind (with the allowed kinds)
//   oneOf / anyOf        the first shape's placeholder     schema/variant, at the property itself
//   a mapping or null    null (a table not printed)        valid as it stands
// A number that may be null is null: "not printed", valid as it stands (printed-value semantics);
// so is a list item (a table cell) that may be null.
// A value the schema cannot tell from a placeholder (a text with no constraint that may be null,
// a layer entry's `value`) is null and listed as `unchecked`.

/** A schema file's JSON by its path relative to the schemas folder (`warchon/unit.schema.json`), or undefined. */
import { installedSchema } from './installed-schema.js';

export type SchemaLookup = (rel: string) => unknown;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

export interface BuildOptions {
  /** The schema path, relative to the schemas folder. */
  readonly schema: string;
  readonly lookup: SchemaLookup;
  /** Values set outright, by JSON pointer into the record (the record's `/id`). */
  readonly presets?: Readonly<Record<string, Json>>;
  /** Choices offered in a placeholder for a text property of this name (`side`: the manifest's sides). */
  readonly choices?: Readonly<Record<string, readonly string[]>>;
  /** What to write in a text placeholder for a property of this name, after `TODO: ` (`pointer`: `a JSON pointer, e.g. /rng/4/1`). */
  readonly hints?: Readonly<Record<string, string>>;
  /** Prefix of every pointer reported (`/entries/3` for a layer entry). */
  readonly pointerPrefix?: string;
}

export interface Built {
  /** The value, as YAML lines (no trailing newline), mapping at column 0. */
  readonly lines: string[];
  /** Pointers of the placeholders validate reports (each at this pointer), in file order. */
  readonly placeholders: string[];
  /** Pointers of numbers left null: "not printed", valid as they stand. */
  readonly unprinted: string[];
  /** Pointers of values no schema rule can tell from a placeholder (null until filled in). */
  readonly unchecked: string[];
}

export interface NewRecordOptions extends BuildOptions {
  readonly id: string;
  /** The whole first line: `# yaml-language-server: $schema=<relative path>`. */
  readonly modeline: string;
}

export interface NewRecord extends Omit<Built, 'lines'> {
  readonly text: string;
}

export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The longest id `playmark new` writes: the id is the file name (`<id>.yaml`, and a temporary
 * name a little longer while it is written), and file systems allow 255 bytes a name.
 */
export const MAX_ID_LENGTH = 100;

/** The text of a new record file: the modeline, `id: <id>`, then every other required property. */
export function newRecord(options: NewRecordOptions): NewRecord {
  const built = buildValue(options.schema, '', { ...options, presets: { ...options.presets, '/id': options.id } });
  return { text: `${options.modeline}\n${built.lines.join('\n')}\n`, placeholders: built.placeholders, unprinted: built.unprinted, unchecked: built.unchecked };
}

/**
 * The value a schema (or a part of one: `layer.schema.json#/properties/entries/items`) asks for,
 * with placeholders, as YAML lines.
 */
export function buildValue(schemaRef: string, fragment: string, options: BuildOptions): Built {
  const [file, hash] = schemaRef.includes('#')
    ? [schemaRef.slice(0, schemaRef.indexOf('#')), schemaRef.slice(schemaRef.indexOf('#') + 1)]
    : [schemaRef, fragment];
  const root = options.lookup(file);
  if (!root || typeof root !== 'object') throw new Error(`no schema ${file}`);
  const g: Gen = { options, placeholders: [], unprinted: [], unchecked: [], prefix: options.pointerPrefix ?? '' };
  const node = generate({ schema: atPointer(root as Schema, hash, file), file }, '', undefined, g, undefined, undefined);
  return { lines: emit(node), placeholders: g.placeholders, unprinted: g.unprinted, unchecked: g.unchecked };
}

/** A slug for a name written as it is printed: `Erdon Pass` -> `erdon-pass`; '' when nothing is left. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------------------------------------
// Generation

interface Located {
  readonly schema: Schema;
  /** The schema file `schema` is in, for resolving its relative $refs. */
  readonly file: string;
}

interface Gen {
  readonly options: BuildOptions;
  readonly placeholders: string[];
  readonly unprinted: string[];
  readonly unchecked: string[];
  readonly prefix: string;
}

type Node =
  | { readonly t: 'scalar'; readonly v: Json; comment?: string; mark?: Mark }
  | { readonly t: 'map'; readonly entries: [string, Node][]; comment?: string; mark?: Mark; described?: string }
  | { readonly t: 'seq'; readonly items: Node[]; comment?: string; mark?: Mark };

/** What a node holds, for its comment: a placeholder to fill in, a null meaning "not printed", or a value no rule checks. */
type Mark = 'todo' | 'unprinted' | 'unchecked';

/**
 * The node for `at` (a pointer in the record) from a schema. `variant`: the pointer of the
 * enclosing oneOf/anyOf, where validate reports any problem inside it.
 */
function generate(
  loc: Located,
  at: string,
  name: string | undefined,
  g: Gen,
  variant: string | undefined,
  outerDescription: string | undefined,
  cell = false,
): Node {
  const { schema, file, description } = resolve(loc, g.options.lookup);
  const desc = outerDescription ?? description;
  const preset = g.options.presets?.[at];
  if (preset !== undefined) return fromJson(preset);
  const flag = (node: Node): Node => {
    g.placeholders.push(g.prefix + (variant ?? at));
    return withMark(node, 'todo', desc);
  };
  const unprinted = (node: Node): Node => {
    g.unprinted.push(g.prefix + at);
    return withMark(node, 'unprinted', desc);
  };
  const unchecked = (node: Node): Node => {
    g.unchecked.push(g.prefix + at);
    return withMark(node, 'unchecked', desc);
  };

  if ('const' in schema) return { t: 'scalar', v: schema.const as Json };

  // A tagged object (an effect): the tag names the shape, and validate lists the tags there are.
  const discriminator = schema.discriminator as { propertyName?: string } | undefined;
  if (discriminator?.propertyName && Array.isArray(schema.oneOf)) {
    const tag = discriminator.propertyName;
    const tagAt = `${at}/${escapeStep(tag)}`;
    g.placeholders.push(g.prefix + (variant ?? tagAt));
    const kinds = (schema.oneOf as Schema[])
      .map((s) => (s.properties as Record<string, Schema> | undefined)?.[tag]?.const as string | undefined)
      .filter((k): k is string => typeof k === 'string');
    const what = typeof schema.title === 'string' ? `the ${schema.title.toLowerCase()} ${tag}` : `${article(tag)} ${tag}`;
    const example = kinds.includes('manual') ? ' (manual when the vocabulary cannot say it)' : kinds.length ? ` (one of ${kinds.join(', ')})` : '';
    const tagNode: Node = { t: 'scalar', v: `TODO: ${what}${example}`, mark: 'todo', comment: oneLine(desc) };
    return { t: 'map', entries: [[tag, tagNode]] };
  }

  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(variants)) {
    const branches = variants.map((b) => resolve({ schema: b, file }, g.options.lookup));
    const nullable = branches.some((b) => typesOf(b.schema).length === 1 && typesOf(b.schema)[0] === 'null');
    const others = branches.filter((b) => !(typesOf(b.schema).length === 1 && typesOf(b.schema)[0] === 'null'));
    if (nullable && (cell || others.some((b) => numberLike(b.schema, b.file, g.options.lookup)))) return unprinted({ t: 'scalar', v: null });
    if (others.length === 0) return { t: 'scalar', v: null };
    // A table the source may not print (a Warchon spread's `events`: a roll table or null) starts
    // null, valid as it stands: placeholders inside a shape the value may not take would be reported
    // twice, inside and at the property.
    if (nullable && others.every((b) => typesOf(b.schema).includes('object') || b.schema.allOf !== undefined)) return { t: 'scalar', v: null };
    const first = others[0]!;
    return generate({ schema: first.schema, file: first.file }, at, name, g, variant ?? at, desc);
  }

  const types = typesOf(schema);
  const enumValues = Array.isArray(schema.enum) ? (schema.enum as Json[]) : undefined;
  const nullable = types.includes('null') || (enumValues?.includes(null) ?? false);
  const main = types.find((t) => t !== 'null') ?? inferType(schema, enumValues);
  // A table cell the source does not print is null, whatever the cell holds.
  if (cell && nullable) return unprinted({ t: 'scalar', v: null });

  if (enumValues) {
    const values = enumValues.filter((v) => v !== null);
    if (values.length === 0) return { t: 'scalar', v: null };
    if (nullable && values.every((v) => typeof v === 'number')) return unprinted({ t: 'scalar', v: null });
    return flag({ t: 'scalar', v: `TODO: one of ${values.map(String).join(', ')}${nullable ? ' (or null)' : ''}` });
  }

  switch (main) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      // A required property's transcription companion (`specialRules` -> `specialRulesPrinted`, the
      // line as printed) comes too: left out, a face prints the unknown mark where the line goes.
      const companion = (k: string) => k.endsWith('Printed') && required.includes(k.slice(0, -'Printed'.length));
      const keys = [...Object.keys(properties).filter((k) => required.includes(k) || companion(k)), ...required.filter((k) => !(k in properties))];
      if (keys.length === 0) {
        const node: Node = { t: 'map', entries: [] };
        return Number(schema.minProperties ?? 0) > 0 ? flag(node) : node;
      }
      const entries: [string, Node][] = keys.map((k) => {
        const child = properties[k] ?? {};
        return [k, generate({ schema: child, file }, `${at}/${escapeStep(k)}`, k, g, variant, undefined)];
      });
      return { t: 'map', entries, described: desc };
    }
    case 'array': {
      const min = Number(schema.minItems ?? 0);
      if (min === 0) return nullable ? unprinted({ t: 'scalar', v: null }) : { t: 'seq', items: [] };
      const prefixItems = Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[]) : [];
      const items: Node[] = [];
      for (let i = 0; i < min; i++) {
        const itemSchema = prefixItems[i] ?? (typeof schema.items === 'object' ? (schema.items as Schema) : {});
        items.push(generate({ schema: itemSchema, file }, `${at}/${i}`, name, g, variant, undefined, true));
      }
      const node: Node = { t: 'seq', items };
      node.comment = oneLine(desc);
      return node;
    }
    case 'string': {
      const choices = name ? g.options.choices?.[name] : undefined;
      const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
      if (pattern) {
        const xref = schema['x-ref'];
        const refKinds = Array.isArray(xref) ? (xref as string[]) : typeof xref === 'string' ? [xref] : [];
        const hint = name ? g.options.hints?.[name] : undefined;
        const text = choices?.length
          ? `TODO: one of ${choices.join(', ')}`
          : hint
            ? `TODO: ${hint}`
            : refKinds.length
              ? `TODO: ${article(refKinds[0]!)} ${refKinds.join(' or ')} id`
              : schema.pattern === ID_PATTERN.source
                ? 'TODO: a kebab-case id'
                : `TODO: text of the form ${String(schema.pattern)}`;
        if (!pattern.test(text)) return flag({ t: 'scalar', v: nullable ? `${text} (or null)` : text });
      }
      if (Number(schema.minLength ?? 0) >= 1) return flag({ t: 'scalar', v: '' });
      if (!nullable) return flag({ t: 'scalar', v: null });
      return unchecked({ t: 'scalar', v: null });
    }
    case 'integer':
    case 'number': {
      if (nullable) return unprinted({ t: 'scalar', v: null });
      const bounds = [
        schema.minimum !== undefined ? `at least ${String(schema.minimum)}` : '',
        schema.maximum !== undefined ? `at most ${String(schema.maximum)}` : '',
      ].filter(Boolean);
      return flag({ t: 'scalar', v: `TODO: ${main === 'integer' ? 'a whole number' : 'a number'}${bounds.length ? `, ${bounds.join(', ')}` : ''}` });
    }
    case 'boolean':
      return flag({ t: 'scalar', v: `TODO: true or false${nullable ? ' (or null)' : ''}` });
    case 'null':
      return { t: 'scalar', v: null };
    default:
      // Any value at all (a layer entry's `value`): nothing to fail.
      return unchecked({ t: 'scalar', v: null });
  }
}

function withMark(node: Node, mark: Mark, description: string | undefined): Node {
  node.mark = mark;
  node.comment = oneLine(description);
  return node;
}

function fromJson(value: Json): Node {
  if (Array.isArray(value)) return { t: 'seq', items: value.map(fromJson) };
  if (value !== null && typeof value === 'object') return { t: 'map', entries: Object.entries(value).map(([k, v]) => [k, fromJson(v)]) };
  return { t: 'scalar', v: value };
}

function typesOf(schema: Schema): string[] {
  return Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
}

function inferType(schema: Schema, enumValues: Json[] | undefined): string | undefined {
  if (enumValues) return typeof enumValues.find((v) => v !== null);
  if (schema.properties || schema.required) return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  if (schema.pattern !== undefined || schema.minLength !== undefined) return 'string';
  return undefined;
}

/** A number, or a list of numbers (an odds ratio): null is its "not printed". */
function numberLike(schema: Schema, file: string, lookup: SchemaLookup): boolean {
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length > 0 && types.every((t) => t === 'integer' || t === 'number')) return true;
  if (types.length === 1 && types[0] === 'array') {
    const parts = [
      ...(Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[]) : []),
      ...(typeof schema.items === 'object' && schema.items ? [schema.items as Schema] : []),
    ];
    return (
      parts.length > 0 &&
      parts.every((p) => {
        const r = resolve({ schema: p, file }, lookup);
        return numberLike(r.schema, r.file, lookup);
      })
    );
  }
  return false;
}

/** Follows $ref (relative to the schema's file), keeping the outermost description. */
function resolve(loc: Located, lookup: SchemaLookup): { schema: Schema; file: string; description: string | undefined } {
  let { schema, file } = loc;
  let description = typeof schema.description === 'string' ? schema.description : undefined;
  const extra: Schema = {};
  for (let depth = 0; typeof schema.$ref === 'string' && depth < 32; depth++) {
    const ref = schema.$ref;
    const { $ref: _ref, description: _d, ...siblings } = schema;
    Object.assign(extra, siblings, extra);
    const hash = ref.indexOf('#');
    const target = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const targetFile = target === '' ? file : installedSchema(joinPosix(dirnamePosix(file), target));
    const doc = lookup(targetFile);
    if (!doc || typeof doc !== 'object') throw new Error(`the schema ${file} refers to ${ref}, which is not there`);
    schema = atPointer(doc as Schema, fragment, targetFile);
    file = targetFile;
    description ??= typeof schema.description === 'string' ? schema.description : undefined;
  }
  return { schema: { ...schema, ...extra }, file, description };
}

function atPointer(doc: Schema, fragment: string, file: string): Schema {
  if (fragment === '' || fragment === '/') return doc;
  let node: unknown = doc;
  for (const step of fragment.replace(/^\//, '').split('/')) {
    const key = decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`no #${fragment} in the schema ${file}`);
  }
  return node as Schema;
}

function dirnamePosix(file: string): string {
  const i = file.lastIndexOf('/');
  return i === -1 ? '' : file.slice(0, i);
}

function joinPosix(dir: string, rel: string): string {
  const out: string[] = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

function escapeStep(step: string): string {
  return step.replace(/~/g, '~0').replace(/\//g, '~1');
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The description's first sentence on one line, short enough for a comment. */
function oneLine(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const flat = description.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?(?<!\be\.g|\bi\.e)\.)(?=\s+[A-Z]|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length > 140 ? `${sentence.slice(0, 137).replace(/\s+\S*$/, '')}...` : sentence;
}

// ---------------------------------------------------------------------------------------------
// YAML text: block style, lists of plain values on one line (a table row stays one line), and a
// comment beside each value still to fill in, from the schema's description.

function emit(node: Node): string[] {
  if (node.t === 'map') return mapLines(node.entries, 0);
  if (node.t === 'seq') return seqLines(node.items, 0);
  return [scalarText(node.v)];
}

function commentOf(node: Node): string {
  if (!node.comment || !hasMark(node)) return '';
  // A value that says TODO itself needs no second one; a blank or a list of them does.
  const saysTodo = node.t === 'scalar' && typeof node.v === 'string' && node.v.startsWith('TODO');
  const todo = hasMark(node, 'todo') && !saysTodo;
  const unprinted = !hasMark(node, 'todo') && node.t === 'scalar' && node.v === null && node.mark === 'unprinted' && !/\bnull\b/.test(node.comment);
  return `  # ${todo ? 'TODO: ' : ''}${unprinted ? 'null: not printed. ' : ''}${node.comment}`;
}

function hasMark(node: Node, mark?: Mark): boolean {
  if (node.mark && (mark === undefined || node.mark === mark)) return true;
  if (node.t === 'map') return node.entries.some(([, n]) => hasMark(n, mark));
  if (node.t === 'seq') return node.items.some((n) => hasMark(n, mark));
  return false;
}

/** A list of plain values (a table row), written `[a, b, c]`. */
function isFlowRow(node: Node): boolean {
  return node.t === 'seq' && node.items.length > 0 && node.items.every((i) => i.t === 'scalar');
}

function inline(node: Node): string | undefined {
  if (node.t === 'scalar') return scalarText(node.v);
  if (node.t === 'map' && node.entries.length === 0) return '{}';
  if (node.t === 'seq' && node.items.length === 0) return '[]';
  if (isFlowRow(node)) return `[${(node as { items: Node[] }).items.map((i) => scalarText((i as { v: Json }).v)).join(', ')}]`;
  return undefined;
}

function mapLines(entries: readonly [string, Node][], indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, node] of entries) {
    const k = keyText(key);
    const flat = inline(node);
    // A mapping with properties shows each one's own comment; anything else comments its line.
    const comment = node.t === 'map' && node.entries.length > 0 ? '' : commentOf(node);
    if (flat !== undefined) lines.push(`${pad}${k}: ${flat}${comment}`);
    else if (node.t === 'map') lines.push(`${pad}${k}:`, ...mapLines(node.entries, indent + 2));
    else if (node.t === 'seq') {
      // Rows of a table keep their comment on the list's line, not on every row.
      const rows = node.items.every((i) => isFlowRow(i));
      lines.push(`${pad}${k}:${comment}`, ...seqLines(node.items, indent + 2, rows));
    }
  }
  return lines;
}

function seqLines(items: readonly Node[], indent: number, quiet = false): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const item of items) {
    const flat = inline(item);
    const comment = quiet || item.t === 'map' ? '' : commentOf(item);
    if (flat !== undefined) lines.push(`${pad}- ${flat}${comment}`);
    else if (item.t === 'map') {
      const inner = mapLines(item.entries, indent + 2);
      lines.push(`${pad}- ${inner[0]!.slice(indent + 2)}`, ...inner.slice(1));
    } else if (item.t === 'seq') lines.push(`${pad}-${comment}`, ...seqLines(item.items, indent + 2));
  }
  return lines;
}

function keyText(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !RESERVED.has(key.toLowerCase()) ? key : JSON.stringify(key);
}

const RESERVED = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~']);

function scalarText(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  const plain = /^[A-Za-z][A-Za-z0-9 _.,()'-]*$/.test(value) && !/\s$/.test(value) && !RESERVED.has(value.toLowerCase());
  return plain ? value : JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// Layer entries: appended to a layer file's `entries` as text, so every comment and every other
// entry stays exactly as written.

/**
 * The layer file's text with `entryLines` (a mapping at column 0) appended as the last item of its
 * top-level `entries` list, indented as the file's other items are; undefined when the file has no
 * `entries` list this can append to.
 */
export function appendEntry(text: string, entryLines: readonly string[]): string | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const at = lines.findIndex((l) => /^entries:\s*(\[\s*\])?\s*(#.*)?$/.test(l));
  if (at === -1) return undefined;
  const emptyFlow = /^entries:\s*\[\s*\]/.test(lines[at]!);
  // The end of the list: the next line at column 0 that is neither blank nor a comment.
  let end = lines.length;
  for (let i = at + 1; i < lines.length; i++) {
    if (/^[^\s#]/.test(lines[i]!)) {
      end = i;
      break;
    }
  }
  const isContent = (l: string) => l.trim() !== '' && !l.trim().startsWith('#');
  const body = lines.slice(at + 1, end);
  if (emptyFlow && body.some(isContent)) return undefined; // `entries: []` with items below it
  const first = body.find((l) => /^\s*- /.test(l));
  const itemIndent = first ? /^(\s*)/.exec(first)![1]!.length : 2;
  const pad = ' '.repeat(itemIndent);
  const block = entryLines.map((l, i) => (i === 0 ? `${pad}- ${l}` : `${pad}  ${l}`));
  // After the list's last line of content: blank lines and comments that follow it stay below.
  let insertAt = at + 1;
  for (let i = at + 1; i < end; i++) if (isContent(lines[i]!)) insertAt = i + 1;
  const head = emptyFlow ? [...lines.slice(0, at), lines[at]!.replace(/^entries:\s*\[\s*\]/, 'entries:')] : lines.slice(0, at + 1);
  return [...head, ...lines.slice(at + 1, insertAt), ...block, ...lines.slice(insertAt)].join(eol) + eol;
}
