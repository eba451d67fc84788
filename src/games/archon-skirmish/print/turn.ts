// The turn sequence card, one per turn record: the phases with their rules as printed, what the
// layers decided about each, the spells rule and the victory reminder. One copy per player.
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { archonView, FaceMarks, sideName, spellRules, victoryText, type ArchonView, type Marked } from './shared.js';

interface Fact extends Marked {
  readonly text: string;
}

function typeName(view: ArchonView, letter: string | undefined): string {
  if (letter === undefined) return '';
  return Object.values(view.cards).find((c) => c.type === letter)?.typeName ?? letter;
}

export const turnSequence: NamedContext = {
  name: 'archon-turn-sequence',
  description:
    'One reference card per selected turn sequence: each phase in order with its rules as printed, its draw and hand limit, and the facts the layers decided (card numbers, group moves, line of sight, the starting hand), then the spell rules and every spell, who moves first and the victory text. One copy per side unless `records.copies` says otherwise.',
  kinds: ['turn'],
  build(input) {
    const view = archonView(input.content);
    // One for each player, unless printables.yaml sets the copies.
    const perSide = input.printable.records?.copies === undefined;
    const faces = input.records.map((r): Face => {
      const m = new FaceMarks(view);
      const seq = view.turns[r.id]!;
      const sequence = { text: seq.text, ...m.at(r.kind, seq.id, '/text') };
      const scenario = Object.values(view.scenarios)[0];
      const first = scenario ? { side: sideName(view, scenario.first), ...m.at('scenario', scenario.id, '/first') } : null;
      const d = Object.values(view.decks)[0];
      const phases = seq.phases.map((id, i) => {
        const p = view.phases[id]!;
        const at = (ptr: string) => m.at('phase', p.id, ptr);
        const key: ({ label: string; value: string } & Marked)[] = [];
        const facts: Fact[] = [];
        if ('draw' in p) key.push({ label: 'Draw', value: String(p.draw), ...at('/draw') });
        if ('handLimit' in p) key.push({ label: 'Hand', value: String(p.handLimit), ...at('/handLimit') });
        // The deck is drawn from in the Orders Phase: what the rules say about it goes there.
        const deck = 'draw' in p && d ? { text: d.text, ...m.at('deck', d.id, '/text') } : null;
        const hand = d?.extension.startingHand;
        if ('draw' in p && d && typeof hand === 'number') {
          facts.push({ text: `Each player starts with ${hand} card${hand === 1 ? '' : 's'} in hand.`, ...m.at('deck', d.id, '/extension/startingHand') });
        }
        if ('cardsPerPhase' in p && 'cardType' in p) {
          facts.push({
            text: `Play at most ${p.cardsPerPhase} ${typeName(view, p.cardType)} card${p.cardsPerPhase === 1 ? '' : 's'} (or none).`,
            ...at('/cardsPerPhase'),
          });
        }
        if ('cardNumber' in p && 'cardType' in p) {
          const text =
            p.cardType === 'M'
              ? p.cardNumber === 'exact'
                ? 'A move is exactly the card\u2019s number of squares.'
                : 'A move is up to the card\u2019s number of squares.'
              : p.cardNumber === 'exact'
                ? 'The target is exactly the card\u2019s number away.'
                : 'The target is at most the card\u2019s number away.';
          facts.push({ text, ...at('/cardNumber') });
        }
        if ('lineOfSight' in p && p.lineOfSight === 'squares-on-line')
          facts.push({ text: 'Only creatures on the line between them block sight.', ...at('/lineOfSight') });
        else if ('lineOfSight' in p && p.lineOfSight === 'touched-squares')
          facts.push({ text: 'A creature on any square the line of sight touches, even at a corner, blocks it.', ...at('/lineOfSight') });
        if ('mayEndOnOccupied' in p && p.mayEndOnOccupied === false)
          facts.push({ text: 'No move, Exchange or Teleport ends on an occupied square.', ...at('/mayEndOnOccupied') });
        if ('groupMove' in p && p.groupMove) {
          const g = p.groupMove;
          if (g.forward === 'away-from-own-back-row') facts.push({ text: 'Forward is away from your own back row.', ...at('/groupMove/forward') });
          if (g.lines === 'straight') facts.push({ text: 'A group moves straight ahead along its files.', ...at('/groupMove/lines') });
          else if (g.lines === 'straight-or-diagonal')
            facts.push({ text: 'A group move goes straight ahead or diagonally forward.', ...at('/groupMove/lines') });
          if (g.limitedByMove) facts.push({ text: 'Each creature of a group needs Move \u2265 the card\u2019s number.', ...at('/groupMove/limitedByMove') });
        }
        return {
          id: p.id,
          number: { value: p.number ?? i + 1, ...at('/number') },
          name: { text: p.name, ...at('/name') },
          rules: p.rules.map((rule, j) => ({ text: rule.text, ...at(`/rules/${j}`) })),
          key,
          deck,
          facts,
        };
      });

      const rules = spellRules(view);
      const spells = {
        rules: (rules?.rules ?? []).map((rule, j) => ({ text: rule.text, ...m.at('rules', rules!.id, `/rules/${j}`) })),
        list: Object.values(view.spells).map((s) => ({ name: s.name, text: s.text, ...m.at('spell', s.id, '/text') })),
      };
      const victory = victoryText(view, m);
      const { marks, footnotes } = m.result();
      return {
        context: { title: view.pack.title, sequence, phases, spells, first, victory },
        marks,
        footnotes,
        copies: perSide ? view.pack.sides.length : r.copies,
        label: 'turn sequence',
      };
    });
    return { faces };
  },
};
