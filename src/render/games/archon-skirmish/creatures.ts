// The sixteen creatures as square counters, one per creature, light and dark styled by side.
import type { CardPrintable, Face, Size } from '../../printable.js';
import { content, FaceMarks, PACK, sideName } from './shared.js';

/**
 * 22 mm square: a counter sits inside one square of the printed board (23.5 mm, board.ts) with room
 * to pick it up, and on any real chessboard; the 16 mm inside the 3 mm safe area hold the name,
 * the three stats and the attack's name at 6 pt and more.
 */
export const COUNTER: Size = { width: 22, height: 22 };

/** The creatures in the order the rule text lists them: each side's army as the scenario lists it. */
export function creatureOrder(): (keyof typeof content.creatures)[] {
  const order: string[] = [];
  for (const side of content.pack.sides) {
    const listed = Object.values(content.scenarios).flatMap((s) => s.sides.filter((x) => x.side === side.id).flatMap((x) => (x.army.units ?? []).map((u) => u.unit)));
    const rest = content.creatureIds.filter((id) => content.creatures[id].side === side.id && !listed.includes(id));
    for (const id of [...listed, ...rest]) if (!order.includes(id) && id in content.creatures) order.push(id);
  }
  for (const id of content.creatureIds) if (!order.includes(id)) order.push(id);
  return order as (keyof typeof content.creatures)[];
}

export function creatureCounters(): CardPrintable {
  const faces: Face[] = creatureOrder().map((id) => {
    const c = content.creatures[id];
    const m = new FaceMarks();
    const at = (ptr: string) => m.at('creature', id, ptr);
    const context = {
      id,
      name: { text: c.name, ...at('/name') },
      side: c.side,
      sideName: sideName(c.side),
      hits: { value: c.hits, ...at('/hits') },
      move: { value: c.move, flyer: c.flyer, ...at('/move') },
      flyer: at('/flyer'),
      attack: { value: c.attack, ...at('/attack') },
      attackName: { text: c.attackName, ...at('/attackName') },
    };
    const { marks, footnotes } = m.result();
    return { context, marks, footnotes, copies: 1, label: `creature ${id}` };
  });
  return {
    kind: 'card',
    id: `${PACK}-creatures`,
    pack: PACK,
    title: `${content.pack.title}: creatures`,
    template: 'archon-skirmish/creature.hbs',
    size: COUNTER,
    faces,
  };
}
