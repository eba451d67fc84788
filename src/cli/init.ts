// `playmark init [DIR]`: writes a designer's own project that validates, generates, prints and plays as it is.
// The starter lives in starter/ (files with __pack__ in their paths and __title__ in their text);
// `--from <pack>` copies one of playmark's own packs instead, whose templates playmark ships.
import type { Command } from 'commander';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODES } from '../content/codes.js';
import type { Diagnostic } from '../content/diagnostic.js';
import { displayPath } from '../content/locate.js';
import { packageRoot } from '../content/package-root.js';
import { writeAtomic } from '../content/write-atomic.js';
import { formatDiagnosticText, plural } from './format.js';
import { EXIT, fileError, UsageError, withFileErrors, type Io } from './io.js';
import { playmarkDependency } from './init-dependency.js';
import { didYouMean, listPackFolders } from './project.js';

/** playmark's own packs, which `--from` copies: whatever its content/ folder holds. */
const shippedPacks = (): string[] => listPackFolders(path.join(packageRoot(), 'content'));

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface InitFlags {
  pack?: string;
  title?: string;
  from?: string;
  force?: boolean;
}

/** A file init writes: its path relative to the project folder, and its text. */
interface Planned {
  readonly rel: string;
  readonly text: string;
}

export function registerInit(program: Command, io: Io): void {
  program
    .command('init')
    .description(
      'Make a new project in DIR (default: here): writes package.json depending on playmark, a pack with its cards, a roll table and its rules (each kind with its schema), a game module that plays them (content/<pack>/game/index.mjs) with its tests, a card template, printables, a layer entry and editor settings. The project it writes validates, generates and prints as it is, with `npx playmark build` after `npm install`, and plays with `npx playmark simulate <pack>`.',
    )
    .argument('[dir]', 'the project folder (made if missing; must not hold a content/ folder yet)', '.')
    .option('--pack <id>', 'the pack id (kebab-case; default: from the folder name)')
    .option('--title <title>', "the game's title (default: from the pack id)")
    .option('--from <pack>', `start from a copy of one of playmark's games instead: ${shippedPacks().join(', ')} (with --pack, renamed)`)
    .option('--force', 'replace files that exist already (without it, init writes nothing if any file it would write exists)', false)
    .addHelpText(
      'after',
      `
Examples:
  playmark init my-game                 a new project in my-game/
  playmark init . --pack skirmish       here, with the pack content/skirmish/
  playmark init wc --from warchon       a copy of Warchon to change, content/warchon/
  playmark init wc --from warchon --pack my-war   the same copy as content/my-war/ (id: my-war)

init never replaces a file: if any file it would write exists already (a template, a schema,
.vscode/settings.json...), it lists each one (init/file-exists) and writes nothing (exit 1);
--force replaces them. An existing package.json, .gitignore or README.md is always kept.
Exit codes: 0 written, 1 files exist (nothing written), 2 usage error.

package.json depends on the playmark that ran init: its version when it was installed from a
registry, the tarball it was installed from, or (run from a clone) the clone's folder as a file:
dependency, so \`npm install\` installs that same playmark.
Then: cd into it, \`npm install\` (playmark and its schemas), \`npx playmark build\`.
The YAML files name their schemas on their first line (node_modules/playmark/schemas/ for
playmark's own, schemas/ for the project's), so an editor with YAML support completes and checks them;
the project's schemas name playmark's by the same installed path
(\`"$ref": "../../node_modules/playmark/schemas/common/defs.schema.json#/$defs/id"\`), which the editor
follows too.`,
    )
    .action((dirArg: string, flags: InitFlags) => withFileErrors(io.cwd, () => initCommand(io, dirArg, flags)));
}

