// Marking the cells a layer changed in a project's own template: `cellMark` builds a cell's pointer
// from an {{#each}}'s @index values, and the legend prints only on a face that printed a mark.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { cellPointer, KIND_LEGENDS, legendAsPrinted, markedAt, markHtml } from '../src/render/marks.js';
import type { Face, Printable } from '../src/render/printable.js';
import { RenderError } from '../src/render/render-error.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-cell-mark-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A face of a template written here, with the marks a MarkBook gives (record `combat`). */
function draw(template: string, marks: Record<string, number>, record: unknown = TABLE): string {
  mkdirSync(path.join(dir, 'templates', 'raid'), { recursive: true });
  const name = `t${Math.random().toString(36).slice(2)}.hbs`;
  writeFileSync(path.join(dir, 'templates', 'raid', name), template);
  const printable = {
    kind: 'sheet',
    id: 'raid-tables',
    pack: 'raid',
    title: 'Tables',
    template: `raid/${name}`,
    orientation: 'portrait',
    faces: [],
  } as unknown as Printable;
  const face: Face = {
    context: { id: 'combat', record },
    marks,
    footnotes: Object.keys(marks).length > 0 ? [{ n: 1, entry: 'e', kind: 'erratum', reason: 'r' }] : [],
    copies: 1,
    label: 'combat',
  };
  return renderFace(createTemplates([path.join(dir, 'templates')]), printable, face);
}

const TABLE = { rows: [{ cells: ['AE', 'AR', 'DR'] }, { cells: ['AR', 'EX', 'DR'] }] };
const GRID = `<table>{{#each record.rows}}<tr>{{#each cells}}<td>{{this}}{{cellMark @root.marks @root.id "rows" @../index "cells" @index}}</td>{{/each}}</tr>{{/each}}</table>`;
const cells = (html: string) => [...html.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]);

describe('cellMark', () => {
  it('marks, in an {{#each}} over rows and cells, exactly the cell a layer set', () => {
    const html = draw(GRID, { 'combat/rows/1/cells/2': 1 });
    // The mark of the entry's kind (an erratum here: a dagger).
    expect(cells(html)).toEqual(['AE', 'AR', 'DR', 'AR', 'EX', `DR${markHtml('erratum')}`]);
  });

  it('marks every cell of a row a layer set whole, and of a table a layer set whole', () => {
    expect(cells(draw(GRID, { 'combat/rows/0': 1 })).filter((c) => c!.includes('layer-mark'))).toHaveLength(3);
    expect(cells(draw(GRID, { 'combat/rows': 1 })).filter((c) => c!.includes('layer-mark'))).toHaveLength(6);
    // Another record's marks, or a sibling row's, mark nothing here.
    expect(draw(GRID, { 'other/rows/0/cells/0': 1, 'combat/rows/10': 1 })).not.toContain('layer-mark');
  });

  it('takes a pointer as a step, for a table inside a record, and escapes keys as JSON pointers do', () => {
    const html = draw(
      `{{#each record.crt.rows}}{{#each this}}[{{this}}{{cellMark @root.marks @root.id "/crt/rows" @../index @index}}]{{/each}}{{/each}}`,
      { 'combat/crt/rows/0/1': 1 },
      { crt: { rows: [['a', 'b']] } },
    );
    expect(html).toBe(`[a][b${markHtml('erratum')}]`);
    expect(cellPointer(['/crt/rows', 0, 'a/b', 'c~d'])).toBe('/crt/rows/0/a~1b/c~0d');
    expect(markedAt({ 'r/a~1b': 1 }, 'r', '/a~1b/0')).toBe(true);
  });

  it("a step that is neither a key, a whole number nor a pointer is the template's error, saying which step", () => {
    expect(() => draw(`{{cellMark @root.marks @root.id "rows" record.rows}}`, {})).toThrow(RenderError);
    expect(() => draw(`{{cellMark @root.marks @root.id "rows" record.rows}}`, {})).toThrow(/step 2 is a list/);
    expect(() => draw(`{{cellMark @root.marks @root.id "rows" 1.5}}`, {})).toThrow(/step 2 is the number 1\.5/);
  });
});

describe('the legend of a face', () => {
  it("prints the line of a kind's mark only when the face printed that mark, wherever the legend stands", () => {
    // A layer set a cell, but this template marks nothing: no legend explains a mark that is not there.
    const unmarked = draw(`<p>{{record.rows.length}} rows</p>{{legend footnotes.length false}}`, { 'combat/rows/1/cells/2': 1 });
    expect(unmarked).not.toContain('mark-legend');
    expect(unmarked).not.toContain('layer-mark');
    // The same face marking the cell prints the legend, before or after the table.
    for (const template of [`${GRID}{{legend footnotes.length false}}`, `{{legend footnotes.length false}}${GRID}`]) {
      const html = draw(template, { 'combat/rows/1/cells/2': 1 });
      // The erratum's line alone: the face printed no mark of another kind.
      expect(html).toContain(`<div class="mark-legend"><p data-legend="erratum">${markHtml('erratum')} ${KIND_LEGENDS.erratum}</p></div>`);
    }
  });

  it('keeps the ? line only when an unknown mark was printed', () => {
    const withUnknown = draw(`{{known record.missing}}{{legend false true}}`, {}, { missing: null });
    expect(withUnknown).toContain('data-legend="unknown"');
    const without = draw(`{{known record.here}}{{legend false true}}`, {}, { here: 3 });
    expect(without).toBe('3');
    // A page of several faces is checked face by face: legendAsPrinted leaves HTML without a legend alone.
    expect(legendAsPrinted('<p>plain</p>')).toBe('<p>plain</p>');
  });
});
