import type { Command } from 'commander';
import { ResultGrammarError } from '../engine/warchon/results.js';
import { resolveCombat, type SpreadTables, type TableReading, type WarchonTables } from '../engine/warchon/tables.js';
import { resolveTeleport, resolveWarmasterCombat, type WarmasterTables } from '../engine/warmaster/tables.js';
import { warchonResolutionJson, warchonResolutionText } from '../analysis/warchon-resolution.js';
import { teleportResolutionJson, teleportResolutionText, warmasterResolutionJson, warmasterResolutionText } from '../analysis/warmaster-resolution.js';
import { packTables, type PackTables, type TableEngine } from '../analysis/table-engines.js';
import { formatOption, outputFormat, type OutputFormat } from './format.js';
import { CommandError, EXIT, UsageError, type Io } from './io.js';
import { didYouMean, readProjectContent } from './project.js';
import { TableError, resolveGeneric, tableArg } from './resolve-generic.js';

/**
 * The combat tables of a pack of the project, read from its YAML now (validated, layers applied):
 * undefined when the content has errors (the diagnostics are printed and the exit code is 1). A
 * pack the project lacks, or one without combat tables, is a usage error. Which tables, by the
 * pack's kinds: analysis/table-engines.ts.
 */
export function readPackTables(io: Io, packId: string, options: { preferGeneric?: boolean } = {}): PackTables | undefined {
  const read = readProjectContent(io, [packId]);
  if (!read) return undefined;
  const pack = read.packs.find((p) => p.pack.id === packId) ?? read.packs[0];
  if (!pack) throw new UsageError(`no pack "${packId}" in this project`);
  const tables = packTables(packId, pack, options);
  if (tables) return tables;
  throw new UsageError(
    `no combat or roll tables in "${packId}"`,
    "resolve and odds read a pack's combat and roll tables: kinds checked by common/combat-table.schema.json or common/roll-table.schema.json (see docs/content.md), Warchon spreads and results (warchon/spread and warchon/result schemas) or Warmaster combat and teleport tables (warmaster/combat-table, combat-result and teleport-table schemas).",
  );
}

/** A spread by id or printed number, or a usage error listing the spreads (and the nearest id, when close). */
export function spreadArg(tables: WarchonTables, arg: string): SpreadTables {
  const spread = tables.findSpread(arg.trim());
  if (spread) return spread;
  const all = [...tables.spreads.values()];
  const numeric = /^[0-9]+$/.test(arg.trim());
  throw new UsageError(
    `no spread "${arg}"`,
    `${
      numeric
        ? ''
        : didYouMean(
            arg.trim().toLowerCase(),
            all.map((s) => s.id),
          )
    }Spreads: ${all.map((s) => `${s.number} ${s.id}`).join(', ') || '(none)'}. Give an id or a number.`,
  );
}

/** Throws an error of the tables as the coded content error `table/lookup-failed` (exit 1); false for any other error. */
export function reportTableError(_io: Io, error: unknown): boolean {
  if (error instanceof TableError || error instanceof ResultGrammarError) {
    throw new CommandError(error.message, 'table/lookup-failed', EXIT.content);
  }
  return false;
}

/** A whole number (at least `min`) from an option, or a usage error naming the option. */
export function intArg(name: string, raw: string | undefined, what: string, example: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const hint = `Give ${what}, e.g. ${name} ${example}${max < Number.MAX_SAFE_INTEGER ? ` (${min} to ${max})` : ''}.`;
  if (raw === undefined) throw new UsageError(`missing ${name}`, hint);
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw;
  if (!/^\s*[+-]?[0-9]+\s*$/.test(raw)) throw new UsageError(`${name} must be a whole number, not "${shown}"`, hint);
  const n = Number(raw);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, not ${shown.trim()}`, hint);
  if (n > max || !Number.isSafeInteger(n)) throw new UsageError(`${name} must be at most ${max}, not ${shown.trim()}`, hint);
  return n;
}

function fingersArg(raw: string | undefined): { attacker: number; defender: number } {
  const hint = "Give the attacker's fingers, then the defender's, each 1 to 5: --fingers 5,2.";
  if (raw === undefined) throw new UsageError('missing --fingers', hint);
  const m = /^\s*([0-9]+)\s*,\s*([0-9]+)\s*$/.exec(raw);
  if (!m) throw new UsageError(`--fingers takes two numbers, attacker's first, not "${raw}"`, hint);
  const attacker = Number(m[1]);
  const defender = Number(m[2]);
  for (const [who, n] of [
    ['attacker', attacker],
    ['defender', defender],
  ] as const) {
    if (n < 1 || n > 5) throw new UsageError(`the ${who} shows ${n} fingers; each player shows 1 to 5`, hint);
  }
  return { attacker, defender };
}

