import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pending, type PendingDiagnostic, type PathStep } from './diagnostic.js';
import type { JsonObject, LayerEntry, LoadedLayer, LoadedPrintables, LoadedRecord, Manifest, PrintableDecl } from './model.js';
import { parseYaml } from './parse.js';
import { ParseCache } from './parse-cache.js';
import { packageRoot } from './package-root.js';
import { contentRoots, readContentFile } from './read-content.js';
import type { SchemaRegistry } from './schemas.js';

export const MANIFEST = 'pack.yaml';
export const PRINTABLES = 'printables.yaml';
export const LAYERS_FOLDER = 'layers';

/** The base of a pack as read from disk: manifest, records and layers, before layers apply. */
export interface LoadedPack {
  readonly id: string;
  readonly dir: string;
  readonly manifestFile: string;
  readonly manifest: Manifest;
  readonly records: readonly LoadedRecord[];
  readonly layers: readonly LoadedLayer[];
  /** `printables.yaml` beside the manifest, when the pack has one and it is valid. */
  readonly printables?: LoadedPrintables;
}

/** Collects diagnostics; a bad file never stops the others from being checked. */
export class Report {
  readonly diagnostics: PendingDiagnostic[] = [];
  /** Files refused unread (outside the project, too large, not a plain file): never read to place a diagnostic either. */
  readonly unread = new Set<string>();
  private readonly seen = new Set<string>();
  add(d: PendingDiagnostic): void {
    // The same problem found twice (a broken schema met by every record of its kind) shows once.
    const key = `${d.code}|${d.file}|${d.message}|${d.path?.join('/') ?? ''}|${d.offset ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push(d);
  }
}

/**
 * Finds the packs under the given paths: a folder with a pack.yaml is a pack; any other folder is
 * a content root whose sub-folders are packs.
 */
export function discoverPacks(paths: readonly string[], report: Report): string[] {
  const found: string[] = [];
  for (const given of paths) {
    const abs = path.resolve(given);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) {
      report.add(pending('pack/not-found', abs, `No folder at ${given}.`));
      continue;
    }
    if (existsSync(path.join(abs, MANIFEST))) {
      found.push(abs);
      continue;
    }
    for (const entry of sortedDir(abs)) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(abs, entry.name);
      if (existsSync(path.join(dir, MANIFEST))) found.push(dir);
      else if (containsYaml(dir)) {
        report.add(pending('pack/no-manifest', path.join(dir, MANIFEST), `The folder ${entry.name}/ holds YAML files but no ${MANIFEST}.`));
      }
    }
  }
  return [...new Set(found)];
}

/**
 * The schema folders for a pack: playmark's own, then the nearest `schemas/` folder above the
 * pack (a project's own kinds), when there is one and it is not playmark's.
 */
export function findSchemaRoots(packDir: string, bundled: string): string[] {
  let dir = path.dirname(packDir);
  for (;;) {
    const candidate = path.join(dir, 'schemas');
    if (existsSync(candidate) && statSync(candidate).isDirectory()) {
      return path.resolve(candidate) === path.resolve(bundled) ? [bundled] : [bundled, candidate];
    }
    const parent = path.dirname(dir);
    if (parent === dir) return [bundled];
    dir = parent;
  }
}

/** Reads one pack: validates the manifest, every record and every layer against their schemas. */
export function loadPack(dir: string, schemas: SchemaRegistry, report: Report, cache?: ParseCache): LoadedPack | undefined {
  const reader: Reader = { schemas, report, cache, roots: contentRoots(dir) };
  const manifestFile = path.join(dir, MANIFEST);
  const manifestData = readRecordFile(manifestFile, 'pack.schema.json', reader);
  if (!manifestData) return undefined;
  // A manifest with schema problems (reported already) still names the pack's kinds and layers:
  // use what is well formed, so every record is still checked, references included.
  // Cast: `valid` means the data passed pack.schema.json, which Manifest types.
  const read = manifestData.valid ? (manifestData.data as unknown as Manifest) : usableManifest(manifestData.data);
  if (!read) return undefined;
  const manifest = withSource(read);
  colorSpelling(manifest, manifestFile, report);
  const records: LoadedRecord[] = [];
  const knownFolders = new Set<string>([LAYERS_FOLDER]);

  for (const kind of Object.keys(manifest.kinds).sort()) {
    const { folder, schema } = manifest.kinds[kind]!;
    knownFolders.add(folder);
    if (!schemas.has(schema)) {
      report.add(
        pending(
          'pack/schema-missing',
          manifestFile,
          `Kind "${kind}" names the schema ${schema}, which is not in ${schemas.roots.map((r) => path.relative(dir, r).split(path.sep).join('/')).join(' or ')}.`,
          { path: ['kinds', kind, 'schema'] },
        ),
      );
      continue;
    }
    const folderDir = path.join(dir, folder);
    for (const file of yamlFiles(folderDir)) {
      const loaded = readRecordFile(file, schema, reader);
      if (!loaded) continue;
      const id = loaded.data.id;
      if (typeof id !== 'string') continue; // the schema reported it
      const expected = path.basename(file, path.extname(file));
      if (id !== expected) {
        report.add(
          pending('id/file-name', file, `The record's id is "${id}" but its file is named ${path.basename(file)}.`, {
            path: ['id'],
            hint: `Rename the file to ${id}.yaml, or set the id to "${expected}".`,
          }),
        );
      }
      records.push({ kind, id, file, base: loaded.data, refs: loaded.refs, valid: loaded.valid });
    }
  }

  for (const entry of sortedDir(dir)) {
    if (entry.isDirectory() && !knownFolders.has(entry.name) && containsYaml(path.join(dir, entry.name))) {
      report.add(
        pending('pack/unknown-folder', manifestFile, `The folder ${entry.name}/ holds YAML files, but no kind in the manifest names it.`, { path: ['kinds'] }),
      );
    }
    if (entry.isFile() && isYaml(entry.name) && entry.name !== MANIFEST && entry.name !== PRINTABLES) {
      report.add(pending('pack/stray-file', path.join(dir, entry.name), `${entry.name} is not the manifest and is in no kind's folder, so it is never read.`));
    }
  }

  const layers = loadLayers(dir, manifest, manifestFile, reader);
  const printables = loadPrintables(dir, reader);
  return { id: manifest.id, dir, manifestFile, manifest, records, layers, ...(printables ? { printables } : {}) };
}

