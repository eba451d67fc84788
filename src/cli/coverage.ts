import { Option, type Command } from 'commander';
import { coverageWords, ruleCoverage, withRuns, type PackRuns, type RuleInfo, type RuleStatus } from '../content/rules.js';
import { validate } from '../content/validate.js';
import { runsByPack } from './runs.js';
import { mutateCommand, MUTATE_GAMES, MUTATE_SEED } from './coverage-mutate.js';
import { intArg } from './resolve.js';
import { UsageError } from './io.js';
import { chosenFormat, formatValidation } from './format.js';
import { EXIT, type Io } from './io.js';
import { packArgument } from './project.js';

type CoverageFormat = 'text' | 'json';

/** One printed rule in the coverage report. */
export interface CoverageItem {
  readonly key: string;
  readonly kind: string;
  readonly id: string;
  readonly pointer: string;
  readonly what: string;
  readonly form: RuleInfo['form'];
  readonly text: string;
  /** `runs`, `runs on test content`, `unused` or `manual` (RuleStatus in src/content/rules.ts). */
  readonly status: RuleStatus;
  /** For `runs` and `runs on test content`: the test that plays it through the game loop. */
  readonly test?: string;
  /** For `runs on test content`: what the pack lacks to set it off. */
  readonly onTestContent?: string;
  /** For `unused`: why nothing in the text can set it off. */
  readonly reason?: string;
  /** For `manual`: what is missing. */
  readonly missing?: readonly string[];
}

export interface CoverageReport {
  readonly pack: string;
  readonly title: string;
  /** A game engine with a game loop exists for the pack. */
  readonly engine: boolean;
  readonly rules: number;
  /** Rules that fire in the pack's own scenarios, played through the game loop in a named test. */
  readonly runs: number;
  /** Rules the game loop plays in a named test on test-made units or places only: nothing in the pack sets them off. */
  readonly runsOnTestContent: number;
  /** Rules nothing in the text can set off (the engine does not play them). */
  readonly unused: number;
  readonly manual: number;
  readonly items: readonly CoverageItem[];
}

export function registerCoverage(program: Command, io: Io): void {
  program
    .command('coverage')
    .description(
      "Every printed rule, trait, event, card, spell and phase step of a pack: runs (it fires in the pack's own games; naming the test that plays it through the game loop), runs on test content (a test plays it on units it made; with what the pack lacks), unused (nothing in the text can set it off, with why) or manual (with what is missing).",
    )
    .argument('<pack>', 'a pack id of the project found upward from here, or a pack folder')
    .addOption(new Option('-f, --format <format>', 'output format (default: text)').choices(['text', 'json']))
    .option('--json', 'the same as --format json')
    .option('--mutate', 'change each rule that runs in turn and play a seeded batch again: list the rules whose change the report does not show')
    .option('-n, --games <n>', `with --mutate: games a scenario (default ${MUTATE_GAMES})`)
    .option('-s, --seed <n>', `with --mutate: the batch seed (default ${MUTATE_SEED})`)
    .addHelpText(
      'after',
      `
Each rule has one of four statuses:
  runs                  the game loop plays it in a named test, and it fires in games of the pack's
                        own scenarios (for playmark's own games, measured in seeded bot games)
  runs on test content  the game loop plays it in a named test, on units or places the test made:
                        nothing in the pack sets it off (what is missing is given: "no unit of the
                        text has Berserk")
  unused                the engine does not play it, and nothing in the text can set it off (why)
  manual                the engine does not play it (what is missing: the notes of its manual
                        effects, and that no game loop plays it)
Each engine exports its maps (src/engine/coverage.ts): rulesRun (rule key -> test title),
rulesOnTestContent (rule key -> { test, why }) and rulesUnused (rule key -> why). validate, lint
and build count the same four.

--mutate checks that each rule that runs matters to play: it changes the rule's data in a copy of
the content (the mutation its engine declares in rulesMutations, else its effects removed, else its
first number plus one, else its first yes/no flipped) and plays --games random-bot games of each
scenario seeded from --seed, as simulate does. A rule is killed when the report of the games
differs from the unchanged batch's (it names the first line that changed), and survives when it
is the same: the engine does not read that data, or the scenarios never set the rule off. A rule
the scenarios set off rarely may declare a longer batch for itself (its mutation's \`batch\`: games
and why); it alone plays that many games, and the report says so and why.

Examples:
  playmark coverage warchon
  playmark coverage archon-skirmish --format json   for programs (the rule keys an engine's map uses)
  playmark coverage warchon --mutate --games 200 --seed 1

Exit codes: 0 done (with --mutate: no rule survives), 1 the pack has errors (with --mutate: some
rule survives its mutation, or has nothing to change), 2 usage error.`,
    )
    .action(async (packArg: string, opts: { format?: CoverageFormat; json?: boolean; mutate?: boolean; games?: string; seed?: string }) => {
      const format = chosenFormat(opts, 'text');
      if (!opts.mutate && (opts.games !== undefined || opts.seed !== undefined))
        throw new UsageError('--games and --seed go with --mutate', `e.g. playmark coverage ${packArg} --mutate --games ${MUTATE_GAMES} --seed ${MUTATE_SEED}`);
      const games = intArg('--games', opts.games ?? String(MUTATE_GAMES), 'games a scenario', MUTATE_GAMES, 1, 1_000_000);
      const seed = intArg('--seed', opts.seed ?? String(MUTATE_SEED), 'the batch seed', MUTATE_SEED, 0, Number.MAX_SAFE_INTEGER);
      const { dir, options } = packArgument(io, packArg, 'coverage');
      const result = validate([dir], options);
      const pack = result.packs[0];
      const summary = result.summaries[0];
      if (result.errors > 0 || !pack || !summary) {
        io.err(formatValidation(result, 'text', { color: io.color }));
        io.exitCode = EXIT.content;
        return;
      }
      // coverage runs the pack's rules module (a designer's own code too), as simulate runs its game.
      const runs = await runsByPack(io, [summary], { ownCode: true });
      if (!runs) return;
      const report = coverageReport(pack.id, pack.manifest.title, summary.rules, runs.get(pack.id)!);
      if (opts.mutate) return mutateCommand(io, pack, runs.get(pack.id)!, report.items, { games, seed, format });
      io.out(format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatCoverage(report));
      io.exitCode = EXIT.ok;
    });
}

