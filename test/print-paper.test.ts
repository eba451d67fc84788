// Paper economy: every default card layout takes the fewest sheets its grid allows (no sheet more
// than half empty when the content fits on fewer); printables.yaml's `sheets` makes cards and
// counters share sheets by default (Warmaster's 10 units and 4 cards on two sheets, not three, in
// one warmaster-units-and-cards.pdf); and `render --combine` lets all the cards and counters of a
// pack's printables share sheets: Archon's 16 counters below the deck's last cards instead of on a
// quarter of a sheet.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { combinedId, combinedPageCount, composeCombined, composePrintable, composeShared, DEFAULT_PRINT, type Composed } from '../src/render/compose.js';
import { printDocuments, sharedTitle } from '../src/render/documents.js';
import { coverContext } from '../src/render/common/cover.js';
import { render, selectOnly } from '../src/render/render.js';
import { cardSize, fitGrid } from '../src/render/impose.js';
import { PAPER } from '../src/render/print-options.js';
import type { CardPrintable, Printable } from '../src/render/printable.js';
import { packPrintables } from '../src/render/printables.js';
import { contextsOf, packContentOf } from './content-support.js';
import { fakeIo, repoRoot } from './helpers.js';
import { validate } from '../src/content/validate.js';
import { browser, pdfinfo, pdftotext, tempDir, templates } from './render-pipeline-support.js';

const packs = ['archon-skirmish', 'warchon', 'warmaster'];
const printablesOf = (pack: string): Printable[] => packPrintables(packContentOf(pack), { playmarkVersion: 'test', contexts: contextsOf(packContentOf(pack)) });
const cardsOf = (pack: string): CardPrintable[] => printablesOf(pack).filter((p): p is CardPrintable => p.kind === 'card' && p.faces.length > 0);
const get = (pack: string, id: string): CardPrintable => cardsOf(pack).find((p) => p.id === id)!;
const copies = (p: CardPrintable) => p.faces.reduce((n, f) => n + f.copies, 0);
const fronts = (c: Composed) => c.pages.filter((p) => p.side === 'front');
const combine = (pack: string) => composeCombined(templates, cardsOf(pack), DEFAULT_PRINT, `${pack} combined`);

describe('default layouts use the paper', () => {
  for (const pack of packs) {
    for (const p of cardsOf(pack)) {
      it(`${p.id}: as few sheets as its grid allows, and no sheet but the last less than full`, () => {
        const { grid } = fitGrid({
          paper: PAPER[DEFAULT_PRINT.paper],
          card: cardSize(p, DEFAULT_PRINT.card).size,
          bleed: DEFAULT_PRINT.bleed,
          gap: DEFAULT_PRINT.gap,
          margin: DEFAULT_PRINT.margin,
        });
        const pages = fronts(composePrintable(templates, p, DEFAULT_PRINT));
        expect(pages.length).toBe(Math.ceil(copies(p) / grid.perPage));
        pages.slice(0, -1).forEach((page) => expect(page.faces!.length).toBe(grid.perPage));
      });
    }
  }

  it('page counts: Warmaster units 2 (10 cards at 9 a sheet), Warmaster cards 1, the Archon deck 6 (50 at 9), Archon creatures 1', () => {
    expect(fronts(composePrintable(templates, get('warmaster', 'warmaster-units'), DEFAULT_PRINT))).toHaveLength(2);
    expect(fronts(composePrintable(templates, get('warmaster', 'warmaster-cards'), DEFAULT_PRINT))).toHaveLength(1);
    expect(fronts(composePrintable(templates, get('archon-skirmish', 'archon-skirmish-deck'), DEFAULT_PRINT))).toHaveLength(6);
    expect(fronts(composePrintable(templates, get('archon-skirmish', 'archon-skirmish-creatures'), DEFAULT_PRINT))).toHaveLength(1);
  });
});

