// The print pipeline without a browser: imposition math, crop marks, browser discovery, the pool,
// output files, composed documents.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCandidates, BrowserNotFound, findBrowser, installHelp } from '../src/render/browser.js';
import { composeCalibration, calibrationTargets, backOf } from '../src/render/calibration.js';
import { composePrintable, DEFAULT_PRINT, forPrinting, SHEET_FACE } from '../src/render/compose.js';
import { CROP_MARK, cropMarks, cutLines, FULL_REACH, gridBleedBox } from '../src/render/crop-marks.js';
import {
  CARD_SIZES,
  fitAxis,
  fitGrid,
  fitGutterFold,
  mirrorForDuplex,
  mirrorForFold,
  pageCount,
  parseCardSize,
  SEAM,
  slot,
  type Placement,
} from '../src/render/impose.js';
import { hashOf, isCurrent, readManifest, writeAtomic, writeManifest } from '../src/render/output.js';
import { crc32, slug, withDpi } from '../src/render/png.js';
import { poolSize, runPool } from '../src/render/pool.js';
import { createProgress } from '../src/render/progress.js';
import { render } from '../src/render/render.js';
import { PAPER } from '../src/render/print-options.js';
import { fixtureDeck, fixtureSheet } from './fixtures/render/printables.js';
import { templates, tempDir } from './render-pipeline-support.js';

const A4 = PAPER.a4;
const LETTER = PAPER.letter;
const poker = CARD_SIZES.poker;
const near = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) < eps;

describe('card sizes', () => {
  it('knows the presets and reads WxH in millimetres', () => {
    expect(parseCardSize('poker')).toEqual({ width: 63, height: 88 });
    expect(parseCardSize('Bridge')).toEqual({ width: 57, height: 89 });
    expect(parseCardSize('mini')).toEqual({ width: 44, height: 63 });
    expect(parseCardSize('tarot')).toEqual({ width: 70, height: 120 });
    expect(parseCardSize('63.5x88.9')).toEqual({ width: 63.5, height: 88.9 });
    expect(parseCardSize('25 x 25 mm')).toEqual({ width: 25, height: 25 });
    expect(parseCardSize('huge')).toBeUndefined();
    expect(parseCardSize('0x10')).toBeUndefined();
  });
});

