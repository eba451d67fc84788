// The live preview (`playmark preview`): a local web server showing every printable of the project
// as HTML at print size, rebuilt from the YAML, layers and templates whenever a file changes.
// Open pages hear of each rebuild by server-sent events and reload; content with errors keeps the
// last good page and lays the diagnostics over it, and the page recovers when the file is fixed.
// What keeps it safe while the designer browses the web is in preview-guard.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Diagnostic } from '../content/diagnostic.js';
import type { PackContent } from '../content/effective.js';
import { packageRoot } from '../content/package-root.js';
import { composePrintable, composeShared } from './compose.js';
import { printDocuments, type PrintDocument } from './documents.js';
import { createTemplates } from './handlebars.js';
import { allowedHosts, fromOwnPages, guarded, hostForm, newNonce, requestPath, safetyHeaders } from './preview-guard.js';
import { watchFolders, type FolderWatch } from './preview-watch.js';
import type { CardPrintable, Printable } from './printable.js';
import { packContexts } from './pack-contexts.js';
import { packSummary } from './pack-summary.js';
import { packPrintables } from './printables.js';
import { playmarkVersion, printOptions, type RenderOptions } from './render.js';
import { PrintDiagnosticError, TemplateError } from './render-error.js';

/** What one read of the project gives: its packs' effective content, or the diagnostics that stop it. */
export interface PreviewLoad {
  readonly diagnostics: readonly Diagnostic[];
  /** Null when the content has errors. */
  readonly packs: readonly PackContent[] | null;
}

export interface PreviewOptions {
  /** Reads and validates some packs of the project by id (null: every pack), from the YAML now. */
  readonly load: (packs: readonly string[] | null) => PreviewLoad;
  /** The pack a changed file belongs to (a file under content/<pack>/), or null. */
  readonly packOf: (file: string) => string | null;
  /** The project's own template folders (found before playmark's). */
  readonly templateDirs: readonly string[];
  /** Folders whose changes rebuild the preview: content read again, templates compiled again, schemas (everything again). */
  readonly watch: readonly { readonly dir: string; readonly holds: 'content' | 'templates' | 'schemas' }[];
  /** 0 picks a free port. */
  readonly port: number;
  /** The address to listen on (127.0.0.1 unless given); requests must name it, or 127.0.0.1 or localhost, in their Host header. */
  readonly host?: string;
  /** Where a request that failed unexpectedly is reported, one line each (standard error unless given). */
  readonly log?: (line: string) => void;
  /** Paper, card size, bleed...: as `render` takes them. */
  readonly print?: Partial<RenderOptions>;
  /** After each rebuild: how long it took, which packs were read again and how many problems there are. */
  readonly onRebuild?: (info: { readonly version: number; readonly ms: number; readonly errors: number; readonly packs: readonly string[] }) => void;
}

export interface PreviewServer {
  readonly url: string;
  /** Reads everything again now and tells the open pages (the watcher rebuilds only what changed). */
  rebuild(): Promise<void>;
  /** Builds so far; the pages carry the version they were built at. */
  readonly version: () => number;
  close(): Promise<void>;
}

/** A change seen by the watcher: the folder kind and the file. */
interface Change {
  readonly holds: 'content' | 'templates' | 'schemas';
  readonly file: string;
}

