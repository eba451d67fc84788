// `playmark new layer-entry <id>`: an entry appended to a layer file of the pack, every required
// property a placeholder, the layer file started when the manifest lists the layer but it has
// none, and a layer the manifest does not list added last to its `layers`.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LAYERS_FOLDER, MANIFEST } from './load.js';
import { displayPath } from './locate.js';
import type { Manifest } from './model.js';
import { appendEntry, buildValue, newRecord, type SchemaLookup } from './new-record.js';
import { checkId, LAYER_ENTRY, modelineFor, type NewResult } from './new-record-files.js';
import { parseYaml } from './parse.js';
import { Refusal } from './refusal.js';
import { didYouMeanText } from './suggest.js';
import { writeAtomic } from './write-atomic.js';

/** Appends the entry `id` to a layer (`layer`, or the manifest's only one) and says what was written. */
export function addLayerEntry(
  cwd: string,
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
    throw new Refusal(
      layers.length ? `which layer? The pack has ${layers.length}` : 'the pack lists no layers in its manifest',
      layers.length
        ? `Add --layer <layer>: ${layers.join(', ')}.`
        : "Add a layer id to the manifest's `layers` (e.g. `layers: [rulings]`), then run this again.",
      true,
    );
  }
  // A layer the manifest does not list is started, last, when asked for by name; one close to a
  // listed layer is taken for a typo of it.
  const near = layers.includes(layer) ? '' : didYouMeanText(layer, layers);
  if (near)
    throw new Refusal(
      `no layer "${layer}" in the manifest's \`layers\``,
      `${near}Layers: ${layers.join(', ') || '(none)'}. A new layer needs a name unlike these.`,
      true,
    );
  if (!layers.includes(layer)) checkId(layer, 'layer');
  const manifestFile = path.join(packDir, MANIFEST);
  const listed = layers.includes(layer) ? undefined : withLayer(cwd, manifestFile, layers, layer);
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
      throw new Refusal(
        `the layer entry "${id}" exists already, in ${displayPath(path.join(dir, other), cwd)}`,
        'Choose another id: layer entry ids are unique in the pack.',
        true,
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
    throw new Refusal(`${displayPath(file, cwd)} has no \`entries\` list to append to`, 'Run `playmark validate` and fix the layer file first.', false);
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
    throw new Refusal(
      `cannot append to ${displayPath(file, cwd)}: its \`entries\` list is not written as a top-level block list`,
      `Add the entry by hand at the end of \`entries\`:\n${entry.lines.map((l, i) => `${i ? '      ' : '    - '}${l}`).join('\n')}`,
      false,
    );
  }
  mkdirSync(dir, { recursive: true });
  writeAtomic(file, after);
  // The manifest last: until it lists the layer, validate reports the file as a layer it does not apply.
  if (listed !== undefined) writeAtomic(manifestFile, listed);
  return {
    file: displayPath(file, cwd),
    kind: LAYER_ENTRY,
    id,
    placeholders: entry.placeholders,
    unprinted: entry.unprinted,
    unchecked: entry.unchecked,
    ...(listed !== undefined ? { newLayer: { layer, manifest: displayPath(manifestFile, cwd), after: [...layers] } } : {}),
  };
}

/**
 * The manifest's text with `layer` added at the end of its `layers` list, written as it is (a flow
 * list on one line, `layers: [a, b]`, or a block list, `- a` a line), every other line untouched.
 */
function withLayer(cwd: string, manifestFile: string, layers: readonly string[], layer: string): string {
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
    throw new Refusal(
      `${layer} is not a layer of the pack yet, and ${displayPath(manifestFile, cwd)} lists its \`layers\` in a way this cannot add to`,
      `Add ${layer} at the end of \`layers\` in the manifest (layers apply in that order), then run this again.`,
      false,
    );
  }
  return edited.join('\n');
}