/**
 * The well-formed parts of a manifest that breaks its schema: its id, and the kinds, layers and
 * sides written correctly. Undefined when it has no usable id (nothing can be checked as a pack).
 */
function usableManifest(data: JsonObject): Manifest | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (typeof data.id !== 'string' || data.id === '') return undefined;
  const kinds: Record<string, { folder: string; schema: string }> = {};
  if (isObject(data.kinds)) {
    for (const [kind, value] of Object.entries(data.kinds)) {
      if (isObject(value) && typeof value.folder === 'string' && typeof value.schema === 'string') kinds[kind] = { folder: value.folder, schema: value.schema };
    }
  }
  const layers = Array.isArray(data.layers) ? data.layers.filter((l): l is string => typeof l === 'string') : [];
  const sides = (Array.isArray(data.sides) ? data.sides : [])
    .filter((s): s is { id: string; name: string } => isObject(s) && typeof s.id === 'string')
    .map((s) => ({ ...s, name: typeof s.name === 'string' ? s.name : s.id }));
  const source =
    isObject(data.source) && typeof data.source.file === 'string' && typeof data.source.title === 'string'
      ? // Cast: the checks just above are the shape of Manifest['source'].
        (data.source as unknown as Manifest['source'])
      : undefined;
  return {
    id: data.id,
    title: typeof data.title === 'string' ? data.title : data.id,
    version: typeof data.version === 'string' ? data.version : '0.0.0',
    ...(source ? { source } : {}),
    sides,
    kinds,
    layers,
  } as Manifest;
}

/**
 * A manifest without `source` is a designer's own game: it transcribes no rule text. Every reader
 * of `source` gets one saying so (`original: true`, no file), so none has to cope with its absence.
 */