const DEBOUNCE_MS = 25;

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  let version = 0;
  const print = printOptions(options.print ?? {});
  const creator = playmarkVersion();
  const makeTemplates = () => createTemplates([...options.templateDirs, path.join(packageRoot(), 'templates')]);
  let templates = makeTemplates();
  /**
   * The last good content of each pack, and its documents by path (`/warchon/warchon-spreads`): one
   * a printable, or one for printables that share sheets (printables.yaml `sheets`), as render prints them.
   */
  const packs = new Map<string, PackContent>();
  const printables = new Map<string, PrintDocument>();
  /** A printable's own path, when it prints in a shared document: that document's path. */
  const shared = new Map<string, string>();
  /** Pages composed since their pack or the templates last changed: a page is composed when asked for. */
  const composed = new Map<string, string>();
  /** Problems by what reading found them: a pack id, `*` (every pack), or `templates`. */
  const problems = new Map<string, readonly Problem[]>();
  const listeners = new Set<ServerResponse>();

  const read = async (ids: readonly string[] | null): Promise<void> => {
    const loaded = options.load(ids);
    const failing = loaded.diagnostics.filter((d) => d.severity === 'error');
    const key = ids === null ? '*' : ids.join(',');
    if (ids === null) problems.clear();
    else problems.delete('*');
    if (loaded.packs === null || failing.length > 0) {
      problems.set(key, (failing.length > 0 ? failing : loaded.diagnostics).map(fromDiagnostic));
      return; // The last good pages stay, under the overlay.
    }
    problems.delete(key);
    for (const content of loaded.packs) {
      const id = content.pack.id;
      packs.set(id, content);
      for (const [href, p] of printables) if (p.pack === id) printables.delete(href);
      for (const href of [...shared.keys()]) if (href.startsWith(`/${id}/`)) shared.delete(href);
      for (const href of [...composed.keys()]) if (href.startsWith(`/${id}/`)) composed.delete(href);
      let built: Printable[];
      try {
        built = packPrintables(content, { playmarkVersion: creator, contexts: await packContexts(content) });
      } catch (error) {
        // A printable naming a context its pack's module does not give: shown like a content error.
        if (!(error instanceof PrintDiagnosticError)) throw error;
        problems.set(id, [fromDiagnostic(error.diagnostic)]);
        continue;
      }
      for (const doc of printDocuments(built)) {
        const withFaces = doc.printables.filter((p) => p.faces.length > 0);
        if (withFaces.length === 0) continue;
        const href = `/${doc.pack}/${doc.id}`;
        printables.set(href, { ...doc, printables: withFaces });
        if (doc.kind !== 'single') for (const p of doc.printables) shared.set(`/${p.pack}/${p.id}`, href);
      }
    }
  };

  const build = async (changes: readonly Change[] | null): Promise<void> => {
    const started = performance.now();
    let ids: string[] | null = [];
    if (changes === null || changes.some((c) => c.holds === 'schemas')) ids = null;
    else {
      for (const c of changes) {
        if (c.holds !== 'content') continue;
        const pack = options.packOf(c.file);
        if (pack === null) ids = null;
        else if (ids !== null && !ids.includes(pack)) ids.push(pack);
      }
    }
    if (changes === null || changes.some((c) => c.holds === 'templates')) {
      templates = makeTemplates();
      composed.clear();
      problems.delete('templates');
    }
    if (ids === null || ids.length > 0) await read(ids);
    version++;
    options.onRebuild?.({
      version,
      ms: performance.now() - started,
      errors: [...problems.values()].reduce((n, list) => n + list.length, 0),
      packs: ids ?? [...packs.keys()],
    });
    for (const res of listeners) res.write(`data: ${version}\n\n`);
  };

  /** A printable's page, composed on first request after a change; null when the templates fail. */
  const page = (href: string): string | null => {
    const cached = composed.get(href);
    if (cached !== undefined) return cached;
    const p = printables.get(href);
    if (p === undefined) return null;
    try {
      const html =
        p.kind === 'single'
          ? composePrintable(templates, p.printables[0]!, print).html
          : composeShared(templates, p.printables as readonly CardPrintable[], print, p.title).html;
      composed.set(href, html);
      return html;
    } catch (error) {
      problems.set('templates', [templateProblem(error)]);
      return null;
    }
  };
  const allProblems = (): Problem[] => [...problems.values()].flat();

  const log = options.log ?? ((line: string) => void process.stderr.write(line));
  /** The Host values this server answers, once it listens. */
  let hosts: ReadonlySet<string> = new Set();
  const server: Server = createServer(guarded((req, res) => serve(req, res), log));
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const pathname = requestPath(req.url);
    if (pathname === null) return refuse(res, 400, 'Bad request target.');
    const from = fromOwnPages(req, hosts);
    if (from === 'host')
      return refuse(res, 403, 'This preview answers only requests to 127.0.0.1 or localhost (or the --host it was started with), with its port.');
    if (from === 'origin') return refuse(res, 403, 'This preview answers only its own pages.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET and HEAD.');
    if (pathname === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive', ...safetyHeaders(newNonce()) });
      res.write(`retry: 300\ndata: ${version}\n\n`);
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    if (pathname === '/status.json') {
      send(res, 200, 'application/json', JSON.stringify({ version, errors: allProblems(), printables: [...printables.keys()] }));
      return;
    }
    if (pathname === '/') {
      sendPage(res, 200, indexPage([...packs.values()], printables, version), version, allProblems());
      return;
    }
    const href = pathname.replace(/\/$/, '');
    const to = shared.get(href);
    if (to !== undefined) {
      // A printable that shares sheets is shown in the document it prints in.
      res.writeHead(302, { location: to, ...safetyHeaders(newNonce()) });
      res.end();
      return;
    }
    const html = page(href);
    if (html !== null) {
      sendPage(res, 200, html, version, allProblems());
      return;
    }
    const status = printables.has(href) ? 500 : 404;
    sendPage(
      res,
      status,
      `<!doctype html><html><head><meta charset="utf-8"><title>${status === 404 ? 'Not found' : 'Template error'}</title></head><body><p>${status === 404 ? `No printable at ${escapeHtml(href)}.` : 'Its template failed.'} <a href="/">All printables</a></p></body></html>`,
      version,
      allProblems(),
    );
  };

  await build(null);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const listen = options.host ?? '127.0.0.1';
  hosts = allowedHosts(listen, address.address, address.port);

  // Changes are gathered for a moment, then rebuilt at once; a change during a rebuild waits for it.
  let timer: NodeJS.Timeout | undefined;
  let pending: Change[] = [];
  let running: Promise<void> = Promise.resolve();
  const schedule = (changes: Change[] | null): Promise<void> => {
    // A rebuild that fails unexpectedly is logged; the last good pages stay and the next save rebuilds.
    running = running
      .then(() => build(changes))
      .catch((error: unknown) =>
        log(
          `playmark preview: rebuilding failed: ${String((error as Error)?.message ?? error).split('\n')[0]} (a bug in playmark; the last good pages stay)\n`,
        ),
      );
    return running;
  };
  // Folders, not files, are watched: see preview-watch.ts (saves by rename). A folder that does not
  // exist (a project without templates/) is simply not watched.
  const watchers: FolderWatch[] = options.watch.map((w) =>
    watchFolders(w.dir, (file) => {
      pending.push({ holds: w.holds, file });
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changes = pending;
        pending = [];
        void schedule(changes);
      }, DEBOUNCE_MS);
    }),
  );

  // The address to open: the one listened on, or 127.0.0.1 when that is every interface.
  const shown = listen === '0.0.0.0' || listen === '::' || listen === '' ? '127.0.0.1' : hostForm(listen);
  return {
    url: `http://${shown}:${address.port}/`,
    rebuild: () => schedule(null),
    version: () => version,
    close: async () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of listeners) res.end();
      listeners.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, ...safetyHeaders(newNonce()) });
  res.end(body);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  send(res, status, 'text/plain; charset=utf-8', `${message}\n`);
}

