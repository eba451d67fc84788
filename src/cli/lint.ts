import { runsByPack } from './runs.js';
import { Option, type Command } from 'commander';
import { coverageWords, NO_ENGINE, ruleCoverage, withRuns, type PackRuns, type RuleInfo } from '../content/rules.js';
import type { PackSummary } from '../content/validate.js';
import { chosenFormat, FORMATS, formatValidation, type Format } from './format.js';
import type { Io } from './io.js';
import { exitCodeOf, runValidate } from './validate.js';

export function registerLint(program: Command, io: Io): void {
  program
    .command('lint')
    .description(
      "Everything validate checks, and each pack's rules in four statuses (runs, runs on test content, unused, manual): every rule that does not run in the pack's own games, with what is missing or why.",
    )
    .argument('[paths...]', 'pack folders, or a content root holding packs (default: every pack of the project found upward from here)')
    .addOption(new Option('-f, --format <format>', 'output format (default: text)').choices(FORMATS))
    .option('--json', 'the same as --format json')
    .option('--all', 'list the rules that run too, not only those on test content, unused or manual', false)
    .option('--strict', 'treat warnings as errors (exit 1 on any warning)', false)
    .option('--no-cache', 'parse every file afresh instead of using your cache of parsed YAML')
    .addHelpText(
      'after',
      `
A rule is printed text with structured effects (special rules, events, traits, abilities, spells,
cards) or a structural one (a turn step, a phase, movement). Its status is one of four (see
playmark coverage): runs (a game engine plays it through its game loop in a named test, and it
fires in the pack's own games), runs on test content (a test plays it on units it made; lint says
what the pack lacks), unused (nothing in the text can set it off; lint says why) or manual (its
notes say what is missing: what the effect vocabulary lacks, and the game loop). With no path, lint checks every pack of the project found upward from the working
directory. Exit codes as for validate.

Examples:
  playmark lint                       every pack: diagnostics, then each pack's rules that do not run
  playmark lint content/warchon --all every rule of one pack, runnable or not
  playmark lint --format json         for programs
  playmark lint --format github       the diagnostics as annotations for GitHub Actions`,
    )
    .action(async (paths: string[], opts: { format?: Format; json?: boolean; all: boolean; strict: boolean; cache: boolean }) => {
      const format = chosenFormat(opts, 'text');
      const validated = runValidate(io, paths, opts.cache);
      // A rule runs only when its game engine plays it in a named test (as \`playmark coverage\` says).
      const runs = format === 'github' ? new Map<string, PackRuns>() : await runsByPack(io, validated.summaries);
      if (!runs) return;
      const result = { ...validated, summaries: validated.summaries.map((s) => withRunsOf(s, runs)) };
      if (format === 'json') {
        const packs = result.summaries.map((s) => ({
          id: s.id,
          rules: s.coverage.rules,
          executable: s.coverage.executable,
          onTestContent: s.coverage.onTestContent,
          unused: s.coverage.unused,
          manual: s.coverage.manual,
          list: s.rules.filter((r) => opts.all || !r.executable),
        }));
        io.out(
          JSON.stringify({ ok: result.errors === 0, errors: result.errors, warnings: result.warnings, diagnostics: result.diagnostics, packs }, null, 2) + '\n',
        );
      } else if (format === 'github') {
        // Workflow annotations, one per diagnostic, as validate prints them; the rule list is for people.
        io.out(formatValidation(result, 'github', { color: false }));
      } else {
        const parts = [formatValidation(result, 'text', { color: io.color }, runs)];
        for (const s of result.summaries) {
          const shown = s.rules.filter((r) => opts.all || !r.executable);
          const c = s.coverage;
          parts.push(`\n${s.id}: ${coverageWords(c)}${shown.length ? ':' : '.'}\n`);
          for (const r of shown) parts.push(formatRule(r));
        }
        io.out(parts.join(''));
      }
      io.exitCode = exitCodeOf(result, opts.strict);
    });
}

function formatRule(r: RuleInfo): string {
  const text = r.text.length > 90 ? `${r.text.slice(0, 87)}...` : r.text;
  const where = [r.kind, r.id, r.pointer].filter(Boolean).join(' ');
  const head = `  ${r.status}: ${where}: ${text}\n`;
  if (r.status === 'runs') return head + `    test: ${r.test}\n`;
  if (r.status === 'runs on test content') return head + `    test: ${r.test}\n    missing from the pack: ${r.onTestContent}\n`;
  if (r.status === 'unused') return head + `    reason: ${r.unused}\n`;
  return head + r.missing.map((note) => `    needs: ${note.replace(/\s+/g, ' ')}\n`).join('');
}

/** The pack's summary with its engine's map applied: rules, counts. */
function withRunsOf(s: PackSummary, runs: ReadonlyMap<string, PackRuns>): PackSummary {
  const rules = withRuns(s.rules, runs.get(s.id) ?? NO_ENGINE);
  return { ...s, rules, coverage: ruleCoverage(rules) };
}
