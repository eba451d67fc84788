// The top-level fields a record kind's schema allows, for checking the field names printables.yaml
// gives (`copies`, `order`, `where`): its `properties`, following `$ref` (to other schema files
// too), `allOf`, and the branches of `oneOf`/`anyOf`.
import type { SchemaRegistry } from './schemas.js';

type Schema = Record<string, unknown>;

export interface RecordFields {
  /** Each allowed field's schema (the first found). */
  readonly fields: ReadonlyMap<string, Schema>;
  /** Field names matching these are allowed too (`patternProperties`). */
  readonly patterns: readonly RegExp[];
  /** False when the schema admits fields it does not name: then no name can be called unknown. */
  readonly closed: boolean;
}

/** A schema path's place, for resolving relative `$ref`s as the registry does. */
const BASE = 'https://schemas.invalid/';

/** The fields of the records a schema (path relative to schemas/) describes; undefined when the schema cannot be read. */
export function recordFields(registry: SchemaRegistry, rel: string): RecordFields | undefined {
  const root = schemaAt(registry, BASE + rel);
  if (!root) return undefined;
  const fields = new Map<string, Schema>();
  const patterns: RegExp[] = [];
  const walk = (node: Schema, url: string, depth: number): boolean => {
    if (depth > 16) return false;
    let closed = node.additionalProperties === false || node.unevaluatedProperties === false;
    if (isObject(node.properties))
      for (const [name, schema] of Object.entries(node.properties)) if (isObject(schema) && !fields.has(name)) fields.set(name, { ...schema, [URL_KEY]: url });
    if (isObject(node.patternProperties)) {
      for (const source of Object.keys(node.patternProperties)) {
        try {
          patterns.push(new RegExp(source, 'u'));
        } catch {
          closed = false; // a pattern we cannot read: treat the object as open (no false unknown-field)
        }
      }
    }
    if (typeof node.$ref === 'string') {
      const target = resolveRef(registry, node.$ref, url);
      if (target && walk(target.schema, target.url, depth + 1)) closed = true;
    }
    if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isObject(part) && walk(part, url, depth + 1)) closed = true;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches) && branches.length > 0) {
        const all = branches.map((b) => (isObject(b) ? walk(b, url, depth + 1) : false));
        if (all.every(Boolean)) closed = true;
      }
    }
    return closed;
  };
  const closed = walk(root.schema, root.url, 0);
  return { fields, patterns, closed };
}

/** Whether the kind allows a field of that name. */
export function hasField(found: RecordFields, name: string): boolean {
  return !found.closed || found.fields.has(name) || found.patterns.some((p) => p.test(name));
}

/**
 * The JSON types a field may hold (`integer`, `string`, `null`...), following `$ref` and `allOf`;
 * undefined when the schema does not say in a way read here (`oneOf` of types, no `type`).
 */
export function fieldTypes(registry: SchemaRegistry, field: Schema): Set<string> | undefined {
  let node: Schema | undefined = field;
  let url = typeof field[URL_KEY] === 'string' ? (field[URL_KEY] as string) : BASE;
  for (let depth = 0; node && depth < 16; depth++) {
    const type = node.type;
    if (typeof type === 'string') return new Set([type]);
    if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'));
    if (node.const !== undefined) return new Set([jsonType(node.const)]);
    if (Array.isArray(node.enum)) return new Set(node.enum.map(jsonType));
    if (typeof node.$ref !== 'string') return undefined;
    const target = resolveRef(registry, node.$ref, url);
    node = target?.schema;
    url = target?.url ?? url;
  }
  return undefined;
}

const URL_KEY = '__playmarkSchemaUrl';

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolveRef(registry: SchemaRegistry, ref: string, from: string): { schema: Schema; url: string } | undefined {
  let url: URL;
  try {
    url = new URL(ref, from);
  } catch {
    return undefined; // not a reference we can follow: the field check gives up on it
  }
  const file = `${url.origin}${url.pathname}`;
  const whole = schemaAt(registry, file);
  if (!whole) return undefined;
  let node: unknown = whole.schema;
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  for (const step of pointer.split('/').slice(1)) {
    if (!isObject(node)) return undefined;
    node = node[step.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? { schema: node, url: file } : undefined;
}

/** A whole schema file by its URL under BASE, as the registry compiled it. */
function schemaAt(registry: SchemaRegistry, url: string): { schema: Schema; url: string } | undefined {
  if (!url.startsWith(BASE)) return undefined;
  const rel = url.slice(BASE.length);
  if (!registry.has(rel)) return undefined;
  const validate = registry.validator(rel);
  if (typeof validate !== 'function' || !isObject(validate.schema)) return undefined;
  return { schema: validate.schema, url };
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
