// One pack -> `content/<pack>.ts`: the manifest, and for each record kind a literal union of its
// ids, a map from id to record (effective content, deeply readonly, typed by the kind's schema),
// the ids in order, and the provenance of every value a layer set.
import type { EffectiveRecord, Pack } from '../content/model.js';
import { plainLayers } from '../content/effective.js';
import { banner } from './banner.js';
import { compareText, literal } from './literal.js';
import { camelCase, pascalCase } from './names.js';
import { READONLY_MODULE } from './readonly-module.js';
import { isLeaf, refTree, type RefTree } from './ref-tree.js';
import { importSpecifier, typeModulePath } from './schema-files.js';
import type { Schema } from './schema-walk.js';

export interface ContentModuleInput {
  readonly pack: Pack;
  /** The pack folder relative to the repository, with `/` (`content/warchon`). */
  readonly packLabel: string;
  /** The schemas folder relative to the repository (`schemas`). */
  readonly schemasLabel: string;
  /** The root type name declared for each schema file. */
  readonly rootNames: ReadonlyMap<string, string>;
  /** Every schema file by its path (`warchon/spread.schema.json`), to find the kinds' references. */
  readonly schemas: ReadonlyMap<string, Schema>;
}

interface KindNames {
  readonly kind: string;
  readonly folder: string;
  readonly schema: string;
  readonly type: string;
  readonly idType: string;
  readonly recordType: string;
  readonly map: string;
  readonly ids: string;
  readonly records: readonly EffectiveRecord[];
  /** Where its records refer to other records, as the id types of the kinds they name (TypeScript). */
  readonly refs: string | undefined;
}

const MANIFEST_SCHEMA = 'pack.schema.json';

export function contentModulePath(packId: string): string {
  return `content/${packId}.ts`;
}

export function contentModule(input: ContentModuleInput): string {
  const { pack } = input;
  const modulePath = contentModulePath(pack.id);
  const kinds = kindNames(input);
  const manifestType = typeOf(input, MANIFEST_SCHEMA);
  checkUnique(pack.id, [
    manifestType,
    'DeepReadonly',
    'PackLayers',
    'RecordOrigins',
    'WithRefs',
    'pack',
    'records',
    'origins',
    'layers',
    ...kinds.flatMap((k) => [k.type, k.idType, k.recordType, k.map, k.ids]),
  ]);

  const readonlyNames = ['DeepReadonly', 'PackLayers', 'RecordOrigins', ...(kinds.some((k) => k.refs) ? ['WithRefs'] : [])];
  const imports = new Map<string, Set<string>>([[READONLY_MODULE, new Set(readonlyNames)]]);
  const addImport = (schema: string, name: string): void => {
    const target = typeModulePath(schema);
    imports.set(target, (imports.get(target) ?? new Set()).add(name));
  };
  addImport(MANIFEST_SCHEMA, manifestType);
  for (const k of kinds) addImport(k.schema, k.type);

  const sources = [
    `${input.packLabel}/ (rule text: ${pack.manifest.source.file})`,
    ...[...new Set([MANIFEST_SCHEMA, ...kinds.map((k) => k.schema)])].sort(compareText).map((s) => `${input.schemasLabel}/${s}`),
  ];
  const parts: string[] = [
    banner(sources) +
      [...imports.keys()]
        .sort(compareText)
        .map((target) => `import type { ${[...imports.get(target)!].sort(compareText).join(', ')} } from '${importSpecifier(modulePath, target)}';\n`)
        .join('')
        .trimEnd(),
    `/** The pack's manifest (\`${input.packLabel}/pack.yaml\`). */\nexport const pack = ${literal(pack.manifest)} as const satisfies DeepReadonly<${manifestType}>;`,
  ];
  for (const k of kinds) parts.push(kindSection(k, input.packLabel));
  parts.push(
    `/** Every record map by kind. */\nexport const records: {\n${kinds.map((k) => `  readonly ${key(k.kind)}: typeof ${k.map};\n`).join('')}} = {\n${kinds.map((k) => `  ${key(k.kind)}: ${k.map},\n`).join('')}};`,
    originsSection(kinds),
    layersSection(pack),
  );
  return parts.join('\n\n') + '\n';
}