describe('n-up imposition', () => {
  it('fits 9 poker cards on A4 and on Letter with 3 mm bleed, centred, shared cut lines', () => {
    for (const paper of [A4, LETTER]) {
      const { grid, warnings } = fitGrid({ paper, card: poker, bleed: 3, gap: 0, margin: 4 });
      expect(grid.cols.count).toBe(3);
      expect(grid.rows.count).toBe(3);
      expect(grid.perPage).toBe(9);
      expect(warnings).toEqual([]);
      // Centred: the same room on both sides.
      expect(near(grid.cols.start * 2 + 3 * 63, paper.width)).toBe(true);
      expect(near(grid.rows.start * 2 + 3 * 88, paper.height)).toBe(true);
      expect(grid.cols.outerBleed).toBe(3);
      expect(grid.cols.innerBleed).toBe(SEAM);
    }
    expect(pageCount(20, 9)).toBe(3);
    expect(pageCount(0, 9)).toBe(0);
  });

  it('counts from paper, card, bleed, gap and margin', () => {
    // 2 x 3 mm bleed between cards: poker no longer fits three across on A4 with room for marks
    // (6 upright); turned a quarter turn, 2 x 4 fit.
    const wide = fitGrid({ paper: A4, card: poker, bleed: 3, gap: 6, margin: 4 }).grid;
    expect(wide.perPage).toBe(8);
    expect(wide.turned).toBe(true);
    expect([wide.cols.card, wide.rows.card]).toEqual([88, 63]);
    expect(fitGrid({ paper: A4, card: CARD_SIZES.mini, bleed: 3, gap: 0, margin: 4 }).grid.perPage).toBe(3 * 6); // turned: 4 x 4 upright
    expect(fitGrid({ paper: A4, card: CARD_SIZES.tarot, bleed: 3, gap: 0, margin: 4 }).grid.perPage).toBe(2 * 2);
    expect(fitGrid({ paper: LETTER, card: CARD_SIZES.bridge, bleed: 3, gap: 0, margin: 4 }).grid.perPage).toBe(2 * 4); // turned: 3 x 2 upright
    const axis = fitAxis(210, 63, 3, 6, 4).axis;
    expect(axis.innerBleed).toBe(3);
    expect(axis.step).toBe(69);
  });

  it('warns when the bleed does not fit, and keeps what fits', () => {
    const big = fitGrid({ paper: A4, card: { width: 206, height: 200 }, bleed: 3, gap: 0, margin: 4 });
    expect(big.grid.perPage).toBe(1);
    expect(big.grid.cols.outerBleed).toBeCloseTo(2, 6);
    expect(big.warnings.join()).toMatch(/bleed .* does not fit/);
    const tight = fitGrid({ paper: A4, card: { width: 200, height: 200 }, bleed: 3, gap: 0, margin: 4 });
    expect(tight.warnings.join()).toMatch(/less than 4 mm for crop marks/);
    expect(() => fitGrid({ paper: A4, card: { width: 300, height: 100 }, bleed: 3, gap: 0, margin: 4 })).toThrow(/does not fit/);
  });

  it('places slots row by row, with outer bleed outside the grid and seam bleed inside', () => {
    const { grid } = fitGrid({ paper: A4, card: poker, bleed: 3, gap: 0, margin: 4 });
    const first = slot(grid, 0);
    const middle = slot(grid, 4);
    const last = slot(grid, 8);
    expect(first.trim).toEqual({ x: 10.5, y: 16.5, width: 63, height: 88 });
    expect(first.bleed).toEqual({ left: 3, top: 3, right: SEAM, bottom: SEAM });
    expect(middle.trim).toMatchObject({ x: 73.5, y: 104.5 });
    expect(middle.bleed).toEqual({ left: SEAM, top: SEAM, right: SEAM, bottom: SEAM });
    expect(last.bleed).toEqual({ left: SEAM, top: SEAM, right: 3, bottom: 3 });
  });

  it('mirrors backs for duplex: columns on the long edge, rows on the short edge, plus the back offset', () => {
    const { grid } = fitGrid({ paper: A4, card: { width: 50, height: 70 }, bleed: 3, gap: 0, margin: 4 });
    const s = slot(grid, 0); // top-left
    const long = mirrorForDuplex(s, A4, 'long');
    expect(long.trim.x).toBeCloseTo(A4.width - s.trim.x - 50, 9);
    expect(long.trim.y).toBe(s.trim.y);
    expect(long.bleed).toEqual({ ...s.bleed, left: s.bleed.right, right: s.bleed.left });
    // The top-left front's back is the top-right back: the last column.
    expect(long.trim.x).toBeCloseTo(slot(grid, grid.cols.count - 1).trim.x, 9);
    const short = mirrorForDuplex(s, A4, 'short');
    expect(short.trim.x).toBe(s.trim.x);
    expect(short.trim.y).toBeCloseTo(slot(grid, (grid.rows.count - 1) * grid.cols.count).trim.y, 9);
    expect(short.bleed).toEqual({ ...s.bleed, top: s.bleed.bottom, bottom: s.bleed.top });
    const shifted = mirrorForDuplex(s, A4, 'long', { x: 1.5, y: -0.5 });
    expect(shifted.trim.x).toBeCloseTo(long.trim.x + 1.5, 9);
    expect(shifted.trim.y).toBeCloseTo(long.trim.y - 0.5, 9);
  });

  it("a turned card's back relates to its face as an upright card's does: duplex on either edge, and both gutter folds", () => {
    // A point of a card (mm from its own top-left, as it reads) on the page: the face turned clockwise about its trim's centre.
    const turn = (a: number, b: number, deg: number): [number, number] => (deg === 90 ? [-b, a] : deg === 180 ? [-a, -b] : deg === 270 ? [b, -a] : [a, b]);
    const onPage = (p: Placement, u: number, v: number) => {
      const q = p.rotate === 90 || p.rotate === 270;
      const [w, h] = q ? [p.trim.height, p.trim.width] : [p.trim.width, p.trim.height];
      const [dx, dy] = turn(u - w / 2, v - h / 2, p.rotate);
      return { x: p.trim.x + p.trim.width / 2 + dx, y: p.trim.y + p.trim.height / 2 + dy };
    };
    const onCard = (p: Placement, x: number, y: number) => {
      const q = p.rotate === 90 || p.rotate === 270;
      const [w, h] = q ? [p.trim.height, p.trim.width] : [p.trim.width, p.trim.height];
      const [a, b] = turn(x - p.trim.x - p.trim.width / 2, y - p.trim.y - p.trim.height / 2, (360 - p.rotate) % 360);
      return { u: a + w / 2, v: b + h / 2 };
    };
    const { grid } = fitGrid({ paper: LETTER, card: poker, bleed: 3, gap: 'auto', margin: 4, safe: 5 });
    expect(grid.turned).toBe(true);
    const upright = fitGrid({ paper: A4, card: poker, bleed: 3, gap: 'auto', margin: 4, safe: 5 }).grid;
    const W = poker.width;
    const H = poker.height;
    // Across the long side (a book page) the card's left and right swap; across the short side, its top and bottom.
    const acrossLong = (u: number, v: number) => ({ u: W - u, v });
    const acrossShort = (u: number, v: number) => ({ u, v: H - v });
    for (const [g, paper] of [
      [grid, LETTER],
      [upright, A4],
    ] as const) {
      for (const index of [0, 5]) {
        const front = slot(g, index);
        const cases = [
          ['long', mirrorForDuplex(front, paper, 'long'), (x: number, y: number) => ({ x: paper.width - x, y }), acrossLong],
          ['short', mirrorForDuplex(front, paper, 'short'), (x: number, y: number) => ({ x, y: paper.height - y }), acrossShort],
          [
            'vertical fold',
            mirrorForFold(front, { paper, fold: 'vertical', grid: g, perPage: g.perPage }),
            (x: number, y: number) => ({ x: paper.width - x, y }),
            acrossLong,
          ],
          // Folded across, the back is turned a half turn more: the cut card turns over like a book page.
          [
            'horizontal fold',
            mirrorForFold(front, { paper, fold: 'horizontal', grid: g, perPage: g.perPage }),
            (x: number, y: number) => ({ x, y: paper.height - y }),
            acrossLong,
          ],
        ] as const;
        for (const [name, back, behind, relation] of cases) {
          for (const [u, v] of [
            [8, 8],
            [W - 5, 20],
            [30, H - 3],
          ] as const) {
            const seen = onPage(front, u, v);
            const at = behind(seen.x, seen.y);
            const got = onCard(back, at.x, at.y);
            const want = relation(u, v);
            expect(got.u, `${name}, slot ${index}, turned ${front.rotate}: u of ${u}, ${v}`).toBeCloseTo(want.u, 6);
            expect(got.v, `${name}, slot ${index}, turned ${front.rotate}: v of ${u}, ${v}`).toBeCloseTo(want.v, 6);
          }
        }
      }
    }
  });

  it('gutter fold: fronts and backs on one sheet, mirrored across the fold', () => {
    const { layout } = fitGutterFold({ paper: A4, card: poker, bleed: 3, gap: 0, margin: 4 });
    expect(layout.fold).toBe('vertical');
    expect(layout.paper).toEqual({ width: 297, height: 210 });
    expect(layout.perPage).toBe(4); // 2 x 2 on each half of landscape A4
    const s = slot(layout.grid, 0);
    expect(s.trim.x + s.trim.width).toBeLessThan(148.5 - 3);
    const back = mirrorForFold(s, layout);
    expect(back.trim.x).toBeCloseTo(297 - s.trim.x - 63, 9);
    expect(back.trim.x).toBeGreaterThan(148.5 + 3);
    expect(back.rotate).toBe(0);
    // Tarot cards fit better folded across portrait paper: their backs turn 180 degrees.
    const tarot = fitGutterFold({ paper: A4, card: CARD_SIZES.tarot, bleed: 3, gap: 0, margin: 4 }).layout;
    expect(tarot.fold).toBe('horizontal');
    expect(tarot.perPage).toBe(2);
    const t = slot(tarot.grid, 0);
    const tb = mirrorForFold(t, tarot);
    expect(tb.rotate).toBe(180);
    expect(tb.trim.y).toBeCloseTo(297 - t.trim.y - 120, 9);
  });
});

