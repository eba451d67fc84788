// `playmark diff [A [B]]`: what changed in the content between two git revisions, a revision and
// the working tree, or two folders. A revision's content/ (and schemas/) is extracted with
// `git archive` into a temporary folder, removed again however the command ends. Both sides are
// validated (each with its own schemas) and compared as effective content (src/content/diff.ts).
import { Option, type Command } from 'commander';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffContent, type ContentDiff } from '../content/diff.js';
import { DIFF_FORMATS, formatDiff, type DiffFormat, type DiffSide, type DiffSides } from '../content/diff-format.js';
import { loadContent, type PackContent } from '../content/effective.js';
import { displayPath } from '../content/locate.js';
import { findProject, isProjectRoot } from '../content/project.js';
import { defaultCacheDir, type ValidateOptions } from '../content/validate.js';
import { chosenFormat, formatDiagnosticText, plural } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';
import { didYouMean, listPackFolders, requireProject } from './project.js';

interface DiffOptions {
  pack?: string;
  format?: DiffFormat;
  json?: boolean;
  cache: boolean;
}

export function registerDiff(program: Command, io: Io): void {
  program
    .command('diff')
    .description(
      "What changed in the content between two git revisions, a revision and the working tree, or two folders: packs, records added, removed and changed, each changed value (table cells in the table's own terms), and layer entries with their kind and reason.",
    )
    .argument(
      '[a]',
      'the side before: a git revision (HEAD~1, v1.0, main, a commit id) or a folder (a project root, a content folder or a pack folder); default HEAD',
    )
    .argument('[b]', 'the side after, the same way; default the working tree (the project found upward from here)')
    .option('--pack <pack>', 'only this pack (its folder name under content/)')
    .addOption(
      new Option('-f, --format <format>', 'text for a terminal, markdown for an errata changelog to publish, json for programs (default: text)').choices([
        ...DIFF_FORMATS,
      ]),
    )
    .option('--json', 'the same as --format json')
    .option('--no-cache', 'parse every file afresh instead of using your cache of parsed YAML')
    .addHelpText(
      'after',
      `
Examples:
  playmark diff                              HEAD against the working tree: what you have not committed
  playmark diff v1.0                         the tag v1.0 against the working tree
  playmark diff v1.0 v1.1 --pack warchon     between two revisions, one pack
  playmark diff HEAD~1 HEAD --format markdown > ERRATA.md
                                             the last commit as an errata changelog to publish
  playmark diff ../warchon-1.0 .             two folders (project roots or content folders)
  playmark diff main --format json           for programs: the same as data

A cell of a table is named as a player reads it: its row (with the roll that picks it, from the
table's dice), its column label:
  Erdon Pass, combat results, row 2, column +4: D2 -> D3
  Combat Results, row 2, column 1-1: null -> AR
  Erdon Pass, RNG, defender shows 5, attacker shows 2: null -> 3
any other value by its record's name and its path: Baphite Swarm, faces[0].as: 2 -> 3.

Records are compared as effective content (base transcription plus layers), so an erratum shows
as the value it changes; layer entries are also compared by id (added, removed, changed), each
with its kind and reason.

A and B are folders when such a folder exists, else git revisions of the repository holding the
project. A revision's content/, schemas/ and templates/ are read from git (git archive), never
checked out. Each side is validated as its own project: its own schemas/ and templates/ (then
playmark's); a side with errors prints its diagnostics and nothing is compared.

Exit codes: 0 compared (with or without differences), 1 a side has errors, 2 usage error (such as
a revision that does not exist).`,
    )
    .action((a: string | undefined, b: string | undefined, opts: DiffOptions) => {
      const format = chosenFormat(opts, 'text');
      const compared = compare(io, a ?? 'HEAD', b, { ...(opts.pack !== undefined ? { pack: opts.pack } : {}), cache: opts.cache });
      if (!compared) return;
      io.out(formatDiff(compared.diff, compared.sides, format));
      io.exitCode = EXIT.ok;
    });
}

/**
 * Compares side `a` (a git revision or a folder) with side `b` (the same; undefined: the working
 * tree), for `diff` and for other commands (an errata sheet since a revision). Temporary folders
 * are removed before it returns. A side with errors prints its diagnostics, sets exit code 1 and
 * gives undefined; a bad revision, folder or pack throws a UsageError.
 */