function kindNames(input: ContentModuleInput): KindNames[] {
  const { pack } = input;
  const declared = Object.keys(pack.manifest.kinds).sort(compareText);
  const idType = (kind: string): string => `${pascalCase(pack.id) + pascalCase(kind)}Id`;
  // As the reference check reads an `x-ref` (src/content/lint/refs.ts): the kinds it names, and
  // for a generic one (`location`) every kind the pack checks by that generic schema.
  const kindsOf = (xref: readonly string[]): string[] => {
    const named = xref.flatMap((k) => [k, ...declared.filter((d) => pack.manifest.kinds[d]!.schema.replace(/\\/g, '/') === `common/${k}.schema.json`)]);
    return [...new Set(named)].filter((k) => declared.includes(k));
  };
  return declared.map((kind) => {
    const { folder, schema } = pack.manifest.kinds[kind]!;
    const base = pascalCase(pack.id) + pascalCase(kind);
    const records = [...(pack.records.get(kind) ?? [])].sort((a, b) => compareText(a.id, b.id));
    const tree = refTree(schema.replace(/\\/g, '/'), input.schemas, kindsOf);
    const refs = tree === undefined ? undefined : refType(tree, idType, '');
    return {
      kind,
      folder,
      schema,
      type: typeOf(input, schema),
      idType: idType(kind),
      recordType: `${base}Record`,
      map: camelCase(folder),
      ids: `${camelCase(kind)}Ids`,
      records,
      refs,
    };
  });
}

/** A reference tree as the TypeScript `WithRefs` reads: an id union at each reference. */
function refType(tree: RefTree, idType: (kind: string) => string, indent: string): string {
  if (isLeaf(tree)) return tree.map(idType).join(' | ');
  const inner = `${indent}  `;
  return `{\n${Object.entries(tree)
    .map(([k, v]) => `${inner}readonly ${key(k)}: ${refType(v, idType, inner)};\n`)
    .join('')}${indent}}`;
}

function typeOf(input: ContentModuleInput, schema: string): string {
  const name = input.rootNames.get(schema);
  if (!name) throw new Error(`${input.packLabel}/pack.yaml: no type was generated for the schema ${schema} (is it under ${input.schemasLabel}/?)`);
  return name;
}

function checkUnique(packId: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`The content module for ${packId} would declare ${name} twice; rename a kind or a folder in its manifest.`);
    seen.add(name);
  }
}

function kindSection(k: KindNames, packLabel: string): string {
  const ids = k.records.map((r) => JSON.stringify(r.id));
  const union = ids.length === 0 ? ' never' : ids.map((id) => `\n  | ${id}`).join('');
  const entries = k.records.map((r) => `  ${JSON.stringify(r.id)}: ${literal(r.data, '  ')},\n`).join('');
  return [
    `/** Every ${k.kind} id in the pack (\`${packLabel}/${k.folder}/<id>.yaml\`). */`,
    `export type ${k.idType} =${union};`,
    `/** A ${k.kind} record: its effective content (the transcription with the layers applied)${k.refs === undefined ? '' : ', its references typed as the ids of the kinds they name'}. */`,
    k.refs === undefined
      ? `export type ${k.recordType} = DeepReadonly<${k.type}>;`
      : `export type ${k.recordType} = DeepReadonly<WithRefs<${k.type}, ${k.refs}>>;`,
    `/** The ${k.kind} ids, sorted. */`,
    `export const ${k.ids}: readonly ${k.idType}[] = [${ids.join(', ')}];`,
    `/** The ${k.kind} records by id. */`,
    `export const ${k.map}: { readonly [K in ${k.idType}]: ${k.recordType} } = {\n${entries}};`,
  ].join('\n');
}

function originsSection(kinds: readonly KindNames[]): string {
  const type = kinds.map((k) => `  readonly ${key(k.kind)}: { readonly [K in ${k.idType}]?: RecordOrigins };\n`).join('');
  const value: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const k of kinds) {
    const byId: Record<string, Record<string, unknown>> = {};
    for (const r of k.records) {
      if (r.origins.size === 0) continue;
      byId[r.id] = Object.fromEntries([...r.origins].map(([pointer, o]) => [pointer, { layer: o.layer, entry: o.entry, kind: o.kind, reason: o.reason }]));
    }
    value[k.kind] = byId;
  }
  return [
    '/**',
    ' * Where each value a layer set came from, by kind, record id and JSON pointer into the record',
    ` * (\`origins${kinds[0] ? propertyAccess(kinds[0].kind) : ''}[id]?.["/pointer"]\`). Values with no entry are as the rule text prints them.`,
    ' */',
    `export const origins: {\n${type}} = ${literal(value)};`,
  ].join('\n');
}

/** The layer entries themselves, in the order they apply, for errata sheets and tools. */
function layersSection(pack: Pack): string {
  const value = plainLayers(pack);
  return [
    "/** The pack's layers and their entries, in the order they apply (the manifest's order, then each file's). */",
    `export const layers: PackLayers = ${literal(value)};`,
  ].join('\n');
}

/** A property key: bare when it is an identifier, quoted otherwise. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function propertyAccess(name: string): string {
  const k = key(name);
  return k.startsWith('"') ? `[${k}]` : `.${k}`;
}
