// Developer preview: renders faces of a pack's printables to PNG with headless Chromium, to look
// at while writing templates. Reads the pack's YAML now (run from the project). Then:
//   node scripts/preview.js <pack> [printable-id] [--faces 0,1] [--out out/preview] [--ink-saver]
// Cards are shown at their size (poker 63x88 mm when the printable does not fix one).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { previewDocument, PAPER } from '../dist/src/render/document.js';
import { loadContent } from '../dist/src/content/effective.js';
import { findProject } from '../dist/src/content/project.js';
import { createTemplates } from '../dist/src/render/handlebars.js';
import { packContexts } from '../dist/src/render/pack-contexts.js';
import { packPrintables } from '../dist/src/render/printables.js';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const out = flag('--out') ?? 'out/preview';
const faces = flag('--faces')?.split(',').map(Number);
const inkSaver = args.includes('--ink-saver');
const [packId, printableId] = args.filter((a) => !a.startsWith('--'));
const project = findProject(process.cwd());
if (!project) {
  console.error('no playmark project here or above');
  process.exit(2);
}
const loaded = loadContent([path.join(project.contentDir, packId ?? '')], {
  cwd: process.cwd(),
  ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
});
const content = loaded.packs.get(packId);
if (!content) {
  for (const d of loaded.validation.diagnostics) console.error(`${d.file}:${d.line}:${d.column} ${d.severity} [${d.code}] ${d.message}`);
  console.error(`no valid pack "${packId}" in ${project.contentDir}`);
  process.exit(loaded.validation.errors ? 1 : 2);
}
const templates = createTemplates([...(project.templatesDir ? [project.templatesDir] : []), new URL('../templates', import.meta.url).pathname]);
const printables = packPrintables(content, { playmarkVersion: 'preview', contexts: await packContexts(content) }).filter(
  (p) => !printableId || p.id === printableId || p.id === `${packId}-${printableId}`,
);
const executablePath = process.env.PLAYMARK_BROWSER ?? '/usr/bin/chromium-headless-shell';
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
mkdirSync(out, { recursive: true });
for (const p of printables) {
  const size =
    p.kind === 'sheet'
      ? p.orientation === 'landscape'
        ? { width: PAPER.a4.height, height: PAPER.a4.width }
        : PAPER.a4
      : (p.size ?? { width: 63, height: 88 });
  const page = await browser.newPage({
    viewport: { width: Math.ceil((size.width / 25.4) * 96), height: Math.ceil((size.height / 25.4) * 96) },
    deviceScaleFactor: 2,
  });
  for (const [i, face] of p.faces.entries()) {
    if (faces && !faces.includes(i)) continue;
    await page.setContent(previewDocument(templates, p, face, size, inkSaver), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(out, `${p.id}-${String(i).padStart(2, '0')}.png`);
    writeFileSync(file, await page.screenshot({ fullPage: true }));
    console.log(file, face.label);
  }
  if (p.kind === 'card' && p.back) {
    await page.setContent(
      previewDocument(
        templates,
        { ...p, template: p.back.template },
        { context: p.back.context, marks: {}, footnotes: [], copies: 1, label: 'back' },
        size,
        inkSaver,
      ),
    );
    const file = path.join(out, `${p.id}-back.png`);
    writeFileSync(file, await page.screenshot({ fullPage: true }));
    console.log(file, 'back');
  }
  await page.close();
}
await browser.close();
