import Handlebars from 'handlebars';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DiceRoll } from '../../generated/types/common/defs.js';
import { confine } from '../content/confine.js';
import { rowLabel } from '../engine/core/generic-tables.js';
import { templateFile, templateFileRoots } from '../content/template-files.js';
import { parseTemplate } from '../content/template-syntax.js';
import { cellPointer, LEGEND_LINE, MARK_KINDS, markHtml, markKey, markLegend, markNumberAt, UNKNOWN_MARK } from './marks.js';
import type { Footnote } from './printable.js';
import { HelperArgumentError, RenderError } from './render-error.js';
import { strictArguments, strictCompiler } from './strict-arguments.js';
import { fromRenderError, syntaxTemplateError, type TemplateSource } from './template-error.js';

/**
 * The Handlebars environment every template renders in: strict (a missing property is an error,
 * not an empty string), HTML-escaped by default, partials from templates/partials/, and helpers
 * that are pure functions of their arguments.
 */
export interface Templates {
  /** Renders a template (path relative to templates/) with a context. */
  render(template: string, context: Record<string, unknown>): string;
  /**
   * The file a template path resolves to (the first folder that has it), or undefined. A name
   * that leads outside the project and playmark's package is a RenderError.
   */
  resolve(template: string): string | undefined;
  /** A file's text, once it is known to lie inside the project or playmark's package (else a RenderError). */
  readText(file: string): string;
  /** The template folders, first match wins: a project's own, then playmark's. */
  readonly dirs: readonly string[];
  /** playmark's own templates (the last folder). */
  readonly dir: string;
}

/**
 * Templates from one folder or several (first match wins: a project's templates/ before playmark's).
 * Partials come from each folder's partials/, the earlier folder's winning. Every file read lies
 * inside the folders holding the template folders (a project's root) or playmark's package, once
 * links are followed: validate refuses a pack that names another, and this checks again as it reads.
 */
