// Where a kind's records hold playmark's generic tables: the record itself (a kind whose schema is,
// or extends, common/combat-table or common/roll-table) or one of its top-level fields (a Warchon
// spread's `combatTable`, a field whose schema refers to a generic table). Found from the kind's
// schema, so a designer's own kinds and game schemas that extend the generic ones are checked,
// resolved and printed the same way.
import path from 'node:path';
import { installedSchema } from './installed-schema.js';

export const COMBAT_TABLE_SCHEMA = 'common/combat-table.schema.json';
export const ROLL_TABLE_SCHEMA = 'common/roll-table.schema.json';

/** One place of a kind's records that holds a generic table: `pointer` '' is the record itself. */
export interface TablePlace {
  readonly type: 'combat' | 'roll';
  /** JSON pointer into the record: '' or `/<field>`. */
  readonly pointer: string;
}

type Sources = (rel: string) => unknown;

/** The generic tables a kind's records hold, by the kind's schema (`warchon/spread.schema.json`). */
export function tablePlacesOf(schemaRel: string, sources: Sources): TablePlace[] {
  const rel = normal(installedSchema(schemaRel));
  if (rel === COMBAT_TABLE_SCHEMA) return [{ type: 'combat', pointer: '' }];
  if (rel === ROLL_TABLE_SCHEMA) return [{ type: 'roll', pointer: '' }];
  const root = sources(rel);
  const places: TablePlace[] = [];
  const whole = tableTypeOf(root, rel, sources, new Set());
  if (whole) return [{ type: whole, pointer: '' }];
  const properties = isObject(root) && isObject(root.properties) ? root.properties : {};
  for (const [field, schema] of Object.entries(properties)) {
    const type = tableTypeOf(schema, rel, sources, new Set());
    if (type) places.push({ type, pointer: `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
  return places;
}

/**
 * The generic table a schema node is (or extends): through `$ref` (to another file or to `#/$defs/...`
 * of its own), `allOf`, and `anyOf`/`oneOf` (a table or null). `seen` stops reference cycles.
 */
function tableTypeOf(node: unknown, rel: string, sources: Sources, seen: Set<string>): TablePlace['type'] | undefined {
  if (!isObject(node)) return undefined;
  if (typeof node.$ref === 'string') {
    const [file, fragment] = node.$ref.split('#') as [string, string | undefined];
    const target = file === '' ? rel : normal(installedSchema(path.posix.normalize(path.posix.join(path.posix.dirname(rel), file))));
    if (target === COMBAT_TABLE_SCHEMA && !fragment) return 'combat';
    if (target === ROLL_TABLE_SCHEMA && !fragment) return 'roll';
    const key = `${target}#${fragment ?? ''}`;
    if (!seen.has(key)) {
      seen.add(key);
      const found = tableTypeOf(at(sources(target), fragment), target, sources, seen);
      if (found) return found;
    }
  }
  for (const list of [node.allOf, node.anyOf, node.oneOf]) {
    if (!Array.isArray(list)) continue;
    for (const part of list) {
      const found = tableTypeOf(part, rel, sources, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** The node a fragment (`/$defs/combatTable`) points to in a schema. */
function at(schema: unknown, fragment: string | undefined): unknown {
  if (!fragment) return schema;
  let node = schema;
  for (const step of fragment.split('/').slice(1)) {
    if (!isObject(node)) return undefined;
    node = node[step.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function normal(rel: string): string {
  return rel.replace(/\\/g, '/').replace(/^(\.\.\/)+/, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
