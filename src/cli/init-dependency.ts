// The dependency on playmark that `init` writes into a new project's package.json: one that
// installs from wherever the running playmark came from, so `npm install` never asks a registry
// for a playmark it does not have (issue 20: `^0.1.0` failed with E404 for everyone using a clone).
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../content/package-root.js';

/**
 * - A clone (playmark's folder is not inside a `node_modules` folder): `file:` and its absolute
 *   path, which npm links.
 * - An installed package: how npm installed it, from the `.package-lock.json` npm keeps in that
 *   `node_modules` folder: a tarball (`file:...tgz`) is named by its absolute path while it exists;
 *   anything else (a registry) is `^<version>`.
 */
export function playmarkDependency(root: string = packageRoot()): string {
  const real = realpathSync(root);
  const version = (JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8')) as { version: string }).version;
  const parts = real.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return `file:${real}`;
  const modules = parts.slice(0, at + 1).join(path.sep);
  const tarball = installedTarball(modules, real);
  return tarball ? `file:${tarball}` : `^${version}`;
}

/** The tarball npm installed `real` from (absolute), when its hidden lock names one that still exists. */
function installedTarball(modules: string, real: string): string | undefined {
  const installRoot = path.dirname(modules);
  try {
    const lock = JSON.parse(readFileSync(path.join(modules, '.package-lock.json'), 'utf8')) as { packages?: Record<string, { resolved?: string }> };
    const resolved = lock.packages?.[path.relative(installRoot, real).split(path.sep).join('/')]?.resolved;
    if (!resolved?.startsWith('file:')) return undefined;
    const file = path.resolve(installRoot, resolved.slice('file:'.length));
    realpathSync(file); // still there
    return file;
  } catch {
    return undefined; // no lock, or the tarball is gone: the registry version is the best guess
  }
}
