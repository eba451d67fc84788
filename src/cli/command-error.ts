// A command's refusal (a CommandError: a bad option, an unknown pack, a file it cannot write, a
// table it cannot look up) printed the way a content diagnostic is: code, place, message, hint, in
// text or in `--format json`. A refusal about a file is placed at that file; any other at the
// command line, with the caret under the argument it is about.
import { CODES } from '../content/codes.js';
import type { Diagnostic } from '../content/diagnostic.js';
import { formatDiagnosticText } from './format.js';
import type { CommandError, Io } from './io.js';

/** The `file` of a diagnostic about the command line rather than a file. */
export const COMMAND_LINE = '<command line>';

/** True when the arguments ask for JSON (`--json`, `--format json`, `-f json`, `--format=json`) and no other format. */
export function wantsJson(argv: readonly string[]): boolean {
  const formats = argv.flatMap((a, i) =>
    a === '--json' ? ['json'] : a.startsWith('--format=') ? [a.slice('--format='.length)] : a === '--format' || a === '-f' ? [argv[i + 1] ?? ''] : [],
  );
  return formats.length > 0 && formats.every((f) => f === 'json');
}

/** The argument a message is about: one it quotes, else an option it names, else one it contains; undefined when none. */
function argumentIn(argv: readonly string[], message: string): number | undefined {
  const tests = [
    (a: string) => message.includes(`"${a}"`),
    (a: string) => a.startsWith('-') && message.includes(a),
    (a: string) => a.length > 2 && message.includes(a),
  ];
  for (const test of tests) {
    const i = argv.findIndex((a, at) => at > 0 && a !== '' && test(a));
    if (i >= 0) return i;
  }
  return undefined;
}

/** The error as a diagnostic: at its file (line 1), or on the command line `playmark <argv>` under the argument it names. */
export function commandDiagnostic(error: CommandError, argv: readonly string[]): Diagnostic {
  const base = { code: error.code, severity: CODES[error.code].severity, message: error.message, hint: error.hint ?? CODES[error.code].hint };
  if (error.file !== undefined) return { ...base, file: error.file, line: 1, column: 1, sourceLine: '' };
  // Each argument shown at most 40 characters long: a long one is not echoed whole.
  const words = ['playmark', ...argv].map((a) => (a.length > 40 ? `${a.slice(0, 40)}…` : a));
  const at = argumentIn(['playmark', ...argv], error.message);
  const column = at === undefined ? 1 : words.slice(0, at).join(' ').length + 2;
  return { ...base, file: COMMAND_LINE, line: 1, column, sourceLine: words.join(' ') };
}

/** Prints the error as validate prints a diagnostic: JSON on stdout when the arguments ask for JSON, text on stderr otherwise. */
export function printCommandError(io: Io, error: CommandError, argv: readonly string[]): void {
  const d = commandDiagnostic(error, argv);
  if (wantsJson(argv)) io.out(`${JSON.stringify({ ok: false, errors: 1, warnings: 0, diagnostics: [d] }, null, 2)}\n`);
  else io.err(`${formatDiagnosticText(d, { color: io.color })}\n`);
}
