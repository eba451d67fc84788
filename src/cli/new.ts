// `playmark new <kind> <id>`: a new record file from its kind's schema, every required property in
// place with a placeholder validate reports by name until it is filled in; `new layer-entry <id>`
// appends an entry to a layer file. Never overwrites a file; writes through a temporary file.
import { Option, type Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findSchemaRoots, LAYERS_FOLDER, MANIFEST, modelinePath } from '../content/load.js';
import { displayPath } from '../content/locate.js';
import type { Manifest } from '../content/model.js';
import { appendEntry, buildValue, ID_PATTERN, MAX_ID_LENGTH, newRecord, slug, type SchemaLookup } from '../content/new-record.js';
import { parseYaml } from '../content/parse.js';
import { BUNDLED_SCHEMAS } from '../content/validate.js';
import { writeAtomic, writeNewAtomic } from '../content/write-atomic.js';
import { CommandError, EXIT, UsageError, withFileErrors, type Io } from './io.js';
import { didYouMean, packArgument, projectPackIds, requireProject } from './project.js';

export const LAYER_ENTRY = 'layer-entry';
const FORMATS = ['text', 'json'] as const;
type NewFormat = (typeof FORMATS)[number];

interface NewFlags {
  pack?: string;
  layer?: string;
  format?: NewFormat;
}

