import type { Command } from 'commander';
import { closest } from 'fastest-levenshtein';
import { describeResult, type CombatResult } from '../engine/warchon/results.js';
import { findSpread, resolveCombat, SPREADS, TableError as WarchonTableError, type Provenance, type Resolution, type SpreadTables } from '../engine/warchon/tables.js';
import {
  COMBAT_TABLE,
  resolveTeleport,
  resolveWarmasterCombat,
  TableError as WarmasterTableError,
  TELEPORT_TABLE,
  type TeleportResolution,
  type WarmasterResolution,
} from '../engine/warmaster/tables.js';
import { EXIT, UsageError, type Io } from './io.js';

/** The packs with combat tables that `resolve` and `odds` read (from generated/). */
export const TABLE_PACKS = ['warchon', 'warmaster'] as const;
export type TablePack = (typeof TABLE_PACKS)[number];

export function tablePack(arg: string): TablePack {
  if ((TABLE_PACKS as readonly string[]).includes(arg)) return arg as TablePack;
  throw new UsageError(`no combat tables for "${arg}"`, `Give one of: ${TABLE_PACKS.join(', ')}${suggest(arg, TABLE_PACKS)}.`);
}

function suggest(arg: string, choices: readonly string[]): string {
  if (choices.length === 0) return '';
  const near = closest(arg.toLowerCase(), choices);
  return arg.length > 0 && near.length > 0 ? ` (did you mean "${near}"?)` : '';
}

/** A spread by id or printed number, or a usage error naming the nearest id. */
export function spreadArg(arg: string): SpreadTables {
  const spread = findSpread(arg.trim());
  if (spread) return spread;
  const all = [...SPREADS.values()];
  const ids = all.map((s) => s.id);
  const near = closest(arg.toLowerCase(), ids);
  throw new UsageError(
    `no spread "${arg}"${/^[0-9]+$/.test(arg.trim()) ? '' : `; did you mean "${near}"?`}`,
    `Spreads: ${all.map((s) => `${s.number} ${s.id}`).join(', ')}. Give an id or a number.`,
  );
}

/** A whole number (at least `min`) from an option, or a usage error naming the option. */
export function intArg(name: string, raw: string | undefined, what: string, example: number, min = 0): number {
  const hint = `Give ${what}, e.g. ${name} ${example}.`;
  if (raw === undefined) throw new UsageError(`missing ${name}`, hint);
  if (!/^\s*[+-]?[0-9]+\s*$/.test(raw)) throw new UsageError(`${name} must be a whole number, not "${raw}"`, hint);
  const n = Number(raw);
  if (n < min) throw new UsageError(`${name} must be at least ${min}, not ${n}`, hint);
  return n;
}

function fingersArg(raw: string | undefined): { attacker: number; defender: number } {
  const hint = 'Give the attacker\'s fingers, then the defender\'s, each 1 to 5: --fingers 5,2.';
  if (raw === undefined) throw new UsageError('missing --fingers', hint);
  const m = /^\s*([0-9]+)\s*,\s*([0-9]+)\s*$/.exec(raw);
  if (!m) throw new UsageError(`--fingers takes two numbers, attacker's first, not "${raw}"`, hint);
  const attacker = Number(m[1]);
  const defender = Number(m[2]);
  for (const [who, n] of [['attacker', attacker], ['defender', defender]] as const) {
    if (n < 1 || n > 5) throw new UsageError(`the ${who} shows ${n} fingers; each player shows 1 to 5`, hint);
  }
  return { attacker, defender };
}

export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** "(ruling erdon-pass-crt-row-4, not printed)" for a value a layer set. */
export function flag(origin: Pick<Provenance, 'kind' | 'entry'> | null | undefined): string {
  return origin ? ` (${origin.kind} ${origin.entry}, not printed)` : '';
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
  json: boolean;
}

const WARCHON_OPTIONS = ['spread', 'as', 'ds', 'fingers'] as const;
const WARMASTER_OPTIONS = ['attack', 'defence', 'roll', 'teleport'] as const;

function rejectOthers(opts: ResolveOptions, pack: TablePack): void {
  const foreign = pack === 'warchon' ? WARMASTER_OPTIONS : WARCHON_OPTIONS;
  const given = foreign.filter((o) => opts[o] !== undefined);
  if (given.length > 0) {
    const own = pack === 'warchon' ? '--spread, --as, --ds, --fingers' : '--attack, --defence, --roll, or --teleport';
    throw new UsageError(`${given.map((o) => `--${o}`).join(', ')} ${given.length === 1 ? 'is' : 'are'} not for ${pack}`, `${pack} takes ${own}.`);
  }
}

