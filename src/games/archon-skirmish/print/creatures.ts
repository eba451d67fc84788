// A square counter per creature: its name, side, the three stats and the attack's name, each value
// marked when a layer set it. Which creatures, in what order and at what size: printables.yaml.
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { archonView, FaceMarks, sideName } from './shared.js';

export const creatureCounter: NamedContext = {
  name: 'archon-creature-counter',
  description:
    'One counter per selected creature: its name, its side (and side name, for the colouring), Hits (one pip each), Move (with F for a flyer), Attack and the attack\u2019s name, each marked where a layer set it.',
  kinds: ['creature'],
  build(input) {
    const view = archonView(input.content);
    const faces = input.records.map((r): Face => {
      const c = view.creatures[r.id]!;
      const m = new FaceMarks(view);
      const at = (ptr: string) => m.at(r.kind, r.id, ptr);
      const context = {
        id: r.id,
        name: { text: c.name, ...at('/name') },
        side: c.side,
        sideName: sideName(view, c.side),
        hits: { value: c.hits, ...at('/hits') },
        move: { value: c.move, flyer: c.flyer, ...at('/move') },
        flyer: at('/flyer'),
        attack: { value: c.attack, ...at('/attack') },
        attackName: { text: c.attackName, ...at('/attackName') },
      };
      const { marks, footnotes } = m.result();
      return { context, marks, footnotes, copies: r.copies, label: `creature ${r.id}` };
    });
    // The back every creature counter shares: the pack's title on the Light-and-Dark medal.
    return { faces, back: { title: view.pack.title } };
  },
};
