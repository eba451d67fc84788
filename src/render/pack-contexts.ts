// The named contexts a pack's printables may use: those of the module its printables.yaml names
// (`contexts: playmark/games/warchon/print`). Only playmark's own modules are imported
// (content/contexts-module.ts refuses any other), so printing a pack runs none of its code. A pack
// naming no module gets the default context only. Each module is imported once per process.
import { existsSync, readFileSync } from 'node:fs';
import { resolveContextsModule } from '../content/contexts-module.js';
import { pending } from '../content/diagnostic.js';
import type { PackContent } from '../content/effective.js';
import type { PrintableDecl } from '../content/model.js';
import { locateAll } from '../content/locate.js';
import type { NamedContext, NamedContexts } from './contexts/context.js';
import { PrintDiagnosticError } from './render-error.js';

const NONE: NamedContexts = new Map();
const loaded = new Map<string, Promise<NamedContexts>>();

/** The named contexts of the module a pack's printables.yaml names in `contexts` (none when it names none). */
export function packContexts(content: Pick<PackContent, 'printables'>): Promise<NamedContexts> {
  const printables = content.printables;
  if (printables?.contexts === undefined) return Promise.resolve(NONE);
  const specifier = printables.contexts;
  const found = resolveContextsModule(specifier);
  if (!found.ok)
    return Promise.reject(
      printError('printable/contexts-module', printables.file, ['contexts'], `The contexts module "${specifier}" is refused: ${found.why}.`),
    );
  let contexts = loaded.get(found.url);
  if (!contexts) {
    contexts = import(found.url).then((m: { contexts?: unknown }) => byName(m.contexts, specifier));
    loaded.set(found.url, contexts);
    contexts.catch(() => loaded.delete(found.url)); // reported by the caller; the next call tries again
  }
  return contexts;
}

/** The module's `contexts` export: a list of named contexts, by name. */
function byName(list: unknown, specifier: string): NamedContexts {
  // playmark's own module: a wrong export is a bug in playmark, not the pack's mistake.
  if (!Array.isArray(list)) throw new TypeError(`playmark's module ${specifier} exports no list \`contexts\``);
  return new Map((list as NamedContext[]).map((c) => [c.name, c]));
}

/** A printable's `context` the pack's module does not give: the author's mistake, at its line in printables.yaml. */
export function unknownContext(content: Pick<PackContent, 'printables'>, decl: PrintableDecl, contexts: NamedContexts): PrintDiagnosticError {
  const printables = content.printables;
  const known = [...contexts.keys()].sort();
  const from = printables?.contexts === undefined ? 'printables.yaml names no contexts module' : `${printables.contexts} gives ${known.join(', ') || 'none'}`;
  const index = printables?.list.indexOf(decl) ?? -1;
  return printError(
    'printable/unknown-context',
    printables?.file ?? 'printables.yaml',
    index < 0 ? [] : ['printables', index, 'context'],
    `The printable "${decl.id}" names the context "${decl.context}", but ${from}.`,
  );
}

function printError(
  code: 'printable/contexts-module' | 'printable/unknown-context',
  file: string,
  at: (string | number)[],
  message: string,
): PrintDiagnosticError {
  const [diagnostic] = locateAll([pending(code, file, message, { path: at })], (f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined));
  return new PrintDiagnosticError(diagnostic!);
}