export function registerResolve(program: Command, io: Io): void {
  program
    .command('resolve')
    .description('One combat look-up, the way a player checks a table: the column, the number or roll, and the result in words. Values that a layer (inference or ruling) set rather than the printed source are flagged with the entry id.')
    .argument('<pack>', `the game: ${TABLE_PACKS.join(' or ')}`)
    .option('--spread <id|number>', 'warchon: the spread (location) of the battle, by id or number')
    .option('--as <n>', 'warchon: the Attacking army\'s total Attack Strength')
    .option('--ds <n>', 'warchon: the Defending army\'s total Defense Strength')
    .option('--fingers <a,d>', 'warchon: fingers shown, the attacker\'s first then the defender\'s, each 1-5')
    .option('--attack <n>', 'warmaster: the attacking side\'s summed attack values')
    .option('--defence <n>', 'warmaster: the defending side\'s summed defence values')
    .option('--roll <d6>', 'warmaster: the D6 roll on the combat table, 1-6')
    .option('--teleport <d66>', 'warmaster: a D66 roll on the Teleportation Table (both digits 1-6)')
    .option('--json', 'print the look-up as JSON', false)
    .addHelpText(
      'after',
      `
Examples:
  playmark resolve warchon --spread erdon-pass --as 9 --ds 7 --fingers 5,2
  playmark resolve warchon --spread 1 --as 9 --ds 7 --fingers 5,2 --json
  playmark resolve warmaster --attack 6 --defence 3 --roll 4
  playmark resolve warmaster --teleport 35

Warchon: the differential AS - DS picks the column (the -5 and +5 columns take any gap beyond 5);
the RNG is read with the attacker's fingers on the top row and the defender's on the left column.
A number marked E calls for a Random Event: go to the spread's Events Table, no combat result.
Warmaster: odds are rounded in the defender's favour (ruling combat-odds-rule).

--json: { spread, differential, column, number, event, eventsTable, result, ..., origins } for
warchon, where result is the code as printed ("A1D1") or null on an event, and origins lists each
looked-up value a layer set: { value: "column" | "number" | "result", layer, entry, kind, pointer }.

Exit codes: 0 done, 1 the tables lack the value, 2 usage error (bad or missing argument).`,
    )
    .action((packArg: string, opts: ResolveOptions) => {
      const pack = tablePack(packArg);
      rejectOthers(opts, pack);
      try {
        if (pack === 'warchon') return resolveWarchonCommand(io, opts);
        return resolveWarmasterCommand(io, opts);
      } catch (error) {
        if (error instanceof WarchonTableError || error instanceof WarmasterTableError) {
          io.err(`playmark: ${error.message}\n`);
          io.exitCode = EXIT.content;
          return;
        }
        throw error;
      }
    });
}

function resolveWarchonCommand(io: Io, opts: ResolveOptions): void {
  if (opts.spread === undefined) throw new UsageError('missing --spread', `Give the spread by id or number, e.g. --spread erdon-pass (spreads: ${[...SPREADS.keys()].join(', ')}).`);
  const spread = spreadArg(opts.spread);
  const as = intArg('--as', opts.as, "the Attacking army's total Attack Strength", 9);
  const ds = intArg('--ds', opts.ds, "the Defending army's total Defense Strength", 7);
  const fingers = fingersArg(opts.fingers);
  const r = resolveCombat(spread, { as, ds, fingers });
  io.out(opts.json ? JSON.stringify(warchonJson(r, spread), null, 2) + '\n' : warchonText(r, spread));
  io.exitCode = EXIT.ok;
}

function warchonJson(r: Resolution, spread: SpreadTables) {
  return {
    pack: 'warchon',
    spread: r.spread,
    spreadNumber: spread.number,
    as: r.as,
    ds: r.ds,
    differential: r.differential,
    column: r.column.label,
    fingers: r.fingers,
    number: r.number,
    event: r.event,
    eventsTable: r.eventsTable,
    result: r.result?.code ?? null,
    outcome: r.result && outcomeJson(r.result),
    origins: r.origins.map((o) => ({ value: o.value, layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer })),
  };
}

function outcomeJson(result: CombatResult) {
  return { kind: result.kind, form: result.form, name: result.name, attacker: result.attacker, defender: result.defender, engaged: result.engaged, words: describeResult(result) };
}

