// `playmark new <kind> <id>`: a new record file from its kind's schema (new-record.ts), every
// required property a placeholder that validate reports by name until it is filled in, in the
// folder the manifest names for the kind; or a layer entry (new-layer-entry.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from './locate.js';
import { newRecord } from './new-record.js';
import { addLayerEntry } from './new-layer-entry.js';
import { checkId, idsIn, LAYER_ENTRY, modelineFor, readManifest, schemaLookup, writeNew, type NewResult, type PackFolders } from './new-record-files.js';
import { Refusal } from './refusal.js';
import { didYouMeanText } from './suggest.js';

/**
 * Writes a new record of `kind` (or, for LAYER_ENTRY, a layer entry) with the id `id` in the pack
 * and says what was written, paths shown relative to `cwd`; a Refusal when it cannot (nothing is
 * written then).
 */
export function addRecord(pack: PackFolders, kind: string, id: string, options: { readonly layer?: string | undefined; readonly cwd: string }): NewResult {
  const { cwd } = options;
  const manifest = readManifest(pack.dir);
  const kinds = Object.keys(manifest.kinds ?? {});
  const lookup = schemaLookup(pack.roots);
  const layerEntry = kind === LAYER_ENTRY && !kinds.includes(kind);
  if (!layerEntry && !kinds.includes(kind)) {
    throw new Refusal(
      `no kind "${kind}" in the pack ${manifest.id ?? path.basename(pack.dir)}`,
      `${didYouMeanText(kind, [...kinds, LAYER_ENTRY])}Kinds: ${kinds.join(', ') || '(none)'}; or ${LAYER_ENTRY} --layer <layer>.`,
      true,
    );
  }
  checkId(id);
  if (layerEntry) return addLayerEntry(cwd, pack.dir, manifest, id, options.layer, lookup, pack.roots);

  const { folder, schema } = manifest.kinds[kind]!;
  if (!lookup(schema))
    throw new Refusal(
      `the manifest names the schema ${schema} for "${kind}", and it is not there`,
      'Run `playmark validate` to see the problem (pack/schema-missing).',
      false,
    );
  const dir = path.join(pack.dir, folder);
  const taken = idsIn(dir);
  const clash = taken.get(id);
  if (clash)
    throw new Refusal(
      `the ${kind} "${id}" exists already: ${displayPath(clash, cwd)}`,
      'Choose another id (ids are unique within a kind), or edit that file.',
      true,
    );
  const file = path.join(dir, `${id}.yaml`);
  const record = newRecord({ schema, lookup, id, modeline: modelineFor(dir, schema, pack.roots), choices: { side: (manifest.sides ?? []).map((s) => s.id) } });
  mkdirSync(dir, { recursive: true });
  writeNew(file, record.text, cwd);
  return { file: displayPath(file, cwd), kind, id, placeholders: record.placeholders, unprinted: record.unprinted, unchecked: record.unchecked };
}
