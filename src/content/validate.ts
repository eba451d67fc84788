import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareDiagnostics, pending, type Diagnostic } from './diagnostic.js';
import { applyLayers } from './layers.js';
import { CHECKS, LintContext } from './lint/index.js';
import { discoverPacks, findSchemaRoots, loadPack, Report } from './load.js';
import { displayPath, locateAll } from './locate.js';
import type { EffectiveRecord, Json, Pack } from './model.js';
import { packageRoot } from './package-root.js';
import { ParseCache } from './parse-cache.js';
import { checkPrintables } from './printables.js';
import { collectRules, ruleCoverage, type RuleCoverage, type RuleInfo } from './rules.js';
import { SchemaRegistry } from './schemas.js';

/** playmark's own schemas, used for packs with no `schemas/` folder above them. */
export const BUNDLED_SCHEMAS = path.join(packageRoot(), 'schemas');


export interface PackSummary {
  readonly id: string;
  readonly title: string;
  readonly dir: string;
  readonly records: number;
  readonly layerEntries: number;
  readonly coverage: RuleCoverage;
  /** Every rule of the pack, runnable or manual. */
  readonly rules: readonly RuleInfo[];
}

export interface ValidationResult {
  readonly packs: readonly Pack[];
  readonly summaries: readonly PackSummary[];
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: number;
  readonly warnings: number;
}

export interface ValidateOptions {
  /** Working directory that file paths in diagnostics are relative to. */
  readonly cwd?: string;
  /**
   * Folder to cache compiled schema validators in (see `defaultCacheDir`), so later runs skip
   * compiling them. Off by default.
   */
  readonly cacheDir?: string | false;
  /**
   * Keep parsed YAML in `cacheDir` too, keyed by each file's exact text (default true when there
   * is a cache folder). Off: every file is parsed (the benchmark measures both).
   */
  readonly parseCache?: boolean;
  /** A project schemas folder to use (over playmark's own) instead of the nearest `schemas/` above each pack. */
  readonly schemasDir?: string;
  /**
   * Schema registries (compiled validators) to reuse across runs, for a process that validates
   * again and again (the preview server). Keyed by schema roots; clear it when a schema changes.
   */
  readonly registries?: Map<string, SchemaRegistry>;
}

/**
 * Loads and checks packs: YAML, schemas, layers and every cross-record check. Never throws for bad
 * content; every problem is a diagnostic with a file, line and column.
 */
export function validate(paths: readonly string[], options: ValidateOptions = {}): ValidationResult {
  const report = new Report();
  const registries = options.registries ?? new Map<string, SchemaRegistry>();
  const reported = new Set<SchemaRegistry>();
  const registryFor = (dir: string): SchemaRegistry => {
    const roots = options.schemasDir ? [BUNDLED_SCHEMAS, path.resolve(options.schemasDir)] : findSchemaRoots(dir, BUNDLED_SCHEMAS);
    const key = roots.join('\n');
    let registry = registries.get(key);
    if (!registry) {
      registry = new SchemaRegistry(roots, { cacheDir: options.cacheDir ?? false });
      registries.set(key, registry);
    }
    // Broken schemas are reported on every run that uses them, a reused registry too.
    if (!reported.has(registry)) {
      reported.add(registry);
      for (const broken of registry.brokenSchemas()) {
        report.add(pending('pack/schema-invalid', registry.fileOf(broken.schema), `The schema ${broken.schema} cannot be used: ${broken.message}`));
      }
    }
    return registry;
  };

  // Parsed YAML kept beside the compiled validators, keyed by each file's exact text.
  const parsed = options.cacheDir && options.parseCache !== false ? new ParseCache(path.resolve(options.cacheDir)) : undefined;
  const packs: Pack[] = [];
  const summaries: PackSummary[] = [];
  const packIds = new Map<string, string>();
  for (const dir of discoverPacks(paths, report)) {
    const schemas = registryFor(dir);
    const loaded = loadPack(dir, schemas, report, parsed);
    if (!loaded) continue;
    const firstDir = packIds.get(loaded.id);
    if (firstDir !== undefined) {
      report.add(pending('pack/duplicate-pack', loaded.manifestFile, `The pack id "${loaded.id}" is used by ${displayPath(firstDir, options.cwd)} already.`, { path: ['id'] }));
      continue;
    }
    packIds.set(loaded.id, dir);
    const effective = applyLayers(loaded, schemas, report);
    const ctx = new LintContext(loaded.manifest, loaded.manifestFile, effective, report);
    for (const check of CHECKS) check(ctx);
    checkPrintables(loaded, report);
    const records = groupByKind(effective);
    const rules = collectRules(effective);
    packs.push({ id: loaded.id, dir, manifestFile: loaded.manifestFile, manifest: loaded.manifest, layers: loaded.layers, records, ...(loaded.printables ? { printables: loaded.printables } : {}) });
    summaries.push({
      id: loaded.id,
      title: loaded.manifest.title,
      dir,
      records: effective.length,
      layerEntries: loaded.layers.reduce((n, l) => n + l.entries.length, 0),
      coverage: ruleCoverage(rules),
      rules,
    });
  }
  for (const registry of registries.values()) registry.saveCache();
  parsed?.save();
  // A caller's registries are kept for its next run; our own are let go.
  if (options.registries === undefined) registries.clear();

  const diagnostics = locateAll(report.diagnostics, readTextOrUndefined, options.cwd).sort(compareDiagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { packs, summaries, diagnostics, errors, warnings: diagnostics.length - errors };
}

function groupByKind(records: readonly EffectiveRecord[]): Map<string, EffectiveRecord[]> {
  const out = new Map<string, EffectiveRecord[]>();
  for (const record of [...records].sort((a, b) => (a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind < b.kind ? -1 : 1))) {
    const list = out.get(record.kind);
    if (list) list.push(record);
    else out.set(record.kind, [record]);
  }
  return out;
}


/**
 * Where the CLI caches compiled validators: `$PLAYMARK_CACHE_DIR`, else `node_modules/.cache/playmark`
 * in the nearest folder above `cwd` that has a node_modules, else the system's temporary folder.
 */
export function defaultCacheDir(cwd: string): string {
  if (process.env.PLAYMARK_CACHE_DIR) return path.resolve(cwd, process.env.PLAYMARK_CACHE_DIR);
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'playmark');
    if (path.dirname(dir) === dir) return path.join(tmpdir(), 'playmark-cache');
  }
}

function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
