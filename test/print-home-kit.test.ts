// A kit a home printer can make (issue 23): nothing printed within the printer-safe margin of any
// page of the three kits on A4 and Letter, every font in them embedded from the bundled families,
// card backs in the default kit as their own pages, a page of few pieces spread over the page,
// bleed on every cut piece (Warchon's playmarks too), and text cut off in its box reported by the
// render (an error with --strict), none in the shipped packs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/effective.js';
import { combinedLayout, composePrintable, DEFAULT_PRINT, PAPER, type PrintOptions } from '../src/render/compose.js';
import { printDocuments } from '../src/render/documents.js';
import { FULL_REACH } from '../src/render/crop-marks.js';
import { fitGrid, gridOptions, slot } from '../src/render/impose.js';
import type { CardPrintable, Printable } from '../src/render/printable.js';
import { packPrintables } from '../src/render/printables.js';
import { render, type RenderSummary } from '../src/render/render.js';
import { TextCutOffError } from '../src/render/render-error.js';
import { contextsOf, packContentOf } from './content-support.js';
import { badCaseProject } from './helpers.js';
import { browser, isWhite, pdffonts, type Raster, raster, rasterAll, templates, tempDir } from './render-pipeline-support.js';

const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;

function printableOf(pack: string, id: string, print: PrintOptions = DEFAULT_PRINT): Printable {
  const content = packContentOf(pack);
  const p = packPrintables(content, { playmarkVersion: 'test', print, contexts: contextsOf(content) }).find((q) => q.id === id);
  if (!p) throw new Error(`no printable ${id}`);
  return p;
}

/** The points of each page's border strip `depth` mm deep, every half millimetre, that are not white (every page drawn from one load of the file). */
async function inkInBorders(file: string, paper: { width: number; height: number }, depth: number): Promise<{ pages: number; found: string[] }> {
  const pages = await rasterAll(file, 50);
  return { pages: pages.length, found: pages.flatMap((r, i) => inkInBorder(r, `${path.basename(file)} p.${i + 1}`, paper, depth)) };
}

/** The points of a drawn page's border strip `depth` mm deep, every half millimetre, that are not white. */
function inkInBorder(r: Raster, where: string, paper: { width: number; height: number }, depth: number): string[] {
  const size = r.width > r.height ? { width: paper.height, height: paper.width } : paper;
  const found: string[] = [];
  const check = (x: number, y: number) => {
    if (!isWhite(r.at(x, y))) found.push(`${where} at ${x.toFixed(1)}, ${y.toFixed(1)} mm`);
  };
  for (let d = 0.25; d <= depth; d += 0.5) {
    for (let x = 0.25; x < size.width; x += 0.5) {
      check(x, d);
      check(x, size.height - d);
    }
    for (let y = 0.25; y < size.height; y += 0.5) {
      check(d, y);
      check(size.width - d, y);
    }
  }
  return found;
}

