// The exact odds of Warmaster's combat table (odds.ts warmasterOdds) as `odds` prints them: JSON
// for programs, text for people.
import type { CombatTable } from '../engine/warmaster/tables.js';
import type { WarmasterOdds } from './odds.js';
import { columnOrderCheck, fracOrNull, layerJson, num, numbersText, outcomeJson, pad, padL } from './odds-text.js';

/** `odds --format json` for Warmaster's combat table: each column's outcomes and edge, and the layer entries the odds rest on. */
export function warmasterOddsJson(pack: string, odds: WarmasterOdds) {
  return {
    pack,
    table: odds.table,
    measures: {
      rows: 'D6 rows 1-6, 1/6 each',
      edge: 'mean legend rank of the result, AA 0 to DA 4',
      worseThanLeft: 'edge strictly lower than the column to the left',
    },
    columns: odds.columns.map((c) => ({
      column: c.label,
      total: c.total.toString(),
      outcomes: c.outcomes.map(outcomeJson),
      edge: fracOrNull(c.edge),
      worseThanLeft: c.worseThanLeft,
    })),
    layers: odds.layers.map(layerJson),
  };
}

/** `odds` for Warmaster's combat table as text, with the worse-for-the-attacker check. */
export function warmasterOddsText(odds: WarmasterOdds, table: CombatTable): string {
  const lines = [`${odds.name}: D6 rows 1-6, 1/6 each. Edge = mean legend rank of the result, AA 0 (attacker's worst) to DA 4 (best).`];
  const legend = table.results.map((r) => `${r.code} ${r.name}`).join(', ');
  lines.push(`  Legend: ${legend}`);
  for (const c of odds.columns) {
    lines.push('', `  Column ${c.label}   edge ${num(c.edge)}${c.worseThanLeft ? '   WORSE FOR THE ATTACKER than the column to its left' : ''}`);
    for (const o of c.outcomes) {
      const what = o.kind === 'unknown' ? 'no value in the table' : `${numbersText('roll', o.numbers)}: ${o.result!.name}`;
      lines.push(`    ${pad(o.kind === 'result' ? o.key : o.kind, 7)}  ${padL(o.probability.toString(), 3)}  ${padL(o.probability.toPercent(), 6)}   ${what}`);
    }
  }
  lines.push('');
  if (odds.layers.length === 0) lines.push('  These odds rest on the printed table alone.');
  else {
    const byKind = new Map<string, string[]>();
    for (const p of odds.layers) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.entry]);
    const cells = table.rows.length * table.columns.length;
    lines.push(`  These odds rest on layer entries (the printed cells were lost in extraction): ${odds.layers.length} of ${cells} cells`);
    for (const [kind, entries] of byKind) lines.push(`    ${kind}: ${entries.join(', ')}`);
  }
  lines.push(columnOrderCheck(odds.columns));
  return lines.join('\n') + '\n';
}
