// The games' own printables through the whole pipeline, read back from the PDFs: every Warchon
// spread's tables in the text of its sheet, every Archon Skirmish card as many times as its count.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as archon from '../generated/content/archon-skirmish.js';
import { spreadIds, spreads } from '../generated/content/warchon.js';
import { render } from '../src/render/render.js';
import { packContentOf } from './content-support.js';
import { browser, pdffonts, pdfinfo, pdftotext, tempDir } from './render-pipeline-support.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A table row in pdftotext -layout text: its number, then its cells in order, each perhaps followed by a layer mark. */
const rowPattern = (n: number, cells: readonly (string | number | null)[]) =>
  new RegExp(
    `(?:^|\\s)${n}\\s+${cells.map((c) => `${escape(c === null ? '\u2014' : String(c))}(?:\\s?[*\u271A\u25C7\u00A7\u25C6])?`).join('\\s+')}(?=\\s|$)`,
    'm',
  );

describe('the games printed and read back', () => {
  const out = tempDir();
  const pdf = (rel: string) => path.join(out, rel);

  beforeAll(async () => {
    await render({
      contents: [packContentOf('warchon'), packContentOf('archon-skirmish')],
      only: ['warchon-spreads', 'archon-skirmish-deck'],
      outDir: out,
      layout: 'pod',
      browser,
    });
  }, 120_000);

  it('every Warchon spread sheet holds its number, name, every RNG cell and every combat table cell, in order', async () => {
    const pages = (await pdftotext(pdf('warchon/warchon-spreads.pdf'))).split('\f');
    expect((await pdfinfo(pdf('warchon/warchon-spreads.pdf'))).pageSize).toBe('595.28 x 841.89');
    for (const id of spreadIds) {
      const s = spreads[id];
      const page = pages.find((p) => new RegExp(`^\\s*Sp\\. ${s.number}\\s`).test(p) && p.includes(s.name));
      expect(page, `a page for spread ${id}`).toBeDefined();
      s.rng.forEach((row, r) => expect(page, `${id} RNG row ${r + 1}`).toMatch(rowPattern(r + 1, row)));
      s.combatTable.rows.forEach((row, r) => expect(page, `${id} combat table row ${r + 1}`).toMatch(rowPattern(r + 1, row.cells)));
      for (const col of s.combatTable.columns) expect(page, `${id} column ${col.label}`).toContain(col.label.replace(/\u2212/g, '-'));
      for (const e of s.events?.entries ?? []) expect(words(page!), `${id} event ${e.roll}`).toContain(words(e.name ?? ''));
    }
    expect((await pdffonts(pdf('warchon/warchon-spreads.pdf'))).every((f) => f.emb === 'yes')).toBe(true);
  });

  it('every Archon Skirmish card is printed as many times as the deck counts it, each with its back (print-on-demand)', async () => {
    const deck = archon.decks['common-deck'];
    const file = pdf('archon-skirmish/archon-skirmish-deck.pdf');
    const pages = (await pdftotext(file)).split('\f').slice(0, -1);
    expect(pages).toHaveLength(2 * deck.size);
    const fronts = pages.filter((_, i) => i % 2 === 0);
    const backs = pages.filter((_, i) => i % 2 === 1);
    expect(backs.every((b) => /ARCHON\s+SKIRMISH/i.test(b) && b.includes(String(deck.size)))).toBe(true);
    let total = 0;
    for (const { card: id, copies } of deck.cards) {
      const card = archon.cards[id as keyof typeof archon.cards];
      const mine = fronts.filter((p) => new RegExp(`^\\s*\\S+\\s+${escape(card.name)}[ \\t]*\\n`).test(p));
      expect(mine.length, `${card.name} copies`).toBe(copies);
      for (const p of mine) {
        expect(p).toContain(`${copies}\u00d7 in ${deck.size}`);
        if (card.spellId) {
          const spell = archon.spells[card.spellId as keyof typeof archon.spells];
          expect(words(p), `${card.name} spell text`).toContain(words(spell.text));
        }
      }
      total += copies;
    }
    expect(total).toBe(deck.size);
    // One card a page: the trim is the poker card.
    const info = await pdfinfo(file, 1);
    const trim = (info.fields.TrimBox ?? '').split(/\s+/).filter(Boolean).map(Number);
    expect(Math.abs(((trim[2]! - trim[0]!) * 25.4) / 72 - 63)).toBeLessThan(0.1);
    expect(Math.abs(((trim[3]! - trim[1]!) * 25.4) / 72 - 88)).toBeLessThan(0.1);
  });

  it('the deck imposed 9 to an A4 page: 50 cards on 6 fronts, each followed by its back with --duplex long', async () => {
    const nup = tempDir();
    const summary = await render({ contents: [packContentOf('archon-skirmish')], only: ['archon-skirmish-deck'], outDir: nup, duplex: 'long', browser });
    const file = path.join(nup, 'archon-skirmish/archon-skirmish-deck.pdf');
    expect(summary.files.find((f) => f.file === 'archon-skirmish/archon-skirmish-deck.pdf')?.pages).toBe(12);
    expect((await pdfinfo(file)).pages).toBe(12);
    expect((await pdfinfo(file, 12)).pageSize).toBe('595.28 x 841.89');
    // Without the page footer (game · printable · p. N of M · version), which names the game too.
    const pages = (await pdftotext(file)).split('\f').map((t) => t.replace(/[^\n]*\u00b7 p\. \d+ of \d+[^\n]*/g, ''));
    // The back's title wraps in its ring (ARCHON over SKIRMISH), so a row's titles read line by line.
    for (const word of [/ARCHON/g, /SKIRMISH/g]) {
      expect(pages[1]!.match(word)).toHaveLength(9);
      expect(pages[11]!.match(word)).toHaveLength(50 - 5 * 9);
    }
  }, 60_000);
});