describe('crop marks', () => {
  const { grid } = fitGrid({ paper: A4, card: poker, bleed: 3, gap: 0, margin: 4 });
  const art = gridBleedBox(grid);

  it('marks every cut line once, outside the art, at least 0.15 mm wide', () => {
    expect(CROP_MARK.width).toBeGreaterThanOrEqual(0.15);
    expect(cutLines(grid.cols)).toEqual([10.5, 73.5, 136.5, 199.5]);
    const lines = cropMarks(grid, 'corner');
    expect(lines).toHaveLength(4 * 2 + 4 * 2);
    for (const l of lines) {
      const inside = (x: number, y: number) => x > art.x - 1e-9 && x < art.x + art.width + 1e-9 && y > art.y - 1e-9 && y < art.y + art.height + 1e-9;
      expect(inside(l.x1, l.y1) || inside(l.x2, l.y2)).toBe(false);
      expect(Math.min(l.x1, l.x2)).toBeGreaterThanOrEqual(0);
      expect(Math.max(l.y1, l.y2)).toBeLessThanOrEqual(297);
      expect(Math.hypot(l.x2 - l.x1, l.y2 - l.y1)).toBeLessThanOrEqual(CROP_MARK.length + 1e-9);
    }
  });

  it('full marks run FULL_REACH from the art towards the edge, not down the empty paper; none draws nothing', () => {
    const full = cropMarks(grid, 'full');
    const top = full.filter((l) => l.x1 === l.x2 && l.y2 < art.y);
    expect(top.length).toBe(4);
    for (const l of top) expect(l.y2).toBeCloseTo(Math.max(0, art.y - CROP_MARK.offset - FULL_REACH), 9);
    expect(cropMarks(grid, 'none')).toEqual([]);
  });

  it('never reach into the printer-safe margin', () => {
    const safe = fitGrid({ paper: A4, card: poker, bleed: 3, gap: 'auto', margin: 4, safe: 5 }).grid;
    for (const style of ['corner', 'full'] as const) {
      for (const l of cropMarks(safe, style)) {
        expect(Math.min(l.x1, l.x2, l.y1, l.y2)).toBeGreaterThanOrEqual(5);
        expect(Math.max(l.x1, l.x2)).toBeLessThanOrEqual(205);
        expect(Math.max(l.y1, l.y2)).toBeLessThanOrEqual(292);
      }
    }
  });

  it('stays inside a gutter-fold half', () => {
    const { layout } = fitGutterFold({ paper: A4, card: poker, bleed: 3, gap: 0, margin: 4 });
    const lines = cropMarks(layout.grid, 'full', { x: 0, y: 0, width: 148.5 - 1, height: 210 });
    expect(Math.max(...lines.flatMap((l) => [l.x1, l.x2]))).toBeLessThanOrEqual(147.5);
  });
});

