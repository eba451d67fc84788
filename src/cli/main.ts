import { Command, CommanderError, Option } from 'commander';
import { playmarkVersion } from '../content/package-root.js';
import { printCommandError } from './command-error.js';
import { CommandError, EXIT, UsageError, type Io } from './io.js';

type Register = (program: Command, io: Io) => void;

/**
 * Every command, with the one line the top-level help shows and the module that defines it. Only
 * the command being run is loaded (a `playmark --version` or `validate` never loads the browser
 * driver, pdf-lib or the code generator); the others appear in the help as their summary.
 */
const COMMANDS: readonly { readonly name: string; readonly summary: string; readonly load: () => Promise<Register> }[] = [
  {
    name: 'validate',
    summary: 'Check packs: YAML, schemas, layers, references and table shapes, each problem at its file:line:column.',
    load: async () => (await import('./validate.js')).registerValidate,
  },
  {
    name: 'lint',
    summary: "Everything validate checks, and every rule that does not run in the pack's own games (runs on test content, unused or manual), with why.",
    load: async () => (await import('./lint.js')).registerLint,
  },
  {
    name: 'coverage',
    summary:
      "Every printed rule of a pack: runs (it fires in the pack's own games; the test that plays it), runs on test content (what the pack lacks), unused (why) or manual (what is missing).",
    load: async () => (await import('./coverage.js')).registerCoverage,
  },
  {
    name: 'export',
    summary: "A pack's effective content (or one record) as JSON, with provenance on request.",
    load: async () => (await import('./export.js')).registerExport,
  },
  {
    name: 'codegen',
    summary: 'Write generated/: TypeScript types from the schemas and typed content modules for programs that embed a pack.',
    load: async () => (await import('./codegen.js')).registerCodegen,
  },
  { name: 'resolve', summary: 'One combat look-up, as a player checks a table.', load: async () => (await import('./resolve.js')).registerResolve },
  { name: 'odds', summary: 'Exact odds of every result of every combat table column.', load: async () => (await import('./odds.js')).registerOdds },
  {
    name: 'simulate',
    summary: 'Playtest a pack: seeded games played by bots on every core; wins with 95% intervals, lengths, endings, what was played.',
    load: async () => (await import('./simulate.js')).registerSimulate,
  },
  {
    name: 'replay',
    summary: 'Play a game log again and say whether it reaches the same final state, or at which line it differs.',
    load: async () => (await import('./replay.js')).registerReplay,
  },
  {
    name: 'render',
    summary: 'Print packs to PDF from their printables.yaml: sheets, cards and counters.',
    load: async () => (await import('./render.js')).registerRender,
  },
  {
    name: 'diff',
    summary:
      "What changed between two revisions or folders: records, table cells in the table's own terms, layer entries with kind and reason; an errata changelog with --format markdown.",
    load: async () => (await import('./diff.js')).registerDiff,
  },
  {
    name: 'fmt',
    summary: 'Write content YAML in one canonical form (schema key order, tables one row to a line), keeping every comment and value; --check for CI.',
    load: async () => (await import('./fmt.js')).registerFmt,
  },
  {
    name: 'new',
    summary: 'Write a new record of a kind (or a layer entry) from its schema, with placeholders validate reports until they are filled in.',
    load: async () => (await import('./new.js')).registerNew,
  },
  {
    name: 'preview',
    summary: 'Serve every printable as HTML at print size, refreshed in the open page whenever a file is saved; errors shown over the page.',
    load: async () => (await import('./preview.js')).registerPreview,
  },
  {
    name: 'docs',
    summary:
      'Write the content reference (docs/reference.md): every kind, property and allowed value, the rule constructs and effects, with examples from the packs.',
    load: async () => (await import('./docs.js')).registerDocs,
  },
  {
    name: 'build',
    summary: 'The whole job: validate, codegen and print every pack of the project.',
    load: async () => (await import('./build.js')).registerBuild,
  },
  {
    name: 'init',
    summary: 'Write a new project: a pack with a record of each kind, a schema, a card template and printables, depending on this playmark.',
    load: async () => (await import('./init.js')).registerInit,
  },
  {
    name: 'setup',
    summary: 'Find a headless Chromium to print with, or install one (Debian, Ubuntu).',
    load: async () => (await import('./setup.js')).registerSetup,
  },
];

/** The command the arguments run (`help render` asks about render), or undefined. */
function commandOf(argv: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/** The program, with the real definition of the command `argv` runs (all of them with `all`), and summaries of the others. */
export async function buildProgram(io: Io, argv: readonly string[] = [], all = false): Promise<Command> {
  const program = new Command('playmark')
    .description('Paper wargames and board games as schema-checked data: validate them, export them, play them and print them from one source of truth.')
    .version(playmarkVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      // A parse error (unknown option, a value not among the choices...) is printed by main() as a coded diagnostic.
      outputError: () => {},
    })
    .exitOverride()
    .addHelpText(
      'after',
      `
Every command works on the project around the working directory: the nearest folder, here or
above, with content/<pack>/pack.yaml. It reads the YAML every time; content with errors is never
printed, resolved or exported.
Exit codes: 0 done, 1 the content has errors (or warnings with --strict), 2 usage error,
3 a bug in playmark (please report it with the command and the stack: PLAYMARK_DEBUG=1 prints it);
130 or 143 when stopped by Ctrl-C or SIGTERM. Every error has a code: docs/diagnostics.md lists them.
Docs: docs/content.md (writing packs), docs/rules.md (writing rules), docs/reference.md (every kind and
property), docs/printables.md (what a pack prints), docs/game-log.md (game logs), docs/diagnostics.md (every code).`,
    );
  const wanted = commandOf(argv);
  for (const c of COMMANDS) {
    if (all || c.name === wanted) (await c.load())(program, io);
    else program.command(c.name).description(c.summary);
  }
  return program;
}

/** Runs the CLI and returns the exit code; never throws, never prints a stack for user errors. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const program = await buildProgram(io, argv);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return io.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      const command = commandOf(argv);
      const help = `Run \`playmark ${command && COMMANDS.some((c) => c.name === command) ? `${command} ` : ''}--help\` for the commands, options and values it takes.`;
      printCommandError(io, new UsageError(error.message.replace(/^error: /, ''), help), argv);
      return EXIT.usage;
    }
    if (error instanceof CommandError) {
      printCommandError(io, error, argv);
      return error.exit;
    }
    io.err(
      `playmark: internal error: ${(error as Error)?.message ?? String(error)}\n  This is a bug in playmark, not in your content (exit 3): please report it with the command and the stack (PLAYMARK_DEBUG=1 prints it).\n`,
    );
    if (process.env.PLAYMARK_DEBUG) io.err(`${(error as Error)?.stack ?? ''}\n`);
    return EXIT.internal;
  }
}

function processIo(): Io {
  return {
    out: (s) => void process.stdout.write(s),
    err: (s) => void process.stderr.write(s),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    cwd: process.cwd(),
  };
}

export { Option };
