// What keeps the preview server safe to run while the designer browses the web: any page they open
// can send requests to 127.0.0.1, so the server answers only well-formed targets addressed to itself
// by a name a web page cannot choose (DNS rebinding), its event stream only to its own pages, and
// every page it serves runs no script but its own reload script and loads nothing from the network.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import os from 'node:os';

/** Longer request targets than any printable's path are refused. */
const MAX_TARGET = 2048;

/**
 * The path of a request target, or null when it is not one the preview serves: only origin-form
 * (`/pack/printable?x`) in printable ASCII; absolute-form (`http://x/`), `*`, `//...`, bad
 * percent-encoding and control characters (encoded or not) are refused.
 */
export function requestPath(target: string | undefined): string | null {
  if (target === undefined || target.length === 0 || target.length > MAX_TARGET) return null;
  if (!/^\/(?!\/)[\x21-\x7e]*$/.test(target)) return null;
  const pathname = target.split(/[?#]/, 1)[0]!;
  try {
    if (/[\x00-\x1f\x7f\\]/.test(decodeURIComponent(pathname))) return null;
  } catch {
    return null; // `%zz`, a lone `%`, or bytes that are not UTF-8
  }
  return pathname;
}

/** Addresses that reach this machine only. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Every address of every interface: 0.0.0.0 or :: listens on them all. */
function isWildcard(host: string): boolean {
  return host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** A host as it appears in a Host header or a URL: IPv6 in brackets, lower case. */
export function hostForm(host: string): string {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return isIP(h) === 6 ? `[${h}]` : h;
}

/**
 * The Host header values the server answers: `127.0.0.1` and `localhost` always, the host it was
 * told to listen on and the address it got; when it listens on every interface (0.0.0.0, ::), each
 * interface's own address. All with the port. A name a DNS-rebinding page could make a browser send
 * (`evil.example`) is never among them, unless the designer gave that very name as --host.
 */
export function allowedHosts(listen: string, bound: string, port: number): ReadonlySet<string> {
  const names = new Set(['127.0.0.1', 'localhost']);
  if (isWildcard(listen)) {
    for (const list of Object.values(os.networkInterfaces())) for (const a of list ?? []) if (!a.address.includes('%')) names.add(hostForm(a.address));
  } else {
    names.add(hostForm(listen));
    names.add(hostForm(bound));
  }
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${port}`);
    if (port === 80) hosts.add(name); // a browser leaves the default port out
  }
  return hosts;
}

/** Whether a request is addressed to this server (Host) and, when it says where it comes from (Origin), comes from its own pages. */
export function fromOwnPages(req: IncomingMessage, hosts: ReadonlySet<string>): 'ok' | 'host' | 'origin' {
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) return 'host';
  const origin = req.headers.origin?.toLowerCase();
  if (origin !== undefined && !(origin.startsWith('http://') && hosts.has(origin.slice('http://'.length)))) return 'origin';
  return 'ok';
}

/** A fresh nonce for one response's reload script. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * Headers on every response. The policy lets only the script carrying this response's nonce run
 * (the reload script), lets it reach the server it came from (the event stream), and loads nothing
 * else: the printables need inline styles and data: fonts and images, nothing from the network.
 */
export function safetyHeaders(nonce: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; font-src data:; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/**
 * The handler, such that nothing it throws leaves it: an unexpected error answers 500 and is logged
 * in one line, and the server goes on serving.
 */
export function guarded(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  log: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(
        `playmark preview: ${req.method ?? '?'} ${JSON.stringify((req.url ?? '').slice(0, 200))} failed: ${message.split('\n')[0]} (a bug in playmark; the server goes on)\n`,
      );
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', ...safetyHeaders(newNonce()) });
        res.end('Internal error in the playmark preview; see its terminal.\n');
      } else res.destroy();
    }
  };
}
