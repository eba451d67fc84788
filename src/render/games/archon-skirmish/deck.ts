// The common deck: one face per card record, printed as many times as its count, with one back.
import type { CardPrintable, Face } from '../../printable.js';
import { content, FaceMarks, PACK, playerNote, sideName, type Marked } from './shared.js';

type CardId = keyof typeof content.cards;
type PhaseId = keyof typeof content.phases;

/** A line of the card's rules box: a label, its text, and the value's mark address. */
interface Line extends Marked {
  readonly label: string;
  readonly text: string;
}

const TURN: Readonly<Record<string, string>> = { own: 'your turn', opponent: "your opponent's turn" };
const LIMIT: Readonly<Record<string, string>> = { move: 'Move', attack: 'Attack' };

export function deckCards(): CardPrintable {
  const deck = content.decks['common-deck'];
  const faces: Face[] = deck.cards.map((id) => cardFace(id as CardId, deck.size));
  return {
    kind: 'card',
    id: `${PACK}-deck`,
    pack: PACK,
    title: `${content.pack.title}: the common deck`,
    template: 'archon-skirmish/card.hbs',
    faces,
    back: {
      template: 'archon-skirmish/card-back.hbs',
      context: { title: content.pack.title, deck: deck.text, size: deck.size },
    },
  };
}

function phaseName(id: string): string {
  return id in content.phases ? content.phases[id as PhaseId].name : id;
}

function cardFace(id: CardId, deckSize: number): Face {
  const c = content.cards[id];
  const m = new FaceMarks();
  const at = (ptr: string) => m.at('card', id, ptr);
  const lines: Line[] = [];

  const name = { text: c.name, ...at('/name') };
  const type = { letter: c.type, name: c.typeName, ...at('/type') };
  const range = { value: c.range, ...at('/range') };

  if (c.playedIn) {
    const phases = c.playedIn.phases.map(phaseName).join(' or ');
    lines.push({ label: 'Play', text: `${phases}, ${TURN[c.playedIn.turn] ?? c.playedIn.turn}`, ...at('/playedIn') });
  }
  // The phase that plays cards of this type (Move Phase: M, Battle Phase: A) says what the number means.
  const phase = Object.values(content.phases).find((p) => 'cardType' in p && p.cardType === c.type);
  if (c.limitedBy && c.limitedBy !== 'none') {
    lines.push({ label: 'Who', text: `a creature with ${LIMIT[c.limitedBy] ?? c.limitedBy} ${c.range ?? ''}${c.range === null ? '' : ' or more'}`.trim(), ...at('/limitedBy') });
  } else if (c.limitedBy === 'none' && phase && 'cardType' in phase) {
    // A card of a limited type that is not limited (Teleport): say so, as the layer that set it does.
    const limit = phase.cardType === 'M' ? 'Move' : phase.cardType === 'A' ? 'Attack' : null;
    if (limit) lines.push({ label: 'Who', text: `any creature: not limited by its ${limit}`, ...at('/limitedBy') });
  }
  if (!c.spell && phase && 'cardNumber' in phase && c.range !== null) {
    const ptr = m.at('phase', phase.id, '/cardNumber');
    const dirs = phase.directions ? `${phase.directions.join(' or ')} ` : '';
    const how = phase.cardNumber === 'exact' ? 'exactly' : 'up to';
    const squares = `${c.range} square${c.range === 1 ? '' : 's'}`;
    const text = c.type === 'M' ? `${how} ${squares} in a straight ${dirs}line` : `a target ${how} ${squares} away in a straight ${dirs}line`;
    lines.push({ label: c.type === 'M' ? 'Move' : 'Range', text, ...ptr });
    if ('damage' in phase && typeof phase.damage === 'number') {
      lines.push({ label: 'Hit', text: `the target loses ${phase.damage} Hit`, ...m.at('phase', phase.id, '/damage') });
    }
  }

  // A spell: its printed rule, whom it targets, and who must be in play to cast it.
  let spell: ({ text: string; casters: string; castersMark: Marked } & Marked) | null = null;
  if (c.spell && c.spellId && c.spellId in content.spells) {
    const s = content.spells[c.spellId as keyof typeof content.spells];
    const casters = (content.rules['spell-cards'].spellcasters ?? [])
      .map((x) => `${content.creatures[x.creature as keyof typeof content.creatures]?.name ?? x.creature} (${sideName(x.side)})`)
      .join(', ');
    spell = { text: s.text, casters, castersMark: m.at('rules', 'spell-cards', '/spellcasters'), ...m.at('spell', s.id, '/text') };
    s.effects.forEach((e, i) => {
      if (!('target' in e) || !e.target || !('side' in e.target) || !e.target.side) return;
      const count = 'choose' in e.target && e.target.choose ? e.target.choose.count : 1;
      lines.push({ label: 'Target', text: `${count} ${e.target.side} creature${count === 1 ? '' : 's'}`, ...m.at('spell', s.id, `/effects/${i}/target/side`) });
    });
    if ('rangeFrom' in s && s.rangeFrom) {
      const squares = c.range === null ? '' : `${c.range} square${c.range === 1 ? '' : 's'} `;
      lines.push({ label: 'Range', text: `${squares}from the ${s.rangeFrom}`, ...m.at('spell', s.id, '/rangeFrom') });
    }
  }

  // A card no phase explains and no spell rule covers (the Saves): its effect, as a layer set it.
  let effect: ({ text: string } & Marked) | null = null;
  if (!spell && !lines.some((l) => l.label === 'Move' || l.label === 'Range') && c.effects) {
    const text = c.effects.map((e) => (e.kind === 'manual' ? playerNote(e.note) : '')).filter(Boolean).join(' ');
    if (text) effect = { text, ...at('/effects') };
  }

  const notes = c.notes === null ? null : { text: c.notes, ...at('/notes') };
  const side = c.side === null ? null : { id: c.side, name: sideName(c.side), ...at('/side') };
  const count = { value: c.count, of: deckSize, ...at('/count') };
  const spellMark = at('/spell');
  const { marks, footnotes } = m.result();
  return {
    context: { id, name, type, range, lines, spell, spellMark, effect, notes, side, count },
    marks,
    footnotes,
    copies: c.count,
    label: `card ${id} x${c.count}`,
  };
}
