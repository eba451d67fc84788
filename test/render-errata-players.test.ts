// Each pack's errata sheet as players get it: rendered by `playmark render --only errata` in a real
// Chromium, the PDF read back. It holds no id, pointer, file name, command, JSON or word about the
// software; it is grouped by component, each piece's heading once; every kind of mark on a page is
// explained by that page's legend, in a shape of its own; and every page fits its sheet box.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { notForPlayers } from '../src/content/lint/player-text.js';
import { commonView } from '../src/render/common/content.js';
import { errataComponents, errataEntries } from '../src/render/common/errata.js';
import { commonPrintables } from '../src/render/common/index.js';
import { KIND_LEGENDS, KIND_MARKS, MARK_KINDS } from '../src/render/marks.js';
import { PAPER } from '../src/render/print-options.js';
import { packContentOf } from './content-support.js';
import { fakeIo, repoRoot } from './helpers.js';
import { layoutProblems } from './layout-support.js';
import { pdfinfo, pdftotext, templates, tempDir, useChrome } from './render-pipeline-support.js';

const out = tempDir('playmark-errata-players-');
const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;
const words = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the errata sheet in a real browser, read back from the PDF', () => {
  const browser = useChrome();

  for (const pack of PACKS) {
    it(`${pack}: nothing a player should not see, grouped by component, each page's marks explained on it`, async () => {
      const io = fakeIo(repoRoot);
      expect(await main(['render', pack, '--only', 'errata', '-o', out], io.io), io.stderr()).toBe(0);
      const pdf = path.join(out, pack, `${pack}-errata.pdf`);
      const pages = (await pdfinfo(pdf)).pages;
      const texts = await Promise.all(Array.from({ length: pages }, (_, i) => pdftotext(pdf, i + 1)));
      const all = words(texts.join('\n'));

      const c = packContentOf(pack);
      const ids = new Set(
        [...Object.values(c.records).flatMap((r) => Object.keys(r)), ...c.layers.flatMap((l) => l.entries.map((e) => e.id))].filter((i) => i.includes('-')),
      );
      const names = Object.values(c.records).flatMap((r) => Object.values(r).flatMap((x) => (typeof x.name === 'string' ? [x.name] : [])));
      expect(notForPlayers(all, ids, { written: true, names })).toEqual([]);
      expect(all).not.toContain(c.pack.source!.file);
      for (const l of c.layers) expect(all).not.toContain(`layer ${l.id}`);

      // Grouped by component: each piece's heading, in order, and each line's sentence after its piece's heading.
      const comps = errataComponents(errataEntries(commonView(c)));
      let at = 0;
      for (const comp of comps) {
        const heading = all.toUpperCase().indexOf(comp.title.toUpperCase(), at);
        expect(heading, comp.title).toBeGreaterThanOrEqual(at);
        at = heading;
        for (const l of comp.lines) expect(all.indexOf(words(l.note).slice(0, 40), heading), `${comp.title}: ${l.note}`).toBeGreaterThan(heading);
      }

      // An erratum says what the source prints and what the kit prints instead, from the base transcription.
      for (const l of c.layers)
        for (const e of l.entries)
          if (e.kind === 'erratum' && typeof e.printed === 'string') expect(all).toContain(`was \u201c${e.printed}\u201d, now \u201c${e.value}\u201d`);
      if (pack === 'warmaster')
        expect(all).toContain('Name: was \u201cimperial Guard\u201d, now \u201cImperial Guard\u201d. Capitalised as every other unit name.');

      // On each page, every mark printed is one of the four shapes, and the page's legend explains it.
      const html = readFileSync(path.join(out, pack, `${pack}-errata.html`), 'utf8');
      expect(html).not.toContain('layer-mark">*');
      texts.forEach((t, i) => {
        for (const k of MARK_KINDS) if (t.includes(KIND_MARKS[k])) expect(words(t), `page ${i + 1}: ${k}`).toContain(words(KIND_LEGENDS[k]).slice(0, 30));
      });
    });
  }

  it('every page of every pack fits its sheet box', async () => {
    const page = await browser().newPage();
    try {
      for (const pack of PACKS) {
        const sheet = commonPrintables(packContentOf(pack), { playmarkVersion: '1.0.0' }).find((p) => p.id === `${pack}-errata`)!;
        for (const face of sheet.faces) {
          const problems = await layoutProblems(page, templates, sheet, face, PAPER.a4, { boxes: '.cs-page' });
          const box = (await page.evaluate(`(() => {
            const box = document.querySelector('.cs-page');
            const bottom = box.getBoundingClientRect().bottom;
            return [...box.querySelectorAll('.er-line')].filter((el) => el.getBoundingClientRect().bottom > bottom + 0.5).map((el) => el.textContent.slice(0, 40));
          })()`)) as string[];
          expect([...problems, ...box], `${pack} ${face.label}`).toEqual([]);
        }
      }
    } finally {
      await page.close();
    }
  });
});