function withSource(manifest: Manifest): Manifest {
  if ((manifest as { source?: Manifest['source'] }).source !== undefined) return manifest;
  const source = { file: '', title: manifest.title, original: true } as Manifest['source'];
  return { ...manifest, source };
}

/** A side with `color` and no `colour`: it prints, but `colour` is the palette's spelling (a designer's game writes it). */
function colorSpelling(manifest: Manifest, manifestFile: string, report: Report): void {
  manifest.sides.forEach((side, i) => {
    if (side.color === undefined || side.colour !== undefined) return;
    report.add(
      pending('pack/color-spelling', manifestFile, `The side "${side.id}" gives \`color: ${side.color}\` and no \`colour\`: printed faces read \`colour\`.`, {
        path: ['sides', i, 'color'],
        atKey: true,
      }),
    );
  });
}

/** `printables.yaml`, when the pack has one: what it prints (checked against printables.schema.json). */
function loadPrintables(dir: string, reader: Reader): LoadedPrintables | undefined {
  const file = path.join(dir, PRINTABLES);
  if (!existsSync(file)) return undefined;
  const loaded = readRecordFile(file, 'printables.schema.json', reader);
  if (!loaded?.valid) return undefined;
  // Cast: `valid` means the data passed printables.schema.json.
  const data = loaded.data as unknown as { contexts?: string; printables: PrintableDecl[] };
  return { file, ...(data.contexts !== undefined ? { contexts: data.contexts } : {}), list: data.printables };
}

function loadLayers(dir: string, manifest: Manifest, manifestFile: string, reader: Reader): LoadedLayer[] {
  const { report } = reader;
  const layers: LoadedLayer[] = [];
  const layersDir = path.join(dir, LAYERS_FOLDER);
  manifest.layers.forEach((id, index) => {
    const file = [path.join(layersDir, `${id}.yaml`), path.join(layersDir, `${id}.yml`)].find((f) => existsSync(f));
    if (!file) {
      report.add(
        pending('layer/file-missing', manifestFile, `The manifest lists the layer "${id}", but ${LAYERS_FOLDER}/${id}.yaml does not exist.`, {
          path: ['layers', index],
        }),
      );
      return;
    }
    const loaded = readRecordFile(file, 'layer.schema.json', reader);
    if (!loaded) return;
    // Cast: the data passed layer.schema.json (readRecordFile reports it otherwise).
    const data = loaded.data as unknown as { id: string; title: string; entries: LayerEntry[] };
    if (typeof data.id === 'string' && data.id !== id) {
      report.add(pending('id/file-name', file, `The layer's id is "${data.id}" but its file is named ${path.basename(file)}.`, { path: ['id'] }));
    }
    // An entry that breaks the schema (reported already) is left out; the others still apply, so
    // a mistake in one entry never hides the problems of the rest.
    layers.push({
      id,
      title: typeof data.title === 'string' ? data.title : id,
      file,
      entries: loaded.valid ? data.entries : usableEntries(data.entries, loaded.problemPaths),
    });
  });
  const listed = new Set(manifest.layers);
  for (const file of yamlFiles(layersDir)) {
    const id = path.basename(file, path.extname(file));
    if (!listed.has(id)) report.add(pending('layer/unlisted', file, `The layer ${id} is not listed in the manifest's \`layers\`, so it never applies.`));
  }
  return layers;
}

/** The entries of a layer file with schema problems that have none themselves, and a usable shape. */
function usableEntries(entries: unknown, problemPaths: readonly (readonly PathStep[])[]): LayerEntry[] {
  if (!Array.isArray(entries)) return [];
  const broken = new Set(problemPaths.filter((p) => p[0] === 'entries' && typeof p[1] === 'number').map((p) => p[1] as number));
  return entries.filter((entry, index): entry is LayerEntry => {
    if (broken.has(index) || entry === null || typeof entry !== 'object') return false;
    const e = entry as Partial<LayerEntry>;
    const t = e.target as Partial<LayerEntry['target']> | undefined;
    return (
      typeof e.id === 'string' &&
      typeof e.kind === 'string' &&
      !!t &&
      typeof t.kind === 'string' &&
      typeof t.id === 'string' &&
      typeof t.pointer === 'string' &&
      e.value !== undefined
    );
  });
}

