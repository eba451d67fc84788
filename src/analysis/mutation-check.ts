// The mutation check of `playmark coverage <pack> --mutate` (issue 22): a rule an engine says it
// runs must matter to play. For each such rule, its data is changed in a copy of the content (the
// engine's declared mutation, else a default: its effects removed, else its first number changed,
// else its first yes/no flipped) and a seeded batch of bot games is played again. A rule whose
// change leaves the batch's report as it was "survives": the game does not read it, or the pack's
// own scenarios never set it off. Games are played in chunks; a rule is killed at the first chunk
// whose play differs, when the report of the games so far (what `simulate --scenario X --games k --seed S`
// prints) differs too, so most rules cost a chunk and only survivors the whole batch. A declared
// mutation may ask for a longer batch (`batch`: a rule the pack's own games set off rarely); that
// rule alone plays it, the unchanged games it needs played once.
import type { BotName } from '../engine/core/bots.js';
import type { JsonValue } from '../engine/core/log.js';
import type { RuleMutation } from '../engine/coverage.js';
import { loadGame, type GameRef } from '../engine/games.js';
import { playRange, type GameContent, type Played } from './simulate.js';
import { addCounts, addGame, emptyTally, makeReport, reportJson, type Batch } from './simulate-report.js';
import { reportText } from './simulate-text.js';

/** A rule to check: where it sits, and the change its engine declares for it, if any. */
export interface MutationTarget {
  readonly key: string;
  readonly kind: string;
  readonly id: string;
  /** Where the rule sits in its record (JSON pointer; empty for the record itself). */
  readonly pointer: string;
  readonly declared?: RuleMutation;
}

/** The change made to a rule: a value set or removed at a pointer into a record (the rule's own, unless the engine names another). */
export interface PlannedMutation {
  /** The record changed, `<kind>/<id>`. */
  readonly record: string;
  /** A JSON pointer into that record. */
  readonly pointer: string;
  readonly value?: JsonValue;
  readonly remove?: true;
  readonly what: string;
  /** Declared by the engine (rulesMutations), not derived from the rule's data. */
  readonly declared: boolean;
  /** A longer batch the engine declares for this rule, and why (RuleMutation `batch`). */
  readonly batch?: { readonly games: number; readonly why: string };
}

/** How a mutated batch differed: the scenario, the games compared (0 to games-1), the first line of the report that changed. */
export interface Difference {
  readonly scenario: string | null;
  readonly games: number;
  /**
   * The line's number (1-based) in the report as text (or as JSON, when the text is the same), and
   * the line before and after; `error`: no report, as reading the changed content threw (the
   * message is `after`).
   */
  readonly line: { readonly number: number; readonly format: 'text' | 'json' | 'error'; readonly before: string; readonly after: string };
  /** Games of those that failed with the mutation (an error, or no legal move): a change the game cannot play at all. */
  readonly failed: number;
}

export interface MutationResult {
  readonly key: string;
  /** null: the rule has no data to change and its engine declares no mutation. */
  readonly mutation: PlannedMutation | null;
  /** `fixed`: the pack's schema refuses the change, so the value cannot be other than it is (no game is played). */
  readonly status: 'killed' | 'fixed' | 'survived' | 'no-mutation';
  /** For `killed`: how the report changed. */
  readonly difference?: Difference;
  /** For `fixed`: what the schema says of the changed record. */
  readonly refusal?: string;
  /** Games a scenario played for this rule, when its declared batch is longer than the check's. */
  readonly games?: number;
}

export interface MutationReport {
  readonly pack: string;
  readonly games: number;
  readonly seed: number;
  readonly bot: BotName;
  readonly scenarios: readonly (string | null)[];
  /** Baseline games that failed (an error or no legal move), by scenario: such games hide what a mutation changes. */
  readonly baselineFailed: number;
  readonly rules: number;
  readonly killed: number;
  /** Rules whose change the schema refuses: their value is fixed, read or not. */
  readonly fixed: number;
  readonly survived: number;
  readonly unmutated: number;
  readonly results: readonly MutationResult[];
}

