// A face whose content does not fit its box is cut off when printed: the render says so, with the
// file, page and how much, instead of printing a card with half its rules missing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardSize } from '../src/render/impose.js';
import type { CardPrintable } from '../src/render/printable.js';
import { render } from '../src/render/render.js';
import { packContentOf } from './content-support.js';
import { loadContent } from '../src/content/effective.js';
import { badCaseProject, repoRoot } from './helpers.js';
import { fixtureDeck, fixtureFace } from './fixtures/render/printables.js';
import { browser, pdfinfo, templates, tempDir } from './render-pipeline-support.js';

describe('the size a card printable prints at', () => {
  const p = { id: 'x-cards', minSize: { width: 57, height: 88 } } as unknown as CardPrintable;

  it('is the requested --card when the text fits it', () => {
    expect(cardSize(p, { width: 63, height: 88 })).toEqual({ size: { width: 63, height: 88 } });
    expect(cardSize(p, { width: 70, height: 120 })).toEqual({ size: { width: 70, height: 120 } });
  });

  it('is the smallest standard card the text fits when the requested one is too small, with a warning', () => {
    const r = cardSize(p, { width: 44, height: 63 });
    expect(r.size).toEqual({ width: 57, height: 89 });
    expect(r.warning).toBe('x-cards: its text does not fit 44 x 63 mm cards; printed at 57 x 89 mm instead');
  });

  it('is the printable own size when it has one, whatever was asked', () => {
    expect(cardSize({ ...p, size: { width: 27, height: 120 } }, { width: 44, height: 63 })).toEqual({ size: { width: 27, height: 120 } });
  });
});

describe('cut-off faces', () => {
  it('checks a face whose template opens with its own <style> (as the covers, errata and scenario sheets do): a name too long for the card', async () => {
    const deck = fixtureDeck(2, { faces: 2, back: false });
    const long = { ...deck, faces: [deck.faces[0]!, fixtureFace(2, 1, 'Chamberlainshipworthinessofthelords')] };
    const summary = await render({ printables: [long], templates, outDir: tempDir(), browser });
    expect(readFileSync(path.join(repoRoot, 'test/fixtures/render/card.hbs'), 'utf8')).toMatch(/^<style>/);
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(
      /^fixture\/fixture-deck\.pdf: the printable fixture-deck \(face: card 2\) is cut off: its content needs [\d.]+ x [\d.]+ mm and the face is 63 x 88 mm/,
    );
  }, 60_000);

  it("reports a word cut off by the box that clips it, though most of the word is inside (Warmaster's markers in full capitals)", async () => {
    // The shipped CSS with the markers' names as they were: "DESTROYED" in capitals is wider than the 16 mm counter.
    const dir = tempDir();
    const css = readFileSync(path.join(repoRoot, 'templates/warmaster/warmaster.css'), 'utf8');
    mkdirSync(path.join(dir, 'warmaster'));
    writeFileSync(
      path.join(dir, 'warmaster/warmaster.css'),
      `${css}\n.wm-counter.marker .wm-counter-name { text-transform: uppercase; letter-spacing: 0.02em; }\n`,
    );
    const run = (templateDirs: string[]) =>
      render({ contents: [packContentOf('warmaster')], only: ['warmaster-counters'], templateDirs, outDir: tempDir(), browser });
    const cut = (await run([dir])).warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(
      /^warmaster\/warmaster-counters\.pdf: the printable warmaster-counters \(face: counters [a-z-]+\) .*has text cut off: "Destroyed area" runs [\d.]+ mm past/,
    );
    // As shipped, every name fits its counter.
    expect((await run([])).warnings.filter((w) => w.includes('cut off'))).toEqual([]);
  }, 60_000);

  it('warns when cards are too small for their text (Archon deck cards at 30 x 40 mm)', async () => {
    const summary = await render({
      contents: [packContentOf('archon-skirmish')],
      only: ['archon-skirmish-deck'],
      outDir: tempDir(),
      card: { width: 30, height: 40 },
      browser,
    });
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toHaveLength(1);
    // It names the printable and the face, the room needed against the 30 x 40 mm given, and the --card that gives it.
    expect(cut[0]).toMatch(
      /^archon-skirmish\/archon-skirmish-deck\.pdf: the printable archon-skirmish-deck \(face: card [a-z-]+ x\d+\) \(and \d+ other faces\) is cut off: its content needs [\d.]+ x [\d.]+ mm and the face is 30 x 40 mm \([\d.]+ mm too (wide|tall)/,
    );
    expect(cut[0]).toMatch(/Print with --card \d+x\d+ or larger/);
  }, 60_000);

  it('prints cards whose text needs more room at their smallest fitting size, and says so (Warmaster cards asked at mini)', async () => {
    const out = tempDir();
    const summary = await render({
      contents: [packContentOf('warmaster')],
      only: ['warmaster-cards'],
      outDir: out,
      card: { width: 44, height: 63 },
      layout: 'pod',
      bleed: 0,
      browser,
    });
    expect(summary.warnings).toContain('warmaster-cards: its text does not fit 44 x 63 mm cards; printed at 57 x 89 mm instead');
    expect(summary.warnings.filter((w) => w.includes('cut off'))).toEqual([]);
    // The cards share sheets with the units: --only prints both, into their one document. One card a
    // page with no bleed (nothing to share, each card's back after it): the page is the card, 57 x 89 mm.
    const info = await pdfinfo(path.join(out, 'warmaster/warmaster-units-and-cards.pdf'));
    expect(info.pages).toBe(10 + 4 * 2); // the cards' backs: one a page too
    const [w, h] = info.pageSize.split(' x ').map(Number);
    expect(w! * (25.4 / 72)).toBeCloseTo(57, 1);
    expect(h! * (25.4 / 72)).toBeCloseTo(89, 1);
  }, 60_000);

  it('a sheet wider than its box names the printable and the face, the width needed against the 190 mm given, and never advises --card (which does not size sheets)', async () => {
    const project = badCaseProject('sheet-too-wide');
    const content = loadContent([path.join(project, 'content/mini')], { cwd: project, cacheDir: false }).packs.get('mini')!;
    const summary = await render({
      contents: [content],
      templateDirs: [path.join(project, 'templates')],
      only: ['mini-reference'],
      outDir: tempDir(),
      browser,
    });
    const cut = summary.warnings.filter((w) => w.includes('cut off'));
    expect(cut).toEqual([
      "mini/mini-reference.pdf: the printable mini-reference (face: reference) is cut off: its content needs 250 x 259 mm and the face is 190 x 259 mm (60 mm too wide). A sheet's box is fixed (190 x 259 mm on the page): shorten or narrow what mini/reference.hbs shows, or split it over more faces.",
    ]);
  }, 60_000);

  it('does not warn for the same cards at the default poker size, nor at bridge size', async () => {
    for (const card of [undefined, { width: 57, height: 89 }]) {
      const summary = await render({
        contents: [packContentOf('warmaster')],
        only: ['warmaster-cards', 'warmaster-units'],
        outDir: tempDir(),
        ...(card ? { card } : {}),
        browser,
      });
      expect(summary.warnings).toEqual([]);
    }
  }, 60_000);
});
