// `playmark coverage <pack> --mutate`: the mutation check of every rule the pack's engine runs
// (src/analysis/mutation-check.ts), as text or JSON. Exit 0 when every rule is killed, 1 when one
// survives (or has nothing to change), 2 for usage.
import { mutationCheck, MutationError, type MutationReport, type MutationResult, type MutationTarget } from '../analysis/mutation-check.js';
import { gameContent, packContent } from '../content/effective.js';
import { findSchemaRoots } from '../content/load.js';
import { SchemaRegistry } from '../content/schemas.js';
import { BUNDLED_SCHEMAS } from '../content/validate.js';
import type { JsonValue } from '../engine/core/log.js';
import type { Pack } from '../content/model.js';
import type { PackRuns } from '../engine/coverage.js';
import { GameNotFound } from '../engine/games.js';
import { createBar } from '../render/progress.js';
import { formatDiagnosticText, plural } from './format.js';
import { packDiagnostic, packGame } from './game.js';
import { EXIT, type Io } from './io.js';

/** Games a scenario and the batch seed when none are given. */
export const MUTATE_GAMES = 200;
export const MUTATE_SEED = 1;

/** The report for a pack with no game loop: nothing runs, so nothing is checked. */
function noEngine(pack: string, games: number, seed: number): MutationReport {
  return { pack, games, seed, bot: 'random', scenarios: [], baselineFailed: 0, rules: 0, killed: 0, fixed: 0, survived: 0, unmutated: 0, results: [] };
}

/** What the check reads of a coverage item (coverage.ts CoverageItem; not imported, as coverage.ts imports this module). */
type CoverageItem = { readonly key: string; readonly kind: string; readonly id: string; readonly pointer: string; readonly status: string };

/** The rules to check: those of a coverage report that run, each with the mutation its engine declares. */
export function mutationTargets(items: readonly CoverageItem[], runs: PackRuns): MutationTarget[] {
  return items
    .filter((i) => i.status === 'runs')
    .map((i) => ({ key: i.key, kind: i.kind, id: i.id, pointer: i.pointer, ...(runs.mutations?.[i.key] ? { declared: runs.mutations[i.key]! } : {}) }));
}

/** Runs the check over the `runs` items of a pack's coverage and prints it; sets the exit code. */
export async function mutateCommand(
  io: Io,
  pack: Pack,
  runs: PackRuns,
  items: readonly CoverageItem[],
  options: { readonly games: number; readonly seed: number; readonly format: 'text' | 'json' },
): Promise<void> {
  const targets = mutationTargets(items, runs);
  let report: MutationReport;
  if (!runs.engine) report = noEngine(pack.id, options.games, options.seed);
  else {
    const content = gameContent(packContent(pack));
    const playing = await packGame(io, content);
    if (!playing) return;
    const scenarios = Object.keys(content.records.scenario ?? {});
    const bar = io.color ? createBar((s) => io.err(s), 28, 100) : undefined;
    try {
      report = await mutationCheck(playing.ref, content, targets, {
        games: options.games,
        seed: options.seed,
        scenarios: scenarios.length > 0 ? scenarios : [null],
        refuses: schemaRefusal(pack),
        ...(bar ? { onProgress: (done: number, total: number) => bar.draw(done, total, 'rules') } : {}),
      });
    } catch (error) {
      if (!(error instanceof MutationError)) throw error;
      // A declared mutation naming nothing is the rules module's error, at pack.yaml's `game.rules`.
      const e = new GameNotFound(`the rules module's rulesMutations: ${error.message}`, 'game/no-game');
      io.err(formatDiagnosticText(packDiagnostic(e, pack.dir, pack.manifest.game?.rules ? 'rules' : 'module', io.cwd), { color: io.color }) + '\n');
      io.exitCode = EXIT.content;
      return;
    } finally {
      bar?.end();
    }
  }
  io.out(options.format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatMutations(report, pack.manifest.title));
  io.exitCode = report.survived + report.unmutated > 0 ? EXIT.content : EXIT.ok;
}

