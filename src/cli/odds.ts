import type { Command } from 'commander';
import type { Fraction } from '../analysis/fraction.js';
import { warchonOdds, warmasterOdds, type Outcome, type WarchonColumnOdds, type WarchonSpreadOdds, type WarmasterOdds } from '../analysis/odds.js';
import { summarizeResult } from '../engine/warchon/results.js';
import type { Provenance, SpreadTables } from '../engine/warchon/tables.js';
import type { CombatTable } from '../engine/warmaster/tables.js';
import { EXIT, UsageError, type Io } from './io.js';
import { formatOption, outputFormat } from './format.js';
import { readPackTables, reportTableError, spreadArg } from './resolve.js';
import { genericOdds } from '../analysis/table-odds-text.js';
import { tableArg } from './resolve-generic.js';

export function registerOdds(program: Command, io: Io): void {
  program
    .command('odds')
    .description(
      "The exact probability of every result in every column of a pack's combat tables, computed (not sampled), as fractions and percentages, with the expected Hits and a check that no column is worse for the attacker than the one to its left.",
    )
    .argument(
      '<pack>',
      'the pack of this project to read: any pack with combat or roll tables (common/combat-table and common/roll-table kinds), a Warchon pack (warchon) or a Warmaster pack (warmaster)',
    )
    .option('--table <id>', 'one combat or roll table only, by id (default: every table of the pack)')
    .option('--spread <id|number>', 'warchon: one spread only (default: every spread)')
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .addHelpText(
      'after',
      `
Examples:
  playmark odds harbor-raid
  playmark odds harbor-raid --table crt --format json
  playmark odds warchon --spread erdon-pass
  playmark odds warmaster
  playmark odds warchon --format json    fractions as strings ("3/25") and as numbers

A combat or roll table (common/combat-table, common/roll-table): every roll of the table's dice at
  its exact probability (2d6: 7 is 1/6, 2 is 1/36); a combat column gives each result the sum over
  the rolls whose row holds it, a roll table each entry the sum over its rolls. Each column (and
  each roll table) sums to exactly 1. Layer entries that set a cell or an entry are named beside it.
Warchon: the 25 finger pairs (1-5 each) are equally likely, 1/25 each. A pair gives the RNG number;
  a cell marked E calls for a Random Event and is counted on its own "event" line (no combat
  result). Every other pair gives the result at its number in the column. After an event that does
  not end combat a new number is generated with E ignored: those later rolls are not in these odds.
  A Hits / D Hits: the expected Hits the attacker / defender takes per combat result, over the
    pairs that give a result (event pairs excluded, i.e. given no event). An elimination (AE, DE)
    counts as the eliminated side taking one Hit more than the largest Hits result in any of the
    pack's tables (5 for Warchon: the largest is 4); Eg and So count 0.
  Edge: D Hits - A Hits, the attacker's expected net Hits per combat result.
Warmaster: the D6 rows 1-6 are 1/6 each in every odds column.
  Edge: the mean legend rank of the result, AA 0 (the attacker's worst) to DA 4 (his best).
A column is WORSE FOR THE ATTACKER than the one to its left when its edge is strictly lower.
Values set by layers (inferences, rulings) take part; each table lists the entries its odds rest on.

The tables are read from the pack's YAML on every run (the project is found upward from the
working directory), validated and with its layers applied: an edited cell changes the odds at once,
and content with errors prints its diagnostics and no odds (exit 1).

Exit codes: 0 done, 1 the content has errors, 2 usage error (bad argument, a pack the project
lacks or one without combat tables).`,
    )
    .action((packArg: string, opts: { spread?: string; table?: string; format?: string; json?: boolean }) => {
      const format = outputFormat(opts);
      try {
        const read = readPackTables(io, packArg, { preferGeneric: opts.table !== undefined });
        if (!read) return;
        if (read.engine === 'generic') {
          if (opts.spread !== undefined) throw new UsageError('--spread is for warchon', `${read.pack}'s tables are chosen with --table.`);
          const chosen = opts.table === undefined ? [...read.tables.values()] : [tableArg(read.pack, read.tables, opts.table)];
          const { json, text } = genericOdds(read.pack, chosen);
          io.out(format === 'json' ? JSON.stringify(json, null, 2) + '\n' : text);
          io.exitCode = EXIT.ok;
          return;
        }
        if (opts.table !== undefined)
          throw new UsageError(
            `--table is not for ${read.pack}`,
            read.engine === 'warchon' ? 'Choose a spread with --spread.' : `${read.pack} has one combat table: playmark odds ${read.pack}.`,
          );
        if (read.engine === 'warmaster') {
          if (opts.spread !== undefined) throw new UsageError(`--spread is for warchon`, `${read.pack} has one combat table: playmark odds ${read.pack}.`);
          const table = read.tables.combatTable();
          const odds = warmasterOdds(table);
          io.out(format === 'json' ? JSON.stringify(warmasterJson(read.pack, odds), null, 2) + '\n' : warmasterText(odds, table));
        } else {
          const all = [...read.tables.spreads.values()];
          const chosen: SpreadTables[] = opts.spread === undefined ? all : [spreadArg(read.tables, opts.spread)];
          const odds = warchonOdds(chosen, all);
          io.out(format === 'json' ? JSON.stringify(warchonJson(read.pack, odds), null, 2) + '\n' : odds.map((o, i) => warchonText(o, chosen[i]!)).join('\n'));
        }
        io.exitCode = EXIT.ok;
      } catch (error) {
        if (reportTableError(io, error)) return;
        throw error;
      }
    });
}

