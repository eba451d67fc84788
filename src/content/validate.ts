import type { GameDecl } from './game-module.js';
import path from 'node:path';
import { isInside, realPathOf } from './confine.js';
import { compareDiagnostics, pending, type Diagnostic } from './diagnostic.js';
import { applyLayers } from './layers.js';
import { CHECKS, LintContext } from './lint/index.js';
import { discoverPacks, findSchemaRoots, loadPack, Report } from './load.js';
import { displayPath, locateAll } from './locate.js';
import type { EffectiveRecord, Pack } from './model.js';
import { packageRoot } from './package-root.js';
import { ParseCache } from './parse-cache.js';
import { contentRoots, readContentFile } from './read-content.js';
import { checkPrintables } from './printables.js';
import { collectRules, ruleCoverage, type RuleCoverage, type RuleInfo } from './rules.js';
import { SchemaRegistry } from './schemas.js';
import { userCacheDir } from './user-cache.js';

/** playmark's own schemas, used for packs with no `schemas/` folder above them. */
export const BUNDLED_SCHEMAS = path.join(packageRoot(), 'schemas');

export interface PackSummary {
  readonly id: string;
  readonly title: string;
  readonly dir: string;
  /** The module that plays the pack (pack.yaml's `game`), when it names one. */
  readonly game?: GameDecl;
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
   * Folder to cache parsed YAML in (see `defaultCacheDir`), keyed by each file's exact text, so
   * later runs skip parsing unchanged files. Used only when this user owns it and no one else can
   * write to it (user-cache.ts). Off by default. Compiled validators are never cached on disk.
   */
  readonly cacheDir?: string | false;
  /**
   * Keep parsed YAML in `cacheDir` (default true when there is a cache folder). Off: every file is
   * parsed (the benchmark measures both).
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
      registry = new SchemaRegistry(roots);
      registries.set(key, registry);
    }
    // Broken schemas are reported on every run that uses them, a reused registry too.
    if (!reported.has(registry)) {
      reported.add(registry);
      for (const outside of registry.outsideSchemas()) {
        report.add(pending('file/outside-project', registry.fileOf(outside.schema), `The schema ${outside.schema} is not read: ${outside.message}.`));
      }
      for (const broken of registry.brokenSchemas()) {
        report.add(pending('pack/schema-invalid', registry.fileOf(broken.schema), `The schema ${broken.schema} cannot be used: ${broken.message}`));
      }
    }
    return registry;
  };

  // Parsed YAML kept in the user's cache folder, keyed by each file's exact text.
  const parsed = options.cacheDir && options.parseCache !== false ? new ParseCache(path.resolve(options.cacheDir)) : undefined;
  const packs: Pack[] = [];
  /** Where a diagnostic's file may be read to show its line: the packs' projects and their schemas (real paths). */
  const readable = new Set<string>();
  const summaries: PackSummary[] = [];
  const packIds = new Map<string, string>();
  for (const dir of discoverPacks(paths, report)) {
    const schemas = registryFor(dir);
    for (const root of [...contentRoots(dir), ...schemas.roots.map(realPathOf)]) readable.add(root);
    const loaded = loadPack(dir, schemas, report, parsed);
    if (!loaded) continue;
    const firstDir = packIds.get(loaded.id);
    if (firstDir !== undefined) {
      report.add(
        pending('pack/duplicate-pack', loaded.manifestFile, `The pack id "${loaded.id}" is used by ${displayPath(firstDir, options.cwd)} already.`, {
          path: ['id'],
        }),
      );
      continue;
    }
    packIds.set(loaded.id, dir);
    const effective = applyLayers(loaded, schemas, report);
    const tables = schemas.tablePlaces(loaded.manifest.kinds);
    const ctx = new LintContext(loaded.manifest, loaded.manifestFile, effective, report, tables, loaded.layers);
    for (const check of CHECKS) check(ctx);
    checkPrintables(loaded, report, schemas);
    const records = groupByKind(effective);
    const rules = collectRules(effective);
    packs.push({
      id: loaded.id,
      dir,
      manifestFile: loaded.manifestFile,
      manifest: loaded.manifest,
      layers: loaded.layers,
      records,
      tables,
      ...(loaded.printables ? { printables: loaded.printables } : {}),
    });
    summaries.push({
      id: loaded.id,
      title: loaded.manifest.title,
      dir,
      ...(loaded.manifest.game ? { game: loaded.manifest.game } : {}),
      records: effective.length,
      layerEntries: loaded.layers.reduce((n, l) => n + l.entries.length, 0),
      coverage: ruleCoverage(rules),
      rules,
    });
  }
  parsed?.save();
  // A caller's registries are kept for its next run; our own are let go.
  if (options.registries === undefined) registries.clear();

  // A file refused unread (outside the project, too large, not a plain file) is not read to place its
  // diagnostic either, nor is any file outside the packs' projects (a link in layers/ to /etc/passwd).
  const readText = (file: string): string | undefined => {
    if (report.unread.has(file)) return undefined;
    const real = realPathOf(file);
    return [...readable].some((root) => isInside(real, root)) ? readTextOrUndefined(real) : undefined;
  };
  const diagnostics = locateAll(report.diagnostics, readText, options.cwd).sort(compareDiagnostics);
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
 * Where the CLI caches parsed YAML: the user's own folder, `$PLAYMARK_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/playmark`, else `~/.cache/playmark` (false when there is no home folder). Never
 * a shared temporary folder and never inside the project (`cwd` only resolves a relative
 * `$PLAYMARK_CACHE_DIR`): a downloaded project's node_modules/.cache is not read.
 */
export function defaultCacheDir(cwd: string): string | false {
  return userCacheDir(cwd);
}

/** A file's text, to show a diagnostic's line: only a plain file of a bounded size, never waiting on a pipe. */
function readTextOrUndefined(file: string): string | undefined {
  const read = readContentFile(file);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}
