// Where a kind's records refer to other records (`x-ref`), as a tree mirroring the record: a
// property name leads to its value's tree, lists are looked through, and each reference is a leaf
// naming the kinds it may refer to. The content modules narrow those places to the kinds' id
// unions (`WithRefs` in types/readonly.ts): a union is only known per pack, so the types stay generic.
import { parsePointer } from '../content/pointer.js';
import { isSchema, resolveRef, type Schema } from './schema-walk.js';

/** A leaf: the kinds a reference may name. A node: the trees of the properties holding references. */
export type RefTree = readonly string[] | { readonly [property: string]: RefTree };

/** Keywords whose subschemas describe the same value (alternatives, or parts of it). */
const SAME_VALUE = ['oneOf', 'anyOf', 'allOf'];
const BRANCHES = ['then', 'else'];
/** Keywords whose subschemas describe a list's items. */
const ITEMS = ['items', 'additionalItems', 'prefixItems'];

/**
 * The reference tree of a schema file's root, or undefined when its records refer to nothing.
 * `kindsOf` turns an `x-ref` (one kind or several) into the kinds the pack has for it.
 */
export function refTree(file: string, schemas: ReadonlyMap<string, Schema>, kindsOf: (xref: readonly string[]) => string[]): RefTree | undefined {
  const walk = (schema: Schema, at: string, visiting: ReadonlySet<string>): RefTree | undefined => {
    const xref = schema['x-ref'];
    if (typeof xref === 'string' || Array.isArray(xref)) {
      const kinds = kindsOf(typeof xref === 'string' ? [xref] : xref.filter((k): k is string => typeof k === 'string'));
      return kinds.length > 0 ? kinds : undefined;
    }
    let tree: RefTree | undefined;
    const add = (sub: unknown, subFile = at): void => {
      if (isSchema(sub)) tree = merge(tree, walk(sub, subFile, visiting));
    };
    if (typeof schema.$ref === 'string') {
      const target = resolveRef(at, schema.$ref);
      // A recursive type (an effect holding effects) is walked once along each path.
      if (!visiting.has(target)) {
        const found = schemaAt(schemas, target);
        if (found) tree = merge(tree, walk(found.schema, found.file, new Set([...visiting, target])));
      }
    }
    for (const key of [...SAME_VALUE, ...BRANCHES, ...ITEMS]) {
      const value = schema[key];
      if (Array.isArray(value)) value.forEach((sub) => add(sub));
      else add(value);
    }
    if (isSchema(schema.properties)) {
      const node: Record<string, RefTree> = {};
      for (const [name, sub] of Object.entries(schema.properties)) {
        const child = isSchema(sub) ? walk(sub, at, visiting) : undefined;
        if (child) node[name] = child;
      }
      if (Object.keys(node).length > 0) tree = merge(tree, node);
    }
    return tree;
  };
  const root = schemas.get(file);
  return root ? walk(root, file, new Set([`${file}#`])) : undefined;
}

/** Two trees of one value: leaves join their kinds; where one is a leaf and one a node, the node wins. */
function merge(a: RefTree | undefined, b: RefTree | undefined): RefTree | undefined {
  if (!a || !b) return a ?? b;
  const aLeaf = isLeaf(a);
  const bLeaf = isLeaf(b);
  if (aLeaf && bLeaf) return [...new Set([...a, ...b])];
  if (aLeaf || bLeaf) return aLeaf ? b : a;
  const out: Record<string, RefTree> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v)!;
  return out;
}

export function isLeaf(tree: RefTree): tree is readonly string[] {
  return Array.isArray(tree);
}

/** The schema at `file#pointer`, with the file it is in. */
function schemaAt(schemas: ReadonlyMap<string, Schema>, where: string): { file: string; schema: Schema } | undefined {
  const hash = where.indexOf('#');
  const file = where.slice(0, hash);
  let node: unknown = schemas.get(file);
  for (const step of parsePointer(where.slice(hash + 1))) {
    node = isSchema(node) || Array.isArray(node) ? (node as Record<string, unknown>)[step] : undefined;
  }
  return isSchema(node) ? { file, schema: node } : undefined;
}