function initCommand(io: Io, dirArg: string, flags: InitFlags): void {
  const root = path.resolve(io.cwd, dirArg);
  if (existsSync(root) && !statSync(root).isDirectory()) throw new UsageError(`${dirArg} is a file, not a folder`);
  if (existsSync(path.join(root, 'content')))
    throw new UsageError(
      `${path.join(dirArg, 'content')} exists already: this is a project`,
      'Add a pack folder under content/ by hand, or init another folder.',
    );
  const planned = planInit(root, flags);
  const shown = path.relative(io.cwd, root) || '.';
  const taken = flags.force ? [] : existing(root, planned, io.cwd);
  if (taken.length > 0) {
    // One line a file, then the hint once: the list can be long.
    io.err(`${taken.map((d) => formatDiagnosticText(d, { color: io.color }).split('\n')[0]).join('\n')}\n`);
    io.err(
      `playmark: init wrote nothing: ${plural(taken.length, 'file')} it would write ${taken.length === 1 ? 'exists' : 'exist'} already.\n  hint: ${CODES['init/file-exists'].hint}\n`,
    );
    io.exitCode = EXIT.content;
    return;
  }
  const written = writeAll(root, planned, shown);
  // A pack whose manifest names a game module plays at once: say how.
  const manifest = planned.find((p) => /^content\/[^/]+\/pack\.yaml$/.test(p.rel));
  const simulate =
    manifest && /^game:/m.test(manifest.text)
      ? `  npx playmark simulate ${manifest.rel.split('/')[1]} --games 1000 --seed 1   # playtest: 1000 games between bots\n`
      : '';
  io.out(
    `${written.map((f) => `  ${path.join(shown, f)}`).join('\n')}\nA new project in ${shown}. Next:\n${shown === '.' ? '' : `  cd ${shown}\n`}  npm install\n  npx playmark build      # validate, generate, and print to out/\n${simulate}`,
  );
  io.exitCode = EXIT.ok;
}

/** Every file init would write into `root`, with its text (writes nothing). */
export function planInit(root: string, flags: InitFlags): Planned[] {
  return flags.from ? fromBuiltIn(root, flags) : fromStarter(root, flags);
}

/** An init/file-exists diagnostic for each planned file that exists already (or has a file in place of one of its folders). */
export function existing(root: string, planned: readonly Planned[], cwd: string): Diagnostic[] {
  return planned
    .filter((p) => isTaken(root, p.rel))
    .map((p) => ({
      code: 'init/file-exists',
      severity: CODES['init/file-exists'].severity,
      message: 'exists already: init would replace it',
      hint: CODES['init/file-exists'].hint,
      file: displayPath(path.join(root, p.rel), cwd),
      line: 1,
      column: 1,
      sourceLine: '',
    }));
}

function packIdOf(root: string, flags: InitFlags): string {
  const id =
    flags.pack ??
    path
      .basename(root)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  if (!ID.test(id))
    throw new UsageError(`"${id}" is not a pack id`, 'A pack id is kebab-case: lowercase letters and digits in words joined by "-", e.g. --pack my-game.');
  return id;
}