for (const paper of ['a4', 'letter'] as const) {
  describe(`the three kits on ${paper}, default options`, () => {
    let out: string;
    let summary: RenderSummary;
    beforeAll(async () => {
      out = tempDir();
      summary = await render({ contents: PACKS.map((p) => packContentOf(p)), outDir: out, paper, browser });
    }, 180_000);

    it('print nothing within the 5 mm printer-safe margin on any page: art, crop marks and footers stay inside', async () => {
      const pdfs = summary.files.filter((f) => f.kind === 'pdf');
      expect(pdfs.length).toBeGreaterThan(20);
      const found: string[] = [];
      for (const f of pdfs) {
        // Half a millimetre of the margin is left for the anti-aliasing of what stops exactly at 5 mm.
        const ink = await inkInBorders(path.join(out, f.file), PAPER[paper], 4.5);
        expect(ink.pages, f.file).toBe(f.pages);
        found.push(...ink.found);
      }
      expect(found.slice(0, 5)).toEqual([]);
    }, 300_000);

    // Chromium writes a Type 3 font for a synthetic bold or italic it has no face for, and takes a
    // glyph the bundled fonts lack from a system font: the PDF would print differently elsewhere.
    it('embed every font of every PDF, subset, from the bundled families: no system font, no Type 3', async () => {
      const pdfs = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf'));
      expect(pdfs.length).toBeGreaterThanOrEqual(19);
      const bad: string[] = [];
      for (const rel of pdfs) {
        for (const font of await pdffonts(path.join(out, rel))) {
          if (font.emb !== 'yes') bad.push(`${rel}: ${font.name} not embedded`);
          if (font.type === 'Type 3') bad.push(`${rel}: ${font.name} is a Type 3 font`);
          if (!/^[A-Z]{6}\+(IBMPlex|Cinzel|NotoSans)/.test(font.name)) bad.push(`${rel}: ${font.name} is not a bundled font`);
        }
      }
      expect(bad).toEqual([]);
    }, 120_000);

    it('report no text cut off in the shipped packs', () => {
      expect(summary.warnings.filter((w) => w.includes('cut off'))).toEqual([]);
    });

    it("print the Archon deck's backs by default, a page of backs after each page of fronts", async () => {
      const deck = summary.files.find((f) => f.file === 'archon-skirmish/archon-skirmish-deck.pdf')!;
      // The summary says which documents have pages of backs, and how many (what the cover reads).
      expect(deck.backPages).toBe(deck.pages / 2);
      expect(summary.files.find((f) => f.file === 'archon-skirmish/archon-skirmish-board.pdf')!.backPages).toBeUndefined();
      const composed = composePrintable(templates, printableOf('archon-skirmish', 'archon-skirmish-deck', { ...DEFAULT_PRINT, paper }), {
        ...DEFAULT_PRINT,
        paper,
      });
      const sides = composed.pages.map((p) => p.side);
      expect(sides.length).toBe(deck.pages);
      // A full sheet holds 9 upright on A4, 8 turned on Letter (6 upright would fit inside its 5 mm margin).
      const full = Math.max(...composed.pages.map((p) => p.faces!.length));
      expect(full).toBe(paper === 'a4' ? 9 : 8);
      const turned = composed.pages[0]!.slots!.every((t) => t.width > t.height);
      expect(turned).toBe(paper === 'letter');
      expect(sides.filter((s) => s === 'back')).toHaveLength(deck.pages / 2);
      sides.forEach((s, i) => expect(s).toBe(i % 2 === 0 ? 'front' : 'back'));
      // Each back page holds a back where its front page holds a front, mirrored for the long edge, printed in its colour.
      const backPage = composed.pages[1]!;
      expect(backPage.faces!.length).toBe(composed.pages[0]!.faces!.length);
      const r = await raster(path.join(out, deck.file), 2, 50);
      for (const s of backPage.slots!) expect(isWhite(r.at(s.x + s.width / 2, s.y + 5))).toBe(false);
    }, 60_000);
  });
}

describe('the printer-safe margin with other layouts', () => {
  for (const [name, options] of [
    ['--combine --crop-marks full on Letter', { combine: true, cropMarks: 'full', paper: 'letter' }],
    ['--gutter-fold on A4', { gutterFold: true }],
  ] as const) {
    it(`${name}: nothing printed within 5 mm of the edge of the Archon kit's cards and counters`, async () => {
      const out = tempDir();
      // Only the cards and counters are printed (--only): the kit's sheets are not looked at here.
      const content = packContentOf('archon-skirmish');
      const cards = packPrintables(content, { playmarkVersion: 'test', contexts: contextsOf(content) }).filter((p) => p.kind === 'card');
      const summary = await render({ contents: [content], only: cards.map((p) => p.id), outDir: out, browser, ...options });
      const found: string[] = [];
      for (const f of summary.files.filter((x) => x.kind === 'pdf' && /deck|creatures|markers|cards-and-counters/.test(x.file))) {
        const ink = await inkInBorders(path.join(out, f.file), PAPER[options.paper ?? 'a4'], 4.5);
        expect(ink.pages, f.file).toBe(f.pages);
        found.push(...ink.found);
      }
      expect(found.slice(0, 5)).toEqual([]);
    }, 180_000);
  }
});

