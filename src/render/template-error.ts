// A Handlebars error while a template renders, as the author's diagnostic: a syntax error, a field
// the context lacks (strict mode), a helper or partial playmark does not have. Handlebars gives a
// line and column and a bare name ("nmae" not defined in [object Object]); the template's parse
// tree gives the whole path at that place, and the context the keys to suggest.
import { CODES, type DiagnosticCode } from '../content/codes.js';
import { displayPath } from '../content/locate.js';
import { didYouMean } from '../content/suggest.js';
import type { TemplateSyntaxError } from '../content/template-syntax.js';
import { HelperArgumentError, TemplateError } from './render-error.js';

/** A template as it was read: its file, its text and its parse tree. */
export interface TemplateSource {
  readonly file: string;
  readonly text: string;
  readonly ast: hbs.AST.Program;
}

/** What the environment has, for suggestions. */
export interface TemplateNames {
  readonly helpers: readonly string[];
  readonly partials: readonly string[];
}

export function templateError(
  code: DiagnosticCode,
  file: string,
  text: string,
  at: { line: number; column: number },
  message: string,
  hint?: string,
): TemplateError {
  const line = text.split('\n')[at.line - 1] ?? '';
  return new TemplateError({
    code,
    severity: CODES[code].severity,
    message,
    hint: hint ?? CODES[code].hint,
    file: displayPath(file),
    line: at.line,
    column: at.column,
    sourceLine: line.replace(/\r$/, ''),
  });
}

export function syntaxTemplateError(file: string, text: string, error: TemplateSyntaxError): TemplateError {
  return templateError('template/syntax', file, text, error, error.message, error.hint);
}

/** The author's mistake in `error`, thrown while `source` rendered `context`; undefined when it is not one (a bug in playmark). */
export function fromRenderError(error: unknown, source: TemplateSource, context: unknown, names: TemplateNames): TemplateError | undefined {
  if (error instanceof TemplateError) return error;
  if (error instanceof HelperArgumentError) {
    return templateError('template/helper-argument', source.file, source.text, error.at ?? { line: 1, column: 1 }, error.message, error.hint);
  }
  const e = error as { message?: unknown; lineNumber?: unknown; column?: unknown };
  const said = typeof e?.message === 'string' ? e.message : '';
  const partial = /^The partial (.+) could not be found$/.exec(said);
  if (partial) {
    const name = partial[1]!;
    const node = findNode(source.ast, (n) => (n.type === 'PartialStatement' || n.type === 'PartialBlockStatement') && nameOf(n.name) === name);
    const near = didYouMean(name, names.partials);
    return templateError(
      'template/unknown-partial',
      source.file,
      source.text,
      place(node),
      `The template includes the partial "${name}", which is neither in the project's templates/partials/ nor in playmark's.`,
      `${near ? `${near} ` : ''}A partial is templates/partials/<name>.hbs; there are: ${names.partials.join(', ') || '(none)'}.`,
    );
  }
  const missing = /^"(.+)" not defined in /.exec(said);
  if (!missing || typeof e.lineNumber !== 'number' || typeof e.column !== 'number') return undefined;
  const line = e.lineNumber;
  const column0 = e.column;
  const at = { line, column: column0 + 1 };
  const found = pathAt(source.ast, line, column0, context);
  if (found?.call && found.path.parts.length === 1 && !found.path.data) {
    const name = found.path.parts[0]!;
    const helpers = names.helpers.filter((h) => !INTERNAL_HELPERS.has(h));
    const near = didYouMean(name, helpers);
    return templateError(
      'template/unknown-helper',
      source.file,
      source.text,
      at,
      `The template calls the helper "${name}", which playmark does not have.`,
      `${near ? `${near} ` : ''}Helpers: ${helpers.sort().join(', ')} (docs/printables.md says what each does).`,
    );
  }
  // A helper's argument is checked as a plain mustache is (strict-arguments.ts), and said as such.
  const shown = !found
    ? `shows {{${missing[1]!}}}`
    : found.argumentOf
      ? `gives ${found.path.original} to ${found.argumentOf}`
      : `shows {{${found.path.original}}}`;
  const gap = found ? lookup(found) : undefined;
  if (gap && gap.holder !== null && typeof gap.holder === 'object') {
    const keys = Object.keys(gap.holder);
    const owner = gap.through.length ? `"${gap.through.join('.')}"` : 'the context here';
    const near = didYouMean(gap.missing, keys);
    return templateError(
      'template/unknown-field',
      source.file,
      source.text,
      at,
      `The template ${shown}, but ${owner} has no field "${gap.missing}".`,
      `${near ? `${near} ` : ''}Fields of ${owner}: ${listed(keys)}.`,
    );
  }
  if (gap) {
    const owner = gap.through.join('.');
    return templateError(
      'template/unknown-field',
      source.file,
      source.text,
      at,
      `The template ${shown}, but "${owner}" is ${gap.holder === null ? 'null' : typeof gap.holder} here, so it has no field "${gap.missing}".`,
      `Show it only when it is set: {{#if ${owner}}}...{{/if}}.`,
    );
  }
  const near = didYouMean(missing[1]!, keysWithin(context));
  return templateError(
    'template/unknown-field',
    source.file,
    source.text,
    at,
    `The template ${shown}, but "${missing[1]}" is not defined there.`,
    `${near ? `${near} ` : ''}Check the name against what the context gives (docs/printables.md).`,
  );
}

