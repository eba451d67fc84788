// warchon-reference: a quick reference sheet, every text from the generated content: the movement,
// Capacity, combat, RNG, Random Event and damage rules (the `rules` record), the result vocabulary
// (the `result` records), the damage facing order, the turn sequence (the `rules` record's `turn`),
// and the core rulings (values a layer set, marked and footnoted) on the front; the traits on the
// back, so both sides print at a readable size.
import { origins, pack, results, rules, traitIds, traits } from '../../../../generated/content/warchon.js';
import { MarkBook } from '../../marks.js';
import type { Face, SheetPrintable } from '../../printable.js';
import { formClass } from './common.js';

/** A facing id as the diagram draws it: turned 180 degrees, and showing the back. */
function facingShape(facing: string): { turned: boolean; back: boolean } {
  return { turned: facing.endsWith('upside-down'), back: facing.startsWith('backside') };
}

export function referenceFaces(): Face[] {
  const core = rules.core;
  const book = new MarkBook();
  const traitBook = new MarkBook();
  const coreOrigins = origins.rules.core;

  // The result forms, those sharing one printed text grouped under it (Ax, AxDx and Dx share theirs).
  const forms = Object.values(results);
  const groups: { codes: { code: string; name: string | null; cls: string }[]; text: string }[] = [];
  for (const r of [...forms].sort((a, b) => order(formClass(a)) - order(formClass(b)))) {
    const g = groups.find((x) => x.text === r.text);
    const entry = { code: r.code, name: r.name, cls: formClass(r) };
    if (g) g.codes.push(entry);
    else groups.push({ codes: [entry], text: r.text });
  }

  const facing = core.damage.facing.map((f, hits) => ({ facing: f, words: f.replace(/-/g, ' '), hits, ...facingShape(f) }));

  const traitList = [...traitIds]
    .sort((a, b) => traits[a].name.localeCompare(traits[b].name))
    .map((id) => {
      const pointers = Object.keys(origins.trait[id] ?? {}).sort();
      traitBook.add(id, origins.trait[id], pointers);
      return { id, name: traits[id].name, text: traits[id].text, innate: traits[id].innate, pointers };
    });

  book.add('core', coreOrigins, ['/controllingArmy', '/halvedRounding', '/retreat']);
  const retreat = core.retreat as { destination?: string; note?: string } | null;
  const { marks, footnotes } = book.result();
  const back = traitBook.result();
  const front: Face = {
    context: {
      front: true,
      back: false,
      packTitle: pack.title,
      turn: { steps: core.turn.steps.map((step) => ({ name: step.name, text: step.text })), spreadOrder: core.turn.battleOrder === 'spread-number' },
      movement: {
        text: core.movement.text,
        pathCost: core.movement.pathCost,
        sequential: core.movement.sequential === true,
        stopOnEnemy: core.movement.stopOnEnemy === true,
        shiftAfterMove: core.movement.shiftAfterMove === true,
      },
      capacity: { text: core.capacity.text, perSide: core.capacity.perSide === true, aerialSeparate: core.capacity.aerialSeparate === true },
      combat: {
        text: core.combat.text,
        asMinusDs: core.combat.differential === 'as-minus-ds',
        clamp: core.combat.clamp,
      },
      rng: {
        text: core.rng.text,
        min: core.rng.fingers.min,
        max: core.rng.fingers.max,
        attackerReads: core.rng.attackerReads,
        defenderReads: core.rng.defenderReads,
      },
      events: { text: core.events.text, perTurn: core.events.perLocationPerTurn },
      damage: { text: core.damage.text, facing, destroyedAfter: facing.length },
      resultGroups: groups,
      traits: [],
      rulings: {
        controllingArmy: core.controllingArmy ?? null,
        halvedRounding: core.halvedRounding ?? null,
        retreat: retreat?.note ?? null,
      },
    },
    marks,
    footnotes,
    copies: 1,
    label: 'quick reference, front',
  };
  return [
    front,
    {
      context: { ...front.context, front: false, back: true, traits: traitList },
      marks: back.marks,
      footnotes: back.footnotes,
      copies: 1,
      label: 'quick reference, back',
    },
  ];
}

const ORDER = ['res-ae', 'res-a2', 'res-ad', 'res-d2', 'res-de', 'res-eg', 'res-so'];
function order(cls: string): number {
  return ORDER.indexOf(cls);
}

export function referencePrintable(): SheetPrintable {
  return {
    id: 'warchon-reference',
    pack: 'warchon',
    title: 'Warchon: quick reference',
    template: 'warchon/reference.hbs',
    kind: 'sheet',
    orientation: 'portrait',
    faces: referenceFaces(),
  };
}