export function compare(
  io: Io,
  a: string,
  b: string | undefined,
  options: { pack?: string; cache?: boolean } = {},
): { diff: ContentDiff; sides: DiffSides } | undefined {
  const temps: string[] = [];
  try {
    const before = resolveSide(io, a, temps);
    const after = b === undefined ? workingTree(io) : resolveSide(io, b, temps);
    if (options.pack !== undefined) checkPack(options.pack, [before, after]);
    const cacheDir = options.cache === false ? false : defaultCacheDir(findProject(io.cwd)?.root ?? io.cwd);
    const packsA = loadSide(io, before, options.pack, cacheDir);
    const packsB = loadSide(io, after, options.pack, cacheDir);
    if (!packsA || !packsB) {
      io.exitCode = EXIT.content;
      return undefined;
    }
    return { diff: diffContent(packsA, packsB), sides: { a: before.info, b: after.info } };
  } finally {
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  }
}

/** One side, ready to read: its pack folders and how to validate them. */
interface Side {
  readonly info: DiffSide;
  /** The folder holding the packs (a content folder), or undefined when the side is one pack folder. */
  readonly contentDir: string | undefined;
  /** For a side that is one pack folder. */
  readonly packDir?: string;
  /** The side's own schemas/, when it has one; else the nearest above each pack (validate's default). */
  readonly schemasDir?: string;
  /** The folder diagnostics' paths are shown relative to, and what to put in front of them. */
  readonly displayRoot?: { readonly dir: string; readonly prefix: string };
}

function workingTree(io: Io): Side {
  const project = requireProject(io);
  return {
    info: { label: 'the working tree', type: 'working-tree', path: relativePath(io, project.root) },
    contentDir: project.contentDir,
    ...(project.schemasDir ? { schemasDir: project.schemasDir } : {}),
  };
}

/** A folder relative to the working directory, with forward slashes (`.` for the working directory itself). */
function relativePath(io: Io, dir: string): string {
  return path.relative(io.cwd, dir).split(path.sep).join('/') || '.';
}

function resolveSide(io: Io, arg: string, temps: string[]): Side {
  const asPath = path.resolve(io.cwd, arg);
  if (existsSync(asPath) && statSync(asPath).isDirectory()) return folderSide(io, arg, asPath);
  return revisionSide(io, arg, temps);
}

function folderSide(io: Io, arg: string, dir: string): Side {
  const info: DiffSide = { label: arg, type: 'folder', path: relativePath(io, dir) };
  if (isProjectRoot(dir) || (existsSync(path.join(dir, 'content')) && statSync(path.join(dir, 'content')).isDirectory())) {
    const schemas = path.join(dir, 'schemas');
    return { info, contentDir: path.join(dir, 'content'), ...(existsSync(schemas) && statSync(schemas).isDirectory() ? { schemasDir: schemas } : {}) };
  }
  if (existsSync(path.join(dir, 'pack.yaml'))) return { info, contentDir: undefined, packDir: dir };
  if (listPackFolders(dir).length > 0) return { info, contentDir: dir };
  throw new UsageError(
    `the folder ${arg} holds no packs`,
    'Give a project root (a folder with content/<pack>/pack.yaml), a content folder (holding <pack>/pack.yaml) or a pack folder (holding pack.yaml); or a git revision.',
  );
}

/** Runs git in `cwd`; the output, or the error with git's own message. */
function git(cwd: string, args: readonly string[], input?: Buffer): { ok: true; out: Buffer } | { ok: false; message: string } {
  try {
    const out = execFileSync('git', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30, ...(input ? { input } : {}) });
    return { ok: true, out };
  } catch (error) {
    const e = error as { stderr?: Buffer; message?: string; code?: string };
    if (e.code === 'ENOENT') return { ok: false, message: 'git is not installed (or not on the PATH)' };
    const stderr = e.stderr?.toString('utf8').trim();
    return { ok: false, message: stderr || e.message || 'git failed' };
  }
}

const REVISION_HINT =
  'A and B are each a git revision (HEAD, HEAD~1, a branch, a tag, a commit id) or an existing folder (a project root, a content folder or a pack folder). `git log --oneline` lists the commits.';

