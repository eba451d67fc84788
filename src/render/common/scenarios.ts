// One sheet per scenario: each side's army and setup, who goes first, victory, special rules.
import { originAt } from '../../engine/core/lookup.js';
import { MarkBook } from '../marks.js';
import type { BuildContext, Face, SheetPrintable } from '../printable.js';
import { findUnit, findZone, recordName, sideName, unitStats, type PackContent } from './content.js';
import { locationHeading } from './location-heading.js';
import { markValue } from './mark-value.js';

/** Side colours the sheets know; a side with none takes its place's tone. */
const TONES = ['red', 'blue', 'green', 'gold', 'grey'] as const;
/** Characters of victory and special-rule text above which a scenario prints at reading size, not enlarged, to stay on its page. */
const DENSE_CHARS = 1000;

/** A value with the record and pointer its mark is looked up by (`{{mark @root.marks rec ptr}}`). */
interface Marked {
  readonly rec: string;
  readonly ptr: string;
}

export function scenarioSheets(content: PackContent, ctx: BuildContext): SheetPrintable {
  const faces = content.scenarioIds.map((id) => scenarioFace(content, id, ctx));
  return {
    kind: 'sheet',
    id: `${content.pack.id}-scenarios`,
    pack: content.pack.id,
    title: `${content.pack.title}: scenarios`,
    template: 'common/scenario.hbs',
    orientation: 'portrait',
    faces,
  };
}

function toneOf(content: PackContent, side: string, index: number): string {
  const color = content.pack.sides.find((s) => s.id === side)?.color;
  if (color && (TONES as readonly string[]).includes(color)) return color;
  return index === 0 ? 'gold' : 'grey';
}

