// The sheets every pack has, built and rendered without a browser: one scenario sheet per
// scenario (armies, setup, first player, victory, special rules, one mark on layer-set values and its legend) and
// the errata sheet listing every layer entry once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Handlebars from 'handlebars';
import { describeTarget } from '../src/content/diff.js';
import { validate } from '../src/content/validate.js';
import { commonView } from '../src/render/common/content.js';
import { errataEntries, formatValue, paginate } from '../src/render/common/errata.js';
import { markValue } from '../src/render/common/mark-value.js';
import { LAYER_LEGEND, LAYER_MARK, MarkBook, UNKNOWN_LEGEND, UNKNOWN_MARK } from '../src/render/marks.js';
import { commonPrintables } from '../src/render/common/index.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import type { Face, Printable } from '../src/render/printable.js';
import { packContentOf } from './content-support.js';
import { repoRoot, htmlText, poisoned } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
const temps: string[] = [];
afterAll(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDirFor = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
const packs = ['archon-skirmish', 'warchon', 'warmaster'];
const packContent = (pack: string) => commonView(packContentOf(pack));
const built = new Map(packs.map((p) => [p, commonPrintables(packContentOf(p), { playmarkVersion: 'test' })]));
const get = (pack: string, what: 'scenarios' | 'errata'): Printable => built.get(pack)!.find((p) => p.id === `${pack}-${what}`)!;
const html = (p: Printable, face: Face) => renderFace(templates, p, face);
/** The one mark a player's face prints beside a value a layer set (the entry is on the errata sheet). */
const MARK = `<sup class="layer-mark">${LAYER_MARK}</sup>`;
/** A face's text without its marks. */
const text = (h: string) => htmlText(h.split(MARK).join(''));

// The layer files as the validator loads them: an independent list of every entry of every pack.
const validated = validate([path.join(repoRoot, 'content')], { cwd: repoRoot });
const layerEntries = (pack: string) => validated.packs.find((p) => p.id === pack)!.layers.flatMap((l) => l.entries);

describe('common printables', () => {
  it('a pack with no scenarios gets the errata sheet alone', () => {
    const content = packContentOf('warchon');
    const ps = commonPrintables({ ...content, records: { ...content.records, scenario: {} } }, { playmarkVersion: 'test' });
    expect(ps.map((p) => p.id)).toEqual(['warchon-errata']);
  });

  for (const pack of packs) {
    it(`${pack}: a scenarios sheet and an errata sheet, portrait, rendering in strict mode`, () => {
      const ps = built.get(pack)!;
      expect(ps.map((p) => p.id)).toEqual([`${pack}-scenarios`, `${pack}-errata`]);
      for (const p of ps) {
        expect(p.kind).toBe('sheet');
        expect(p.pack).toBe(pack);
        for (const face of p.faces) expect(() => html(p, face), `${p.id} ${face.label}`).not.toThrow();
      }
    });
  }
});

describe('scenario sheets', () => {
  for (const pack of packs) {
    const c = packContent(pack);
    const sheet = get(pack, 'scenarios');

    it(`${pack}: one sheet per scenario`, () => {
      expect(sheet.faces.map((f) => (f.context.scenario as { id: string }).id)).toEqual([...c.scenarioIds]);
    });

    for (const [i, id] of c.scenarioIds.entries()) {
      const s = c.scenarios[id]!;
      const face = sheet.faces[i]!;
      const out = html(sheet, face);
      const t = text(out);

      it(`${pack}/${id}: name, each side's army and setup, who goes first, victory, special rules`, () => {
        expect(t).toContain(s.name);
        for (const side of s.sides) {
          expect(t).toContain(c.pack.sides.find((x) => x.id === side.side)!.name);
          for (const u of side.army.units ?? []) {
            const rec = (c.records.unit?.[u.unit] ?? c.records.creature?.[u.unit] ?? c.records['special-unit']?.[u.unit] ?? c.records.card?.[u.unit]) as {
              name: string;
            };
            expect(rec, u.unit).toBeDefined();
            expect(t).toContain(`${u.count}\u00d7 ${rec.name}`);
          }
          if (side.army.budget) expect(t).toContain(`Budget: ${side.army.budget.points} points`);
          if (side.army.text) expect(t).toContain(side.army.text);
          expect(t).toContain(side.setup.text);
          for (const z of side.setup.zones ?? []) {
            const zone = (c.records.zone?.[z] ?? c.records.spread?.[z] ?? c.records['ship-area']?.[z]) as {
              name?: string | null;
              number?: number;
              squares?: string[];
            };
            expect(zone, z).toBeDefined();
            const label = zone.squares ? zone.squares.join(' ') : (zone.name ?? String(zone.number));
            expect(t).toContain(label);
          }
        }
        if (s.first !== null) expect(t).toContain(`${c.pack.sides.find((x) => x.id === s.first)!.name} moves first`);
        for (const v of s.victory ?? []) expect(t).toContain(v.text);
        for (const r of s.specialRules ?? []) expect(t).toContain(r.text);
      });

      it(`${pack}/${id}: every value a layer set is marked, and the legend says what the mark means; the entries are on the errata sheet`, () => {
        const origins = c.origins.scenario?.[id] ?? {};
        const entries = face.footnotes.map((n) => n.entry);
        for (const o of Object.values(origins)) expect(entries).toContain(o.entry);
        expect(out.includes(MARK)).toBe(face.footnotes.length > 0);
        expect(t.includes(LAYER_LEGEND)).toBe(face.footnotes.length > 0);
        for (const n of face.footnotes) expect(out).not.toContain(`<code>${n.entry}</code>`);
        // Nor the source's file name.
        expect(t).not.toContain(c.pack.source.file);
      });
    }
  }

  it("Archon: the first player is a ruling, marked beside the side's name", () => {
    const face = get('archon-skirmish', 'scenarios').faces[0]!;
    const note = face.footnotes.find((n) => n.entry === 'first-player')!;
    expect(note.kind).toBe('ruling');
    expect(Object.values(face.marks)).toContain(note.n);
    expect(html(get('archon-skirmish', 'scenarios'), face)).toContain(`Light${MARK}`);
  });

  it('Warmaster: the victory conditions are a ruling, marked once on the heading', () => {
    const p = get('warmaster', 'scenarios');
    const face = p.faces[0]!;
    const note = face.footnotes.find((n) => n.entry === 'standard-victory')!;
    expect(note.kind).toBe('ruling');
    const out = html(p, face);
    expect(out).toContain(`Victory${MARK}</div>`);
    // One value carries the ruling's mark: the heading, not each condition under it.
    expect(Object.values(face.marks).filter((n) => n === note.n)).toHaveLength(1);
  });

  it('Warchon: the Celestine army is a ruling, the Ogres an inference, each marked', () => {
    const face = get('warchon', 'scenarios').faces[0]!;
    const kinds = Object.fromEntries(face.footnotes.map((n) => [n.entry, n.kind]));
    expect(kinds['demo-celestine-army']).toBe('reconstruction');
    expect(kinds['demo-azuthka-ogres']).toBe('inference');
  });
});

describe('marks', () => {
  const o = (entry: string) => ({ entry, kind: 'ruling' as const, layer: 'rulings', reason: `because ${entry}` });
  it('mark a value a layer set, one inside a value it set, and one a layer set item by item', () => {
    const book = new MarkBook();
    const origins = { '/a': o('set-a'), '/list/1': o('item'), '/list/2': o('item') };
    markValue(book, 'r', origins, '/a/x');
    markValue(book, 'r', origins, '/list');
    markValue(book, 'r', origins, '/b');
    const { marks, footnotes } = book.result();
    expect(marks).toEqual({ 'r/a/x': 1, 'r/list': 2 });
    expect(footnotes.map((f) => f.entry)).toEqual(['set-a', 'item']);
  });

  it('the helpers: mark prints the one mark (never a number), known prints ? for a value nobody knows, legend says both in words', () => {
    const hb = (source: string, context: Record<string, unknown>) => {
      const file = path.join(tempDirFor('playmark-helpers-'), 'x.hbs');
      writeFileSync(file, source);
      return createTemplates(path.dirname(file)).render('x.hbs', context);
    };
    expect(hb('{{mark marks "r" "/a"}}|{{mark marks "r" "/b"}}', { marks: { 'r/a': 3 } })).toBe(`${MARK}|`);
    expect(hb('{{#if (mark marks "r" "/a")}}yes{{/if}}', { marks: { 'r/a': 1 } })).toBe('yes');
    expect(hb('{{known v}} {{known w}}', { v: null, w: 0 })).toBe(`<span class="unknown-mark">${UNKNOWN_MARK}</span> 0`);
    expect(hb('{{show v}}', { v: null })).toBe('\u2014');
    const words = (h: string) => htmlText(h).replace(/\s+/g, ' ').trim();
    expect(words(hb('{{legend 2 true}}', {}))).toBe(`${LAYER_MARK} ${LAYER_LEGEND} ${UNKNOWN_MARK} ${UNKNOWN_LEGEND}`);
    expect(hb('{{legend 0 false}}', {})).toBe('');
  });
});

describe('errata sheets', () => {
  for (const pack of packs) {
    const sheet = get(pack, 'errata');
    const pages = sheet.faces.map((f) => html(sheet, f));
    const listed = pages.flatMap((out) => [...out.matchAll(/<span class="er-id">([^<]+)<\/span>/g)].map((m) => m[1]!));

    it(`${pack}: lists every layer entry id exactly once`, () => {
      const expected = layerEntries(pack).map((e) => e.id);
      expect(expected.length).toBeGreaterThan(0);
      expect([...listed].sort()).toEqual([...expected].sort());
      expect(new Set(listed).size).toBe(listed.length);
    });

    it(`${pack}: each entry with its kind, target record and pointer, value and reason, grouped errata, inferences, rulings`, () => {
      const entries = layerEntries(pack);
      const blocks = pages.join('\n').split('<div class="er-entry">').slice(1);
      const sheetText = text(pages.join('\n'));
      for (const e of entries) {
        const block = blocks.find((b) => b.includes(`<span class="er-id">${e.id}</span>`));
        expect(block, e.id).toBeDefined();
        // The target in words, as `playmark diff` names it (a table cell by its row and column), never by its pointer.
        expect(block, e.id).toContain(`<span class="er-target">${Handlebars.escapeExpression(describeTarget(packContent(pack), e.target).where)}</span>`);
        expect(block, e.id).not.toContain(`<code>${e.target.pointer}</code>`);
        expect(block, e.id).toContain(`layer ${validated.packs.find((p) => p.id === pack)!.layers.find((l) => l.entries.includes(e))!.id}`);
        // Its reason: the parts it shares with other entries printed once above them (see
        // test/render-errata-groups.test.ts), the rest with the entry.
        for (const part of e.reason
          .replace(/\s+/g, ' ')
          .trim()
          .split(/(?<=[.;:])\s+(?=\S)/))
          expect(sheetText, e.id).toContain(part);
      }
      // Kinds come in order: errata, then inferences, then rulings, then reconstructions.
      const order = ['erratum', 'inference', 'ruling', 'reconstruction'];
      const kinds = errataEntries(packContent(pack)).map((e) => order.indexOf(e.kind));
      expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
      const kindOf = Object.fromEntries(entries.map((e) => [e.id, e.kind]));
      for (const e of errataEntries(packContent(pack))) expect(e.kind).toBe(kindOf[e.entry]);
    });

    // The printed number is the page footer's (test/print-kit.test.ts reads it from the PDFs).
    it(`${pack}: pages are numbered, the first with the counts by kind`, () => {
      sheet.faces.forEach((f, i) => {
        expect(f.context.page).toBe(i + 1);
        expect(f.context.pages).toBe(sheet.faces.length);
      });
      const counts = sheet.faces[0]!.context.counts as { kind: string; count: number }[];
      const entries = layerEntries(pack);
      for (const k of counts) expect(k.count).toBe(entries.filter((e) => e.kind === k.kind).length);
    });
  }

  it('values print in one line: scalars as they are, lists and objects as JSON, long ones cut', () => {
    expect(formatValue(8)).toBe('8');
    expect(formatValue('ruling')).toBe('ruling');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(['a', 1])).toBe('["a",1]');
    expect(formatValue('x'.repeat(400))).toHaveLength(150);
    expect(formatValue(undefined)).toBe('(removed)');
  });

  it('lists each entry at its own target pointer, with the value it sets, in the order the layers apply', () => {
    const entries = errataEntries(packContent('warchon'));
    const row5 = entries.find((e) => e.entry === 'erdon-pass-rng-row-5')!;
    expect(row5.target).toMatchObject({ kind: 'spread', id: 'erdon-pass', pointer: '/rng/4' });
    expect(row5.value).toBe('[2,3,4,"5E",1]');
    // An append names the list it appends to, as the entry is written.
    const path = entries.find((e) => e.entry.includes('kier-zhadd') && e.target.pointer.startsWith('/paths'));
    expect(path?.target.pointer).toBe('/paths/-');
    const inferences = entries.filter((e) => e.kind === 'inference').map((e) => e.entry);
    expect(inferences.indexOf('erdon-pass-rng-row-5')).toBeLessThan(inferences.indexOf('irondale-rng-row-5'));
  });

  it('paginates: a group split over pages says it continues', () => {
    const pages = paginate(errataEntries(packContent('warmaster')));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(1).every((p) => p[0]!.continued)).toBe(true);
    expect(pages.flat().flatMap((g) => g.entries)).toHaveLength(layerEntries('warmaster').length);
  });
});

describe('escaping', () => {
  const evil = '<script>alert(1)</script>';
  for (const pack of packs) {
    it(`${pack}: content text prints as the characters it holds`, () => {
      for (const p of built.get(pack)!) {
        const face = p.faces[0]!;
        const out = renderFace(templates, p, {
          ...face,
          context: poisoned(face.context, evil) as Record<string, unknown>,
          footnotes: face.footnotes.map((n) => ({ ...n, reason: evil, entry: evil })),
        });
        expect(out, p.id).not.toContain('<script>');
        expect(out, p.id).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      }
    });
  }

  it('a unit named <script> in an army prints as those characters', () => {
    const p = get('archon-skirmish', 'scenarios');
    const face = p.faces[0]!;
    const sides = (face.context.sides as { units: { name: string }[] }[]).map((s) => ({ ...s, units: s.units.map((u) => ({ ...u, name: evil })) }));
    const out = renderFace(templates, p, { ...face, context: { ...face.context, sides } });
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain(evil);
  });
});