export interface NewResult {
  /** The file written, relative to the working directory. */
  readonly file: string;
  readonly kind: string;
  readonly id: string;
  /** JSON pointers (into the file) of the values to fill in: validate reports each until it is. */
  readonly placeholders: string[];
  /** Numbers left null ("not printed"): valid as they stand; fill in what the source prints. */
  readonly unprinted: string[];
  /** Values no schema rule can tell from a placeholder: check them yourself. */
  readonly unchecked: string[];
  /** For a layer entry in a layer the manifest did not list: the manifest it was added to (last), and the layers it now applies after. */
  readonly newLayer?: { readonly layer: string; readonly manifest: string; readonly after: readonly string[] };
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
        result = withFileErrors(io.cwd, () => runNew(io, kind, id, flags));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
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

/** Writes the new record (or layer entry) and says what was written; a UsageError when it cannot. */
export function runNew(io: Io, kind: string, id: string, flags: NewFlags): NewResult {
  const pack = choosePack(io, flags.pack);
  const manifest = readManifest(pack.dir);
  const kinds = Object.keys(manifest.kinds ?? {});
  const lookup = schemaLookup(pack.roots);
  const layerEntry = kind === LAYER_ENTRY && !kinds.includes(kind);
  if (!layerEntry && !kinds.includes(kind)) {
    throw new UsageError(
      `no kind "${kind}" in the pack ${manifest.id ?? path.basename(pack.dir)}`,
      `${didYouMean(kind, [...kinds, LAYER_ENTRY])}Kinds: ${kinds.join(', ') || '(none)'}; or ${LAYER_ENTRY} --layer <layer>.`,
    );
  }
  checkId(id);
  if (layerEntry) return newLayerEntry(io, pack.dir, manifest, id, flags.layer, lookup, pack.roots);

  const { folder, schema } = manifest.kinds[kind]!;
  if (!lookup(schema))
    throw new ContentError(
      `the manifest names the schema ${schema} for "${kind}", and it is not there`,
      'Run `playmark validate` to see the problem (pack/schema-missing).',
    );
  const dir = path.join(pack.dir, folder);
  const taken = idsIn(dir);
  const clash = taken.get(id);
  if (clash)
    throw new UsageError(
      `the ${kind} "${id}" exists already: ${displayPath(clash, io.cwd)}`,
      'Choose another id (ids are unique within a kind), or edit that file.',
    );
  const file = path.join(dir, `${id}.yaml`);
  const record = newRecord({ schema, lookup, id, modeline: modelineFor(dir, schema, pack.roots), choices: { side: (manifest.sides ?? []).map((s) => s.id) } });
  mkdirSync(dir, { recursive: true });
  writeNew(file, record.text, io);
  return { file: displayPath(file, io.cwd), kind, id, placeholders: record.placeholders, unprinted: record.unprinted, unchecked: record.unchecked };
}

function newLayerEntry(
  io: Io,
  packDir: string,
  manifest: Manifest,
  id: string,
  layerFlag: string | undefined,
  lookup: SchemaLookup,
  roots: readonly string[],
): NewResult {
  const layers = manifest.layers ?? [];
  const layer = layerFlag ?? (layers.length === 1 ? layers[0] : undefined);
  if (layer === undefined) {
    throw new UsageError(
      layers.length ? `which layer? The pack has ${layers.length}` : 'the pack lists no layers in its manifest',
      layers.length
        ? `Add --layer <layer>: ${layers.join(', ')}.`
        : "Add a layer id to the manifest's `layers` (e.g. `layers: [rulings]`), then run this again.",
    );
  }
  // A layer the manifest does not list is started, last, when asked for by name; one close to a
  // listed layer is taken for a typo of it.
  const near = layers.includes(layer) ? '' : didYouMean(layer, layers);
  if (near)
    throw new UsageError(
      `no layer "${layer}" in the manifest's \`layers\``,
      `${near}Layers: ${layers.join(', ') || '(none)'}. A new layer needs a name unlike these.`,
    );
  if (!layers.includes(layer)) checkId(layer, 'layer');
  const manifestFile = path.join(packDir, MANIFEST);
  const listed = layers.includes(layer) ? undefined : withLayer(io, manifestFile, layers, layer);
  const dir = path.join(packDir, LAYERS_FOLDER);
  const file = path.join(dir, `${layer}.yaml`);
  // Entry ids are unique in the pack, across its layers.
  for (const other of existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
    : []) {
    const parsed = parseYaml(path.join(dir, other), readFileSync(path.join(dir, other), 'utf8'));
    const entries = parsed.ok ? (parsed.data as { entries?: unknown } | null)?.entries : undefined;
    if (Array.isArray(entries) && entries.some((e) => (e as { id?: unknown } | null)?.id === id)) {
      throw new UsageError(
        `the layer entry "${id}" exists already, in ${displayPath(path.join(dir, other), io.cwd)}`,
        'Choose another id: layer entry ids are unique in the pack.',
      );
    }
  }
  let text: string;
  if (existsSync(file)) text = readFileSync(file, 'utf8');
  else {
    // The manifest lists the layer but it has no file yet: start one.
    const start = newRecord({ schema: 'layer.schema.json', lookup, id: layer, modeline: modelineFor(dir, 'layer.schema.json', roots) });
    text = start.text;
  }
  const before = parseYaml(file, text);
  const count =
    before.ok && Array.isArray((before.data as { entries?: unknown } | null)?.entries) ? (before.data as { entries: unknown[] }).entries.length : undefined;
  if (count === undefined)
    throw new ContentError(`${displayPath(file, io.cwd)} has no \`entries\` list to append to`, 'Run `playmark validate` and fix the layer file first.');
  const entry = buildValue('layer.schema.json#/properties/entries/items', '', {
    schema: 'layer.schema.json',
    lookup,
    presets: { '/id': id },
    choices: { kind: Object.keys(manifest.kinds ?? {}) },
    hints: { id: 'the id of the record changed', pointer: 'a JSON pointer into the record, e.g. /rng/4/1' },
    pointerPrefix: `/entries/${count}`,
  });
  const after = appendEntry(text, entry.lines);
  const parsed = after === undefined ? undefined : parseYaml(file, after);
  const entries = parsed?.ok ? (parsed.data as { entries?: { id?: unknown }[] } | null)?.entries : undefined;
  if (after === undefined || !Array.isArray(entries) || entries.length !== count + 1 || entries[count]?.id !== id) {
    throw new ContentError(
      `cannot append to ${displayPath(file, io.cwd)}: its \`entries\` list is not written as a top-level block list`,
      `Add the entry by hand at the end of \`entries\`:\n${entry.lines.map((l, i) => `${i ? '      ' : '    - '}${l}`).join('\n')}`,
    );
  }
  mkdirSync(dir, { recursive: true });
  writeAtomic(file, after);
  // The manifest last: until it lists the layer, validate reports the file as a layer it does not apply.
  if (listed !== undefined) writeAtomic(manifestFile, listed);
  return {
    file: displayPath(file, io.cwd),
    kind: LAYER_ENTRY,
    id,
    placeholders: entry.placeholders,
    unprinted: entry.unprinted,
    unchecked: entry.unchecked,
    ...(listed !== undefined ? { newLayer: { layer, manifest: displayPath(manifestFile, io.cwd), after: [...layers] } } : {}),
  };
}

/**
 * The manifest's text with `layer` added at the end of its `layers` list, written as it is (a flow
 * list on one line, `layers: [a, b]`, or a block list, `- a` a line), every other line untouched.
 */
function withLayer(io: Io, manifestFile: string, layers: readonly string[], layer: string): string {
  const text = readFileSync(manifestFile, 'utf8');
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^layers:/.test(l));
  let edited: string[] | undefined;
  const flow = at >= 0 ? /^(layers:\s*\[)(.*?)(\]\s*(#.*)?)$/.exec(lines[at]!) : null;
  if (flow)
    edited = [
      ...lines.slice(0, at),
      `${flow[1]}${flow[2]!.trim() === '' ? layer : `${flow[2]!.replace(/\s*$/, '')}, ${layer}`}${flow[3]}`,
      ...lines.slice(at + 1),
    ];
  else if (at >= 0 && /^layers:\s*(#.*)?$/.test(lines[at]!)) {
    let end = at + 1;
    while (end < lines.length && /^\s+-\s/.test(lines[end]!)) end++;
    const indent = end > at + 1 ? /^(\s+)-/.exec(lines[end - 1]!)![1]! : '  ';
    if (end > at + 1) edited = [...lines.slice(0, end), `${indent}- ${layer}`, ...lines.slice(end)];
  }
  const parsed = edited === undefined ? undefined : parseYaml(manifestFile, edited.join('\n'));
  const now = parsed?.ok ? (parsed.data as { layers?: unknown } | null)?.layers : undefined;
  if (edited === undefined || !Array.isArray(now) || now.join('\n') !== [...layers, layer].join('\n')) {
    throw new ContentError(
      `${layer} is not a layer of the pack yet, and ${displayPath(manifestFile, io.cwd)} lists its \`layers\` in a way this cannot add to`,
      `Add ${layer} at the end of \`layers\` in the manifest (layers apply in that order), then run this again.`,
    );
  }
  return edited.join('\n');
}

/** A problem with the pack itself (its manifest, schemas or layer file): exit 1, as validate would. */
export class ContentError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

function checkId(id: string, what = 'id'): void {
  if (id.length > MAX_ID_LENGTH) {
    throw new UsageError(
      `the ${what} is too long: ${id.length} characters, and an id has at most ${MAX_ID_LENGTH}`,
      `The id is also the file name; give a shorter one, e.g. ${JSON.stringify(slug(id).slice(0, 40).replace(/-+$/, '') || 'erdon-pass')}.`,
    );
  }
  if (ID_PATTERN.test(id)) return;
  const suggestion = slug(id);
  throw new UsageError(
    `"${id}" is not ${what === 'id' ? 'an id' : `a ${what} id`}`,
    `An id is kebab-case: lowercase letters and digits in words joined by "-"${suggestion && suggestion !== id ? `, e.g. ${suggestion}` : ', e.g. erdon-pass'}. It is also the file name.`,
  );
}

interface ChosenPack {
  readonly dir: string;
  /** The schema folders, playmark's first, then the project's own. */
  readonly roots: readonly string[];
}

function choosePack(io: Io, pack: string | undefined): ChosenPack {
  if (pack !== undefined) {
    const { dir, options } = packArgument(io, pack, 'playmark new');
    return { dir, roots: options.schemasDir ? [BUNDLED_SCHEMAS, options.schemasDir] : findSchemaRoots(dir, BUNDLED_SCHEMAS) };
  }
  const project = requireProject(io);
  const ids = projectPackIds(project);
  if (ids.length !== 1) throw new UsageError(`which pack? The project has ${ids.length}`, `Add --pack <pack>: ${ids.join(', ')}.`);
  return { dir: path.join(project.contentDir, ids[0]!), roots: project.schemasDir ? [BUNDLED_SCHEMAS, project.schemasDir] : [BUNDLED_SCHEMAS] };
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  const parsed = parseYaml(file, readFileSync(file, 'utf8'));
  const data = parsed.ok ? (parsed.data as Partial<Manifest> | null) : null;
  if (!data || typeof data !== 'object' || typeof data.kinds !== 'object' || data.kinds === null) {
    throw new ContentError(`cannot read the kinds of ${file}`, 'Run `playmark validate` to see what is wrong with the manifest.');
  }
  return data as Manifest;
}

/** Schemas by path relative to a schemas folder; a project's own override playmark's. */
function schemaLookup(roots: readonly string[]): SchemaLookup {
  const cache = new Map<string, unknown>();
  return (rel) => {
    if (cache.has(rel)) return cache.get(rel);
    let found: unknown;
    for (const root of [...roots].reverse()) {
      const file = path.join(root, rel);
      if (!existsSync(file)) continue;
      try {
        found = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        found = undefined; // a broken schema: validate reports it; new cannot fill from it
      }
      break;
    }
    cache.set(rel, found);
    return found;
  };
}

/** The ids in a kind's folder (file names, and the `id:` each file declares), with their files. */
function idsIn(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = path.join(dir, name);
    out.set(name.replace(/\.ya?ml$/, ''), file);
    const declared = /^id:\s*['"]?([^'"\s#]+)/m.exec(readFileSync(file, 'utf8'))?.[1];
    if (declared && !out.has(declared)) out.set(declared, file);
  }
  return out;
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)\s*$/;

/**
 * The modeline for a new file in `dir`: as the folder's other files write it when they name this
 * schema; else the path validate expects (playmark's own schemas, seen from a project outside
 * playmark, where npm installs them).
 */
function modelineFor(dir: string, schema: string, roots: readonly string[]): string {
  const schemaFile =
    [...roots]
      .reverse()
      .map((r) => path.join(r, schema))
      .find((f) => existsSync(f)) ?? path.join(roots[roots.length - 1]!, schema);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort()) {
      const first = readFileSync(path.join(dir, name), 'utf8')
        .split(/\r?\n/, 1)[0]!
        .replace(/^\uFEFF/, '');
      const named = MODELINE.exec(first)?.[1];
      if (named && (path.resolve(dir, named) === schemaFile || named.endsWith(`node_modules/playmark/schemas/${schema}`))) return first;
    }
  }
  return `# yaml-language-server: $schema=${modelinePath(dir, schemaFile)}`;
}

/** Writes a file that must not exist (an existing one is never replaced, even if it appears meanwhile). */
function writeNew(file: string, text: string, io: Io): void {
  try {
    writeNewAtomic(file, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${displayPath(file, io.cwd)} exists already`, 'Choose another id, or edit that file.');
    throw error;
  }
}
