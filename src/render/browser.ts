// Finding and launching the one headless Chromium that prints: never a downloaded browser. Looked
// for in order: $PLAYMARK_BROWSER, Debian's chromium-headless-shell (two to three times faster at
// printing than full Chromium, and a 64 MB install), then the usual Chromium, Chrome and Edge
// locations on Linux, macOS and Windows.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export interface FoundBrowser {
  readonly path: string;
  /** `PLAYMARK_BROWSER`, or the kind of install it was found as. */
  readonly source: string;
}

/** Chromium's flags for printing on a closed machine, as root or not. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--font-render-hinting=none',
] as const;

/** Where a browser may be, best first, for one platform. */
export function browserCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string = os.homedir()): { path: string; source: string }[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', path.posix.join(home, 'Applications')];
    const bundles: [string, string][] = [
      ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Google Chrome'],
      ['Chromium.app/Contents/MacOS/Chromium', 'Chromium'],
      ['Microsoft Edge.app/Contents/MacOS/Microsoft Edge', 'Microsoft Edge'],
      ['Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary', 'Google Chrome Canary'],
    ];
    return bundles.flatMap(([rel, source]) => apps.map((dir) => ({ path: path.posix.join(dir, rel), source })));
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
    const apps: [string, string][] = [
      ['Google\\Chrome\\Application\\chrome.exe', 'Google Chrome'],
      ['Microsoft\\Edge\\Application\\msedge.exe', 'Microsoft Edge'],
      ['Chromium\\Application\\chrome.exe', 'Chromium'],
    ];
    return apps.flatMap(([rel, source]) => roots.map((root) => ({ path: path.win32.join(root, rel), source })));
  }
  return [
    { path: '/usr/bin/chromium-headless-shell', source: 'chromium-headless-shell' },
    { path: '/usr/lib/chromium/chromium-headless-shell', source: 'chromium-headless-shell' },
    { path: '/usr/bin/chromium', source: 'Chromium' },
    { path: '/usr/bin/chromium-browser', source: 'Chromium' },
    { path: '/snap/bin/chromium', source: 'Chromium (snap)' },
    { path: '/usr/bin/google-chrome-stable', source: 'Google Chrome' },
    { path: '/usr/bin/google-chrome', source: 'Google Chrome' },
    { path: '/opt/google/chrome/chrome', source: 'Google Chrome' },
    { path: '/usr/bin/microsoft-edge-stable', source: 'Microsoft Edge' },
    { path: '/usr/bin/microsoft-edge', source: 'Microsoft Edge' },
    { path: '/opt/microsoft/msedge/msedge', source: 'Microsoft Edge' },
  ];
}

export class BrowserNotFound extends Error {}

/**
 * The browser to print with. $PLAYMARK_BROWSER wins and must exist; otherwise the first candidate
 * that exists; otherwise null.
 */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  exists: (file: string) => boolean = existsSync,
): FoundBrowser | null {
  const chosen = env.PLAYMARK_BROWSER;
  if (chosen) {
    if (!exists(chosen)) throw new BrowserNotFound(`PLAYMARK_BROWSER is set to ${chosen}, which does not exist.`);
    return { path: chosen, source: 'PLAYMARK_BROWSER' };
  }
  return browserCandidates(platform, env).find((c) => exists(c.path)) ?? null;
}

/** What to tell someone who has no browser: how to get one on their system. */
export function installHelp(platform: NodeJS.Platform = process.platform): string {
  const lines = ['playmark prints PDFs with headless Chromium, and found none.'];
  if (platform === 'linux') {
    lines.push(
      '  Debian or Ubuntu: npx playmark setup   (runs: apt-get install --no-install-recommends chromium-headless-shell)',
      '  or install Chromium, Google Chrome or Microsoft Edge from your distribution,',
    );
  } else if (platform === 'darwin') {
    lines.push('  macOS: install Google Chrome, Chromium or Microsoft Edge in /Applications (found there by itself),');
  } else if (platform === 'win32') {
    lines.push('  Windows: Microsoft Edge (installed with Windows) or Google Chrome is found in Program Files by itself,');
  }
  lines.push('  or point PLAYMARK_BROWSER at any Chromium-based browser: PLAYMARK_BROWSER=/path/to/chrome playmark render');
  lines.push('The HTML of every output was written; a browser prints it to PDF.');
  return lines.join('\n');
}

/** The browser was found but did not start. */
export class BrowserLaunchError extends Error {}

export async function launchBrowser(found: FoundBrowser): Promise<Browser> {
  try {
    // Signals are render's to handle (it closes the browser and says what was left as it was):
    // Playwright's own handlers would close the browser under it, or exit without a word.
    return await chromium.launch({
      executablePath: found.path,
      args: [...LAUNCH_ARGS],
      headless: true,
      timeout: 60_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    const first = String((error as Error)?.message ?? error).split('\n')[0];
    throw new BrowserLaunchError(
      `the browser at ${found.path} (${found.source}) did not start: ${first}\n  Point PLAYMARK_BROWSER at another Chromium, Chrome or Edge, or reinstall this one.`,
    );
  }
}