describe("printables.yaml's `sheets`: cards and counters share sheets by default", () => {
  it('Warmaster: the units and the cards are one document, warmaster-units-and-cards, where the units were', () => {
    const docs = printDocuments(printablesOf('warmaster'));
    expect(docs.map((d) => d.id)).toEqual([
      'warmaster-cover',
      'warmaster-reference',
      'warmaster-units-and-cards',
      'warmaster-ship-map',
      'warmaster-special-areas',
      'warmaster-counters',
      'warmaster-scenarios',
      'warmaster-errata',
    ]);
    const shared = docs.find((d) => d.id === 'warmaster-units-and-cards')!;
    expect(shared.kind).toBe('shared');
    expect(shared.printables.map((p) => p.id)).toEqual(['warmaster-units', 'warmaster-cards']);
    expect(shared.title).toBe('Warmaster: special units and cards');
    expect(sharedTitle(shared.printables)).toBe(shared.title);
    // --combine still takes every card printable of the pack.
    expect(
      printDocuments(printablesOf('warmaster'), { combine: true })
        .filter((d) => d.kind !== 'single')
        .map((d) => [d.id, d.kind]),
    ).toEqual([['warmaster-all-cards', 'combined']]);
    // Named for what it holds: Archon's counters and cards together.
    expect(
      printDocuments(printablesOf('archon-skirmish'), { combine: true })
        .filter((d) => d.kind !== 'single')
        .map((d) => [d.id, d.title]),
    ).toEqual([['archon-skirmish-cards-and-counters', 'ARCHON SKIRMISH: cards and counters combined (creatures, markers, the common deck, turn sequence)']]);
  });

  it('Warmaster: 14 cards on 2 sheets (a unit and the 4 cards on the second); with backs (the default) each card keeps its own back, the units none', () => {
    const units = get('warmaster', 'warmaster-units');
    const cards = get('warmaster', 'warmaster-cards');
    const fronts = { ...DEFAULT_PRINT, duplex: 'none' as const };
    const c = composeShared(templates, [units, cards], fronts, 'Warmaster: special units and cards');
    expect(c.pages.map((p) => p.side)).toEqual(['front', 'front']);
    expect(c.pages.map((p) => p.faces!.length)).toEqual([9, 5]);
    expect(c.pages[1]!.printables).toEqual(['warmaster-units', ...Array(4).fill('warmaster-cards')]);
    expect(combinedPageCount([units, cards], fronts)).toBe(2);
    // The default prints the backs: as --duplex long.
    expect(DEFAULT_PRINT.duplex).toBe('long');
    const duplex = composeShared(templates, [units, cards], { ...DEFAULT_PRINT, duplex: 'long' }, 'Warmaster: special units and cards');
    expect(duplex.pages.map((p) => [p.side, p.faces!.length])).toEqual([
      ['front', 9],
      ['back', 0],
      ['front', 5],
      ['back', 4],
    ]);
    expect(duplex.pages[3]!.printables).toEqual(Array(4).fill('warmaster-cards'));
    expect(combinedPageCount([units, cards], { ...DEFAULT_PRINT, duplex: 'long' })).toBe(4);
    // One card a page, or a gutter fold: sharing saves nothing; each printable's pages follow the other's, in one document.
    const pod = composeShared(templates, [units, cards], { ...DEFAULT_PRINT, layout: 'pod' }, 'x');
    expect(pod.pages.length).toBe(10 + 4 * 2);
    expect(pod.pages.slice(0, 10).every((p) => p.printables![0] === 'warmaster-units')).toBe(true);
  });

  it("the cover's pages for the set are the pages its document prints, whatever the options", () => {
    const content = packContentOf('warmaster');
    const all = printablesOf('warmaster').slice(1);
    const units = get('warmaster', 'warmaster-units');
    const cards = get('warmaster', 'warmaster-cards');
    const variants: Partial<typeof DEFAULT_PRINT>[] = [
      {},
      { duplex: 'long' },
      { duplex: 'short' },
      { layout: 'pod' },
      { gutterFold: true },
      { paper: 'letter' },
      { card: { width: 57, height: 89 } },
      { card: { width: 70, height: 120 } },
    ];
    for (const v of variants) {
      const o = { ...DEFAULT_PRINT, ...v };
      const row = coverContext(content, all, o).components.find((c) => c.title === 'Special units and cards')!;
      expect(row.pages, JSON.stringify(v)).toBe(composeShared(templates, [units, cards], o, 'x').pages.length);
    }
  });

  it('--only: a printable that shares sheets brings its whole set; the set answers to its own id; an unknown id names the sets', () => {
    const all = printablesOf('warmaster');
    const ids = (only: string[]) => selectOnly(all, only).map((p) => p.id);
    expect(ids(['cards'])).toEqual(['warmaster-units', 'warmaster-cards']);
    expect(ids(['warmaster-units'])).toEqual(['warmaster-units', 'warmaster-cards']);
    expect(ids(['units-and-cards'])).toEqual(['warmaster-units', 'warmaster-cards']);
    expect(ids(['warmaster-units-and-cards', 'reference'])).toEqual(['warmaster-reference', 'warmaster-units', 'warmaster-cards']);
    expect(() => selectOnly(all, ['nope'])).toThrow(/no printable "nope"; known: .*warmaster-units-and-cards/);
  });

  it('a sheet cannot share sheets, and a set of sheets cannot take the id of a printable', () => {
    const content = packContentOf('warmaster');
    const list = content.printables!.list;
    const withList = (l: typeof list) => ({ ...content, printables: { ...content.printables!, list: l } });
    const contexts = contextsOf(content);
    expect(() =>
      packPrintables(withList(list.map((d) => (d.id === 'reference' ? { ...d, sheets: 'units-and-cards' } : d))), { playmarkVersion: 'test', contexts }),
    ).toThrow(/is a sheet and names the shared sheets/);
    expect(() => packPrintables(withList(list.map((d) => (d.sheets ? { ...d, sheets: 'counters' } : d))), { playmarkVersion: 'test', contexts })).toThrow(
      /have the id of a printable/,
    );
  });

  it('validate refuses both in printables.yaml, at `sheets` (printable/shared-sheets)', () => {
    const dir = path.join(tempDir(), 'warmaster');
    cpSync(path.join(repoRoot, 'content', 'warmaster'), dir, { recursive: true });
    const file = path.join(dir, 'printables.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      yaml.replace('    faces: one\n    front: warmaster/reference.hbs', '    faces: one\n    sheets: units-and-cards\n    front: warmaster/reference.hbs'),
    );
    const asSheet = validate([dir], { cwd: repoRoot }).diagnostics.filter((d) => d.code === 'printable/shared-sheets');
    expect(asSheet.map((d) => d.message)).toEqual([
      'The printable "reference" names the shared sheets "units-and-cards", but "reference" is a sheet, and only cards and counters share sheets.',
    ]);
    writeFileSync(file, yaml.replaceAll('sheets: units-and-cards', 'sheets: counters'));
    const taken = validate([dir], { cwd: repoRoot }).diagnostics.filter((d) => d.code === 'printable/shared-sheets');
    expect(taken).toHaveLength(2);
    expect(taken[0]!.message).toContain('"counters" is the id of a printable of the pack');
  });

  describe('printed', () => {
    it('`render warmaster` by default writes one warmaster-units-and-cards.pdf: the 10 units and 4 cards on 2 sheets, and no PDF each', async () => {
      const out = tempDir();
      const summary = await render({ contents: [packContentOf('warmaster')], templates, outDir: out, browser });
      const pdfs = summary.files.filter((f) => f.kind === 'pdf').map((f) => f.file);
      expect(pdfs).toContain('warmaster/warmaster-units-and-cards.pdf');
      expect(pdfs).not.toContain('warmaster/warmaster-units.pdf');
      expect(pdfs).not.toContain('warmaster/warmaster-cards.pdf');
      const pdf = path.join(out, 'warmaster/warmaster-units-and-cards.pdf');
      const info = await pdfinfo(pdf);
      // Two sheets, each front followed by its page of backs (the cards' backs; none for the units).
      expect(info.pages).toBe(4);
      expect(info.fields.Title).toBe('Warmaster: special units and cards');
      const first = await pdftotext(pdf, 1);
      expect(first).toMatch(/Sanguinius/i);
      const second = await pdftotext(pdf, 3);
      expect(second).toMatch(/Demonic hordes/i);
      for (const card of ['Trap', 'Horror', 'Crew']) expect(second).toContain(card);
      // The cover says so: one component, 14 cards on its 2 pages.
      const cover = (await pdftotext(path.join(out, 'warmaster/warmaster-cover.pdf'))).replace(/\s+/g, ' ');
      expect(cover).toContain('Special units and cards 14 cards on 2 sheets 63 x 88 mm');
      expect(cover).not.toMatch(/Special units 10 cards/);
    }, 120_000);
  });
});

