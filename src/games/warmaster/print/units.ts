// The special units as cards: name, side (colour and emblem), abilities and exceptions as printed,
// attack and defence (the roll an ability sets them to, else ? when unprinted), and who cancels
// each re-roll (a layer sets Sanguinius's list and one name of Rogal Dorn's). Which units, in what
// order and how many copies: printables.yaml.
import { kindsOf, MarkBook, markLegend, type Origins } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { dieText, face, ownOrigin, sideView, type Unit, type WarmasterView, warmasterView } from './shared.js';

interface StatView {
  readonly value: string | null;
  readonly rolled: boolean;
  readonly pointer: string;
}

/** Attack and defence: the printed number, else the roll an ability sets the stat to, else null (printed as ?: nobody knows it). */
function stats(u: Unit): { attack: StatView; defence: StatView } {
  const view = (which: 'attack' | 'defence'): StatView => {
    const printed = u[which];
    if (printed !== null) return { value: String(printed), rolled: false, pointer: `/${which}` };
    for (const [i, a] of u.abilities.entries()) {
      for (const [j, e] of a.do.entries()) {
        if (e.kind !== 'modify-strength' || e.op !== 'set' || typeof e.value === 'number') continue;
        if (e.stat !== 'cs' && e.stat !== which) continue;
        return { value: dieText(e.value.die, e.value.plus ?? 0), rolled: true, pointer: `/abilities/${i}/do/${j}/value` };
      }
    }
    return { value: null, rolled: false, pointer: `/${which}` };
  };
  return { attack: view('attack'), defence: view('defence') };
}

/** Text length above which a card sets its text smaller, and below which larger. */
const DENSE = 760;
const ROOMY = 420;
/** Text length above which even the dense size runs under the stats bar (The Emperor): tighter still. */
const TIGHT = 880;

/** One unit's card face; `copies` from the printable's selection. */
export function unitFace(view: WarmasterView, id: string, copies: number): Face {
  const u = view.units[id]!;
  const o: Origins = view.origins('special-unit', id);
  const book = new MarkBook();
  book.add(id, o, ['/name', '/side', '/traits']);
  const { attack, defence } = stats(u);
  book.add(id, o, [attack.pointer, defence.pointer]);
  let chars = 0;
  const abilities = u.abilities.map((a, i) => {
    book.add(id, o, [`/abilities/${i}/text`]);
    chars += a.text.length;
    let cancelledBy: { pointer: string; names: { name: string; pointer: string; own: boolean }[] } | null = null;
    for (const [j, e] of a.do.entries()) {
      if (e.kind !== 'reroll-combat' || !e.cancelledBy || e.cancelledBy.length === 0) continue;
      const pointer = `/abilities/${i}/do/${j}/cancelledBy`;
      book.add(id, o, [pointer]);
      const names = e.cancelledBy.map((c, k) => {
        const p = `${pointer}/${k}`;
        const own = ownOrigin(o, p);
        if (own) book.add(id, o, [p]);
        return { name: view.units[c]?.name ?? c, pointer: p, own };
      });
      chars += 40 + names.reduce((n, x) => n + x.name.length + 2, 0);
      cancelledBy = { pointer, names };
    }
    return { id: a.id ?? `ability-${i}`, text: a.text, pointer: `/abilities/${i}/text`, cancelledBy };
  });
  book.add(id, o, ['/exceptions']);
  chars += u.exceptions?.length ?? 0;
  // The legend of the card's marks takes room under the stats too.
  const unknown = [attack, defence].some((s) => s.value === null);
  chars += markLegend(kindsOf(book.result().footnotes), unknown).reduce((n, l) => n + l.text.length, 0);
  const side = sideView(view, u.side);
  const count = u.count === undefined ? null : u.count;
  return face(
    {
      id,
      name: u.name,
      longName: u.name.length > 16,
      side,
      traits: u.traits ?? [],
      attack,
      defence,
      abilities,
      exceptions: u.exceptions,
      density: chars > TIGHT ? 'dense tight' : chars > DENSE ? 'dense' : chars < ROOMY ? 'roomy' : '',
      count,
    },
    book,
    `unit ${id}`,
    copies,
    // A stat neither printed, nor rolled by an ability, nor set by a layer: nobody knows it.
    unknown,
  );
}

export const unitCardContext: NamedContext = {
  name: 'warmaster-unit-card',
  description:
    'One card per selected special unit: name, side (colour and emblem), traits, abilities and exceptions as printed, attack and defence (the roll an ability sets them to, or a ? with its legend when nobody knows them), and who cancels each re-roll; text set smaller or larger by its length.',
  kinds: ['special-unit'],
  build(input) {
    const view = warmasterView(input.content);
    return { faces: input.records.map((r) => unitFace(view, r.id, r.copies)) };
  },
};
