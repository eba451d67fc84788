// The exact odds of generic tables (table-odds.ts) as `odds` prints them: JSON for programs, text
// for people.
import type { GenericTable } from './pack-tables.js';
import type { Fraction } from './fraction.js';
import { combatTableOdds, rollTableOdds, type CombatTableOdds, type RollTableOdds, type TableLayer, type TableOutcome } from './table-odds.js';

/** What `odds` prints for generic tables: each roll's exact probability, column by column (or entry by entry), as JSON and as text. */
export function genericOdds(pack: string, tables: readonly GenericTable[]): { json: object; text: string } {
  const odds = tables.map((t) =>
    t.type === 'combat'
      ? { type: 'combat' as const, odds: combatTableOdds(t.table, t.origins) }
      : { type: 'roll' as const, odds: rollTableOdds(t.table, t.origins) },
  );
  const json = {
    pack,
    measures: { rolls: "every roll of the table's dice with its exact probability; a column's (or a roll table's) probabilities sum to exactly 1" },
    tables: odds.map((o) => (o.type === 'combat' ? combatJson(o.odds) : rollJson(o.odds))),
  };
  const text = odds.map((o) => (o.type === 'combat' ? combatOddsText(o.odds) : rollOddsText(o.odds))).join('\n');
  return { json, text };
}

const layerJson = (l: TableLayer) => ({ layer: l.layer, entry: l.entry, kind: l.kind, pointer: l.pointer });
const prob = (p: Fraction) => ({ probability: p.toString(), value: p.toNumber() });

function combatJson(o: CombatTableOdds) {
  return {
    table: o.table,
    type: 'combat',
    name: o.name,
    dice: o.dice,
    columns: o.columns.map((c) => ({
      column: c.label,
      total: c.total.toString(),
      outcomes: c.outcomes.map((x: TableOutcome) => ({
        kind: x.kind,
        code: x.code,
        name: x.name,
        ...prob(x.probability),
        rolls: x.rolls,
        layers: x.layers.map(layerJson),
      })),
    })),
  };
}

function rollJson(o: RollTableOdds) {
  return {
    table: o.table,
    type: 'roll',
    name: o.name,
    dice: o.dice,
    total: o.total.toString(),
    entries: o.entries.map((e) => ({
      entry: e.index + 1,
      name: e.name,
      text: e.text,
      ...prob(e.probability),
      rolls: e.rolls,
      layers: e.layers.map(layerJson),
    })),
  };
}

/** "2-4, 7, 10-12": rolls as runs. */
export function rollsText(rolls: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < rolls.length; ) {
    let j = i;
    while (j + 1 < rolls.length && rolls[j + 1] === rolls[j]! + 1) j++;
    runs.push(i === j ? String(rolls[i]) : `${rolls[i]}-${rolls[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

function combatOddsText(o: CombatTableOdds): string {
  const lines = [`${o.name} (${o.table}): ${o.dice}, each roll at its exact probability`];
  const width = Math.max(7, ...o.columns.flatMap((c) => c.outcomes.map((x) => (x.code ?? 'unknown').length)));
  const pWidth = Math.max(...o.columns.flatMap((c) => c.outcomes.map((x) => x.probability.toString().length)));
  for (const c of o.columns) {
    lines.push('', `  Column ${c.label}`);
    for (const x of c.outcomes) {
      const layers = x.layers.length ? `  (${x.layers.map((l) => `${l.kind} ${l.entry}`).join(', ')})` : '';
      lines.push(
        `    ${(x.code ?? 'unknown').padEnd(width)}  ${x.probability.toString().padStart(pWidth)}  ${x.probability.toPercent().padStart(6)}   roll${x.rolls.length > 1 ? 's' : ''} ${rollsText(x.rolls)}${x.kind === 'unknown' ? ': no value in the table' : x.name ? `: ${x.name}` : ''}${layers}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

function rollOddsText(o: RollTableOdds): string {
  const lines = [`${o.name} (${o.table}): ${o.dice}, each roll at its exact probability`, ''];
  const pWidth = Math.max(...o.entries.map((e) => e.probability.toString().length));
  for (const e of o.entries) {
    const layers = e.layers.length ? `  (${e.layers.map((l) => `${l.kind} ${l.entry}`).join(', ')})` : '';
    lines.push(
      `  ${rollsText(e.rolls).padEnd(8)}  ${e.probability.toString().padStart(pWidth)}  ${e.probability.toPercent().padStart(6)}   ${e.name ?? e.text}${layers}`,
    );
  }
  return lines.join('\n') + '\n';
}
