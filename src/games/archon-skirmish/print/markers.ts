// Markers to put on the creature counters: Hit markers, as many as every creature can carry short of
// its last Hit (the sum over the creatures of their Hits less one), and a marker for each selected
// spell that lasts some turns (Imprison: "cannot move or attack for his next 3 turns"), one per
// copy of its card in the deck, with a box to tick for each of those turns. Which spells:
// printables.yaml.
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { archonView, FaceMarks } from './shared.js';

export const markerCounters: NamedContext = {
  name: 'archon-markers',
  description:
    'Small markers to lay on the creature counters: Hit markers (a creature takes one for each Hit it loses; as many as all the creatures can carry short of their last Hit, the sum of their Hits less one each), then one marker per copy in the deck of each selected spell that lasts some turns (Imprison), with its name, what it stops and a box to tick for each turn, marked where a layer set them.',
  kinds: ['spell'],
  build(input) {
    const view = archonView(input.content);
    const creatures = Object.values(view.creatures);
    const hits = creatures.reduce((n, c) => n + Math.max(0, (c.hits ?? 1) - 1), 0);
    const faces: Face[] = [];
    if (hits > 0) faces.push({ context: { hit: true, name: 'Hit' }, marks: {}, footnotes: [], copies: hits, label: 'marker hit' });
    for (const r of input.records) {
      const s = view.spells[r.id]!;
      const m = new FaceMarks(view);
      const i = s.effects.findIndex((e) => 'turns' in e && typeof e.turns === 'number');
      if (i < 0) continue;
      const effect = s.effects[i] as { turns: number; actions?: readonly string[] };
      const turns = { value: effect.turns, ...m.at('spell', s.id, `/effects/${i}/turns`) };
      const stops = (effect.actions ?? []).join(' or ');
      // One marker per copy of the spell's card in the deck.
      const copies = Object.values(view.decks)
        .flatMap((d) => d.cards)
        .filter((e) => e.card === s.card)
        .reduce((n, e) => n + e.copies, 0);
      const { marks, footnotes } = m.result();
      faces.push({
        context: { hit: false, name: s.name, stops: stops ? `no ${stops}` : '', turns, boxes: Array.from({ length: effect.turns }, (_, k) => k + 1) },
        marks,
        footnotes,
        copies: copies || 1,
        label: `marker ${s.id}`,
      });
    }
    return { faces };
  },
};
