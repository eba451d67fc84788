// The reference sheet: sequence of play, Teleportation Table, combat results table with its legend
// and the odds rule. Every value from the effective content; every layer-set value marked.
import type { PackContent } from '../../../content/effective.js';
import { inLegendOrder } from '../../../engine/warmaster/tables.js';
import type { Face } from '../../../render/printable.js';
import { MarkBook } from '../../../render/marks.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { dieText, face, footer, layered, type Phase, rangeText, recordOf, sideView, warmasterView } from './shared.js';

const TABLE = 'combat-results';
const TELEPORT = 'teleportation';
const SCENARIO = 'standard-game';
/** Pieces as the table reads them: `The Emperor, 3 Space Marine` (each piece's record name, its count when more than one). */
function piecesText(content: PackContent, pieces: readonly { readonly unit: string; readonly count: number }[]): string {
  const nameOf = (id: string): string => {
    for (const records of Object.values(content.records)) {
      const name = (records as Record<string, { name?: unknown }> | undefined)?.[id]?.name;
      if (typeof name === 'string') return name;
    }
    return id;
  };
  return pieces.map((p) => (p.count === 1 ? nameOf(p.unit) : `${p.count} ${nameOf(p.unit)}`)).join(', ');
}

/** The scenario's special rules (by id) printed on the combat page: how a battle is fought. */
const IN_BATTLE: readonly string[] = ['battles', 'zero-totals', 'reroll-order', 'retreat'];

/** How a phase's units roll on the Teleportation Table. */
const TELEPORT_BY: Readonly<Record<string, string>> = { group: 'one roll per group', unit: 'one roll per unit' };

/**
 * Two pages (print them back to back): the turn (sequence of play, Teleportation Table) and combat
 * (results table, legend, odds rule). Each page carries the footnotes of the values it shows.
 */