interface ResolveOptions {
  spread?: string;
  as?: string;
  ds?: string;
  fingers?: string;
  attack?: string;
  defence?: string;
  roll?: string;
  teleport?: string;
  table?: string;
  value?: string;
  format?: string;
  json?: boolean;
}

const WARCHON_OPTIONS = ['spread', 'as', 'ds', 'fingers'] as const;
const WARMASTER_OPTIONS = ['attack', 'defence', 'roll', 'teleport'] as const;

const GENERIC_OPTIONS = ['table', 'value'] as const;

function rejectOthers(opts: ResolveOptions, engine: TableEngine | 'generic', pack: string): void {
  if (engine === 'generic') {
    const given = ([...WARCHON_OPTIONS, 'teleport'] as const).filter((o) => opts[o] !== undefined);
    if (given.length > 0)
      throw new UsageError(
        `${given.map((o) => `--${o}`).join(', ')} ${given.length === 1 ? 'is' : 'are'} not for ${pack}`,
        `${pack}'s tables take --table, then --attack, --defence and --roll (or --value and --roll), or --roll alone for a roll table.`,
      );
    return;
  }
  const foreign = [...(engine === 'warchon' ? WARMASTER_OPTIONS : WARCHON_OPTIONS), ...GENERIC_OPTIONS];
  const given = foreign.filter((o) => opts[o] !== undefined);
  if (given.length > 0) {
    const own = engine === 'warchon' ? '--spread, --as, --ds, --fingers' : '--attack, --defence, --roll, or --teleport';
    throw new UsageError(`${given.map((o) => `--${o}`).join(', ')} ${given.length === 1 ? 'is' : 'are'} not for ${pack}`, `${pack} takes ${own}.`);
  }
}

export function registerResolve(program: Command, io: Io): void {
  program
    .command('resolve')
    .description(
      'One combat look-up, the way a player checks a table: the column, the number or roll, and the result in words. Values that a layer (inference or ruling) set rather than the printed source are flagged with the entry id.',
    )
    .argument(
      '<pack>',
      'the pack of this project to read: any pack with combat or roll tables (common/combat-table and common/roll-table kinds), a Warchon pack (warchon) or a Warmaster pack (warmaster)',
    )
    .option('--table <id>', 'the combat or roll table to read, by id (needed when the pack has more than one)')
    .option('--value <n>', 'a table whose columns are keyed by a named value: that value')
    .option('--spread <id|number>', 'warchon: the spread (location) of the battle, by id or number')
    .option('--as <n>', "warchon: the Attacking army's total Attack Strength")
    .option('--ds <n>', "warchon: the Defending army's total Defense Strength")
    .option('--fingers <a,d>', "warchon: fingers shown, the attacker's first then the defender's, each 1-5")
    .option('--attack <n>', "the attacking side's total strength (warmaster: its summed attack values)")
    .option('--defence <n>', "the defending side's total strength (warmaster: its summed defence values)")
    .option('--roll <n>', 'the roll on the table, any result of its dice (warmaster: the D6 roll, 1-6)')
    .option('--teleport <d66>', 'warmaster: a D66 roll on the Teleportation Table (both digits 1-6)')
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .addHelpText(
      'after',
      `
Examples:
  playmark resolve harbor-raid --table crt --attack 7 --defence 3 --roll 9
  playmark resolve harbor-raid --table events --roll 7
  playmark resolve warchon --spread erdon-pass --as 9 --ds 7 --fingers 5,2
  playmark resolve warchon --spread 1 --as 9 --ds 7 --fingers 5,2 --format json
  playmark resolve warmaster --attack 6 --defence 3 --roll 4
  playmark resolve warmaster --teleport 35

A combat table (common/combat-table): its key picks the column: a differential (attack - defence),
odds (attack to defence, reduced as the table's key.rounding says) or a named value (--value); the
roll picks the row. A roll table (common/roll-table): the roll picks the entry. A roll the table's
dice cannot show (13 on 2d6) is a usage error.
Warchon: the differential AS - DS picks the column (the -5 and +5 columns take any gap beyond 5,
the core rules' combat clamp); the RNG is read as the core rules' rng says: the attacker's fingers
on the top row and the defender's on the left column.
A number marked E calls for a Random Event: go to the spread's Events Table, no combat result.
Warmaster: odds are rounded in the defender's favour (ruling combat-odds-rule).

The tables are read from the pack's YAML on every run (the project is found upward from the
working directory), validated and with its layers applied: an edited cell shows at once, and
content with errors prints its diagnostics and no answer (exit 1). A spread number that more than
one spread has is refused (exit 1), never guessed: give the spread by id.

--format json (or --json): { spread, differential, column, number, event, eventsTable, result, ..., origins } for
warchon, where result is the code as printed ("A1D1") or null on an event, and origins lists each
looked-up value a layer set: { value: "column" | "number" | "result", layer, entry, kind, pointer }.

Exit codes: 0 done, 1 the content has errors or the tables lack the value, 2 usage error (bad or
missing argument, a pack the project lacks or one without combat tables).`,
    )
    .action((packArg: string, opts: ResolveOptions) => {
      const format = outputFormat(opts);
      try {
        const read = readPackTables(io, packArg, { preferGeneric: opts.table !== undefined });
        if (!read) return;
        rejectOthers(opts, read.engine, read.pack);
        if (read.engine === 'generic') {
          const { json, text } = resolveGeneric(read.pack, tableArg(read.pack, read.tables, opts.table), opts);
          io.out(format === 'json' ? JSON.stringify(json, null, 2) + '\n' : text);
          io.exitCode = EXIT.ok;
          return;
        }
        if (read.engine === 'warchon') return resolveWarchonCommand(io, read.pack, read.tables, read.reading, opts, format);
        return resolveWarmasterCommand(io, read.pack, read.tables, opts, format);
      } catch (error) {
        if (reportTableError(io, error)) return;
        throw error;
      }
    });
}

