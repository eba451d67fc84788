// Warchon printables: the spreads, playmarks, odds and quick reference are built from the YAML
// (printables.yaml and the pack's records, read this run) through the warchon contexts and hold
// every value they must; layer-set values carry marks whose footnotes name the right entry; content
// text is escaped; every face renders in strict mode. No browser needed.
import Handlebars from 'handlebars';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../src/analysis/fraction.js';
import { warchonOdds, warchonSpreadOdds } from '../src/analysis/odds.js';
import { buildSpreadTables } from '../src/engine/warchon/tables.js';
import { oddsFace } from '../src/games/warchon/print/odds.js';
import { PLAYMARK_SIZE, playmarkFace, printsPlaymark } from '../src/games/warchon/print/playmark.js';
import { tablesOf, warchonView } from '../src/games/warchon/print/shared.js';
import { spreadFace } from '../src/games/warchon/print/spread.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { KIND_LEGENDS, MARK_KINDS, markHtml, UNKNOWN_LEGEND } from '../src/render/marks.js';
import type { Face, Printable } from '../src/render/printable.js';
import { packContentOf, printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
const content = packContentOf('warchon');
const view = warchonView(content);
const { descriptors, results, spreads, traits, units } = view;
const origins = view.origins;
const rules = { core: view.rules.core! };
const spreadIds = Object.keys(spreads);
const unitIds = Object.keys(units);
const tables = tablesOf(view);
/** The printables printables.yaml declares (the scenario and errata sheets are tested in render-common). */
const allPrintables = printablesOf('warchon');
const printables = allPrintables.filter((p) => p.id !== 'warchon-scenarios' && p.id !== 'warchon-errata');
const byId = (id: string): Printable => {
  const p = printables.find((x) => x.id === id);
  if (!p) throw new Error(`no printable ${id}`);
  return p;
};
const html = (p: Printable, face: Face) => renderFace(templates, p, face);
const esc = (s: string) => Handlebars.escapeExpression(s);
const spreadsSheet = byId('warchon-spreads');
const playmarks = byId('warchon-playmarks');
const odds = byId('warchon-odds');
const reference = byId('warchon-reference');

/** The one mark every player's face prints beside a value a layer set (the entry is on the errata sheet). */
/** A layer mark of any kind, and the kinds a face's HTML marked. */
const ANY_MARK = /<sup class="layer-mark mark-(\w+)">[^<]*<\/sup>/g;
const kindsMarked = (h: string) => new Set([...h.matchAll(ANY_MARK)].map((m) => m[1]!));
/** The face's legend says what each kind of mark it printed means, and no other. */
const legendMatches = (h: string) => MARK_KINDS.every((k) => htmlText(h).includes(KIND_LEGENDS[k]) === kindsMarked(h).has(k));

/** The text of a table cell up to its mark, and the marks in it. */
function cellAt(page: string, cls: string, key: string): { text: string; marks: number; classes: string } {
  const m = new RegExp(`<td class="(${cls}[^"]*)" data-cell="${key}">(.*?)</td>`).exec(page);
  if (!m) throw new Error(`no ${cls} cell ${key}`);
  const inner = m[2]!;
  return {
    classes: m[1]!,
    text: inner.replace(ANY_MARK, ''),
    marks: [...inner.matchAll(ANY_MARK)].length,
  };
}

function footnoteFor(face: Face, entry: string): number | undefined {
  return face.footnotes.find((f) => f.entry === entry)?.n;
}

describe('warchon printables', () => {
  it('are the four Warchon printables with their kinds, sizes and face counts', () => {
    expect(allPrintables.map((p) => p.id)).toEqual([
      'warchon-cover',
      'warchon-spreads',
      'warchon-playmarks',
      'warchon-odds',
      'warchon-reference',
      'warchon-scenarios',
      'warchon-errata',
    ]);
    expect(spreadsSheet).toMatchObject({ kind: 'sheet', orientation: 'portrait', template: 'warchon/spread.hbs' });
    expect(spreadsSheet.faces).toHaveLength(spreadIds.length);
    expect(playmarks).toMatchObject({ kind: 'card', size: PLAYMARK_SIZE, template: 'warchon/playmark.hbs' });
    expect(odds.faces).toHaveLength(spreadIds.length);
    expect(reference.faces).toHaveLength(2);
    for (const p of printables) expect(p.pack).toBe('warchon');
  });

  it('render every face in strict mode, with one mark for the values layers set and its legend, never the entries', () => {
    for (const p of printables) {
      for (const face of p.faces) {
        const page = html(p, face);
        expect(page.length).toBeGreaterThan(200);
        expect(kindsMarked(page).size > 0, `${face.label}: marks printed`).toBe(Object.keys(face.marks).length > 0);
        expect(legendMatches(page), `${face.label}: legend printed`).toBe(true);
        // The entries, their kinds and reasons are on the errata sheet only.
        for (const f of face.footnotes) expect(page, `${face.label}: ${f.entry}`).not.toContain(esc(f.entry));
      }
    }
  });
});

describe('warchon-spreads', () => {
  const faceOf = (id: string) => {
    const i = [...spreadIds].sort((a, b) => spreads[a]!.number - spreads[b]!.number).indexOf(id);
    return spreadsSheet.faces[i]!;
  };

  it('one sheet per spread in spread-number order, its number in all four corners, name, epithet, Capacity', () => {
    expect(spreadsSheet.faces.map((f) => f.context.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const id of spreadIds) {
      const s = spreads[id]!;
      const page = html(spreadsSheet, faceOf(id));
      expect(page.match(new RegExp(`class="wsp-corner wsp-(tl|tr|bl|br)">Sp\\. ${s.number}<`, 'g'))).toHaveLength(4);
      expect(page).toContain(`<h1 class="wsp-name">${esc(s.name)}</h1>`);
      if ('epithet' in s && s.epithet) expect(page).toContain(esc(s.epithet));
      expect(page).toContain(`<span class="wsp-capacity-n">${s.capacity}`);
    }
  });

  it('every RNG cell and every combat table cell (effective values) sits in its place, event cells marked', () => {
    for (const id of spreadIds) {
      const s = spreads[id]!;
      const page = html(spreadsSheet, faceOf(id));
      s.rng.forEach((row, r) =>
        row.forEach((value, c) => {
          const cell = cellAt(page, 'wsp-rng-cell', `${r}-${c}`);
          expect(cell.text, `${id} rng ${r},${c}`).toBe(value === null ? '\u2014' : String(value));
          expect(cell.classes.includes('wsp-event'), `${id} rng ${r},${c} event`).toBe(typeof value === 'string' && value.endsWith('E'));
        }),
      );
      s.combatTable.rows.forEach((row, r) =>
        row.cells.forEach((code, c) => {
          const cell = cellAt(page, 'wsp-crt-cell', `${r}-${c}`);
          expect(cell.text, `${id} crt ${r},${c}`).toBe(code === null ? '\u2014' : esc(code));
        }),
      );
      for (const col of s.combatTable.columns) expect(page).toContain(esc(col.label));
      expect(page).toContain(`>${esc(s.combatTable.corner ?? '')}<`);
    }
  });

  it('prints the printed "5E" style and a visual highlight for Erdon Pass event cells', () => {
    const page = html(spreadsSheet, faceOf('erdon-pass'));
    const events = [...page.matchAll(/<td class="wsp-rng-cell wsp-event[^"]*" data-cell="(\d-\d)">5E/g)].map((m) => m[1]);
    expect(events).toEqual(['0-2', '1-1', '2-0', '3-4', '4-3']);
    expect(page).toContain('Inspired Charge');
    expect(page.match(/class="wsp-event-n"/g)).toHaveLength(5);
  });

  it('marks layer-set cells, each tied to the entry that set them', () => {
    for (const id of spreadIds) {
      const face = faceOf(id);
      const page = html(spreadsSheet, face);
      const o = origins.spread![id] ?? {};
      for (const [pointer, origin] of Object.entries(o)) {
        const n = footnoteFor(face, origin.entry);
        expect(n, `${id} footnote for ${origin.entry}`).toBeDefined();
        const rng = /^\/rng\/(\d)$/.exec(pointer);
        const crt = /^\/combatTable\/rows\/(\d)\/cells$/.exec(pointer);
        const row = rng ? Number(rng[1]) : crt ? Number(crt[1]) : null;
        if (row !== null) {
          for (let c = 0; c < (rng ? 5 : 7); c++) {
            const cell = cellAt(page, rng ? 'wsp-rng-cell' : 'wsp-crt-cell', `${row}-${c}`);
            expect(cell.marks, `${id} ${pointer} cell ${c}`).toBe(1);
            expect(cell.classes).toContain('layered');
          }
        }
      }
      // Printed rows carry no mark.
      expect(cellAt(page, 'wsp-rng-cell', '0-0').marks).toBe(0);
      expect(cellAt(page, 'wsp-crt-cell', '0-0').marks).toBe(0);
    }
    const erdon = faceOf('erdon-pass');
    expect(erdon.footnotes.map((f) => f.entry)).toEqual(['erdon-pass-rng-row-5', 'erdon-pass-crt-row-4', 'erdon-pass-crt-row-5']);
    expect(html(spreadsSheet, erdon)).not.toContain('erdon-pass-rng-row-5');
    expect(html(spreadsSheet, erdon)).toContain(KIND_LEGENDS.inference);
  });

  it("prints paths with spread numbers, Kier-Zhadd's ruling path back to Akibatu marked", () => {
    const akibatu = html(spreadsSheet, faceOf('akibatu'));
    expect(akibatu).toMatch(/Erdon Pass <span class="wsp-spno">\(Sp\. 1\)<\/span>/);
    expect(akibatu).toMatch(/Kier-Zhadd <span class="wsp-spno">\(Sp\. 7\)<\/span>/);
    const kz = faceOf('kier-zhadd');
    const n = footnoteFor(kz, 'kier-zhadd-path-akibatu');
    expect(n).toBeDefined();
    expect(html(spreadsSheet, kz)).toContain(`Akibatu <span class="wsp-spno">(Sp. 4)</span>${markHtml('ruling')}`);
  });

  it('prints terrains, special rules and events, with layer-decided meanings marked', () => {
    const dr = faceOf('dracosroar');
    const page = html(spreadsSheet, dr);
    expect(page).toContain('Aquatic River');
    expect(footnoteFor(dr, 'aquatic-river-trait')).toBeDefined();
    expect(page).toContain(`Aquatic${markHtml('inference')}`);
    expect(footnoteFor(dr, 'dracosroar-attack-restriction')).toBeDefined();
    for (const e of spreads.dracosroar!.events?.entries ?? []) expect(page).toContain(esc(e.text));
    // The Events Table's heading is the roll table's name, as the spread prints it.
    expect(page).toContain('<h2>Dracosroar Events Table</h2>');
    const ak = faceOf('akibatu');
    for (const r of spreads.akibatu!.specialRules) expect(html(spreadsSheet, ak)).toContain(esc(r.text));
    expect(footnoteFor(ak, 'akibatu-always-engaged')).toBeDefined();
    expect(html(spreadsSheet, faceOf('irondale'))).not.toContain('wsp-events');
  });

  it('escapes content text', () => {
    const face = spreadFace(view, { ...spreads['erdon-pass']!, name: '<script>alert(1)</script>' }, origins.spread!['erdon-pass']);
    const page = html(spreadsSheet, face);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });
});

describe('warchon-playmarks', () => {
  const faceOf = (id: string) => playmarks.faces.find((f) => f.context.unit === id);

  it('prints a playmark for every unit with a stat and a playmark in the demo; copies follow `playmarks`', () => {
    const printed = playmarks.faces.map((f) => f.context.unit);
    expect(new Set(printed)).toEqual(new Set(unitIds.filter((id) => printsPlaymark(units[id]!))));
    expect(printed).toEqual(['baphite-swarm', 'deathknoll-ogres', 'celestine-crusaders', 'celestine-paladins', 'celestine-war-angels']);
    for (const id of ['goblin-assassins', 'brimstone-dragons', 'ramping-water-elemental'] as const) expect(faceOf(id)).toBeUndefined();
    expect(faceOf('baphite-swarm')!.copies).toBe(2);
    expect(faceOf('deathknoll-ogres')!.copies).toBe(units['deathknoll-ogres']!.playmarks);
    for (const f of playmarks.faces) expect(f.copies).toBe(units[f.context.unit as string]!.playmarks ?? 1);
  });

  it('shows every stat of every face, in face order: full strength on top, the next face turned', () => {
    for (const f of playmarks.faces) {
      const unit = units[f.context.unit as string]!;
      const page = html(playmarks, f);
      const blocks = page.split(/data-face="/).slice(1);
      expect(blocks.map((b) => Number(b.slice(0, b.indexOf('"'))))).toEqual(unit.faces.map((_, i) => i));
      unit.faces.forEach((face, i) => {
        const block = blocks[i]!;
        for (const stat of ['as', 'ds', 'size', 'movement', 'hits'] as const) {
          const m = new RegExp(`data-stat="${stat}">(?:<i>[A-Z]+</i>|[\\s\\S]*?</svg>\\s*)<b>([^<]*)`).exec(block);
          expect(m?.[1], `${unit.id} face ${i} ${stat}`).toBe(face[stat] === null ? '' : String(face[stat]));
        }
      });
      expect(page).toContain(esc(unit.name));
      for (const d of unit.descriptors ?? []) expect(page).toContain(esc(descriptors[d]!.name.charAt(0).toUpperCase() + descriptors[d]!.name.slice(1)));
      for (const t of unit.traits ?? []) expect(page).toContain(esc(traits[t]!.name));
      if (unit.points !== null) expect(page).toContain(`<b>${unit.points}</b><i>pts</i>`);
      // The anatomy: placelines and activation lines at both ends of both halves; bottom ends turned.
      expect(page.match(/class="wpm-placeline"/g)).toHaveLength(4);
      expect(page.match(/class="wpm-activation">Activated</g)).toHaveLength(4);
      expect(page.match(/class="wpm-end wpm-end-bottom"/g)).toHaveLength(2);
      expect(page.match(/<svg /g)!.length).toBe(3 * unit.faces.length);
    }
  });

  it("marks layer-set stats (the War Angels' ruled stats, the Ogres' side), with the legend in the strip's free space", () => {
    const wa = faceOf('celestine-war-angels')!;
    const page = html(playmarks, wa);
    const n = footnoteFor(wa, 'celestine-war-angels-face-1-as');
    expect(n).toBeDefined();
    expect(page).toContain(`data-stat="as"><i>AS</i><b>3${markHtml('reconstruction')}</b>`);
    expect(footnoteFor(wa, 'celestine-war-angels-second-face')).toBeDefined();
    expect(page).not.toContain('second-face');
    expect(page).toContain(`<div><span class="wpm-legend-mark mark-reconstruction">\u25C6</span> ${KIND_LEGENDS.reconstruction}</div>`);
    const ogres = faceOf('deathknoll-ogres')!;
    expect(footnoteFor(ogres, 'deathknoll-ogres-side')).toBeDefined();
    expect(html(playmarks, ogres)).toContain(`Azuthka${markHtml('inference')}`);
    const swarm = faceOf('baphite-swarm')!;
    expect(swarm.footnotes).toEqual([]);
    expect(html(playmarks, swarm)).not.toContain('layer-mark');
  });

  it('prints ? (with its legend) for a stat nobody knows, and escapes the unit name', () => {
    const face = playmarkFace(
      view,
      { ...units['celestine-paladins']!, name: '<script>alert(1)</script>', faces: [{ hits: null, size: 2, movement: 2, as: null, ds: null }] },
      undefined,
    );
    const page = html(playmarks, face);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toMatch(/data-stat="as"><i>AS<\/i><b><span class="unknown-mark">\?<\/span><\/b>/);
    expect(page).toContain(UNKNOWN_LEGEND);
    expect(face.copies).toBe(1);
  });
});

describe('warchon-odds', () => {
  it("each column's outcomes sum to exactly 1 (100%) on every face", () => {
    const all = warchonOdds([...tables.spreads.values()]);
    odds.faces.forEach((face, i) => {
      const page = html(odds, face);
      const columns = page
        .split('data-column="')
        .slice(1)
        .map((c) => c.slice(0, c.indexOf('</table>')));
      expect(columns).toHaveLength(7);
      columns.forEach((col, c) => {
        const fractions = [...col.matchAll(/<span class="wod-frac">([0-9/]+)<\/span>/g)].map((m) => {
          const [n, d] = m[1]!.split('/');
          return Fraction.of(BigInt(n!), BigInt(d ?? '1'));
        });
        expect(Fraction.sum(fractions).toString(), `${face.label} column ${c}`).toBe('1');
        const percents = [...col.matchAll(/<td class="wod-pct">([0-9.]+)%<\/td>/g)].map((m) => Number(m[1]));
        expect(percents.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
        // The percentages printed are the analysis's own.
        const o = all[i]!.columns[c]!;
        expect(percents.sort()).toEqual(o.outcomes.map((x) => Number(x.probability.toPercent(1).slice(0, -1))).sort());
      });
      expect(page.match(/<span class="wod-frac">1<\/span> = <b>100\.0%<\/b>/g)).toHaveLength(7);
    });
  });

  it('shows the event share apart, the expected Hits and the edge, and marks the results that rest on layer entries', () => {
    const erdon = odds.faces.find((f) => f.context.spread === 'erdon-pass')!;
    const page = html(odds, erdon);
    expect(page.match(/class="wod-seg odds-event"/g)).toHaveLength(7);
    expect(page).toContain('<b>1/5 (20.0%)</b>');
    expect(page).toContain('13/4 <i>(3.25)</i>');
    expect(erdon.footnotes.map((f) => f.entry).sort()).toEqual(['erdon-pass-crt-row-4', 'erdon-pass-rng-row-5']);
    const n = footnoteFor(erdon, 'erdon-pass-rng-row-5');
    expect(n).toBeDefined();
    expect(page).toContain(markHtml('inference'));
    expect(page).toContain(KIND_LEGENDS.inference);
    const irondale = html(odds, odds.faces.find((f) => f.context.spread === 'irondale')!);
    expect(irondale).not.toContain('wod-seg odds-event');
  });

  it('flags a column worse for the attacker than the one to its left', () => {
    const s = spreads['kier-zhadd']!;
    const rows = s.combatTable.rows.map((row) => ({ ...row, cells: [...row.cells] }));
    for (const row of rows) row.cells[2] = 'AE'; // column -3/-2 turned all AE: worse than -4
    const changed = buildSpreadTables({ ...s, combatTable: { ...s.combatTable, rows } }, tables.parseResult, origins.spread!['kier-zhadd']);
    const face = oddsFace(view, warchonSpreadOdds(changed, 5), origins.spread!['kier-zhadd'], 'test', 25);
    const page = html(odds, face);
    expect(page.match(/&#9660; worse than left<\/span><\/div>/g)).toHaveLength(1);
    expect(page).toContain('wod-cell wod-worse');
  });
});

describe('warchon-reference', () => {
  const face = reference.faces[0]!;
  const back = reference.faces[1]!;
  const page = html(reference, face);
  const backPage = html(reference, back);

  it('prints the turn sequence, movement, Capacity, combat and damage on the front, the results and traits on the back', () => {
    const core = rules.core;
    for (const step of core.turn.steps) expect(page).toContain(esc(step.text));
    for (const text of [core.movement.text, core.capacity.text, core.combat.text, core.rng.text, core.events.text, core.damage.text])
      expect(page).toContain(esc(text));
    for (const r of Object.values(results)) {
      expect(backPage).toContain(esc(r.text));
      expect(backPage).toContain(`>${esc(r.code)}</span>`);
      if (r.name) expect(backPage).toContain(esc(r.name));
    }
    for (const t of Object.values(traits)) {
      expect(backPage).toContain(esc(t.name));
      if (t.text) expect(backPage).toContain(esc(t.text));
    }
    for (const f of core.damage.facing) expect(page).toContain(f.replace(/-/g, ' '));
  });

  it('quotes the rulebook\'s battle above the results that call it "the battle above", looked up in the pack\'s own tables', () => {
    const text = htmlText(backPage)
      .replace(/&minus;/g, '\u2212')
      .replace(/\s+([:.])/g, '$1');
    const example = text.indexOf("The rulebook's battle");
    expect(example).toBeGreaterThan(-1);
    expect(text.indexOf('we got for the battle above')).toBeGreaterThan(example);
    expect(text).toMatch(/At Erdon Pass, Azuthka attacks with 9 AS against Celestine's 7 DS: 9 − 7 = \+2, so the \+2\/\+3 column\./);
    expect(text).toMatch(/The attacker shows 5 fingers and the defender 2: on Erdon Pass's RNG that is 3\. Number 3 in the \+2\/\+3 column gives A1D1\./);
  });

  it('marks the core rulings with their entries', () => {
    for (const [pointer, entry] of [
      ['/controllingArmy', 'controlling-army'],
      ['/halvedRounding', 'halved-rounding'],
      ['/retreat', 'retreat-destination'],
    ] as const) {
      const n = footnoteFor(face, entry);
      expect(n, entry).toBeDefined();
      expect(face.marks[`core${pointer}`]).toBe(n);
    }
    expect(footnoteFor(back, 'berserk-strategy-round')).toBeDefined();
  });
});
