import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportPack } from '../src/content/export.js';
import { originOf } from '../src/content/layers.js';
import { withValueAt } from '../src/content/pointer.js';
import { validate } from '../src/content/validate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = validate([path.join(root, 'content')], { cwd: root });
const warchon = result.packs.find((p) => p.id === 'warchon')!;
const erdon = warchon.records.get('spread')!.find((r) => r.id === 'erdon-pass')!;

describe('the shipped packs', () => {
  it('validate clean: no errors and no warnings', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.packs.map((p) => p.id).sort()).toEqual(['archon-skirmish', 'warchon', 'warmaster']);
  });
});

describe('layers', () => {
  it('leave the base as printed: Erdon Pass prints only the first cell of RNG row 5', () => {
    expect(erdon.base.rng).toEqual([
      [3, 4, '5E', 1, 2],
      [4, '5E', 1, 2, 3],
      ['5E', 1, 2, 3, 4],
      [1, 2, 3, 4, '5E'],
      [2, null, null, null, null],
    ]);
  });

  it('fill the effective content: row 5 follows the printed shift-left pattern', () => {
    expect((erdon.data.rng as unknown[])[4]).toEqual([2, 3, 4, '5E', 1]);
  });

  it('record the entry that set each value (provenance), and none for printed values', () => {
    const origin = originOf(erdon, ['rng', 4, 2]);
    expect(origin).toMatchObject({ layer: 'inferences', entry: 'erdon-pass-rng-row-5', kind: 'inference' });
    expect(origin!.reason.length).toBeGreaterThan(20);
    expect(originOf(erdon, ['rng', 0, 0])).toBeUndefined();
    // The inference sets the whole row, but its first cell is printed and keeps that provenance.
    expect(originOf(erdon, ['rng', 4, 0])).toBeUndefined();
  });

  it('set combat table rows 4 and 5 only by reconstruction, never in the base', () => {
    const rows = (erdon.base.combatTable as { rows: { cells: unknown[] }[] }).rows;
    expect(rows[3]!.cells).toEqual(Array(7).fill(null));
    expect(originOf(erdon, ['combatTable', 'rows', 3, 'cells', 0])?.kind).toBe('reconstruction');
  });
});

describe('export', () => {
  it('--base shows the transcription, the default shows the effective content', () => {
    const base = exportPack(warchon, { base: true }) as { content: string; kinds: { spread: { id: string; rng: unknown[][] }[] } };
    const effective = exportPack(warchon) as typeof base;
    expect(base.content).toBe('base');
    expect(base.kinds.spread.find((s) => s.id === 'erdon-pass')!.rng[4]).toEqual([2, null, null, null, null]);
    expect(effective.kinds.spread.find((s) => s.id === 'erdon-pass')!.rng[4]).toEqual([2, 3, 4, '5E', 1]);
  });

  it('--provenance names the source file and, per JSON pointer, the layer entry', () => {
    const out = exportPack(warchon, { provenance: true, cwd: root }) as {
      kinds: { spread: { id: string; provenance: { source: string; layers: Record<string, { entry: string }> } }[] };
    };
    const p = out.kinds.spread.find((s) => s.id === 'erdon-pass')!.provenance;
    expect(p.source).toBe('content/warchon/spreads/erdon-pass.yaml');
    expect(p.layers['/rng/4/1']!.entry).toBe('erdon-pass-rng-row-5');
    expect(p.layers['/rng/4/0']).toBeUndefined();
  });

  it('is deterministic: the same content gives the same bytes', () => {
    const again = validate([path.join(root, 'content/warchon')], { cwd: root }).packs[0]!;
    expect(JSON.stringify(exportPack(again, { provenance: true, cwd: root }))).toBe(JSON.stringify(exportPack(warchon, { provenance: true, cwd: root })));
  });
});

describe('withValueAt (JSON pointer set for layers)', () => {
  it('copies only the containers on the pointer and never changes the original', () => {
    const original = { a: { b: [1, 2] }, c: { d: 1 } };
    const result = withValueAt(original, '/a/b/1', 9, new Set());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.root).toEqual({ a: { b: [1, 9] }, c: { d: 1 } });
    expect(original).toEqual({ a: { b: [1, 2] }, c: { d: 1 } });
    expect(result.root.c).toBe(original.c);
  });

  it('appends with "-" and reports the index it used', () => {
    const result = withValueAt({ list: ['x'] }, '/list/-', 'y', new Set());
    expect(result).toMatchObject({ ok: true, root: { list: ['x', 'y'] }, steps: ['list', 1] });
  });

  it('refuses a pointer whose parent does not exist, an index past the end, and the whole record', () => {
    expect(withValueAt({ a: 1 }, '/b/c', 1, new Set()).ok).toBe(false);
    expect(withValueAt({ a: [1] }, '/a/3', 1, new Set()).ok).toBe(false);
    expect(withValueAt({ a: null }, '/a/b', 1, new Set()).ok).toBe(false);
    expect(withValueAt({ a: 1 }, '', 1, new Set()).ok).toBe(false);
  });

  it('unescapes ~1 and ~0 in keys (RFC 6901)', () => {
    const result = withValueAt({ 'a/b': 1, 'c~d': 2 }, '/a~1b', 5, new Set());
    expect(result.ok && result.root).toEqual({ 'a/b': 5, 'c~d': 2 });
  });
});
