// Checks a pack's printables.yaml against the pack it prints: each printable's record kind exists,
// ids are unique, and its templates exist in the project's templates/ or playmark's, inside the
// project (a pack may come from a stranger: no template may lead to a file outside it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pending, type PathStep } from './diagnostic.js';
import type { LoadedPack, Report } from './load.js';
import { GENERIC_DECK_SCHEMA, isGenericDeck } from './generic-deck.js';
import { resolveContextsModule } from './contexts-module.js';
import type { DeckCopies, LoadedPrintables, PrintableDecl } from './model.js';
import { packageRoot } from './package-root.js';
import { fieldTypes, hasField, recordFields } from './record-fields.js';
import type { SchemaRegistry } from './schemas.js';
import { didYouMean } from './suggest.js';
import { readContentFile } from './read-content.js';
import { parseTemplate } from './template-syntax.js';
import { linksLeaving, templateFile, templateFileRoots } from './template-files.js';

/** playmark's own templates. */
export const BUNDLED_TEMPLATES = path.join(packageRoot(), 'templates');

/**
 * Where a pack's templates are looked up, first match wins: the nearest `templates/` folder above
 * the pack (the project's own), then playmark's.
 */
export function templateRoots(packDir: string): string[] {
  for (let dir = path.dirname(packDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'templates');
    if (existsSync(candidate) && statSync(candidate).isDirectory()) {
      return path.resolve(candidate) === path.resolve(BUNDLED_TEMPLATES) ? [BUNDLED_TEMPLATES] : [path.resolve(candidate), BUNDLED_TEMPLATES];
    }
    if (path.dirname(dir) === dir) return [BUNDLED_TEMPLATES];
  }
}

export function checkPrintables(pack: LoadedPack, report: Report, schemas?: SchemaRegistry): void {
  const roots = templateRoots(pack.dir);
  const fileRoots = templateFileRoots(roots);
  const named = checkPrintableTemplates(pack, report, roots, fileRoots);
  if (pack.printables) checkContexts(pack.printables, report);
  if (schemas && pack.printables) pack.printables.list.forEach((p, i) => checkRecordFields(pack, p, i, schemas, report));
  // Partials, stylesheets and templates playmark reads by name (cover, errata...) from the
  // project's templates/: reported at the pack's id, since no line of the pack names them.
  if (roots.length > 1) {
    // The project's own partials are read whenever its templates render: their syntax is checked too.
    const partials = path.join(roots[0]!, 'partials');
    for (const name of existsSync(partials) ? readdirSync(partials).sort() : []) {
      const found = name.endsWith('.hbs') ? templateFile(`partials/${name}`, roots.slice(0, 1), fileRoots) : undefined;
      if (found?.found) checkTemplateSyntax(found.file, report, new Set());
    }
    for (const { file, why } of linksLeaving(roots[0]!, fileRoots)) {
      if (named.has(file)) continue;
      const shown = path.relative(path.dirname(roots[0]!), file).split(path.sep).join('/');
      report.add(pending('file/outside-project', pack.manifestFile, `The template file ${shown} would be read for this pack, but ${why}.`, { path: ['id'] }));
    }
  }
}

/**
 * printables.yaml's `contexts`: one of playmark's own modules (resolved, never imported: validating
 * runs no code); without one, no printable may name a context. Whether the module gives each named
 * context is known once render imports it.
 */
function checkContexts(printables: LoadedPrintables, report: Report): void {
  if (printables.contexts !== undefined) {
    const found = resolveContextsModule(printables.contexts);
    if (!found.ok)
      report.add(
        pending('printable/contexts-module', printables.file, `The contexts module "${printables.contexts}" is refused: ${found.why}.`, { path: ['contexts'] }),
      );
    return;
  }
  printables.list.forEach((p, i) => {
    if (p.context === undefined) return;
    report.add(
      pending(
        'printable/unknown-context',
        printables.file,
        `The printable "${p.id}" names the context "${p.context}", but printables.yaml names no contexts module to give it.`,
        { path: ['printables', i, 'context'] },
      ),
    );
  });
}

