// Replaying a game log (docs/game-log.md): the header's seed and options set the game up, the log's
// `play` lines are played in order, and every line the game writes is compared with the log's line
// at the same place. The first line that differs is reported with its number and what happened
// there (a line missing, a line extra, a line of another type, or a field that differs); a replay
// that matches to the end has reached the same final state (the `stop` line carries its digest).
import type { Game, GameMove, GameState } from '../engine/core/game.js';
import type { JsonValue } from '../engine/core/log.js';
import { excerpt, shorten } from './log-file.js';
import { playGame, type LogLine } from './simulate-game.js';
import { LOG_FORMAT, LOG_VERSION } from './simulate.js';

/** The header (first line) of a game log. */
export interface LogHeader {
  readonly type: 'log';
  readonly format: typeof LOG_FORMAT;
  readonly version: number;
  readonly pack: string;
  readonly packVersion: string;
  readonly seed: number;
  readonly options: { readonly scenario: string | null; readonly maxMoves: number };
  readonly sides: readonly string[];
  readonly bots: { readonly [side: string]: string };
  readonly batch?: { readonly seed: number; readonly game: number };
  readonly playmark?: string;
  /** Set in a log written as one side sees it (`simulate --log --view`): that side. Such a log does not replay. */
  readonly view?: string;
}

/** A log that is not a game log at all (its first line): the replay cannot start. */
export class LogError extends Error {}

/** Reads the header from a log's first line, or throws a LogError saying why it is not a game log. */
export function readHeader(first: string | undefined): LogHeader {
  if (first === undefined) throw new LogError('the file is empty: a game log starts with its header line (docs/game-log.md)');
  let header: Partial<LogHeader>;
  try {
    header = JSON.parse(first.replace(/^\uFEFF/, '')) as Partial<LogHeader>;
  } catch {
    throw new LogError(`line 1 is not JSON: a game log starts with its header line (docs/game-log.md); line 1 starts ${excerpt(first)}`);
  }
  if (header?.type !== 'log' || header.format !== LOG_FORMAT)
    throw new LogError(`line 1 is not a game log header (${JSON.stringify({ type: 'log', format: LOG_FORMAT })})`);
  if (header.version !== LOG_VERSION) throw new LogError(`the log is format version ${String(header.version)}; this playmark reads version ${LOG_VERSION}`);
  // A view log has no seed (simulate.ts viewHeader): replay refuses it by its `view` (cli/replay.ts viewLogDiagnostic), not as a bad header.
  if (header.view !== undefined && typeof header.pack === 'string') return header as LogHeader;
  if (typeof header.pack !== 'string' || !Number.isSafeInteger(header.seed) || !header.options || !Number.isSafeInteger(header.options.maxMoves)) {
    throw new LogError('the header lacks pack, seed or options.maxMoves');
  }
  return header as LogHeader;
}

/**
 * What happened at the first difference: the game wrote a line the log lacks there (`missing`), the
 * log has a line the game did not write (`extra`), the two lines are of different types (`type`), or
 * of the same type with a field that differs (`field`); or the log's line is not JSON (`json`), its
 * move is not legal (`move`), or the replay stopped on an error (`stopped`).
 */
export type DifferenceKind = 'missing' | 'extra' | 'type' | 'field' | 'json' | 'move' | 'stopped';

export type ReplayOutcome =
  | { readonly same: true; readonly lines: number; readonly moves: number; readonly stop: LogLine }
  | {
      readonly same: false;
      readonly kind: DifferenceKind;
      /** The 1-based line of the log where the replay first differs. */
      readonly line: number;
      /** In words: what differs. */
      readonly message: string;
      /** The log's line there (null past the log's end), and the replay's (null when the replay ended first). */
      readonly logged: JsonValue | null;
      readonly replayed: JsonValue | null;
    };

/**
 * Replays a log: sets the game up from the header, plays the log's moves, and compares every line.
 * The moves come from the log's `play` lines; the bots named in the header are not needed.
 */
