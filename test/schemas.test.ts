import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Editor help comes from the schemas: every property a designer can write must say what it is.
const root = fileURLToPath(new URL('../schemas', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.schema.json') ? [path.join(dir, e.name)] : [],
  );

type Node = Record<string, unknown>;

/** Walks every subschema, calling `visit` with its JSON pointer. */
function walk(node: unknown, pointer: string, visit: (node: Node, pointer: string) => void): void {
  if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`, visit));
  if (!node || typeof node !== 'object') return;
  visit(node as Node, pointer);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs') {
      for (const [name, sub] of Object.entries(value as Node)) walk(sub, `${pointer}/${key}/${name}`, visit);
    } else if (['items', 'additionalProperties', 'oneOf', 'anyOf', 'allOf', 'propertyNames', 'prefixItems', 'not', 'if', 'then', 'else'].includes(key)) {
      walk(value, `${pointer}/${key}`, visit);
    }
  }
}

describe('schemas/', () => {
  for (const file of files(root)) {
    const rel = path.relative(root, file);
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Node;

    it(`${rel} has a title and a description, and no $id (editors resolve $ref by file path)`, () => {
      expect(typeof schema.title).toBe('string');
      expect(typeof schema.description).toBe('string');
      expect(schema.$id).toBeUndefined();
    });

    it(`${rel}: every property has a description (it becomes hover help and doc comments)`, () => {
      const missing: string[] = [];
      walk(schema, '', (node, pointer) => {
        const props = node.properties as Record<string, Node> | undefined;
        for (const [name, sub] of Object.entries(props ?? {})) {
          if (typeof sub.description !== 'string' || sub.description.trim() === '') missing.push(`${pointer}/properties/${name}`);
        }
      });
      expect(missing).toEqual([]);
    });

    it(`${rel}: every object with properties forbids unknown ones`, () => {
      const open: string[] = [];
      walk(schema, '', (node, pointer) => {
        // The effect vocabulary's top level only names the tag; each variant is closed.
        // A game's extension of a generic kind (allOf the common schema) closes itself with unevaluatedProperties.
        if (node.properties && node.additionalProperties !== false && node.unevaluatedProperties !== false && !node.discriminator) open.push(pointer || '/');
      });
      expect(open).toEqual([]);
    });
  }
});