export function createTemplates(dirOrDirs: string | readonly string[]): Templates {
  const dirs = typeof dirOrDirs === 'string' ? [dirOrDirs] : [...dirOrDirs];
  const roots = templateFileRoots(dirs);
  const readText = (file: string) => {
    const confined = confine(file, roots);
    if (!confined.ok)
      throw new RenderError(`${shown(file)} is not read: ${confined.why}. playmark reads no template, partial or stylesheet outside the project.`);
    try {
      return readFileSync(confined.real, 'utf8');
    } catch (error) {
      throw new RenderError(`cannot read ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  const hb = Handlebars.create();
  // Lookups that cannot throw a TypeError (strict-arguments.ts): every mistake gets its place.
  // Cast: Handlebars' types do not declare the JavaScriptCompiler an environment carries.
  const generator = hb as unknown as { JavaScriptCompiler: new () => object };
  generator.JavaScriptCompiler = strictCompiler(generator.JavaScriptCompiler);
  registerHelpers(hb);
  // A template's mistakes are the author's: each template and partial is parsed first (a syntax
  // error at its line), and an error while it renders is placed in its own file (template-error.ts).
  const names = () => ({ helpers: Object.keys(hb.helpers), partials: Object.keys(hb.partials) });
  const compile = (file: string, text: string): ((context: unknown, options?: Handlebars.RuntimeOptions) => string) => {
    const parsed = parseTemplate(text);
    if (!parsed.ok) throw syntaxTemplateError(file, text, parsed.error);
    const source: TemplateSource = { file, text, ast: parsed.ast };
    // Compiled from a tree of its own (Handlebars strips whitespace in the tree it compiles), with
    // each helper's arguments checked as strictly as a plain mustache (strict-arguments.ts).
    const fn = hb.compile(strictArguments(Handlebars.parseWithoutProcessing(text)), { strict: true, noEscape: false });
    return (context, options) => {
      try {
        return fn(context, options);
      } catch (error) {
        throw fromRenderError(error, source, context, names()) ?? error;
      }
    };
  };
  for (const dir of [...dirs].reverse()) {
    const partials = path.join(dir, 'partials');
    for (const name of safeList(partials)) {
      if (!name.endsWith('.hbs')) continue;
      const file = path.join(partials, name);
      const text = readText(file);
      let partial: ReturnType<typeof compile> | undefined;
      // Compiled when first used, as Handlebars compiles a partial given as text.
      hb.registerPartial(name.slice(0, -4), ((context: unknown, options?: Handlebars.RuntimeOptions) =>
        (partial ??= compile(file, text))(context, options)) as Handlebars.Template);
    }
  }
  const compiled = new Map<string, ReturnType<typeof compile>>();
  const resolve = (template: string) => {
    const found = templateFile(template, dirs, roots);
    if (!found.found && found.outside !== undefined)
      throw new RenderError(`the template ${template} is not read: ${found.outside}. playmark reads no template outside the project.`);
    return found.found ? found.file : undefined;
  };
  return {
    dirs,
    dir: dirs[dirs.length - 1]!,
    resolve,
    readText,
    render(template, context) {
      let fn = compiled.get(template);
      if (!fn) {
        const file = resolve(template);
        if (!file) throw new Error(`no template ${template} in ${dirs.join(' or ')}`);
        fn = compile(file, readText(file));
        compiled.set(template, fn);
      }
      return fn(context);
    },
  };
}

/** Each helper and what it does, for docs/printables.md (a test keeps it in step with the helpers). */
export const HELPER_DOCS: readonly (readonly [string, string])[] = [
  ['eq a b', 'true when a and b are the same value; `ne` the opposite'],
  ['and a b ...', 'true when all are true; `or` when any is; `not a` the opposite of a'],
  ['add a b', 'a + b; `sub a b` a - b'],
  [
    'known value',
    "the value, or the unknown mark `?` for null (a value nobody knows: the source does not print it and no layer sets it); the face's legend says so in words (`legend`)",
  ],
  ['show value', 'the value, or a dash for null: only for a value the source prints as a dash (a range of "-"); a value nobody knows takes `known`'],
  ['join list sep', 'the list\'s items joined by sep (default ", ")'],
  ['signed n', 'a number with its sign, as combat columns print them: +2, 0, -3'],
  [
    'mark marks id "/pointer"',
    "the layer mark beside a value a layer set, one symbol per kind (\u271A erratum, \u25C7 inference, \u00A7 ruling, \u25C6 reconstruction; the face's legend says what it means), or nothing",
  ],
  [
    'kindMark kind',
    'the mark of a kind of layer entry (`erratum`, `inference`, `ruling`, `reconstruction`), for a sheet that lists them: the errata sheet, a legend',
  ],
  ['marksOf marks parts', 'the marks of a value derived from others (a total), one per kind among the marks of its parts, each `{ rec, ptr }`'],
  [
    'marksAt marks id pointers',
    'the marks of every value a layer set among `pointers` (a list), one per kind, or nothing: for a line of text built from several values',
  ],
  [
    'cellMark marks id step ...',
    'the layer mark beside a value whose pointer is built from steps, for a table cell in an `{{#each}}`: `{{cellMark @root.marks @root.id "rows" @../index "cells" @index}}` marks `/rows/1/cells/2` when a layer set that cell, its row or its table; a step starting with `/` is a pointer (`"/combatTable/rows"`); or nothing',
  ],
  [
    'legend marked unknown',
    "the face's legend in words: what each kind of mark the face printed means, what `?` means when unknown (e.g. `{{legend footnotes.length unknown}}`), or nothing",
  ],
  ['rolls roll', "the rolls a table's row or entry covers, as tables print them (`{{rolls roll}}` in an `{{#each entries}}`): 7, 2-4, 10+, 3 or less"],
  ['#times n', 'repeats its block n times, with @index'],
];

function registerHelpers(hb: typeof Handlebars): void {
  hb.registerHelper({
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
    or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
    not: (a: unknown) => !a,
    add: (a: number, b: number) => a + b,
    sub: (a: number, b: number) => a - b,
    /** `null` (a value nobody knows: the source does not print it, and no layer sets it) prints as the unknown mark. */
    known: (value: unknown) => (value === null || value === undefined ? new hb.SafeString(`<span class="unknown-mark">${UNKNOWN_MARK}</span>`) : value),
    /** `null` for a value the source prints as a dash ("-") prints as a dash; a value nobody knows takes `known`. */
    show: (value: unknown) => (value === null || value === undefined ? '\u2014' : value),
    join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''),
    /** A number with an explicit sign, as combat columns print them: +2, 0, -3. */
    signed: (n: number) => (n > 0 ? `+${n}` : String(n)),
    /**
     * The layer mark for a value a layer set, or nothing: {{mark @root.marks "erdon-pass" "/rng/4/1"}}
     * prints `<sup class="layer-mark">*</sup>`; `{{#if (mark ...)}}` tests it. The face's legend
     * (marks.ts markLegend) says in words what the mark means; which entry set it is on the errata sheet.
     */
    mark(marks: Record<string, number> | undefined, record: string, pointer: string, options: Handlebars.HelperOptions) {
      const n = marks?.[markKey(record, pointer)];
      return n === undefined ? '' : new hb.SafeString(markHtml(kindOf(options, n)));
    },
    /** The marks of the values a layer set among several pointers of one record, one per kind: {{marksAt @root.marks id pointers}}. */
    marksAt(marks: Record<string, number> | undefined, record: string, pointers: unknown, options: Handlebars.HelperOptions) {
      if (!Array.isArray(pointers)) return '';
      return marksHtml(
        options,
        pointers.map((p) => (typeof p === 'string' ? markNumberAt(marks, record, p) : undefined)),
      );
    },
    /** The mark of a kind of layer entry, as faces print it: {{kindMark "ruling"}} (an errata sheet's lines, a legend); nothing for another word. */
    kindMark(kind: unknown) {
      return typeof kind === 'string' && (MARK_KINDS as readonly string[]).includes(kind) ? new hb.SafeString(markHtml(kind as Footnote['kind'])) : '';
    },
    /** The marks of a value derived from others (a total), one per kind among its parts' marks: {{marksOf @root.marks parts}}, each part `{ rec, ptr }`. */
    marksOf(marks: Record<string, number> | undefined, parts: unknown, options: Handlebars.HelperOptions) {
      if (!Array.isArray(parts)) return '';
      return marksHtml(
        options,
        parts.map((p) => {
          const part = p as { rec?: unknown; ptr?: unknown } | null;
          return part && typeof part.rec === 'string' && typeof part.ptr === 'string' ? markNumberAt(marks, part.rec, part.ptr) : undefined;
        }),
      );
    },
    /**
     * The layer mark for a value at a pointer built from steps, as an {{#each}} over a table's rows
     * and cells can give them: {{cellMark @root.marks @root.id "rows" @../index "cells" @index}}.
     * Marked when a layer set the value or one holding it (its row, its table); see marks.ts cellPointer.
     */
    cellMark(marks: Record<string, number> | undefined, record: string, ...args: unknown[]) {
      const steps = args.slice(0, -1);
      const pointer = cellPointer(steps);
      if (pointer === undefined) {
        const bad = steps.findIndex((s) => cellPointer([s]) === undefined);
        const loc = (args[args.length - 1] as { loc?: { start?: { line?: number; column?: number } } }).loc?.start;
        const what = Array.isArray(steps[bad])
          ? 'a list'
          : steps[bad] === null
            ? 'null'
            : typeof steps[bad] === 'number'
              ? `the number ${String(steps[bad])}`
              : typeof steps[bad] === 'object'
                ? 'a mapping'
                : `a ${typeof steps[bad]}`;
        throw new HelperArgumentError(
          `cellMark takes steps that are keys, whole numbers (@index) or pointers ("/rows"); step ${bad + 1} is ${what}.`,
          loc?.line !== undefined ? { line: loc.line, column: (loc.column ?? 0) + 1 } : undefined,
        );
      }
      const n = markNumberAt(marks, record, pointer);
      return n === undefined ? '' : new hb.SafeString(markHtml(kindOf(args[args.length - 1] as Handlebars.HelperOptions, n)));
    },
    /** The legend of a face's marks, in words (marks.ts markLegend): {{legend footnotes.length unknown}}. */
    legend(marked: unknown, unknown: unknown) {
      // Every kind's line when the face marks anything: the face's HTML keeps the lines of the marks it printed (marks.ts legendAsPrinted).
      const lines = markLegend(marked ? MARK_KINDS : [], unknown === true);
      if (lines.length === 0) return '';
      const symbol = (l: (typeof lines)[number]) => (l.kind === 'unknown' ? `<span class="unknown-mark">${l.symbol}</span>` : markHtml(l.kind));
      return new hb.SafeString(
        `<div class="mark-legend">${lines.map((l) => `<p ${LEGEND_LINE}="${l.kind}">${symbol(l)} ${hb.escapeExpression(l.text)}</p>`).join('')}</div>`,
      );
    },
    /** The rolls a table's row or entry covers, as a table prints them: 7, 2-4, 10+, 3 or less. */
    rolls(roll: unknown, options: Handlebars.HelperOptions) {
      const isBound = (n: unknown) => n === null || typeof n === 'number';
      const range = roll !== null && typeof roll === 'object' ? (roll as { min?: unknown; max?: unknown }) : undefined;
      if (typeof roll !== 'number' && !(range && isBound(range.min) && isBound(range.max))) {
        const loc = (options as { loc?: { start?: { line?: number; column?: number } } }).loc?.start;
        throw new HelperArgumentError(
          `rolls takes a row's or an entry's roll (7, or { min, max }); it was given ${roll === null ? 'null' : Array.isArray(roll) ? 'a list' : `a ${typeof roll}`}.`,
          loc?.line !== undefined ? { line: loc.line, column: (loc.column ?? 0) + 1 } : undefined,
          "Give rolls the `roll` of a table's row or entry, as `{{rolls roll}}` inside `{{#each entries}}` (docs/printables.md).",
        );
      }
      return rowLabel({ roll: roll as DiceRoll });
    },
    /** Repeats a block n times, with @index. */
    times(n: number, options: Handlebars.HelperOptions) {
      let out = '';
      for (let i = 0; i < n; i++) out += options.fn(this, { data: { ...options.data, index: i } });
      return out;
    },
  });
}

/** A file as the user knows it: relative to the working folder when under it. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return []; // no such templates folder: none from it
  }
}

/** The kind of the layer entry behind footnote `n` of the face being rendered (its root context's `footnotes`); a ruling when the face gives none. */
function kindOf(options: Handlebars.HelperOptions | undefined, n: number): Footnote['kind'] {
  const footnotes = (options?.data as { root?: { footnotes?: readonly Footnote[] } } | undefined)?.root?.footnotes;
  return footnotes?.find((f) => f.n === n)?.kind ?? 'ruling';
}

/** One mark for each kind among the footnotes numbered (undefined: not marked), in legend order. */
function marksHtml(options: Handlebars.HelperOptions, numbers: readonly (number | undefined)[]): Handlebars.SafeString {
  const kinds = new Set(numbers.filter((n) => n !== undefined).map((n) => kindOf(options, n)));
  return new Handlebars.SafeString(
    MARK_KINDS.filter((k) => kinds.has(k))
      .map(markHtml)
      .join(''),
  );
}