export interface MutationCheckOptions {
  /** Games a scenario (game i seeded from `seed` and i, as simulate's). */
  readonly games: number;
  readonly seed: number;
  /** The scenarios to play (null: the game's own). */
  readonly scenarios: readonly (string | null)[];
  /** The bot of every side (default random). */
  readonly bot?: BotName;
  readonly maxMoves?: number;
  /** Games compared at a time (default 20). */
  readonly chunk?: number;
  /**
   * The schema check of a changed record (`<kind>/<id>`): what it refuses, or null when the record
   * is valid. Given, a change the schema refuses is reported `fixed` and not played.
   */
  readonly refuses?: (record: string, value: JsonValue) => string | null;
  /** Called after each rule, with the rules checked and the rules to check. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** A mutation the content cannot take: its pointer names nothing in the rule's record. */
export class MutationError extends Error {
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
  }
}

/** The content's records, the part a mutation changes (the rest of the content is passed on as it is). */
type Records = { readonly [kind: string]: { readonly [id: string]: JsonValue } };
type Content = { readonly records: Records; readonly pack: { readonly id: string; readonly version: string } };

const DEFAULT_CHUNK = 20;
const DEFAULT_MAX_MOVES = 10_000;

/**
 * Checks every target: plays the baseline batch of each scenario, then for each rule the same
 * batch with its mutation. Throws MutationError, before any game, for a declared mutation whose
 * pointer names nothing.
 */
export async function mutationCheck(
  ref: GameRef,
  content: GameContent,
  targets: readonly MutationTarget[],
  options: MutationCheckOptions,
): Promise<MutationReport> {
  const c = content as Content;
  const planned = targets.map((t) => ({ target: t, mutation: planMutation(c.records, t) }));
  const game = await loadGame(ref);
  const bot = options.bot ?? 'random';
  const chunk = Math.max(1, options.chunk ?? DEFAULT_CHUNK);
  const sides = game.sides(content);
  const batchOf = (scenario: string | null): Batch => ({
    pack: c.pack.id,
    packVersion: c.pack.version,
    scenario,
    seed: options.seed,
    games: options.games,
    bots: sides.map((side) => ({ side, bot })),
    maxMoves: options.maxMoves ?? DEFAULT_MAX_MOVES,
  });
  const rangesOf = (games: number) => {
    const out: { from: number; to: number }[] = [];
    for (let from = 0; from < games; from += chunk) out.push({ from, to: Math.min(games, from + chunk) });
    return out;
  };
  const ranges = rangesOf(options.games);
  // The unchanged games, played once each range is first asked for (a longer batch asks for more).
  const baseline = options.scenarios.map((scenario) => {
    const batch = batchOf(scenario);
    const chunks = new Map<string, { played: Played; key: string }>();
    const at = (r: { from: number; to: number }) => {
      const name = `${r.from}-${r.to}`;
      let c = chunks.get(name);
      if (c === undefined) {
        const played = playRange(game, content, batch, r);
        c = { played, key: JSON.stringify(played) };
        chunks.set(name, c);
      }
      return c;
    };
    for (const r of ranges) at(r);
    return { scenario, batch, at };
  });
  const baselineFailed = baseline.reduce((n, b) => n + ranges.reduce((m, r) => m + b.at(r).played.summaries.filter(failed).length, 0), 0);

  const results: MutationResult[] = [];
  for (const { target, mutation } of planned) {
    const mutated = mutation === null ? null : withMutation(c, mutation);
    const refusal = mutation === null || mutated === null ? null : (options.refuses?.(mutation.record, recordOf(mutated, mutation.record)) ?? null);
    if (mutation === null || mutated === null) results.push({ key: target.key, mutation: null, status: 'no-mutation' });
    else if (refusal !== null) results.push({ key: target.key, mutation, status: 'fixed', refusal });
    else {
      const longer = (mutation.batch?.games ?? 0) > options.games ? mutation.batch!.games : null;
      let difference: Difference | undefined;
      for (const base of baseline) {
        difference = firstDifference(base, longer === null ? ranges : rangesOf(longer), (r) => playRange(game, mutated, base.batch, r));
        if (difference) break;
      }
      const games = longer === null ? {} : { games: longer };
      results.push(
        difference ? { key: target.key, mutation, status: 'killed', difference, ...games } : { key: target.key, mutation, status: 'survived', ...games },
      );
    }
    options.onProgress?.(results.length, planned.length);
  }
  const count = (s: MutationResult['status']) => results.filter((r) => r.status === s).length;
  return {
    pack: c.pack.id,
    games: options.games,
    seed: options.seed,
    bot,
    scenarios: options.scenarios,
    baselineFailed,
    rules: results.length,
    killed: count('killed'),
    fixed: count('fixed'),
    survived: count('survived'),
    unmutated: count('no-mutation'),
    results,
  };
}

