// Reads every `*.schema.json` under the schemas folder, in a fixed order.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { posix } from './names.js';
import { isSchema } from './schema-walk.js';
import type { SchemaFile } from './type-names.js';

export function readSchemaFiles(schemasDir: string): SchemaFile[] {
  const files = (readdirSync(schemasDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map(posix)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  return files.map((file) => {
    const schema: unknown = JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8'));
    if (!isSchema(schema)) throw new Error(`${file}: a schema file holds one JSON object`);
    return { file, schema };
  });
}

/** `warchon/spread.schema.json` -> `types/warchon/spread.ts`, relative to the output folder. */
export function typeModulePath(schemaFile: string): string {
  return `types/${schemaFile.replace(/\.schema\.json$/, '')}.ts`;
}

/** The specifier that imports module `to` from module `from` (both relative to the output folder). */
export function importSpecifier(from: string, to: string): string {
  const rel = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, '.js');
  return rel.startsWith('.') ? rel : `./${rel}`;
}