function revisionSide(io: Io, rev: string, temps: string[]): Side {
  // The project's place in its repository: its content/ is <prefix>content in every revision.
  const project = findProject(io.cwd);
  const base = project?.root ?? io.cwd;
  const top = git(base, ['rev-parse', '--show-toplevel']);
  if (!top.ok) {
    throw new UsageError(
      `"${rev}" is not a folder, and ${displayPath(base, io.cwd) || '.'} is not in a git repository, so it cannot be a revision: ${top.message}`,
      REVISION_HINT,
    );
  }
  const repo = top.out.toString('utf8').trim();
  const prefix = project ? path.relative(realpathSync(repo), realpathSync(project.root)).split(path.sep).join('/') : '';
  const verified = git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  if (!verified.ok) {
    const why = rev.startsWith('-') ? { ok: false as const, message: 'a revision does not start with "-"' } : git(repo, ['rev-parse', rev, '--']);
    const message = why.ok ? `${rev} is not a commit` : why.message;
    throw new UsageError(`no folder and no git revision "${rev}": ${message}`, REVISION_HINT);
  }
  const commit = verified.out.toString('utf8').trim();
  // The revision as a project: its printables name templates of its own templates/, checked by validate.
  const wanted = ['content', 'schemas', 'templates'].map((p) => (prefix ? `${prefix}/${p}` : p));
  const listed = git(repo, ['ls-tree', '--name-only', commit, '--', ...wanted]);
  if (!listed.ok) throw new UsageError(`cannot read revision ${rev}: ${listed.message}`, REVISION_HINT);
  const present = listed.out
    .toString('utf8')
    .split('\n')
    .filter((p) => wanted.includes(p));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'playmark-diff-'));
  temps.push(tmp);
  if (present.length > 0) {
    const archive = git(repo, ['archive', '--format=tar', commit, '--', ...present]);
    if (!archive.ok) throw new Error(`git archive ${rev} failed: ${archive.message}`);
    try {
      execFileSync('tar', ['-x', '-C', tmp], { input: archive.out, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
    } catch (error) {
      throw new Error(`extracting revision ${rev} failed: ${(error as { stderr?: Buffer }).stderr?.toString('utf8').trim() || (error as Error).message}`);
    }
  }
  const root = prefix ? path.join(tmp, prefix) : tmp;
  const schemas = path.join(root, 'schemas');
  return {
    info: { label: `${rev} (${commit.slice(0, 7)})`, type: 'revision', revision: rev, commit },
    contentDir: path.join(root, 'content'),
    ...(existsSync(schemas) ? { schemasDir: schemas } : {}),
    displayRoot: { dir: root, prefix: `${rev}:${prefix ? `${prefix}/` : ''}` },
  };
}

function sidePacks(side: Side): string[] {
  if (side.packDir) return [path.basename(side.packDir)];
  return side.contentDir ? listPackFolders(side.contentDir) : [];
}

function checkPack(pack: string, sides: readonly Side[]): void {
  const known = [...new Set(sides.flatMap(sidePacks))].sort();
  if (known.includes(pack)) return;
  throw new UsageError(`no pack "${pack}" on either side`, `${didYouMean(pack, known)}Packs: ${known.join(', ') || '(none)'}.`, 'cli/unknown-pack');
}

/** A side's effective packs by id; on errors, prints its diagnostics and returns undefined. */
function loadSide(io: Io, side: Side, pack: string | undefined, cacheDir: string | false): ReadonlyMap<string, PackContent> | undefined {
  let dirs: string[];
  if (side.packDir) dirs = pack === undefined || path.basename(side.packDir) === pack ? [side.packDir] : [];
  else
    dirs = sidePacks(side)
      .filter((p) => pack === undefined || p === pack)
      .map((p) => path.join(side.contentDir!, p));
  if (dirs.length === 0) return new Map();
  const options: ValidateOptions = {
    cwd: side.displayRoot?.dir ?? io.cwd,
    cacheDir,
    ...(side.schemasDir ? { schemasDir: side.schemasDir } : {}),
  };
  const { validation, packs } = loadContent(dirs, options);
  if (validation.errors > 0) {
    io.err(`${side.info.label} has ${plural(validation.errors, 'error')}: fix ${validation.errors === 1 ? 'it' : 'them'} first; nothing was compared.\n`);
    for (const d of validation.diagnostics) {
      const shown = side.displayRoot && !path.isAbsolute(d.file) ? { ...d, file: `${side.displayRoot.prefix}${d.file}` } : d;
      io.err(formatDiagnosticText(shown, { color: io.color }) + '\n');
    }
    return undefined;
  }
  return packs;
}
