// The print-and-play kit (issue 11): every pack's cover, derived from its data and the render
// options, read back from the printed PDF; and a page number on every page of every document of
// more than one page, with the same footer for every game.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverContext } from '../src/render/common/cover.js';
import { DEFAULT_PRINT, type PrintOptions } from '../src/render/compose.js';
import { footerPlace, footerTitle } from '../src/render/document.js';
import { printDocuments } from '../src/render/documents.js';
import { packPrintables } from '../src/render/printables.js';
import { render } from '../src/render/render.js';
import { contextsOf, packContentOf } from './content-support.js';
import { browser, pdfinfo, pdftotext, templates, tempDir } from './render-pipeline-support.js';

const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;

/** Text as pdf.js reads it, one space between words. */
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
const PAPER_TEXT = 'A4 (210 x 297 mm):';

/** The text of each page of a PDF, read in one load of the file (each page ends with a form feed). */
const pageTexts = async (file: string) => (await pdftotext(file)).split('\f').slice(0, -1);

describe('the cover: every pack gets one, first, derived from data', () => {
  for (const pack of PACKS) {
    it(`${pack}: the cover lists every other printable with its kind, count and size, and a checklist that follows the render options`, () => {
      const content = packContentOf(pack);
      const print: PrintOptions = { ...DEFAULT_PRINT, duplex: 'long' };
      const all = packPrintables(content, { playmarkVersion: 'test', print, contexts: contextsOf(content) });
      const [cover, ...rest] = all;
      expect(cover!.id).toBe(`${pack}-cover`);
      expect(cover!.faces).toHaveLength(1);
      const ctx = cover!.faces[0]!.context as ReturnType<typeof coverContext>;
      expect(ctx.pack.title).toBe(content.pack.title);
      expect(ctx.pack.version).toBe(content.pack.version);
      expect(ctx.sides.map((s) => s.name)).toEqual(content.pack.sides.map((s) => s.name));
      // One component a document: printables that share sheets (printables.yaml `sheets`) are one.
      const docs = printDocuments(rest);
      expect(ctx.components.map((c) => c.title)).toEqual(docs.map((d) => footerTitle(content.pack.title, d.title)));
      const decls = content.printables?.list ?? [];
      docs.forEach((d, i) => {
        const row = ctx.components[i]!;
        const p = d.printables[0]!;
        const pieces = d.printables.reduce((n, q) => n + q.faces.reduce((m, f) => m + f.copies, 0), 0);
        if (d.kind !== 'single') {
          expect(row.what).toMatch(new RegExp(`^${pieces} cards? on \\d+ sheets?$`));
          expect(row.sides).toBe(d.printables.some((q) => q.kind === 'card' && q.back) ? 'two-sided (long edge)' : 'one-sided');
          expect(row.cut).toBe('cut out');
          return;
        }
        const decl = decls.find((d) => `${pack}-${d.id}` === p.id);
        const type = decl?.type ?? 'sheet';
        const fold = decl?.finishing?.fold ? ', fold' : '';
        if (p.kind === 'sheet') {
          expect(row.what).toBe(`${pieces} ${pieces === 1 ? 'page' : 'pages'}`);
          expect(row.sides).toBe(decl?.finishing?.twoSided ? `two-sided (${decl.finishing.twoSided} edge)` : 'one-sided');
          expect(row.cut).toBe(decl?.finishing?.cut ? `cut out${fold}` : fold ? 'fold' : 'none');
        } else {
          expect(row.what).toMatch(new RegExp(`^${pieces} ${type === 'counter' ? 'counters?' : 'cards?'} on \\d+ sheets?$`));
          expect(row.size).toMatch(/^\d+(\.\d)? x \d+(\.\d)? mm$/);
          expect(row.sides).toBe(p.back ? 'two-sided (long edge)' : 'one-sided');
          expect(row.cut).toBe(`cut out${fold}`);
        }
      });
      expect(ctx.total).toBe(1 + ctx.components.reduce((n, c) => n + c.pages, 0));
      const heads = ctx.checklist.map((c) => c.head);
      expect(heads).toContain('Paper');
      expect(heads).toContain('Scale');
      expect(ctx.checklist.find((c) => c.head === 'Scale')!.text).toContain('Actual size');
      const backed = rest.filter((p) => p.kind === 'card' && p.back);
      if (backed.length > 0) expect(ctx.checklist.find((c) => c.head === 'Two-sided')!.text).toContain('long edge');
      else expect(heads).not.toContain('Two-sided');
      if (rest.some((p) => p.kind === 'card')) expect(heads).toContain('Cut');
    });
  }

  it("says what printables.yaml's finishing says: the Warmaster counters sheet printed two-sided and cut, the Warchon playmarks folded", () => {
    // Fronts only (--duplex none): the cards' backs not printed.
    const warmaster = coverContext(
      packContentOf('warmaster'),
      packPrintables(packContentOf('warmaster'), { playmarkVersion: 'test', contexts: contextsOf(packContentOf('warmaster')) }).slice(1),
      { ...DEFAULT_PRINT, duplex: 'none' },
    );
    const counters = warmaster.components.find((c) => c.title === 'Counters')!;
    expect([counters.sides, counters.cut]).toEqual(['two-sided (long edge)', 'cut out']);
    expect(warmaster.checklist.find((c) => c.head === 'Two-sided')!.text).toMatch(/^Counters: print two-sided, flipping on the long edge/);
    expect(warmaster.checklist.find((c) => c.head === 'Cut')!.text).toMatch(/^Special units and cards, Counters: cut/);
    // The units and cards share sheets: one component, its pages those of the one document they print in.
    const shared = warmaster.components.find((c) => c.title === 'Special units and cards')!;
    expect([shared.what, shared.size, shared.pages, shared.sides]).toEqual(['14 cards on 2 sheets', '63 x 88 mm', 2, 'fronts only']);
    expect(warmaster.components.map((c) => c.title)).not.toContain('Special units');
    // Only the cards have a back: printed without it, the assembly steps say so, and how to hide what shows through.
    expect(warmaster.assembly.find((a) => a.title === 'Special units and cards')!.steps).toContain(
      'Cards: printed without their backs; sleeves with opaque backs hide what shows through.',
    );
    const duplex = coverContext(
      packContentOf('warmaster'),
      packPrintables(packContentOf('warmaster'), { playmarkVersion: 'test', contexts: contextsOf(packContentOf('warmaster')) }).slice(1),
      {
        ...DEFAULT_PRINT,
        duplex: 'long',
      },
    );
    expect(duplex.components.find((c) => c.title === 'Special units and cards')!.pages).toBe(4);
    expect(duplex.total).toBe(1 + duplex.components.reduce((n, c) => n + c.pages, 0));
    // With --combine the cover lists the combined document.
    const combined = coverContext(
      packContentOf('warmaster'),
      packPrintables(packContentOf('warmaster'), { playmarkVersion: 'test', contexts: contextsOf(packContentOf('warmaster')) }).slice(1),
      DEFAULT_PRINT,
      true,
    );
    expect(combined.components.map((c) => c.title)).toContain('Cards combined (special units, cards)');
    const warchon = coverContext(
      packContentOf('warchon'),
      packPrintables(packContentOf('warchon'), { playmarkVersion: 'test', contexts: contextsOf(packContentOf('warchon')) }).slice(1),
      DEFAULT_PRINT,
    );
    expect(warchon.components.find((c) => c.title.startsWith('Unit playmarks'))!.cut).toBe('cut out, fold');
    expect(warchon.assembly.find((a) => a.title.startsWith('Unit playmarks'))!.steps[0]).toMatch(/^Fold each strip along its dashed line/);
  });

  it('plans the evening: needed and optional documents, what else to have, how to make each, credits and the disclaimer', () => {
    const cover = (pack: string, print: PrintOptions = DEFAULT_PRINT) => {
      const content = packContentOf(pack);
      return coverContext(content, packPrintables(content, { playmarkVersion: 'test', print, contexts: contextsOf(content) }).slice(1), print);
    };
    // Warchon: the odds and the errata are optional, each with its reason; the rest is needed.
    const warchon = cover('warchon');
    expect(warchon.optional.map((r) => [r.title, r.optional])).toEqual([
      ['Exact combat odds per spread', 'for planning an attack; not needed to play.'],
      ['Errata, inferences and rulings', 'what this kit changed or filled in from the printed rules, and why; not needed to play.'],
    ]);
    expect(warchon.needed.map((r) => r.title)).toEqual(['The spreads', 'Unit playmarks (fold-over strips)', 'Quick reference', 'Scenarios']);
    expect(warchon.neededPages).toBe(1 + warchon.needed.reduce((n, r) => n + r.pages, 0));
    // No dice (the RNG is shown fingers): scissors, glue for the playmarks, a stapler for the book.
    expect(warchon.needs.map((n) => n.what)).toEqual(['scissors (or a craft knife and a ruler)', 'a glue stick', 'a stapler']);
    // The book of spreads: stacked in order and stapled; the playmarks' placeline said in words.
    const spreads = warchon.assembly.find((a) => a.title === 'The spreads')!.steps;
    expect(spreads).toEqual(['Stack the spreads in number order, Sp. 1 on top, all facing up, and staple them along the left edge into a book.']);
    expect(warchon.assembly.find((a) => a.title.startsWith('Unit playmarks'))!.steps[1]).toContain('(the placeline)');
    expect(warchon.credits).toEqual({ rules: 'Warchon Rulebook', credit: null, disclaimer: null });
    // Warmaster: only the errata optional; dice and a cup needed, sleeves optional and last.
    const warmaster = cover('warmaster');
    expect(warmaster.optional.map((r) => r.title)).toEqual(['Errata, inferences and rulings']);
    expect(warmaster.needs.map((n) => [n.what.split(' ').slice(0, 3).join(' '), n.optional])).toEqual([
      ['two six-sided dice', false],
      ['a cup (or', false],
      ['scissors (or a', false],
      ['card sleeves, one', true],
    ]);
    expect(warmaster.credits.rules).toBe('Warmaster by Jervis Johnson');
    // Archon: the board is optional (a chessboard does), the credit and disclaimer as the rules print them.
    const archon = cover('archon-skirmish', { ...DEFAULT_PRINT, duplex: 'long' });
    expect(archon.optional.map((r) => r.title)).toEqual(['The board', 'Errata, inferences and rulings']);
    expect(archon.credits).toEqual({
      rules: 'ARCHON SKIRMISH',
      credit: 'Based on the old computer game.',
      disclaimer: '\u2018Archon\u2019 is a copyrighted/trademarked property. This is just a fan site.',
    });
    // Back pages: how to use them, duplex, glue or sleeves.
    const deck = archon.assembly.find((a) => a.title === 'The common deck')!.steps;
    expect(deck[0]).toMatch(/^Backs: each page of fronts is followed by a page of backs\. Print them two-sided; or .* glue .*; or .* sleeve\.$/);
    expect(deck[1]).toBe('Shuffle the cards into one face-down deck both players draw from.');
    // Honest counts: the pieces and the sheets they take.
    expect(archon.components.find((c) => c.title === 'Markers')!.what).toBe('17 counters on 1 sheet');
  });

  it('changes with the render options: Letter, a gutter fold, no crop marks, print on demand', () => {
    const content = packContentOf('archon-skirmish');
    const printables = packPrintables(content, { playmarkVersion: 'test', contexts: contextsOf(content) }).slice(1);
    const letter = coverContext(content, printables, { ...DEFAULT_PRINT, paper: 'letter', gutterFold: true, cropMarks: 'none' });
    expect(letter.checklist[0]!.text).toMatch(/^US Letter/);
    expect(letter.checklist.find((c) => c.head === 'Gutter fold')!.text).toContain('fold each sheet along the dashed line');
    expect(letter.checklist.find((c) => c.head === 'Cut')!.text).toContain('along the edges of each piece');
    const deck = letter.components.find((c) => c.title === 'The common deck')!;
    expect(deck.sides).toBe('gutter fold');
    expect(deck.cut).toBe('fold, glue, cut');
    const pod = coverContext(content, printables, { ...DEFAULT_PRINT, layout: 'pod' });
    expect(pod.components.find((c) => c.title === 'The common deck')!.what).toBe('50 cards on 50 sheets');
    const plain = coverContext(content, printables, { ...DEFAULT_PRINT, duplex: 'none' });
    expect(plain.assembly.find((a) => a.title === 'The common deck')!.steps[0]).toMatch(/^The common deck: printed without their backs/);
    // By default the backs print, a page of them after each page of fronts.
    expect(coverContext(content, printables, DEFAULT_PRINT).components.find((c) => c.title === 'The common deck')!.sides).toBe('two-sided (long edge)');
  });
});

