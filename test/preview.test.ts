// `playmark preview` end to end, in a real headless Chromium: the index lists every printable, an
// edited value reaches the open page without a reload by hand, a broken file lays its diagnostics
// (file, line, column, hint) over the last good page, and the page recovers when the file is fixed.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPreviewOptions } from '../src/cli/preview.js';
import { findProject } from '../src/content/project.js';
import { launchBrowser } from '../src/render/browser.js';
import { startPreview, type PreviewServer } from '../src/render/preview.js';
import { fakeIo, repoRoot } from './helpers.js';
import { requireBrowser } from './render-pipeline-support.js';

let dir: string;
let server: PreviewServer;
let browser: Browser;
let page: Page;
let spread: string;
let original: string;

/** The page's text once it settles on a value: it reloads itself, so reading may race a navigation. */
async function waitForText(p: Page, test: (text: string) => boolean, timeout = 10_000): Promise<string> {
  const until = Date.now() + timeout;
  let last = '';
  while (Date.now() < until) {
    try {
      last = (await p.evaluate(() => document.body?.innerText ?? '')) as string;
      if (test(last)) return last;
    } catch {
      // The page is navigating (its reload); read again.
    }
    await p.waitForTimeout(50);
  }
  throw new Error(`the page never showed what was expected; it showed:\n${last.slice(0, 600)}`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-preview-'));
  cpSync(path.join(repoRoot, 'content/warchon'), path.join(dir, 'content/warchon'), { recursive: true });
  cpSync(path.join(repoRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  spread = path.join(dir, 'content/warchon/spreads/erdon-pass.yaml');
  original = readFileSync(spread, 'utf8');
  const project = findProject(dir)!;
  server = await startPreview({ ...projectPreviewOptions(project, fakeIo(dir).io), port: 0 });
  browser = await launchBrowser(requireBrowser());
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('playmark preview', () => {
  it('the index lists every printable of the project, each a link to its page at print size', async () => {
    await page.goto(server.url);
    const links = await page.$$eval('a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/warchon/warchon-spreads', '/warchon/warchon-playmarks', '/warchon/warchon-errata']));
    await page.goto(`${server.url}warchon/warchon-spreads`);
    await waitForText(page, (t) => t.includes('Erdon Pass'));
    // Print size: the pages are laid out in millimetres, as render prints them.
    expect(await page.$eval('.pm-page', (el) => getComputedStyle(el).width)).toMatch(/px$/);
  }, 30_000);

  it('saving a changed value refreshes the open page with it, with no reload by hand', async () => {
    await page.goto(`${server.url}warchon/warchon-spreads`);
    await waitForText(page, (t) => t.includes('Erdon Pass'));
    writeFileSync(spread, original.replace('name: Erdon Pass', 'name: Erdon Gate'));
    const text = await waitForText(page, (t) => t.includes('Erdon Gate'));
    expect(text).not.toContain('Erdon Pass\n');
  }, 30_000);

  it('a broken file lays each diagnostic over the last good page (file, line, column, hint); fixing it brings the page back', async () => {
    writeFileSync(spread, original.replace('capacity: 4', 'capacity: four'));
    const overlay = await waitForText(page, (t) => t.includes('The content has 1 error'));
    expect(overlay).toMatch(/content\/warchon\/spreads\/erdon-pass\.yaml:\d+:\d+/);
    expect(overlay).toContain('schema/type');
    expect(overlay).toContain('hint:');
    // The last good page is still under the overlay.
    expect(await page.$('.pm-page')).not.toBeNull();
    writeFileSync(spread, original);
    const fixed = await waitForText(page, (t) => t.includes('Erdon Pass') && !t.includes('The content has'));
    expect(fixed).toContain('Erdon Pass');
    expect(await page.$('#playmark-overlay')).toBeNull();
  }, 30_000);

  it('a template saved with an error is shown on the page, and the page comes back when it is fixed', async () => {
    // The project's own template for the spread, found before playmark's.
    const own = path.join(dir, 'templates/warchon');
    cpSync(path.join(repoRoot, 'templates/warchon'), own, { recursive: true });
    const restarted = await startPreview({ ...projectPreviewOptions(findProject(dir)!, fakeIo(dir).io), port: 0 });
    try {
      await page.goto(`${restarted.url}warchon/warchon-spreads`);
      await waitForText(page, (t) => t.includes('Erdon Pass'));
      const file = path.join(own, 'spread.hbs');
      const good = readFileSync(file, 'utf8');
      writeFileSync(file, good + '\n{{#if}}');
      // The template's own diagnostic: its code, and the block that is never closed.
      await waitForText(page, (t) => t.includes('template/syntax') && t.includes('The block {{#if}} is never closed.'));
      writeFileSync(file, good);
      await waitForText(page, (t) => t.includes('Erdon Pass') && !t.includes('template/syntax'));
    } finally {
      await restarted.close();
    }
  }, 30_000);
});