function scenarioFace(content: PackContent, id: string, ctx: BuildContext): Face {
  const scenario = content.scenarios[id]!;
  const origins = content.origins.scenario?.[id];
  const book = new MarkBook();
  const mark = (ptr: string): Marked => {
    markValue(book, id, origins, ptr);
    return { rec: id, ptr };
  };
  // A list a layer set as a whole carries one mark, on its heading; otherwise each item carries its own.
  const wholeList = (ptr: string): boolean => {
    const at = originAt(origins, ptr);
    return at !== undefined && (ptr === at.pointer || ptr.startsWith(`${at.pointer}/`));
  };
  const listMark = (ptr: string): { list: Marked; item: (i: number) => Marked } => {
    if (wholeList(ptr)) return { list: mark(ptr), item: (i) => ({ rec: id, ptr: `${ptr}/${i}` }) };
    return { list: { rec: id, ptr }, item: (i) => mark(`${ptr}/${i}`) };
  };

  const name = { text: scenario.name, ...mark('/name') };
  const first = scenario.first === null ? { side: null, ...mark('/first') } : { side: sideName(content, scenario.first), ...mark('/first') };

  const victoryMarks = listMark('/victory');
  const victoryMark = victoryMarks.list;
  const victory =
    scenario.victory === null
      ? null
      : scenario.victory.map((v, i) => {
          const locations = (v.locations ?? []).map((l) => {
            const found = findZone(content, l);
            const squares = found && Array.isArray(found.record.squares) ? (found.record.squares as unknown[]).map(String).join(' ') : null;
            return squares ?? recordName(found?.record, l);
          });
          return { text: v.text, condition: v.condition, locations, ...victoryMarks.item(i) };
        });

  const sides = scenario.sides.map((side, s) => {
    const base = `/sides/${s}`;
    const army = side.army;
    const unitMarks = listMark(`${base}/army/units`);
    const units = (army.units ?? []).map((u, j) => {
      const found = findUnit(content, u.unit);
      const points = typeof found?.record.points === 'number' ? found.record.points : null;
      if (found && points !== null) markValue(book, found.id, content.origins[found.kind]?.[found.id], '/points');
      return {
        count: u.count,
        name: recordName(found?.record, u.unit),
        unitRec: found?.id ?? u.unit,
        points,
        total: points === null ? null : points * u.count,
        /** What the total is made of: the unit's points and the army list's count; it carries their marks. */
        totalParts: [{ rec: found?.id ?? u.unit, ptr: '/points' }, unitMarks.item(j)],
        stats: found ? unitStats(content, book, found) : null,
        ...unitMarks.item(j),
      };
    });
    const totals = units.map((u) => u.total);
    const totalParts = [unitMarks.list, ...units.flatMap((u) => u.totalParts)];
    const totalPoints = units.length > 0 && totals.every((t) => t !== null) ? totals.reduce<number>((a, b) => a + (b ?? 0), 0) : null;
    const budget = army.budget ? { points: army.budget.points, distinctOnce: army.budget.distinctOnce === true, ...mark(`${base}/army/budget`) } : null;
    const armyText = army.text === undefined ? null : { text: army.text, ...mark(`${base}/army/text`) };
    const setupText = { text: side.setup.text, ...mark(`${base}/setup/text`) };
    // Pieces drawn from the side's cup at set-up, to set up face down with the others.
    const fromCup = side.setup.drawnFromCup ? { count: side.setup.drawnFromCup, ...mark(`${base}/setup/drawnFromCup`) } : null;
    const zoneList = side.setup.zones ?? [];
    const zoneMarks = listMark(`${base}/setup/zones`);
    const zones = zoneList.map((z, k) => {
      const found = findZone(content, z);
      const squares = found && Array.isArray(found.record.squares) ? (found.record.squares as unknown[]).map(String) : null;
      const zoneMark = zoneMarks.item(k);
      // A zone that lists squares (Archon): the squares are printed, marked by the zone's own layers.
      let detail: ({ text: string } & Marked) | null = null;
      if (found && squares) {
        markValue(book, found.id, content.origins[found.kind]?.[found.id], '/squares');
        detail = { text: squares.join(' '), rec: found.id, ptr: '/squares' };
      }
      const number = typeof found?.record.number === 'number' ? found.record.number : null;
      const named = typeof found?.record.name === 'string' ? found.record.name : null;
      return { id: z, number, name: squares ? null : (named ?? (number === null ? z : null)), detail, ...zoneMark };
    });
    return {
      side: side.side,
      name: sideName(content, side.side),
      tone: toneOf(content, side.side, s),
      units,
      unitsMark: unitMarks.list,
      hasStats: units.some((u) => u.stats !== null),
      totalPoints,
      totalParts,
      budget,
      armyText,
      setupText,
      fromCup,
      zones,
      zonesMark: zoneMarks.list,
      zoneHeading: locationHeading(content, zoneList),
      compactZones: zones.length > 8,
    };
  });

  // A paragraph every side's army or setup prints alike (`Each player has 8 unique creatures.`) prints once, above the sides.
  const shared = (field: 'armyText' | 'setupText') => {
    const first = sides[0]?.[field];
    return sides.length > 1 && first && sides.every((s) => s[field]?.text === first.text) ? first : null;
  };
  const sharedArmyText = shared('armyText');
  const sharedSetupText = shared('setupText');
  const sideViews = sides.map((s) => ({ ...s, armyText: sharedArmyText ? null : s.armyText, setupText: sharedSetupText ? null : s.setupText }));

  const specialRules = (scenario.specialRules ?? []).map((r, i) => ({ name: r.name ?? null, text: r.text, ...mark(`/specialRules/${i}`) }));

  const ruleChars = [...(scenario.specialRules ?? []), ...(scenario.victory ?? [])].reduce((n, r) => n + r.text.length, 0);

  const { marks, footnotes } = book.result();
  // A value nobody knows (null, and no layer sets it) prints as ?, and the legend says so.
  const unknown =
    scenario.first === null ||
    scenario.victory === null ||
    sides.some((side) => side.units.some((u) => u.stats !== null && [u.stats.hits, u.stats.move, u.stats.attack].some((v) => v === null || v === undefined)));
  return {
    context: {
      unknown,
      dense: ruleChars > DENSE_CHARS,
      pack: { id: content.pack.id, title: content.pack.title, version: content.pack.version, source: content.pack.source.file },
      scenario: { id, section: scenario.source.section },
      name,
      first,
      sides: sideViews,
      sharedArmyText,
      // `4F` in a Move column: the legend says what F means.
      flyers: sides.some((s) => s.units.some((u) => u.stats?.flyer === true)),
      sharedSetupText,
      victory,
      victoryMark,
      specialRules,
      version: ctx.playmarkVersion,
    },
    marks,
    footnotes,
    copies: 1,
    label: `scenario ${id}`,
  };
}
