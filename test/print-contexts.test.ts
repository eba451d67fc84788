// A game's named contexts live with the game (src/games/<game>/print/) and a pack names their module
// in its printables.yaml (`contexts: playmark/games/warchon/print`): render loads them from there,
// only from playmark itself, and a copy of a shipped pack under another id prints as the original.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { packContexts } from '../src/render/pack-contexts.js';
import { packPrintables } from '../src/render/printables.js';
import { PrintDiagnosticError } from '../src/render/render-error.js';
import { packContentOf, printablesOf } from './content-support.js';
import { fixture, inFixtures, repoRoot } from './helpers.js';
import { validateMadeFixture } from './temp-fixture.js';

/** A pack's content with other printables.yaml declarations (the file stays the fixture's). */
function withPrintables(content: PackContent, change: Partial<NonNullable<PackContent['printables']>>): PackContent {
  return { ...content, printables: { ...content.printables!, ...change } };
}

describe("a pack's named contexts come from the module its printables.yaml names", () => {
  it('each shipped pack names its own game module, and render loads its contexts from there', async () => {
    for (const pack of ['warchon', 'warmaster', 'archon-skirmish']) {
      const content = packContentOf(pack);
      expect(content.printables?.contexts).toBe(`playmark/games/${pack}/print`);
      const contexts = await packContexts(content);
      for (const d of content.printables!.list) if (d.context !== undefined) expect(contexts.has(d.context), `${pack} ${d.context}`).toBe(true);
    }
  });

  it('a copy of Warchon under another id prints the same faces: the contexts come from its declaration, not its id', async () => {
    const original = packContentOf('warchon');
    const copy: PackContent = { ...original, pack: { ...original.pack, id: 'my-warchon' } };
    const printables = packPrintables(copy, { playmarkVersion: 'test', contexts: await packContexts(copy) });
    const spreads = printables.find((p) => p.id === 'my-warchon-spreads')!;
    expect(spreads.faces.map((f) => f.context)).toEqual(
      printablesOf('warchon')
        .find((p) => p.id === 'warchon-spreads')!
        .faces.map((f) => f.context),
    );
  });

  it('a pack that names no contexts module gets the default context only: a printable naming a context is refused at it', async () => {
    const content = withPrintables(packContentOf('warchon'), { contexts: undefined });
    const contexts = await packContexts(content);
    expect(contexts.size).toBe(0);
    let thrown: unknown;
    try {
      packPrintables(content, { playmarkVersion: 'test', contexts });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PrintDiagnosticError);
    const d = (thrown as PrintDiagnosticError).diagnostic;
    expect([d.code, d.file, d.line]).toEqual(['printable/unknown-context', 'content/warchon/printables.yaml', 18]);
    expect(d.message).toContain('printables.yaml names no contexts module');
  });

  it('validate refuses a printable naming a context when printables.yaml names no contexts module, at the context', () => {
    const diagnostics = validateMadeFixture('printable/unknown-context', (dir) => {
      const file = path.join(dir, 'printables.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('contexts: playmark/games/warchon/print\n', ''));
    });
    // (the copy's schema comment names the repository's schemas, which the copy is not beside)
    const found = diagnostics.filter((d) => d.code !== 'file/schema-comment');
    expect(found.map((d) => [d.code, d.line, d.column])).toEqual([['printable/unknown-context', 8, 14]]);
    expect(found[0]!.message).toContain('names no contexts module');
  });
});

describe('render loads a contexts module only from playmark itself', () => {
  const base = () => {
    const loaded = loadContent([fixture('printable--unknown-context')], { cwd: repoRoot, cacheDir: false });
    return loaded.packs.get('fixture')!;
  };

  it('refuses a module of the project even when handed content validate never saw, and never imports it (it would throw)', async () => {
    const content = withPrintables(base(), { contexts: './print/contexts.js' });
    const error = await packContexts(content).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintDiagnosticError);
    const d = (error as PrintDiagnosticError).diagnostic;
    expect(inFixtures([d]).map((x) => [x.code, x.line, x.column])).toEqual([['printable/contexts-module', 2, 11]]);
    expect(d.message).toContain('runs no code of the project');
  });

  it("refuses another package's module, and a playmark module that does not exist", async () => {
    for (const [specifier, why] of [
      ['js-yaml', "not one of playmark's modules"],
      ['playmark/games/no-such-game/print', 'playmark has no module'],
    ] as const) {
      const error = await packContexts(withPrintables(base(), { contexts: specifier })).catch((e: unknown) => e);
      expect(error, specifier).toBeInstanceOf(PrintDiagnosticError);
      expect((error as PrintDiagnosticError).diagnostic.code).toBe('printable/contexts-module');
      expect((error as PrintDiagnosticError).diagnostic.message, specifier).toContain(why);
    }
  });
});
