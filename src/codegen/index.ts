// `codegen`: schemas and validated packs -> the `generated/` folder. Validates every pack first
// and computes every file in memory; writes nothing when a pack has errors. With `check`, writes
// nothing and reports what is stale, missing or extra.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { BUNDLED_SCHEMAS, validate, type ValidationResult } from '../content/validate.js';
import { planFiles } from './plan.js';
import { applyDiff, diffFiles, type Diff } from './sync.js';

export { COMMAND } from './banner.js';

export interface CodegenOptions {
  /** The repository root; the other folders default to `content`, `schemas` and `generated` in it. */
  readonly root: string;
  readonly contentDir?: string;
  readonly schemasDir?: string;
  readonly outDir?: string;
  /** Compare only: write nothing. */
  readonly check?: boolean;
  /** Passed to `validate` (folder for cached validators, or false). */
  readonly cacheDir?: string | false;
  /** The content's validation, when the caller has just made it (build): not done again. */
  readonly validation?: ValidationResult;
}

export type CodegenResult =
  | { readonly ok: false; readonly reason: 'invalid'; readonly validation: ValidationResult }
  | {
      readonly ok: boolean;
      readonly reason?: undefined;
      readonly check: boolean;
      readonly validation: ValidationResult;
      /** The output folder relative to the root (`generated`). */
      readonly outLabel: string;
      /** What differed before this run, paths relative to the output folder. In write mode, it is fixed now. */
      readonly diff: Diff;
    };

export async function codegen(options: CodegenOptions): Promise<CodegenResult> {
  const root = path.resolve(options.root);
  const contentDir = path.resolve(root, options.contentDir ?? 'content');
  // A project's own schemas overlay playmark's; a project with none uses playmark's alone.
  const schemasDir = path.resolve(root, options.schemasDir ?? 'schemas');
  const own = path.resolve(schemasDir) !== path.resolve(BUNDLED_SCHEMAS) && existsSync(schemasDir);
  const isPlaymark = path.resolve(schemasDir) === path.resolve(BUNDLED_SCHEMAS);
  const outDir = path.resolve(root, options.outDir ?? 'generated');
  const validation = options.validation ?? validate([contentDir], { cwd: root, cacheDir: options.cacheDir ?? false, ...(own ? { schemasDir } : {}) });
  if (validation.errors > 0) return { ok: false, reason: 'invalid', validation };

  const planned = await planFiles({ root, schemasDir, outDir, packs: validation.packs, ...(isPlaymark ? {} : { bundledDir: BUNDLED_SCHEMAS }) });
  const diff = diffFiles(outDir, planned);
  const clean = diff.stale.length + diff.missing.length + diff.extra.length === 0;
  if (!options.check) applyDiff(outDir, planned, diff);
  const outLabel = path.relative(root, outDir).split(path.sep).join('/') || '.';
  return { ok: options.check ? clean : true, check: Boolean(options.check), validation, outLabel, diff };
}
