// warchon-playmark: the unit playmarks, with the anatomy "The Combatants" gives (placeline,
// activation line, name, descriptors, Point Value, traits, Size in a ruler icon, Movement in a foot
// icon, AS, DS and Hits), every face turned as "Damage Assignment" turns it.
//
// A playmark is a strip that sticks out of the book. It prints as a fold-over card, 54 x 120 mm
// (printables.yaml gives the size): the left half is the front, the right half the back; cut it out
// and fold it along the dashed centre line (glue the halves back to back) into a 27 x 120 mm
// two-sided strip. Folding about the long axis is the same turn as "backside up", so the back prints
// unmirrored and reads upright when the strip is turned over; no duplex registration is needed. Each
// half has two ends of 60 mm: a 22 mm blank tab (the part that shows above the book, "about an inch
// of blank space above the placeline"), the placeline, the activation line marked "Activated", and
// the stats of one face. Front: full strength on the top end, the face after one Hit on the bottom
// end turned 180 degrees ("upside down"). Back: the face after two Hits on the top end ("backside
// up"), after three on the bottom end turned ("backside upside-down"); "always turn the playmark so
// its current Hit(s) is on the top end".
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { WarchonUnit } from '../../../../generated/types/warchon/unit.js';
import { kindsOf, MarkBook, markKey, markLegend } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { coreRules, sideOf, warchonView, type OriginsOf, type WarchonView } from './shared.js';

/** The playmark as printed: 27 mm wide folded (54 mm open), 120 mm long (printables.yaml's `size`). */
export const PLAYMARK_SIZE = { width: 54, height: 120 } as const;

type UnitLike = Pick<DeepReadonly<WarchonUnit>, 'id' | 'name' | 'side' | 'descriptors' | 'points' | 'traits' | 'playmarks' | 'specialAbilities' | 'faces'>;

const STATS = ['size', 'movement', 'as', 'ds', 'hits'] as const;

/** True when at least one stat of one face is printed (or set by a layer). */
export function hasStats(unit: UnitLike): boolean {
  return unit.faces.some((f) => STATS.some((s) => f[s] !== null));
}

/**
 * Which units get a playmark: every unit with at least one stat, except those the content says the
 * demo holds no playmark of (`playmarks: 0`, the event-only Brimstone Dragons and Ramping Water
 * Elemental). A unit with no stat at all (Goblin Assassins, only named by a special rule) would be a
 * strip of dashes that nothing in play can use.
 */
export function printsPlaymark(unit: UnitLike): boolean {
  return unit.playmarks !== 0 && hasStats(unit);
}

/** How many copies to print: the unit's `playmarks`; one when the text does not print a count. */
export function playmarkCopies(unit: UnitLike): number {
  return unit.playmarks ?? 1;
}

/** The words of a facing from the rules' damage order (`upside-down` -> `upside down`). */
function facingWords(facing: string | undefined): string | null {
  return facing === undefined ? null : facing.replace(/-/g, ' ');
}

/** One unit's playmark face. */
export function playmarkFace(view: WarchonView, unit: UnitLike, unitOrigins: OriginsOf): Face {
  const book = new MarkBook();
  const id = unit.id;
  const side = sideOf(view, unit.side);
  book.add(id, unitOrigins, ['/side']);
  const descriptorList = (unit.descriptors ?? []).map((d, i) => {
    book.add(id, unitOrigins, [`/descriptors/${i}`]);
    // Printed as the units table prints them (`Ogre, Brutes`), though the prose names some in lower case (`human warriors`).
    const name = view.descriptors[d]?.name ?? d;
    return { name: name.charAt(0).toUpperCase() + name.slice(1), pointer: `/descriptors/${i}` };
  });
  book.add(id, unitOrigins, ['/points']);
  const traitList = (unit.traits ?? []).map((t, i) => {
    book.add(id, unitOrigins, [`/traits/${i}`]);
    return { name: view.traits[t]?.name ?? t, pointer: `/traits/${i}` };
  });
  const facing = coreRules(view).damage.facing;
  const faces = unit.faces.map((face, f) => {
    const stat = (key: (typeof STATS)[number]) => {
      const pointer = `/faces/${f}/${key}`;
      book.add(id, unitOrigins, [pointer]);
      return { value: face[key], pointer };
    };
    return {
      index: f,
      facing: facingWords(facing[f]),
      size: stat('size'),
      movement: stat('movement'),
      as: stat('as'),
      ds: stat('ds'),
      hits: stat('hits'),
    };
  });
  const specials = (unit.specialAbilities ?? []).map((r) => r.text);
  const slot = (f: number) => faces[f] ?? null;
  const { marks, footnotes } = book.result();
  const unknown = unit.points === null || faces.some((f) => STATS.some((k) => f[k].value === null && marks[markKey(id, f[k].pointer)] === undefined));
  const backFaces = [slot(2), slot(3)].filter((f) => f !== null).length;
  return {
    context: {
      unit: id,
      name: unit.name,
      side: side ? { id: side.id, name: side.name } : null,
      descriptors: descriptorList,
      points: unit.points,
      traits: traitList,
      specials,
      halves: [
        {
          back: false,
          ends: [
            { bottom: false, face: slot(0) },
            { bottom: true, face: slot(1) },
          ],
        },
        {
          back: true,
          ends: [
            { bottom: false, face: slot(2) },
            { bottom: true, face: slot(3) },
          ],
        },
      ],
      /** Where the back prints the legend: across its middle when it shows no face, else in the free bottom slot (else under the fold's last end). */
      notesAt: backFaces === 0 ? 'middle' : backFaces === 1 ? 'lower' : 'none',
      /** What the marks mean: one line for each kind of layer mark the playmark prints, and the unknown mark (?). */
      legend: markLegend(kindsOf(footnotes), unknown),
    },
    marks,
    footnotes,
    copies: playmarkCopies(unit),
    label: `playmark ${id}`,
  };
}

export const playmarkStrip: NamedContext = {
  name: 'warchon-playmark',
  description:
    'A fold-over playmark strip per selected unit (front half and back half, each with two ends): name, side, descriptors, Point Value, traits, special abilities, and the stats of each face on the end the rules\u2019 damage order turns it to, with a mark beside each value a layer set (its legend in the strip\u2019s free space) and a ? for a value nobody knows. Units with no stat at all, or with `playmarks: 0`, get no strip; `records.copies: playmarks` prints as many as the demo holds.',
  kinds: ['unit'],
  build(input) {
    const view = warchonView(input.content);
    const faces = input.records
      .map((r) => ({ r, unit: view.units[r.id]! }))
      .filter(({ unit }) => printsPlaymark(unit))
      .map(({ r, unit }) => ({ ...playmarkFace(view, unit, r.origins), copies: r.copies }));
    return { faces };
  },
};
