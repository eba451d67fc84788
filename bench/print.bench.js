// PDF printing: `render()` of one printable against headless Chromium printing the same HTML raw,
// measured in the same run, and cards a second for a 500-card deck.
//
//   playmark, whole:  render() of the Archon deck (12 pages with its backs; --only, so no calibration
//                     sheet): compose the HTML, launch the browser,
//                     print, fix the page boxes and metadata (pdf-lib), write the PDF atomically
//   floor, whole:     launch the same browser, setContent(the same HTML), page.pdf(), write the file
//   playmark, print:  in an open tab, printPdf() (fonts ready, overflow check, pdf) + finishPdf()
//   floor, print:     in the same tab, setContent + page.pdf() of the same HTML
//
// Target (issue 11): playmark within 1.2x of the floor (judged on the medians of the whole runs).
// Then a 500-card deck (the Archon pack copied to a temporary project, every card's copies times 10)
// rendered whole, in cards a second. Runs alternate (floor, playmark, ...). A benchmark, not a test:
// it never fails. `npm run bench` builds first; BENCH_RUNS=N sets the rounds (default 7).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { best, browserOrSkip, dist, median, root, envCount } from './support.js';

const RUNS = envCount('BENCH_RUNS', 7);
const { launchBrowser } = await import(dist('render/browser.js'));
const { render, printPdf, printOptions, playmarkVersion } = await import(dist('render/render.js'));
const { composePrintable, forPrinting } = await import(dist('render/compose.js'));
const { finishPdf, fixedDate } = await import(dist('render/pdf.js'));
const { createTemplates } = await import(dist('render/handlebars.js'));
const { loadContent } = await import(dist('content/effective.js'));
const { packPrintables } = await import(dist('render/printables.js'));
const { packContexts } = await import(dist('render/pack-contexts.js'));

const found = await browserOrSkip('print');

const ms = (x) => `${Math.round(x).toString().padStart(5)} ms`;
const templates = createTemplates(path.join(root, 'templates'));
const version = playmarkVersion();

function packContent(dir, pack) {
  const loaded = loadContent([path.join(dir, pack)], { cwd: dir });
  if (loaded.validation.errors > 0)
    throw new Error(
      `${pack} has errors:\n${loaded.validation.diagnostics
        .filter((d) => d.severity === 'error')
        .slice(0, 5)
        .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`)
        .join('\n')}`,
    );
  return loaded.packs.get(pack);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-bench-print-'));
try {
  // --- one printable: the Archon deck, whole and print step -------------------------------------
  const archon = packContent(path.join(root, 'content'), 'archon-skirmish');
  const print = printOptions({});
  const deck = packPrintables(archon, { playmarkVersion: version, print, contexts: await packContexts(archon) }).find((p) => p.id === 'archon-skirmish-deck');
  const composed = composePrintable(templates, deck, print);
  const html = forPrinting(composed.html, composed.pages);

  const wholeFloor = [];
  const wholePlaymark = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const browser = await launchBrowser(found);
    const tab = await browser.newPage();
    await tab.setContent(html, { waitUntil: 'load' });
    const raw = await tab.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(path.join(work, 'raw.pdf'), raw);
    await browser.close();
    wholeFloor.push(performance.now() - t);
    t = performance.now();
    await render({ contents: [archon], only: ['archon-skirmish-deck'], outDir: path.join(work, 'out'), force: true, browser: found });
    wholePlaymark.push(performance.now() - t);
  }

  const printFloor = [];
  const printPlaymark = [];
  const browser = await launchBrowser(found);
  const tab = await browser.newPage();
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await tab.setContent(html, { waitUntil: 'load' });
    await tab.pdf({ preferCSSPageSize: true, printBackground: true });
    printFloor.push(performance.now() - t);
    t = performance.now();
    const bytes = await printPdf(tab, html, () => {});
    await finishPdf(bytes, composed.pages, { title: deck.title, creator: `playmark ${version}`, key: 'bench', date: fixedDate() });
    printPlaymark.push(performance.now() - t);
  }
  await browser.close();

  const ratio = median(wholePlaymark) / median(wholeFloor);
  console.log(`print: the Archon deck (${composed.pages.length} pages), ${RUNS} rounds, node ${process.version}, ${found.path}`);
  console.log(`  floor, Chromium raw: launch, setContent, pdf   median ${ms(median(wholeFloor))}   best ${ms(best(wholeFloor))}`);
  console.log(
    `  playmark render(), whole                       median ${ms(median(wholePlaymark))}   best ${ms(best(wholePlaymark))}  (${ratio.toFixed(2)}x the floor)`,
  );
  console.log(`  floor, in an open tab: setContent, pdf          median ${ms(median(printFloor))}   best ${ms(best(printFloor))}`);
  console.log(
    `  playmark in that tab: printPdf + finishPdf      median ${ms(median(printPlaymark))}   best ${ms(best(printPlaymark))}  (${(median(printPlaymark) / median(printFloor)).toFixed(2)}x)`,
  );
  console.log(`print: playmark ${ratio.toFixed(2)}x headless Chromium printing the same HTML (target within 1.2x): ${ratio <= 1.2 ? 'met' : 'NOT met'}`);

  // --- 500 cards: the Archon pack in a temporary project, every card's copies times 10 ----------
  const project = path.join(work, 'project');
  cpSync(path.join(root, 'content/archon-skirmish'), path.join(project, 'content/archon-skirmish'), { recursive: true });
  cpSync(path.join(root, 'schemas'), path.join(project, 'schemas'), { recursive: true });
  const deckFile = path.join(project, 'content/archon-skirmish/decks/common-deck.yaml');
  const tenfold = readFileSync(deckFile, 'utf8')
    .replace(/copies: (\d+)/g, (_, n) => `copies: ${Number(n) * 10}`)
    .replace(/^size: (\d+)$/m, (_, n) => `size: ${Number(n) * 10}`);
  writeFileSync(deckFile, tenfold);
  const big = packContent(path.join(project, 'content'), 'archon-skirmish');
  const bigDeck = packPrintables(big, { playmarkVersion: version, print, contexts: await packContexts(big) }).find((p) => p.id === 'archon-skirmish-deck');
  const cards = bigDeck.faces.reduce((n, f) => n + f.copies, 0);
  const times = [];
  let pages = 0;
  for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++) {
    const t = performance.now();
    const summary = await render({ contents: [big], only: ['archon-skirmish-deck'], outDir: path.join(work, 'big'), force: true, browser: found });
    times.push(performance.now() - t);
    pages = summary.files.find((f) => f.kind === 'pdf')?.pages ?? 0;
  }
  console.log(
    `print: ${cards} cards (${pages} pages) in ${ms(median(times)).trim()} median, best ${ms(best(times)).trim()}: ${Math.round(cards / (median(times) / 1000))} cards a second (best ${Math.round(cards / (best(times) / 1000))})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
