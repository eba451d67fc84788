// warchon-quick-reference: a quick reference sheet, every text from the pack's content: the
// movement, Capacity, combat, RNG, Random Event and damage rules (the `rules` record `core`), the
// result vocabulary (the `result` records), the damage facing order, the turn sequence (the core
// rules' `turn`), and the core rulings (values a layer set, marked) on the front; the
// selected traits on the back, so both sides print at a readable size.
import { MarkBook } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { ResultGrammarError } from '../../../engine/warchon/results.js';
import { resolveCombat, TableError } from '../../../engine/warchon/tables.js';
import { CLASS_ORDER, coreRules, formClass, originsOf, resultClass, tablesOf, warchonView, type WarchonView } from './shared.js';

/**
 * The rulebook's worked battle ("Let's Fight!" and "Random Number Generator"): "the Azuthka player
 * amasses a 9 AS to the Celestine player's 7 DS", "If you hold up five fingers and your opponent
 * two, in Erdon Pass that will generate a 3", giving the "A1D1" the result text calls "the battle
 * above". Its column, number and result are looked up in the pack's own tables.
 */
const RULEBOOK_EXAMPLE = { spread: 'erdon-pass', as: 9, ds: 7, fingers: { attacker: 5, defender: 2 } } as const;

/** The worked example as the reference prints it (above the results), or null when the pack's tables cannot resolve it. */
function workedExample(view: WarchonView) {
  try {
    const tables = tablesOf(view);
    const spread = tables.spreads.get(RULEBOOK_EXAMPLE.spread);
    if (!spread) return null;
    const core = coreRules(view);
    const r = resolveCombat(spread, RULEBOOK_EXAMPLE, { attackerReads: core.rng.attackerReads, clamp: core.combat.clamp });
    if (r.event || r.result === null) return null;
    const code = view.spreads[RULEBOOK_EXAMPLE.spread]?.combatTable.rows[r.number - 1]?.cells[r.column.index] ?? null;
    if (code === null) return null;
    const [attacker, defender] = view.pack.sides;
    return {
      spread: spread.name,
      attacker: attacker?.name ?? 'the attacker',
      defender: defender?.name ?? 'the defender',
      as: r.as,
      ds: r.ds,
      differential: r.differential > 0 ? `+${r.differential}` : String(r.differential),
      column: r.column.label,
      fingers: r.fingers,
      number: r.number,
      code,
      cls: resultClass(r.result),
    };
  } catch (e) {
    // The pack's tables cannot resolve the example (validate reports why): the sheet prints none. Anything else is a bug.
    if (e instanceof TableError || e instanceof ResultGrammarError) return null;
    throw e;
  }
}

/** A facing id as the diagram draws it: turned 180 degrees, and showing the back. */
function facingShape(facing: string): { turned: boolean; back: boolean } {
  return { turned: facing.endsWith('upside-down'), back: facing.startsWith('backside') };
}

/** The front and back faces; `traitIds` are the traits the back lists, in order. */
export function referenceFaces(view: WarchonView, traitIds: readonly string[]): Face[] {
  const core = coreRules(view);
  const book = new MarkBook();
  const traitBook = new MarkBook();
  const coreOrigins = originsOf(view, 'rules', 'core');

  // The result forms, those sharing one printed text grouped under it (Ax, AxDx and Dx share theirs).
  const forms = Object.values(view.results);
  const groups: { codes: { code: string; name: string | null; cls: string }[]; text: string }[] = [];
  for (const r of [...forms].sort((a, b) => CLASS_ORDER.indexOf(formClass(a)) - CLASS_ORDER.indexOf(formClass(b)))) {
    const g = groups.find((x) => x.text === r.text);
    const entry = { code: r.code, name: r.name, cls: formClass(r) };
    if (g) g.codes.push(entry);
    else groups.push({ codes: [entry], text: r.text });
  }

  const facing = core.damage.facing.map((f, hits) => ({ facing: f, words: f.replace(/-/g, ' '), hits, ...facingShape(f) }));

  const traitList = traitIds.map((id) => {
    const trait = view.traits[id]!;
    const o = originsOf(view, 'trait', id);
    const pointers = Object.keys(o ?? {}).sort();
    traitBook.add(id, o, pointers);
    return { id, name: trait.name, text: trait.text, innate: trait.innate, pointers };
  });

  book.add('core', coreOrigins, ['/controllingArmy', '/halvedRounding', '/retreat']);
  const retreat = core.retreat as { destination?: string; note?: string } | null;
  const { marks, footnotes } = book.result();
  const back = traitBook.result();
  const front: Face = {
    context: {
      front: true,
      back: false,
      /** A ruling nobody has made prints as ?, and the legend says so. */
      unknown: [core.controllingArmy, core.halvedRounding, retreat?.note ?? null].some((v) => v === null || v === undefined),
      packTitle: view.pack.title,
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
      example: workedExample(view),
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
      context: { ...front.context, front: false, back: true, traits: traitList, unknown: traitList.some((t) => t.text === null) },
      marks: back.marks,
      footnotes: back.footnotes,
      copies: 1,
      label: 'quick reference, back',
    },
  ];
}

export const quickReference: NamedContext = {
  name: 'warchon-quick-reference',
  description:
    'A two-page quick reference from the core rules record: on the front the turn sequence, movement, Capacity, combat, RNG, Random Event and damage rules with the facing diagram, the result vocabulary and the core rulings (marked, with a legend); on the back the selected traits (`records: {kind: trait}`, in the order given; all traits by name when none are selected).',
  kinds: ['trait'],
  build(input) {
    const view = warchonView(input.content);
    const traitIds = input.printable.records
      ? input.records.map((r) => r.id)
      : Object.keys(view.traits).sort((a, b) => view.traits[a]!.name.localeCompare(view.traits[b]!.name));
    return { faces: referenceFaces(view, traitIds) };
  },
};
