// `playmark new <kind> <id>`: wiring over addRecord (src/content/add-record.ts): the options, the
// pack they name, what was written as text or JSON, and the exit code. Never overwrites a file;
// writes through a temporary file.
import { Option, type Command } from 'commander';
import path from 'node:path';
import { addRecord } from '../content/add-record.js';
import { findSchemaRoots } from '../content/load.js';
import { MAX_ID_LENGTH } from '../content/new-record.js';
import { LAYER_ENTRY, type NewResult, type PackFolders } from '../content/new-record-files.js';
import { Refusal } from '../content/refusal.js';
import { BUNDLED_SCHEMAS } from '../content/validate.js';
import { CommandError, EXIT, UsageError, withFileErrors, type Io } from './io.js';
import { packArgument, projectPackIds, requireProject } from './project.js';

export { LAYER_ENTRY, type NewResult };
const FORMATS = ['text', 'json'] as const;
type NewFormat = (typeof FORMATS)[number];

interface NewFlags {
  pack?: string;
  layer?: string;
  format?: NewFormat;
}

export function registerNew(program: Command, io: Io): void {
  program
    .command('new')
    .description(
      "Write a new record of a pack's kind (content/<pack>/<folder>/<id>.yaml) with every required property, each a placeholder that validate reports by name until you fill it in; or append a layer entry.",
    )
    .argument('<kind>', `a record kind of the pack's manifest (spread, unit, card, creature...), or ${LAYER_ENTRY}`)
    .argument('<id>', `the new id: kebab-case, at most ${MAX_ID_LENGTH} characters, unique in its kind (it is also the file name)`)
    .option('--pack <pack>', "the pack: an id of the project, or a folder holding pack.yaml (default: the project's only pack)")
    .option('--layer <layer>', `for ${LAYER_ENTRY}: the layer to append to, an id of the manifest's \`layers\` (default: the only one)`)
    .addOption(new Option('-f, --format <format>', 'output format (default: text)').choices(FORMATS))
    .addHelpText(
      'after',
      `
The new file names its schema on its first line, as the pack's other files do, so an editor with
YAML support completes and checks it. Each value to write is a placeholder that \`playmark validate\`
reports at its property (a blank "" for printed text, "TODO: one of ..." for a choice, "TODO: a terrain id"
for a reference, an effect with "kind: TODO"), so nothing half-written passes unnoticed. A number the
source may leave out is null: "not printed", valid as it is.

Examples:
  playmark new unit ogre-warband --pack warchon         content/warchon/units/ogre-warband.yaml
  playmark new spread dragons-maw --pack warchon        a spread: RNG, Combat Results Table, events
  playmark new creature wraith --pack archon-skirmish   a row of a creature table
  playmark new card healer                              in a project with one pack, --pack may be left out
  playmark new layer-entry erdon-pass-capacity --pack warchon --layer rulings
                                                        an entry at the end of layers/rulings.yaml
  playmark new unit ogre-warband --pack warchon --format json
                                                        {file, kind, id, placeholders: [JSON pointer...]}

Then fill in the placeholders and run \`playmark validate\` until it reports none.
Exit codes: 0 written, 1 the pack's manifest or schemas cannot be read, 2 usage error (an id that exists,
is not kebab-case or is longer than ${MAX_ID_LENGTH} characters, an unknown kind or pack, a file that
cannot be written (permission denied, no space...): nothing is written).`,
    )
    .action((kind: string, id: string, flags: NewFlags) => {
      let result: NewResult;
      try {
        result = withFileErrors(io.cwd, () => addRecord(choosePack(io, flags.pack), kind, id, { layer: flags.layer, cwd: io.cwd }));
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (error.usage) throw new UsageError(error.message, error.hint);
        throw new CommandError(error.message, 'new/cannot-add', EXIT.content, error.hint);
      }
      io.out(flags.format === 'json' ? JSON.stringify(result, null, 2) + '\n' : textOf(result));
      io.exitCode = EXIT.ok;
    });
}

function textOf(r: NewResult): string {
  const lines = [`Wrote ${r.file}: a new ${r.kind === LAYER_ENTRY ? 'layer entry' : r.kind} "${r.id}".`];
  if (r.newLayer) {
    const { layer, manifest, after } = r.newLayer;
    lines.push(`${layer} is a new layer: added last to \`layers\` in ${manifest}${after.length ? `, so it applies after ${after.join(', ')}` : ''}.`);
  }
  if (r.placeholders.length) {
    lines.push(
      `Fill in ${r.placeholders.length === 1 ? 'this placeholder' : `these ${r.placeholders.length} placeholders`} (validate reports each until it is):`,
    );
    for (const p of r.placeholders) lines.push(`  ${p}`);
  }
  if (r.unprinted.length)
    lines.push(`${r.unprinted.length} ${r.unprinted.length === 1 ? 'number is' : 'numbers are'} null ("not printed"): write what the source prints.`);
  if (r.unchecked.length) lines.push(`No check can tell these from a placeholder, so check them yourself: ${r.unchecked.join(', ')}.`);
  lines.push('Then run `playmark validate`.');
  return lines.join('\n') + '\n';
}

/** The pack --pack names, or the project's only one, with its schema folders. */
function choosePack(io: Io, pack: string | undefined): PackFolders {
  if (pack !== undefined) {
    const { dir, options } = packArgument(io, pack, 'playmark new');
    return { dir, roots: options.schemasDir ? [BUNDLED_SCHEMAS, options.schemasDir] : findSchemaRoots(dir, BUNDLED_SCHEMAS) };
  }
  const project = requireProject(io);
  const ids = projectPackIds(project);
  if (ids.length !== 1) throw new UsageError(`which pack? The project has ${ids.length}`, `Add --pack <pack>: ${ids.join(', ')}.`);
  return { dir: path.join(project.contentDir, ids[0]!), roots: project.schemasDir ? [BUNDLED_SCHEMAS, project.schemasDir] : [BUNDLED_SCHEMAS] };
}
