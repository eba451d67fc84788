import type { Diagnostic } from '../content/diagnostic.js';
import { coverageWords, NO_ENGINE, ruleCoverage, withRuns, type PackRuns, type RuleCoverage } from '../content/rules.js';
import type { PackSummary, ValidationResult } from '../content/validate.js';
import { Option } from 'commander';
import { plural } from '../analysis/report-text.js';
import { UsageError } from './io.js';

export { plural };

export type Format = 'text' | 'json' | 'github';
export const FORMATS: readonly Format[] = ['text', 'json', 'github'];

/**
 * The format asked for by `--format` and its alias `--json` (`--format json`), else `fallback`.
 * `--json` with another `--format` contradicts it: a usage error.
 */
export function chosenFormat<F extends string>(opts: { format?: F; json?: boolean }, fallback: F): F | 'json' {
  if (opts.json && opts.format !== undefined && opts.format !== 'json') {
    throw new UsageError(`--json and --format ${opts.format} contradict each other`, 'Give one: --format json (--json is short for it), or another --format.');
  }
  return opts.json ? 'json' : (opts.format ?? fallback);
}

export type OutputFormat = 'text' | 'json';

/** `-f, --format text|json`, for commands that print results (with `--json` as its alias). */
export function formatOption(): Option {
  return new Option('-f, --format <format>', 'output format: text for people, json for programs').choices(['text', 'json']);
}

/** The output format from `--format` and its alias `--json`; contradicting them is a usage error. */
export function outputFormat(opts: { format?: string; json?: boolean }): OutputFormat {
  return chosenFormat(opts as { format?: OutputFormat; json?: boolean }, 'text');
}

export interface Style {
  readonly color: boolean;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** One diagnostic for people: position, message, the line with a caret, and the hint. */
export function formatDiagnosticText(d: Diagnostic, style: Style): string {
  const label = d.severity === 'error' ? paint(style.color, '31;1', 'error') : paint(style.color, '33;1', 'warning');
  const gutter = String(d.line).length;
  const lines = [`${paint(style.color, '1', `${d.file}:${d.line}:${d.column}`)} ${label} ${paint(style.color, '2', `[${d.code}]`)} ${d.message}`];
  if (d.sourceLine !== '') {
    const { shown, caret } = excerpt(d.sourceLine.replace(/\t/g, ' '), d.column - 1);
    lines.push(`  ${d.line} | ${shown}`);
    lines.push(`  ${' '.repeat(gutter)} | ${' '.repeat(caret)}${paint(style.color, '31;1', '^')}`);
  }
  lines.push(`  ${paint(style.color, '36', 'hint:')} ${d.hint}`);
  return lines.join('\n');
}

/** Widest source line shown whole; a longer one (a minified or generated file) is shown around the caret. */
const SHOWN_WIDTH = 120;

/** The part of a line to show, and where the caret falls in it: at most SHOWN_WIDTH characters around `at`. */
export function excerpt(line: string, at: number): { shown: string; caret: number } {
  const column = Math.max(0, at);
  if (line.length <= SHOWN_WIDTH) return { shown: line, caret: column };
  const start = Math.max(0, Math.min(column - SHOWN_WIDTH / 2, line.length - SHOWN_WIDTH));
  const end = Math.min(line.length, start + SHOWN_WIDTH);
  const before = start > 0 ? '…' : '';
  return { shown: `${before}${line.slice(start, end)}${end < line.length ? '…' : ''}`, caret: column - start + before.length };
}

/**
 * A pack's rule count as `playmark coverage` gives it, in its four statuses (runs, runs on test
 * content, unused, manual) from its engine's maps (src/engine/coverage.ts, loaded by the command
 * into `runs`).
 */
export function coverageOf(summary: PackSummary, runs: ReadonlyMap<string, PackRuns> = new Map()): RuleCoverage {
  return ruleCoverage(withRuns(summary.rules, runs.get(summary.id) ?? NO_ENGINE));
}

/** Diagnostics, then each pack's summary line; `runs` are the engines' maps of rules run, by pack id (none: nothing runs). */
export function formatValidation(result: ValidationResult, format: Format, style: Style, runs: ReadonlyMap<string, PackRuns> = new Map()): string {
  if (format === 'json') {
    return (
      JSON.stringify(
        {
          ok: result.errors === 0,
          errors: result.errors,
          warnings: result.warnings,
          packs: result.summaries.map((s) => {
            const c = coverageOf(s, runs);
            return {
              id: s.id,
              title: s.title,
              records: s.records,
              layerEntries: s.layerEntries,
              rules: c.rules,
              runningRules: c.executable,
              testContentRules: c.onTestContent,
              unusedRules: c.unused,
              manualRules: c.manual,
              executableRules: c.executable,
            };
          }),
          diagnostics: result.diagnostics,
        },
        null,
        2,
      ) + '\n'
    );
  }
  if (format === 'github') {
    return result.diagnostics.map(formatGithub).join('');
  }
  const parts = result.diagnostics.map((d) => formatDiagnosticText(d, style) + '\n');
  for (const s of result.summaries) {
    const c = coverageOf(s, runs);
    parts.push(`${s.id}: ${s.records} records, ${s.layerEntries} layer entries; ${coverageWords(c)}\n`);
  }
  const verdict = result.errors === 0 && result.warnings === 0 ? 'clean' : `${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}`;
  parts.push(`${result.summaries.length === 1 ? '1 pack' : `${result.summaries.length} packs`} checked: ${verdict}\n`);
  return parts.join('');
}

function formatGithub(d: Diagnostic): string {
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${d.severity === 'error' ? 'error' : 'warning'} file=${prop(d.file)},line=${d.line},col=${d.column},title=${prop(d.code)}::${escape(`${d.message} Hint: ${d.hint}`)}\n`;
}
