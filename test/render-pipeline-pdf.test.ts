// The print pipeline with a real headless Chromium, read back with pdf-lib and pdf.js: exact page sizes and
// boxes, page counts from deck counts and the n-up, embedded fonts, text, crop marks and duplex
// backs where the layout puts them (pixels), byte-identical renders, incremental and atomic output.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CROP_MARK, FULL_REACH } from '../src/render/crop-marks.js';
import { PAPER } from '../src/render/print-options.js';
import { CARD_SIZES, fitGrid, slot } from '../src/render/impose.js';
import { printOptions, render, type RenderSummary } from '../src/render/render.js';
import { composePrintable } from '../src/render/compose.js';
import { fixtureDeck, fixtureSheet } from './fixtures/render/printables.js';
import {
  box,
  browser,
  isBackCream,
  isDark,
  isFrontBlue,
  isGreen,
  isRed,
  isWhite,
  pdffonts,
  pdfinfo,
  pdftotext,
  raster,
  templates,
  tempDir,
} from './render-pipeline-support.js';

const deck = fixtureDeck(20); // 17 copies of card 1, then cards 2, 3, 4
const sheet = fixtureSheet();

describe('PDFs printed by headless Chromium', () => {
  const a4 = tempDir();
  let first: RenderSummary;
  const file = (dir: string, rel: string) => path.join(dir, rel);

  beforeAll(async () => {
    first = await render({ printables: [deck, sheet], templates, outDir: a4, duplex: 'long', browser });
  }, 120_000);

  it('writes every file with its page count: 20 poker cards at 9 a page, each front followed by its back', async () => {
    expect(first.files.filter((f) => f.kind === 'pdf')).toEqual([
      { file: 'calibration.pdf', kind: 'pdf', pages: 2, status: 'written' },
      { file: 'fixture/fixture-deck.pdf', kind: 'pdf', pages: 6, backPages: 3, status: 'written' },
      { file: 'fixture/fixture-sheet.pdf', kind: 'pdf', pages: 1, status: 'written' },
    ]);
    expect((await pdfinfo(file(a4, 'fixture/fixture-deck.pdf'))).pages).toBe(6);
    expect((await pdfinfo(file(a4, 'fixture/fixture-sheet.pdf'))).pages).toBe(1);
    expect(first.warnings).toEqual([]);
    // No temporary file is left behind.
    expect(readdirSync(path.join(a4, 'fixture')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('pages are exactly A4: 595.28 x 841.89 pt, every box', async () => {
    for (const rel of ['fixture/fixture-deck.pdf', 'fixture/fixture-sheet.pdf', 'calibration.pdf']) {
      const info = await pdfinfo(file(a4, rel), 1);
      expect(info.pageSize).toBe('595.28 x 841.89');
      for (const name of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox']) expect(box(info, name)).toEqual([0, 0, 595.28, 841.89]);
    }
  });

  it('embeds every font, the bundled ones, and no other', async () => {
    const fonts = await pdffonts(file(a4, 'fixture/fixture-deck.pdf'));
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    expect(fonts.every((f) => f.emb === 'yes')).toBe(true);
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(['Cinzel-Bold', 'IBMPlexSans-Regular', 'IBMPlexMono-Regular']));
    expect(names.every((n) => /^(Cinzel|IBMPlex)/.test(n))).toBe(true);
    expect((await pdffonts(file(a4, 'fixture/fixture-sheet.pdf'))).every((f) => f.emb === 'yes')).toBe(true);
  });

  it("holds every card's text as many times as the deck counts it, and escaped content as characters", async () => {
    const text = await pdftotext(file(a4, 'fixture/fixture-deck.pdf'));
    expect(text.match(/code-1\b/g)).toHaveLength(17);
    for (const n of [2, 3, 4]) expect(text.match(new RegExp(`code-${n}\\b`, 'g'))).toHaveLength(1);
    const sheetText = await pdftotext(file(a4, 'fixture/fixture-sheet.pdf'));
    expect(sheetText).toContain('A unit named <script>alert(1)</script> prints as those characters.');
    for (const cell of ['Roll', '-2', '+2', 'AE', 'A2', 'D1', 'A1', 'Eg', 'DE', 'fixture-erratum']) expect(sheetText).toContain(cell);
    // The PDF's metadata is fixed.
    const info = (await pdfinfo(file(a4, 'fixture/fixture-deck.pdf'))).fields;
    expect(info.Title).toBe('Fixture deck');
    expect(info.Creator).toMatch(/^playmark /);
    expect(info.CreationDate).toMatch(/2000/);
  });

  it('puts each card, its crop marks and its back where the layout says (long edge)', async () => {
    const composed = composePrintable(templates, deck, printOptions({ duplex: 'long' }));
    const pdf = file(a4, 'fixture/fixture-deck.pdf');
    // Page 5: the last two fronts, spread over the page (impose.ts spreadGrid) rather than in the top row's first slots.
    const front = await raster(pdf, 5);
    const [s0, s1] = composed.pages[4]!.slots!;
    expect(composed.pages[4]!.slots).toHaveLength(2);
    expect(isRed(front.at(s0!.x + 8, s0!.y + 8))).toBe(true);
    expect(isRed(front.at(s1!.x + 8, s1!.y + 8))).toBe(true);
    // The red square is 6 mm wide, 5 mm in from the trim.
    expect(isRed(front.at(s0!.x + 4.8, s0!.y + 8))).toBe(false);
    expect(isRed(front.at(s0!.x + 5.2, s0!.y + 8))).toBe(true);
    expect(isRed(front.at(s0!.x + 10.8, s0!.y + 8))).toBe(true);
    expect(isRed(front.at(s0!.x + 11.2, s0!.y + 8))).toBe(false);
    // The card's colour reaches 3 mm into the bleed, and stops there.
    expect(isFrontBlue(front.at(s0!.x - 2.7, s0!.y + 40))).toBe(true);
    expect(isWhite(front.at(s0!.x - 3.3, s0!.y + 40))).toBe(true);
    // A crop mark on each cut line of the cards on the page, in the margin outside the bleed,
    // never on the art; none where no cut line is.
    const markY = s0!.y - 3 - CROP_MARK.offset - 2;
    for (const x of [s0!.x, s0!.x + 63]) {
      expect(isDark(front.at(x, markY))).toBe(true);
      expect(isWhite(front.at(x - 0.6, markY))).toBe(true);
      expect(isDark(front.at(x, s0!.y - 3 - 0.5))).toBe(false);
    }
    expect(isDark(front.at(s0!.x + 31.5, markY))).toBe(false);
    // Every card on a page that is not full keeps its whole bleed on every side.
    expect(isFrontBlue(front.at(s1!.x + 63 + 2.7, s1!.y + 40))).toBe(true);
    expect(isWhite(front.at(s1!.x + 63 + 3.3, s1!.y + 40))).toBe(true);
    expect(isDark(front.at(s0!.x - 3 - CROP_MARK.offset - 2, s0!.y + 88))).toBe(true);
    expect(isFrontBlue(front.at(s0!.x + 30, s0!.y + 60))).toBe(true);
    // Page 6, their backs: columns mirrored (long edge), each back where its front is seen from behind.
    const back = await raster(pdf, 6);
    const backs = composed.pages[5]!.slots!;
    backs.forEach((b, k) => {
      const f = composed.pages[4]!.slots![k]!;
      expect(b.x).toBeCloseTo(PAPER.a4.width - f.x - f.width, 2);
      expect(b.y).toBeCloseTo(f.y, 2);
      expect(isGreen(back.at(b.x + 8, b.y + 8))).toBe(true);
      expect(isBackCream(back.at(b.x + 30, b.y + 60))).toBe(true);
    });
    // Backs carry no crop marks.
    expect(isDark(back.at(backs[0]!.x, markY))).toBe(false);
  });

  it('draws the calibration sheet: targets on the front, grids on the back', async () => {
    const text = await pdftotext(file(a4, 'calibration.pdf'));
    expect(text).toContain('Duplex calibration');
    expect(text).toMatch(/--back-offset X,Y/);
    expect(await pdftotext(file(a4, 'calibration.pdf'), 2)).toMatch(/X \(mm, \+ right\)/);
  });

  it('renders the same content to the same bytes, and only what changed again', async () => {
    const again = tempDir();
    await render({ printables: [deck, sheet], templates, outDir: again, duplex: 'long', browser });
    for (const rel of ['fixture/fixture-deck.pdf', 'fixture/fixture-sheet.pdf', 'calibration.pdf', 'fixture/fixture-deck.html']) {
      expect(readFileSync(file(again, rel)).equals(readFileSync(file(a4, rel))), rel).toBe(true);
    }
    // Nothing changed: nothing printed. One face changed: only its output.
    const before = statSync(file(a4, 'fixture/fixture-sheet.pdf')).mtimeMs;
    const changed = { ...deck, faces: [{ ...deck.faces[0]!, context: { ...deck.faces[0]!.context, code: 'code-one' } }, ...deck.faces.slice(1)] };
    const second = await render({ printables: [changed, sheet], templates, outDir: a4, duplex: 'long', browser });
    expect(second.files.filter((f) => f.kind === 'pdf').map((f) => `${f.file} ${f.status}`)).toEqual([
      'calibration.pdf unchanged',
      'fixture/fixture-deck.pdf written',
      'fixture/fixture-sheet.pdf unchanged',
    ]);
    expect(statSync(file(a4, 'fixture/fixture-sheet.pdf')).mtimeMs).toBe(before);
    expect(await pdftotext(file(a4, 'fixture/fixture-deck.pdf'))).toContain('code-one');
  });

  it('a failed render leaves the last good output', async () => {
    const good = readFileSync(file(a4, 'fixture/fixture-sheet.pdf'));
    const goodDeck = readFileSync(file(a4, 'fixture/fixture-deck.html'));
    const broken = { ...sheet, faces: [{ ...sheet.faces[0]!, context: { title: 'no columns' } }] };
    const changedDeck = fixtureDeck(5);
    await expect(render({ printables: [changedDeck, broken], templates, outDir: a4, browser })).rejects.toThrow(
      /sheet\.hbs:12:8: \[template\/unknown-field\] .*"text".*\(while drawing printable fixture-sheet, sheet 1\)/,
    );
    expect(readFileSync(file(a4, 'fixture/fixture-sheet.pdf')).equals(good)).toBe(true);
    expect(readFileSync(file(a4, 'fixture/fixture-deck.html')).equals(goodDeck)).toBe(true);
    expect(readdirSync(path.join(a4, 'fixture')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('other papers and layouts', () => {
  it('Letter is exactly 612 x 792 pt; full crop marks stop FULL_REACH from the art', async () => {
    const out = tempDir();
    await render({ printables: [deck], templates, outDir: out, paper: 'letter', duplex: 'none', cropMarks: 'full', browser });
    const pdf = path.join(out, 'fixture/fixture-deck.pdf');
    const info = await pdfinfo(pdf, 1);
    expect(info.pageSize).toBe('612 x 792');
    expect(box(info, 'MediaBox')).toEqual([0, 0, 612, 792]);
    // 8 poker cards a sheet on Letter, turned (6 upright inside the 5 mm margin): 3 sheets, no backs (--duplex none).
    expect((await pdfinfo(pdf)).pages).toBe(3);
    const composed = composePrintable(templates, deck, printOptions({ paper: 'letter', duplex: 'none', cropMarks: 'full' }));
    expect(composed.pages.map((p) => p.side)).toEqual(['front', 'front', 'front']);
    // Full crop marks run FULL_REACH from the art towards the edge, not down the empty paper: on
    // the last sheet, whose 4 cards are spread with room round them (a full sheet's marks stop at the printer-safe margin).
    const s0 = composed.pages[2]!.slots![0]!;
    const front = await raster(pdf, 3);
    const from = s0.y - 3 - CROP_MARK.offset;
    expect(isDark(front.at(s0.x, from - 0.5))).toBe(true);
    expect(isDark(front.at(s0.x, from - FULL_REACH + 0.5))).toBe(true);
    expect(isDark(front.at(s0.x, from - FULL_REACH - 0.5))).toBe(false);
  }, 60_000);

  // Poker cards on Letter lie turned a quarter turn (8 a sheet): each back must still be behind its
  // own face, and turned so that the cut card's back relates to its face as an upright card's does.
  // Checked from the fronts' slots alone: the face's red mark (5 mm in from its own top-left corner)
  // where the turn puts it, and the back's green mark (5 mm in from the back's own top-left) behind
  // the face's top-right corner (long edge: the card turned over like a book page) or its
  // bottom-left corner (short edge: turned over its top).
  for (const [duplex, offset] of [
    ['long', { x: 0, y: 0 }],
    ['short', { x: 2, y: 1 }],
  ] as const) {
    it(`turned cards on Letter: every back lands behind its own face (${duplex} edge${offset.x ? ', with a back offset' : ''})`, async () => {
      const out = tempDir();
      const options = { paper: 'letter', duplex, backOffset: offset } as const;
      await render({ printables: [deck], templates, outDir: out, browser, ...options });
      const pdf = path.join(out, 'fixture/fixture-deck.pdf');
      const composed = composePrintable(templates, deck, printOptions(options));
      expect(composed.pages.map((p) => p.faces!.length)).toEqual([8, 8, 8, 8, 4, 4]);
      expect((await pdfinfo(pdf)).pages).toBe(6);
      expect((await pdfinfo(path.join(out, 'calibration.pdf'))).pageSize).toBe('612 x 792');
      const { width: W, height: H } = CARD_SIZES.poker;
      const paper = PAPER.letter;
      // A point of the sheet's front, seen through the paper on the back page as it is printed.
      const behind = (p: { x: number; y: number }) =>
        duplex === 'long' ? { x: paper.width - p.x + offset.x, y: p.y + offset.y } : { x: p.x + offset.x, y: paper.height - p.y + offset.y };
      for (const sheet of [0, 2]) {
        const slots = composed.pages[sheet]!.slots!;
        const front = await raster(pdf, sheet + 1);
        const back = await raster(pdf, sheet + 2);
        for (const s of slots) {
          // Turned a quarter turn clockwise: 88 mm across, 63 mm down, the card's top along the slot's right side.
          expect([s.width, s.height]).toEqual([H, W]);
          const at = (u: number, v: number) => ({ x: s.x + H - v, y: s.y + u });
          expect(isRed(front.at(at(8, 8).x, at(8, 8).y))).toBe(true);
          expect(isRed(front.at(at(W - 8, 8).x, at(W - 8, 8).y))).toBe(false);
          const mark = behind(duplex === 'long' ? at(W - 8, 8) : at(8, H - 8));
          const wrong = behind(at(8, 8));
          expect(isGreen(back.at(mark.x, mark.y)), `${duplex} back of the slot at ${s.x}, ${s.y}`).toBe(true);
          expect(isGreen(back.at(wrong.x, wrong.y))).toBe(false);
          // The back's colour fills the whole trim behind the face: its corners, 1 mm in.
          for (const [u, v] of [
            [1, 1],
            [W - 1, 1],
            [1, H - 1],
            [W - 1, H - 1],
          ] as const) {
            const b = behind(at(u, v));
            expect(isWhite(back.at(b.x, b.y))).toBe(false);
          }
        }
      }
    }, 60_000);
  }

  it('print-on-demand: one card a page, TrimBox the card and BleedBox the bleed, exact to 0.1 mm; PNGs at 300 dpi', async () => {
    const out = tempDir();
    const summary = await render({
      printables: [fixtureDeck(3, { faces: 2 }), fixtureDeck(2, { id: 'fixture-tarot', faces: 1, size: CARD_SIZES.tarot, back: false })],
      templates,
      outDir: out,
      layout: 'pod',
      png: true,
      dpi: 300,
      browser,
    });
    const pdf = path.join(out, 'fixture/fixture-deck.pdf');
    expect((await pdfinfo(pdf)).pages).toBe(6); // 3 cards, each with its back
    const mm = (pt: number) => (pt * 25.4) / 72;
    for (const [rel, card] of [
      ['fixture/fixture-deck.pdf', CARD_SIZES.poker],
      ['fixture/fixture-tarot.pdf', CARD_SIZES.tarot],
    ] as const) {
      const info = await pdfinfo(path.join(out, rel), 1);
      const [x0, y0, x1, y1] = box(info, 'TrimBox') as [number, number, number, number];
      expect(Math.abs(mm(x1 - x0) - card.width)).toBeLessThan(0.1);
      expect(Math.abs(mm(y1 - y0) - card.height)).toBeLessThan(0.1);
      expect(Math.abs(mm(x0) - 3)).toBeLessThan(0.1);
      const [b0, c0, b1, c1] = box(info, 'BleedBox') as [number, number, number, number];
      expect([b0, c0]).toEqual([0, 0]);
      expect(Math.abs(mm(b1) - card.width - 6)).toBeLessThan(0.1);
      expect(Math.abs(mm(c1) - card.height - 6)).toBeLessThan(0.1);
      expect(box(info, 'MediaBox')).toEqual(box(info, 'BleedBox'));
    }
    expect((await pdfinfo(path.join(out, 'fixture/fixture-tarot.pdf'))).pages).toBe(2);
    // The card's art fills the bleed; the trim is where the box says.
    const r = await raster(pdf, 1);
    expect(isFrontBlue(r.at(0.5, 40))).toBe(true);
    expect(isRed(r.at(3 + 5.3, 3 + 5.3))).toBe(true);
    expect(isRed(r.at(3 + 4.7, 3 + 8))).toBe(false);
    // PNGs: each distinct face once, plus the back, card and bleed at 300 dpi.
    const pngs = summary.files.filter((f) => f.kind === 'png').map((f) => f.file);
    expect(pngs).toEqual([
      'fixture/fixture-deck/01-card-1.png',
      'fixture/fixture-deck/02-card-2.png',
      'fixture/fixture-deck/back.png',
      'fixture/fixture-tarot/01-card-1.png',
    ]);
    const png = PNG.sync.read(readFileSync(path.join(out, pngs[0]!)));
    expect(png.width).toBe(Math.round((69 / 25.4) * 300));
    expect(png.height).toBe(Math.round((94 / 25.4) * 300));
    const px = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    const dot = (mmv: number) => Math.round((mmv / 25.4) * 300);
    expect(isRed(px(dot(3 + 8), dot(3 + 8)))).toBe(true);
    expect(isFrontBlue(px(dot(1), dot(40)))).toBe(true);
    expect(readFileSync(path.join(out, pngs[0]!)).includes(Buffer.from('pHYs'))).toBe(true);
  }, 60_000);

  it('--only prints the documents it names and no calibration sheet, though the deck has backs; with --duplex, the sheet too', async () => {
    const out = tempDir();
    const r = await render({ printables: [fixtureDeck(3), sheet], only: ['fixture-deck'], templates, outDir: out, browser });
    expect(r.files.filter((f) => f.kind === 'pdf').map((f) => f.file)).toEqual(['fixture/fixture-deck.pdf']);
    expect(r.files.find((f) => f.file === 'fixture/fixture-deck.pdf')?.backPages).toBe(1);
    expect(existsSync(path.join(out, 'calibration.pdf'))).toBe(false);
    const asked = await render({ printables: [fixtureDeck(3), sheet], only: ['fixture-deck'], templates, outDir: out, duplex: 'long', browser });
    expect(asked.files.filter((f) => f.kind === 'pdf').map((f) => [f.file, f.status])).toEqual([
      ['calibration.pdf', 'written'],
      ['fixture/fixture-deck.pdf', 'unchanged'],
    ]);
  }, 60_000);

  it('gutter fold: fronts on one half, backs mirrored on the other, a fold line between', async () => {
    const out = tempDir();
    await render({ printables: [fixtureDeck(3)], templates, outDir: out, gutterFold: true, browser });
    const pdf = path.join(out, 'fixture/fixture-deck.pdf');
    const info = await pdfinfo(pdf, 1);
    expect(info.pageSize).toBe('841.89 x 595.28');
    expect(info.pages).toBe(1);
    expect(existsSync(path.join(out, 'calibration.pdf'))).toBe(false);
    const r = await raster(pdf, 1);
    // The fold line down the middle, dashed, in the gutter.
    let dark = 0;
    for (let y = 0; y < 210; y += 0.5) if (!isWhite(r.at(148.5, y))) dark++;
    expect(dark).toBeGreaterThan(100);
    const { grid } = fitGrid({ paper: { width: 148.5, height: 210 }, card: CARD_SIZES.poker, bleed: 3, gap: 'auto', margin: 4 });
    const s0 = slot(grid, 0).trim;
    expect(isRed(r.at(s0.x + 8, s0.y + 8))).toBe(true);
    // The first front's back: mirrored across the fold, upright (its mark at its own top-left).
    expect(isGreen(r.at(297 - s0.x - 63 + 8, s0.y + 8))).toBe(true);
  }, 60_000);

  it('ink saver: the light variant is lighter', async () => {
    const out = tempDir();
    await render({ printables: [sheet], templates, outDir: out, inkSaver: true, browser });
    expect(readFileSync(path.join(out, 'fixture/fixture-sheet.html'), 'utf8')).toContain('class="ink-saver"');
    expect((await pdfinfo(path.join(out, 'fixture/fixture-sheet.pdf'))).pages).toBe(1);
  }, 60_000);
});