export function replayLog(game: Game<unknown, GameState, GameMove>, content: unknown, raw: readonly string[]): ReplayOutcome {
  const header = readHeader(raw[0]);
  const lineAt = (i: number): { value: JsonValue } | { error: string } | null => {
    if (i >= raw.length) return null;
    try {
      return { value: JSON.parse(raw[i]!) as JsonValue };
    } catch (e) {
      // V8's message quotes the text: keep it short.
      return { error: `is not JSON (${shorten((e as Error).message, 120)})` };
    }
  };
  // The moves to play, from the log's play lines, in order. A play line that is not JSON is found
  // by the comparison below, at its own line.
  const moves: GameMove[] = [];
  for (let i = 1; i < raw.length; i++) {
    const l = lineAt(i);
    // Cast: a logged move is the JSON of the move the game offered (replay checks it is legal).
    if (l && 'value' in l && isObject(l.value) && l.value.type === 'play' && isObject(l.value.move)) moves.push(l.value.move as unknown as GameMove);
  }
  let at = 1; // the next log line to compare (0-based)
  let failure: ReplayOutcome | undefined;
  // The first line that differs, and the game's next lines after it: what they match tells a
  // missing or extra line from a changed one (differenceAt).
  let differs: { at: number; logged: JsonValue; replayed: LogLine; after: LogLine[] } | undefined;
  let stop: LogLine | undefined;
  const scripted = scriptedBot(moves);
  const compare = (line: LogLine) => {
    if (differs) {
      if (differs.after.length < LOOKAHEAD) differs.after.push(line);
      return;
    }
    if (failure) return;
    const logged = lineAt(at);
    const n = at + 1;
    at++;
    if (line.type === 'stop') stop = line;
    if (line.type === 'play' && scripted.illegal) {
      failure = {
        same: false,
        kind: 'move',
        line: n,
        message: `the move ${JSON.stringify(scripted.illegal.move)} is not legal here (the game offers ${scripted.illegal.legal} moves: ${scripted.illegal.kinds})`,
        logged: logged && 'value' in logged ? logged.value : null,
        replayed: null,
      };
      return;
    }
    if (logged === null) {
      failure = { same: false, kind: 'missing', line: n, message: `the log ends at line ${n - 1}, the replay goes on`, logged: null, replayed: line };
      return;
    }
    if ('error' in logged) {
      failure = { same: false, kind: 'json', line: n, message: `line ${n} ${logged.error}`, logged: shorten(raw[n - 1] ?? ''), replayed: line };
      return;
    }
    // Cast: a log line is JSON; LogLine's index signature is not JsonValue's.
    if (canonical(logged.value) !== canonical(line as unknown as JsonValue)) differs = { at: n - 1, logged: logged.value, replayed: line, after: [] };
  };
  try {
    playGame(
      game,
      content,
      header.batch?.game ?? 0,
      header.seed,
      [],
      { scenario: header.options.scenario, maxMoves: header.options.maxMoves },
      compare,
      scripted.choose,
    );
  } catch (e) {
    if (!failure && !differs)
      failure = {
        same: false,
        kind: 'stopped',
        line: at + 1,
        message: `the replay stopped: ${(e as Error).message}`,
        logged: lineAt(at) && 'value' in lineAt(at)! ? (lineAt(at) as { value: JsonValue }).value : null,
        replayed: null,
      };
  }
  if (differs) return differenceAt(differs, lineAt);
  if (failure) return failure;
  if (at < raw.length) {
    const extra = lineAt(at);
    return {
      same: false,
      kind: 'extra',
      line: at + 1,
      message: `the replay ended at line ${at} and the log goes on`,
      logged: extra && 'value' in extra ? extra.value : shorten(raw[at] ?? ''),
      replayed: null,
    };
  }
  return { same: true, lines: raw.length, moves: moves.length, stop: stop! };
}

/** How many of the game's lines after a differing one are compared with the log to tell what happened. */
const LOOKAHEAD = 4;

/**
 * What happened at the first line that differs (0-based `at` in the log), judged by which reading
 * matches more of the lines that follow: the log going on with the game's next lines (a line
 * missing), the game's line being the log's next (a line extra), or the lines after matching in
 * place (this line changed: another type, or a field). A tie keeps the line in place.
 */
