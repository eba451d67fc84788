import type { Ajv2020, CodeKeywordDefinition, ValidateFunction } from 'ajv/dist/2020.js';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { confine } from './confine.js';
import { pointerToSteps } from './pointer-steps.js';
import { explain, type SchemaProblem } from './schema-errors.js';
import { tablePlacesOf, type TablePlace } from './table-places.js';

/** Base URI the schemas are registered under, so relative `$ref`s resolve as they do in an editor. */
const BASE = 'https://playmark.local/schemas/';
/**
 * Where a project's schema finds playmark's own as an editor does once playmark is installed
 * (`../../node_modules/playmark/schemas/common/defs.schema.json` from `schemas/<pack>/`): the same
 * folder seen from the project root, so that form and the older `../common/...` name one schema.
 */
const INSTALLED = 'https://playmark.local/node_modules/playmark/schemas/';
const require = createRequire(import.meta.url);

// Compiled validators live in memory only, never on disk (issue 19). A validator cached on disk is
// code, and `require()`ing it runs whatever a second party wrote there (a shared temp folder, or a
// downloaded project's node_modules/.cache). Measured before dropping the disk cache, `playmark
// validate` of the three shipped packs took the same time either way (21 alternating runs each:
// median 1569 ms on disk vs 1577 ms in memory, CPU 1400 vs 1370 ms, on a busy 2-core machine):
// requiring an 800 KB validator module costs about what compiling the schemas a run uses does.
let compiler:
  | {
      readonly ajv: typeof import('ajv/dist/2020.js');
      readonly codegen: typeof import('ajv/dist/compile/codegen/index.js');
      readonly names: typeof import('ajv/dist/compile/names.js').default;
    }
  | undefined;
function ajvCompiler(): NonNullable<typeof compiler> {
  // Ajv's modules are CommonJS with a `default` export.
  const unwrap = <T>(m: T | { default: T }): T => (m as { default?: T }).default ?? (m as T);
  return (compiler ??= {
    ajv: require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js'),
    codegen: require('ajv/dist/compile/codegen/index.js') as typeof import('ajv/dist/compile/codegen/index.js'),
    names: unwrap(require('ajv/dist/compile/names.js')),
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
 * the data.
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
    code: { lines: false },
  });
  ajv.addKeyword(xRefKeyword);
  return ajv;
}

/**
 * Every schema under the given folders, for validating records. A record is first checked by a
 * fast validator (compiled on first use, kept in memory); only a record that fails is checked
 * again by a validator that explains every error.
 */
export class SchemaRegistry {
  private fastAjv: Ajv2020 | undefined;
  private explaining: Ajv2020 | undefined;
  private readonly compiled = new Map<string, ValidateFunction | SchemaLoadError>();
  private readonly explainers = new Map<string, ValidateFunction>();
  private readonly known = new Set<string>();
  private readonly broken = new Map<string, string>();
  private readonly files = new Map<string, string>();
  /** Schema files that lead outside their folder (a symlink), and why: refused unread. */
  private readonly outside = new Map<string, string>();
  private readonly sources = new Map<string, object>();
  /** Schemas from playmark's own folder (the first root), also registered under `INSTALLED`. */
  private readonly playmarks = new Set<string>();

