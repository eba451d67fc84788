import type { Ajv2020, CodeKeywordDefinition, ValidateFunction } from 'ajv/dist/2020.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { explain, type SchemaProblem } from './schema-errors.js';

/** Base URI the schemas are registered under, so relative `$ref`s resolve as they do in an editor. */
const BASE = 'https://playmark.local/schemas/';
const require = createRequire(import.meta.url);
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;

/**
 * Ajv's compiler, loaded on first need: with every validator cached on disk (the usual run), the
 * compiler is never needed, and loading it would cost more than validating a pack.
 */
let compiler:
  | {
      readonly ajv: typeof import('ajv/dist/2020.js');
      readonly codegen: typeof import('ajv/dist/compile/codegen/index.js');
      readonly names: typeof import('ajv/dist/compile/names.js').default;
      readonly standaloneCode: typeof import('ajv/dist/standalone/index.js').default;
    }
  | undefined;
function ajvCompiler(): NonNullable<typeof compiler> {
  // Ajv's modules are CommonJS with a `default` export.
  const unwrap = <T>(m: T | { default: T }): T => ((m as { default?: T }).default ?? (m as T));
  return (compiler ??= {
    ajv: require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js'),
    codegen: require('ajv/dist/compile/codegen/index.js') as typeof import('ajv/dist/compile/codegen/index.js'),
    names: unwrap(require('ajv/dist/compile/names.js')),
    standaloneCode: unwrap(require('ajv/dist/standalone/index.js')),
  });
}

/** A reference to another record, found by the `x-ref` keyword while validating. */
export interface FoundRef {
  readonly kinds: readonly string[];
  readonly id: string;
  /** JSON pointer to the reference in the record (turn into steps with `pointerToSteps`). */
  readonly pointer: string;
}


export interface SchemaLoadError {
  /** Schema path relative to the schemas folder. */
  readonly schema: string;
  readonly message: string;
}

export interface RecordValidation {
  readonly problems: SchemaProblem[];
  readonly refs: FoundRef[];
}

/** Where validators collect references while they run; see the `x-ref` keyword below. */
const SINK = '__playmarkRefSink';
type Sink = { [SINK]?: FoundRef[] };

/**
 * `x-ref` marks a property that holds another record's id. It never fails validation: the code it
 * generates pushes each reference found to a sink, so reference checks cost no second walk over
 * the data. It generates code (not a callback) so that compiled validators can be cached on disk.
 */
const xRefKeyword: CodeKeywordDefinition = {
  keyword: 'x-ref',
  schemaType: ['string', 'array'],
  code(cxt) {
    const { _, Name, stringify } = ajvCompiler().ajv;
    const { strConcat } = ajvCompiler().codegen;
    const names = ajvCompiler().names;
    const { gen, data, schema, it } = cxt;
    const kinds = Array.isArray(schema) ? schema : [schema];
    const pointer = strConcat(names.instancePath, it.errorPath);
    gen.if(_`typeof ${data} == "string" && globalThis.${new Name(SINK)}`, () =>
      gen.code(_`globalThis.${new Name(SINK)}.push({kinds: ${stringify(kinds)}, id: ${data}, pointer: ${pointer}})`),
    );
  },
};

function newAjv(explain: boolean): Ajv2020 {
  // The fast instance stops at the first error and keeps no schema copies in its errors; the
  // explaining one, built only when a file has problems, reports every error with its schema.
  const ajv = new (ajvCompiler().ajv.Ajv2020)({
    strict: true,
    allowUnionTypes: true,
    discriminator: true,
    allErrors: explain,
    verbose: explain,
    code: { source: !explain, lines: false },
  });
  ajv.addKeyword(xRefKeyword);
  return ajv;
}

export interface RegistryOptions {
  /** Folder to cache compiled validators in, keyed by the schemas' content; false for none. */
  readonly cacheDir?: string | false;
}

/**
 * Every schema under the given folders, for validating records. A record is first checked by a
 * fast validator (compiled once, cached on disk when a cache folder is given); only a record that
 * fails is checked again by a validator that explains every error.
 */
export class SchemaRegistry {
  private fastAjv: Ajv2020 | undefined;
  private explaining: Ajv2020 | undefined;
  private readonly compiled = new Map<string, ValidateFunction | SchemaLoadError>();
  private readonly explainers = new Map<string, ValidateFunction>();
  private readonly known = new Set<string>();
  private readonly broken = new Map<string, string>();
  private readonly files = new Map<string, string>();
  private readonly sources = new Map<string, object>();
  private cached: Record<string, ValidateFunction> | undefined;
  private saved = false;
  private readonly cacheFile: string | undefined;

