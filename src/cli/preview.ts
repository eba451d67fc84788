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
import { EXIT, UsageError, type Io } from './io.js';
import { requireProject } from './project.js';

export function registerPreview(program: Command, io: Io): void {
  program
    .command('preview')
    .description('Serve every printable of the project as HTML at print size, refreshed in the open page whenever a YAML file, a layer or a template is saved.')
    .option('-p, --port <port>', 'the port to listen on (0: any free port)', '4173')
    .option('--host <host>', 'the address to listen on (127.0.0.1 keeps it on this machine)', '127.0.0.1')
    .option('--open', 'open the index page in the default browser', false)
    .addHelpText(
      'after',
      `
Examples:
  playmark preview                  http://127.0.0.1:4173/ lists every printable; Ctrl-C stops it
  playmark preview --port 8080 --open

Keep the page open beside your editor. Saving a file under content/, templates/ or schemas/ reads
the project again (YAML, schemas, layers, templates) and the open page refreshes, usually well
within a second. Content with errors lays each diagnostic over the last good page (file, line,
column and hint); fix the file and the page comes back. The pages are the HTML that \`playmark
render\` prints to PDF, at print size; print them from the browser for a quick proof.`,
    )
    .action(async (opts: { port: string; host: string; open: boolean }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${opts.port} is not a port number`, 'Use a number from 1 to 65535, or 0 for any free port.');
      const project = requireProject(io);
      const server = await startPreview({ ...projectPreviewOptions(project, io), port, host: opts.host }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use`, 'Stop the other server, or choose another port with --port (0 picks a free one).');
        throw error;
      });
      io.out(`playmark preview: ${server.url}  (Ctrl-C stops it)\n`);
      if (opts.open) openBrowser(server.url);
      await new Promise<void>((resolve) => {
        const stop = () => void server.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      io.exitCode = EXIT.ok;
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
      const { validation, packs: loaded } = loadContent(dirs, { cwd: io.cwd, cacheDir, registries, ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}) });
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
    onRebuild: ({ version, ms, errors, packs }) => {
      if (version === 1) return;
      const what = packs.length > 0 ? packs.join(', ') : 'templates';
      io.err(errors > 0 ? `${what}: ${errors} error${errors === 1 ? '' : 's'} (shown on the page), ${Math.round(ms)} ms\n` : `${what}: rebuilt in ${Math.round(ms)} ms\n`);
    },
  };
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    // No desktop to open a browser on: the URL is printed above.
  }
}