describe('composed documents', () => {
  it('a sheet is one page per face, the face box centred on the paper', () => {
    const c = composePrintable(templates, fixtureSheet(), { ...DEFAULT_PRINT, paper: 'letter' });
    expect(c.pages).toHaveLength(1);
    expect(c.pages[0]!.size).toEqual(LETTER);
    expect(c.html).toContain(`width:${SHEET_FACE.width}mm;height:${SHEET_FACE.height}mm;transform:translate(12.95mm,10.2mm)`);
    expect(c.html).toContain('@page { size: 215.9mm 279.4mm; margin: 0; }');
    expect(forPrinting(c.html, c.pages)).toMatch(/@page \{ size: 216.9mm 280.4mm; margin: 0; \}<\/style>\n<\/head>/);
    // Content is escaped.
    expect(c.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(c.html).not.toContain('<script>alert(1)');
    const landscape = composePrintable(templates, fixtureSheet('x', 'landscape'), DEFAULT_PRINT);
    expect(landscape.pages[0]!.size).toEqual({ width: 297, height: 210 });
  });

  it('cards: pages follow the deck count and the n-up; duplex adds a mirrored back page after each front', () => {
    const deck = fixtureDeck(20);
    expect(composePrintable(templates, deck, { ...DEFAULT_PRINT, duplex: 'none' }).pages.map((p) => p.side)).toEqual(['front', 'front', 'front']);
    // Backs by default: as --duplex long.
    expect(composePrintable(templates, deck, DEFAULT_PRINT).pages.map((p) => p.side)).toEqual(['front', 'back', 'front', 'back', 'front', 'back']);
    const duplex = composePrintable(templates, deck, { ...DEFAULT_PRINT, duplex: 'long' });
    expect(duplex.pages.map((p) => p.side)).toEqual(['front', 'back', 'front', 'back', 'front', 'back']);
    expect(duplex.pages[4]!.faces).toHaveLength(2);
    expect(duplex.pages[5]!.faces).toEqual([-1, -1]);
    // A deck with no back prints no backs.
    expect(composePrintable(templates, fixtureDeck(20, { back: false }), { ...DEFAULT_PRINT, duplex: 'long' }).pages).toHaveLength(3);
    // Gutter fold: 4 a landscape page, fronts and backs together.
    const fold = composePrintable(templates, deck, { ...DEFAULT_PRINT, duplex: 'none', gutterFold: true });
    expect(fold.pages).toHaveLength(5);
    expect(fold.pages[0]!.size).toEqual({ width: 297, height: 210 });
    expect(fold.html).toContain('class="pm-fold"');
  });

  it('print-on-demand: one card a page, the page its bleed box, trim inside', () => {
    const c = composePrintable(templates, fixtureDeck(3), { ...DEFAULT_PRINT, layout: 'pod' });
    expect(c.pages).toHaveLength(6);
    expect(c.pages[0]).toMatchObject({
      size: { width: 69, height: 94 },
      trim: { x: 3, y: 3, width: 63, height: 88 },
      bleed: { x: 0, y: 0, width: 69, height: 94 },
    });
    expect(c.pages[1]!.side).toBe('back');
  });

  it('a printable with its own size keeps it; the ink saver marks the document', () => {
    const c = composePrintable(templates, fixtureDeck(4, { size: { width: 25, height: 25 } }), { ...DEFAULT_PRINT, inkSaver: true });
    expect(c.pages.map((p) => p.side)).toEqual(['front', 'back']);
    expect(c.html).toMatch(/<html lang="en" class="ink-saver">/);
    expect(c.html).toContain('width:calc(25mm + ');
  });

  it('the calibration sheet puts its targets where the backs land', () => {
    const c = composeCalibration(templates, { ...DEFAULT_PRINT, duplex: 'short', backOffset: { x: 1, y: 2 } });
    expect(c.pages).toHaveLength(2);
    const t = calibrationTargets(A4)[1]!;
    expect(backOf(t, A4, 'short', { x: 1, y: 2 })).toEqual({ name: 'B', x: t.x + 1, y: 297 - t.y + 2 });
    expect(backOf(t, A4, 'long', { x: 0, y: 0 })).toEqual({ name: 'B', x: 210 - t.x, y: t.y });
    expect(c.html).toContain('printed with --back-offset 1,2');
  });
});

describe('browser discovery', () => {
  it('looks at PLAYMARK_BROWSER first, then chromium-headless-shell, then Chromium, Chrome and Edge', () => {
    const linux = browserCandidates('linux', {}).map((c) => c.path);
    expect(linux[0]).toBe('/usr/bin/chromium-headless-shell');
    expect(linux).toContain('/usr/bin/google-chrome');
    expect(linux).toContain('/usr/bin/microsoft-edge');
    expect(browserCandidates('darwin', {}, '/Users/me').map((c) => c.path)).toContain('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const win = browserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' }).map((c) => c.path);
    expect(win).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(findBrowser({ PLAYMARK_BROWSER: '/opt/my/chrome' }, 'linux', (f) => f === '/opt/my/chrome')).toEqual({
      path: '/opt/my/chrome',
      source: 'PLAYMARK_BROWSER',
    });
    expect(() => findBrowser({ PLAYMARK_BROWSER: '/nope' }, 'linux', () => false)).toThrow(BrowserNotFound);
    expect(findBrowser({}, 'linux', (f) => f === '/usr/bin/chromium')).toEqual({ path: '/usr/bin/chromium', source: 'Chromium' });
    expect(findBrowser({}, 'linux', () => false)).toBeNull();
  });

  it('says how to get a browser on each system', () => {
    expect(installHelp('linux')).toMatch(/apt-get install --no-install-recommends chromium-headless-shell/);
    expect(installHelp('darwin')).toMatch(/Google Chrome/);
    expect(installHelp('win32')).toMatch(/Edge/);
    expect(installHelp('linux')).toMatch(/PLAYMARK_BROWSER/);
  });

  it('without a browser, the HTML is still written and the PDFs are reported as skipped', async () => {
    const out = tempDir();
    const summary = await render({ printables: [fixtureDeck(3)], templates, outDir: out, browser: null, duplex: 'none' });
    expect(summary.missingBrowser).toMatch(/found none/);
    expect(summary.files).toEqual([
      { file: 'fixture/fixture-deck.html', kind: 'html', pages: 0, status: 'written' },
      { file: 'fixture/fixture-deck.pdf', kind: 'pdf', pages: 1, status: 'skipped' },
    ]);
    expect(readFileSync(path.join(out, 'fixture/fixture-deck.html'), 'utf8')).toContain('Text of card 1');
  });
});