/** Checks printables.yaml; returns the template files (as named under a template folder) already reported outside the project. */
function checkPrintableTemplates(pack: LoadedPack, report: Report, roots: readonly string[], fileRoots: readonly string[]): Set<string> {
  const named = new Set<string>();
  const records = pack.records;
  const printables = pack.printables;
  if (!printables) return named;
  const kinds = Object.keys(pack.manifest.kinds);
  const seen = new Set<string>();
  const ids = new Set(printables.list.map((p) => p.id));
  const parsed = new Set<string>();
  printables.list.forEach((p, i) => {
    // Cards and counters share sheets; the set's id names an output file, so no printable may have it.
    if (p.sheets !== undefined && (p.type === 'sheet' || ids.has(p.sheets))) {
      const why =
        p.type === 'sheet'
          ? `"${p.id}" is a sheet, and only cards and counters share sheets`
          : `"${p.sheets}" is the id of a printable of the pack, and both would name the same output file`;
      report.add(
        pending('printable/shared-sheets', printables.file, `The printable "${p.id}" names the shared sheets "${p.sheets}", but ${why}.`, {
          path: ['printables', i, 'sheets'],
          hint: p.type === 'sheet' ? 'Remove `sheets` from this sheet.' : 'Give the set of shared sheets an id no printable of the pack has.',
        }),
      );
    }
    if (seen.has(p.id))
      report.add(
        pending('printable/duplicate-id', printables.file, `Two printables have the id "${p.id}".`, {
          path: ['printables', i, 'id'],
          hint: 'Give each printable its own id: it names the output file.',
        }),
      );
    seen.add(p.id);
    if (p.records && !kinds.includes(p.records.kind)) {
      const near = didYouMean(p.records.kind, kinds);
      report.add(
        pending(
          'printable/unknown-kind',
          printables.file,
          `The printable "${p.id}" shows records of the kind "${p.records.kind}", which the manifest does not have.`,
          {
            path: ['printables', i, 'records', 'kind'],
            hint: `${near ? `${near} ` : ''}Kinds of this pack: ${kinds.join(', ')}.`,
          },
        ),
      );
    }
    const list = p.records?.listedIn;
    if (list) {
      const holder = records.find((r) => r.kind === list.kind && r.id === list.id);
      if (!holder || !Array.isArray(holder.base[list.field])) {
        const lists = holder
          ? Object.keys(holder.base).filter((k) => Array.isArray(holder.base[k]))
          : records.filter((r) => r.kind === list.kind).map((r) => r.id);
        const near = didYouMean(holder ? list.field : list.id, lists);
        report.add(
          pending(
            'ref/missing',
            printables.file,
            holder
              ? `The ${list.kind} "${list.id}" has no list \`${list.field}\` for the printable "${p.id}" to follow.`
              : `No ${list.kind} has the id "${list.id}", which the printable "${p.id}" takes its records from.`,
            { path: ['printables', i, 'records', 'listedIn', holder ? 'field' : 'id'], ...(near ? { hint: near } : {}) },
          ),
        );
      }
    }
    for (const side of ['front', 'back'] as const) {
      const template = p[side];
      if (template === undefined) continue;
      const found = templateFile(template, roots, fileRoots);
      if (found.found) {
        checkTemplateSyntax(found.file, report, parsed);
        continue;
      }
      if (found.outside !== undefined) {
        for (const root of roots) named.add(path.join(root, template));
        report.add(
          pending('file/outside-project', printables.file, `The ${side} template ${template} of the printable "${p.id}" is refused: ${found.outside}.`, {
            path: ['printables', i, side],
          }),
        );
        continue;
      }
      const dirs = roots.map((r) => path.relative(pack.dir, r).split(path.sep).join('/') || '.');
      const where = dirs.length > 1 ? `is in neither ${dirs.join(' nor ')}` : `is not in ${dirs[0]}`;
      report.add(
        pending('printable/template-missing', printables.file, `The ${side} template ${template} of the printable "${p.id}" ${where}.`, {
          path: ['printables', i, side],
          hint: `Add the template to the project's templates/${template}, or fix the path (relative to templates/).`,
        }),
      );
    }
  });
  return named;
}

/**
 * The record fields a printable names (`copies`, `order`, `where`, `ids`, `listedIn.field`) are the
 * kind's: a misspelt one would print the wrong game in silence (one copy of each card, records
 * unsorted, none selected), so each is checked against the kind's schema and the pack's records.
 */
