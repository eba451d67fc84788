import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fontFaceCss } from './fonts.js';
import type { Templates } from './handlebars.js';
import type { Face, Printable, Size } from './printable.js';

export const PAPER: Readonly<Record<'a4' | 'letter', Size>> = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
};

/**
 * The CSS every document carries: fonts, playmark's print.css, and the pack's own CSS if it has
 * one (`templates/<pack>/<pack>.css`, the project's before playmark's).
 */
export function documentCss(templates: Templates, pack: string): string {
  const read = (file: string | undefined) => {
    try {
      return file ? readFileSync(file, 'utf8') : '';
    } catch {
      return '';
    }
  };
  return [fontFaceCss(), read(path.join(templates.dir, 'print.css')), read(templates.resolve(`${pack}/${pack}.css`))].join('\n');
}

/**
 * One face's HTML: its template filled with its context, marks and footnotes.
 *
 * How the print pipeline (compose.ts) places it: inside `<div class="face face-sheet">` of 190 x
 * 259 mm centred on the paper (SHEET_FACE; landscape turns it), or inside `<div class="face
 * face-card face-front|face-back">` whose padding box is the card's trim and whose transparent
 * border is as wide as the bleed: a background drawn on `.face` (e.g. `.face:has(> .my-card)`)
 * reaches into the bleed, while `inset: 0`, percentages and the content box stay the trim, as in
 * previewDocument. Nothing else about a face changes between preview and print.
 */
export function renderFace(templates: Templates, printable: Printable, face: Face): string {
  return templates.render(printable.template, { ...face.context, marks: face.marks, footnotes: face.footnotes });
}

/**
 * A standalone HTML page showing one face at its printed size, for previews and screenshots.
 * (The print pipeline composes its own documents: imposition, backs, crop marks.)
 */
export function previewDocument(templates: Templates, printable: Printable, face: Face, size: Size, inkSaver = false): string {
  return `<!doctype html>
<html lang="en"${inkSaver ? ' class="ink-saver"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(printable.title)}</title>
<style>${documentCss(templates, printable.pack)}
@page { size: ${size.width}mm ${size.height}mm; margin: 0; }
.face { width: ${size.width}mm; height: ${size.height}mm; }
</style></head>
<body><div class="face face-${printable.kind}">${renderFace(templates, printable, face)}</div></body></html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
