// The scenario and errata sheets of every pack laid out by a real browser: each page fits the
// 190 x 259 mm sheet box (the errata pages are split by estimated heights: this checks the
// estimate), and no text prints under 7 pt. Fail, saying how to install it, without Chromium.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonPrintables } from '../src/render/common/index.js';
import { PAPER } from '../src/render/print-options.js';
import { packContentOf } from './content-support.js';
import { createTemplates } from '../src/render/handlebars.js';
import { repoRoot } from './helpers.js';
import { layoutProblems } from './layout-support.js';
import { useChrome } from './render-pipeline-support.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));

describe('common sheets layout in Chromium', () => {
  const browser = useChrome();

  for (const pack of ['archon-skirmish', 'warchon', 'warmaster']) {
    for (const p of commonPrintables(packContentOf(pack), { playmarkVersion: 'test' })) {
      it(`${p.id}: every page fits the sheet box, text at least 7 pt`, async () => {
        const size = PAPER.a4;
        const page = await browser().newPage();
        try {
          for (const inkSaver of [false, true]) {
            for (const face of p.faces) {
              const problems = await layoutProblems(page, templates, p, face, size, { boxes: '.cs-page' }, inkSaver);
              // Particular to the common sheets: the box is the 190 x 259 mm sheet. The page footer
              // (game, sheet, page number) is the document layout's, in the margin outside the box;
              // no sheet has a footer of its own (one footer for every game).
              problems.push(
                ...((await page.evaluate(`(() => {
                  const out = [];
                  const box = document.querySelector('.cs-page');
                  const b = box.getBoundingClientRect();
                  if (Math.abs(b.width - (190 * 96) / 25.4) > 1 || Math.abs(b.height - (259 * 96) / 25.4) > 1) out.push('sheet box ' + b.width + ' x ' + b.height + ' px');
                  if (box.scrollHeight > box.clientHeight + 1) out.push('content ' + (box.scrollHeight - box.clientHeight) + ' px taller than the sheet box');
                  if (box.querySelector('footer')) out.push('a footer of its own besides the page footer');
                  for (const el of box.querySelectorAll('.er-entry, .cs-side, .footnotes, .cs-box')) {
                    if (el.getBoundingClientRect().bottom > b.bottom + 0.5) out.push(el.className + ' runs out of the sheet box');
                  }
                  return out;
                })()`)) as string[]),
              );
              expect(problems, `${face.label}${inkSaver ? ' (ink saver)' : ''}`).toEqual([]);
            }
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});
