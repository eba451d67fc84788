// The errata sheet prints a reason once: entries that share it are listed under it (the same reason
// word for word, the same lead naming one rule, or the same text after a lead naming each cell),
// each entry keeping only what is its own.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonView } from '../src/render/common/content.js';
import { errataEntries, paginate, reasonBlocks, type ErrataEntry } from '../src/render/common/errata.js';
import { commonPrintables } from '../src/render/common/index.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { packContentOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));

function sheetText(pack: string): string[] {
  const sheet = commonPrintables(packContentOf(pack), { playmarkVersion: 'test' }).find((p) => p.id === `${pack}-errata`)!;
  return sheet.faces.map((f) => htmlText(renderFace(templates, sheet, f)));
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

function entry(id: string, reason: string): ErrataEntry {
  return { entry: id, kind: 'ruling', layer: 'rulings', target: { kind: 'card', id, name: null, pointer: '/x' }, where: `${id}, x`, value: '1', reason };
}

describe('reason blocks', () => {
  it('entries with the same reason word for word share one block that prints it once', () => {
    const same = 'The source prints no value here; the neighbouring areas all take this one.';
    const blocks = reasonBlocks([entry('a', same), entry('b', 'A reason of its own, long enough to be worth printing apart.'), entry('c', same)]);
    expect(blocks.map((b) => b.entries.map((e) => e.entry))).toEqual([['a', 'c'], ['b']]);
    expect(blocks[0]).toMatchObject({ shared: same, count: 2 });
    expect(blocks[0]!.entries.map((e) => e.own)).toEqual(['', '']);
    expect(blocks[1]).toMatchObject({ shared: null, count: 1 });
    expect(blocks[1]!.entries[0]!.own).toBe('A reason of its own, long enough to be worth printing apart.');
  });

  it('entries whose reasons open with the same lead share it, and the clauses all of them repeat; each keeps its own part', () => {
    const lead = 'RECONSTRUCTION CRT-4-5 (one rule for all spreads, not printed):';
    const tail = 'Every cell stays a result the source prints in that column.';
    const blocks = reasonBlocks([entry('x4', `${lead} the X table prints rows 1-3. ${tail}`), entry('y4', `${lead} the Y table prints rows 1-3. ${tail}`)]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.shared).toBe(`${lead} ${tail}`);
    expect(blocks[0]!.entries.map((e) => e.own)).toEqual(['the X table prints rows 1-3.', 'the Y table prints rows 1-3.']);
  });

  it('entries that say the same after a lead naming each cell share that text; the lead stays with each', () => {
    const rest = 'the cell was lost in extraction and the fragments do not fix it. Reconstructed table: diagonal bands.';
    const blocks = reasonBlocks([entry('r2c1', `Roll 2, odds 1-3: ${rest}`), entry('r2c2', `Roll 2, odds 1-2: ${rest}`)]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.shared).toBe(rest);
    expect(blocks[0]!.entries.map((e) => e.own)).toEqual(['Roll 2, odds 1-3:', 'Roll 2, odds 1-2:']);
  });

  it('entries that share only a short lead are not grouped (too little to print apart)', () => {
    const blocks = reasonBlocks([entry('a', 'RULING: the first thing is so, for this reason.'), entry('b', 'RULING: the second thing is not, for that one.')]);
    expect(blocks.map((b) => b.shared)).toEqual([null, null]);
  });
});

describe('errata sheets print each reason once', () => {
  it("Warmaster: the reconstructed map's reason, once for its 27 connection entries", () => {
    const reasonStart = 'Reconstructed map (the real map is not in the source)';
    const pages = sheetText('warmaster');
    const all = pages.join('\n');
    const mapEntries = errataEntries(commonView(packContentOf('warmaster'))).filter((e) => e.reason.startsWith(reasonStart));
    expect(mapEntries.length).toBe(27);
    expect(count(all, reasonStart)).toBe(1);
    expect(all).toContain(`Reason for these ${mapEntries.length} entries`);
    for (const e of mapEntries) expect(count(all, e.entry)).toBeGreaterThanOrEqual(1);
  });

  it('Warchon: the CRT rows 4-5 rule, once for its 14 entries, each entry keeping the spread and row it sets', () => {
    const pages = sheetText('warchon');
    const all = pages.join('\n');
    expect(count(all, 'RECONSTRUCTION CRT-4-5 (one rule for all seven spreads, not printed by the source):')).toBe(1);
    expect(count(all, 'Replace this entry when the real rows are known.')).toBe(1);
    expect(all).toContain('Reason for these 14 entries');
    expect(all).toContain('the Kier-Zhadd Combat Results Table prints rows 1-3 while the RNG generates 1-5.');
  });

  it('a block split over pages says on its next page which page holds its reason, and that page holds it', () => {
    for (const pack of ['warmaster', 'warchon']) {
      const pages = sheetText(pack);
      let continued = 0;
      pages.forEach((page) => {
        for (const m of page.matchAll(/Continued: the reason these (\d+) entries share is printed once, on page (\d+)\./g)) {
          continued++;
          expect(pages[Number(m[2]) - 1], `${pack} page ${m[2]}`).toContain(`Reason for these ${m[1]} entries`);
        }
      });
      expect(continued, pack).toBeGreaterThan(0);
    }
  });

  it('every entry is still listed once, on fewer pages than one reason per entry took', () => {
    const entries = errataEntries(commonView(packContentOf('warmaster')));
    const pages = paginate(entries);
    expect(
      pages
        .flat()
        .flatMap((g) => g.entries)
        .map((e) => e.entry)
        .sort(),
    ).toEqual(entries.map((e) => e.entry).sort());
    expect(pages.flat().flatMap((g) => g.blocks.flatMap((b) => b.entries)).length).toBe(entries.length);
    // 94 entries took 10 pages with a reason each.
    expect(pages.length).toBeLessThan(10);
  });
});