  /**
   * @param roots schema folders, later ones overriding earlier ones path by path: playmark's own
   * schemas first, then a project's `schemas/`, which need hold only its own kinds.
   */
  constructor(
    readonly roots: readonly string[],
    options: RegistryOptions = {},
  ) {
    for (const root of roots) for (const rel of listSchemaFiles(root)) this.files.set(rel, path.join(root, rel));
    const hash = createHash('sha256').update(`playmark-validators-1\n${AJV_VERSION}\n`);
    for (const [rel, file] of [...this.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      try {
        const text = readFileSync(file, 'utf8');
        hash.update(`${rel}\n${text}\n`);
        this.sources.set(rel, JSON.parse(text) as object);
      } catch (error) {
        this.broken.set(rel, firstLine(error));
      }
    }
    if (options.cacheDir && this.broken.size === 0) {
      this.cacheFile = path.resolve(options.cacheDir, `validators-${hash.digest('hex').slice(0, 16)}.cjs`);
      this.cached = loadCached(this.cacheFile);
    }
    // With every validator cached, the schemas need not be checked and compiled at all.
    if (!this.cached) this.fast();
    for (const rel of this.sources.keys()) if (!this.broken.has(rel)) this.known.add(rel);
  }

  /** The compiling instance, built on first need; adding a schema checks it against the meta-schema. */
  private fast(): Ajv2020 {
    if (!this.fastAjv) {
      this.fastAjv = newAjv(false);
      for (const [rel, schema] of this.sources) {
        try {
          this.fastAjv.addSchema(schema, BASE + rel);
        } catch (error) {
          this.broken.set(rel, firstLine(error));
        }
      }
    }
    return this.fastAjv;
  }

  /** The file a schema path resolves to (for the editor comment), or where it would be. */
  fileOf(rel: string): string {
    return this.files.get(rel) ?? path.join(this.roots[this.roots.length - 1]!, rel);
  }

  has(rel: string): boolean {
    return this.known.has(rel) || this.broken.has(rel);
  }

  /** Problems with schema files themselves (bad JSON, not a JSON Schema). */
  brokenSchemas(): SchemaLoadError[] {
    return [...this.broken].map(([schema, message]) => ({ schema, message }));
  }

  /** The fast validator, or why it cannot be compiled. */
  validator(rel: string): ValidateFunction | SchemaLoadError {
    const done = this.compiled.get(rel);
    if (done) return done;
    let result: ValidateFunction | SchemaLoadError;
    const broken = this.broken.get(rel);
    if (broken) result = { schema: rel, message: broken };
    else if (this.cached?.[rel]) result = this.cached[rel]!;
    else {
      try {
        result = this.fast().getSchema(BASE + rel) ?? { schema: rel, message: 'schema not found' };
      } catch (error) {
        result = { schema: rel, message: firstLine(error) };
      }
    }
    this.compiled.set(rel, result);
    return result;
  }

  validate(rel: string, data: unknown): RecordValidation | SchemaLoadError {
    const validate = this.validator(rel);
    if (typeof validate !== 'function') return validate;
    const refs: FoundRef[] = [];
    const sink = globalThis as Sink;
    sink[SINK] = refs;
    try {
      if (validate(data)) return { problems: [], refs };
    } finally {
      sink[SINK] = undefined;
    }
    return { problems: explain(this.explainer(rel)(data) ? [] : (this.explainer(rel).errors ?? []), data), refs };
  }

  /**
   * Writes the compiled validators to the cache folder, if one was given and no usable cache was
   * found for these schemas (a damaged one is replaced). Compiles every schema once; a failure to
   * write is not an error.
   */
  saveCache(): void {
    // Once a registry has saved (or loaded) its validators, a registry reused by a long-running process saves nothing more.
    if (!this.cacheFile || this.cached || this.saved) return;
    try {
      const refs: Record<string, string> = {};
      for (const rel of this.known) {
        if (typeof this.validator(rel) !== 'function') return;
        refs[rel] = BASE + rel;
      }
      const code = ajvCompiler().standaloneCode(this.fast(), refs);
      mkdirSync(path.dirname(this.cacheFile), { recursive: true });
      const temp = `${this.cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, code);
      renameSync(temp, this.cacheFile);
      this.saved = true;
    } catch {
      // A read-only or full disk only costs the next run the compile time.
    }
  }

  private explainer(rel: string): ValidateFunction {
    let validate = this.explainers.get(rel);
    if (!validate) {
      if (!this.explaining) {
        this.explaining = newAjv(true);
        for (const [key, schema] of this.sources) if (!this.broken.has(key)) this.explaining.addSchema(schema, BASE + key);
      }
      validate = this.explaining.getSchema(BASE + rel)!;
      this.explainers.set(rel, validate);
    }
    return validate;
  }
}

function loadCached(file: string): Record<string, ValidateFunction> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return createRequire(import.meta.url)(file) as Record<string, ValidateFunction>;
  } catch {
    return undefined; // a damaged cache is ignored and written again
  }
}

function listSchemaFiles(root: string, sub = ''): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(root, sub), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listSchemaFiles(root, rel));
    else if (e.name.endsWith('.schema.json')) out.push(rel);
  }
  return out;
}


function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? 'unknown error';
}
