// One palette for every printable (issue 11): the sides' colours come from pack.yaml (`sides[].colour`)
// and the document layout sets them as --side-<id> and --side-<id>-soft; print.css holds the type
// scale and spacing every template shares. A side prints in the same colour on its cards and on the
// scenario sheet.
import { describe, expect, it } from 'vitest';
import { composePrintable, DEFAULT_PRINT } from '../src/render/compose.js';
import { paletteCss, softTint } from '../src/render/document.js';
import type { Printable } from '../src/render/printable.js';
import { packContentOf, printablesOf } from './content-support.js';
import { templates, useChrome } from './render-pipeline-support.js';

const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;

/** `#8e2b22` -> `rgb(142, 43, 34)`, as getComputedStyle gives it. */
function rgb(hex: string): string {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `rgb(${n(1)}, ${n(3)}, ${n(5)})`;
}

/** A printable with one face only, for a quick composition. */
function oneFace(p: Printable, label?: string): Printable {
  const face = label ? p.faces.find((f) => f.label === label)! : p.faces[0]!;
  return { ...p, faces: [{ ...face, copies: 1 }] } as Printable;
}

describe('the palette comes from pack data', () => {
  for (const pack of PACKS) {
    it(`${pack}: every side has a colour in pack.yaml, and every document sets --side-<id> and its soft tint from it`, () => {
      const sides = packContentOf(pack).pack.sides;
      for (const s of sides) expect(s.colour, s.id).toMatch(/^#[0-9a-f]{6}$/i);
      for (const p of printablesOf(pack)) {
        const html = composePrintable(templates, oneFace(p), DEFAULT_PRINT).html;
        for (const s of sides) {
          expect(html, `${p.id}: --side-${s.id}`).toContain(`--side-${s.id}: ${s.colour};`);
          expect(html, `${p.id}: --side-${s.id}-soft`).toContain(`--side-${s.id}-soft: ${softTint(s.colour!)};`);
        }
      }
    });
  }

  it('changes with the data: another colour in pack.yaml, another palette; the ink saver prints the sides in ink', () => {
    const css = paletteCss({
      title: 'T',
      version: '1.0.0',
      sides: [
        { id: 'red-team', colour: '#ff0000' },
        { id: 'grey-team', colour: null },
      ],
    });
    expect(css).toContain('--side-red-team: #ff0000; --side-red-team-soft: #ffdbdb;');
    expect(css).not.toContain('grey-team');
    expect(css).toMatch(/html\.ink-saver \{ --side-red-team: #444444; --side-red-team-soft: #ffffff; \}/);
    expect(paletteCss({ title: 'T', version: '1.0.0', sides: [] })).toBe('');
  });
});

describe('the palette in print', () => {
  const chrome = useChrome();

  async function styles(p: Printable, script: string): Promise<Record<string, string>> {
    const page = await chrome().newPage();
    try {
      await page.setContent(composePrintable(templates, p, DEFAULT_PRINT).html, { waitUntil: 'load' });
      return (await page.evaluate(script)) as Record<string, string>;
    } finally {
      await page.close();
    }
  }

  it('print.css sets the type scale --text-xs ... --text-xl and the spacing --space-1 ... --space-4', async () => {
    const p = oneFace(printablesOf('warchon').find((x) => x.id === 'warchon-cover')!);
    const vars = await styles(
      p,
      `(() => { const s = getComputedStyle(document.documentElement); const out = {}; for (const v of ['--text-xs', '--text-sm', '--text-md', '--text-lg', '--text-xl', '--space-1', '--space-2', '--space-3', '--space-4']) out[v] = s.getPropertyValue(v).trim(); return out; })()`,
    );
    for (const [name, value] of Object.entries(vars)) expect(value, name).toMatch(/^\d+(\.\d+)?(pt|mm)$/);
    const pt = (v: string) => parseFloat(v);
    expect(pt(vars['--text-xs']!)).toBeLessThan(pt(vars['--text-sm']!));
    expect(pt(vars['--text-lg']!)).toBeLessThan(pt(vars['--text-xl']!));
    expect(pt(vars['--space-1']!)).toBeLessThan(pt(vars['--space-4']!));
  }, 60_000);

  it('Warchon: each side prints in its one colour on its playmarks and on the scenario sheet', async () => {
    const sides = packContentOf('warchon').pack.sides;
    const playmarks = printablesOf('warchon').find((p) => p.id === 'warchon-playmarks')!;
    const scenarios = printablesOf('warchon').find((p) => p.id === 'warchon-scenarios')!;
    const sheet = await styles(
      oneFace(scenarios),
      `(() => Object.fromEntries([...document.querySelectorAll('.cs-side')].map((el) => [el.querySelector('.cs-side-head').firstChild.textContent.trim(), getComputedStyle(el.querySelector('.cs-side-head')).backgroundColor])))()`,
    );
    for (const side of sides) {
      const face = playmarks.faces.find((f) => (f.context as { side: { name: string } | null }).side?.name === side.name)!;
      expect(face, side.id).toBeDefined();
      const strip = await styles(
        { ...playmarks, faces: [{ ...face, copies: 1 }] },
        `(() => ({ colour: getComputedStyle(document.querySelector('.wpm')).backgroundColor }))()`,
      );
      expect(strip.colour, `${side.name} playmark`).toBe(rgb(side.colour!));
      expect(sheet[side.name], `${side.name} on the scenario sheet`).toBe(rgb(side.colour!));
    }
  }, 60_000);

  for (const pack of ['archon-skirmish', 'warmaster'] as const) {
    it(`${pack}: the scenario sheet prints each side in its pack.yaml colour`, async () => {
      const sides = packContentOf(pack).pack.sides;
      const scenarios = printablesOf(pack).find((p) => p.id === `${pack}-scenarios`)!;
      const sheet = await styles(
        oneFace(scenarios),
        `(() => Object.fromEntries([...document.querySelectorAll('.cs-side')].map((el) => [el.querySelector('.cs-side-head').firstChild.textContent.trim(), getComputedStyle(el.querySelector('.cs-side-head')).backgroundColor])))()`,
      );
      for (const side of sides) if (sheet[side.name] !== undefined) expect(sheet[side.name], side.name).toBe(rgb(side.colour!));
      expect(Object.keys(sheet).length).toBeGreaterThan(0);
    }, 60_000);
  }
});
