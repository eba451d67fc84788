// Walking a JSON Schema's subschemas with their JSON pointers, and resolving `$ref`s to the file
// and pointer they name.
import path from 'node:path';
import { formatPointer, parsePointer } from '../content/pointer.js';
import { installedSchema } from '../content/installed-schema.js';

export type Schema = { [key: string]: unknown };

/** Keywords whose value is a map from names to subschemas. */
export const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a list of subschemas. */
export const LIST_KEYWORDS = new Set(['oneOf', 'anyOf', 'allOf', 'prefixItems']);
/** Keywords whose value is one subschema (`items` may also be a list, in older drafts). */
export const ONE_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `visit` for every subschema below `schema` (not `schema` itself), depth first, in key order. */
export function eachSubschema(schema: Schema, pointer: string, visit: (sub: Schema, pointer: string) => void): void {
  for (const [key, value] of Object.entries(schema)) {
    const at = (...steps: (string | number)[]): string => pointer + formatPointer([key, ...steps]);
    const child = (sub: unknown, p: string): void => {
      if (!isSchema(sub)) return;
      visit(sub, p);
      eachSubschema(sub, p, visit);
    };
    if (MAP_KEYWORDS.has(key) && isSchema(value)) for (const [name, sub] of Object.entries(value)) child(sub, at(name));
    else if ((LIST_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) value.forEach((sub, i) => child(sub, at(i)));
    else if (ONE_KEYWORDS.has(key)) child(value, at());
  }
}

/** A place in the schema set: a schema file (relative to the schemas folder, with `/`) and a JSON pointer into it. */
export function locationKey(file: string, pointer: string): string {
  return `${file}#${pointer}`;
}

/** Where a `$ref` in `file` points: `../common/defs.schema.json#/$defs/id`, `#/$defs/die`, `#`. */
export function resolveRef(file: string, ref: string): string {
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) throw new Error(`${file}: only relative $refs can be generated, not ${ref}`);
  const target = filePart === '' ? file : installedSchema(path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart)));
  return locationKey(target, formatPointer(parsePointer(fragment)));
}

export { installedSchema };
