// Handlebars syntax errors in the author's words: where the mistake is (line and column, 1-based)
// and what closes it. Handlebars says "Parse error on line 5 ... got 'EOF'" for a block never
// closed, at the end of the file; the block that needs closing is found here and named instead.
import Handlebars from 'handlebars';

export interface TemplateSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
}

/** The template's parse tree, or its syntax error. */
export function parseTemplate(text: string): { ok: true; ast: hbs.AST.Program } | { ok: false; error: TemplateSyntaxError } {
  try {
    return { ok: true, ast: Handlebars.parseWithoutProcessing(text) };
  } catch (error) {
    return { ok: false, error: syntaxError(error, text) };
  }
}

function syntaxError(error: unknown, text: string): TemplateSyntaxError {
  const said = String((error as Error)?.message ?? error);
  // `{{#each}}...{{/if}}`: Handlebars gives the opening block's place.
  const mismatch = /^(\S+) doesn't match (\S+)/.exec(said);
  if (mismatch) {
    const e = error as { lineNumber?: number; column?: number };
    return {
      line: e.lineNumber ?? 1,
      column: (e.column ?? 0) + 1,
      message: `The block {{#${mismatch[1]}}} is closed by {{/${mismatch[2]}}}.`,
      hint: `Close it with {{/${mismatch[1]}}}, or open {{#${mismatch[2]}}} before it.`,
    };
  }
  if (/got 'EOF'/.test(said)) {
    const open = unclosedBlock(text);
    if (open)
      return { ...open, message: `The block {{${open.sign}${open.name}}} is never closed.`, hint: `Close it with {{/${open.name}}} where the block ends.` };
  }
  const where = lexerPlace() ?? { line: Number(/on line (\d+)/.exec(said)?.[1] ?? 1), column: 1 };
  const expected = /Expecting (.*), got '([^']*)'/.exec(said);
  const found =
    expected?.[2] === 'EOF'
      ? 'the template ends inside a mustache'
      : expected && expected[2] !== 'INVALID'
        ? `Handlebars did not expect '${expected[2]}' here`
        : 'a mustache is not written as Handlebars reads it';
  return {
    ...where,
    message: `The template cannot be read: ${found}.`,
    hint: 'Check the mustache at the caret: each {{ needs its }}, each {{#block}} its {{/block}}, and a comment is {{!-- ... --}}.',
  };
}

/**
 * Where the parser stopped (Handlebars 4.7 keeps it on its shared lexer; the parse is synchronous,
 * so it is this template's). Undefined if that ever changes.
 */
function lexerPlace(): { line: number; column: number } | undefined {
  // Cast: Handlebars' types do not declare its parser's lexer, which holds the error's place.
  const loc = (Handlebars as unknown as { Parser?: { lexer?: { yylloc?: { first_line?: unknown; first_column?: unknown } } } }).Parser?.lexer?.yylloc;
  if (typeof loc?.first_line !== 'number' || typeof loc.first_column !== 'number') return undefined;
  return { line: loc.first_line, column: loc.first_column + 1 };
}

/** The innermost block opened and not closed, by a plain scan of the mustaches (comments skipped). */
function unclosedBlock(text: string): { line: number; column: number; name: string; sign: string } | undefined {
  const stack: { offset: number; name: string; sign: string }[] = [];
  const mustache = /\{\{!--[\s\S]*?--~?\}\}|\{\{~?!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}|\{\{~?([#^/])\s*([>*]?)\s*([^\s}~]+)/g;
  for (const m of text.matchAll(mustache)) {
    if (!m[1]) continue;
    const name = m[3]!;
    if (m[1] === '/') {
      const at = stack.map((s) => s.name).lastIndexOf(name);
      if (at >= 0) stack.length = at;
    } else stack.push({ offset: m.index, name, sign: `${m[1]}${m[2]}` });
  }
  const open = stack[stack.length - 1];
  if (!open) return undefined;
  const before = text.slice(0, open.offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1, name: open.name, sign: open.sign };
}