/** The report for a pack's rules (from validate's summary) and what its engine runs. */
export function coverageReport(pack: string, title: string, collected: readonly RuleInfo[], runs: PackRuns): CoverageReport {
  const rules = withRuns(collected, runs);
  const counts = ruleCoverage(rules);
  const items = rules.map((r): CoverageItem => {
    const base = { key: r.key, kind: r.kind, id: r.id, pointer: r.pointer, what: r.what, form: r.form, text: r.text };
    if (r.status === 'runs') return { ...base, status: r.status, test: r.test! };
    if (r.status === 'runs on test content') return { ...base, status: r.status, test: r.test!, onTestContent: r.onTestContent! };
    if (r.status === 'unused') return { ...base, status: r.status, reason: r.unused! };
    return { ...base, status: r.status, missing: r.missing };
  });
  return {
    pack,
    title,
    engine: runs.engine,
    rules: counts.rules,
    runs: counts.executable,
    runsOnTestContent: counts.onTestContent,
    unused: counts.unused,
    manual: counts.manual,
    items,
  };
}

export function formatCoverage(report: CoverageReport): string {
  const parts = [
    `${report.pack} (${report.title}): ${coverageWords({ rules: report.rules, executable: report.runs, onTestContent: report.runsOnTestContent, unused: report.unused, manual: report.manual })}.\n`,
    report.engine
      ? ''
      : 'No game loop plays this pack yet: every rule is manual. To play it, name a game module in its pack.yaml (game: { module: ./game/index.js }; see docs/writing-a-game.md).\n',
  ];
  for (const item of report.items) {
    const text = item.text.replace(/\s+/g, ' ');
    const shown = text.length > 90 ? `${text.slice(0, 87)}...` : text;
    parts.push(`\n  ${item.status}: ${item.key} (${item.what}): ${shown}\n`);
    if (item.test !== undefined) parts.push(`    test: ${item.test}\n`);
    if (item.onTestContent !== undefined) parts.push(`    missing from the pack: ${item.onTestContent}\n`);
    if (item.reason !== undefined) parts.push(`    reason: ${item.reason}\n`);
    for (const m of item.missing ?? []) parts.push(`    missing: ${m}\n`);
  }
  return parts.join('');
}
