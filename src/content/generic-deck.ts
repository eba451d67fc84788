// Whether a kind's schema is playmark's generic deck or extends it (`$ref` or `allOf` at its root, as
// Archon Skirmish's deck does): such a deck lists `cards: [{ card, copies }]`, which printables.yaml's
// `copies: { deck }` reads.
import path from 'node:path';
import { installedSchema } from './installed-schema.js';
import type { SchemaRegistry } from './schemas.js';

export const GENERIC_DECK_SCHEMA = 'common/deck.schema.json';

/** True when the schema (a path under schemas/) is common/deck.schema.json or refers to it at its root. */
export function isGenericDeck(registry: SchemaRegistry, rel: string, depth = 0): boolean {
  const schema = normal(installedSchema(normal(rel)));
  if (schema === GENERIC_DECK_SCHEMA) return true;
  // A few steps of extension at most; also stops a cycle of schemas referring to each other.
  if (depth > 8 || !registry.has(schema)) return false;
  const validate = registry.validator(schema);
  if (typeof validate !== 'function' || !isObject(validate.schema)) return false;
  const root = validate.schema;
  const parts = [root, ...(Array.isArray(root.allOf) ? root.allOf : [])];
  return parts.some((part) => {
    if (!isObject(part) || typeof part.$ref !== 'string') return false;
    const [file, fragment] = part.$ref.split('#');
    if (!file || fragment) return false;
    return isGenericDeck(registry, path.posix.join(path.posix.dirname(schema), file), depth + 1);
  });
}

function normal(rel: string): string {
  return path.posix.normalize(rel.replace(/\\/g, '/')).replace(/^(\.\.\/)+/, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
