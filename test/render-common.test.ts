// The sheets every pack has, built and rendered without a browser: one scenario sheet per
// scenario (armies, setup, first player, victory, special rules, one mark on layer-set values and its legend) and
// the errata sheet listing every layer entry once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notForPlayers } from '../src/content/lint/player-text.js';
import { validate } from '../src/content/validate.js';
import { commonView } from '../src/render/common/content.js';
import { errataComponents, errataEntries, paginate } from '../src/render/common/errata.js';
import { markValue } from '../src/render/common/mark-value.js';
import { KIND_LEGENDS, KIND_MARKS, MARK_KINDS, MarkBook, markHtml, UNKNOWN_LEGEND, UNKNOWN_MARK } from '../src/render/marks.js';
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
/** The marks a player's face prints beside a value a layer set, one symbol per kind (the entry is on the errata sheet). */
const MARK = /<sup class="layer-mark mark-(erratum|inference|ruling|reconstruction)">[^<]*<\/sup>/g;
/** The kinds of the marks an HTML face printed. */
const markedKinds = (h: string) => new Set([...h.matchAll(MARK)].map((m) => m[1]!));
/** A face's text without its marks. */
const text = (h: string) => htmlText(h.replace(MARK, ''));

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
          // Pieces drawn from the cup at set-up (Warmaster's Traitor: those Horus hides among).
          if (side.setup.drawnFromCup) expect(t).toContain(`Draw ${side.setup.drawnFromCup} from the cup at random; set them up face down too.`);
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
        // Each mark says its kind, and the legend on the face explains each kind printed, no other.
        const printed = markedKinds(out);
        expect(printed.size > 0).toBe(face.footnotes.length > 0);
        for (const k of printed) expect(face.footnotes.map((f) => f.kind)).toContain(k);
        for (const k of MARK_KINDS) expect(t.includes(KIND_LEGENDS[k]), k).toBe(printed.has(k));
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
    expect(html(get('archon-skirmish', 'scenarios'), face)).toContain(`Light${markHtml('ruling')}`);
  });

  it('Warmaster: the victory conditions are a reconstruction, marked once on the heading', () => {
    const p = get('warmaster', 'scenarios');
    const face = p.faces[0]!;
    const note = face.footnotes.find((n) => n.entry === 'standard-victory')!;
    expect(note.kind).toBe('reconstruction');
    const out = html(p, face);
    expect(out).toContain(`Victory${markHtml('reconstruction')}</div>`);
    // One value carries the ruling's mark: the heading, not each condition under it.
    expect(Object.values(face.marks).filter((n) => n === note.n)).toHaveLength(1);
  });

  it('Warchon: the Celestine army is a ruling, the Ogres an inference, each marked', () => {
    const face = get('warchon', 'scenarios').faces[0]!;
    const kinds = Object.fromEntries(face.footnotes.map((n) => [n.entry, n.kind]));
    expect(kinds['demo-celestine-army']).toBe('reconstruction');
    expect(kinds['demo-azuthka-ogres']).toBe('inference');
  });

  it("Warchon: a total carries the marks of the values it adds up (the Celestine army's made-up points, the Ogres' inferred place)", () => {
    const p = get('warchon', 'scenarios');
    const out = html(p, p.faces[0]!);
    const totals = [...out.matchAll(/<td>Total<\/td>(?:<td><\/td>)*<td class="num">(\d+)((?:<sup[^>]*>[^<]*<\/sup>)*)<\/td>/g)].map((m) => [m[1], m[2]]);
    expect(totals).toEqual([
      ['8', markHtml('inference')],
      ['10', markHtml('reconstruction')],
    ]);
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

  it("the helpers: mark prints its kind's mark (never a number), known prints ? for a value nobody knows, legend says both in words", () => {
    const hb = (source: string, context: Record<string, unknown>) => {
      const file = path.join(tempDirFor('playmark-helpers-'), 'x.hbs');
      writeFileSync(file, source);
      return createTemplates(path.dirname(file)).render('x.hbs', context);
    };
    const footnotes = [
      { n: 1, entry: 'x', kind: 'reconstruction', reason: '' },
      { n: 3, entry: 'y', kind: 'erratum', reason: '' },
    ];
    expect(hb('{{mark marks "r" "/a"}}|{{mark marks "r" "/b"}}', { marks: { 'r/a': 3 }, footnotes })).toBe(`${markHtml('erratum')}|`);
    expect(hb('{{mark marks "r" "/a"}}', { marks: { 'r/a': 1 }, footnotes })).toBe(
      `<sup class="layer-mark mark-reconstruction">${KIND_MARKS.reconstruction}</sup>`,
    );
    // One symbol per kind, each its own shape.
    expect(new Set(Object.values(KIND_MARKS)).size).toBe(4);
    expect(Object.values(KIND_MARKS)).not.toContain('*');
    expect(hb('{{#if (mark marks "r" "/a")}}yes{{/if}}', { marks: { 'r/a': 1 } })).toBe('yes');
    expect(hb('{{known v}} {{known w}}', { v: null, w: 0 })).toBe(`<span class="unknown-mark">${UNKNOWN_MARK}</span> 0`);
    expect(hb('{{show v}}', { v: null })).toBe('\u2014');
    const words = (h: string) => htmlText(h).replace(/\s+/g, ' ').trim();
    expect(words(hb('{{legend 2 true}}', {}))).toBe(
      `${MARK_KINDS.map((k) => `${KIND_MARKS[k]} ${KIND_LEGENDS[k]}`).join(' ')} ${UNKNOWN_MARK} ${UNKNOWN_LEGEND}`,
    );
    expect(hb('{{legend 0 false}}', {})).toBe('');
  });
});

