// Pages that print a stranger's pack are inert: no script runs (JavaScript is off, so no fetch,
// beacon or WebSocket can be opened, and an endless loop cannot hang the print), and every request
// the page makes is aborted, so an <iframe>, <img>, <link>, <object>, CSS url(), @import or
// @font-face aimed at a server (local or remote) fetches nothing. The page's own resources are in
// the HTML (fonts as data: URLs), which are not requests. Chromium itself refuses file: URLs in a
// page set by setContent (about:blank); they are aborted here too should one ever reach the network layer.
import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';

/** How long a page may take to load, and to print, before the render gives up (ms). */
export const PAGE_TIMEOUT = 180_000;

/** A new tab that runs no script and fetches nothing. */
export async function inertPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await browser.newPage({ ...options, javaScriptEnabled: false });
  page.setDefaultTimeout(PAGE_TIMEOUT);
  await page.route('**/*', refuse);
  return page;
}

/**
 * Every request is aborted as "aborted", not "failed": a navigation (a <meta http-equiv="refresh">
 * to a server) is then cancelled and the page stays, instead of turning into an error page.
 */
function refuse(route: Route): Promise<void> {
  return route.request().url().startsWith('data:') ? route.continue() : route.abort('aborted');
}
