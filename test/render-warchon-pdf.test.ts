// Warchon faces laid out by a real browser: nothing overflows its box (sheets in the 190 x 259 mm
// sheet box, a playmark's stat panels and notes), no text under 7 pt, in colour and with the ink
// saver; and the PDFs hold their pages and key text. Without Chromium they fail,
// saying how to install it (render-pipeline-support).
import { describe, expect, it } from 'vitest';
import { KIND_LEGENDS, KIND_MARKS } from '../src/render/marks.js';
import { SHEET_FACE } from '../src/render/compose.js';
import { previewDocument } from '../src/render/document.js';
import type { Printable } from '../src/render/printable.js';
import { render } from '../src/render/render.js';
import { printablesOf } from './content-support.js';
import { layoutProblems } from './layout-support.js';
import { browser, pdfinfo, pdftotext, templates, tempDir, useChrome } from './render-pipeline-support.js';

// The printables warchon's printables.yaml declares (the scenario and errata sheets: render-common-layout).
const printables = printablesOf('warchon').filter((p) => p.id !== 'warchon-scenarios' && p.id !== 'warchon-errata');

const BOXES = '.wsp, .wod, .wrf, .wpm, .wpm-info, .wpm-notes-middle, .wpm-notes-lower';

describe('warchon faces in Chromium', () => {
  const chrome = useChrome();

  async function problems(p: Printable, inkSaver: boolean): Promise<string[]> {
    const size = p.kind === 'sheet' ? SHEET_FACE : p.size!;
    const page = await chrome().newPage({ viewport: { width: Math.ceil((size.width / 25.4) * 96), height: Math.ceil((size.height / 25.4) * 96) } });
    const found: string[] = [];
    try {
      for (const face of p.faces) {
        for (const x of await layoutProblems(page, templates, p, face, size, { boxes: BOXES }, inkSaver))
          found.push(`${face.label}${inkSaver ? ' (ink saver)' : ''}: ${x}`);
      }
    } finally {
      await page.close();
    }
    return found;
  }

  for (const p of printables) {
    it(`${p.id}: every face fits its box, no text under 7 pt, in colour and ink saver`, async () => {
      expect([...(await problems(p, false)), ...(await problems(p, true))]).toEqual([]);
    }, 60_000);
  }

  it('notices a face that overflows', async () => {
    const spreads = printables.find((p) => p.id === 'warchon-spreads')!;
    const f = spreads.faces[0]!;
    const long = { ...f, context: { ...f.context, specialRules: Array.from({ length: 40 }, () => ({ text: 'A rule. '.repeat(20), pointers: [] })) } };
    expect((await problems({ ...spreads, faces: [long] }, false)).length).toBeGreaterThan(0);
  }, 60_000);

  it('prints the PDFs: a page per spread and per odds sheet, the playmark strips imposed', async () => {
    const out = tempDir('playmark-warchon-');
    const summary = await render({ printables, templates, outDir: out, browser });
    const file = (id: string) => `${out}/warchon/${id}.pdf`;
    expect(
      summary.files
        .filter((f) => f.kind === 'pdf')
        .map((f) => f.file)
        .sort(),
    ).toEqual(printables.map((p) => `warchon/${p.id}.pdf`).sort());
    expect((await pdfinfo(file('warchon-spreads'))).pages).toBe(7);
    expect((await pdfinfo(file('warchon-odds'))).pages).toBe(7);
    expect((await pdfinfo(file('warchon-reference'))).pages).toBe(2);
    expect((await pdfinfo(file('warchon-playmarks'))).pages).toBeGreaterThanOrEqual(1);
    const spread1 = await pdftotext(file('warchon-spreads'), 1);
    expect(spread1).toMatch(/ERDON PASS|Erdon Pass/i);
    expect(spread1.match(/Sp\. 1/gi)?.length).toBeGreaterThanOrEqual(4);
    expect(spread1).not.toContain('erdon-pass-rng-row-5');
    expect(spread1.replace(/\s+/g, ' ')).toContain(`${KIND_MARKS.inference} ${KIND_LEGENDS.inference}`);
    const strips = await pdftotext(file('warchon-playmarks'));
    // Six strips: two Baphite Swarm copies and one of each other printed unit; the activation
    // lines of the upright ends read as text (letter-spaced).
    expect(strips.match(/A ?C ?T ?I ?V ?A ?T ?E ?D/g)?.length).toBeGreaterThanOrEqual(6 * 2);
    expect(strips.match(/Special: -1 CS in/g)?.length).toBe(2);
    for (const name of ['Deathknoll', 'Crusaders', 'Paladins', 'Angels']) expect(strips).toContain(name);
    expect(await pdftotext(file('warchon-odds'), 1)).toContain('100.0%');
  }, 120_000);

  // Where the faces' content sits in the 190 x 259 mm sheet box: measured in Chromium, in mm.
  async function measure(p: Printable, faceIndex: number, script: string): Promise<Record<string, number>> {
    const page = await chrome().newPage({ viewport: { width: 800, height: 1100 } });
    try {
      await page.setContent(previewDocument(templates, p, p.faces[faceIndex]!, SHEET_FACE), { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready');
      return (await page.evaluate(`(() => { const mm = (px) => (px * 25.4) / 96; ${script} })()`)) as Record<string, number>;
    } finally {
      await page.close();
    }
  }

  const filled = `const box = document.querySelector('.face').firstElementChild.getBoundingClientRect();
      const last = Math.max(...[...document.querySelectorAll('.wrf-box, .wsp-tables, .wsp-events, .wsp-rules')].map((el) => el.getBoundingClientRect().bottom));
      return { used: (last - box.top) / box.height };`;

  it('the quick reference: Combat in four wide steps, two by two, and both pages at least half used', async () => {
    const reference = printables.find((p) => p.id === 'warchon-reference')!;
    const steps = await measure(
      reference,
      0,
      `const items = [...document.querySelectorAll('.wrf-combat .wrf-steps > li')];
      const r = items.map((li) => li.getBoundingClientRect());
      const lines = (el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      return { count: items.length, narrowest: mm(Math.min(...r.map((x) => x.width))), eventLines: lines(items[2].querySelector('p')),
        row34: Math.abs(r[2].top - r[3].top), row12: Math.abs(r[0].top - r[1].top) };`,
    );
    expect(steps.count).toBe(4);
    expect(steps.narrowest).toBeGreaterThan(80);
    expect(steps.eventLines).toBeLessThanOrEqual(8);
    expect(steps.row12).toBeLessThan(1);
    expect(steps.row34).toBeLessThan(1);
    for (const face of [0, 1]) expect((await measure(reference, face, filled)).used, `page ${face + 1}`).toBeGreaterThan(0.55);
  }, 60_000);

  it('the spreads use the paper: every spread fills at least two thirds of its sheet', async () => {
    const spreads = printables.find((p) => p.id === 'warchon-spreads')!;
    for (const [i, face] of spreads.faces.entries()) expect((await measure(spreads, i, filled)).used, face.label).toBeGreaterThan(0.66);
  }, 60_000);
});
