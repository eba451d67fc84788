// The special-areas sheet and the ship map's fire track print what the areas' rules play: their
// facts are the rules' `when`/`if`/`do` in words (src/render/common/rule-words.ts), not fields kept
// beside the rules, so a rule changed in the content changes the printed words with it.
import { afterAll, describe, expect, it } from 'vitest';
import type { Printable } from '../src/render/printable.js';
import { editablePack, printablesOf } from './content-support.js';

type Rec = { [key: string]: any };

/** Each area's printed facts and table rows on the sheet, and the map's fire text and track. */
function printed(printables: readonly Printable[]) {
  const sheet = printables.find((p) => p.id === 'warmaster-special-areas')!.faces[0]!.context as Rec;
  const map = printables.find((p) => p.id === 'warmaster-ship-map')!.faces[0]!.context as Rec;
  const areas = new Map<string, { facts: string[]; rows: string[] }>(
    (sheet.areas as Rec[]).map((a) => [
      a.id,
      {
        facts: (a.facts as Rec[]).map((f) => (f.label ? `${f.label}: ${f.value}` : f.value)),
        rows: (a.hits?.rows ?? []).map((r: Rec) => `${r.range}: ${r.text}`),
      },
    ]),
  );
  return { areas, fire: map.countdown.text as string, track: (map.countdown.track as Rec[]).map((t) => t.number as number) };
}

const shipped = printed(printablesOf('warmaster'));
const copy = editablePack('warmaster');
afterAll(() => copy.remove());

describe('Warmaster: the special-areas sheet prints the areas rules', () => {
  it('words each rule the engine plays: accidents, explosions, deliberate destruction, the fire and the lasers', () => {
    const engine = shipped.areas.get('the-engine-room')!.facts;
    const store = shipped.areas.get('the-weapons-store')!.facts;
    const accident = 'When a battle is fought in this area, before its result: roll D6; on 1 destroy this area.';
    expect(engine).toContain(accident);
    expect(store).toContain(accident);
    expect(engine).toContain('When this area is destroyed: destroy every unit here.');
    expect(engine).toContain(
      'At the start of the Imperial battle phase, if this area is not destroyed, an Imperial piece is here and no Traitor piece is here: the Imperial player may destroy this area.',
    );
    expect(engine).toContain(
      "At the start of each player's turn, if this area is destroyed: in the first area not yet destroyed counting down from 56 to 11, destroy that area, and destroy every unit there.",
    );
    expect(store).toContain('When this area is destroyed: for each adjacent area, roll D6; on 1 or 2 destroy every unit there, and destroy that area.');
    expect(store.some((f) => f.startsWith('Adjacent to 33: '))).toBe(true);
    expect(shipped.areas.get('shields')!.facts).toContain(
      'At the start of the Imperial reinforcements phase, if an Imperial piece is here: the Imperial player may roll D66 on the table below.',
    );
    expect(shipped.areas.get('shields')!.rows).toEqual([
      '11–13: No effect',
      '14–56: In the area of the number rolled, destroy every unit there, and destroy that area',
      '61–65: No effect',
      '66: In an area the Imperial player chooses (not The Reactors), destroy every unit there, and destroy that area',
    ]);
    expect(shipped.areas.get('the-reactors')!.facts).toEqual([
      'Always: no unit may move or retreat into this area.',
      'When a unit enters this area: destroy that unit.',
    ]);
    // The Bridge: who holds it at the start (the field the set-up reads), then its rules in words.
    expect(shipped.areas.get('the-bridge')!.facts).toEqual([
      'Control: Traitor at the start',
      'If this area is not destroyed and controlled by a side: the side controlling this area moves its units up to 3 areas a move, and the other side moves its units one area a move.',
      "When a unit enters this area, if this area is not destroyed: that unit's side takes control of this area.",
      'If this area is destroyed: every side moves its units one area a move.',
    ]);
    expect(shipped.fire).toBe(
      "At the start of each player's turn, if The Engine Room is destroyed: in the first area not yet destroyed counting down from 56 to 11, destroy that area, and destroy every unit there.",
    );
    expect(shipped.track[0]).toBe(56);
  });

  it('prints the changed words when a rule changes in the content: a range, the fire start, a ruled table', () => {
    copy.edit('areas/the-weapons-store.yaml', '- range: { min: 1, max: 2 }', '- range: { min: 1, max: 3 }');
    copy.edit('areas/the-weapons-store.yaml', '- range: { min: 3, max: 6 }', '- range: { min: 4, max: 6 }');
    copy.edit('areas/the-engine-room.yaml', 'countdown: { from: 56, to: 11 }', 'countdown: { from: 54, to: 11 }');
    copy.edit('layers/rulings.yaml', '- range: { min: 61, max: 65 }', '- range: { min: 61, max: 64 }');
    copy.edit('layers/rulings.yaml', '- range: { min: 66, max: 66 }', '- range: { min: 65, max: 66 }');
    const now = printed(copy.printables());
    const store = now.areas.get('the-weapons-store')!.facts;
    expect(store).toContain('When this area is destroyed: for each adjacent area, roll D6; on 1–3 destroy every unit there, and destroy that area.');
    expect(store.join(' ')).not.toContain('on 1 or 2');
    expect(now.areas.get('the-engine-room')!.facts.join(' ')).toContain('counting down from 54 to 11');
    expect(now.fire).toContain('counting down from 54 to 11');
    expect(now.track[0]).toBe(54);
    expect(now.areas.get('shields')!.rows.map((r) => r.split(':')[0])).toEqual(['11–13', '14–56', '61–64', '65–66']);
  });
});
