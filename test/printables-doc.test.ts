import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMED_CONTEXTS } from '../src/render/contexts/index.js';
import { HELPER_DOCS } from '../src/render/handlebars.js';
import { renderPrintablesDoc } from '../src/render/printables-doc.js';

describe('docs/printables.md', () => {
  it('is what `npm run docs` renders from the printables schema, the helpers and the named contexts', () => {
    expect(readFileSync(new URL('../docs/printables.md', import.meta.url), 'utf8')).toBe(renderPrintablesDoc());
  });

  it('documents every named context and every template helper', () => {
    const doc = renderPrintablesDoc();
    for (const name of NAMED_CONTEXTS.keys()) expect(doc).toContain(`| \`${name}\` |`);
    expect(HELPER_DOCS.map(([h]) => h.replace(/^#/, '').split(' ')[0]).sort()).toEqual([
      'add',
      'and',
      'cellMark',
      'eq',
      'join',
      'known',
      'legend',
      'mark',
      'rolls',
      'show',
      'signed',
      'times',
    ]);
  });

  it('every named context has a description a designer can read', () => {
    for (const c of NAMED_CONTEXTS.values()) expect(c.description.length, c.name).toBeGreaterThan(30);
  });
});

describe('schemas/printables.schema.json', () => {
  it("lists exactly playmark's named contexts, so an editor completes them and validate refuses a misspelt one", async () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/printables.schema.json', import.meta.url), 'utf8')) as {
      $defs: { printable: { properties: { context: { enum: string[] } } } };
    };
    expect([...schema.$defs.printable.properties.context.enum].sort()).toEqual([...NAMED_CONTEXTS.keys()].sort());
  });
});
