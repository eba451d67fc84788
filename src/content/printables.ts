// Checks a pack's printables.yaml against the pack it prints: each printable's record kind exists,
// ids are unique, and its templates exist in the project's templates/ or playmark's, inside the
// project (a pack may come from a stranger: no template may lead to a file outside it).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pending } from './diagnostic.js';
import type { LoadedPack, Report } from './load.js';
import { packageRoot } from './package-root.js';
import { didYouMean } from './suggest.js';
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

export function checkPrintables(pack: LoadedPack, report: Report): void {
  const roots = templateRoots(pack.dir);
  const fileRoots = templateFileRoots(roots);
  const named = checkPrintableTemplates(pack, report, roots, fileRoots);
  // Partials, stylesheets and templates playmark reads by name (cover, errata...) from the
  // project's templates/: reported at the pack's id, since no line of the pack names them.
  if (roots.length > 1) {
    for (const { file, why } of linksLeaving(roots[0]!, fileRoots)) {
      if (named.has(file)) continue;
      const shown = path.relative(path.dirname(roots[0]!), file).split(path.sep).join('/');
      report.add(pending('file/outside-project', pack.manifestFile, `The template file ${shown} would be read for this pack, but ${why}.`, { path: ['id'] }));
    }
  }
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
  printables.list.forEach((p, i) => {
    // Cards and counters share sheets; the set's id names an output file, so no printable may have it.
    if (p.sheets !== undefined && (p.type === 'sheet' || ids.has(p.sheets))) {
      const why = p.type === 'sheet' ? `"${p.id}" is a sheet, and only cards and counters share sheets` : `"${p.sheets}" is the id of a printable of the pack, and both would name the same output file`;
      report.add(pending('printable/shared-sheets', printables.file, `The printable "${p.id}" names the shared sheets "${p.sheets}", but ${why}.`, { path: ['printables', i, 'sheets'], hint: p.type === 'sheet' ? 'Remove `sheets` from this sheet.' : 'Give the set of shared sheets an id no printable of the pack has.' }));
    }
    if (seen.has(p.id)) report.add(pending('printable/duplicate-id', printables.file, `Two printables have the id "${p.id}".`, { path: ['printables', i, 'id'], hint: 'Give each printable its own id: it names the output file.' }));
    seen.add(p.id);
    if (p.records && !kinds.includes(p.records.kind)) {
      const near = didYouMean(p.records.kind, kinds);
      report.add(
        pending('printable/unknown-kind', printables.file, `The printable "${p.id}" shows records of the kind "${p.records.kind}", which the manifest does not have.`, {
          path: ['printables', i, 'records', 'kind'],
          hint: `${near ? `${near} ` : ''}Kinds of this pack: ${kinds.join(', ')}.`,
        }),
      );
    }
    const list = p.records?.listedIn;
    if (list) {
      const holder = records.find((r) => r.kind === list.kind && r.id === list.id);
      if (!holder || !Array.isArray(holder.base[list.field])) {
        report.add(pending('ref/missing', printables.file, holder ? `The ${list.kind} "${list.id}" has no list \`${list.field}\` for the printable "${p.id}" to follow.` : `No ${list.kind} has the id "${list.id}", which the printable "${p.id}" takes its records from.`, { path: ['printables', i, 'records', 'listedIn', holder ? 'field' : 'id'] }));
      }
    }
    for (const side of ['front', 'back'] as const) {
      const template = p[side];
      if (template === undefined) continue;
      const found = templateFile(template, roots, fileRoots);
      if (found.found) continue;
      if (found.outside !== undefined) {
        for (const root of roots) named.add(path.join(root, template));
        report.add(pending('file/outside-project', printables.file, `The ${side} template ${template} of the printable "${p.id}" is refused: ${found.outside}.`, { path: ['printables', i, side] }));
        continue;
      }
      const dirs = roots.map((r) => path.relative(pack.dir, r).split(path.sep).join('/') || '.');
      const where = dirs.length > 1 ? `is in neither ${dirs.join(' nor ')}` : `is not in ${dirs[0]}`;
      report.add(pending('printable/template-missing', printables.file, `The ${side} template ${template} of the printable "${p.id}" ${where}.`, { path: ['printables', i, side], hint: `Add the template to the project's templates/${template}, or fix the path (relative to templates/).` }));
    }
  });
  return named;
}