export const referenceContext: NamedContext = {
  name: 'warmaster-reference',
  description:
    'Two pages to print back to back: the sequence of play (the selected phases, in the order given) with the Teleportation Table, the standard game\u2019s named special rules (face-down pieces, stacking, retreat) and how a side wins, then the combat results table with its legend, odds rule and re-rolls. Every value a layer set is marked, and notes that share a reason are printed once.',
  kinds: ['phase'],
  build(input) {
    const view = warmasterView(input.content);
    const printable = `${input.content.pack.id}-${input.printable.id}`;
    const book = new MarkBook();

    // Sequence of play: the selected phases in the declared order (all, by `order`, when none are selected).
    const phaseList: Phase[] = input.printable.records
      ? input.records.map((r) => view.phases[r.id]!)
      : Object.values(view.phases).sort((a, b) => a.order - b.order);
    const phaseViews = phaseList.map((p) => {
      book.add(p.id, view.origins('phase', p.id), ['/name', '/text', '/unitsDrawn', '/teleportBy', '/groups', '/cup']);
      return {
        id: p.id,
        order: p.order,
        name: p.name,
        text: p.text,
        side: sideView(view, p.side),
        teleportBy: p.teleportBy ? TELEPORT_BY[p.teleportBy] : null,
        unitsDrawn: p.unitsDrawn ? dieText(p.unitsDrawn.die, p.unitsDrawn.plus ?? 0) : null,
        // What the engine teleports and draws (the phase's `groups` and `cup`), printed from that data.
        groups: p.groups?.length ? p.groups.map((g) => piecesText(input.content, g.pieces)).join('; ') : null,
        cup: p.cup?.length ? { pieces: piecesText(input.content, p.cup), total: p.cup.reduce((n, x) => n + x.count, 0) } : null,
      };
    });

    // Teleportation Table, by range (the ruled 61-65 entry sits where its numbers put it).
    const tele = recordOf(view.teleportTables, 'teleport-table', TELEPORT, printable);
    const teleOrigins = view.origins('teleport-table', tele.id);
    const teleRows = tele.entries.map((e, index) => ({ e, index, pointer: `/entries/${index}` })).sort((a, b) => (a.e.roll.min ?? 0) - (b.e.roll.min ?? 0));
    book.add(
      tele.id,
      teleOrigins,
      teleRows.map((r) => r.pointer),
    );
    const teleView = {
      id: tele.id,
      name: tele.name,
      die: dieText(tele.dice),
      entries: teleRows.map(({ e, pointer }) => ({
        pointer,
        range: rangeText(e.roll),
        name: e.name,
        text: e.text,
        outcome: e.extension.outcome,
      })),
    };

    // On the ship: the scenario's named special rules and how a side wins, so the table needs no
    // other sheet for them; those of a battle (IN_BATTLE) go on the combat page, beside the table.
    const scenario = recordOf(view.scenarios, 'scenario', SCENARIO, printable);
    const scenarioOrigins = view.origins('scenario', scenario.id);
    const named = (scenario.specialRules ?? []).flatMap((r, i) => (r.name ? [{ id: r.id, name: r.name, text: r.text, pointer: `/specialRules/${i}` }] : []));
    const shipRules = named.filter((r) => !IN_BATTLE.includes(r.id ?? ''));
    const battleRules = named.filter((r) => IN_BATTLE.includes(r.id ?? ''));
    book.add(
      scenario.id,
      scenarioOrigins,
      shipRules.map((r) => r.pointer),
    );
    book.add(scenario.id, scenarioOrigins, ['/victory']);
    const onShip = {
      id: scenario.id,
      title: 'On the ship',
      rules: shipRules,
      victory: (scenario.victory ?? []).map((v) => v.text),
    };

    const turn = face(
      {
        page: 'turn',
        title: view.pack.title,
        subtitle: 'Reference: the turn',
        footer: footer(view, input.playmarkVersion),
        phases: phaseViews,
        phaseRows: Math.ceil(phaseViews.length / 2),
        teleport: teleView,
        onShip,
        combat: null,
      },
      book,
      'reference: sequence of play and teleportation',
    );

    // Combat results table: odds columns x die rows, cells coloured by result.
    const cbook = new MarkBook();
    cbook.add(
      scenario.id,
      scenarioOrigins,
      battleRules.map((r) => r.pointer),
    );
    const table = recordOf(view.combatTables, 'combat-table', TABLE, printable);
    const tableOrigins = view.origins('combat-table', table.id);
    // The legend is the combat-result records (`legend: { kind: combat-result, order: [...] }`), in that order.
    const legendRecords = inLegendOrder(Object.values(view.results), table.legend, table.id);
    const resultIndex = new Map<string, { id: string; i: number }>(legendRecords.map((r, i) => [r.code, { id: r.id, i }]));
    const rows = table.rows.map((row, r) => ({
      roll: r + 1,
      cells: row.cells.map((code, c) => {
        const pointer = `/rows/${r}/cells/${c}`;
        cbook.add(table.id, tableOrigins, [pointer]);
        const res = code === null ? undefined : resultIndex.get(code);
        return { code, pointer, result: res ? res.id : null, tone: res ? res.i : null, layered: layered(tableOrigins, pointer) };
      }),
    }));
    const legend = legendRecords.map((r, i) => {
      cbook.add(r.id, view.origins('combat-result', r.id), ['/code', '/name', '/text', '/effects']);
      return { id: r.id, code: r.code, name: r.name, text: r.text, tone: i };
    });
    cbook.add(table.id, tableOrigins, ['/key/rounding', '/extension/oddsRule', '/extension/rerollsPerSide']);

    const combat = face(
      {
        page: 'combat',
        title: view.pack.title,
        subtitle: 'Reference: combat',
        footer: footer(view, input.playmarkVersion),
        phases: [],
        phaseRows: 0,
        teleport: null,
        onShip: battleRules.length ? { id: scenario.id, title: 'In battle', rules: battleRules, victory: [] } : null,
        combat: {
          id: table.id,
          name: table.name,
          die: dieText(table.dice),
          columns: table.columns.map((c) => ({ label: c.label })),
          rows,
          legend,
          oddsRule: table.extension.oddsRule ? table.extension.oddsRule.text : null,
          rerollsPerSide: table.extension.rerollsPerSide ?? null,
        },
      },
      cbook,
      'reference: combat',
    );
    const faces: Face[] = [turn, combat];
    return { faces };
  },
};
