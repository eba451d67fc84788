// `playmark init [DIR]`: a designer's own project that validates, generates and prints at once.
// The starter lives in starter/ (files with __pack__ in their paths and __title__ in their text);
// `--from <pack>` copies one of playmark's own packs instead, whose templates playmark ships.
import type { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../content/package-root.js';
import { EXIT, UsageError, type Io } from './io.js';
import { didYouMean } from './project.js';

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const BUILT_IN = ['archon-skirmish', 'warchon', 'warmaster'] as const;

interface InitFlags {
  pack?: string;
  title?: string;
  from?: string;
}

export function registerInit(program: Command, io: Io): void {
  program
    .command('init')
    .description('Make a new project in DIR (default: here): package.json depending on playmark, a pack with a card kind and its schema, a card template, printables, a layer entry and editor settings. It validates, generates and prints at once.')
    .argument('[dir]', 'the project folder (made if missing; must not hold a content/ folder yet)', '.')
    .option('--pack <id>', 'the pack id (kebab-case; default: from the folder name)')
    .option('--title <title>', "the game's title (default: from the pack id)")
    .option('--from <pack>', `start from one of playmark's games instead: ${BUILT_IN.join(', ')}`)
    .addHelpText(
      'after',
      `
Examples:
  playmark init my-game                 a new project in my-game/
  playmark init . --pack skirmish       here, with the pack content/skirmish/
  playmark init wc --from warchon       a copy of Warchon to change

Then: cd into it, \`npm install\` (playmark and its schemas), \`npx playmark build\`.
The YAML files name their schemas on their first line (node_modules/playmark/schemas/ for
playmark's own, schemas/ for the project's), so an editor with YAML support completes and checks them.`,
    )
    .action((dirArg: string, flags: InitFlags) => {
      const root = path.resolve(io.cwd, dirArg);
      if (existsSync(root) && !statSync(root).isDirectory()) throw new UsageError(`${dirArg} is a file, not a folder`);
      if (existsSync(path.join(root, 'content'))) throw new UsageError(`${path.join(dirArg, 'content')} exists already: this is a project`, 'Add a pack folder under content/ by hand, or init another folder.');
      const written = flags.from ? fromBuiltIn(root, flags) : fromStarter(root, flags);
      const shown = path.relative(io.cwd, root) || '.';
      io.out(`${written.map((f) => `  ${path.join(shown, f)}`).join('\n')}\nA new project in ${shown}. Next:\n${shown === '.' ? '' : `  cd ${shown}\n`}  npm install\n  npx playmark build      # validate, generate, and print to out/\n`);
      io.exitCode = EXIT.ok;
    });
}

function packIdOf(root: string, flags: InitFlags): string {
  const id = flags.pack ?? path.basename(root).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (!ID.test(id)) throw new UsageError(`"${id}" is not a pack id`, 'A pack id is kebab-case: lowercase letters and digits in words joined by "-", e.g. --pack my-game.');
  return id;
}

function titleOf(id: string, flags: InitFlags): string {
  return flags.title ?? id.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

/** The starter pack, renamed to the pack id: every file, plus package.json, .gitignore, README.md. */
function fromStarter(root: string, flags: InitFlags): string[] {
  const pack = packIdOf(root, flags);
  const title = titleOf(pack, flags);
  const starter = path.join(packageRoot(), 'starter');
  const written: string[] = [];
  for (const rel of filesUnder(starter)) {
    const target = rel.replace(/__pack__/g, pack).replace(/^dot-/, '.');
    const depth = target.split('/').length - 1;
    const text = readFileSync(path.join(starter, rel), 'utf8')
      .replace(/__schemas_up__/g, `${'../'.repeat(depth)}node_modules/playmark/schemas`)
      .replace(/__schemas__/g, `${'../'.repeat(depth)}node_modules/playmark/schemas`)
      .replace(/__pack__/g, pack)
      .replace(/__title__/g, title);
    write(root, target, text, written);
  }
  projectFiles(root, pack, title, written);
  return written;
}

/** One of playmark's own packs, its modelines pointing at the installed schemas. */
function fromBuiltIn(root: string, flags: InitFlags): string[] {
  const from = flags.from!;
  if (!(BUILT_IN as readonly string[]).includes(from)) throw new UsageError(`no game "${from}" to start from`, `${didYouMean(from, BUILT_IN)}Games: ${BUILT_IN.join(', ')}.`);
  const source = path.join(packageRoot(), 'content', from);
  const written: string[] = [];
  for (const rel of filesUnder(source)) {
    const target = `content/${from}/${rel}`;
    const depth = target.split('/').length - 1;
    const text = readFileSync(path.join(source, rel), 'utf8').replace(/^(# yaml-language-server: \$schema=)(?:\.\.\/)+schemas\//, `$1${'../'.repeat(depth)}node_modules/playmark/schemas/`);
    write(root, target, text, written);
  }
  const title = (/^title:\s*(.+)$/m.exec(readFileSync(path.join(source, 'pack.yaml'), 'utf8'))?.[1] ?? from).trim();
  projectFiles(root, from, title, written);
  return written;
}

function projectFiles(root: string, pack: string, title: string, written: string[]): void {
  const version = (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  if (!existsSync(path.join(root, 'package.json'))) {
    const name = path.basename(root).toLowerCase().replace(/[^a-z0-9-]+/g, '-') || pack;
    const pkg = {
      name,
      version: '0.1.0',
      private: true,
      description: `${title}: a playmark project`,
      type: 'module',
      scripts: { build: 'playmark build', validate: 'playmark validate', render: 'playmark render' },
      devDependencies: { playmark: `^${version}` },
    };
    write(root, 'package.json', JSON.stringify(pkg, null, 2) + '\n', written);
  }
  if (!existsSync(path.join(root, '.gitignore'))) write(root, '.gitignore', 'node_modules/\nout/\n', written);
  if (!existsSync(path.join(root, 'README.md'))) {
    write(
      root,
      'README.md',
      `# ${title}\n\nA playmark project. \`npm install\`, then \`npx playmark build\` validates the content and prints every\nprintable of content/${pack}/printables.yaml to out/.\n\n- content/${pack}/: the pack (records by kind, layers/ with errata and their reasons)\n- schemas/: this project's own record kinds (playmark's are in node_modules/playmark/schemas/)\n- templates/: this project's templates, found before playmark's\n`,
      written,
    );
  }
}

function write(root: string, rel: string, text: string, written: string[]): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  written.push(rel);
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

