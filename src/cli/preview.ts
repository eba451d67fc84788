import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadContent } from '../content/effective.js';
import { packageRoot } from '../content/package-root.js';
import { defaultCacheDir } from '../content/validate.js';
import type { Project } from '../content/project.js';
import type { SchemaRegistry } from '../content/schemas.js';
import { startPreview, type PreviewOptions } from '../render/preview.js';
import { isLoopback } from '../render/preview-guard.js';
import { EXIT, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';

export function registerPreview(program: Command, io: Io): void {
  program
    .command('preview')
    .description('Serve every printable of the project as HTML at print size, refreshed in the open page whenever a YAML file, a layer or a template is saved.')
    .option('-p, --port <port>', 'the port to listen on (0: any free port)', '4173')
    .option('--host <host>', 'the address to listen on (127.0.0.1 keeps it on this machine; see below before changing it)', '127.0.0.1')
    .option('--open', 'open the index page in the default browser', false)
    .addHelpText(
      'after',
      `
Examples:
  playmark preview                  http://127.0.0.1:4173/ lists every printable; Ctrl-C stops it
  playmark preview --port 8080 --open

Keep the page open beside your editor. Saving a file under content/, templates/ or schemas/ (in
place, or by renaming a new file over it as vim, JetBrains IDEs and \`sed -i\` do), adding one or
removing one reads the project again (YAML, schemas, layers, templates) and the open page
refreshes, usually well within a second. Content with errors lays each diagnostic over the last
good page (file, line, column and hint); fix the file and the page comes back. The pages are the
HTML that \`playmark render\` prints to PDF, at print size; print them from the browser for a
quick proof.

Ctrl-C stops it, and so do SIGTERM and SIGHUP (\`kill <pid>\`, the terminal closing) and the end of
the process that started it (stopping \`npx playmark preview\` by npx's PID stops the server too).

Safe while you browse: any web page you open can send requests to this machine, so the preview
answers only requests addressed to http://127.0.0.1:<port> or http://localhost:<port> (a page
that renames itself to this address by DNS gets 403), refuses malformed requests, and serves its
event stream only to its own pages. Its pages run no script but the preview's own reload script
and load nothing from the network, so a script in a downloaded pack's template does not run here.

--host other than a loopback address (127.0.0.1, localhost, ::1) shows every printable, and so the
project's content, to any machine that can reach yours on that port; it warns when it starts.
Requests must then name the address you gave (--host 192.168.1.5: http://192.168.1.5:<port>);
with 0.0.0.0 or ::, any of this machine's own addresses; with a name (--host mybox.lan), that
name: only give a name that you control.`,
    )
    .action(async (opts: { port: string; host: string; open: boolean }) => {
      const port = /^\d{1,5}$/.test(opts.port) ? Number(opts.port) : NaN;
      if (!(port >= 0 && port <= 65535))
        throw new UsageError(`--port ${opts.port} is not a port number`, 'Use a number from 1 to 65535, or 0 for any free port.');
      const host = opts.host.trim();
      if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+|[A-Za-z0-9]([A-Za-z0-9.-]{0,252}))$/.test(host))
        throw new UsageError(
          `--host ${JSON.stringify(opts.host)} is not an address or a host name`,
          "Give an address to listen on: 127.0.0.1 (this machine only, the default), ::1, or one of this machine's own addresses.",
        );
      const project = requireProject(io);
      if (!isLoopback(host)) {
        io.err(
          `playmark preview: warning: --host ${host} is not a loopback address: every printable of this project, and so its content, ` +
            `is served to any machine that can reach this one ${port === 0 ? 'on the port it picks' : `on port ${port}`}. Use --host 127.0.0.1 to keep it on this machine.\n`,
        );
      }
      const server = await startPreview({ ...projectPreviewOptions(project, io), port, host: host.replace(/^\[(.*)\]$/, '$1') }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE')
            throw new UsageError(`port ${port} is in use`, 'Stop the other server, or choose another port with --port (0 picks a free one).');
          if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_FAIL')
            throw new UsageError(
              `cannot listen on ${host}: it is not an address of this machine (${error.code})`,
              "Use 127.0.0.1 (the default), or one of this machine's own addresses.",
            );
          if (error.code === 'EACCES')
            throw new UsageError(
              `cannot listen on port ${port}: permission denied`,
              'Ports below 1024 need privileges: use the default 4173, or another port above 1023.',
            );
          throw error;
        },
      );
      io.out(`playmark preview: ${server.url}  (Ctrl-C stops it)\n`);
      if (opts.open) openBrowser(server.url);
      await untilStopped();
      await server.close();
      io.exitCode = EXIT.ok;
    });
}

