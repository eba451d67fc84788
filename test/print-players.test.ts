// What a player holding the printed kit sees (issue 23): text large and dark enough to read, every
// colour-coded meaning still told apart on a black-and-white printer, a loose sheet that names its
// game, each paragraph once, no source section names, every letter and dot on a counter explained,
// and pages that are not half empty. Read from the kits as the real browser lays them out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { footerCss } from '../src/render/document.js';
import { packPrintables } from '../src/render/printables.js';
import { render } from '../src/render/render.js';
import { contextsOf, packContentOf } from './content-support.js';
import { browser, pdftotext, templates, tempDir, useChrome } from './render-pipeline-support.js';

const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the printed kits, as players read them', () => {
  const chrome = useChrome();
  const out = tempDir('playmark-players-');
  let page: Page;

  beforeAll(async () => {
    // Backs included (--duplex): every page a player may print.
    await render({ contents: PACKS.map((p) => packContentOf(p)), templates, outDir: out, browser, duplex: 'long' });
    page = await chrome().newPage();
  }, 240_000);

  const open = (pack: string, doc: string) => page.goto(`file://${path.join(out, pack, `${pack}-${doc}.html`)}`);

  it('no text under 7 pt on any page of any kit, the page footers and drawings included', async () => {
    const small: string[] = [];
    for (const pack of PACKS)
      for (const file of readdirSync(path.join(out, pack)).filter((f) => f.endsWith('.html'))) {
        await page.goto(`file://${path.join(out, pack, file)}`);
        const found = await page.evaluate(() => {
          const out: string[] = [];
          for (const el of document.querySelectorAll('body *')) {
            if (el.getClientRects().length === 0) continue;
            // A drawing's text is sized in its own units: scaled by the drawing to what prints.
            const ctm = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
            const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
            const own = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim());
            const after = getComputedStyle(el, '::after');
            const styles = [...(own ? [getComputedStyle(el)] : []), ...(/^(none|normal|"")$/.test(after.content) ? [] : [after])];
            for (const s of styles) {
              const pt = parseFloat(s.fontSize) * scale * 0.75;
              if (pt < 6.99) out.push(`${el.tagName}.${el.getAttribute('class') ?? ''} "${(el.textContent ?? '').trim().slice(0, 20)}" at ${pt.toFixed(2)} pt`);
            }
          }
          return out;
        });
        small.push(...found.map((f) => `${file}: ${f}`));
      }
    expect(small).toEqual([]);
  });

  it('the page footer is 7 pt in ink, never light grey', async () => {
    await open('warchon', 'spreads');
    const footer = await page.evaluate(() => {
      const s = getComputedStyle(document.querySelector('.pm-page')!, '::after');
      return { size: parseFloat(s.fontSize) * 0.75, colour: s.color };
    });
    expect(footer.size).toBeGreaterThan(6.99);
    const [r, g, b] = footer.colour.match(/\d+/g)!.map(Number);
    expect(0.299 * r! + 0.587 * g! + 0.114 * b!).toBeLessThan(60);
  });

  /** What prints of an element on a black-and-white printer besides its hue: patterns, lines, weight, style. */
  const greyLook = (selector: string) =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const s = getComputedStyle(el);
      const noColour = (v: string) => v.replace(/rgba?\([^)]*\)/g, 'C');
      return JSON.stringify([
        noColour(s.backgroundImage),
        s.borderTopStyle,
        s.borderTopWidth,
        s.outlineStyle,
        s.fontWeight,
        s.fontStyle,
        s.textDecorationLine,
        noColour(s.boxShadow),
      ]);
    }, selector);

  it("Warchon: the attacker's and the defender's results differ in more than hue (AE and DE, A1 and D1)", async () => {
    await open('warchon', 'spreads');
    const ae = await greyLook('td.res-ae');
    const de = await greyLook('td.res-de');
    expect(ae).not.toBeNull();
    expect(ae).not.toBe(de);
    expect(await greyLook('td.res-a1')).not.toBe(await greyLook('td.res-d1'));
  });

  it("Warmaster: AA and DA, AR and DR differ in more than hue; the fire's border is a double ring, dark-light-dark in grey", async () => {
    await open('warmaster', 'reference');
    expect(await greyLook('td.wm-cell.tone-0')).not.toBe(await greyLook('td.wm-cell.tone-4'));
    expect(await greyLook('td.wm-cell.tone-1')).not.toBe(await greyLook('td.wm-cell.tone-3'));
    await open('warmaster', 'ship-map');
    const rings = await page.evaluate(() => getComputedStyle(document.querySelector('.wm-area.is-fire-start')!).boxShadow);
    const greys = [...rings.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)].map(([, r, g, b]) => 0.299 * Number(r) + 0.587 * Number(g) + 0.114 * Number(b));
    expect(greys).toHaveLength(3);
    expect(greys[1]! - greys[0]!).toBeGreaterThan(100);
    expect(greys[1]! - greys[2]!).toBeGreaterThan(100);
  });

  it('a paragraph every side prints alike prints once; no source section name heads a scenario sheet', async () => {
    const once = { 'archon-skirmish': 'Each player has 8 unique creatures.', warchon: 'Each player selects one of the two sets of colored playmarks' };
    for (const [pack, text] of Object.entries(once)) {
      const sheet = flat(await pdftotext(path.join(out, pack, `${pack}-scenarios.pdf`)));
      expect(sheet.split(text).length - 1, pack).toBe(1);
    }
    for (const pack of PACKS) expect(flat(await pdftotext(path.join(out, pack, `${pack}-scenarios.pdf`)))).not.toMatch(/Source:/);
  });

  it("Archon: the F and the dots on a creature are explained: on the turn card, and F on the scenario sheet's army", async () => {
    const turn = flat(await pdftotext(path.join(out, 'archon-skirmish', 'archon-skirmish-turn.pdf')));
    expect(turn).toContain('Creature counters');
    expect(turn).toContain('H Hits, one dot each');
    expect(turn).toContain('F: a Flyer');
    expect(flat(await pdftotext(path.join(out, 'archon-skirmish', 'archon-skirmish-scenarios.pdf')))).toContain('F after a Move: a Flyer.');
    // Warchon has no flyer: no such line.
    expect(flat(await pdftotext(path.join(out, 'warchon', 'warchon-scenarios.pdf')))).not.toContain('a Flyer');
  });

  it("Warmaster: at 7 pt every card's text still ends above its stat bar (the Emperor's exception included)", async () => {
    await open('warmaster', 'units-and-cards');
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('.wm-card-body')].flatMap((body) => {
        const limit = body.getBoundingClientRect().bottom + 0.5;
        const cut = [...body.querySelectorAll('*')].filter(
          (el) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim()) && el.getBoundingClientRect().bottom > limit,
        );
        return cut.map(
          (el) => `${body.closest('.wm-card')?.querySelector('.wm-card-name')?.textContent?.trim()}: "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        );
      }),
    );
    expect(hidden).toEqual([]);
  });

  it('the scenario sheets and the Warmaster combat page are filled, not half empty: text reaches past 70% of the sheet', async () => {
    const fill = async (pack: string, doc: string) => {
      await open(pack, doc);
      return page.evaluate(() =>
        [...document.querySelectorAll('.pm-page')].map((p) => {
          const face = (p.querySelector('.face') ?? p).getBoundingClientRect();
          let bottom = face.top;
          for (const el of p.querySelectorAll('.face *'))
            if ([...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim())) bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
          return (bottom - face.top) / face.height;
        }),
      );
    };
    for (const pack of PACKS) for (const f of await fill(pack, 'scenarios')) expect(f, pack).toBeGreaterThan(0.7);
    for (const f of await fill('warmaster', 'reference')) expect(f, 'warmaster reference').toBeGreaterThan(0.65);
  });
});

describe('a loose sheet names its game', () => {
  it("where only the page number fits, the footer is the game's title and the number", () => {
    const game = { title: 'Warchon', version: '1.0.0', sides: [] };
    const css = footerCss(game, 'Warchon: unit playmarks', 3, [{ bottom: 3.5, short: true, centre: 105 }]);
    expect(css).toContain('content: "Warchon \u00b7 p. " counter(pm-page) " of 3"');
    expect(footerCss(game, 'Warchon: unit playmarks', 1, [{ bottom: 3.5, short: true, centre: 105 }])).toContain('content: "Warchon";');
  });
});

describe('Warchon descriptors', () => {
  it('print capitalised, as the units table prints them (Human, Warriors as Ogre, Brutes)', () => {
    const content = packContentOf('warchon');
    const playmarks = packPrintables(content, { playmarkVersion: 'test', contexts: contextsOf(content) }).find((p) => p.id === 'warchon-playmarks')!;
    const names = playmarks.faces.flatMap((f) => (f.context.descriptors as { name: string }[]).map((d) => d.name));
    expect(names).toContain('Human');
    expect(names).toContain('Warriors');
    for (const n of names) expect(n).toMatch(/^[A-Z]/);
    // The data keeps the prose's words as printed.
    expect(readFileSync(path.join('content', 'warchon', 'descriptors', 'human.yaml'), 'utf8')).toContain('name: human');
  });
});