describe('errata sheets', () => {
  for (const pack of packs) {
    const sheet = get(pack, 'errata');
    const pages = sheet.faces.map((f) => html(sheet, f));
    const sheetText = pages.map((p) => htmlText(p.replace(/<style>[\s\S]*?<\/style>/, ''))).join('\n');

    it(`${pack}: every layer entry's sentence for players is on the sheet, under the component that prints its value`, () => {
      const entries = layerEntries(pack);
      expect(entries.length).toBeGreaterThan(0);
      const sections = pages.join('\n').split('<section class="er-comp">').slice(1);
      for (const e of errataEntries(packContent(pack))) {
        const section = sections.find(
          (b) =>
            htmlText(b.slice(0, b.indexOf('</h2>')))
              .trim()
              .startsWith(e.component.title) && htmlText(b).includes(e.note),
        );
        expect(section, `${e.component.title}: ${e.note}`).toBeDefined();
        // The line carries the mark of the entry's kind.
        expect(section).toContain(`<li class="er-line er-kind-${e.kind}">${markHtml(e.kind)}`);
      }
      // Every shipped entry has its own sentence for players (none falls back to its kind's words).
      for (const e of entries) expect(e.note, e.id).toMatch(/\S/);
    });

    it(`${pack}: no id, pointer, file name, command, JSON or word about the software on the sheet`, () => {
      const c = packContentOf(pack);
      const ids = new Set(
        [...Object.values(c.records).flatMap((r) => Object.keys(r)), ...c.layers.flatMap((l) => l.entries.map((e) => e.id))].filter((i) => i.includes('-')),
      );
      expect(
        notForPlayers(sheetText, ids, { written: true, names: Object.values(c.records).flatMap((r) => Object.values(r).map((x) => String(x.name))) }),
      ).toEqual([]);
      for (const l of c.layers) expect(sheetText).not.toContain(`layer ${l.id}`);
      expect(sheetText).not.toContain(c.pack.source!.file);
      expect(sheetText).not.toMatch(/\b(RULING|INFERENCE|RECONSTRUCTION|ERRATUM)\b/);
    });

    it(`${pack}: grouped by component, each heading once (or continued), the legend on each page naming only the kinds it prints`, () => {
      const headings = pages.flatMap((p) => [...p.matchAll(/<h2>([\s\S]*?)<\/h2>/g)].map((m) => htmlText(m[1]!).replace(/\s+/g, ' ').trim()));
      const titles = headings.filter((h) => !h.includes('(continued)'));
      expect(new Set(titles).size).toBe(titles.length);
      for (const p of pages) {
        const lines = new Set([...p.matchAll(/<li class="er-line er-kind-(\w+)">/g)].map((m) => m[1]!));
        const legend = p.slice(p.indexOf('<ul class="er-legend">'), p.indexOf('</ul>', p.indexOf('<ul class="er-legend">')));
        for (const k of MARK_KINDS) expect(legend.includes(KIND_LEGENDS[k]), k).toBe(lines.has(k));
      }
    });

    // The printed number is the page footer's (test/print-kit.test.ts reads it from the PDFs).
    it(`${pack}: pages are numbered`, () => {
      sheet.faces.forEach((f, i) => {
        expect(f.context.page).toBe(i + 1);
        expect(f.context.pages).toBe(sheet.faces.length);
      });
    });
  }

  it("Warchon: a table's rows one line, in the table's words; a cell with what it was and is now", () => {
    const erdon = errataComponents(errataEntries(packContent('warchon'))).find((c) => c.title === 'Erdon Pass')!;
    expect(erdon.about).toBe('spread');
    const crt = erdon.lines.filter((l) => l.place.startsWith('combat results'));
    expect(crt).toEqual([expect.objectContaining({ kind: 'reconstruction', place: 'combat results, rows 4\u20135', change: '' })]);
    expect(erdon.lines).toContainEqual(expect.objectContaining({ kind: 'inference', place: 'RNG, defender shows 5', change: 'not printed; now 2 3 4 5E 1' }));
  });

  it("Warmaster: the combat table's 27 made-up cells are one line, the ship's 27 areas one component", () => {
    const comps = errataComponents(errataEntries(packContent('warmaster')));
    const table = comps.find((c) => c.title === 'Table of Results of Combate')!;
    expect(table.lines.filter((l) => l.kind === 'reconstruction').map((l) => l.place)).toEqual(['27 cells, rows 1\u20136']);
    const areas = comps.filter((c) => c.title === 'Ship areas');
    expect(areas).toHaveLength(1);
    expect(areas[0]!.lines.map((l) => l.place)).toContain('Areas 14\u201316, 21\u201326, 31\u201336, 41\u201346, 51\u201356');
  });

  it('paginates: a component split over pages says it continues, and every line is on one page', () => {
    const comps = errataComponents(errataEntries(packContent('warmaster')));
    const pages = paginate(comps);
    expect(pages.length).toBeGreaterThan(1);
    const parts = pages.flat();
    for (const c of comps) {
      const mine = parts.filter((p) => p.title === c.title);
      expect(mine.flatMap((p) => p.lines)).toEqual(c.lines);
      expect(mine.map((p) => p.continued)).toEqual(mine.map((_, i) => i > 0));
    }
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