/** What reading a pack's files needs: its schemas, where to report, the parse cache, and the folders its files may lie in. */
interface Reader {
  readonly schemas: SchemaRegistry;
  readonly report: Report;
  readonly cache: ParseCache | undefined;
  /** Real paths (see `contentRoots`): a file outside them is refused unread. */
  readonly roots: readonly string[];
}

/** Reads, parses and schema-checks one file. Undefined when it cannot be used. */
function readRecordFile(
  file: string,
  schema: string,
  { schemas, report, cache, roots }: Reader,
): { data: JsonObject; refs: LoadedRecord['refs']; valid: boolean; problemPaths: (readonly PathStep[])[] } | undefined {
  const read = readContentFile(file, roots);
  if (!read.ok) {
    report.unread.add(file);
    report.add(pending(read.code, file, read.message, { offset: 0 }));
    return undefined;
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) {
    report.add(pending('file/encoding', file, decoded.message, { offset: decoded.offset }));
    return undefined;
  }
  const text = decoded.text;
  checkSchemaComment(file, text, schemas.fileOf(schema), report);
  const parsed = cachedParse(file, text, cache);
  if (!parsed.ok) {
    report.add(parsed.diagnostic);
    return undefined;
  }
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    report.add(
      pending(
        'schema/type',
        file,
        `The file must hold one record (a mapping of properties), not ${parsed.data === null ? 'nothing' : Array.isArray(parsed.data) ? 'a list' : 'a single value'}.`,
        { path: [] },
      ),
    );
    return undefined;
  }
  const result = schemas.validate(schema, parsed.data);
  if (!('problems' in result)) {
    report.add(pending('pack/schema-invalid', schemas.fileOf(result.schema), `The schema ${result.schema} cannot be used: ${result.message}`));
    return undefined;
  }
  for (const p of result.problems) report.add(pending(p.code, file, p.message, { path: p.path, atKey: p.atKey, ...(p.hint ? { hint: p.hint } : {}) }));
  return { data: parsed.data as JsonObject, refs: result.refs, valid: result.problems.length === 0, problemPaths: result.problems.map((p) => p.path) };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8_LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The file's text, or where it stops being UTF-8: the offset (in the text as shown, with the bad
 * bytes as U+FFFD) of the first byte that is not part of a valid UTF-8 sequence.
 */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; offset: number; message: string } {
  try {
    return { ok: true, text: UTF8.decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8(bytes); // not UTF-8: reported below at the first bad byte
    const offset = UTF8_LENIENT.decode(bytes.subarray(0, bad)).length;
    const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
    const shown = [...bytes.subarray(bad, bad + 4)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    const message = utf16
      ? 'The file is UTF-16 text, not UTF-8.'
      : `The file is not valid UTF-8: byte ${bad} (0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')}, in ${shown}) does not start or continue a UTF-8 character${bytes[bad]! >= 0xa0 ? ' (it looks like Latin-1 or Windows-1252 text)' : ''}.`;
    return { ok: false, offset, message };
  }
}

/** Index of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

const COMMENT_PREFIX = '# yaml-language-server: $schema=';
const SCHEMA_COMMENT = /^# yaml-language-server: \$schema=(\S+)\s*$/;
/** The expected comment path by folder and schema file: computed once per folder, not per file. */
const expectedComment = new Map<string, string>();

function checkSchemaComment(file: string, text: string, schemaFile: string, report: Report): void {
  const dir = path.dirname(file);
  const key = `${dir}\n${schemaFile}`;
  let expected = expectedComment.get(key);
  if (expected === undefined) {
    expected = modelinePath(dir, schemaFile);
    expectedComment.set(key, expected);
  }
  const line = COMMENT_PREFIX + expected;
  if (text.startsWith(line) && (text.length === line.length || text[line.length] === '\n' || text[line.length] === '\r')) return;
  const firstLine = text
    .slice(0, text.indexOf('\n') >>> 0)
    .replace(/\r$/, '')
    .replace(/^\uFEFF/, '');
  const match = SCHEMA_COMMENT.exec(firstLine);
  if (match && (match[1] === expected || path.resolve(dir, match[1]!) === schemaFile)) return;
  // playmark's own schemas as an installed project names them: node_modules/playmark/schemas/...
  if (match && expected.includes('node_modules/playmark/schemas/') && match[1]!.endsWith(expected.slice(expected.indexOf('node_modules/')))) return;
  const message = match
    ? `The first line names the schema ${match[1]}, but this file's schema is ${expected}.`
    : "The first line does not name the file's schema, so editors cannot complete or check it.";
  report.add(pending('file/schema-comment', file, message, { offset: 0, hint: `Make the first line: # yaml-language-server: $schema=${expected}` }));
}

/** Parses a file, or takes its data from the cache when the same text parsed cleanly before. */
function cachedParse(file: string, text: string, cache: ParseCache | undefined): ReturnType<typeof parseYaml> {
  if (!cache) return parseYaml(file, text);
  const key = ParseCache.key(text);
  const hit = cache.get(key);
  if (hit) return { ok: true, data: hit.data, aliases: 0 };
  const parsed = parseYaml(file, text);
  // A file with aliases is never kept: JSON would write every alias out in full.
  if (parsed.ok && parsed.aliases === 0) cache.set(key, parsed.data);
  return parsed;
}

/**
 * The path a file's modeline names its schema by. playmark's own schemas, seen from a project
 * outside playmark, are named where npm installs them (`../../node_modules/playmark/schemas/...`
 * from the project root: the nearest folder above with a package.json, else the one holding
 * content/), so the path works on every
 * machine the project is checked out on, not only where playmark happens to run from.
 */
/**
 * The schema path a record's modeline should name from folder `dir`: relative to the schema file, or,
 * for playmark's own schemas in a project outside playmark, where npm installs them
 * (`node_modules/playmark/schemas/...` from the project's root), so the path works on every machine.
 */
export function modelinePath(dir: string, schemaFile: string): string {
  const bundled = path.join(packageRoot(), 'schemas');
  const insidePlaymark = !path.relative(packageRoot(), dir).startsWith('..');
  if (insidePlaymark || !schemaFile.startsWith(bundled + path.sep)) return path.relative(dir, schemaFile).split(path.sep).join('/');
  // The project root: the nearest folder above with a package.json, else the one holding content/.
  const above = (test: (d: string) => boolean): string | undefined => {
    for (let d = dir; ; d = path.dirname(d)) {
      if (test(d)) return d;
      if (path.dirname(d) === d) return undefined;
    }
  };
  const root =
    above((d) => existsSync(path.join(d, 'package.json'))) ??
    above((d) => path.basename(d) !== 'content' && existsSync(path.join(d, 'content')) && !path.relative(path.join(d, 'content'), dir).startsWith('..'));
  if (root === undefined) return path.relative(dir, schemaFile).split(path.sep).join('/');
  const installed = path.join(root, 'node_modules', 'playmark', 'schemas', path.relative(bundled, schemaFile));
  return path.relative(dir, installed).split(path.sep).join('/');
}

function sortedDir(dir: string): import('node:fs').Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // unreadable folder: reported where its files are needed
  }
}

function isYaml(name: string): boolean {
  return name.endsWith('.yaml') || name.endsWith('.yml');
}

/** Every entry named like a YAML file, whatever it is: a link, a folder or a device is refused when read, not passed over in silence. */
function yamlFiles(dir: string): string[] {
  return sortedDir(dir)
    .filter((e) => isYaml(e.name))
    .map((e) => path.join(dir, e.name));
}

function containsYaml(dir: string): boolean {
  return sortedDir(dir).some((e) => (e.isFile() && isYaml(e.name)) || (e.isDirectory() && containsYaml(path.join(dir, e.name))));
}

export type { PathStep };