const failed = (g: Played['summaries'][number]) => g.end === 'error' || g.end === 'no-legal-move';

/** The first chunk after which the mutated batch's report differs from the baseline's, or undefined when every report is the same. */
function firstDifference(
  base: { readonly scenario: string | null; readonly batch: Batch; readonly at: (range: { from: number; to: number }) => { played: Played; key: string } },
  ranges: readonly { from: number; to: number }[],
  play: (range: { from: number; to: number }) => Played,
): Difference | undefined {
  const mutated: Played[] = [];
  let changed = false;
  for (let j = 0; j < ranges.length; j++) {
    let p: Played;
    try {
      p = play(ranges[j]!);
    } catch (error) {
      // Games catch what the game throws; this is the batch's own reading of the content (the combat odds of its tables).
      const message = String((error as Error)?.message ?? error).split('\n')[0]!;
      return { scenario: base.scenario, games: ranges[j]!.to, line: { number: 0, format: 'error', before: '', after: message }, failed: 0 };
    }
    mutated.push(p);
    // Play that differs in a chunk almost always changes the report of the games so far; when it does not (changes that cancel out), play on.
    changed ||= JSON.stringify(p) !== base.at(ranges[j]!).key;
    if (!changed) continue;
    const games = ranges[j]!.to;
    const before = reportOf(
      base.batch,
      games,
      ranges.slice(0, j + 1).map((r) => base.at(r).played),
    );
    const after = reportOf(base.batch, games, mutated);
    const line = firstLine(before.text, after.text, 'text') ?? firstLine(before.json, after.json, 'json');
    if (line) return { scenario: base.scenario, games, line, failed: mutated.reduce((n, m) => n + m.summaries.filter(failed).length, 0) };
  }
  return undefined;
}

/** The report of games 0 to games-1, as `simulate --games <games>` with the same seed prints it. */
function reportOf(batch: Batch, games: number, played: readonly Played[]): { text: string; json: string } {
  const tally = emptyTally();
  for (const p of played) {
    for (const g of p.summaries) addGame(tally, g);
    addCounts(tally, p.counts);
  }
  const report = makeReport({ ...batch, games }, { from: 0, to: games }, tally);
  return { text: reportText(report), json: reportJson(report) };
}

function firstLine(a: string, b: string, format: 'text' | 'json'): Difference['line'] | undefined {
  if (a === b) return undefined;
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return { number: i + 1, format, before: x[i] ?? '', after: y[i] ?? '' };
  return undefined;
}

/** The change to make for a rule: its engine's declared one (its pointer checked), else the default its data gives, else null. */
export function planMutation(records: Records, target: MutationTarget): PlannedMutation | null {
  const name = target.declared?.record ?? `${target.kind}/${target.id}`;
  const [kind, id] = name.split('/') as [string, string];
  const record = records[kind]?.[id];
  if (record === undefined) throw new MutationError(`${target.key}: the pack has no ${kind} "${id}"`, target.key);
  if (target.declared) {
    const { pointer, what } = target.declared;
    if (!exists(record, steps(pointer)))
      throw new MutationError(`${target.key}: its mutation names ${pointer}, which ${kind} "${id}" does not have`, target.key);
    return { ...target.declared, record: name, pointer, what, declared: true };
  }
  const planned = defaultMutation(at(record, steps(target.pointer)), target.pointer);
  return planned && { ...planned, record: name };
}

/**
 * The default change for a rule: its effects removed, when it has any the interpreter applies (not
 * only `manual` notes or `no-effect`); else its first number plus one; else its first yes/no
 * flipped; else none (the engine must declare one). Its `source` and texts are never changed.
 */
