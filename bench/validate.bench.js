// Validation speed against the floor of simply parsing the same files, measured in the same run.
//
// Builds a pack of RECORDS records by copying the Warchon pack's records under new ids, then times:
//   floor:    read every file and parse it with js-yaml (the fastest YAML parser we have)
//   yaml:     read every file and parse it with the `yaml` package's Document (for reference)
//   validate: playmark's whole validation (parse, schema, layers, every lint check), with the
//             compiled validators cached by an earlier run (and once cold, compiling them)
// and prints validate / floor. The target is at most 1.3x. Run with `npm run bench`.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parseDocument, stringify } from 'yaml';
import { validate } from '../dist/src/content/validate.js';
import { root, envCount } from './support.js';

const RECORDS = envCount('BENCH_RECORDS', 10_000);
const RUNS = envCount('BENCH_RUNS', 5);
const source = path.join(root, 'content', process.env.BENCH_PACK ?? 'warchon');
const work = path.join(root, 'bench', '.work', 'content');
const packDir = path.join(work, process.env.BENCH_PACK ?? 'warchon');

function generate() {
  rmSync(path.join(root, 'bench', '.work'), { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  writeFileSync(path.join(packDir, 'pack.yaml'), fixComment(readFileSync(path.join(source, 'pack.yaml'), 'utf8'), 0));
  const folders = readdirSync(source, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const records = [];
  for (const folder of folders) {
    mkdirSync(path.join(packDir, folder), { recursive: true });
    for (const name of readdirSync(path.join(source, folder))) {
      const text = fixComment(readFileSync(path.join(source, folder, name), 'utf8'), 1);
      writeFileSync(path.join(packDir, folder, name), text);
      if (folder !== 'layers') records.push({ folder, name, text });
    }
  }
  // Copies under new ids; references in copies still point at the originals, which exist. Layer
  // entries are copied too, so the copies are as clean as the originals.
  const layerFiles = readdirSync(path.join(packDir, 'layers')).map((name) => path.join(packDir, 'layers', name));
  const layers = layerFiles.map((file) => ({
    file,
    head: readFileSync(file, 'utf8').split('\n')[0],
    data: load(readFileSync(file, 'utf8'), { schema: CORE_SCHEMA }),
  }));
  const originals = layers.map((l) => [...l.data.entries]);
  const kinds = load(readFileSync(path.join(source, 'pack.yaml'), 'utf8'), { schema: CORE_SCHEMA }).kinds;
  let count = records.length;
  for (let copy = 1; count < RECORDS; copy++) {
    for (const r of records) {
      if (count >= RECORDS) break;
      const id = r.name.replace(/\.ya?ml$/, '');
      const newId = `${id}-copy-${copy}`;
      // Paths lead to the same copy of each spread, so every path still runs both ways.
      const text = r.text
        .replace(new RegExp(`^id: ${id}$`, 'm'), `id: ${newId}`)
        .replace(
          /^paths: \[(.*)\]$/m,
          (_, list) =>
            `paths: [${list
              .split(',')
              .filter((p) => p.trim())
              .map((p) => `${p.trim()}-copy-${copy}`)
              .join(', ')}]`,
        )
        // Spread numbers stay unique: copy c of spread n is spread n + 7c.
        .replace(r.folder === 'spreads' ? /^number: (\d+)$/m : /$^/, (_, n) => `number: ${Number(n) + 7 * copy}`);
      writeFileSync(path.join(packDir, r.folder, `${newId}.yaml`), text);
      layers.forEach((l, i) => {
        for (const e of originals[i]) {
          if (e.target.id === id && kinds[e.target.kind]?.folder === r.folder)
            l.data.entries.push({
              ...e,
              id: `${e.id}-copy-${copy}`,
              target: { ...e.target, id: newId },
              value: e.target.pointer.startsWith('/paths/') ? `${e.value}-copy-${copy}` : e.value,
            });
        }
      });
      count++;
    }
  }
  for (const l of layers) writeFileSync(l.file, `${l.head}\n${stringify(l.data)}`);
  return count;
}

// The generated pack sits one folder deeper than content/, so schema comments gain a `../`.
function fixComment(text, depth) {
  return text.replace(/^(# yaml-language-server: \$schema=)(\.\.\/)+/, (_, head) => head + '../'.repeat(depth + 4));
}

function allFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? allFiles(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

function alternate(fns) {
  const out = fns.map(() => ({ ms: Infinity, result: undefined }));
  for (let i = 0; i < RUNS; i++) {
    fns.forEach((fn, j) => {
      const t = process.hrtime.bigint();
      const result = fn();
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (ms < out[j].ms) out[j] = { ms, result };
    });
  }
  return out;
}

const count = generate();
const files = allFiles(packDir);
const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0);

// The machine is shared and noisy: runs of the floor and of validation alternate, and each keeps
// its best time, so a slow spell hurts both alike.
const floorRun = () => {
  for (const f of files) load(readFileSync(f, 'utf8'), { schema: CORE_SCHEMA });
};
const yamlRun = () => {
  for (const f of files) parseDocument(readFileSync(f, 'utf8'));
};
// Cold: no cached validators, every schema compiled. Warm: validators compiled by an earlier run
// and cached on disk, every file parsed: the run after an edit to every file. Cached: the parsed
// YAML of unchanged files from the cache too (keyed by each file's text), as on a usual run.
const cacheDir = path.join(root, 'bench', '.work', 'cache');
const coldRun = () => validate([work], { cwd: root, cacheDir: false });
const warmRun = () => validate([work], { cwd: root, cacheDir, parseCache: false });
const cachedRun = () => validate([work], { cwd: root, cacheDir });
validate([work], { cwd: root, cacheDir });
const [floor, yamlDoc, cold, full, cached] = alternate([floorRun, yamlRun, coldRun, warmRun, cachedRun]);
const { errors, warnings } = full.result;

const mb = bytes / 1e6;
const line = (name, ms) =>
  `${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${(mb / (ms / 1000)).toFixed(1).padStart(6)} MB/s  ${(ms / floor.ms).toFixed(2)}x`;
console.log(`pack: ${count} records, ${files.length} files, ${mb.toFixed(2)} MB; best of ${RUNS} runs`);
console.log(line('floor: read + js-yaml parse', floor.ms));
console.log(line('reference: read + yaml Document', yamlDoc.ms));
console.log(line('playmark validate, cold (no cache)', cold.ms));
console.log(line('playmark validate, every file parsed', full.ms));
console.log(line('playmark validate, unchanged files cached', cached.ms));
console.log(`validate / floor = ${(full.ms / floor.ms).toFixed(2)}x (target <= 1.30x); ${errors} errors, ${warnings} warnings in the generated pack`);
if (!process.env.BENCH_KEEP) rmSync(path.join(root, 'bench', '.work'), { recursive: true, force: true });
