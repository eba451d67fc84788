// warchon-spread: one sheet per selected spread, laid out as "The Battlefield" describes a spread:
// its number in all four corners, name and epithet, terrain, Capacity, special rules, paths, the
// Random Number Generator (D/A: the attacker's fingers across the top, the defender's down the left)
// with its event cells marked, the Combat Results Table and, where printed, the Events Table.
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import type { RandomEvent, WarchonSpread } from '../../../../generated/types/warchon/spread.js';
import type { CombatResult } from '../../../engine/warchon/results.js';
import { MarkBook } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { coreRules, originsOf, pointersUnder, resultClass, resultLegend, tablesOf, warchonView, type OriginsOf, type WarchonView } from './shared.js';

type SpreadRecord = DeepReadonly<WarchonSpread>;

type SpreadLike = Pick<SpreadRecord, 'id' | 'number' | 'name' | 'terrains' | 'capacity' | 'specialRules' | 'paths' | 'rng' | 'combatTable' | 'events'> & {
  readonly epithet?: string;
  readonly specialRulesPrinted?: string;
  readonly terrainPrinted?: string;
};

/** A spread's number and name, for paths and neighbours: `Akibatu (Sp. 4)`. */
function spreadRef(view: WarchonView, id: string): { id: string; name: string; number: number | null } {
  const s = view.spreads[id];
  return { id, name: s?.name ?? id, number: s?.number ?? null };
}

/** One spread's sheet face. `spreadOrigins` are the record's layer origins. */
export function spreadFace(view: WarchonView, spread: SpreadLike, spreadOrigins: OriginsOf): Face {
  const book = new MarkBook();
  const id = spread.id;
  const core = coreRules(view);
  const parse = tablesOf(view).parseResult;
  const parseCode = (code: string | null): CombatResult | null => (code === null ? null : parse(code));

  const terrainList = spread.terrains.map((t) => {
    const rec = view.terrains[t];
    const traitPointers = (rec?.traits ?? []).map((_, i) => `/traits/${i}`);
    book.add(t, originsOf(view, 'terrain', t), traitPointers);
    return {
      id: t,
      name: rec?.name ?? t,
      traits: (rec?.traits ?? []).map((tr, i) => ({ name: view.traits[tr]?.name ?? tr, pointer: `/traits/${i}` })),
    };
  });

  book.add(id, spreadOrigins, ['/capacity']);

  const specialRules = spread.specialRules.map((rule, i) => {
    const pointers = pointersUnder(spreadOrigins, `/specialRules/${i}`);
    book.add(id, spreadOrigins, pointers);
    return { text: rule.text, pointers };
  });

  const paths = spread.paths.map((p, i) => {
    book.add(id, spreadOrigins, [`/paths/${i}`]);
    return { ...spreadRef(view, p), pointer: `/paths/${i}` };
  });
  const byNumber = Object.values(view.spreads);
  const neighbours = [spread.number - 1, spread.number + 1]
    .map((n) => byNumber.find((s) => s.number === n))
    .filter((s): s is SpreadRecord => s !== undefined)
    .map((s) => ({ id: s.id, name: s.name, number: s.number }));

  const eventNumbers = new Set<number>();
  const rngRows = spread.rng.map((row, r) => ({
    fingers: r + 1,
    cells: row.map((raw, c) => {
      const pointer = `/rng/${r}/${c}`;
      book.add(id, spreadOrigins, [pointer]);
      const text = raw === null ? null : String(raw);
      const event = typeof raw === 'string' && raw.endsWith('E');
      const number = raw === null ? null : event ? Number(String(raw).slice(0, -1)) : Number(raw);
      if (event && number !== null) eventNumbers.add(number);
      return { text, number, event, pointer, layered: isLayered(spreadOrigins, pointer) };
    }),
  }));
  const rngHeader = (spread.rng[0] ?? []).map((_, c) => c + 1);

  const table = spread.combatTable;
  const columns = table.columns.map((col, c) => {
    const pointer = `/combatTable/columns/${c}`;
    book.add(id, spreadOrigins, [pointer]);
    return { label: col.label, pointer };
  });
  const crtRows = table.rows.map((row, r) => ({
    number: r + 1,
    event: eventNumbers.has(r + 1),
    cells: row.cells.map((code: string | null, c: number) => {
      const pointer = `/combatTable/rows/${r}/cells/${c}`;
      book.add(id, spreadOrigins, [pointer]);
      return { code, cls: resultClass(parseCode(code)), pointer, layered: isLayered(spreadOrigins, pointer) };
    }),
  }));

  const entries: readonly DeepReadonly<RandomEvent>[] | undefined = spread.events?.entries;
  const events =
    entries?.map((e, i) => {
      const pointers = pointersUnder(spreadOrigins, `/events/entries/${i}`);
      book.add(id, spreadOrigins, pointers);
      return { number: e.roll, name: e.name ?? null, text: e.text, pointers };
    }) ?? null;

  const capacityRule = core.capacity;
  const { marks, footnotes } = book.result();
  // A value nobody knows (null, and no layer sets it) prints as ?, and the legend says so.
  const shown: unknown[] = [
    spread.capacity,
    table.corner ?? null,
    ...paths.map((p) => p.number),
    ...(specialRules.length === 0 ? [spread.specialRulesPrinted ?? null] : []),
    ...rngRows.flatMap((r) => r.cells.map((c) => c.text)),
    ...crtRows.flatMap((r) => r.cells.map((c) => c.code)),
  ];
  return {
    context: {
      spread: id,
      number: spread.number,
      name: spread.name,
      epithet: spread.epithet ?? null,
      terrainPrinted: spread.terrainPrinted ?? null,
      terrains: terrainList,
      capacity: spread.capacity,
      capacityPerSide: capacityRule.perSide === true,
      capacityAerialSeparate: capacityRule.aerialSeparate === true,
      specialRules,
      specialRulesPrinted: spread.specialRulesPrinted ?? null,
      paths,
      neighbours,
      rng: { header: rngHeader, rows: rngRows },
      eventNumbers: [...eventNumbers].sort((a, b) => a - b).map((n) => `${n}E`),
      crt: { title: table.name, corner: table.corner ?? null, columns, rows: crtRows },
      differentialAsMinusDs: core.combat.differential === 'as-minus-ds',
      legend: resultLegend(Object.values(view.results)),
      events,
      eventsTitle: spread.events?.name ?? null,
      unknown: shown.some((v) => v === null || v === undefined),
    },
    marks,
    footnotes,
    copies: 1,
    label: `spread ${id}`,
  };
}

function isLayered(o: OriginsOf, pointer: string): boolean {
  if (!o) return false;
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    if (Object.hasOwn(o, at)) return true;
    if (at === '') return false;
  }
}

export const spreadSheet: NamedContext = {
  name: 'warchon-spread',
  description:
    'One sheet per selected spread, as "The Battlefield" lays a spread out: its number in the four corners, name, terrains and their traits, Capacity, special rules, paths with the spread numbers they lead to, the Random Number Generator with its event cells, the colour-coded Combat Results Table and its legend, and the Events Table where the spread prints one. Every value a layer set is marked and footnoted.',
  kinds: ['spread'],
  build(input) {
    const view = warchonView(input.content);
    const faces = input.records.map((r) => ({ ...spreadFace(view, view.spreads[r.id] as SpreadLike, r.origins), copies: r.copies }));
    return { faces };
  },
};
