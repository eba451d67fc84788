// The packs' effective content as every command reads it: from the YAML under content/, validated
// and layered now (never from generated/). Shared by the tests of the printables and the engine.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { NamedContexts } from '../src/render/contexts/context.js';
import type { Printable } from '../src/render/printable.js';
import { shippedContexts } from '../src/render/printables-doc.js';
import { packPrintables } from '../src/render/printables.js';
import { repoRoot } from './helpers.js';

const cache = new Map<string, PackContent>();

/** The named contexts of each module the shipped packs' printables.yaml name, imported once, so the helpers below stay synchronous. */
const SHIPPED_CONTEXTS = new Map((await shippedContexts()).map(({ module, list }) => [module, new Map(list.map((c) => [c.name, c]))]));

/** The named contexts a pack's printables.yaml names (`contexts`), as render's packContexts gives them: none when it names none. */
export function contextsOf(content: Pick<PackContent, 'printables'>): NamedContexts {
  const module = content.printables?.contexts;
  return (module !== undefined ? SHIPPED_CONTEXTS.get(module) : undefined) ?? new Map();
}

/** A pack of playmark's own content, read from its YAML (once per test file). Throws on errors. */
export function packContentOf(pack: string): PackContent {
  let content = cache.get(pack);
  if (!content) {
    const loaded = loadContent([path.join(repoRoot, 'content', pack)], { cwd: repoRoot });
    if (loaded.validation.errors > 0)
      throw new Error(
        `content/${pack} has errors:\n${loaded.validation.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`,
      );
    content = loaded.packs.get(pack)!;
    cache.set(pack, content);
  }
  return content;
}

/** Every printable of a pack (declared in its printables.yaml, then its scenario and errata sheets). */
export function printablesOf(pack: string, playmarkVersion = 'test'): Printable[] {
  const content = packContentOf(pack);
  return packPrintables(content, { playmarkVersion, contexts: contextsOf(content) });
}

/** One printable by its output id (`warchon-spreads`). */
export function printableOf(pack: string, id: string): Printable {
  const found = printablesOf(pack).find((p) => p.id === id);
  if (!found)
    throw new Error(
      `no printable ${id} in ${pack}: ${printablesOf(pack)
        .map((p) => p.id)
        .join(', ')}`,
    );
  return found;
}

/**
 * A copy of one of playmark's packs in a temporary project, to edit and read back: `edit` replaces
 * text in a file of the pack (failing when the text is not there), `printables()` reads the YAML
 * now and builds the pack's printables, failing on content errors. `remove()` deletes the copy.
 */
export function editablePack(pack: string) {
  const project = mkdtempSync(path.join(os.tmpdir(), `playmark-${pack}-copy-`));
  const dir = path.join(project, 'content', pack);
  cpSync(path.join(repoRoot, 'content', pack), dir, { recursive: true });
  return {
    project,
    dir,
    edit(file: string, from: string, to: string): void {
      const f = path.join(dir, file);
      const text = readFileSync(f, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} does not hold ${JSON.stringify(from)}`);
      writeFileSync(f, text.replace(from, to));
    },
    printables(): Printable[] {
      const loaded = loadContent([dir], { cwd: project });
      const errors = loaded.validation.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length)
        throw new Error(`the edited ${pack} has errors:\n${errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`);
      const content = loaded.packs.get(pack)!;
      return packPrintables(content, { playmarkVersion: 'test', contexts: contextsOf(content) });
    },
    remove(): void {
      rmSync(project, { recursive: true, force: true });
    },
  };
}
