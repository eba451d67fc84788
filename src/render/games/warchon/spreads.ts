// warchon-spreads: one sheet per spread, laid out as "The Battlefield" describes a spread: its
// number in all four corners, name and epithet, terrain, Capacity, special rules, paths, the Random
// Number Generator (D/A: the attacker's fingers across the top, the defender's down the left) with
// its event cells marked, the Combat Results Table and, where printed, the Events Table.
import { origins, results, rules, spreadIds, spreads, terrains, traits, type WarchonSpreadRecord } from '../../../../generated/content/warchon.js';
import { MarkBook } from '../../marks.js';
import type { Face, SheetPrintable } from '../../printable.js';
import { parseCode, pointersUnder, resultClass, resultLegend, type OriginsOf } from './common.js';

type SpreadLike = Pick<WarchonSpreadRecord, 'id' | 'number' | 'name' | 'terrains' | 'capacity' | 'specialRules' | 'paths' | 'rng' | 'combatTable' | 'events'> & {
  readonly epithet?: string;
  readonly specialRulesPrinted?: string;
  readonly terrainPrinted?: string;
};

/** A spread's number and name, for paths and neighbours: `Akibatu (Sp. 4)`. */
function spreadRef(id: string): { id: string; name: string; number: number | null } {
  const s = (spreads as Readonly<Record<string, WarchonSpreadRecord>>)[id];
  return { id, name: s?.name ?? id, number: s?.number ?? null };
}

/** One spread's sheet face. `spreadOrigins` are the record's layer origins. */
export function spreadFace(spread: SpreadLike, spreadOrigins: OriginsOf): Face {
  const book = new MarkBook();
  const id = spread.id;

  const terrainList = spread.terrains.map((t) => {
    const rec = (terrains as Readonly<Record<string, (typeof terrains)[keyof typeof terrains]>>)[t];
    const traitPointers = (rec?.traits ?? []).map((_, i) => `/traits/${i}`);
    book.add(t, origins.terrain[t as keyof typeof origins.terrain], traitPointers);
    return {
      id: t,
      name: rec?.name ?? t,
      traits: (rec?.traits ?? []).map((tr, i) => ({ name: traitName(tr), pointer: `/traits/${i}` })),
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
    return { ...spreadRef(p), pointer: `/paths/${i}` };
  });
  const byNumber = Object.values(spreads as Readonly<Record<string, WarchonSpreadRecord>>);
  const neighbours = [spread.number - 1, spread.number + 1]
    .map((n) => byNumber.find((s) => s.number === n))
    .filter((s): s is WarchonSpreadRecord => s !== undefined)
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
    cells: row.map((code, c) => {
      const pointer = `/combatTable/rows/${r}/${c}`;
      book.add(id, spreadOrigins, [pointer]);
      return { code, cls: resultClass(parseCode(code)), pointer, layered: isLayered(spreadOrigins, pointer) };
    }),
  }));

  const events =
    spread.events?.map((e, i) => {
      const pointers = pointersUnder(spreadOrigins, `/events/${i}`);
      book.add(id, spreadOrigins, pointers);
      return { number: e.number, name: e.name ?? null, text: e.text, pointers };
    }) ?? null;

  const capacityRule = rules.core.capacity;
  const { marks, footnotes } = book.result();
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
      crt: { title: table.title ?? null, corner: table.corner ?? null, columns, rows: crtRows },
      differentialAsMinusDs: rules.core.combat.differential === 'as-minus-ds',
      legend: resultLegend(Object.values(results)),
      events,
    },
    marks,
    footnotes,
    copies: 1,
    label: `spread ${id}`,
  };
}

function traitName(id: string): string {
  return (traits as Readonly<Record<string, { name: string }>>)[id]?.name ?? id;
}

function isLayered(o: OriginsOf, pointer: string): boolean {
  if (!o) return false;
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    if (Object.hasOwn(o, at)) return true;
    if (at === '') return false;
  }
}

/** Every spread, in spread-number order. */
export function spreadsPrintable(): SheetPrintable {
  const ordered = [...spreadIds].sort((a, b) => spreads[a].number - spreads[b].number);
  return {
    id: 'warchon-spreads',
    pack: 'warchon',
    title: 'Warchon: the spreads',
    template: 'warchon/spread.hbs',
    kind: 'sheet',
    orientation: 'portrait',
    faces: ordered.map((id) => spreadFace(spreads[id], origins.spread[id])),
  };
}