function differenceAt(
  d: { at: number; logged: JsonValue; replayed: LogLine; after: readonly LogLine[] },
  lineAt: (i: number) => { value: JsonValue } | { error: string } | null,
): ReplayOutcome {
  const matches = (i: number, line: LogLine) => {
    const l = lineAt(i);
    return l !== null && 'value' in l && canonical(l.value) === canonical(line as unknown as JsonValue);
  };
  /** How many of `lines` match the log's lines from `from` on, one after another. */
  const run = (from: number, lines: readonly LogLine[]) => {
    let k = 0;
    while (k < lines.length && matches(from + k, lines[k]!)) k++;
    return k;
  };
  const n = d.at + 1;
  const base = { same: false as const, line: n, logged: d.logged, replayed: d.replayed as unknown as JsonValue };
  const inPlace = run(d.at + 1, d.after);
  const missing = run(d.at, d.after);
  const extra = run(d.at + 1, [d.replayed, ...d.after]);
  const loggedType = isObject(d.logged) ? d.logged.type : undefined;
  if (missing > inPlace && missing >= extra)
    return {
      ...base,
      kind: 'missing',
      message: `line ${n} is missing: the game writes ${typed(d.replayed.type)} line here, and the log goes on with the game's next lines`,
    };
  if (extra > inPlace)
    return {
      ...base,
      kind: 'extra',
      message: `line ${n} is extra: the game did not write this ${typed(loggedType, false)} line, and the log's next line is the game's`,
    };
  const why = d.replayed.type === 'stop' && typeof d.replayed.error === 'string' ? ` (the replay stopped: ${d.replayed.error})` : '';
  if (isObject(d.logged) && loggedType !== d.replayed.type)
    return { ...base, kind: 'type', message: `line ${n} is ${typed(loggedType)} where the game has ${typed(d.replayed.type)}${why}` };
  return { ...base, kind: 'field', message: (firstDifference(d.logged, d.replayed as unknown as JsonValue, '') ?? '') + why };
}

/** A line's type in words: "a `play`", "an `end`" (without the article when `article` is false). */
function typed(type: unknown, article = true): string {
  if (typeof type !== 'string') return type === undefined ? 'untyped' : `type ${JSON.stringify(type)}`;
  return `${article ? (/^[aeiou]/i.test(type) ? 'an ' : 'a ') : ''}\`${type}\``;
}

function isObject(v: unknown): v is { readonly [k: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The moves of a log, played in order whoever is to act, as the game offers them. A move the game
 * does not offer is noted (`illegal`, reported at its play line) and played as logged.
 */
function scriptedBot(moves: readonly GameMove[]) {
  let next = 0;
  const script = {
    illegal: undefined as { move: GameMove; legal: number; kinds: string } | undefined,
    choose(legal: readonly GameMove[]): GameMove {
      const move = moves[next++];
      if (move === undefined) throw new ScriptEnded();
      // Casts: a game's moves are plain JSON (docs/writing-a-game.md); GameMove does not say so to the compiler.
      const key = canonical(move as unknown as JsonValue);
      const found = legal.find((m) => canonical(m as unknown as JsonValue) === key);
      if (!found) script.illegal = { move, legal: legal.length, kinds: [...new Set(legal.map((m) => m.kind))].join(', ') };
      return found ?? move;
    },
  };
  return script;
}

/** The log has no more moves while the game goes on. */
export class ScriptEnded extends Error {
  constructor() {
    super('the log has no more moves while the game goes on');
  }
}

/** JSON with object keys sorted: equal for equal values whatever the order of their keys. */
export function canonical(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k]!)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Where two JSON values first differ, in words (`field value: the log has 4, the replay 6`), or null. */
export function firstDifference(logged: JsonValue, replayed: JsonValue, at: string): string | null {
  if (canonical(logged) === canonical(replayed)) return null;
  if (isObject(logged) && isObject(replayed)) {
    for (const k of [...new Set([...Object.keys(logged), ...Object.keys(replayed)])].sort()) {
      const path = at ? `${at}.${k}` : k;
      if (!(k in logged)) return `field ${path}: not in the log, the replay has ${JSON.stringify(replayed[k])}`;
      if (!(k in replayed)) return `field ${path}: the log has ${JSON.stringify(logged[k])}, not in the replay`;
      const d = firstDifference(logged[k]!, replayed[k]!, path);
      if (d !== null) return d;
    }
  }
  if (Array.isArray(logged) && Array.isArray(replayed)) {
    for (let i = 0; i < Math.max(logged.length, replayed.length); i++) {
      const path = `${at}[${i}]`;
      if (i >= logged.length) return `${path}: not in the log, the replay has ${JSON.stringify(replayed[i])}`;
      if (i >= replayed.length) return `${path}: the log has ${JSON.stringify(logged[i])}, not in the replay`;
      const d = firstDifference(logged[i]!, replayed[i]!, path);
      if (d !== null) return d;
    }
  }
  return `${at ? `field ${at}` : 'the line'}: the log has ${JSON.stringify(logged)}, the replay ${JSON.stringify(replayed)}`;
}