describe('--combine: cards and counters of several printables share sheets', () => {
  it('Warmaster: the 10 units and the 4 cards take 2 sheets instead of 3, a unit and the cards on one sheet', () => {
    const units = get('warmaster', 'warmaster-units');
    const cards = get('warmaster', 'warmaster-cards');
    const separate = fronts(composePrintable(templates, units, DEFAULT_PRINT)).length + fronts(composePrintable(templates, cards, DEFAULT_PRINT)).length;
    expect(separate).toBe(3);
    const c = composeCombined(templates, [units, cards], DEFAULT_PRINT, 'Warmaster combined');
    expect(fronts(c)).toHaveLength(2);
    expect(fronts(c).some((p) => p.printables!.includes(units.id) && p.printables!.includes(cards.id))).toBe(true);
    // Every face of both, as many times as it is printed alone.
    expect(fronts(c).reduce((n, p) => n + p.faces!.length, 0)).toBe(copies(units) + copies(cards));
  });

  it("Archon Skirmish: the 16 creature counters fill the room under the deck's last cards; fewer sheets than printed apart", () => {
    const all = cardsOf('archon-skirmish');
    const separate = all.reduce((n, p) => n + fronts(composePrintable(templates, p, DEFAULT_PRINT)).length, 0);
    const c = combine('archon-skirmish');
    expect(fronts(c).length).toBeLessThan(separate);
    const last = fronts(c).find((p) => p.printables!.includes('archon-skirmish-creatures'))!;
    expect(last.printables).toContain('archon-skirmish-deck');
    expect(last.printables!.filter((id) => id === 'archon-skirmish-creatures')).toHaveLength(16);
    // The counters' band sits below the cards' band, apart from it (no trim inside another's).
    const cards = last.slots!.filter((_, i) => last.printables![i] === 'archon-skirmish-deck');
    const counters = last.slots!.filter((_, i) => last.printables![i] === 'archon-skirmish-creatures');
    const cardsBottom = Math.max(...cards.map((r) => r.y + r.height));
    expect(Math.min(...counters.map((r) => r.y))).toBeGreaterThan(cardsBottom + 2 * DEFAULT_PRINT.bleed);
    expect(Math.max(...counters.map((r) => r.y + r.height))).toBeLessThanOrEqual(PAPER.a4.height - DEFAULT_PRINT.bleed);
  });

  it("ends on its last sheet of fronts when that sheet's pieces have no backs (Archon's markers): no blank page of backs after it, and the cover counts so", () => {
    const all = cardsOf('archon-skirmish');
    const c = combine('archon-skirmish');
    const last = c.pages[c.pages.length - 1]!;
    expect(last.side).toBe('front');
    expect(last.printables!.every((id) => id === 'archon-skirmish-markers')).toBe(true);
    // Every other sheet keeps its page of backs, blank or not, so two-sided printing stays in step.
    c.pages.slice(0, -1).forEach((page, i) => expect(page.side).toBe(i % 2 === 0 ? 'front' : 'back'));
    expect(combinedPageCount(all, DEFAULT_PRINT)).toBe(c.pages.length);
    expect(c.pages.length % 2).toBe(1);
  });

  it("with --duplex every face gets its own printable's back, mirrored", () => {
    const c = composeCombined(templates, cardsOf('warmaster'), { ...DEFAULT_PRINT, duplex: 'long' }, 'Warmaster combined');
    const cards = get('warmaster', 'warmaster-cards');
    c.pages.forEach((page, i) => {
      if (page.side !== 'back') return;
      const frontPage = c.pages[i - 1]!;
      // Backs only for the printables that have one (the cards), each mirrored across the sheet.
      expect(page.printables!.every((id) => id === cards.id)).toBe(true);
      const frontsWithBacks = frontPage.slots!.filter((_, k) => frontPage.printables![k] === cards.id);
      expect(page.slots!.map((r) => Math.round((PAPER.a4.width - r.x - r.width) * 100) / 100)).toEqual(frontsWithBacks.map((r) => Math.round(r.x * 100) / 100));
    });
  });

  it('`playmark render warmaster --combine` writes one warmaster-all-cards.pdf (it holds no counters) holding units and cards on shared sheets, and no PDF each', async () => {
    const out = tempDir();
    const { io, stdout } = fakeIo();
    expect(await main(['render', 'warmaster', '--combine', '--out', out], io)).toBe(0);
    expect(stdout()).toMatch(/warmaster-all-cards\.pdf +4 pages +written/);
    expect(stdout()).not.toMatch(/warmaster-units\.pdf|warmaster-cards\.pdf|cards-and-counters/);
    const pdf = path.join(
      out,
      'warmaster',
      `${combinedId(
        'warmaster',
        printablesOf('warmaster').filter((p) => p.kind === 'card'),
      )}.pdf`,
    );
    // Each sheet's front, then its backs.
    expect((await pdfinfo(pdf)).pages).toBe(4);
    expect((await pdfinfo(pdf)).fields.Title).toBe('Warmaster: cards combined (special units, cards)');
    const second = await pdftotext(pdf, 3);
    expect(second).toMatch(/Demonic hordes/i);
    expect(second).toMatch(/Trap/);
  }, 120_000);

  it('is documented in --help, and refused with --layout pod', async () => {
    const help = fakeIo();
    await main(['render', '--help'], help.io).catch(() => undefined);
    expect(help.stdout()).toMatch(/--combine/);
    expect(help.stdout()).toMatch(/<pack>-cards-and-counters\.pdf/);
    const pod = fakeIo();
    expect(await main(['render', '--combine', '--layout', 'pod', '--out', tempDir()], pod.io)).toBe(2);
    expect(pod.stderr()).toMatch(/--combine shares sheets between printables/);
  });
});
