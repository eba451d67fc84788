// The packs' effective content as every command reads it: from the YAML under content/, validated
// and layered now (never from generated/). Shared by the tests of the printables and the engine.
import path from 'node:path';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { Printable } from '../src/render/printable.js';
import { packPrintables } from '../src/render/printables.js';
import { repoRoot } from './helpers.js';

const cache = new Map<string, PackContent>();

/** A pack of playmark's own content, read from its YAML (once per test file). Throws on errors. */
export function packContentOf(pack: string): PackContent {
  let content = cache.get(pack);
  if (!content) {
    const loaded = loadContent([path.join(repoRoot, 'content', pack)], { cwd: repoRoot });
    if (loaded.validation.errors > 0) throw new Error(`content/${pack} has errors:\n${loaded.validation.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`);
    content = loaded.packs.get(pack)!;
    cache.set(pack, content);
  }
  return content;
}

/** Every printable of a pack (declared in its printables.yaml, then its scenario and errata sheets). */
export function printablesOf(pack: string, playmarkVersion = 'test'): Printable[] {
  return packPrintables(packContentOf(pack), { playmarkVersion });
}

/** One printable by its output id (`warchon-spreads`). */
export function printableOf(pack: string, id: string): Printable {
  const found = printablesOf(pack).find((p) => p.id === id);
  if (!found) throw new Error(`no printable ${id} in ${pack}: ${printablesOf(pack).map((p) => p.id).join(', ')}`);
  return found;
}