/** The signals that stop the preview: Ctrl-C, `kill <pid>`, and the terminal closing. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How often the preview looks whether its parent process is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Resolves when the preview should stop: on a stop signal, or when the process that started it
 * ends. `npx playmark preview` runs it under npm and a shell: stopping npm by its PID ends both
 * without passing the signal on, and the server would keep serving, orphaned, to the next
 * process that listens on its port. The parent going shows as the process's parent changing
 * (it is handed to init or a subreaper). Only under npm (`npm_command` set, as `npx` and `npm exec`
 * set it): a preview started by hand with `nohup playmark preview &` is meant to outlive its shell.
 */
function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    const parent = process.ppid;
    const stop = () => {
      clearInterval(watch);
      for (const s of STOP_SIGNALS) process.off(s, stop);
      resolve();
    };
    for (const s of STOP_SIGNALS) process.on(s, stop);
    const watch = setInterval(() => {
      if (process.ppid !== parent) stop();
    }, PARENT_CHECK_MS);
    if (!process.env.npm_command) clearInterval(watch);
  });
}

/** What the preview reads and watches in a project: the options `playmark preview` starts with. */
export function projectPreviewOptions(project: Project, io: Io): Omit<PreviewOptions, 'port' | 'host'> {
  const cacheDir = defaultCacheDir(project.root);
  const isPlaymark = path.resolve(project.root) === path.resolve(packageRoot());
  // Compiled validators kept between rebuilds; a schema saved reads every pack again with new ones.
  const registries = new Map<string, SchemaRegistry>();
  return {
    load: (packs) => {
      if (packs === null) registries.clear();
      const dirs = packs === null ? [project.contentDir] : packs.map((id) => path.join(project.contentDir, id));
      const { validation, packs: loaded } = loadContent(dirs, {
        cwd: io.cwd,
        cacheDir,
        registries,
        ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
      });
      return { diagnostics: validation.diagnostics, packs: validation.errors > 0 ? null : [...loaded.values()] };
    },
    packOf: (file) => {
      const rel = path.relative(project.contentDir, file).split(path.sep);
      return rel.length > 1 && rel[0] !== '..' && existsSync(path.join(project.contentDir, rel[0]!, 'pack.yaml')) ? rel[0]! : null;
    },
    templateDirs: project.templatesDir ? [project.templatesDir] : [],
    watch: [
      { dir: project.contentDir, holds: 'content' },
      ...(project.templatesDir ? [{ dir: project.templatesDir, holds: 'templates' as const }] : []),
      ...(project.schemasDir ? [{ dir: project.schemasDir, holds: 'schemas' as const }] : []),
      // playmark's own templates when the project is playmark itself (developing templates).
      ...(isPlaymark && !project.templatesDir ? [{ dir: path.join(packageRoot(), 'templates'), holds: 'templates' as const }] : []),
    ],
    log: (line) => io.err(line),
    onRebuild: ({ version, ms, errors, packs }) => {
      if (version === 1) return;
      const what = packs.length > 0 ? packs.join(', ') : 'templates';
      io.err(
        errors > 0
          ? `${what}: ${errors} error${errors === 1 ? '' : 's'} (shown on the page), ${Math.round(ms)} ms\n`
          : `${what}: rebuilt in ${Math.round(ms)} ms\n`,
      );
    },
  };
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref();
  } catch {
    // No desktop to open a browser on: the URL is printed above.
  }
}