describe('the page footer', () => {
  it('sits in the margin under a sheet, on A4 and Letter, portrait and landscape', () => {
    for (const paper of [
      { width: 210, height: 297 },
      { width: 215.9, height: 279.4 },
    ]) {
      for (const landscape of [false, true]) {
        const page = landscape ? { width: paper.height, height: paper.width } : paper;
        const box = landscape ? 190 : 259;
        const place = footerPlace(page, (page.height + box) / 2, 0, [], 'x'.repeat(80), 'p. 10 of 10')!;
        expect(place.short).toBe(false);
        expect(place.bottom).toBeGreaterThanOrEqual(3.5);
        expect(place.bottom + 2.4).toBeLessThanOrEqual((page.height - box) / 2);
      }
    }
  });

  it('keeps clear of crop marks: under them, else between two of them nearest the centre, or not at all', () => {
    const paper = { width: 210, height: 297 };
    // Room under the marks.
    expect(footerPlace(paper, 270, 6, [20, 105, 190], 'x'.repeat(40), 'p. 1 of 2')).toEqual({ bottom: expect.any(Number), short: false, centre: 105 });
    // No room under them: between the marks at 73.5 and 136.5 (a card's width).
    expect(footerPlace(paper, 287.5, 6, [10.5, 73.5, 136.5, 199.5], 'x'.repeat(40), 'p. 1 of 2')).toEqual({ bottom: 3.5, short: false, centre: 105 });
    // Marks 4 mm apart at the centre: the footer moves to the nearest gap that holds it, crossing no mark.
    const moved = footerPlace(paper, 287.5, 6, [103, 107], 'x'.repeat(40), 'p. 1 of 2')!;
    expect(moved.short).toBe(false);
    for (const x of [103, 107]) expect(Math.abs(moved.centre - x)).toBeGreaterThan(23);
    // Marks every 8 mm across the paper: the page number alone, between two of them.
    const tight = footerPlace(
      paper,
      287.5,
      6,
      Array.from({ length: 27 }, (_, i) => i * 8),
      'x'.repeat(40),
      'p. 1 of 2',
    );
    expect(tight?.short ?? true).toBe(true);
    // Marks every 5 mm: nowhere.
    expect(
      footerPlace(
        paper,
        287.5,
        6,
        Array.from({ length: 43 }, (_, i) => i * 5),
        'x'.repeat(40),
        'p. 1 of 2',
      ),
    ).toBeUndefined();
    // Art down to the printer's edge: nowhere.
    expect(footerPlace(paper, 293, 0, [], 'x', 'p. 1 of 2')).toBeUndefined();
  });
});