  /**
   * @param roots schema folders, later ones overriding earlier ones path by path: playmark's own
   * schemas first, then a project's `schemas/`, which need hold only its own kinds.
   */
  constructor(readonly roots: readonly string[]) {
    const rootOf = new Map<string, string>();
    for (const root of roots) {
      for (const rel of listSchemaFiles(root)) {
        this.files.set(rel, path.join(root, rel));
        rootOf.set(rel, root);
      }
    }
    for (const [rel, file] of [...this.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // A schema linked to a file outside its folder is never read: its parse error would quote it.
      const inside = confine(file, [rootOf.get(rel)!]);
      if (!inside.ok) {
        this.outside.set(rel, inside.why);
        continue;
      }
      try {
        this.sources.set(rel, JSON.parse(readFileSync(file, 'utf8')) as object);
        if (rootOf.get(rel) === roots[0]) this.playmarks.add(rel);
      } catch (error) {
        this.broken.set(rel, firstLine(error));
      }
    }
    // Adding the schemas checks each against the meta-schema, so a broken one is known at once.
    this.fast();
    for (const rel of this.sources.keys()) if (!this.broken.has(rel)) this.known.add(rel);
  }

  /** The compiling instance, built on first need; adding a schema checks it against the meta-schema. */
  private fast(): Ajv2020 {
    if (!this.fastAjv) {
      this.fastAjv = newAjv(false);
      for (const [rel, schema] of this.sources) {
        try {
          this.add(this.fastAjv, rel, schema);
        } catch (error) {
          this.broken.set(rel, firstLine(error));
        }
      }
    }
    return this.fastAjv;
  }

  /** Registers a schema; one of playmark's also under its installed path (the same compiled schema). */
  private add(ajv: Ajv2020, rel: string, schema: object): void {
    ajv.addSchema(schema, BASE + rel);
    if (this.playmarks.has(rel)) ajv.addSchema(schema, INSTALLED + rel);
  }

  /** Where each kind's records hold generic tables, by kind (kinds with none left out). */
  tablePlaces(kinds: Readonly<Record<string, { readonly schema: string }>>): Record<string, TablePlace[]> {
    const out: Record<string, TablePlace[]> = {};
    for (const [kind, k] of Object.entries(kinds)) {
      const places = tablePlacesOf(k.schema, (rel) => this.sources.get(rel));
      if (places.length > 0) out[kind] = places;
    }
    return out;
  }

  /** The file a schema path resolves to (for the editor comment), or where it would be. */
  fileOf(rel: string): string {
    return this.files.get(rel) ?? path.join(this.roots[this.roots.length - 1]!, rel);
  }

  has(rel: string): boolean {
    return this.known.has(rel) || this.broken.has(rel);
  }

  /** Problems with schema files themselves (bad JSON, not a JSON Schema). */
  /** Schema files refused because their real path lies outside their schemas folder. */
  outsideSchemas(): SchemaLoadError[] {
    return [...this.outside].map(([schema, message]) => ({ schema, message }));
  }

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
    // The explaining run goes on past the first error, so it finds every reference; those whose own
    // values break the schema are left out, and the others are checked beside the schema errors.
    const explainer = this.explainer(rel);
    const all: FoundRef[] = [];
    sink[SINK] = all;
    let valid: boolean;
    try {
      valid = explainer(data) as boolean;
    } finally {
      sink[SINK] = undefined;
    }
    const problems = explain(valid ? [] : (explainer.errors ?? []), data);
    return { problems, refs: usableRefs(all, problems) };
  }

  private explainer(rel: string): ValidateFunction {
    let validate = this.explainers.get(rel);
    if (!validate) {
      if (!this.explaining) {
        this.explaining = newAjv(true);
        for (const [key, schema] of this.sources) if (!this.broken.has(key)) this.add(this.explaining, key, schema);
      }
      validate = this.explaining.getSchema(BASE + rel)!;
      this.explainers.set(rel, validate);
    }
    return validate;
  }
}

/**
 * The references of a record with schema problems whose own values are valid: none at or under a
 * problem's place (a `required` problem says nothing of the values beside it), each once.
 */
function usableRefs(refs: readonly FoundRef[], problems: readonly SchemaProblem[]): FoundRef[] {
  const broken = problems.filter((p) => p.code !== 'schema/required').map((p) => p.path);
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = `${ref.pointer} ${ref.id} ${ref.kinds.join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const steps = pointerToSteps(ref.pointer);
    return !broken.some((path) => path.length <= steps.length && path.every((step, i) => step === steps[i]));
  });
}

function listSchemaFiles(root: string, sub = ''): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(root, sub), { withFileTypes: true });
  } catch {
    return []; // no such folder: no schemas in it
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
