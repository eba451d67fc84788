// Strict mode for a helper's arguments too. Handlebars' strict mode checks the path of a plain
// mustache ({{record.cst}} is an error when the record has no `cst`), but passes a helper's
// arguments unchecked, so {{show record.cst}} printed a dash for a misspelt field, silently. Here
// each argument path is marked strict as Handlebars marks a mustache's own path, so it gets the
// very same check (the last name must be a field of what holds it) and the same error, which
// template-error.ts turns into template/unknown-field at the argument.
//
// The check itself is made safe to run (strictCompiler): a missing field halfway down a path
// (`record.cst.x.y`) or a string's `length` made Handlebars throw a TypeError with no place in
// the template (a crash); now the first is the same error at the path, the second reads.
//
// A value tested only for being there may be absent, as {{#if record.note}} lets an optional field
// be: the arguments of `#if`, `#unless`, `#each` and `#with` (and the truth tests `and`, `or` and
// `not` inside them) stay unchecked. Any other use (shown, compared, computed, looked up, passed on
// to a helper or partial) needs the field, as a plain mustache does.

/** Blocks whose argument asks whether a value is there (or what it holds, for `each` and `with`). */
const GUARDS = new Set(['if', 'unless', 'each', 'with']);
/** Truth tests: inside a guard's argument, their own arguments are tested only for truth too. */
const TRUTH_TESTS = new Set(['and', 'or', 'not']);

type Node = { type: string } & Record<string, unknown>;

/** Marks, in place, the path of every argument in `ast` that must exist, and returns `ast`. */
export function strictArguments(ast: hbs.AST.Program): hbs.AST.Program {
  visit(ast);
  return ast;
}

function visit(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach(visit);
  const node = value as Node;
  if (isCall(node)) {
    const guard = node.type === 'BlockStatement' && GUARDS.has(calleeName(node) ?? '');
    for (const arg of argumentsOf(node)) argument(arg, guard);
  }
  for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'strip' && key !== 'params' && key !== 'hash') visit(child);
}

/** An argument: its path marked strict unless only its truth is asked; a sub-expression's own arguments in turn. */
function argument(arg: Node, truthOnly: boolean): void {
  if (arg.type === 'PathExpression') {
    // Cast: Handlebars' AST types do not declare the `strict` flag its compiler reads.
    if (!truthOnly) (arg as unknown as { strict: boolean }).strict = true;
    return;
  }
  if (arg.type === 'SubExpression') {
    const inner = truthOnly && TRUTH_TESTS.has(calleeName(arg) ?? '');
    for (const a of argumentsOf(arg)) argument(a, inner);
  }
}

function isCall(node: Node): boolean {
  return (
    node.type === 'MustacheStatement' ||
    node.type === 'BlockStatement' ||
    node.type === 'SubExpression' ||
    node.type === 'PartialStatement' ||
    node.type === 'PartialBlockStatement'
  );
}

function calleeName(node: Node): string | undefined {
  const path = (node.path ?? node.name) as { type?: string; original?: unknown } | undefined;
  return path?.type === 'PathExpression' && typeof path.original === 'string' ? path.original : undefined;
}

/** A call's arguments: its params and its hash's values. */
function argumentsOf(node: Node): Node[] {
  const params = (node.params as Node[] | undefined) ?? [];
  const pairs = ((node.hash as { pairs?: { value: Node }[] } | undefined)?.pairs ?? []).map((p) => p.value);
  return [...params, ...pairs];
}

type Compiler = new () => object;
type Chunk = unknown;

/**
 * Handlebars' code generator, with lookups that cannot throw a TypeError: each step down a path
 * reads `{}` for a value that is null or undefined (so `record.cst.x.y` reaches the strict check
 * of its last name, which says where and what), and the strict check (`name in value`) is given
 * a string or number as an object, whose `length` it then finds.
 */
export function strictCompiler(base: Compiler): Compiler {
  const parent = base.prototype as { nameLookup(p: Chunk, n: string, t: string): Chunk; aliasable(name: string): Chunk };
  class StrictCompiler extends base {}
  // Cast: the compiler's methods are not in Handlebars' types; they are replaced by name.
  const proto = StrictCompiler.prototype as unknown as Record<string, unknown>;
  proto.compiler = StrictCompiler; // nested blocks compile with it too
  proto.nameLookup = function (this: typeof parent, p: Chunk, name: string, type: string): Chunk {
    return parent.nameLookup.call(this, type === 'context' || type === 'data' ? ['(', p, ' ?? {})'] : p, name, type);
  };
  proto.aliasable = function (this: typeof parent, name: string): Chunk {
    return parent.aliasable.call(this, name === 'container.strict' ? SAFE_STRICT : name);
  };
  return StrictCompiler;
}

/** Handlebars' strict check (its own error, with the place), given a primitive as an object. */
const SAFE_STRICT =
  "((o, n, l) => container.strict(o !== null && (typeof o === 'string' || typeof o === 'number' || typeof o === 'boolean') ? Object(o) : o, n, l))";