function titleOf(id: string, flags: InitFlags): string {
  return (
    flags.title ??
    id
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** The starter pack, renamed to the pack id: every file, plus package.json, .gitignore, README.md. */
function fromStarter(root: string, flags: InitFlags): Planned[] {
  const pack = packIdOf(root, flags);
  const title = titleOf(pack, flags);
  const starter = path.join(packageRoot(), 'starter');
  const written: Planned[] = [];
  for (const rel of filesUnder(starter)) {
    const target = rel.replace(/__pack__/g, pack).replace(/^dot-/, '.');
    const depth = target.split('/').length - 1;
    const text = readFileSync(path.join(starter, rel), 'utf8')
      .replace(/__schemas_up__/g, `${'../'.repeat(depth)}node_modules/playmark/schemas`)
      .replace(/__schemas__/g, `${'../'.repeat(depth)}node_modules/playmark/schemas`)
      .replace(/__pack__/g, pack)
      .replace(/__title__/g, title);
    written.push({ rel: target, text });
  }
  projectFiles(root, pack, title, written);
  return written;
}

/** One of playmark's own packs, its modelines pointing at the installed schemas. */
function fromBuiltIn(root: string, flags: InitFlags): Planned[] {
  const from = flags.from!;
  const shipped = shippedPacks();
  if (!shipped.includes(from)) throw new UsageError(`no game "${from}" to start from`, `${didYouMean(from, shipped)}Games: ${shipped.join(', ')}.`);
  const source = path.join(packageRoot(), 'content', from);
  // --pack renames the copy: its folder and the id in its manifest (records name no pack id).
  const pack = flags.pack === undefined ? from : packIdOf(root, flags);
  const written: Planned[] = [];
  for (const rel of filesUnder(source)) {
    const target = `content/${pack}/${rel}`;
    const depth = target.split('/').length - 1;
    let text = readFileSync(path.join(source, rel), 'utf8').replace(
      /^(# yaml-language-server: \$schema=)(?:\.\.\/)+schemas\//,
      `$1${'../'.repeat(depth)}node_modules/playmark/schemas/`,
    );
    if (rel === 'pack.yaml') text = text.replace(/^id: .*$/m, `id: ${pack}`);
    if (rel === 'pack.yaml' && flags.title !== undefined) text = text.replace(/^title: .*$/m, `title: ${JSON.stringify(flags.title)}`);
    written.push({ rel: target, text });
  }
  const title = flags.title ?? (/^title:\s*(.+)$/m.exec(readFileSync(path.join(source, 'pack.yaml'), 'utf8'))?.[1] ?? from).trim();
  projectFiles(root, pack, title, written);
  return written;
}

function projectFiles(root: string, pack: string, title: string, written: Planned[]): void {
  // The starter's game has tests of its own (test/game.test.mjs), run by node's test runner.
  const played = written.some((p) => p.rel === 'test/game.test.mjs');
  if (!existsSync(path.join(root, 'package.json'))) {
    const name =
      path
        .basename(root)
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-') || pack;
    const pkg = {
      name,
      version: '0.1.0',
      private: true,
      description: `${title}: a playmark project`,
      type: 'module',
      scripts: {
        build: 'playmark build',
        validate: 'playmark validate',
        render: 'playmark render',
        ...(played ? { test: 'node --test test/game.test.mjs' } : {}),
      },
      devDependencies: { playmark: playmarkDependency() },
    };
    written.push({ rel: 'package.json', text: JSON.stringify(pkg, null, 2) + '\n' });
  }
  if (!existsSync(path.join(root, '.gitignore'))) written.push({ rel: '.gitignore', text: 'node_modules/\nout/\n' });
  if (!existsSync(path.join(root, 'README.md'))) {
    written.push({
      rel: 'README.md',
      text: `# ${title}\n\nA playmark project. \`npm install\`, then \`npx playmark build\` validates the content and prints every\nprintable of content/${pack}/printables.yaml to out/.${played ? `\n\`npx playmark simulate ${pack} --games 1000 --seed 1\` plays 1000 games between bots with the game module\ncontent/${pack}/game/index.mjs; \`npm test\` (\`node --test test/game.test.mjs\`) runs its tests, and \`npx playmark coverage ${pack}\` lists the rules they play.` : ''}\n\n- content/${pack}/: the pack (records by kind, layers/ with errata and their reasons)\n- schemas/: this project's own record kinds (playmark's are in node_modules/playmark/schemas/)\n- templates/: this project's templates, found before playmark's\n`,
    });
  }
}

/** Whether `rel` (or a folder on its way, as a file) exists under `root`: writing it would replace something. */
function isTaken(root: string, rel: string): boolean {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const at = path.join(root, ...parts.slice(0, i));
    let stat;
    try {
      stat = i === parts.length ? lstatSync(at) : statSync(at); // a dangling symlink at the end counts
    } catch {
      return false; // nothing there: nothing below it either
    }
    if (i === parts.length || !stat.isDirectory()) return true;
  }
  return false;
}

/** Writes every planned file (each atomically); a file-system error is one line naming the file. */
function writeAll(root: string, planned: readonly Planned[], shown: string): string[] {
  const written: string[] = [];
  for (const { rel, text } of planned) {
    const file = path.join(root, rel);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeAtomic(file, text);
    } catch (error) {
      throw fileError(error, 'write', path.join(shown, rel));
    }
    written.push(rel);
  }
  return written;
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}
