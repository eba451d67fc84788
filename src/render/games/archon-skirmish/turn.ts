// The turn sequence card: the three phases with their rules as printed, what the layers decided
// about each, the spells rule and the victory reminder. One copy per player.
import type { CardPrintable, Size } from '../../printable.js';
import { content, FaceMarks, PACK, sideName, type Marked } from './shared.js';

/**
 * 190 x 132 mm: the printed rules of the three phases, what the layers decided about them, the
 * spells and victory fit at 7 pt; two cards (one per player) fit one A4 or Letter page with bleed.
 */
export const TURN_CARD: Size = { width: 190, height: 132 };

type PhaseId = keyof typeof content.phases;

interface Fact extends Marked {
  readonly text: string;
}

function typeName(letter: string | undefined): string {
  if (letter === undefined) return '';
  return Object.values(content.cards).find((c) => c.type === letter)?.typeName ?? letter;
}

export function turnCard(): CardPrintable {
  const m = new FaceMarks();
  const seq = content.turn['turn-sequence'];
  const sequence = { text: seq.text, ...m.at('turn', seq.id, '/text') };
  const scenario = Object.values(content.scenarios)[0];
  const first = scenario ? { side: sideName(scenario.first), ...m.at('scenario', scenario.id, '/first') } : null;
  const d = content.decks['common-deck'];
  const phases = seq.phases.map((id, i) => {
    const p = content.phases[id as PhaseId];
    const at = (ptr: string) => m.at('phase', p.id, ptr);
    const key: ({ label: string; value: string } & Marked)[] = [];
    const facts: Fact[] = [];
    if ('draw' in p) key.push({ label: 'Draw', value: String(p.draw), ...at('/draw') });
    if ('handLimit' in p) key.push({ label: 'Hand', value: String(p.handLimit), ...at('/handLimit') });
    // The deck is drawn from in the Orders Phase: what the rules say about it goes there.
    const deck = 'draw' in p ? { text: d.text, ...m.at('deck', d.id, '/text') } : null;
    if ('draw' in p && typeof d.startingHand === 'number') {
      facts.push({ text: `Each player starts with ${d.startingHand} card${d.startingHand === 1 ? '' : 's'} in hand.`, ...m.at('deck', d.id, '/startingHand') });
    }
    if ('cardsPerPhase' in p && 'cardType' in p) {
      facts.push({ text: `Play at most ${p.cardsPerPhase} ${typeName(p.cardType)} card${p.cardsPerPhase === 1 ? '' : 's'} (or none).`, ...at('/cardsPerPhase') });
    }
    if ('cardNumber' in p && 'cardType' in p) {
      const text = p.cardType === 'M' ? (p.cardNumber === 'exact' ? 'A creature moves exactly the card\u2019s number of squares.' : 'A creature moves up to the card\u2019s number of squares.') : p.cardNumber === 'exact' ? 'The target is exactly the card\u2019s number of squares away.' : 'The target is at most the card\u2019s number of squares away.';
      facts.push({ text, ...at('/cardNumber') });
    }
    if ('mayEndOnOccupied' in p && p.mayEndOnOccupied === false) facts.push({ text: 'No move (nor Exchange or Teleport) ends on an occupied square.', ...at('/mayEndOnOccupied') });
    if ('groupMove' in p && p.groupMove) {
      const g = p.groupMove;
      if (g.forward === 'away-from-own-back-row') facts.push({ text: 'Forward is away from your own back row.', ...at('/groupMove/forward') });
      if (g.lines === 'straight') facts.push({ text: 'A group move goes straight ahead along each creature\u2019s file.', ...at('/groupMove/lines') });
      else if (g.lines === 'straight-or-diagonal') facts.push({ text: 'A group move goes straight ahead or diagonally forward.', ...at('/groupMove/lines') });
      if (g.limitedByMove) facts.push({ text: 'Every creature in a group move needs a Move of at least the card\u2019s number.', ...at('/groupMove/limitedByMove') });
    }
    return {
      id: p.id,
      number: { value: p.number ?? i + 1, ...at('/number') },
      name: { text: p.name, ...at('/name') },
      rules: p.rules.map((r, j) => ({ text: r.text, ...at(`/rules/${j}`) })),
      key,
      deck,
      facts,
    };
  });

  const spellRules = content.rules['spell-cards'];
  const spells = {
    rules: spellRules.rules.map((r, j) => ({ text: r.text, ...m.at('rules', spellRules.id, `/rules/${j}`) })),
    list: Object.values(content.spells).map((s) => ({ name: s.name, text: s.text, ...m.at('spell', s.id, '/text') })),
  };
  const victory = { text: content.board.board.victory.text, ...m.at('board', 'board', '/victory/text') };
  const { marks, footnotes } = m.result();
  return {
    kind: 'card',
    id: `${PACK}-turn`,
    pack: PACK,
    title: `${content.pack.title}: turn sequence`,
    template: 'archon-skirmish/turn.hbs',
    size: TURN_CARD,
    faces: [
      {
        context: {
          title: content.pack.title,
          sequence,
          phases,
          spells,
          first,
          victory,
        },
        marks,
        footnotes,
        // One for each player.
        copies: content.pack.sides.length,
        label: 'turn sequence',
      },
    ],
  };
}