describe('small pieces laid out across the page', () => {
  for (const paper of ['a4', 'letter'] as const) {
    it(`${paper}: the Archon creatures use more than half the page's height, not a strip at its top`, () => {
      const print = { ...DEFAULT_PRINT, paper };
      const composed = composePrintable(templates, printableOf('archon-skirmish', 'archon-skirmish-creatures', print), print);
      const front = composed.pages[0]!;
      expect(front.faces).toHaveLength(16);
      const top = Math.min(...front.slots!.map((s) => s.y));
      const bottom = Math.max(...front.slots!.map((s) => s.y + s.height));
      expect(bottom - top).toBeGreaterThan(PAPER[paper].height / 2);
      // Centred: as much room above as below.
      expect(top).toBeCloseTo(PAPER[paper].height - bottom, 1);
    });
  }

  for (const paper of ['a4', 'letter'] as const) {
    it(`${paper}: --combine spreads every shared sheet of Archon's and Warmaster's cards and counters over the page, centred, never a band at its top`, () => {
      const print = { ...DEFAULT_PRINT, paper };
      const height = PAPER[paper].height;
      let sheets = 0;
      let spread = 0;
      for (const pack of ['archon-skirmish', 'warmaster']) {
        const content = packContentOf(pack);
        const all = packPrintables(content, { playmarkVersion: 'test', print, contexts: contextsOf(content) });
        const doc = printDocuments(all, { combine: true }).find((d) => d.kind === 'combined')!;
        for (const bands of combinedLayout(doc.printables as CardPrintable[], print).pages) {
          const slots = bands.flatMap((b) => b.items.map((_, k) => slot(b.grid, k).trim));
          const top = Math.min(...slots.map((t) => t.y));
          const bottom = Math.max(...slots.map((t) => t.y + t.height));
          sheets++;
          // As much room above the pieces as below them (within the bands' crop-mark room).
          expect(Math.abs(top - (height - bottom)), `${pack} on ${paper}: ${top.toFixed(1)} mm above, ${(height - bottom).toFixed(1)} below`).toBeLessThan(3);
          if (bottom - top > height / 2) spread++;
        }
      }
      // Every sheet but one holding a single piece reaches over more than half the page.
      expect(sheets).toBeGreaterThan(5);
      expect(spread).toBeGreaterThanOrEqual(sheets - 1);
    });
  }

  it('--crop-marks full draws cut lines across the pieces and their gutters, never down the empty page', () => {
    const print: PrintOptions = { ...DEFAULT_PRINT, cropMarks: 'full' };
    const composed = composePrintable(templates, printableOf('archon-skirmish', 'archon-skirmish-markers', print), print);
    const slots = composed.pages[0]!.slots!;
    const reach = FULL_REACH + 1 + DEFAULT_PRINT.bleed + 0.01;
    const box = {
      top: Math.min(...slots.map((s) => s.y)) - reach,
      bottom: Math.max(...slots.map((s) => s.y + s.height)) + reach,
      left: Math.min(...slots.map((s) => s.x)) - reach,
      right: Math.max(...slots.map((s) => s.x + s.width)) + reach,
    };
    const d = /class="pm-crop" d="([^"]+)"/.exec(composed.html)![1]!;
    const points = [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    expect(points.length).toBeGreaterThan(40);
    for (const p of points) {
      expect(p.y).toBeGreaterThanOrEqual(box.top);
      expect(p.y).toBeLessThanOrEqual(box.bottom);
      expect(p.x).toBeGreaterThanOrEqual(box.left);
      expect(p.x).toBeLessThanOrEqual(box.right);
    }
    // Lines in the gutters between the pieces, where scissors go.
    const inGutter = points.filter((p) => slots.every((s) => p.x < s.x - 3 || p.x > s.x + s.width + 3 || p.y < s.y - 3 || p.y > s.y + s.height + 3));
    expect(inGutter.length).toBeGreaterThan(0);
  });
});

