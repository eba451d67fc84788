// The text report of several bot pairings side by side: one column per pairing (its bots in side
// order, as --bots named them), the same rows for each: wins per side with their 95% intervals,
// draws, unfinished and failed games, game lengths, and how games ended.
import { num, pct, plural } from './report-text.js';
import type { PairingsReport } from './simulate-pairings.js';
import { describeRange, type Share, type SimulateReport } from './simulate-report.js';

/** A share as one cell: games, share and its 95% interval (`113 56.5% 49.6-63.2`). */
const shareCell = (s: Share) => `${s.games} ${pct(s.share).padStart(6)} ${(100 * s.ci95[0]).toFixed(1)}-${(100 * s.ci95[1]).toFixed(1)}`;

/** The text `simulate` prints for several pairings (`--bots` given more than once). */
export function pairingsText(p: PairingsReport): string {
  const reports = p.pairings;
  const r = reports[0]!;
  const sides = r.bots.map((b) => b.side);
  const heads = reports.map((x) => x.bots.map((b) => b.bot).join(','));
  const lines: string[] = [];
  lines.push(
    `${r.pack} ${r.packVersion}${r.scenario ? `, scenario ${r.scenario}` : ''}: ${plural(reports.length, 'pairing')} of ${plural(r.played, 'game')}, seed ${r.seed}, bots for ${sides.join(', ')}, at most ${r.maxMoves} moves a game`,
  );
  lines.push('Game i has the same seed in every pairing: the pairings play the same set-ups and differ by their bots.');
  if (!r.complete) lines.push(`Partial: games ${describeRange(r.range)} of ${r.games}; merge the JSON reports of all shards with simulate --merge.`);
  const rows: [string, string[]][] = [];
  const winners = [...new Set(reports.flatMap((x) => x.wins.map((w) => w.side)))];
  for (const side of winners)
    rows.push([`${side} wins`, reports.map((x) => shareCell(x.wins.find((w) => w.side === side) ?? { games: 0, share: 0, ci95: [0, 0] }))]);
  rows.push(['draws', reports.map((x) => shareCell(x.draws))]);
  rows.push(['unfinished', reports.map((x) => shareCell(x.unfinished))]);
  if (reports.some((x) => x.failed.games > 0)) rows.push(['failed (bugs)', reports.map((x) => String(x.failed.games))]);
  const lengthRows: [string, string[]][] = [];
  for (const name of ['turns', 'moves'] as const) {
    lengthRows.push([`${name} mean`, reports.map((x) => num(x.length[name].mean))]);
    lengthRows.push([`${name} median`, reports.map((x) => num(x.length[name].median))]);
  }
  // Every ending of any pairing, in the order of the first pairing to have it (its most frequent first).
  const endingKey = (e: SimulateReport['endings'][number]) => [e.end, e.winner ?? '', e.rule, e.reason].join('\u0000');
  const endings = new Map<string, { label: string; counts: number[] }>();
  reports.forEach((x, k) => {
    for (const e of x.endings) {
      const key = endingKey(e);
      let row = endings.get(key);
      if (row === undefined) {
        const who = e.end !== 'result' ? e.end : e.winner === null ? 'draw' : `${e.winner} wins`;
        endings.set(key, (row = { label: `${who}: ${e.reason} (${e.rule})`, counts: reports.map(() => 0) }));
      }
      row.counts[k] = e.games;
    }
  });
  const titles = ['Results (games, share, 95%)', 'Length', 'Endings'];
  const w = Math.max(...titles.map((t) => t.length), ...[...rows, ...lengthRows].map(([label]) => label.length + 2));
  const cw = Math.max(20, ...heads.map((h) => h.length), ...rows.flatMap(([, cells]) => cells.map((c) => c.length)));
  const table = (title: string, list: [string, string[]][]) => {
    lines.push('', `${title.padEnd(w)}${heads.map((h) => `  ${h.padStart(cw)}`).join('')}`);
    for (const [label, cells] of list) lines.push(`  ${label.padEnd(w - 2)}${cells.map((c) => `  ${c.padStart(cw)}`).join('')}`);
  };
  table(titles[0]!, rows);
  table(titles[1]!, lengthRows);
  lines.push('', `${titles[2]!.padEnd(w)}${heads.map((h) => `  ${h.padStart(cw)}`).join('')}`);
  for (const { label, counts } of endings.values()) lines.push(`${''.padEnd(w)}${counts.map((c) => `  ${String(c).padStart(cw)}`).join('')}  ${label}`);
  lines.push('', "Each pairing's whole report (moves, events, combat results): --format json.");
  return lines.join('\n') + '\n';
}