/** Handlebars' own helpers that no template calls by name. */
const INTERNAL_HELPERS = new Set(['helperMissing', 'blockHelperMissing']);

function listed(keys: readonly string[]): string {
  return keys.length > 24 ? `${keys.slice(0, 24).join(', ')}, ...` : keys.join(', ') || '(none)';
}

type Node = { type: string; loc?: hbs.AST.SourceLocation } & Record<string, unknown>;

function place(node: Node | undefined): { line: number; column: number } {
  return node?.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : { line: 1, column: 1 };
}

function nameOf(node: unknown): string | undefined {
  const n = node as { original?: unknown } | undefined;
  return typeof n?.original === 'string' ? n.original : undefined;
}

/** The first node (in document order) that `test` accepts. */
function findNode(ast: hbs.AST.Program, test: (node: Node) => boolean): Node | undefined {
  let out: Node | undefined;
  const visit = (value: unknown): void => {
    if (out || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Node;
    if (typeof node.type === 'string' && test(node)) {
      out = node;
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'strip') visit(child);
  };
  visit(ast);
  return out;
}

interface FoundPath {
  readonly path: hbs.AST.PathExpression;
  /** The contexts around the path, innermost last (each `{{#each}}` or `{{#with}}` enters one: its first item). */
  readonly stack: readonly unknown[];
  readonly blockParams: ReadonlyMap<string, unknown>;
  /** The path is called as a helper: a block's name, or a mustache's name with arguments. */
  readonly call: boolean;
  /** What the path is an argument of (`the helper "show"`, `the partial "footer"`), when it is one. */
  readonly argumentOf?: string;
}

/** The path expression starting at line and (0-based) column, with the context it is looked up in, as near as it can be told. */
function pathAt(ast: hbs.AST.Program, line: number, column: number, root: unknown): FoundPath | undefined {
  let found: FoundPath | undefined;
  const isAt = (node: unknown) => {
    const loc = (node as Node | undefined)?.loc;
    return (node as Node | undefined)?.type === 'PathExpression' && loc?.start.line === line && loc.start.column === column;
  };
  const visit = (value: unknown, stack: readonly unknown[], params: ReadonlyMap<string, unknown>, argumentOf?: string): void => {
    if (found || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, stack, params, argumentOf));
    const node = value as Node;
    if (node.type === 'MustacheStatement' || node.type === 'BlockStatement' || node.type === 'SubExpression') {
      const args = (node.params as unknown[] | undefined) ?? [];
      const hash = node.hash as { pairs?: unknown[] } | undefined;
      if (isAt(node.path)) {
        found = {
          path: node.path as hbs.AST.PathExpression,
          stack,
          blockParams: params,
          call: node.type !== 'MustacheStatement' || args.length > 0 || (hash?.pairs?.length ?? 0) > 0,
        };
        return;
      }
      const callee = nameOf(node.path);
      visit(args, stack, params, callee === undefined ? undefined : `the helper "${callee}"`);
      visit(hash, stack, params, callee === undefined ? undefined : `the helper "${callee}"`);
      if (node.type === 'BlockStatement') {
        const inner = blockContext(node, stack, params);
        const program = node.program as { blockParams?: string[] } | undefined;
        const named = new Map(params);
        if (program?.blockParams?.[0] !== undefined) named.set(program.blockParams[0], inner.value);
        visit(node.program, inner.changes ? [...stack, inner.value] : stack, named);
        visit(node.inverse, stack, params);
      }
      return;
    }
    if (isAt(node)) {
      // Cast: isAt checked the node is a path (Handlebars' AST types are not a discriminated union).
      found = { path: node as unknown as hbs.AST.PathExpression, stack, blockParams: params, call: false, ...(argumentOf ? { argumentOf } : {}) };
      return;
    }
    if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') {
      const name = nameOf(node.name);
      visit([node.params, node.hash], stack, params, name === undefined ? undefined : `the partial "${name}"`);
      visit(node.program, stack, params);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'strip') visit(child, stack, params, argumentOf);
  };
  visit(ast, [root], new Map());
  return found;
}

