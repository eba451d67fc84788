import { InvalidArgumentError, Option, type Command } from 'commander';
import { exportPack, exportRecord } from '../content/export.js';
import type { EffectiveRecord, Pack } from '../content/model.js';
import { validate } from '../content/validate.js';
import { chosenFormat, formatValidation } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { didYouMean, packArgument } from './project.js';

export function registerExport(program: Command, io: Io): void {
  program
    .command('export')
    .description("Print a pack's effective content (base transcription plus layers) as JSON, records grouped by kind; or one kind, or one record.")
    .argument('<pack>', 'a pack id of the project found upward from here, or a pack folder')
    .option('--base', 'the base transcription alone, without layers', false)
    .option('--provenance', 'with each record, say where its values came from (source file, or the layer entry that set them)', false)
    .option('--kind <kind>', 'only the records of this kind')
    .option('--record <id>', 'only this record (with --kind, or alone when no other kind has that id)')
    .addOption(
      new Option('-f, --format <format>', 'output format: json, the only one export prints (the default)').argParser((value: string) => {
        if (value !== 'json')
          throw new InvalidArgumentError(
            'export prints JSON only. Leave out --format (JSON is the default), or pipe the JSON through a viewer such as jq; to read problems as text, run playmark validate.',
          );
        return value;
      }),
    )
    .option('--json', 'the same as --format json (the default)')
    .addHelpText(
      'after',
      `
Examples:
  playmark export warchon                                   effective content
  playmark export warchon --base                            what the rule text prints, no layers
  playmark export warchon --provenance                      which layer entry set which value
  playmark export warchon --kind spread                     the spreads alone
  playmark export warchon --kind spread --record erdon-pass --provenance
                                                            one record, and where its values came from

A pack id names a folder under the project's content/ (the project is the nearest folder, here or
above, with content/<pack>/pack.yaml), so export works from any subfolder. The pack must validate
without errors; its diagnostics go to stderr and the exit code is 1 if not.`,
    )
    .action((packArg: string, opts: { base: boolean; provenance: boolean; kind?: string; record?: string; format?: 'json'; json?: boolean }) => {
      chosenFormat(opts, 'json');
      const { dir, options } = packArgument(io, packArg, 'export');
      const result = validate([dir], options);
      if (result.diagnostics.length > 0) io.err(formatValidation(result, 'text', { color: io.color }));
      const pack = result.packs[0];
      if (result.errors > 0 || !pack) {
        io.exitCode = EXIT.content;
        return;
      }
      const exportOptions = { base: opts.base, provenance: opts.provenance, cwd: io.cwd };
      let json;
      if (opts.record !== undefined) json = exportRecord(findRecord(pack, opts.kind, opts.record), exportOptions);
      else if (opts.kind !== undefined) json = exportPack(pack, { ...exportOptions, kinds: [checkKind(pack, opts.kind)] });
      else json = exportPack(pack, exportOptions);
      io.out(JSON.stringify(json, null, 2) + '\n');
      io.exitCode = EXIT.ok;
    });
}

/** The kind asked for, or a usage error naming the pack's kinds (and the nearest, when close). */
function checkKind(pack: Pack, kind: string): string {
  const kinds = Object.keys(pack.manifest.kinds).sort();
  if (kinds.includes(kind)) return kind;
  throw new UsageError(`pack ${pack.id} has no kind "${kind}"`, `${didYouMean(kind, kinds)}Kinds: ${kinds.join(', ')}.`);
}

/** The record asked for, or a usage error with the nearest id (when close). */
function findRecord(pack: Pack, kind: string | undefined, id: string): EffectiveRecord {
  if (kind !== undefined) {
    const records = pack.records.get(checkKind(pack, kind)) ?? [];
    const found = records.find((r) => r.id === id);
    if (found) return found;
    const ids = records.map((r) => r.id);
    throw new UsageError(
      `pack ${pack.id} has no ${kind} "${id}"`,
      `${didYouMean(id, ids)}${ids.length ? `There are ${ids.length} ${kind} records; \`playmark export ${pack.id} --kind ${kind}\` lists them.` : `The pack has no ${kind} records.`}`,
    );
  }
  const all = [...pack.records.values()].flat();
  const matches = all.filter((r) => r.id === id);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new UsageError(
      `several kinds of pack ${pack.id} have a record "${id}": ${matches.map((r) => r.kind).join(', ')}`,
      `Say which with --kind, e.g. --kind ${matches[0]!.kind}.`,
    );
  }
  throw new UsageError(
    `pack ${pack.id} has no record "${id}"`,
    `${didYouMean(
      id,
      all.map((r) => r.id),
    )}Give --kind too, to look among one kind's records.`.trim(),
  );
}