function checkRecordFields(pack: LoadedPack, p: PrintableDecl, i: number, schemas: SchemaRegistry, report: Report): void {
  const sel = p.records;
  const kind = sel && pack.manifest.kinds[sel.kind];
  if (!sel || !kind) return;
  const fields = recordFields(schemas, kind.schema);
  const file = pack.printables!.file;
  const at = (...steps: PathStep[]): PathStep[] => ['printables', i, 'records', ...steps];
  if (fields) {
    const names = [...fields.fields.keys()];
    const unknown = (name: string, path: PathStep[], use: string, then: string, atKey = false) => {
      if (hasField(fields, name)) return false;
      const near = didYouMean(name, names) ?? abbreviated(name, names);
      report.add(
        pending('printable/unknown-field', file, `The printable "${p.id}" ${use} the field "${name}", which a ${sel.kind} does not have, so ${then}.`, {
          path,
          atKey,
          hint: `${near ? `${near} ` : ''}Fields of a ${sel.kind} (${kind.schema}): ${names.join(', ')}.`,
        }),
      );
      return true;
    };
    if (typeof sel.copies === 'string' && !unknown(sel.copies, at('copies'), 'counts copies by', `each ${sel.kind} would print once`)) {
      const types = fields.fields.has(sel.copies) ? fieldTypes(schemas, fields.fields.get(sel.copies)!) : undefined;
      if (types && !types.has('integer')) {
        const wholes = names.filter((n) => fieldTypes(schemas, fields.fields.get(n)!)?.has('integer'));
        report.add(
          pending(
            'printable/copies-not-a-count',
            file,
            `The printable "${p.id}" counts copies by the field "${sel.copies}", which holds ${[...types].join(' or ')}, not a whole number, so each ${sel.kind} would print once.`,
            {
              path: at('copies'),
              hint: wholes.length
                ? `Name a whole-number field of a ${sel.kind}: ${wholes.join(', ')}; or give a number of copies.`
                : `A ${sel.kind} has no whole-number field: give a number of copies, or add a count field to ${kind.schema}.`,
            },
          ),
        );
      }
    }
    (sel.order ?? []).forEach((o, j) => unknown(o.replace(/^-/, ''), at('order', j), 'sorts by', `it would not sort the ${sel.kind} records by it`));
    for (const field of Object.keys(sel.where ?? {})) unknown(field, at('where', field), 'selects by', `no ${sel.kind} would match`, true);
  }
  if (typeof sel.copies === 'object') checkDeckCopies(pack, p, sel.copies, at('copies'), schemas, report);
  if (sel.ids) {
    const known = pack.records.filter((r) => r.kind === sel.kind).map((r) => r.id);
    sel.ids.forEach((id, j) => {
      if (known.includes(id)) return;
      const near = didYouMean(id, known);
      report.add(
        pending('ref/missing', file, `No ${sel.kind} has the id "${id}", which the printable "${p.id}" lists, so it would not print.`, {
          path: at('ids', j),
          ...(near ? { hint: near } : {}),
        }),
      );
    });
  }
}

/**
 * `copies: { deck, kind }`: the kind is a generic deck (its `cards` give each card's copies) and the
 * pack has that deck; otherwise no card, or every card once, would print in silence.
 */
function checkDeckCopies(pack: LoadedPack, p: PrintableDecl, copies: DeckCopies, at: PathStep[], schemas: SchemaRegistry, report: Report): void {
  const file = pack.printables!.file;
  const kind = copies.kind ?? 'deck';
  const kinds = Object.entries(pack.manifest.kinds);
  const deckKinds = kinds.filter(([, k]) => isGenericDeck(schemas, k.schema)).map(([name]) => name);
  if (!deckKinds.includes(kind)) {
    const has = kinds.find(([name]) => name === kind);
    const why = has
      ? `whose schema ${has[1].schema} is not a generic deck (${GENERIC_DECK_SCHEMA}, or a schema extending it)`
      : 'which the manifest does not have';
    const near = didYouMean(kind, deckKinds);
    report.add(
      pending(
        'printable/not-a-deck',
        file,
        `The printable "${p.id}" takes its copies from the ${kind} "${copies.deck}", a kind ${why}, so no card's copies can be read from it.`,
        {
          path: [...at, copies.kind === undefined ? 'deck' : 'kind'],
          hint: `${near ? `${near} ` : ''}${deckKinds.length ? `Generic deck kinds of this pack: ${deckKinds.join(', ')}.` : `This pack has no generic deck: add a kind whose schema is ${GENERIC_DECK_SCHEMA}.`}`,
        },
      ),
    );
    return;
  }
  const decks = pack.records.filter((r) => r.kind === kind).map((r) => r.id);
  if (decks.includes(copies.deck)) return;
  const near = didYouMean(copies.deck, decks);
  report.add(
    pending(
      'printable/unknown-deck',
      file,
      `The printable "${p.id}" takes its copies from the ${kind} "${copies.deck}", which the pack does not have, so no card would print.`,
      {
        path: [...at, 'deck'],
        hint: `${near ? `${near} ` : ''}${decks.length ? `Decks of this pack: ${decks.join(', ')}.` : `The pack has no ${kind} yet.`}`,
      },
    ),
  );
}

/** A template's Handlebars syntax (a block never closed, a mustache not ended), once per file: a syntax error at its line, before anything renders. */
function checkTemplateSyntax(file: string, report: Report, done: Set<string>): void {
  if (done.has(file)) return;
  done.add(file);
  const read = readContentFile(file);
  if (!read.ok) return;
  const text = read.bytes.toString('utf8');
  const parsed = parseTemplate(text);
  if (parsed.ok) return;
  const { line, column, message, hint } = parsed.error;
  const lines = text.split('\n');
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  report.add(pending('template/syntax', file, message, { offset, hint }));
}

/** `Did you mean "count"?` for `cnt`: the one field whose letters hold the typed ones in order (an abbreviation), which an edit distance finds too far. */
function abbreviated(typed: string, names: readonly string[]): string | undefined {
  if (typed.length < 2) return undefined;
  const holds = (name: string) => {
    let i = 0;
    for (const c of name.toLowerCase()) if (c === typed[i]?.toLowerCase()) i++;
    return i === typed.length && name[0]?.toLowerCase() === typed[0]?.toLowerCase();
  };
  const found = names.filter(holds);
  return found.length === 1 ? `Did you mean "${found[0]}"?` : undefined;
}
