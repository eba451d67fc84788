// The Trap, Horror, Crew and Crew Ambush! cards, with one back for all of them (they are drawn
// face down from the cup). The printed text is the card; a die roll's outcomes are also shown as a
// table read from the effects the engine plays, so the card and the engine cannot disagree. Which
// cards, in what order and how many copies: printables.yaml.
import type { Rule } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { MarkBook, type Origins } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { type Card, dieText, face, rangeText, sideView, type SideView, type WarmasterView, warmasterView } from './shared.js';

type Effect = Card['effects'][number];

/** A card's rules in play (`rules`: Crew cannot move, ...), none when it has none. */
function rulesOf(c: Card): readonly DeepReadonly<Rule>[] {
  return (c as Card & { readonly rules?: readonly DeepReadonly<Rule>[] }).rules ?? [];
}

/** A trait id as words: `imperial-guard` -> `Imperial Guard`. */
function traitWords(trait: string): string {
  return trait
    .split(/[-\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The side a target filter names, seen from the card's side. */
function targetSide(view: WarmasterView, filterSide: string | undefined, own: SideView): SideView | null {
  if (filterSide === 'friendly') return own;
  if (filterSide === 'enemy') {
    const other = view.pack.sides.find((s) => s.id !== own.id);
    return other ? sideView(view, other.id) : null;
  }
  return null;
}

/** One outcome effect in words, with the pointer of the layer-settable part it names (who picks). */
function describe(
  view: WarmasterView,
  e: Effect,
  own: SideView,
  pointer: string,
): { text: string; choosePointer: string | null; chooser: string | null } | null {
  if (e.kind === 'no-effect') return { text: 'No effect', choosePointer: null, chooser: null };
  if (e.kind !== 'destroy') return null;
  const t = e.target;
  const side = targetSide(view, t.side, own);
  const traits = (t.hasTrait ?? []).map(traitWords);
  let noun = traits.length > 0 ? `${traits.join(' ')} unit` : 'unit';
  if (side && !(traits[0] ?? '').startsWith(side.name)) noun = `${side.name} ${noun}`;
  const count = t.choose ? t.choose.count : null;
  const text = count === null ? `All ${noun}s in the area destroyed` : `${count} ${noun}${count === 1 ? '' : 's'} destroyed`;
  let chooser: string | null = null;
  if (t.choose) {
    const by = t.choose.by;
    chooser =
      by === 'owner' && side
        ? `${side.name} player picks`
        : by === 'random'
          ? 'picked at random'
          : by === 'opponent' && side
            ? `${side.name}'s opponent picks`
            : `${by} picks`;
  }
  return { text, choosePointer: t.choose ? `${pointer}/target/choose` : null, chooser };
}

/** One card's face; `copies` from the printable's selection. */
export function cardFace(view: WarmasterView, id: string, copies: number): Face {
  const c = view.cards[id]!;
  const o: Origins = view.origins('card', id);
  const side = sideView(view, c.side);
  const book = new MarkBook();
  book.add(id, o, ['/name', '/side', '/text', '/attack', '/defence']);

  // Die rolls: one table per roll effect, outcome by outcome.
  const rolls = c.effects.flatMap((e, i) => {
    if (e.kind !== 'roll') return [];
    return [
      {
        die: dieText(e.die),
        outcomes: e.outcomes.map((out, k) => {
          const parts = out.effects.map((x, m) => describe(view, x, side, `/effects/${i}/outcomes/${k}/effects/${m}`));
          const known = parts.every((p) => p !== null);
          for (const p of parts) if (p?.choosePointer) book.add(id, o, [p.choosePointer]);
          return {
            range: rangeText(out.range),
            parts: known
              ? parts.map((p) => ({ text: p!.text, chooser: p!.chooser, pointer: p!.choosePointer ?? '' }))
              : [{ text: out.text ?? '\u2014', chooser: null, pointer: '' }],
          };
        }),
      },
    ];
  });

  // Movement the card fixes (Crew cannot move): a limit its rules in play hold, or one its
  // effects set when it is revealed.
  let move: { value: string; pointer: string } | null = null;
  const limits: { effect: Effect; pointer: string }[] = [
    ...c.effects.map((e, i) => ({ effect: e, pointer: `/effects/${i}` })),
    ...rulesOf(c).flatMap((r, i) => r.do.map((e, j) => ({ effect: e, pointer: `/rules/${i}/do/${j}` }))),
  ];
  for (const { effect: e, pointer } of limits) {
    if (e.kind === 'limit-movement' && typeof e.maxDistance === 'number') {
      move = { value: String(e.maxDistance), pointer: `${pointer}/maxDistance` };
      book.add(id, o, [move.pointer]);
    }
  }

  const hasStats = c.attack !== null || c.defence !== null || move !== null;
  return face(
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
    copies,
  );
}

/** The side every card shown belongs to, or null when they differ. */
function commonSide(view: WarmasterView, ids: readonly string[]): SideView | null {
  const sides = new Set(ids.map((id) => view.cards[id]!.side));
  return sides.size === 1 ? sideView(view, [...sides][0]!) : null;
}

export const cardContext: NamedContext = {
  name: 'warmaster-card',
  description:
    'One card per selected card record (Trap, Horror, Crew...): name, side, printed text, attack, defence and any movement limit, and each die roll\u2019s outcomes as a table read from the effects the engine plays. The back gets the pack title and the side all the cards share.',
  kinds: ['card'],
  build(input) {
    const view = warmasterView(input.content);
    return {
      faces: input.records.map((r) => cardFace(view, r.id, r.copies)),
      back: {
        title: view.pack.title,
        side: commonSide(
          view,
          input.records.map((r) => r.id),
        ),
      },
    };
  },
};
