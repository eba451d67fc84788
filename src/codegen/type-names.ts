// Which parts of the schemas become named TypeScript types, and their names. Every schema file
// with a root type, every `$defs` entry and every titled subschema gets one name, once, in the
// module for its file; `$ref`s to it use that name. Names come from titles in PascalCase; a name
// that two modules would both declare is prefixed with its module's root type name.
import { pascalCase } from './names.js';
import { eachSubschema, locationKey, type Schema } from './schema-walk.js';

export interface SchemaFile {
  /** Path relative to the schemas folder, with `/` (`warchon/spread.schema.json`). */
  readonly file: string;
  readonly schema: Schema;
  /** How banners name the file (`schemas/warchon/spread.schema.json`); default: the schemas label and `file`. */
  readonly source?: string;
}

export interface NamedType {
  readonly name: string;
  /** The schema file whose module declares it. */
  readonly file: string;
  readonly pointer: string;
  readonly schema: Schema;
}

/** Keywords that make a schema describe a value (a schema with only `$defs` describes none). */
const TYPE_KEYWORDS = ['type', 'properties', 'items', 'oneOf', 'anyOf', 'allOf', 'enum', 'const', '$ref'];

export function describesValue(schema: Schema): boolean {
  return TYPE_KEYWORDS.some((k) => k in schema);
}

export function nameTypes(files: readonly SchemaFile[]): Map<string, NamedType> {
  interface Candidate {
    base: string;
    file: string;
    pointer: string;
    schema: Schema;
    root: boolean;
  }
  const candidates: Candidate[] = [];
  for (const { file, schema } of files) {
    if (describesValue(schema)) candidates.push({ base: baseName(schema, file), file, pointer: '', schema, root: true });
    eachSubschema(schema, '', (sub, pointer) => {
      const defKey = /^\/(?:\$defs|definitions)\/([^/]+)$/.exec(pointer)?.[1];
      if (defKey === undefined && typeof sub.title !== 'string') return;
      candidates.push({ base: baseName(sub, defKey ?? ''), file, pointer, schema: sub, root: false });
    });
  }
  const rootName = new Map(candidates.filter((c) => c.root).map((c) => [c.file, c.base]));
  const modulesDeclaring = new Map<string, Set<string>>();
  for (const c of candidates) modulesDeclaring.set(c.base, (modulesDeclaring.get(c.base) ?? new Set()).add(c.file));

  const named = new Map<string, NamedType>();
  const taken = new Map<string, string>();
  for (const c of candidates) {
    const clash = !c.root && (modulesDeclaring.get(c.base)!.size > 1 || candidates.filter((o) => o.file === c.file && o.base === c.base).length > 1);
    const name = clash ? (rootName.get(c.file) ?? pascalCase(c.file.replace(/\.schema\.json$/, ''))) + c.base : c.base;
    const where = locationKey(c.file, c.pointer);
    const first = taken.get(name);
    if (first !== undefined) {
      throw new Error(`Two schemas would declare the type ${name}: ${first} and ${where}. Give one of them a different title.`);
    }
    taken.set(name, where);
    named.set(where, { name, file: c.file, pointer: c.pointer, schema: c.schema });
  }
  return named;
}

function baseName(schema: Schema, fallback: string): string {
  const source = typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : fallback.replace(/\.schema\.json$/, '');
  return pascalCase(source);
}