/** A page with its reload script, which alone may run: by the nonce of this response. */
function sendPage(res: ServerResponse, status: number, html: string, version: number, errors: readonly Problem[]): void {
  const nonce = newNonce();
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...safetyHeaders(nonce) });
  res.end(withClient(html, version, errors, nonce));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A problem shown on the overlay: a content diagnostic, or a template that failed to render. */
interface Problem {
  readonly where: string;
  readonly code: string;
  readonly message: string;
  readonly hint: string;
  readonly sourceLine: string;
  readonly column: number;
}

function fromDiagnostic(d: Diagnostic): Problem {
  return { where: `${d.file}:${d.line}:${d.column}`, code: d.code, message: d.message, hint: d.hint, sourceLine: d.sourceLine, column: d.column };
}

function templateProblem(error: unknown): Problem {
  if (error instanceof TemplateError) return fromDiagnostic(error.diagnostic);
  const message = error instanceof Error ? error.message : String(error);
  return {
    where: 'templates/',
    code: 'template',
    message: `A template failed: ${message}`,
    hint: 'Fix the template (Handlebars syntax, or a name its context does not have), then save it again.',
    sourceLine: '',
    column: 0,
  };
}

function indexPage(packs: readonly PackContent[], printables: ReadonlyMap<string, PrintDocument>, version: number): string {
  const sections = [...packs]
    .sort((a, b) => (a.pack.id < b.pack.id ? -1 : 1))
    .map((content) => {
      const { id, title } = packSummary(content);
      const items = [...printables.entries()]
        .filter(([, p]) => p.pack === id)
        .map(([href, p]) => `<li><a href="${href}">${escapeHtml(p.title)}</a> <code>${escapeHtml(p.id)}</code></li>`);
      return `<h2>${escapeHtml(title)} <code>${escapeHtml(id)}</code></h2><ul>${items.join('')}</ul>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>playmark preview</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#222}code{color:#666;font-size:.85em}a{color:#1a4d8f}</style></head>
<body><h1>playmark preview</h1><p>Every printable of the project, at print size. Save a YAML file, a layer or a template and the open page refreshes. Build ${version}.</p>
${sections || '<p>No printables yet: the content has errors, or no pack declares printables.</p>'}</body></html>`;
}

/** The page with the live-reload client, and the diagnostics laid over it when the content has errors. */
function withClient(html: string, version: number, errors: readonly Problem[], nonce: string): string {
  const overlay = errors.length === 0 ? '' : overlayHtml(errors);
  const client = `<script nonce="${nonce}">(function(){var v=${version};var es=new EventSource('/events');es.onmessage=function(e){if(Number(e.data)!==v){es.close();location.reload();}};})();</script>`;
  const extra = `${overlay}${client}`;
  // Spliced by position: the overlay quotes the user's lines, and String.replace would read `$\`` or `$&` in them as patterns.
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + extra : html.slice(0, at) + extra + html.slice(at);
}

function overlayHtml(errors: readonly Problem[]): string {
  const items = errors
    .map(
      (d) =>
        `<li><div class="pm-where">${escapeHtml(d.where)} <span class="pm-code">${escapeHtml(d.code)}</span></div><div class="pm-message">${escapeHtml(d.message)}</div>` +
        (d.sourceLine ? `<pre>${escapeHtml(d.sourceLine)}\n${' '.repeat(Math.max(0, d.column - 1))}^</pre>` : '') +
        `<div class="pm-hint">hint: ${escapeHtml(d.hint)}</div></li>`,
    )
    .join('');
  return `<div id="playmark-overlay" role="alert"><style>
#playmark-overlay{position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,24,.88);color:#f4f4f4;font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;overflow:auto;padding:2rem}
#playmark-overlay h1{font:600 18px/1.3 system-ui,sans-serif;color:#ff8a80;margin:0 0 1rem}
#playmark-overlay ol{margin:0;padding-left:1.5rem}#playmark-overlay li{margin:0 0 1.2rem}
#playmark-overlay .pm-where{color:#9ecbff}#playmark-overlay .pm-code{color:#ffcb6b;margin-left:.5rem}
#playmark-overlay pre{background:#000;color:#ddd;padding:.4rem .6rem;margin:.3rem 0;white-space:pre-wrap}
#playmark-overlay .pm-hint{color:#c3e88d}
@media print{#playmark-overlay{display:none}}</style>
<h1>The content has ${errors.length} error${errors.length === 1 ? '' : 's'}: the page below is the last good one. Fix and save; this page refreshes.</h1><ol>${items}</ol></div>`;
}