function resolveWarchonCommand(io: Io, pack: string, tables: WarchonTables, reading: TableReading, opts: ResolveOptions, format: OutputFormat): void {
  if (opts.spread === undefined) {
    const ids = [...tables.spreads.keys()];
    throw new UsageError(
      'missing --spread',
      `Give the spread by id or number, e.g. --spread ${ids[0] ?? 'erdon-pass'} (spreads: ${ids.join(', ') || '(none)'}).`,
    );
  }
  const spread = spreadArg(tables, opts.spread);
  const as = intArg('--as', opts.as, "the Attacking army's total Attack Strength", 9);
  const ds = intArg('--ds', opts.ds, "the Defending army's total Defense Strength", 7);
  const fingers = fingersArg(opts.fingers);
  const r = resolveCombat(spread, { as, ds, fingers }, reading);
  io.out(format === 'json' ? JSON.stringify(warchonResolutionJson(pack, r, spread), null, 2) + '\n' : warchonResolutionText(r, spread));
  io.exitCode = EXIT.ok;
}

function resolveWarmasterCommand(io: Io, pack: string, tables: WarmasterTables, opts: ResolveOptions, format: OutputFormat): void {
  if (opts.teleport !== undefined) {
    const combat = (['attack', 'defence', 'roll'] as const).filter((o) => opts[o] !== undefined);
    if (combat.length > 0)
      throw new UsageError(
        `--teleport cannot be combined with ${combat.map((o) => `--${o}`).join(', ')}`,
        'Look up either the Teleportation Table (--teleport) or the combat table (--attack, --defence, --roll).',
      );
    const roll = intArg('--teleport', opts.teleport, 'a D66 roll (11 to 66, both digits 1-6)', 35);
    if (!/^[1-6][1-6]$/.test(String(roll)))
      throw new UsageError(
        `--teleport ${opts.teleport.trim()} is not a D66 roll`,
        'A D66 roll is two D6, tens then units, each 1 to 6: 11 to 66, e.g. --teleport 35.',
      );
    const entries = tables.teleportTable();
    const tableId = [...tables.teleportTables].find(([, e]) => e === entries)?.[0] ?? '';
    const t = resolveTeleport(entries, roll);
    io.out(format === 'json' ? JSON.stringify(teleportResolutionJson(pack, tableId, t), null, 2) + '\n' : teleportResolutionText(t));
    io.exitCode = EXIT.ok;
    return;
  }
  if (opts.attack === undefined && opts.defence === undefined && opts.roll === undefined) {
    throw new UsageError('warmaster needs --attack, --defence and --roll, or --teleport', 'e.g. --attack 6 --defence 3 --roll 4, or --teleport 35.');
  }
  const attack = intArg('--attack', opts.attack, "the attacking side's summed attack values", 6, 1);
  const defence = intArg('--defence', opts.defence, "the defending side's summed defence values", 3, 1);
  const roll = intArg('--roll', opts.roll, 'the D6 roll, 1-6', 4);
  if (roll < 1 || roll > 6) throw new UsageError(`--roll must be 1 to 6 (a D6), not ${roll}`, 'Give the D6 roll, e.g. --roll 4.');
  const table = tables.combatTable();
  const r = resolveWarmasterCombat(table, { attack, defence, roll });
  io.out(format === 'json' ? JSON.stringify(warmasterResolutionJson(pack, r, table), null, 2) + '\n' : warmasterResolutionText(r, table));
  io.exitCode = EXIT.ok;
}
