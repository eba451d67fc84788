// Archon Skirmish through the print pipeline to PDF, read back from the PDF: the pages each
// printable takes, the deck's 50 faces with its backs, and the text a player reads (every board
// square, the Save ruling's footnote, every layer entry on the errata sheet). Without a
// browser they fail, saying how to install one.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_LEGENDS, KIND_MARKS } from '../src/render/marks.js';
import * as content from '../generated/content/archon-skirmish.js';
import { render, type RenderSummary } from '../src/render/render.js';
import { printablesOf } from './content-support.js';
import { browser, pdfinfo, pdftotext, templates, tempDir } from './render-pipeline-support.js';

// Every printable of the pack: printables.yaml's, then its scenario and errata sheets.
const printables = printablesOf('archon-skirmish');

describe('archon-skirmish PDFs', () => {
  const out = tempDir('playmark-archon-');
  let summary: RenderSummary;
  beforeAll(async () => {
    summary = await render({ printables, templates, outDir: out, browser });
  }, 180_000);
  const pdf = (id: string) => path.join(out, 'archon-skirmish', `${id}.pdf`);
  const pages = (id: string) => summary.files.find((f) => f.kind === 'pdf' && f.file === `archon-skirmish/${id}.pdf`)?.pages;

  it('prints every printable, A4 by default', async () => {
    // 16 counters of 22 mm fit one page, then a page of their backs; 50 poker cards at 9 a page take 6, each followed by its page of backs.
    expect(pages('archon-skirmish-creatures')).toBe(2);
    expect(pages('archon-skirmish-deck')).toBe(12);
    expect(pages('archon-skirmish-board')).toBe(1);
    // Two turn cards (one per player) share a page.
    expect(pages('archon-skirmish-turn')).toBe(1);
    expect(pages('archon-skirmish-scenarios')).toBe(content.scenarioIds.length);
    expect(pages('archon-skirmish-errata')).toBe(printables.find((p) => p.id === 'archon-skirmish-errata')!.faces.length);
    expect((await pdfinfo(pdf('archon-skirmish-board'))).pageSize).toBe('595.28 x 841.89');
  });

  it('the deck prints each card as many times as the deck lists it', async () => {
    const text = await pdftotext(pdf('archon-skirmish-deck'));
    for (const { card: id, copies } of content.decks['common-deck'].cards) {
      const card = content.cards[id as keyof typeof content.cards];
      const printed = text
        .split(/\n/)
        .filter((l) => new RegExp(`(^|\\s)${card.name}(\\s|$)`).test(l))
        .join('\n');
      const times = (printed.match(new RegExp(card.name, 'g')) ?? []).length;
      expect(times, card.name).toBeGreaterThanOrEqual(copies);
    }
    // A player's card says what its mark means in one line; the entry behind it is on the errata sheet, in players' words.
    expect(text).not.toContain('dark-save-effect');
    expect(text.replace(/\s+/g, ' ')).toContain(`${KIND_MARKS.ruling} ${KIND_LEGENDS.ruling}`);
  });

  it('the board names all 64 squares and its victory corners', async () => {
    const text = await pdftotext(pdf('archon-skirmish-board'));
    for (const f of 'abcdefgh') for (const r of '12345678') expect(text).toContain(`${f}${r}`);
    expect(text.match(/VICTORY/gi)!.length).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain('light-back-rank');
    expect(text.replace(/\s+/g, ' ')).toContain(`${KIND_MARKS.ruling} ${KIND_LEGENDS.ruling}`);
  });

  it("the errata sheet carries every layer entry's sentence for players, and no entry id", async () => {
    const text = (await pdftotext(pdf('archon-skirmish-errata'))).replace(/\s+/g, ' ');
    for (const byId of Object.values(content.origins)) {
      for (const origins of Object.values(byId)) for (const o of Object.values(origins ?? {})) expect(text).not.toContain(o.entry);
    }
    for (const l of content.layers) for (const e of l.entries) expect(text, e.id).toContain(e.note!.replace(/\s+/g, ' ').slice(0, 40));
  });
});
