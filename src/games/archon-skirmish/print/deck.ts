// A card per selected card record, printed as many times as printables.yaml's `copies` says (the
// deck's copies of it): its name, type, range, side, and a rules box made from the phase that plays
// its type, its spell, or the ruling that gives its effect. One back for the deck.
import type { Face } from '../../../render/printable.js';
import type { NamedContext, SelectedRecord } from '../../../render/contexts/context.js';
import { archonView, FaceMarks, playerNote, sideName, spellRules, type ArchonView, type Marked } from './shared.js';

/** A line of the card's rules box: a label, its text, and the value's mark address. */
interface Line extends Marked {
  readonly label: string;
  readonly text: string;
}

const TURN: Readonly<Record<string, string>> = { own: 'your turn', opponent: "your opponent's turn" };
const LIMIT: Readonly<Record<string, string>> = { move: 'Move', attack: 'Attack' };

export const deckCard: NamedContext = {
  name: 'archon-deck-card',
  description:
    'One card per selected card record, with its copies: name, type letter and name, range, side restriction, and a rules box that says when it is played, who may play it and what it does, from the phase that plays its type, its spell and the rulings; the back shows the pack\u2019s title and the size of the deck that lists the cards.',
  kinds: ['card'],
  build(input) {
    const view = archonView(input.content);
    // The deck that lists the cards (the first deck when none does): its size and the card's copies in
    // it are printed on every face, its size on the back.
    const decks = Object.values(view.decks);
    const deckOf = (id: string) => decks.find((d) => d.cards.some((c) => c.card === id)) ?? decks[0];
    const first = input.records[0] ? deckOf(input.records[0].id) : decks[0];
    const faces = input.records.map((r) => cardFace(view, r, deckOf(r.id)));
    return { faces, back: { title: view.pack.title, deck: first?.text ?? null, size: first?.size ?? null } };
  },
};

function phaseName(view: ArchonView, id: string): string {
  return view.phases[id]?.name ?? id;
}

function cardFace(view: ArchonView, r: SelectedRecord, deck: ArchonView['decks'][string] | undefined): Face {
  const id = r.id;
  const c = view.cards[id]!;
  const m = new FaceMarks(view);
  const at = (ptr: string) => m.at(r.kind, id, ptr);
  const lines: Line[] = [];

  const name = { text: c.name, ...at('/name') };
  const type = { letter: c.type, name: c.typeName, ...at('/type') };
  const range = { value: c.range, ...at('/range') };

  if (c.playedIn) {
    const phases = c.playedIn.phases.map((p) => phaseName(view, p)).join(' or ');
    lines.push({ label: 'Play', text: `${phases}, ${TURN[c.playedIn.turn] ?? c.playedIn.turn}`, ...at('/playedIn') });
  }
  // The phase that plays cards of this type (Move Phase: M, Battle Phase: A) says what the number means.
  const phase = Object.values(view.phases).find((p) => 'cardType' in p && p.cardType === c.type);
  if (c.limitedBy && c.limitedBy !== 'none') {
    lines.push({
      label: 'Who',
      text: `a creature with ${LIMIT[c.limitedBy] ?? c.limitedBy} ${c.range ?? ''}${c.range === null ? '' : ' or more'}`.trim(),
      ...at('/limitedBy'),
    });
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
    // What the card does is the phase's rule that fires when it is played: its damage.
    phase.rules.forEach((rule, i) => {
      if (rule.when?.event !== 'card-played' || !rule.when.cards?.includes(c.id)) return;
      rule.do.forEach((e, j) => {
        if (e.kind === 'damage') lines.push({ label: 'Hit', text: `the target loses ${e.hits} Hit`, ...m.at('phase', phase.id, `/rules/${i}/do/${j}/hits`) });
      });
    });
  }

  // A spell: its printed rule, whom it targets, and who must be in play to cast it.
  let spell: ({ text: string; casters: string; castersMark: Marked } & Marked) | null = null;
  const s = c.spell && c.spellId ? view.spells[c.spellId] : undefined;
  if (s) {
    const rules = spellRules(view);
    const casters = (rules?.spellcasters ?? []).map((x) => `${view.creatures[x.creature]?.name ?? x.creature} (${sideName(view, x.side)})`).join(', ');
    spell = { text: s.text, casters, castersMark: m.at('rules', rules?.id ?? 'spell-cards', '/spellcasters'), ...m.at('spell', s.id, '/text') };
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
    const text = c.effects
      .map((e) => (e.kind === 'manual' ? playerNote(e.note) : ''))
      .filter(Boolean)
      .join(' ');
    if (text) effect = { text, ...at('/effects') };
  }

  const notes = c.notes === null ? null : { text: c.notes, ...at('/notes') };
  const side = c.side === null ? null : { id: c.side, name: sideName(view, c.side), ...at('/side') };
  // The card's copies, as its deck lists them (marked where a layer set them).
  const i = deck ? deck.cards.findIndex((e) => e.card === id) : -1;
  const count = {
    value: i >= 0 ? deck!.cards[i]!.copies : null,
    of: deck?.size ?? null,
    ...(i >= 0 ? m.at('deck', deck!.id, `/cards/${i}/copies`) : at('/copies')),
  };
  const spellMark = at('/spell');
  const { marks, footnotes } = m.result();
  return {
    context: { id, name, type, range, lines, spell, spellMark, effect, notes, side, count },
    marks,
    footnotes,
    copies: r.copies,
    label: `card ${id} x${r.copies}`,
  };
}
