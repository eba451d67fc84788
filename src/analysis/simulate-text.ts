// The reports of `simulate` as text for people: one pairing's report (reportText), or any report,
// one pairing's or several side by side, as text or JSON (anyReportText).
import { num, pct, plural } from './report-text.js';
import { pairingsText } from './simulate-pairings-text.js';
import { failedGames, isPairings, pairingsJson, type AnyReport } from './simulate-pairings.js';
import { describeRange, reportJson, type SimulateReport } from './simulate-report.js';

/** The report for people. */
export function reportText(r: SimulateReport): string {
  const lines: string[] = [];
  const bots = r.bots.map((b) => `${b.side} ${b.bot}`).join(', ');
  lines.push(
    `${r.pack} ${r.packVersion}${r.scenario ? `, scenario ${r.scenario}` : ''}: ${plural(r.played, 'game')}, seed ${r.seed}, bots ${bots}, at most ${r.maxMoves} moves a game`,
  );
  if (!r.complete)
    lines.push(
      `Partial: games ${describeRange(r.range)} of ${r.games} (${r.range.from}-${r.range.to - 1}); merge the JSON reports of all shards with simulate --merge.`,
    );
  // Wide enough for the longest row label (`celestine wins`), so the numbers line up under their headings.
  const w = Math.max(12, ...r.wins.map((x) => `${x.side} wins`.length + 2));
  lines.push('', `${'Results'.padEnd(w)} ${'games'.padStart(7)} ${'share'.padStart(7)}   95% interval`);
  const row = (label: string, s: { games: number; share: number; ci95: readonly [number, number] }) =>
    `  ${label.padEnd(w - 2)} ${String(s.games).padStart(7)} ${pct(s.share).padStart(7)}   ${pct(s.ci95[0]).padStart(6)} - ${pct(s.ci95[1]).padStart(6)}`;
  for (const x of r.wins) lines.push(row(`${x.side} wins`, x));
  lines.push(row('draws', r.draws));
  lines.push(row('unfinished', r.unfinished));
  if (r.failed.games > 0) lines.push(`  ${'failed'.padEnd(w - 2)} ${String(r.failed.games).padStart(7)}   (bugs: no legal move, or an error)`);
  lines.push('', `${'Length'.padEnd(w)} ${'mean'.padStart(7)} ${'min'.padStart(7)} ${'median'.padStart(7)} ${'max'.padStart(7)}`);
  for (const [name, d] of [
    ['turns', r.length.turns],
    ['moves', r.length.moves],
  ] as const) {
    lines.push(`  ${name.padEnd(w - 2)} ${num(d.mean).padStart(7)} ${num(d.min).padStart(7)} ${num(d.median).padStart(7)} ${num(d.max).padStart(7)}`);
  }
  lines.push('', 'Endings');
  for (const e of r.endings) {
    const who = e.end !== 'result' ? e.end : e.winner === null ? 'draw' : `${e.winner} wins`;
    lines.push(`  ${String(e.games).padStart(7)}  ${who}: ${e.reason} (${e.rule})`);
  }
  // Each place (a square, an area) by its name when the pack names it, else its id.
  const places = Object.entries(r.placesDestroyed ?? {}).map(([id, s]) => [s.name ?? id, s] as const);
  if (places.length > 0) {
    // Games in which each place was destroyed.
    const pw = Math.max(w, 'Places destroyed'.length, ...places.map(([p]) => p.length + 2));
    lines.push('', `${'Places destroyed'.padEnd(pw)} ${'games'.padStart(7)} ${'share'.padStart(7)}   95% interval`);
    for (const [place, s] of places)
      lines.push(
        `  ${place.padEnd(pw - 2)} ${String(s.games).padStart(7)} ${pct(s.share).padStart(7)}   ${pct(s.ci95[0]).padStart(6)} - ${pct(s.ci95[1]).padStart(6)}`,
      );
  }
  if (r.unfinished.first.length > 0) {
    lines.push('', `Unfinished (hit ${r.maxMoves} moves), first ${r.unfinished.first.length}: ${r.unfinished.first.map((u) => `game ${u.index}`).join(', ')}`);
  }
  if (r.failed.first.length > 0) {
    lines.push('', `Failed, first ${r.failed.first.length}:`);
    for (const f of r.failed.first) lines.push(`  game ${f.index} (seed ${f.seed}): ${f.end}: ${f.message}`);
  }
  if (r.unfinished.first.length > 0 || r.failed.first.length > 0) {
    const g = r.failed.first[0]?.index ?? r.unfinished.first[0]!.index;
    lines.push(
      `  To see one: playmark simulate ${r.pack}${r.scenario ? ` --scenario ${r.scenario}` : ''} --games ${r.games} --seed ${r.seed} --bots ${r.bots.map((b) => b.bot).join(',')} --max-moves ${r.maxMoves} --log game.log --log-game ${g}`,
    );
  }
  const sides = r.bots.map((b) => b.side);
  const kinds = Object.entries(r.moveKinds);
  if (kinds.length > 0) {
    const kw = Math.max(w, ...kinds.map(([k]) => k.length + 2));
    lines.push('', `${'Moves by kind'.padEnd(kw)} ${'total'.padStart(9)}${sides.map((s) => ` ${s.padStart(9)}`).join('')}`);
    for (const [kind, m] of kinds)
      lines.push(`  ${kind.padEnd(kw - 2)} ${String(m.total).padStart(9)}${sides.map((s) => ` ${String(m.bySide[s] ?? 0).padStart(9)}`).join('')}`);
  }
  const events = Object.entries(r.events);
  if (events.length > 0) {
    const rows: [string, number][] = [];
    for (const [type, c] of events) {
      rows.push([type, c.count]);
      for (const [field, values] of Object.entries(c.by)) for (const [value, n] of Object.entries(values)) rows.push([`  ${field} ${value}`, n]);
    }
    const ew = Math.max(w, ...rows.map(([l]) => l.length + 2));
    lines.push('', `${'Events'.padEnd(ew)} ${'count'.padStart(9)}`);
    for (const [label, n] of rows) lines.push(`  ${label.padEnd(ew - 2)} ${String(n).padStart(9)}`);
  }
  const combat = r.combatResults;
  if (combat) {
    lines.push(
      '',
      'Combat results against their exact odds (fingers uniform; the number from an RNG cell without E, or from an E cell when no event followed)',
    );
    lines.push(
      `  ${'spread'.padEnd(14)} ${'column'.padEnd(9)} ${'cell'.padEnd(6)} ${'battles'.padStart(7)} ${'chi-square'.padStart(10)} ${'df'.padStart(3)} ${'p'.padStart(7)}`,
    );
    for (const g of combat.groups) {
      lines.push(
        `  ${g.spread.padEnd(14)} ${g.column.padEnd(9)} ${g.cell.padEnd(6)} ${String(g.battles).padStart(7)} ${(g.chiSquare === null ? 'no odds' : g.chiSquare.toFixed(2)).padStart(10)} ${String(g.df).padStart(3)} ${(g.p === null ? '-' : g.p.toFixed(3)).padStart(7)}`,
      );
      for (const x of g.results) {
        lines.push(
          `      ${x.result.padEnd(8)} ${String(x.observed).padStart(7)} ${pct(x.share).padStart(7)}   exact ${x.probability.padStart(5)} ${pct(probabilityOf(x.probability)).padStart(7)}   expected ${x.expected.toFixed(1).padStart(7)}`,
        );
      }
    }
    const t = combat.total;
    lines.push(
      `  all groups: ${t.battles} battles, chi-square ${t.chiSquare.toFixed(2)} on ${t.df} df, p ${t.p === null ? '-' : t.p.toFixed(3)} (a small p with bots that pick their fingers measures their play, not the tables)`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A report of one pairing or several, as `simulate` prints it: text for people, or JSON. */
export function anyReportText(r: AnyReport, format: 'text' | 'json'): string {
  if (format === 'json') return isPairings(r) ? pairingsJson(r) : reportJson(r);
  return isPairings(r) ? pairingsText(r) : reportText(r);
}

/** One line saying how many games stopped on a bug in the game module, and the first of them; undefined when none did. */
export function failureSummary(r: AnyReport): string | undefined {
  const failed = failedGames(r);
  if (failed === 0) return undefined;
  const reports = isPairings(r) ? r.pairings : [r];
  const first = reports.flatMap((p) => p.failed.first)[0];
  const played = reports.reduce((n, p) => n + p.played, 0);
  const example = first ? `: the first, game ${first.index} (seed ${first.seed}), ${first.end}: ${first.message}` : '';
  return `${reports[0]!.pack}: ${failed} of ${plural(played, 'game')} stopped on a bug in the game module${example}`;
}

/** `3/25` as a number. */
function probabilityOf(text: string): number {
  const [n, d] = text.split('/').map(Number);
  return (n ?? 0) / (d ?? 1);
}