describe('the kit printed', () => {
  for (const pack of PACKS) {
    it(`${pack}: the cover's page counts are the PDFs' own, and every page of a document of several pages is numbered in one footer`, async () => {
      const out = tempDir(`playmark-kit-${pack}-`);
      const content = packContentOf(pack);
      const summary = await render({ contents: [content], templates, outDir: out, browser, duplex: 'long' });
      const pdfs = summary.files.filter((f) => f.kind === 'pdf' && f.file.startsWith(`${pack}/`));
      const print: PrintOptions = { ...DEFAULT_PRINT, duplex: 'long' };
      const printables = packPrintables(content, { playmarkVersion: 'test', print, contexts: contextsOf(content) });
      const docs = printDocuments(printables);
      expect(pdfs.map((f) => f.file).sort()).toEqual(docs.map((d) => `${pack}/${d.id}.pdf`).sort());

      // The cover, read back: the game, each component and its pages, the checklist.
      const coverText = flat(await pdftotext(`${out}/${pack}/${pack}-cover.pdf`));
      expect(coverText).toContain(content.pack.title);
      expect(coverText).toContain('Print-and-play kit');
      expect(coverText).toContain('Actual size');
      expect(coverText).toContain('A4 (210 x 297 mm)');
      const ctx = printables[0]!.faces[0]!.context as ReturnType<typeof coverContext>;
      // It plans the evening: the documents needed and the optional ones with why, what else to
      // have (pack.yaml `needs`), how to make each document, the credits and the source's disclaimer.
      expect(coverText).toContain('Needed to play');
      for (const r of ctx.needed) expect(coverText).toContain(r.title);
      for (const r of ctx.optional) expect(coverText).toContain(flat(r.optional!));
      expect(coverText).toContain('You will also need');
      // The two columns' lines interleave in the PDF's text: each item's first words there, the
      // whole of it in the cover's HTML.
      const coverHtml = flat(readFileSync(`${out}/${pack}/${pack}-cover.html`, 'utf8').replace(/<[^>]+>/g, ''));
      const start = (s: string) => flat(s).split(' ').slice(0, 3).join(' ');
      for (const n of content.pack.needs ?? []) {
        expect(coverText).toContain(start(n.what));
        expect(coverHtml).toContain(`${flat(n.what)}${n.optional ? ' (optional)' : ''}: ${flat(n.for)}`.replace(/'/g, '&#x27;'));
      }
      expect(coverText).toContain('Making it');
      for (const a of ctx.assembly)
        for (const s of a.steps) {
          expect(coverText).toContain(start(s));
          expect(coverHtml).toContain(flat(s).replace(/'/g, '&#x27;'));
        }
      expect(coverText).toContain(`Rules: ${content.pack.source.title}${content.pack.source.author ? ` by ${content.pack.source.author}` : ''}.`);
      if (content.pack.source.credit) expect(coverText).toContain(content.pack.source.credit);
      if (content.pack.source.disclaimer) expect(coverText).toContain(content.pack.source.disclaimer);
      // Honest counts: pieces on the sheets they take, never how many a sheet could hold.
      expect(coverText).not.toMatch(/\d+ a sheet|not in this print/);
      let total = 1;
      for (const [i, d] of docs.slice(1).entries()) {
        const row = ctx.components[i]!;
        expect(coverText).toContain(row.title);
        const pages = (await pdfinfo(`${out}/${pack}/${d.id}.pdf`)).pages;
        expect(row.pages, d.id).toBe(pages);
        total += pages;
      }
      expect(coverText).toContain(`${PAPER_TEXT} ${ctx.neededPages} pages to play (this cover included)`);
      expect(ctx.neededPages + ctx.optional.reduce((n, r) => n + r.pages, 0)).toBe(total);

      // Every page of every document of more than one page: "p. N of M". Sheets carry the whole
      // footer, the same for every game: game, printable, page, version (no file names or ids).
      for (const d of docs) {
        const file = `${out}/${pack}/${d.id}.pdf`;
        const pages = (await pdfinfo(file)).pages;
        const texts = await pageTexts(file);
        expect(texts.length, d.id).toBe(pages);
        for (let n = 1; n <= pages; n++) {
          const text = flat(texts[n - 1]!);
          const number = pages > 1 ? ` \u00b7 p. ${n} of ${pages}` : '';
          if (d.printables[0]!.kind === 'sheet')
            expect(text, `${d.id} page ${n}`).toContain(
              `${content.pack.title} \u00b7 ${footerTitle(content.pack.title, d.title)}${number} \u00b7 version ${content.pack.version}`,
            );
          // Cards and counters: the footer, or where the crop marks leave room for no more, the game
          // and the number: a loose sheet names its game.
          else if (pages > 1) expect(text, `${d.id} page ${n}`).toMatch(new RegExp(`${content.pack.title} \u00b7 (.+ \u00b7 )?p\\. ${n} of ${pages}`));
          else expect(text, `${d.id} page ${n}`).toContain(content.pack.title);
        }
      }

      // The cards and counters of the pack's printables on shared sheets (render --combine), backs
      // included: numbered in the same footer on every page.
      // Only the card printables are printed again (--only): the rest print as they did above.
      const combined = tempDir(`playmark-kit-${pack}-combined-`);
      const cards = printables.filter((p) => p.kind === 'card').map((p) => p.id);
      expect(cards.length).toBeGreaterThan(0);
      const both = await render({ contents: [content], templates, outDir: combined, browser, duplex: 'long', combine: true, only: cards });
      const shared = both.files.find((f) => f.kind === 'pdf' && /-(cards-and-counters|all-cards|all-counters)\.pdf$/.test(f.file));
      expect(shared !== undefined, 'a combined document for two or more card printables').toBe(
        printables.filter((p) => p.kind === 'card' && p.faces.length > 0).length >= 2,
      );
      if (shared) {
        const file = `${combined}/${shared.file}`;
        const pages = (await pdfinfo(file)).pages;
        const texts = await pageTexts(file);
        expect(texts.length, shared.file).toBe(pages);
        for (let n = 1; n <= pages; n++)
          if (pages > 1)
            expect(flat(texts[n - 1]!), `${shared.file} page ${n}`).toMatch(new RegExp(`${content.pack.title} \u00b7 (.+ \u00b7 )?p\\. ${n} of ${pages}`));
      }
    }, 240_000);
  }
});
