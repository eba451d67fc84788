// Turns one named type's schema into what json-schema-to-typescript compiles to exactly that one
// type: every `$ref` and every other named subschema becomes `tsType: "<Name>"` (the property keeps
// its own description, so doc comments stay per property), and keywords that are not types
// (`x-ref`, `discriminator`, ...) go. A schema with a `discriminator` keeps only its `oneOf`
// for typing: its top-level `properties`/`required` exist for ajv, and would add an intersection.
// 2020-12 tuples (`prefixItems`, `items: false`) become the draft-07 form the compiler reads, and
// a bounded list of an unnamed item type stays a plain array (a tuple would repeat the type).
import { formatPointer } from '../content/pointer.js';
import { isSchema, LIST_KEYWORDS, locationKey, MAP_KEYWORDS, ONE_KEYWORDS, resolveRef, type Schema } from './schema-walk.js';
import type { NamedType } from './type-names.js';

export interface PreparedType {
  readonly type: NamedType;
  /** The schema to compile, titled with the type's name. */
  readonly schema: Schema;
  /** Named types it uses, by name, with the schema file that declares each. */
  readonly uses: ReadonlyMap<string, string>;
}

/** Keywords dropped before compiling: annotations for other tools, and the schema's own dialect. */
const DROPPED = new Set(['$schema', '$id', '$comment', '$defs', 'definitions', 'discriminator', 'examples']);

export function prepareType(type: NamedType, named: ReadonlyMap<string, NamedType>): PreparedType {
  const uses = new Map<string, string>();
  const refTo = (target: NamedType, description: unknown): Schema => {
    uses.set(target.name, target.file);
    return typeof description === 'string' ? { description, tsType: target.name } : { tsType: target.name };
  };

  const convert = (schema: Schema, pointer: string, top: boolean): Schema => {
    if (!top) {
      const hoisted = named.get(locationKey(type.file, pointer));
      if (hoisted) return refTo(hoisted, schema.description);
    }
    if (typeof schema.$ref === 'string') {
      const target = named.get(resolveRef(type.file, schema.$ref));
      if (!target) throw new Error(`${type.file}#${pointer}: $ref ${schema.$ref} names no titled schema or $defs entry`);
      return refTo(target, schema.description);
    }
    const forTyping = 'discriminator' in schema;
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (forTyping && (key === 'properties' || key === 'required' || key === 'type')) continue;
      const at = (...steps: (string | number)[]): string => pointer + formatPointer([key, ...steps]);
      if (MAP_KEYWORDS.has(key) && isSchema(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, sub]) => [k, isSchema(sub) ? convert(sub, at(k), false) : sub]));
      } else if ((LIST_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) {
        out[key] = value.map((sub, i) => (isSchema(sub) ? convert(sub, at(i), false) : sub));
      } else if (ONE_KEYWORDS.has(key) && isSchema(value)) {
        out[key] = convert(value, at(), false);
      } else {
        out[key] = value;
      }
    }
    tuplesForCompiler(out);
    plainListOfUnnamed(out);
    if (top) out.title = type.name;
    else delete out.title;
    return out;
  };

  return { type, schema: convert(type.schema, type.pointer, true), uses };
}

/** `prefixItems: [a, b], items: false` -> `items: [a, b], additionalItems: false`. */
function tuplesForCompiler(schema: Schema): void {
  if (!Array.isArray(schema.prefixItems)) return;
  if ('items' in schema) schema.additionalItems = schema.items;
  schema.items = schema.prefixItems;
  delete schema.prefixItems;
}

/**
 * A bounded list (`minItems`/`maxItems`) becomes a tuple, which prints its item type once per
 * member: fine for a named item type, or a scalar one bounded both ways (`[a, d]`, two integers,
 * is `[number, number]`); a copy of the whole object for an unnamed one. Such a list is typed as a
 * plain array (the schema still enforces its bounds).
 */
function plainListOfUnnamed(schema: Schema): void {
  const items = schema.items;
  if (!isSchema(items) || Array.isArray(items) || 'tsType' in items) return;
  if (isScalar(items) && 'maxItems' in schema) return;
  if (!('minItems' in schema) && !('maxItems' in schema)) return;
  delete schema.minItems;
  delete schema.maxItems;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** A schema for a string, number, boolean or null only (its type prints as one short word). */
function isScalar(schema: Schema): boolean {
  if (['properties', 'items', 'prefixItems', 'oneOf', 'anyOf', 'allOf', '$ref'].some((k) => k in schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.type !== undefined) return types.every((t) => typeof t === 'string' && SCALARS.has(t));
  return Array.isArray(schema.enum) || 'const' in schema;
}