const frac = (f: Fraction) => ({ fraction: f.toString(), value: f.toNumber() });
const fracOrNull = (f: Fraction | null) => (f ? frac(f) : null);
const layerJson = (p: Provenance) => ({ layer: p.layer, entry: p.entry, kind: p.kind, pointer: p.pointer });

function outcomeJson<R extends { code: string }>(o: Outcome<R>) {
  return {
    kind: o.kind,
    key: o.key,
    probability: o.probability.toString(),
    value: o.probability.toNumber(),
    numbers: o.numbers,
    layers: o.layers.map((p) => p.entry),
  };
}

function warchonJson(pack: string, odds: readonly WarchonSpreadOdds[]) {
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

function warmasterJson(pack: string, odds: WarmasterOdds) {
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

/** "13/4 (3.25)", "0", "1". */
function num(f: Fraction | null): string {
  if (!f) return '?';
  return f.den === 1n ? f.toString() : `${f.toString()} (${f.toNumber().toFixed(2)})`;
}

const pad = (s: string, n: number) => s.padEnd(n);
const padL = (s: string, n: number) => s.padStart(n);

function numbersText(label: string, numbers: readonly number[], suffix = ''): string {
  if (numbers.length === 0) return '';
  return `${label}${numbers.length === 1 ? '' : 's'} ${numbers.map((n) => `${n}${suffix}`).join(', ')}`;
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

function warchonText(odds: WarchonSpreadOdds, spread: SpreadTables): string {
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
  const worse = odds.columns.filter((c) => c.worseThanLeft).map((c) => c.label);
  lines.push(
    worse.length
      ? `  CHECK: worse for the attacker than the column to its left: ${worse.join(', ')}`
      : '  Check: no column is worse for the attacker than the one to its left.',
  );
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

function warmasterText(odds: WarmasterOdds, table: CombatTable): string {
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
  const worse = odds.columns.filter((c) => c.worseThanLeft).map((c) => c.label);
  lines.push(
    worse.length
      ? `  CHECK: worse for the attacker than the column to its left: ${worse.join(', ')}`
      : '  Check: no column is worse for the attacker than the one to its left.',
  );
  return lines.join('\n') + '\n';
}
