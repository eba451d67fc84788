// The Trap, Horror, Crew and Crew Ambush! cards, with one back for all of them (they are drawn
// face down from the cup). The printed text is the card; a die roll's outcomes are also shown as a
// table read from the effects the engine plays, so the card and the engine cannot disagree.
import { cardIds, cards, origins, pack, type WarmasterCardId } from '../../../../generated/content/warmaster.js';
import { MarkBook, type Origins } from '../../marks.js';
import type { CardPrintable } from '../../printable.js';
import { TEXT_FITS, dieText, face, PACK, rangeText, sideView, type SideView } from './common.js';
import { cardNotes } from './notes.js';

type Card = (typeof cards)[WarmasterCardId];
type Effect = Card['effects'][number];

/** A trait id as words: `imperial-guard` -> `Imperial Guard`. */
function traitWords(trait: string): string {
  return trait.split(/[-\s]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** The side a target filter names, seen from the card's side. */
function targetSide(filterSide: string | undefined, own: SideView): SideView | null {
  if (filterSide === 'friendly') return own;
  if (filterSide === 'enemy') {
    const other = pack.sides.find((s) => s.id !== own.id);
    return other ? sideView(other.id) : null;
  }
  return null;
}

/** One outcome effect in words, with the pointer of the layer-settable part it names (who picks). */
function describe(e: Effect, own: SideView, pointer: string): { text: string; choosePointer: string | null; chooser: string | null } | null {
  if (e.kind === 'no-effect') return { text: 'No effect', choosePointer: null, chooser: null };
  if (e.kind !== 'destroy') return null;
  const t = e.target;
  const side = targetSide(t.side, own);
  const traits = (t.hasTrait ?? []).map(traitWords);
  let noun = traits.length > 0 ? `${traits.join(' ')} unit` : 'unit';
  if (side && !(traits[0] ?? '').startsWith(side.name)) noun = `${side.name} ${noun}`;
  const count = t.choose ? t.choose.count : null;
  const text = count === null ? `All ${noun}s in the area destroyed` : `${count} ${noun}${count === 1 ? '' : 's'} destroyed`;
  let chooser: string | null = null;
  if (t.choose) {
    const by = t.choose.by;
    chooser = by === 'owner' && side ? `${side.name} player picks` : by === 'random' ? 'picked at random' : by === 'opponent' && side ? `${side.name}'s opponent picks` : `${by} picks`;
  }
  return { text, choosePointer: t.choose ? `${pointer}/target/choose` : null, chooser };
}

export function cardFace(id: WarmasterCardId) {
  const c = cards[id];
  const o: Origins = origins.card[id];
  const side = sideView(c.side);
  const book = new MarkBook();
  book.add(id, o, ['/name', '/side', '/text', '/attack', '/defence']);

  // Die rolls: one table per roll effect, outcome by outcome.
  const rolls = c.effects.flatMap((e, i) => {
    if (e.kind !== 'roll') return [];
    return [
      {
        die: dieText(e.die),
        outcomes: e.outcomes.map((out, k) => {
          const parts = out.effects.map((x, m) => describe(x, side, `/effects/${i}/outcomes/${k}/effects/${m}`));
          const known = parts.every((p) => p !== null);
          for (const p of parts) if (p?.choosePointer) book.add(id, o, [p.choosePointer]);
          return {
            range: rangeText(out.range),
            parts: known ? parts.map((p) => ({ text: p!.text, chooser: p!.chooser, pointer: p!.choosePointer ?? '' })) : [{ text: out.text ?? '\u2014', chooser: null, pointer: '' }],
          };
        }),
      },
    ];
  });

  // Movement a card's effects fix (Crew cannot move).
  let move: { value: string; pointer: string } | null = null;
  for (const [i, e] of c.effects.entries()) {
    if (e.kind === 'limit-movement' && typeof e.maxDistance === 'number') {
      move = { value: String(e.maxDistance), pointer: `/effects/${i}/maxDistance` };
      book.add(id, o, [move.pointer]);
    }
  }

  const hasStats = c.attack !== null || c.defence !== null || move !== null;
  const base = face(
    {
      id,
      name: c.name,
      side,
      text: c.text,
      rolls,
      hasStats,
      attack: c.attack,
      defence: c.defence,
      move,
      density: c.text.length > 380 ? 'dense' : c.text.length < 200 && rolls.length === 0 ? 'roomy' : '',
    },
    book,
    `card ${id}`,
    // Counts are not printed (null): one copy each.
    typeof c.count === 'number' ? c.count : 1,
  );
  return { ...base, context: { ...base.context, notesFull: cardNotes(base.footnotes).full } };
}

/** The side every card belongs to, or null when they differ. */
function commonSide(): SideView | null {
  const sides = new Set(cardIds.map((id) => cards[id].side));
  return sides.size === 1 ? sideView([...sides][0]!) : null;
}

/** Cards whose count the source does not print (each printed once). */
export function uncountedCards(): WarmasterCardId[] {
  return cardIds.filter((id) => typeof cards[id].count !== 'number');
}

export function cardsPrintable(): CardPrintable {
  const order: WarmasterCardId[] = ['trap', 'horror', 'crew', 'crew-ambush'];
  const ids = [...order.filter((id) => cardIds.includes(id)), ...cardIds.filter((id) => !order.includes(id))];
  return {
    kind: 'card',
    id: `${PACK}-cards`,
    pack: PACK,
    title: `${pack.title}: cards`,
    template: 'warmaster/card.hbs',
    // Their printed rules do not fit mini cards at a readable size; poker, bridge and tarot fit.
    minSize: TEXT_FITS,
    faces: ids.map(cardFace),
    back: { template: 'warmaster/card-back.hbs', context: { title: pack.title, side: commonSide() } },
  };
}
