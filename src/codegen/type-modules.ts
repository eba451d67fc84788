// Schemas -> `types/<path>.ts`: one module per schema file, each named type declared once, with
// `import type` lines for the names it uses from other modules.
import { compile, type Options } from 'json-schema-to-typescript';
import { banner } from './banner.js';
import { prepareType, type PreparedType } from './prepare-schema.js';
import { importSpecifier, typeModulePath } from './schema-files.js';
import { nameTypes, type SchemaFile } from './type-names.js';

export interface TypeModules {
  /** Generated files by path relative to the output folder. */
  readonly files: Map<string, string>;
  /** The root type's name for each schema file that has one (`warchon/spread.schema.json` -> `WarchonSpread`). */
  readonly rootNames: ReadonlyMap<string, string>;
}

const OPTIONS: Partial<Options> = {
  bannerComment: '',
  additionalProperties: false,
  strictIndexSignatures: true,
  unknownAny: true,
  enableConstEnums: false,
  declareExternallyReferenced: true,
  format: true,
};

export async function generateTypeModules(files: readonly SchemaFile[], schemasLabel: string): Promise<TypeModules> {
  const sourceOf = new Map(files.filter((f) => f.source !== undefined).map((f) => [f.file, f.source!]));
  const named = nameTypes(files);
  const prepared = [...named.values()].map((t) => prepareType(t, named));
  const compiled = await Promise.all(prepared.map(async (p) => (await compile(p.schema as never, p.type.name, OPTIONS)).trim()));
  const code = new Map(prepared.map((p, i) => [p, compiled[i]!]));

  const out = new Map<string, string>();
  for (const { file } of files) {
    const own = prepared.filter((p) => p.type.file === file).sort(declarationOrder);
    const modulePath = typeModulePath(file);
    const body = own.map((p) => code.get(p)!).join('\n\n');
    out.set(modulePath, banner([sourceOf.get(file) ?? `${schemasLabel}/${file}`]) + importLines(modulePath, own) + '\n' + (body === '' ? '' : body + '\n'));
  }
  const rootNames = new Map([...named.values()].filter((t) => t.pointer === '').map((t) => [t.file, t.name]));
  return { files: out, rootNames };
}

/** The root type first, then the others by name. */
function declarationOrder(a: PreparedType, b: PreparedType): number {
  if ((a.type.pointer === '') !== (b.type.pointer === '')) return a.type.pointer === '' ? -1 : 1;
  return a.type.name < b.type.name ? -1 : a.type.name > b.type.name ? 1 : 0;
}

function importLines(modulePath: string, own: readonly PreparedType[]): string {
  const byModule = new Map<string, Set<string>>();
  for (const p of own) {
    for (const [name, file] of p.uses) {
      const target = typeModulePath(file);
      if (target === modulePath) continue;
      byModule.set(target, (byModule.get(target) ?? new Set()).add(name));
    }
  }
  return [...byModule.keys()]
    .sort()
    .map((target) => `import type { ${[...byModule.get(target)!].sort().join(', ')} } from '${importSpecifier(modulePath, target)}';\n`)
    .join('');
}
