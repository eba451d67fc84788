// A project's effective content in one call, for programs that use playmark as a library (the
// CLI's readProjectContent does the same and prints): the project found upward from a folder, its
// packs read from the YAML now, validated, with their layers applied.
import path from 'node:path';
import { loadContent, type PackContent } from './effective.js';
import { findProject, type Project } from './project.js';
import { defaultCacheDir, type ValidationResult } from './validate.js';

export interface ProjectContent {
  readonly project: Project;
  /** Every diagnostic of the packs read, with counts of errors and warnings. */
  readonly validation: ValidationResult;
  /** The packs' effective content (in the order asked, else sorted by id); empty when any pack has errors. */
  readonly packs: readonly PackContent[];
}

export interface LoadProjectOptions {
  /** Pack ids to read (default: every pack of the project). */
  readonly packs?: readonly string[];
  /** Keep parsed YAML in the user's cache folder, as the CLI does (default true). */
  readonly cache?: boolean;
}

/** No project at or above the folder, or no such pack in it. */
export class ProjectNotFound extends Error {}

/**
 * The project holding `dir` (it, or the nearest folder above it with `content/<pack>/pack.yaml`),
 * read now. Content with errors gives no packs: look at `validation.diagnostics`.
 */
export function loadProject(dir: string, options: LoadProjectOptions = {}): ProjectContent {
  const project = findProject(dir);
  if (!project) throw new ProjectNotFound(`no playmark project in ${path.resolve(dir)} or any folder above it`);
  const ids = options.packs?.length ? options.packs : undefined;
  const loaded = loadContent(ids ? ids.map((id) => path.join(project.contentDir, id)) : [project.contentDir], {
    cwd: path.resolve(dir),
    cacheDir: options.cache === false ? false : defaultCacheDir(project.root),
    ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
  });
  const order = ids ?? [...loaded.packs.keys()].sort();
  if (loaded.validation.errors === 0) {
    const missing = order.filter((id) => !loaded.packs.has(id));
    if (missing.length > 0) throw new ProjectNotFound(`no pack ${missing.map((id) => `"${id}"`).join(', ')} in ${project.contentDir}`);
  }
  return { project, validation: loaded.validation, packs: order.flatMap((id) => loaded.packs.get(id) ?? []) };
}