export function defaultMutation(rule: JsonValue | undefined, rulePointer: string): Omit<PlannedMutation, 'record'> | null {
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return null;
  const obj = rule as { readonly [key: string]: JsonValue };
  const list = Array.isArray(obj.do) ? 'do' : Array.isArray(obj.effects) ? 'effects' : null;
  if (list !== null && (obj[list] as readonly JsonValue[]).some(applied))
    // One `no-effect`, not an empty list: schemas may ask for at least one effect.
    return { pointer: `${rulePointer}/${list}`, value: [{ kind: 'no-effect' }], what: `its effects removed (${list}: [no-effect])`, declared: false };
  const number = firstOf(rule, 'number');
  if (number) {
    const v = number.value as number;
    return { pointer: `${rulePointer}${number.pointer}`, value: v + 1, what: `${number.pointer.slice(1)} ${v} changed to ${v + 1}`, declared: false };
  }
  const flag = firstOf(rule, 'boolean');
  if (flag)
    return {
      pointer: `${rulePointer}${flag.pointer}`,
      value: !flag.value,
      what: `${flag.pointer.slice(1)} ${flag.value} changed to ${!flag.value}`,
      declared: false,
    };
  return null;
}

/** An effect the interpreter applies: not a `manual` note, not `no-effect`. */
function applied(effect: JsonValue): boolean {
  if (effect === null || typeof effect !== 'object' || Array.isArray(effect)) return false;
  const kind = (effect as { readonly kind?: JsonValue }).kind;
  return kind !== 'manual' && kind !== 'no-effect';
}

/** The first value of a type in document order (depth first), skipping `source`; its pointer relative to `value`. */
function firstOf(value: JsonValue, type: 'number' | 'boolean', pointer = ''): { pointer: string; value: JsonValue } | undefined {
  if (typeof value === type) return { pointer, value };
  if (value === null || typeof value !== 'object') return undefined;
  const entries: [string, JsonValue][] = Array.isArray(value)
    ? (value as readonly JsonValue[]).map((v, i) => [String(i), v])
    : Object.entries(value as { readonly [key: string]: JsonValue });
  for (const [k, v] of entries) {
    if (k === 'source') continue;
    const found = firstOf(v, type, `${pointer}/${escape(k)}`);
    if (found) return found;
  }
  return undefined;
}

/** A copy of the content with one record changed: every object on the path to the change copied, the rest shared (the content may be frozen). */
export function withMutation(content: Content, mutation: Pick<PlannedMutation, 'record' | 'pointer' | 'value' | 'remove'>): Content {
  const [kind, id] = mutation.record.split('/') as [string, string];
  const record = content.records[kind]![id]!;
  const changed = changeAt(record, steps(mutation.pointer), mutation);
  return { ...content, records: { ...content.records, [kind]: { ...content.records[kind], [id]: changed } } };
}

function recordOf(content: Content, record: string): JsonValue {
  const [kind, id] = record.split('/') as [string, string];
  return content.records[kind]![id]!;
}

function changeAt(node: JsonValue, path: readonly string[], m: Pick<PlannedMutation, 'value' | 'remove'>): JsonValue {
  if (path.length === 0) return m.value as JsonValue;
  const [step, ...rest] = path as [string, ...string[]];
  if (Array.isArray(node)) {
    const list = [...(node as readonly JsonValue[])];
    const i = Number(step);
    if (rest.length === 0 && m.remove) list.splice(i, 1);
    else list[i] = changeAt(list[i]!, rest, m);
    return list;
  }
  const obj = { ...(node as { readonly [key: string]: JsonValue }) };
  if (rest.length === 0 && m.remove) delete obj[step];
  else obj[step] = changeAt(obj[step]!, rest, m);
  return obj;
}

function steps(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function escape(step: string): string {
  return step.replace(/~/g, '~0').replace(/\//g, '~1');
}

function at(node: JsonValue | undefined, path: readonly string[]): JsonValue | undefined {
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(step)) return undefined;
      node = (node as readonly JsonValue[])[Number(step)];
    } else node = Object.hasOwn(node, step) ? (node as { readonly [key: string]: JsonValue })[step] : undefined;
  }
  return node;
}

function exists(node: JsonValue, path: readonly string[]): boolean {
  return at(node, path) !== undefined;
}