/** The context inside a block: `each` its first item, `with` its value; other helpers keep the context. */
function blockContext(node: Node, stack: readonly unknown[], params: ReadonlyMap<string, unknown>): { changes: boolean; value: unknown } {
  const helper = (node.path as hbs.AST.PathExpression).original;
  if (helper !== 'each' && helper !== 'with') return { changes: false, value: undefined };
  const arg = (node.params as unknown[])[0] as Node | undefined;
  let value: unknown;
  if (arg?.type === 'PathExpression') {
    // Cast: `type === 'PathExpression'` is the check (Handlebars' AST types are not a discriminated union).
    const path = arg as unknown as hbs.AST.PathExpression;
    const start = startOf(path, stack, params);
    value =
      start &&
      path.parts
        .slice(start.skip)
        .reduce<unknown>((obj, part) => (obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>)[part] : undefined), start.value);
  }
  if (helper === 'each') value = Array.isArray(value) ? value[0] : value !== null && typeof value === 'object' ? Object.values(value)[0] : undefined;
  return { changes: true, value };
}

/** Where a path's lookup starts: `@root`, a block parameter, or the context `depth` levels up. */
function startOf(path: hbs.AST.PathExpression, stack: readonly unknown[], params: ReadonlyMap<string, unknown>): { value: unknown; skip: number } | undefined {
  if (path.data) return path.parts[0] === 'root' ? { value: stack[0], skip: 1 } : undefined;
  if (path.depth === 0 && path.parts.length > 0 && params.has(path.parts[0]!)) return { value: params.get(path.parts[0]!), skip: 1 };
  return { value: stack[Math.max(0, stack.length - 1 - path.depth)], skip: 0 };
}

/** The first part of the path its context lacks, and what lacks it; undefined when the whole path is there (the guessed context was not the real one). */
function lookup(found: FoundPath): { holder: unknown; missing: string; through: string[] } | undefined {
  const start = startOf(found.path, found.stack, found.blockParams);
  if (!start) return undefined;
  const parts = found.path.parts;
  const through = parts.slice(0, start.skip);
  let obj = start.value;
  for (const part of parts.slice(start.skip)) {
    if (obj === null || typeof obj !== 'object' || !(part in obj))
      return through.length === 0 && (obj === null || typeof obj !== 'object') ? undefined : { holder: obj, missing: part, through };
    obj = (obj as Record<string, unknown>)[part];
    through.push(part);
  }
  return undefined;
}

/** Every key of the objects in a context, a few levels deep (bounded), for a suggestion when the place of a name cannot be told. */
function keysWithin(context: unknown): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (keys.size > 2000 || depth > 4 || value === null || typeof value !== 'object') return;
    const entries = Array.isArray(value) ? value.slice(0, 3).map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) {
      if (!Array.isArray(value)) keys.add(k);
      visit(v, depth + 1);
    }
  };
  visit(context, 0);
  return [...keys];
}
