// Shared by the layout tests of every pack's printables: lays a face out in a real browser, as the
// preview document shows it at its printed size, and lists what would print badly.
import type { Page } from 'playwright-core';
import { previewDocument } from '../src/render/document.js';
import type { Templates } from '../src/render/handlebars.js';
import type { Face, Printable, Size } from '../src/render/printable.js';

export interface LayoutChecks {
  /** CSS selector of the boxes whose content must stay inside them (the face, panels, grids). */
  readonly boxes: string;
  /** Smallest text allowed, in points (default 6). */
  readonly minPt?: number;
  /** For cards and counters: text must keep this far (mm) inside the face's edge. */
  readonly safeAreaMm?: number;
}

// Evaluated in the page, as a string (the tests are typed without the DOM library).
const CHECK = `((checks) => {
  const out = [];
  for (const box of document.querySelectorAll(checks.boxes)) {
    const b = box.getBoundingClientRect();
    for (const child of box.querySelectorAll('*')) {
      const r = child.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(child).visibility === 'hidden') continue;
      const over = Math.max(r.bottom - b.bottom, r.right - b.right, b.left - r.left, b.top - r.top);
      if (over > 0.5) {
        out.push(box.className + ': ' + child.tagName + '.' + child.className + ' "' + (child.textContent || '').trim().slice(0, 30) + '" overflows by ' + over.toFixed(1) + 'px');
        break;
      }
    }
  }
  const face = document.querySelector('.face');
  const f = face ? face.getBoundingClientRect() : null;
  const safe = checks.safeAreaMm === null ? null : (checks.safeAreaMm * 96) / 25.4 - 0.5;
  for (const el of document.querySelectorAll('.face *')) {
    // SVG text is sized in the drawing's own units, scaled by its viewBox: its computed size is not what prints.
    if (el.closest('svg')) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent || '').trim())) continue;
    // Text that is not laid out (display: none, as a card's medal where it has no room) does not print.
    if (el.getClientRects().length === 0) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    // 1 pt = 4/3 CSS px.
    if (px < (checks.minPt * 4) / 3 - 0.01) out.push(el.tagName + '.' + el.className + ' "' + (el.textContent || '').trim().slice(0, 20) + '" at ' + (px * 0.75).toFixed(1) + ' pt');
    if (safe === null || !f) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of range.getClientRects()) {
      if (Math.min(r.left - f.left, r.top - f.top, f.right - r.right, f.bottom - r.bottom) < safe) {
        out.push(el.tagName + '.' + el.className + ' "' + (el.textContent || '').trim().slice(0, 20) + '" outside the safe area');
        break;
      }
    }
  }
  return out;
})`;

/** What would print badly on one face at `size`: overflowing boxes, text too small, text off the safe area. */
export async function layoutProblems(
  page: Page,
  templates: Templates,
  p: Printable,
  face: Face,
  size: Size,
  checks: LayoutChecks,
  inkSaver = false,
): Promise<string[]> {
  await page.setViewportSize({ width: Math.ceil((size.width / 25.4) * 96), height: Math.ceil((size.height / 25.4) * 96) });
  await page.setContent(previewDocument(templates, p, face, size, inkSaver), { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready');
  const args = JSON.stringify({ boxes: checks.boxes, minPt: checks.minPt ?? 7, safeAreaMm: checks.safeAreaMm ?? null });
  return (await page.evaluate(`${CHECK}(${args})`)) as string[];
}
