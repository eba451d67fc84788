import type { Command } from 'commander';
import path from 'node:path';
import { LogFileError, MAX_LOG_BYTES, MAX_LOG_LINE_BYTES, readLogLines } from '../analysis/log-file.js';
import { LogError, readHeader, replayLog, type LogHeader, type ReplayOutcome } from '../analysis/simulate-log.js';
import { CODES } from '../content/codes.js';
import type { Diagnostic } from '../content/diagnostic.js';
import type { PackContent } from '../content/effective.js';
import type { JsonValue } from '../engine/core/log.js';
import { packGame } from './game.js';
import { EXIT, UsageError, type Io } from './io.js';
import { readProjectContent } from './project.js';
import { formatDiagnosticText, formatOption, outputFormat } from './format.js';
import { gameContent } from '../content/effective.js';

const HINT = 'Give a game log written by playmark simulate --log FILE (docs/game-log.md).';
const MB = 1024 * 1024;

export function registerReplay(program: Command, io: Io): void {
  program
    .command('replay')
    .description(
      'Play a game log again from its seed and moves, with the pack as its YAML reads now, and say whether it reaches the same final state or at which line it differs.',
    )
    .argument('<file>', 'a game log (JSON lines), as simulate --log writes it')
    .addOption(formatOption())
    .option('--json', 'the same as --format json')
    .addHelpText(
      'after',
      `
Examples:
  playmark simulate archon-skirmish --games 1 --seed 7 --log game.log
  playmark replay game.log
  playmark replay game.log --format json

The log's first line names the pack, its version, the seed and the options; the game is set up from
them and the log's moves (its "play" lines) are played in order. Every line the game writes is
compared with the log's line at the same place, whatever the order of the keys; the first that
differs is reported with its line number and what happened there: "line N is missing" (the log goes
on with the game's next lines), "line N is extra" (the log's next line is the game's), "line N is a
\`play\` where the game has an \`end\`", or the field that differs. A replay that matches to the
last line ("stop", with a digest of the final state) has reached the same final state. The format
is in docs/game-log.md. A log written with another version of the pack says so, and is replayed
with the pack as it is now.

A log is a regular file (not a device or a pipe) of at most ${MAX_LOG_BYTES / MB} MB, each line at most
${MAX_LOG_LINE_BYTES / MB} MB; a longer line is reported with its number and first characters. A UTF-8
byte-order mark at the start is allowed. Lines shown in a difference are cut to ${SHOWN} characters.

--format json: { file, pack, packVersion, logPackVersion, same, lines, moves, result } when the
same, or { file, ..., same: false, line, kind, message, logged, replayed } at the first difference
(kind: missing, extra, type, field, json, move or stopped).

Exit codes: 0 the same final state, 1 the replay differs (or the content has errors), 2 usage
error (no such file, not a game log, a pack with no game).`,
    )
    .action(async (fileArg: string, opts: { format?: string; json?: boolean }) => {
      const format = outputFormat(opts);
      const file = path.resolve(io.cwd, fileArg);
      let lines: string[];
      try {
        lines = readLogLines(file);
      } catch (error) {
        if (error instanceof LogFileError) throw new UsageError(`${fileArg} is not a game log: ${error.message}`, HINT);
        const code = (error as NodeJS.ErrnoException).code;
        throw new UsageError(`cannot read ${fileArg}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`, HINT);
      }
      let header: LogHeader;
      try {
        header = readHeader(lines[0]);
      } catch (error) {
        if (error instanceof LogError) throw new UsageError(`${fileArg} is not a game log: ${error.message}`, HINT);
        throw error;
      }
      const viewed = viewLogDiagnostic(header, path.relative(io.cwd, file).replace(/\\/g, '/'), lines[0]!);
      if (viewed !== null) {
        io.err(formatDiagnosticText(viewed, { color: io.color }) + '\n');
        io.exitCode = EXIT.content;
        return;
      }
      const read = readProjectContent(io, [header.pack]);
      if (!read) return;
      const pack = read.packs[0]!;
      const playing = await packGame(io, pack);
      if (!playing) return;
      const { game } = playing;
      const outcome = replayLog(game, gameContent(pack), lines);
      const versionNote =
        header.packVersion !== pack.pack.version ? `the log was written with ${header.pack} ${header.packVersion}; the pack is now ${pack.pack.version}` : null;
      if (format === 'json') io.out(JSON.stringify(replayJson(fileArg, header, pack, outcome), null, 2) + '\n');
      else io.out(replayText(fileArg, header, outcome, versionNote));
      io.exitCode = outcome.same ? EXIT.ok : EXIT.content;
    });
}

function replayJson(file: string, header: LogHeader, pack: PackContent, o: ReplayOutcome) {
  const base = { file, pack: header.pack, packVersion: pack.pack.version, logPackVersion: header.packVersion, seed: header.seed };
  if (o.same)
    return { ...base, same: true, lines: o.lines, moves: o.moves, end: o.stop.end, result: o.stop.result ?? null, turn: o.stop.turn, state: o.stop.state };
  return { ...base, same: false, line: o.line, kind: o.kind, message: o.message, logged: o.logged, replayed: o.replayed };
}

/** A JSON value that is a list (Array.isArray does not narrow a readonly list away). */
function isList(value: JsonValue): value is readonly JsonValue[] {
  return Array.isArray(value);
}

function replayText(file: string, header: LogHeader, o: ReplayOutcome, versionNote: string | null): string {
  const lines: string[] = [];
  if (versionNote) lines.push(`note: ${versionNote}`);
  if (o.same) {
    // The stop line as JSON (the replay wrote it: a StopLine), read without asserting its type.
    const stop = o.stop;
    const result = typeof stop.result === 'object' && stop.result !== null && !isList(stop.result) ? stop.result : null;
    const how = result
      ? `${result.winner === null ? 'a draw' : `${String(result.winner)} wins`}: ${String(result.reason)} (${String(result.rule)})`
      : String(stop.end);
    lines.push(
      `${file}: ${header.pack} ${header.packVersion}, seed ${header.seed}: ${o.moves} moves and ${o.lines} lines replayed, the same final state (turn ${String(stop.turn)}, ${how}).`,
    );
  } else {
    lines.push(`${file}:${o.line}: the replay differs: ${o.message}`);
    lines.push(`  log:    ${o.logged === null ? '(nothing)' : cut(JSON.stringify(o.logged))}`);
    lines.push(`  replay: ${o.replayed === null ? '(nothing)' : cut(JSON.stringify(o.replayed))}`);
  }
  return lines.join('\n') + '\n';
}

/** The most of a line a difference shows: a log line can be long, and the output is for people. */
const SHOWN = 2000;

function cut(text: string): string {
  return text.length <= SHOWN ? text : `${text.slice(0, SHOWN)}... (${text.length} characters in all)`;
}

/**
 * The diagnostic for a log written as one side sees it (its header has `view`), which replay
 * refuses: its lines leave out what that side could not see. `file` as shown to the user; null for
 * a whole log.
 */
export function viewLogDiagnostic(header: LogHeader, file: string, firstLine: string): Diagnostic | null {
  if (header.view === undefined) return null;
  const column = firstLine.indexOf('"view"') + 1;
  return {
    code: 'log/player-view',
    severity: 'error',
    message: `the log is ${JSON.stringify(header.view)}'s view of the game (simulate --view ${header.view}): it leaves out what that side cannot see, so it cannot be replayed`,
    hint: CODES['log/player-view'].hint,
    file,
    line: 1,
    column: column > 0 ? column : 1,
    sourceLine: firstLine,
  };
}
