// Save to refreshed page: `playmark preview` with a real headless Chromium on the page of one
// Warchon spread (a printable of Erdon Pass alone, added to a temporary copy of the pack), against a
// floor measured in the same run: the browser reloading that same page when nothing changed (raw
// browser load of the HTML the server already holds).
//
//   save -> refreshed: write the spread's YAML with a new name, until the open page shows it
//                      (watcher, validation of the pack, server-sent event, reload, compose, paint)
//   floor:             page.reload() of the unchanged page, until it has loaded
//
// Target (issue 10): under 300 ms from save to refreshed page for one spread. Runs alternate (floor,
// save, floor, ...); each reports its median and best. A benchmark, not a test: it never fails.
// `npm run bench` builds first; BENCH_RUNS=N sets the rounds (default 9).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { best, browserOrSkip, dist, median, root, envCount } from './support.js';

const RUNS = envCount('BENCH_RUNS', 9);
const { launchBrowser } = await import(dist('render/browser.js'));
const { startPreview } = await import(dist('render/preview.js'));
const { projectPreviewOptions } = await import(dist('cli/preview.js'));
const { findProject } = await import(dist('content/project.js'));

const found = await browserOrSkip('preview');

const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-bench-preview-'));
cpSync(path.join(root, 'content/warchon'), path.join(dir, 'content/warchon'), { recursive: true });
cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
const printables = path.join(dir, 'content/warchon/printables.yaml');
writeFileSync(
  printables,
  readFileSync(printables, 'utf8').replace(
    'printables:\n',
    'printables:\n  - id: one-spread\n    title: "Warchon: Erdon Pass"\n    type: sheet\n    orientation: portrait\n    records: { kind: spread, ids: [erdon-pass] }\n    front: warchon/spread.hbs\n    context: warchon-spread\n',
  ),
);
const spread = path.join(dir, 'content/warchon/spreads/erdon-pass.yaml');
const original = readFileSync(spread, 'utf8');
const io = { out: () => {}, err: () => {}, color: false, cwd: dir };
const server = await startPreview({ ...projectPreviewOptions(findProject(dir), io), port: 0 });
const browser = await launchBrowser(found);
const page = await browser.newPage();
const url = `${server.url}warchon/warchon-one-spread`;
await page.goto(url);

async function shows(text) {
  for (;;) {
    try {
      if (await page.evaluate((t) => document.body?.innerText.includes(t) ?? false, text)) return;
    } catch {
      // navigating (its own reload)
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

const floor = [];
const save = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  await page.reload({ waitUntil: 'load' });
  floor.push(performance.now() - t);
  const name = `Erdon Pass ${i + 1}`;
  t = performance.now();
  writeFileSync(spread, original.replace('name: Erdon Pass', `name: ${name}`));
  await shows(name);
  save.push(performance.now() - t);
}
writeFileSync(spread, original);
await browser.close();
await server.close();
rmSync(dir, { recursive: true, force: true });

const ms = (x) => `${Math.round(x).toString().padStart(5)} ms`;
console.log(`preview: one Warchon spread, ${RUNS} rounds, node ${process.version}`);
console.log(`  floor, browser reload of the page   median ${ms(median(floor))}   best ${ms(best(floor))}`);
console.log(
  `  save -> refreshed page              median ${ms(median(save))}   best ${ms(best(save))}  (${(median(save) / median(floor)).toFixed(1)}x the floor)`,
);
console.log(`preview: ${Math.round(median(save))} ms from save to refreshed page (target < 300 ms): ${median(save) < 300 ? 'met' : 'NOT met'}`);