describe('pool, output files, progress, PNG', () => {
  it('runs at most as many jobs as workers, keeps order, and throws the first failure', async () => {
    let running = 0;
    let most = 0;
    const results = await runPool([1, 2, 3, 4, 5], ['a', 'b'], async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return n * 2;
    });
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(most).toBe(2);
    await expect(
      runPool([1, 2], ['a'], async (n) => {
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(poolSize({})).toBe(2);
    expect(poolSize({ PLAYMARK_JOBS: '3' })).toBe(3);
  });

  it('writes atomically and remembers what it wrote', () => {
    const out = tempDir();
    const file = path.join(out, 'a/b.txt');
    writeAtomic(file, 'one');
    expect(readFileSync(file, 'utf8')).toBe('one');
    expect(readdirSync(path.dirname(file))).toEqual(['b.txt']);
    const m = readManifest(out);
    expect(m.outputs).toEqual({});
    m.outputs['a/b.txt'] = { hash: hashOf('x'), pages: 0, bytes: 3 };
    writeManifest(out, m);
    expect(isCurrent(out, readManifest(out), 'a/b.txt', hashOf('x'))).toBe(true);
    expect(isCurrent(out, readManifest(out), 'a/b.txt', hashOf('y'))).toBe(false);
    writeAtomic(file, 'longer');
    expect(isCurrent(out, readManifest(out), 'a/b.txt', hashOf('x'))).toBe(false);
  });

  it('shows a bar on a terminal and plain lines elsewhere', () => {
    const plain: string[] = [];
    const p = createProgress((s) => plain.push(s), false);
    p({ type: 'start', total: 2, browser: '/usr/bin/chromium-headless-shell' });
    p({ type: 'done', file: 'w/a.pdf', pages: 3, status: 'written', ms: 12 });
    p({ type: 'warning', message: 'careful' });
    expect(plain.join('')).toBe('rendering 2 outputs with /usr/bin/chromium-headless-shell\n[1/2] wrote w/a.pdf (3 pages) 12 ms\nwarning: careful\n');
    const tty: string[] = [];
    const t = createProgress((s) => tty.push(s), true, 10);
    t({ type: 'start', total: 2, browser: null });
    t({ type: 'done', file: 'w/a.pdf', pages: 3, status: 'written', ms: 12 });
    t.end();
    expect(tty.join('')).toContain('[#####-----] 1/2 w/a.pdf');
    expect(tty.at(-1)).toBe('\r\x1b[2K');
  });

  it('writes the resolution into PNGs', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
    // A 1x1 PNG.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
      'hex',
    );
    const out = withDpi(png, 300);
    const at = Buffer.from(out).indexOf('pHYs');
    expect(at).toBe(37);
    expect(Buffer.from(out).readUInt32BE(at + 4)).toBe(11811);
    expect(slug('Card 3: Dragon <Élan>')).toBe('card-3-dragon-elan');
  });

  it('render() refuses unknown printable ids and duplicate ids', async () => {
    await expect(render({ printables: [fixtureDeck(1)], templates, only: ['nope'], outDir: tempDir(), browser: null })).rejects.toThrow(/no printable "nope"/);
    await expect(render({ printables: [fixtureDeck(1), fixtureDeck(2)], templates, outDir: tempDir(), browser: null })).rejects.toThrow(/two printables/);
    expect(existsSync(tempDir())).toBe(true);
  });
});
