// Archon Skirmish played from the print: Hit markers enough for every creature short of its last
// Hit, an Imprison marker with a box for each of its turns, and one back for the creature counters.
// No browser: faces are rendered to HTML only.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { creatures, decks, spells } from '../generated/content/archon-skirmish.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import type { CardPrintable } from '../src/render/printable.js';
import { printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));
const all = printablesOf('archon-skirmish');
const markers = all.find((p) => p.id === 'archon-skirmish-markers') as CardPrintable;
const counters = all.find((p) => p.id === 'archon-skirmish-creatures') as CardPrintable;

describe('archon-skirmish markers', () => {
  it('are small counters: Hit markers for every Hit a creature can lose and live, then one Imprison marker per Imprison card', () => {
    expect(markers.kind).toBe('card');
    expect(markers.size!.width).toBeLessThan(counters.size!.width);
    const hits = Object.values(creatures).reduce((n, c) => n + c.hits - 1, 0);
    expect(hits).toBe(16);
    expect(markers.faces.map((f) => [f.label, f.copies])).toEqual([
      ['marker hit', hits],
      ['marker imprison', decks['common-deck'].cards.find((c) => c.card === 'imprison')!.copies],
    ]);
  });

  it('print a Hit, and Imprison with a box to tick for each of its turns', () => {
    const [hit, imprison] = markers.faces.map((f) => renderFace(templates, markers, f));
    expect(htmlText(hit!)).toMatch(/1\s+Hit/);
    const turns = (spells.imprison.effects[0] as { turns: number }).turns;
    expect(turns).toBe(3);
    expect(htmlText(imprison!)).toContain(`${spells.imprison.name}`);
    expect(htmlText(imprison!)).toContain(`${turns} turns`);
    expect(imprison!.match(/<i><\/i>/g)).toHaveLength(turns);
  });
});

describe('archon-skirmish creature counters', () => {
  it('share one back: the pack\u2019s title on the Light-and-Dark medal, no creature named', () => {
    expect(counters.back).toBeDefined();
    expect(counters.back!.template).toBe('archon-skirmish/creature-back.hbs');
    const back = templates.render(counters.back!.template, counters.back!.context);
    expect(htmlText(back).trim()).toBe('ARCHON SKIRMISH');
    for (const c of Object.values(creatures)) expect(back).not.toContain(c.name);
  });
});
