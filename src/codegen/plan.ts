// Everything codegen writes, computed in memory: path (relative to the output folder) -> text.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Pack } from '../content/model.js';
import { contentModule, contentModulePath } from './content-module.js';
import { compareText } from './literal.js';
import { posix } from './names.js';
import { READONLY_MODULE, readonlyModule } from './readonly-module.js';
import { generatedReadme } from './readme.js';
import { readSchemaFiles } from './schema-files.js';
import { generateTypeModules } from './type-modules.js';

export interface PlanInput {
  /** The repository root: sources are named relative to it in banners. */
  readonly root: string;
  readonly schemasDir: string;
  /**
   * playmark's own schemas, when the project's `schemasDir` is another folder: the project's kinds
   * refer to them (`../common/defs.schema.json`), so their types are generated too (those the
   * packs use, and the shared ones), named `playmark/schemas/...` in banners.
   */
  readonly bundledDir?: string;
  readonly outDir: string;
  readonly packs: readonly Pack[];
}

export async function planFiles(input: PlanInput): Promise<Map<string, string>> {
  const label = (p: string): string => posix(path.relative(input.root, p)) || '.';
  const schemasLabel = label(input.schemasDir);
  const own = existsSync(input.schemasDir) ? readSchemaFiles(input.schemasDir) : [];
  const ownFiles = new Set(own.map((f) => f.file));
  const used = new Set(input.packs.flatMap((p) => Object.values(p.manifest.kinds).map((k) => k.schema)));
  const bundled = input.bundledDir
    ? readSchemaFiles(input.bundledDir)
        .filter((f) => !ownFiles.has(f.file) && (!f.file.includes('/') || f.file.startsWith('common/') || used.has(f.file)))
        .map((f) => ({ ...f, source: `playmark/schemas/${f.file}` }))
    : [];
  const types = await generateTypeModules(
    [...bundled, ...own].sort((a, b) => compareText(a.file, b.file)),
    schemasLabel,
  );
  // All of playmark's schemas, the project's over them: a reference may lead through any of them.
  const all = input.bundledDir ? readSchemaFiles(input.bundledDir).filter((f) => !ownFiles.has(f.file)) : [];
  const schemas = new Map([...all, ...own].map((f) => [f.file, f.schema]));
  const files = new Map(types.files);
  files.set(READONLY_MODULE, readonlyModule());
  const packs = [...input.packs].sort((a, b) => compareText(a.id, b.id));
  for (const pack of packs) {
    files.set(contentModulePath(pack.id), contentModule({ pack, packLabel: label(pack.dir), schemasLabel, rootNames: types.rootNames, schemas }));
  }
  files.set(
    'README.md',
    generatedReadme(
      packs.map((p) => p.id),
      [...types.files.keys()],
    ),
  );
  return new Map([...files].sort(([a], [b]) => compareText(a, b)));
}
