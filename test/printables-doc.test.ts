import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELPER_DOCS } from '../src/render/handlebars.js';
import { renderPrintablesDoc, shippedContexts } from '../src/render/printables-doc.js';

// The named contexts are found through the shipped packs' printables.yaml (`contexts:`), not a list.
const NAMED = (await shippedContexts()).flatMap((m) => m.list);

describe('docs/printables.md', () => {
  it('is what `npm run docs` renders from the printables schema, the helpers and the named contexts', async () => {
    expect(readFileSync(new URL('../docs/printables.md', import.meta.url), 'utf8')).toBe(await renderPrintablesDoc());
  });

  it("documents every named context of the shipped packs' modules, and every template helper", async () => {
    const doc = await renderPrintablesDoc();
    // Each shipped game's module, found through its pack's printables.yaml.
    expect((await shippedContexts()).map((m) => m.module).sort()).toEqual([
      'playmark/games/archon-skirmish/print',
      'playmark/games/warchon/print',
      'playmark/games/warmaster/print',
    ]);
    expect(NAMED.length).toBe(15);
    for (const c of NAMED) expect(doc).toContain(`| \`${c.name}\` |`);
    expect(HELPER_DOCS.map(([h]) => h.replace(/^#/, '').split(' ')[0]).sort()).toEqual([
      'add',
      'and',
      'cellMark',
      'eq',
      'join',
      'kindMark',
      'known',
      'legend',
      'mark',
      'marksAt',
      'marksOf',
      'rolls',
      'show',
      'signed',
      'times',
    ]);
  });

  it('every named context has a description a designer can read', () => {
    for (const c of NAMED) expect(c.description.length, c.name).toBeGreaterThan(30);
  });
});

describe('schemas/printables.schema.json', () => {
  it("lists no game's contexts: a printable's `context` is an id, checked against the module printables.yaml names", () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/printables.schema.json', import.meta.url), 'utf8')) as {
      properties: { contexts: { type: string } };
      $defs: { printable: { properties: { context: { enum?: string[]; $ref?: string } } } };
    };
    expect(schema.$defs.printable.properties.context.enum).toBeUndefined();
    expect(schema.$defs.printable.properties.context.$ref).toBe('common/defs.schema.json#/$defs/id');
    expect(schema.properties.contexts.type).toBe('string');
  });
});
