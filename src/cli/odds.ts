import type { Command } from 'commander';
import { warchonOdds, warmasterOdds } from '../analysis/odds.js';
import { warchonOddsJson, warchonOddsText } from '../analysis/warchon-odds-text.js';
import { warmasterOddsJson, warmasterOddsText } from '../analysis/warmaster-odds-text.js';
import type { SpreadTables } from '../engine/warchon/tables.js';
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
          io.out(format === 'json' ? JSON.stringify(warmasterOddsJson(read.pack, odds), null, 2) + '\n' : warmasterOddsText(odds, table));
        } else {
          const all = [...read.tables.spreads.values()];
          const chosen: SpreadTables[] = opts.spread === undefined ? all : [spreadArg(read.tables, opts.spread)];
          const odds = warchonOdds(chosen, all);
          io.out(
            format === 'json'
              ? JSON.stringify(warchonOddsJson(read.pack, odds), null, 2) + '\n'
              : odds.map((o, i) => warchonOddsText(o, chosen[i]!)).join('\n'),
          );
        }
        io.exitCode = EXIT.ok;
      } catch (error) {
        if (reportTableError(io, error)) return;
        throw error;
      }
    });
}
