// The reference sheet: sequence of play, Teleportation Table, combat results table with its legend
// and the odds rule. Every value from the effective content; every layer-set value marked.
import { combatTables, origins, pack, phaseIds, phases, results, teleportTables, type WarmasterCombatResultId } from '../../../../generated/content/warmaster.js';
import { MarkBook } from '../../marks.js';
import type { SheetPrintable } from '../../printable.js';
import { dieText, face, footer, layered, PACK, rangeText, sideView } from './common.js';

const TABLE = 'combat-results' as const;
const TELEPORT = 'teleportation' as const;
/** How a phase's units roll on the Teleportation Table. */
const TELEPORT_BY: Readonly<Record<string, string>> = { group: 'one roll per group', unit: 'one roll per unit' };

/**
 * Two pages (print them back to back): the turn (sequence of play, Teleportation Table) and combat
 * (results table, legend, odds rule). Each page carries the footnotes of the values it shows.
 */
export function referencePrintable(playmarkVersion: string): SheetPrintable {
  const book = new MarkBook();

  // Sequence of play, in printed order.
  const phaseList = [...phaseIds].map((id) => phases[id]).sort((a, b) => a.order - b.order);
  const phaseViews = phaseList.map((p) => {
    const o = origins.phase[p.id as keyof typeof origins.phase];
    book.add(p.id, o, ['/name', '/text', '/unitsDrawn', '/teleportBy']);
    return {
      id: p.id,
      order: p.order,
      name: p.name,
      text: p.text,
      side: sideView(p.side),
      teleportBy: p.teleportBy ? TELEPORT_BY[p.teleportBy] : null,
      unitsDrawn: p.unitsDrawn ? dieText(p.unitsDrawn.die, p.unitsDrawn.plus ?? 0) : null,
    };
  });

  // Teleportation Table, by range (the ruled 61-65 entry sits where its numbers put it).
  const tele = teleportTables[TELEPORT];
  const teleOrigins = origins['teleport-table'][TELEPORT];
  const teleRows = tele.entries
    .map((e, index) => ({ e, index, pointer: `/entries/${index}` }))
    .sort((a, b) => (a.e.range.min ?? 0) - (b.e.range.min ?? 0));
  book.add(tele.id, teleOrigins, teleRows.map((r) => r.pointer));
  const teleView = {
    id: tele.id,
    name: tele.name,
    die: dieText(tele.die),
    entries: teleRows.map(({ e, pointer }) => ({
      pointer,
      range: rangeText(e.range),
      name: e.name,
      text: e.text,
      outcome: e.outcome,
    })),
  };

  const turn = face(
    { page: 'turn', title: pack.title, subtitle: 'Reference: the turn', footer: footer(playmarkVersion), phases: phaseViews, phaseRows: Math.ceil(phaseViews.length / 2), teleport: teleView, combat: null },
    book,
    'reference: sequence of play and teleportation',
  );

  // Combat results table: odds columns x die rows, cells coloured by result.
  const cbook = new MarkBook();
  const table = combatTables[TABLE];
  const tableOrigins = origins['combat-table'][TABLE];
  const resultIndex = new Map<string, { id: string; i: number }>(table.results.map((id, i) => [results[id as WarmasterCombatResultId].code, { id, i }]));
  const rows = table.rows.map((row, r) => ({
    roll: r + 1,
    cells: row.map((code, c) => {
      const pointer = `/rows/${r}/${c}`;
      cbook.add(table.id, tableOrigins, [pointer]);
      const res = code === null ? undefined : resultIndex.get(code);
      return { code, pointer, result: res ? res.id : null, tone: res ? res.i : null, layered: layered(tableOrigins, pointer) };
    }),
  }));
  const legend = table.results.map((id, i) => {
    const r = results[id as WarmasterCombatResultId];
    cbook.add(r.id, origins['combat-result'][r.id as WarmasterCombatResultId], ['/code', '/name', '/text', '/effects']);
    return { id: r.id, code: r.code, name: r.name, text: r.text, tone: i };
  });
  cbook.add(table.id, tableOrigins, ['/oddsRule', '/rerollsPerSide']);

  const combat = face(
    {
      page: 'combat',
      title: pack.title,
      subtitle: 'Reference: combat',
      footer: footer(playmarkVersion),
      phases: [],
      phaseRows: 0,
      teleport: null,
      combat: {
        id: table.id,
        name: table.name,
        die: dieText(table.die),
        columns: table.columns.map((c) => ({ label: c.normalizedLabel ?? c.label })),
        rows,
        legend,
        oddsRule: table.oddsRule ? table.oddsRule.text : null,
        rerollsPerSide: table.rerollsPerSide ?? null,
      },
    },
    cbook,
    'reference: combat',
  );
  return { kind: 'sheet', id: `${PACK}-reference`, pack: PACK, title: `${pack.title}: reference`, template: 'warmaster/reference.hbs', orientation: 'portrait', faces: [turn, combat] };
}
