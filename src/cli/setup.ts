import type { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BrowserNotFound, findBrowser, installHelp, type FoundBrowser } from '../render/browser.js';
import { CommandError, EXIT, type Io } from './io.js';

/** Debian's packages that give a headless Chromium, best first (Ubuntu's `chromium` installs the snap). */
export const BROWSER_PACKAGES = ['chromium-headless-shell', 'chromium'] as const;

export interface SetupSystem {
  readonly platform: NodeJS.Platform;
  readonly isRoot: boolean;
  exists(file: string): boolean;
  /** Runs a command with the terminal attached; returns its exit status. */
  run(argv: readonly string[]): number;
  findBrowser(): FoundBrowser | null;
}

export function registerSetup(program: Command, io: Io): void {
  program
    .command('setup')
    .description(
      'Make sure a headless Chromium is there to print with. On Debian and Ubuntu, when none is found, installs chromium-headless-shell with apt-get (as root, or with sudo).',
    )
    .option('--dry-run', 'say what would be installed, install nothing', false)
    .addHelpText(
      'after',
      `
Examples:
  playmark setup             find a browser, or install one (Debian, Ubuntu)
  playmark setup --dry-run   only say what it would do

Found, in order: $PLAYMARK_BROWSER, /usr/bin/chromium-headless-shell, then Chromium, Google Chrome
and Microsoft Edge where they install on Linux, macOS and Windows. On macOS and Windows install
Chrome or Edge (Windows has Edge already); playmark never downloads a browser of its own.`,
    )
    .action((opts: { dryRun: boolean }) => {
      io.exitCode = setup(io, systemOf(), opts.dryRun);
    });
}

function systemOf(): SetupSystem {
  return {
    platform: process.platform,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    exists: existsSync,
    run: (argv) => spawnSync(argv[0]!, argv.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
    findBrowser: () => findBrowser(),
  };
}

export function setup(io: Io, sys: SetupSystem, dryRun: boolean): number {
  let found: FoundBrowser | null;
  try {
    found = sys.findBrowser();
  } catch (error) {
    if (!(error instanceof BrowserNotFound)) throw error;
    throw new CommandError(error.message, 'render/no-browser', EXIT.content);
  }
  if (found) {
    io.out(`browser: ${found.path} (${found.source})\n`);
    return EXIT.ok;
  }
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((f) => sys.exists(f));
  if (sys.platform !== 'linux' || !aptGet)
    throw new CommandError(
      'no browser found to print with, and playmark installs one only with apt-get',
      'render/no-browser',
      EXIT.content,
      installHelp(sys.platform),
    );
  const sudo = sys.isRoot ? [] : ['/usr/bin/sudo', '/bin/sudo'].find((f) => sys.exists(f));
  if (sudo === undefined) {
    throw new CommandError(
      `no browser found, and installing one needs root: run as root  apt-get install --no-install-recommends ${BROWSER_PACKAGES[0]}`,
      'render/no-browser',
      EXIT.content,
      installHelp(sys.platform),
    );
  }
  const as = (argv: string[]) => (Array.isArray(sudo) ? argv : [sudo, ...argv]);
  const update = as([aptGet, 'update']);
  io.out(`No browser found to print with: installing Debian's ${BROWSER_PACKAGES[0]} (about 64 MB) with apt-get.\n`);
  io.out(`  ${update.join(' ')}\n`);
  for (const pkg of BROWSER_PACKAGES) {
    io.out(`  ${as([aptGet, 'install', '-y', '--no-install-recommends', pkg]).join(' ')}\n`);
    if (pkg === BROWSER_PACKAGES[0] && !dryRun) io.out('  (if that package does not exist here, e.g. on Ubuntu, the next one is tried)\n');
  }
  if (dryRun) return EXIT.ok;
  if (sys.run(update) !== 0) io.err('apt-get update failed; trying to install anyway\n');
  for (const pkg of BROWSER_PACKAGES) {
    if (sys.run(as([aptGet, 'install', '-y', '--no-install-recommends', pkg])) !== 0) continue;
    const now = sys.findBrowser();
    if (now) {
      io.out(`browser: ${now.path} (${now.source})\n`);
      return EXIT.ok;
    }
  }
  throw new CommandError('installing a browser did not work', 'render/no-browser', EXIT.content, installHelp(sys.platform));
}
