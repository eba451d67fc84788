// Which files a pack's templates, partials and stylesheets may be read from. A pack may come from
// a stranger: a template name with `..`, an absolute name, or a file that is a symbolic link must
// not lead playmark to read (and print) a file outside the project or playmark's own package.
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { confine } from './confine.js';
import { packageRoot } from './package-root.js';

/**
 * The folders template files may lie in, real paths followed: the folder holding each template
 * folder (a project's root holds its templates/), and playmark's package.
 */
export function templateFileRoots(templateDirs: readonly string[]): string[] {
  return [...new Set([...templateDirs.map((dir) => path.dirname(path.resolve(dir))), packageRoot()])];
}

export type TemplateFile =
  | { readonly found: true /** Its real path. */; readonly file: string }
  | { readonly found: false /** Set when the name leads outside `roots`: why, in words. */; readonly outside?: string };

/**
 * The file a template name (relative to templates/) stands for: the first of `dirs` that has it,
 * once it is known to lie inside `roots`. A name that is absolute, or that leads outside `roots`
 * from any of `dirs` (by `..` or through a link), is refused, whether or not it exists.
 */
export function templateFile(name: string, dirs: readonly string[], roots: readonly string[]): TemplateFile {
  if (path.isAbsolute(name) || path.win32.isAbsolute(name))
    return { found: false, outside: 'it is an absolute path, and a template is named relative to templates/' };
  let first: string | undefined;
  for (const dir of dirs) {
    const confined = confine(path.join(dir, name), roots);
    if (!confined.ok) return { found: false, outside: confined.why };
    if (first === undefined && isFile(confined.real)) first = confined.real;
  }
  return first === undefined ? { found: false } : { found: true, file: first };
}

/** A file under a template folder that lies outside `roots` once links are followed. */
export interface OutsideFile {
  readonly file: string;
  readonly why: string;
}

/**
 * Every symbolic link under `dir` (and `dir` itself) that leads outside `roots`: a partial, a
 * stylesheet or a template the renderer would read. Links are not followed into; at most `limit` entries are looked at.
 */
export function linksLeaving(dir: string, roots: readonly string[], limit = 10_000): OutsideFile[] {
  const out: OutsideFile[] = [];
  let seen = 0;
  const visit = (file: string, top: boolean) => {
    if (++seen > limit) return;
    let stat;
    try {
      stat = lstatSync(file);
    } catch {
      return; // gone meanwhile: nothing to list
    }
    if (stat.isSymbolicLink()) {
      const confined = confine(file, roots);
      if (!confined.ok) out.push({ file, why: confined.why });
      // A link inside the roots is read where it leads, which is checked there (or is a file).
      if (!confined.ok || !top) return;
    } else if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(file).sort();
    } catch {
      return; // unreadable folder: its files are reported missing where named
    }
    for (const name of names) visit(path.join(file, name), false);
  };
  visit(dir, true);
  return out;
}

function isFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false; // nothing there: not a file
  }
}