describe('the printer-safe margin is an option', () => {
  const poker = { width: 63, height: 88 };

  it('poker cards on Letter: 9 a sheet inside a 2 mm margin, 8 turned inside 5 mm (6 upright; fewer a sheet rather than art at the edge)', () => {
    const at = (safeMargin: number) => fitGrid(gridOptions({ ...DEFAULT_PRINT, safeMargin }, poker, PAPER.letter)).grid;
    expect(at(2).perPage).toBe(9);
    expect(at(2).turned).toBeUndefined();
    expect(at(5).perPage).toBe(8);
    expect(at(5).turned).toBe(true);
    expect([at(5).cols.count, at(5).rows.count]).toEqual([2, 4]);
    for (const s of [2, 5]) {
      const g = at(s);
      expect(g.rows.start - g.rows.outerBleed).toBeGreaterThanOrEqual(s);
      expect(g.cols.start - g.cols.outerBleed).toBeGreaterThanOrEqual(s);
    }
  });

  it('poker cards on A4 keep 9 a sheet inside 5 mm, their art 5 mm or more from every edge', () => {
    const g = fitGrid(gridOptions(DEFAULT_PRINT, poker, PAPER.a4)).grid;
    expect(g.perPage).toBe(9);
    expect(g.cols.start - g.cols.outerBleed).toBeGreaterThanOrEqual(5);
    expect(g.rows.start - g.rows.outerBleed).toBeGreaterThanOrEqual(5);
  });

  it('a piece that fits inside the margin only turned prints turned (the 190 mm wide Archon turn card inside 15 mm of A4); one that fits neither way is an error naming --safe-margin', () => {
    const turn = { width: 190, height: 132 };
    expect(fitGrid(gridOptions(DEFAULT_PRINT, turn, PAPER.a4)).grid.perPage).toBe(2);
    const inside15 = fitGrid(gridOptions({ ...DEFAULT_PRINT, safeMargin: 15 }, turn, PAPER.a4)).grid;
    expect([inside15.turned, inside15.perPage]).toEqual([true, 1]);
    expect(() => fitGrid(gridOptions({ ...DEFAULT_PRINT, safeMargin: 15 }, { width: 190, height: 250 }, PAPER.a4))).toThrow(
      /^a 190 mm card does not fit inside the 15 mm printer-safe margin.*--safe-margin/,
    );
  });

  it("a sheet whose face reaches into the margin is reported (Letter's 10.2 mm above and below a sheet's face, with --safe-margin 12)", () => {
    const print: PrintOptions = { ...DEFAULT_PRINT, paper: 'letter', safeMargin: 12 };
    const composed = composePrintable(templates, printableOf('archon-skirmish', 'archon-skirmish-board', print), print);
    expect(composed.warnings).toEqual([expect.stringMatching(/^archon-skirmish-board: its 190 x 259 mm face comes 10\.2 mm from the edge of letter paper/)]);
  });
});

describe("bleed on every cut piece: Warchon's playmarks", () => {
  it("each playmark's colour runs past its trim on every side", async () => {
    const out = tempDir();
    await render({ contents: [packContentOf('warchon')], only: ['warchon-playmarks'], outDir: out, browser });
    const p = printableOf('warchon', 'warchon-playmarks') as CardPrintable;
    const composed = composePrintable(templates, p, DEFAULT_PRINT);
    const r = await raster(path.join(out, 'warchon/warchon-playmarks.pdf'), 1, 100);
    const slots = composed.pages[0]!.slots!;
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots) {
      // 1 mm outside the trim, at the middle of each side.
      const outside = [
        [s.x - 1, s.y + s.height / 2],
        [s.x + s.width + 1, s.y + s.height / 2],
        [s.x + s.width / 2, s.y - 1],
        [s.x + s.width / 2, s.y + s.height + 1],
      ] as const;
      for (const [x, y] of outside) expect(isWhite(r.at(x, y)), `${x}, ${y}`).toBe(false);
    }
  }, 60_000);
});

describe('text cut off in its box', () => {
  const project = badCaseProject('render-text-hidden');
  const content = () => loadContent([path.join(project, 'content/mini')], { cwd: project, cacheDir: false }).packs.get('mini')!;
  const options = () => ({ contents: [content()], templateDirs: [path.join(project, 'templates')], only: ['mini-cards'], outDir: tempDir(), browser });

  it('is a render warning naming the printable and the face (its record), though the face itself fits its card', async () => {
    const summary = await render(options());
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(
      /^mini\/mini-cards\.pdf: the printable mini-cards \(face: card knight\) has text cut off: "[^"]*guarding a gate\." runs [\d.]+ mm past/,
    );
  }, 60_000);

  it('is found on cards turned a quarter turn to fit the paper (poker cards on Letter), measured as the card reads', async () => {
    const summary = await render({ ...options(), paper: 'letter' });
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(
      /^mini\/mini-cards\.pdf: the printable mini-cards \(face: card knight\) has text cut off: "[^"]*guarding a gate\." runs [\d.]+ mm past/,
    );
    const html = readFileSync(path.join(summary.outDir, 'mini/mini-cards.html'), 'utf8');
    expect(html).toContain('rotate(90deg)');
  }, 60_000);

  it('is an error with strict, every cut-off face in it, after the outputs are written', async () => {
    const o = options();
    const error = await render({ ...o, strict: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TextCutOffError);
    expect((error as TextCutOffError).cutOff).toEqual([expect.stringContaining('the printable mini-cards (face: card knight)')]);
  }, 60_000);
});
