import { _, Ajv2020, Name, stringify, type CodeKeywordDefinition, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { strConcat } from 'ajv/dist/compile/codegen/index.js';
import namesModule from 'ajv/dist/compile/names.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { closest } from 'fastest-levenshtein';
import type { DiagnosticCode } from './codes.js';
import type { PathStep } from './diagnostic.js';

/** Base URI the schemas are registered under, so relative `$ref`s resolve as they do in an editor. */
const BASE = 'https://playmark.local/schemas/';
// Ajv's internals are CommonJS with a `default` export; Node puts it under `.default`, bundlers
// (vitest) may already unwrap it.
const names = (namesModule as unknown as { default?: typeof namesModule.default }).default ?? (namesModule as unknown as typeof namesModule.default);
const standaloneCode =
  (standaloneModule as unknown as { default?: typeof standaloneModule.default }).default ?? (standaloneModule as unknown as typeof standaloneModule.default);
const AJV_VERSION = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;

/** A reference to another record, found by the `x-ref` keyword while validating. */
export interface FoundRef {
  readonly kinds: readonly string[];
  readonly id: string;
  /** JSON pointer to the reference in the record (turn into steps with `pointerToSteps`). */
  readonly pointer: string;
}

export interface SchemaProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
  readonly path: readonly PathStep[];
  readonly atKey: boolean;
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
  const ajv = new Ajv2020({
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
      this.cacheFile = path.join(options.cacheDir, `validators-${hash.digest('hex').slice(0, 16)}.cjs`);
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
    if (!this.cacheFile || this.cached) return;
    try {
      const refs: Record<string, string> = {};
      for (const rel of this.known) {
        if (typeof this.validator(rel) !== 'function') return;
        refs[rel] = BASE + rel;
      }
      const code = standaloneCode(this.fast(), refs);
      mkdirSync(path.dirname(this.cacheFile), { recursive: true });
      const temp = `${this.cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, code);
      renameSync(temp, this.cacheFile);
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

export function pointerToSteps(pointer: string): PathStep[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? 'unknown error';
}

/** Turns Ajv's errors into plain-words problems, one per real mistake. */
export function explain(errors: readonly ErrorObject[], data: unknown): SchemaProblem[] {
  // A failed oneOf/anyOf reports every branch's errors too; keep only the summary.
  const variantPaths = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.schemaPath + '/');
  // A tagged object without its tag reports both `required` and `discriminator`; keep the latter.
  const tagged = new Set(errors.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath}|${String((e.params as { tag?: string }).tag)}`));
  const kept = errors.filter(
    (e) =>
      !variantPaths.some((p) => e.schemaPath.startsWith(p)) &&
      // `propertyNames` repeats the error already reported for the key itself.
      e.keyword !== 'propertyNames' &&
      !(e.keyword === 'required' && tagged.has(`${e.instancePath}|${String((e.params as { missingProperty?: string }).missingProperty)}`)),
  );
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const e of kept) {
    const problem = explainOne(e, data);
    const key = `${problem.code}|${problem.path.join('/')}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function explainOne(e: ErrorObject, _data: unknown): SchemaProblem {
  if (e.propertyName !== undefined) {
    // An error about a mapping key (`propertyNames`): point at the key and say it is a key.
    const parent = e.instancePath === '' ? 'the record' : `\`${e.instancePath.slice(1).replace(/\//g, '.')}\``;
    const description = (e.parentSchema as { description?: string } | undefined)?.description;
    return {
      code: e.keyword === 'pattern' ? 'schema/pattern' : 'schema/other',
      message: `The key "${e.propertyName}" in ${parent} ${e.keyword === 'pattern' ? `does not have the required form (${String((e.params as { pattern?: string }).pattern)})` : (e.message ?? 'is not allowed')}.`,
      hint: description,
      path: [...pointerToSteps(e.instancePath), e.propertyName],
      atKey: true,
    } as SchemaProblem;
  }
  const path = pointerToSteps(e.instancePath);
  const where = e.instancePath === '' ? 'The record' : `\`${e.instancePath.slice(1).replace(/\//g, '.')}\``;
  const description = (e.parentSchema as { description?: string } | undefined)?.description;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const propDesc = (e.parentSchema as { properties?: Record<string, { description?: string }> } | undefined)?.properties?.[name]?.description;
      return { code: 'schema/required', message: `${where} is missing the required property "${name}".`, hint: propDesc ? `Add "${name}": ${propDesc}` : undefined, path, atKey: false } as SchemaProblem;
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const near = allowed.length ? closest(name, allowed) : undefined;
      const hint = allowed.length
        ? `${near ? `Did you mean "${near}"? ` : ''}Allowed here: ${allowed.join(', ')}.`
        : 'No further properties are allowed here.';
      return { code: 'schema/additional-property', message: `Unknown property "${name}" in ${where === 'The record' ? 'the record' : where}.`, hint, path: [...path, name], atKey: true };
    }
    case 'type':
      return { code: 'schema/type', message: `${where} must be ${article(String(params.type))}, not ${describeValue(e.data)}.`, hint: description, path, atKey: false } as SchemaProblem;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const near = typeof e.data === 'string' ? closest(e.data, (params.allowedValues as unknown[]).map(String)) : undefined;
      return {
        code: 'schema/enum',
        message: `${where} is ${describeValue(e.data)}; allowed values: ${allowed.join(', ')}.`,
        hint: near ? `Did you mean "${near}"?` : undefined,
        path,
        atKey: false,
      } as SchemaProblem;
    }
    case 'const':
      return { code: 'schema/const', message: `${where} must be ${JSON.stringify(params.allowedValue)}, not ${describeValue(e.data)}.`, path, atKey: false };
    case 'pattern':
      return {
        code: 'schema/pattern',
        message: `${where} is ${describeValue(e.data)}, which does not have the required form (${String(params.pattern)}).`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { code: 'schema/range', message: `${where} is ${describeValue(e.data)}; it must be ${String(params.comparison)} ${String(params.limit)}.`, hint: description, path, atKey: false } as SchemaProblem;
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties': {
      const what = e.keyword.endsWith('Items') ? 'items' : e.keyword.endsWith('Length') ? 'characters' : 'properties';
      const bound = e.keyword.startsWith('min') ? 'at least' : 'at most';
      return { code: 'schema/size', message: `${where} must have ${bound} ${String(params.limit)} ${what}.`, hint: description, path, atKey: false } as SchemaProblem;
    }
    case 'uniqueItems':
      return { code: 'schema/unique', message: `${where} repeats an item (items ${String(params.j)} and ${String(params.i)} are equal).`, path: [...path, Number(params.i)], atKey: false };
    case 'oneOf':
    case 'anyOf':
      return { code: 'schema/variant', message: `${where} is ${describeValue(e.data)}, which matches ${params.passingSchemas ? 'more than one' : 'none'} of the allowed shapes.`, hint: description, path, atKey: false } as SchemaProblem;
    case 'discriminator': {
      const variants = ((e.parentSchema as { oneOf?: { properties?: { kind?: { const?: string } } }[] } | undefined)?.oneOf ?? [])
        .map((s) => s.properties?.kind?.const)
        .filter((k): k is string => typeof k === 'string');
      const tagValue = params.tagValue;
      if (params.error === 'mapping' && typeof tagValue === 'string') {
        const near = variants.length ? closest(tagValue, variants) : undefined;
        return {
          code: 'schema/kind',
          message: `Unknown ${String(params.tag)} "${tagValue}"; allowed: ${variants.join(', ')}.`,
          hint: near ? `Did you mean "${near}"?` : undefined,
          path: [...path, String(params.tag)],
          atKey: false,
        } as SchemaProblem;
      }
      return { code: 'schema/kind', message: `${where} needs a "${String(params.tag)}" naming one of: ${variants.join(', ')}.`, path, atKey: false };
    }
    default:
      return { code: 'schema/other', message: `${where} ${e.message ?? 'is invalid'}.`, hint: description, path, atKey: false } as SchemaProblem;
  }
}

function article(type: string): string {
  return type
    .split(',')
    .map((t) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value.length > 40 ? value.slice(0, 37) + '...' : value}"`;
  return `${typeof value} ${String(value)}`;
}
