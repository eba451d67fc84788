// Warchon's printables are data: what printables.yaml declares is what prints (ids, titles, kinds,
// templates, sizes, in order), through the warchon contexts its printables.yaml names, and a value edited
// in the YAML (a record's or printables.yaml's own) reaches the face a template is given on the next
// load, with no codegen and nothing read from generated/.
import { afterAll, describe, expect, it } from 'vitest';
import { contexts as WARCHON_CONTEXTS } from '../src/games/warchon/print/index.js';
import type { Printable } from '../src/render/printable.js';
import { contextsOf, packContentOf, printablesOf, editablePack } from './content-support.js';

const PACK = 'warchon';

describe('warchon printables come from printables.yaml', () => {
  const declared = packContentOf(PACK).printables?.list ?? [];

  it('declares the spreads, the playmarks, the odds and the quick reference, each through a warchon context', () => {
    expect(declared.map((d) => d.id)).toEqual(['spreads', 'playmarks', 'odds', 'reference']);
    expect(declared.map((d) => d.type)).toEqual(['sheet', 'card', 'sheet', 'sheet']);
    expect(declared.map((d) => d.context)).toEqual(['warchon-spread', 'warchon-playmark', 'warchon-odds', 'warchon-quick-reference']);
    // Its printables.yaml names the module of Warchon's contexts, which lives with the game (src/games/warchon/print/).
    expect(packContentOf(PACK).printables?.contexts).toBe('playmark/games/warchon/print');
    expect([...contextsOf(packContentOf(PACK)).keys()]).toEqual(WARCHON_CONTEXTS.map((c) => c.name));
    for (const c of WARCHON_CONTEXTS) {
      expect(c.description.length, c.name).toBeGreaterThan(40);
    }
  });

  it('prints its cover, what it declares, in order, then the common sheets', () => {
    const printables = printablesOf(PACK).slice(1);
    expect(printablesOf(PACK)[0]!.id).toBe(`${PACK}-cover`);
    expect(printables.map((p) => p.id)).toEqual([...declared.map((d) => `${PACK}-${d.id}`), `${PACK}-scenarios`, `${PACK}-errata`]);
    expect(printables.slice(0, 4).map((p) => p.title)).toEqual([
      'Warchon: the spreads',
      'Warchon: unit playmarks (fold-over strips)',
      'Warchon: exact combat odds per spread',
      'Warchon: quick reference',
    ]);
    declared.forEach((d, i) => {
      const p = printables[i]!;
      expect(p.title).toBe(d.title);
      expect(p.template).toBe(d.front);
      expect(p.kind).toBe(d.type === 'sheet' ? 'sheet' : 'card');
      if (p.kind === 'sheet') expect(p.orientation).toBe(d.orientation ?? 'portrait');
      else expect(p.size).toEqual(typeof d.size === 'object' ? d.size : undefined);
    });
  });
});

describe('an edited value in the YAML', () => {
  const copy = editablePack(PACK);
  afterAll(() => copy.remove());
  const { edit } = copy;
  const before = printablesOf(PACK);
  const byId = (list: readonly Printable[], id: string) => list.find((p) => p.id === `${PACK}-${id}`)!;

  it('reaches the face context on the next load', () => {
    edit('spreads/irondale.yaml', 'capacity: 6', 'capacity: 9');
    edit('spreads/irondale.yaml', 'cells: [AE, AE, A2, A1, D2, DE, DE]', 'cells: [AE, AE, So, A1, D2, DE, DE]');
    edit('units/baphite-swarm.yaml', 'points: 2', 'points: 7');
    edit('units/baphite-swarm.yaml', 'playmarks: 2', 'playmarks: 3');
    edit('traits/aerial.yaml', 'name: Aerial', 'name: Winged');
    edit('printables.yaml', 'title: "Warchon: exact combat odds per spread"', 'title: "Warchon: the odds"');
    const after = copy.printables();

    const irondale = byId(after, 'spreads').faces.find((f) => f.context.spread === 'irondale')!;
    expect(irondale.context.capacity).toBe(9);
    const crt = irondale.context.crt as { rows: { cells: { code: string; cls: string }[] }[] };
    expect(crt.rows[0]!.cells[2]).toMatchObject({ code: 'So', cls: 'res-so' });

    const swarm = byId(after, 'playmarks').faces.find((f) => f.context.unit === 'baphite-swarm')!;
    expect(swarm.context.points).toBe(7);
    expect(swarm.copies).toBe(3);

    const odds = byId(after, 'odds');
    expect(odds.title).toBe('Warchon: the odds');
    const oddsOf = (list: readonly Printable[]) => byId(list, 'odds').faces.find((f) => f.context.spread === 'irondale')!.context.columns;
    expect(oddsOf(after)).not.toEqual(oddsOf(before));

    // The back lists the traits by name (`order: [name]`): the renamed trait moves to the end.
    const traits = (byId(after, 'reference').faces[1]!.context.traits as { id: string; name: string }[]).map((t) => t.name);
    expect(traits.at(-1)).toBe('Winged');
    expect(traits).not.toContain('Aerial');
  });
});
