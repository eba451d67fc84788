// The exact odds of Warchon spreads (odds.ts warchonOdds) as `odds` prints them: JSON for
// programs, text for people.
import { summarizeResult } from '../engine/warchon/results.js';
import type { Provenance, SpreadTables } from '../engine/warchon/tables.js';
import type { WarchonColumnOdds, WarchonSpreadOdds } from './odds.js';
import { columnOrderCheck, frac, fracOrNull, layerJson, num, numbersText, outcomeJson, pad, padL } from './odds-text.js';

/** `odds --format json` for Warchon spreads: each column's outcomes, expected Hits and edge, and the layer entries the odds rest on. */
export function warchonOddsJson(pack: string, odds: readonly WarchonSpreadOdds[]) {
  return {
    pack,
    measures: {
      pairs: 'the 25 finger pairs, 1/25 each; event cells counted apart',
      expectedHits: 'per combat result, given no event; an elimination counts as eliminationHits Hits',
      edge: 'defenderHits - attackerHits',
      worseThanLeft: 'edge strictly lower than the column to the left',
    },
    spreads: odds.map((s) => ({
      spread: s.spread,
      number: s.number,
      name: s.name,
      eventsTable: s.eventsTable,
      eliminationHits: s.eliminationHits,
      columns: s.columns.map((c) => ({
        column: c.label,
        total: c.total.toString(),
        event: frac(c.event),
        outcomes: c.outcomes.map(outcomeJson),
        attackerHits: fracOrNull(c.attackerHits),
        defenderHits: fracOrNull(c.defenderHits),
        edge: fracOrNull(c.edge),
        worseThanLeft: c.worseThanLeft,
      })),
      layers: s.layers.map(layerJson),
    })),
  };
}

function rangeText(spread: SpreadTables, index: number): string {
  const d = spread.columns[index]?.differential;
  if (!d) return '';
  const s = (n: number) => (n > 0 ? `+${n}` : String(n));
  if (d.min === null && d.max === null) return 'any differential';
  if (d.min === null) return `differential ${s(d.max!)} or less`;
  if (d.max === null) return `differential ${s(d.min)} or more`;
  return d.min === d.max ? `differential ${s(d.min)}` : `differential ${s(d.min)} to ${s(d.max)}`;
}

/** `odds` for one Warchon spread as text: the event chance, each column's outcomes, expected Hits and edge, what the odds rest on, and the worse-for-the-attacker check. */
export function warchonOddsText(odds: WarchonSpreadOdds, spread: SpreadTables): string {
  const lines: string[] = [];
  lines.push(`${odds.name} (spread ${odds.number}, ${odds.spread}): 25 finger pairs, 1/25 each`);
  const first = odds.columns[0];
  if (first && !first.event.isZero()) {
    const ev = first.outcomes.find((o) => o.kind === 'event');
    lines.push(
      `  Random Event on ${numbersText('number', ev?.numbers ?? [], 'E')}: ${first.event.toString()} (${first.event.toPercent()}) in every column -> ${odds.eventsTable ? `Events Table ${odds.eventsTable}` : 'no Events Table printed'}`,
    );
  }
  lines.push(`  A/D Hits: expected Hits per combat result, event pairs excluded; AE/DE count as ${odds.eliminationHits} Hits. Edge = D Hits - A Hits.`);
  const width = Math.max(5, ...odds.columns.flatMap((c) => c.outcomes.map((o) => o.key.length)));
  const pWidth = Math.max(...odds.columns.flatMap((c) => c.outcomes.map((o) => o.probability.toString().length)));
  for (const c of odds.columns) lines.push('', ...columnText(c, spread, width, pWidth));
  lines.push('', ...restsOn(odds.layers, spread));
  lines.push(columnOrderCheck(odds.columns));
  return lines.join('\n') + '\n';
}

function columnText(c: WarchonColumnOdds, spread: SpreadTables, width: number, pWidth: number): string[] {
  const head = `  Column ${c.label} (${rangeText(spread, c.index)})   A Hits ${num(c.attackerHits)}   D Hits ${num(c.defenderHits)}   edge ${num(c.edge)}${c.worseThanLeft ? '   WORSE FOR THE ATTACKER than the column to its left' : ''}`;
  const rows = c.outcomes.map((o) => {
    const what =
      o.kind === 'event'
        ? `${numbersText('number', o.numbers, 'E')}: Random Event`
        : o.kind === 'unknown'
          ? 'no value in the tables'
          : `${numbersText('number', o.numbers)}: ${summarizeResult(o.result!)}`;
    return `    ${pad(o.kind === 'result' ? o.key : o.kind, width)}  ${padL(o.probability.toString(), pWidth)}  ${padL(o.probability.toPercent(), 6)}   ${what}`;
  });
  return [head, ...rows];
}

/** What a layer entry's pointer covers, in words. */
function coverage(p: Provenance): string {
  let m = /^\/rng\/(\d+)$/.exec(p.pointer);
  if (m) return `RNG row ${Number(m[1]) + 1} (defender shows ${Number(m[1]) + 1})`;
  m = /^\/rng\/(\d+)\/(\d+)$/.exec(p.pointer);
  if (m) return `RNG cell defender ${Number(m[1]) + 1}, attacker ${Number(m[2]) + 1}`;
  m = /^\/combatTable\/rows\/(\d+)(?:\/cells)?$/.exec(p.pointer);
  if (m) return `result row for number ${Number(m[1]) + 1}`;
  m = /^\/rows\/(\d+)\/(?:cells\/)?(\d+)$/.exec(p.pointer);
  if (m) return `roll ${Number(m[1]) + 1}, column ${Number(m[2]) + 1}`;
  return p.pointer;
}

function restsOn(layers: readonly Provenance[], spread: SpreadTables): string[] {
  if (layers.length === 0) return ['  These odds rest on the printed tables alone.'];
  const lines = ['  These odds rest on layer entries (not printed by the source):', ...layers.map((p) => `    ${p.kind} ${p.entry}: ${coverage(p)}`)];
  // Result rows a layer set that no finger pair reaches here (their number always calls for an event):
  // they apply only to the new number generated after an event, when E is ignored.
  const unreached = new Map<string, Provenance>();
  for (const row of spread.rows)
    for (const cell of row) if (cell.origin && !layers.some((l) => l.entry === cell.origin!.entry)) unreached.set(cell.origin.entry, cell.origin);
  if (unreached.size) {
    lines.push(
      `  Not reached here (the number always calls for an event; used only for the new number after an event): ${[...unreached.values()].map((p) => `${p.kind} ${p.entry}`).join(', ')}`,
    );
  }
  return lines;
}