function warchonText(r: Resolution, spread: SpreadTables): string {
  const origin = (value: string) => r.origins.find((o) => o.value === value) ?? null;
  const lines = [
    `${spread.name} (spread ${spread.number}, ${spread.id})`,
    `Differential ${signed(r.differential)} (AS ${r.as} - DS ${r.ds}): column ${r.column.label}.${flag(origin('column'))}`,
  ];
  const fingers = `Fingers ${r.fingers.attacker} (attacker) and ${r.fingers.defender} (defender)`;
  if (r.event) {
    lines.push(`${fingers}: number ${r.number}E, a Random Event.${flag(origin('number'))}`);
    if (spread.events) {
      lines.push(`Go to the ${spread.name} Events Table (${spread.id}) and generate another number for the entry:`);
      for (const e of spread.events) lines.push(`  ${e.number} ${e.name}`);
    } else {
      lines.push(`${spread.name} prints no Events Table.`);
    }
    lines.push('No combat result yet: unless the event ends combat, recalculate CS and generate a new number, ignoring further events this turn.');
  } else {
    lines.push(`${fingers}: number ${r.number}.${flag(origin('number'))}`);
    const result = r.result!;
    const name = result.name ? ` (${result.name})` : '';
    lines.push(`Result ${result.code}${name}: ${describeResult(result)}.${flag(origin('result'))}`);
  }
  return lines.join('\n') + '\n';
}

function resolveWarmasterCommand(io: Io, opts: ResolveOptions): void {
  if (opts.teleport !== undefined) {
    const combat = (['attack', 'defence', 'roll'] as const).filter((o) => opts[o] !== undefined);
    if (combat.length > 0) throw new UsageError(`--teleport cannot be combined with ${combat.map((o) => `--${o}`).join(', ')}`, 'Look up either the Teleportation Table (--teleport) or the combat table (--attack, --defence, --roll).');
    const roll = intArg('--teleport', opts.teleport, 'a D66 roll (11 to 66, both digits 1-6)', 35);
    if (!/^[1-6][1-6]$/.test(String(roll))) throw new UsageError(`--teleport ${opts.teleport.trim()} is not a D66 roll`, 'A D66 roll is two D6, tens then units, each 1 to 6: 11 to 66, e.g. --teleport 35.');
    const t = resolveTeleport(TELEPORT_TABLE, roll);
    io.out(opts.json ? JSON.stringify(teleportJson(t), null, 2) + '\n' : teleportText(t));
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
  const r = resolveWarmasterCombat(COMBAT_TABLE, { attack, defence, roll });
  io.out(opts.json ? JSON.stringify(warmasterJson(r), null, 2) + '\n' : warmasterText(r));
  io.exitCode = EXIT.ok;
}

function warmasterJson(r: WarmasterResolution) {
  return {
    pack: 'warmaster',
    table: COMBAT_TABLE.id,
    attack: r.attack,
    defence: r.defence,
    odds: `${r.odds[0]}-${r.odds[1]}`,
    column: r.column.label,
    roll: r.roll,
    result: r.result.code,
    name: r.result.name,
    text: r.result.text,
    outcome: { attacker: r.result.attacker, defender: r.result.defender, battleAgain: r.result.battleAgain },
    origins: r.origins.map((o) => ({ value: o.value, layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer })),
  };
}

function warmasterText(r: WarmasterResolution): string {
  const origin = (value: string) => r.origins.find((o) => o.value === value) ?? null;
  const ratio = `${r.odds[0]}-${r.odds[1]}`;
  return [
    `${COMBAT_TABLE.name}`,
    `Attack ${r.attack} against defence ${r.defence}: odds ${ratio}, rounded in the defender's favour: column ${r.column.label}.${flag(origin('column'))}`,
    `D6 roll ${r.roll}: ${r.result.code}, ${r.result.name}: ${r.result.text}${flag(origin('result'))}`,
  ].join('\n') + '\n';
}

function teleportJson(t: TeleportResolution) {
  const o = t.entry.origin;
  return {
    pack: 'warmaster',
    table: 'teleportation',
    roll: t.roll,
    range: t.entry.range,
    result: t.entry.name,
    outcome: t.entry.outcome,
    text: t.entry.text,
    origins: o ? [{ value: 'result', layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer }] : [],
  };
}

function teleportText(t: TeleportResolution): string {
  const { min, max } = t.entry.range;
  const range = min === max ? `${min}` : `${min ?? ''}-${max ?? ''}`;
  return [`Teleportation Table`, `D66 roll ${t.roll} (${range}): ${t.entry.name} ${t.entry.text}${flag(t.entry.origin)}`].join('\n') + '\n';
}
