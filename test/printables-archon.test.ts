// Archon Skirmish's printables are data: what printables.yaml declares is what prints (ids, titles,
// kinds, templates, sizes, in order), through the named contexts of the module its printables.yaml names, and a value
// edited in the YAML reaches the face a template is given on the next load, with no codegen.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardPrintable } from '../src/render/printable.js';
import { contextsOf, packContentOf, printablesOf, editablePack } from './content-support.js';

const PACK = 'archon-skirmish';

describe('archon-skirmish printables come from printables.yaml', () => {
  const declared = packContentOf(PACK).printables?.list ?? [];
  const NAMED_CONTEXTS = contextsOf(packContentOf(PACK)); // from the module its printables.yaml names

  it('declares the creatures, the markers, the deck, the board and the turn card', () => {
    expect(declared.map((d) => d.id)).toEqual(['creatures', 'markers', 'deck', 'board', 'turn']);
    expect(declared.map((d) => d.type)).toEqual(['counter', 'counter', 'card', 'sheet', 'card']);
    for (const d of declared) if (d.context !== undefined) expect(NAMED_CONTEXTS.has(d.context), d.context).toBe(true);
  });

  it('prints what it declares, in order, then the common sheets', () => {
    const printables = printablesOf(PACK).filter((p) => p.id !== `${PACK}-cover`); // the cover (every pack's, first): test/print-kit.test.ts
    expect(printables.map((p) => p.id)).toEqual([...declared.map((d) => `${PACK}-${d.id}`), `${PACK}-scenarios`, `${PACK}-errata`]);
    declared.forEach((d, i) => {
      const p = printables[i]!;
      expect(p.title).toBe(d.title);
      expect(p.template).toBe(d.front);
      expect(p.kind).toBe(d.type === 'sheet' ? 'sheet' : 'card');
      if (p.kind === 'card') {
        expect(p.size).toEqual(typeof d.size === 'object' ? d.size : undefined);
        expect(p.back?.template).toBe(d.back);
      }
    });
  });
});

describe('an edited value in the YAML', () => {
  const copy = editablePack(PACK);
  afterAll(() => copy.remove());
  const { dir, edit } = copy;

  it('reaches the face context on the next load', () => {
    edit('creatures/wizard.yaml', 'attackName: Fireball', 'attackName: Starfire');
    edit('decks/common-deck.yaml', '{ card: attack-1, copies: 6 }', '{ card: attack-1, copies: 7 }');
    edit('decks/common-deck.yaml', 'size: 50', 'size: 51');
    edit('printables.yaml', 'title: "ARCHON SKIRMISH: creatures"', 'title: "ARCHON SKIRMISH: the creature counters"');
    const printables = copy.printables();

    const creatures = printables.find((p) => p.id === `${PACK}-creatures`)!;
    expect(creatures.title).toBe('ARCHON SKIRMISH: the creature counters');
    const wizard = creatures.faces.find((f) => f.context.id === 'wizard')!;
    expect(wizard.context.attackName).toMatchObject({ text: 'Starfire' });

    const deck = printables.find((p) => p.id === `${PACK}-deck`) as CardPrintable;
    expect(deck.back?.context).toMatchObject({ size: 51 });
    const attack1 = deck.faces.find((f) => f.context.id === 'attack-1')!;
    expect(attack1.copies).toBe(7);
    expect(attack1.context.count).toMatchObject({ value: 7, of: 51 });
  });

  it('a card added to the deck prints too, as many times as the deck lists it: the deck printable takes its copies from the deck (copies: { deck })', () => {
    const card = readFileSync(path.join(dir, 'cards/heal.yaml'), 'utf8')
      .replace('id: heal', 'id: mend')
      .replace(/^name: .*$/m, 'name: Mend');
    writeFileSync(path.join(dir, 'cards/mend.yaml'), card);
    edit('decks/common-deck.yaml', '  - { card: heal, copies: 1 }\n', '  - { card: heal, copies: 1 }\n  - { card: mend, copies: 2 }\n');
    edit('decks/common-deck.yaml', 'size: 51', 'size: 53');
    const deck = copy.printables().find((p) => p.id === `${PACK}-deck`)!;
    expect(deck.faces.map((f) => [f.context.id, f.copies]).slice(-2)).toEqual([
      ['heal', 1],
      ['mend', 2],
    ]);
  });
});
