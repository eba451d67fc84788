import Handlebars from 'handlebars';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { confine } from '../content/confine.js';
import { templateFile, templateFileRoots } from '../content/template-files.js';
import { LAYER_MARK, markKey, markLegend, UNKNOWN_MARK } from './marks.js';
import { RenderError } from './render-error.js';

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
    if (!confined.ok) throw new RenderError(`${shown(file)} is not read: ${confined.why}. playmark reads no template, partial or stylesheet outside the project.`);
    try {
      return readFileSync(confined.real, 'utf8');
    } catch (error) {
      throw new RenderError(`cannot read ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  const hb = Handlebars.create();
  registerHelpers(hb);
  for (const dir of [...dirs].reverse()) {
    const partials = path.join(dir, 'partials');
    for (const name of safeList(partials)) {
      if (name.endsWith('.hbs')) hb.registerPartial(name.slice(0, -4), readText(path.join(partials, name)));
    }
  }
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const resolve = (template: string) => {
    const found = templateFile(template, dirs, roots);
    if (!found.found && found.outside !== undefined) throw new RenderError(`the template ${template} is not read: ${found.outside}. playmark reads no template outside the project.`);
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
        fn = hb.compile(readText(file), { strict: true, noEscape: false });
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
  ['known value', 'the value, or the unknown mark `?` for null (a value nobody knows: the source does not print it and no layer sets it); the face\'s legend says so in words (`legend`)'],
  ['show value', 'the value, or a dash for null: only for a value the source prints as a dash (a range of "-"); a value nobody knows takes `known`'],
  ['join list sep', 'the list\'s items joined by sep (default ", ")'],
  ['signed n', 'a number with its sign, as combat columns print them: +2, 0, -3'],
  ['mark marks id "/pointer"', 'the layer mark `*` beside a value a layer set (the face\'s legend says what it means), or nothing'],
  ['legend marked unknown', 'the face\'s legend in words: what `*` means when marked, what `?` means when unknown (e.g. `{{legend footnotes.length unknown}}`), or nothing'],
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
    mark(marks: Record<string, number> | undefined, record: string, pointer: string) {
      const n = marks?.[markKey(record, pointer)];
      return n === undefined ? '' : new hb.SafeString(`<sup class="layer-mark">${LAYER_MARK}</sup>`);
    },
    /** The legend of a face's marks, in words (marks.ts markLegend): {{legend footnotes.length unknown}}. */
    legend(marked: unknown, unknown: unknown) {
      const lines = markLegend(Boolean(marked), unknown === true);
      if (lines.length === 0) return '';
      const symbol = (s: string) => (s === LAYER_MARK ? `<sup class="layer-mark">${s}</sup>` : `<span class="unknown-mark">${s}</span>`);
      return new hb.SafeString(`<div class="mark-legend">${lines.map((l) => `<p>${symbol(l.symbol)} ${hb.escapeExpression(l.text)}</p>`).join('')}</div>`);
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
    return [];
  }
}
