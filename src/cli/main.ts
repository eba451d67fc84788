import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../content/package-root.js';
import { registerBuild } from './build.js';
import { registerCodegen } from './codegen.js';
import { registerExport } from './export.js';
import { registerLint } from './lint.js';
import { registerOdds } from './odds.js';
import { registerRender } from './render.js';
import { registerResolve } from './resolve.js';
import { registerSetup } from './setup.js';
import { registerValidate } from './validate.js';
import { EXIT, UsageError, type Io } from './io.js';

const pkg = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string };

export function buildProgram(io: Io): Command {
  const program = new Command('playmark')
    .description('Paper wargames and board games as schema-checked data: validate them, export them, play them and print them from one source of truth.')
    .version(pkg.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .exitOverride()
    .addHelpText(
      'after',
      `
Exit codes: 0 clean, 1 content has errors (or warnings with --strict), 2 usage error.
Docs: docs/content.md (writing packs), docs/diagnostics.md (every diagnostic code).`,
    );
  registerValidate(program, io);
  registerLint(program, io);
  registerExport(program, io);
  registerCodegen(program, io);
  registerResolve(program, io);
  registerOdds(program, io);
  registerRender(program, io);
  registerBuild(program, io);
  registerSetup(program, io);
  return program;
}

/** Runs the CLI and returns the exit code; never throws, never prints a stack for user errors. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return io.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      io.err(`playmark: ${error.message}\n`);
      if (error.hint) io.err(`  hint: ${error.hint}\n`);
      return EXIT.usage;
    }
    io.err(`playmark: internal error: ${(error as Error)?.message ?? String(error)}\n  This is a bug in playmark, not in your content. Set PLAYMARK_DEBUG=1 to see the stack trace.\n`);
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
