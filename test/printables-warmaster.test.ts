// Warmaster's printables are data: what printables.yaml declares is what prints (ids, titles,
// kinds, templates, sizes, in order), through the named contexts of the module its printables.yaml names, and a value
// edited in the YAML reaches the face a template is given on the next load, with no codegen.
import { afterAll, describe, expect, it } from 'vitest';
import type { CardPrintable } from '../src/render/printable.js';
import { contextsOf, packContentOf, printablesOf, editablePack } from './content-support.js';

const PACK = 'warmaster';

describe('warmaster printables come from printables.yaml', () => {
  const declared = packContentOf(PACK).printables?.list ?? [];
  const NAMED_CONTEXTS = contextsOf(packContentOf(PACK)); // from the module its printables.yaml names

  it('declares the reference, the units, the cards, the ship map, the special areas and the counters, each through a named context', () => {
    expect(declared.map((d) => d.id)).toEqual(['reference', 'units', 'cards', 'ship-map', 'special-areas', 'counters']);
    expect(declared.map((d) => d.title)).toEqual([
      'Warmaster: reference',
      'Warmaster: special units',
      'Warmaster: cards',
      'Warmaster: ship map',
      'Warmaster: special areas',
      'Warmaster: counters',
    ]);
    expect(declared.map((d) => d.type)).toEqual(['sheet', 'card', 'card', 'sheet', 'sheet', 'sheet']);
    expect(declared.map((d) => d.records?.kind)).toEqual(['phase', 'special-unit', 'card', 'ship-area', 'ship-area', 'scenario']);
    for (const d of declared) {
      expect(d.context, d.id).toBeDefined();
      expect(NAMED_CONTEXTS.has(d.context!), d.context).toBe(true);
      expect(NAMED_CONTEXTS.get(d.context!)!.kinds, d.context).toContain(d.records!.kind);
    }
  });

  it('prints what it declares, in order, then the common sheets', () => {
    const printables = printablesOf(PACK).filter((p) => p.id !== `${PACK}-cover`); // the cover (every pack's, first): test/print-kit.test.ts
    expect(printables.map((p) => p.id)).toEqual([...declared.map((d) => `${PACK}-${d.id}`), `${PACK}-scenarios`, `${PACK}-errata`]);
    declared.forEach((d, i) => {
      const p = printables[i]!;
      expect(p.title).toBe(d.title);
      expect(p.template).toBe(d.front);
      expect(p.kind).toBe(d.type === 'sheet' ? 'sheet' : 'card');
      if (p.kind === 'sheet') expect(p.orientation).toBe(d.orientation ?? 'portrait');
      if (p.kind === 'card') {
        expect(p.size).toBeUndefined();
        expect(p.minSize).toEqual(d.minSize);
        expect(p.back?.template).toBe(d.back);
      }
    });
    // One face per selected record, in the declared order.
    const units = printables.find((p) => p.id === `${PACK}-units`)!;
    expect(units.faces.map((f) => f.context.id)).toEqual(declared.find((d) => d.id === 'units')!.records!.ids);
  });
});

describe('an edited value in the YAML', () => {
  const copy = editablePack(PACK);
  afterAll(() => copy.remove());
  const { edit } = copy;

  it('reaches the face context on the next load', () => {
    edit('units/sanguinius.yaml', 'name: Sanguinius', 'name: Sanguinius the Angel');
    edit('cards/trap.yaml', 'count: null', 'count: 2');
    edit('phases/imperial-battle.yaml', 'name: Imperial battle phase', 'name: Imperial assault phase');
    edit('areas/the-bridge.yaml', 'name: The Bridge', 'name: The Command Deck');
    edit('printables.yaml', "title: 'Warmaster: cards'", "title: 'Warmaster: the cup cards'");
    edit('printables.yaml', 'ids: [trap, horror, crew, crew-ambush]', 'ids: [crew, trap]');
    const printables = copy.printables();
    const get = (id: string) => printables.find((p) => p.id === `${PACK}-${id}`)!;

    const sanguinius = get('units').faces.find((f) => f.context.id === 'sanguinius')!;
    expect(sanguinius.context.name).toBe('Sanguinius the Angel');
    // Rogal Dorn's card names who cancels his re-roll by the unit's name.
    expect(JSON.stringify(get('units').faces.map((f) => f.context))).toContain('Sanguinius the Angel');

    const cards = get('cards') as CardPrintable;
    expect(cards.title).toBe('Warmaster: the cup cards');
    expect(cards.faces.map((f) => f.context.id)).toEqual(['crew', 'trap']);
    // One card of each: the pieces drawn from the cup, as many as the count, are the counters.
    expect(cards.faces[1]!.copies).toBe(1);

    const turn = get('reference').faces[0]!;
    expect((turn.context.phases as { id: string; name: string }[]).find((p) => p.id === 'imperial-battle')!.name).toBe('Imperial assault phase');

    const map = get('ship-map').faces[0]!;
    const labels = (map.context.areas as { special: { id: string; name: string } | null }[]).flatMap((a) => (a.special ? [a.special] : []));
    expect(labels).toContainEqual({ id: 'the-bridge', name: 'The Command Deck' });
    const special = get('special-areas').faces[0]!;
    expect((special.context.areas as { id: string; name: string }[])[0]).toMatchObject({ id: 'the-bridge', name: 'The Command Deck' });
  });
});

describe("the ship map's labels", () => {
  const copy = editablePack(PACK);
  afterAll(() => copy.remove());
  const tagged = (printables: ReturnType<typeof printablesOf>) => {
    const map = printables.find((p) => p.id === `${PACK}-ship-map`)!.faces[0]!;
    return (map.context.areas as { special: { id: string } | null; tags: string[] }[]).flatMap((a) => (a.tags.length > 0 ? [[a.special?.id, a.tags]] : []));
  };

  it("come from the area's rules: a rule closing it (no entry), with one destroying units arriving (teleport kills)", () => {
    expect(tagged(printablesOf(PACK))).toEqual([['the-reactors', ['No entry', 'Teleport kills']]]);
    copy.edit(
      'areas/the-reactors.yaml',
      '{ kind: limit-movement, closed: true, duration: while }',
      '{ kind: limit-movement, maxDistance: 0, duration: while }',
    );
    expect(tagged(copy.printables())).toEqual([]);
  });
});