/** The pack's schema check of one changed record, for `refuses`: the first problem in words, or null. */
export function schemaRefusal(pack: Pack): (record: string, value: JsonValue) => string | null {
  const registry = new SchemaRegistry(findSchemaRoots(pack.dir, BUNDLED_SCHEMAS));
  return (record, value) => {
    const kind = record.slice(0, record.indexOf('/'));
    const schema = pack.manifest.kinds[kind]?.schema;
    if (schema === undefined) return null;
    const checked = registry.validate(schema, value);
    if (!('problems' in checked)) return `its schema ${checked.schema} cannot be used: ${checked.message}`;
    const first = checked.problems[0];
    return first === undefined ? null : `${first.path.length > 0 ? `/${first.path.join('/')}: ` : ''}${first.message}`;
  };
}

export function formatMutations(report: MutationReport, title: string): string {
  if (report.scenarios.length === 0) return `${report.pack} (${title}): no game loop plays this pack, so no rule runs: 0 rules checked.\n`;
  const scenarios = report.scenarios.map((s) => s ?? "the game's own scenario").join(', ');
  const parts = [
    `${report.pack} (${title}): ${plural(report.rules, 'rule')} that run, each changed in turn and ${plural(report.games, 'game')} of ${scenarios} played again (seed ${report.seed}, ${report.bot} bots): ${report.killed} killed, ${report.fixed > 0 ? `${report.fixed} fixed by the schema, ` : ''}${report.survived} survived${report.unmutated > 0 ? `, ${report.unmutated} with nothing to change` : ''}.\n`,
  ];
  // A short batch may never set off a rule that fires only now and then: a survivor there may be chance, not a value the game ignores.
  if (report.survived > 0 && report.games < MUTATE_GAMES)
    parts.push(
      `Note: ${plural(report.games, 'game')} a scenario is fewer than the default ${MUTATE_GAMES}; a rule that fires rarely may not fire in so few. Try --games ${MUTATE_GAMES} before reading a survivor as data the game ignores.\n`,
    );
  if (report.baselineFailed > 0) parts.push(`Warning: ${plural(report.baselineFailed, 'game')} of the unchanged batch failed (see playmark simulate).\n`);
  for (const r of report.results) parts.push(resultText(r, report));
  return parts.join('');
}

function resultText(r: MutationResult, report: MutationReport): string {
  const head = `\n  ${r.status === 'no-mutation' ? 'unmutated' : r.status.padEnd(9)} ${r.key}`;
  if (r.mutation === null)
    return `${head}\n            no effects, number or yes/no to change: declare a mutation for it (rulesMutations, docs/writing-a-game.md)\n`;
  const longer =
    r.games === undefined ? '' : `            a longer batch, ${plural(r.games, 'game')} of every scenario, not ${report.games}: ${r.mutation.batch!.why}\n`;
  const what = `${head}: ${r.mutation.what} (${r.mutation.declared ? 'declared' : 'default'}, at ${r.mutation.record}${r.mutation.pointer ? `#${r.mutation.pointer}` : ''})\n${longer}`;
  if (r.status === 'fixed') return `${what}            fixed: the schema refuses the change (${r.refusal}); the engine plays only the value the data has\n`;
  const d = r.difference;
  if (!d) return `${what}            the report of ${plural(r.games ?? report.games, 'game')} of every scenario is the same\n`;
  const where = `${d.scenario === null ? '' : `scenario ${d.scenario}, `}games 0-${d.games - 1}`;
  const failed = d.failed > 0 ? ` (${d.failed} of them failed: the game cannot play the change)` : '';
  if (d.line.format === 'error') return `${what}            ${where}: no report, the changed content cannot be read: ${d.line.after}\n`;
  return `${what}            ${where}${failed}: report ${d.line.format === 'json' ? 'JSON ' : ''}line ${d.line.number} was "${d.line.before.trim()}", now "${d.line.after.trim()}"\n`;
}
