// The game that plays a pack, for simulate and replay: the one registered for its id (a program's
// or a test's), else the module its pack.yaml names. A module that cannot be loaded or exports no
// game is the pack's problem, reported as a diagnostic at pack.yaml's `game`, exit 1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pending, type Diagnostic } from '../content/diagnostic.js';
import type { PackContent } from '../content/effective.js';
import { gameRefOf } from '../content/game-module.js';
import { locateAll } from '../content/locate.js';
import { gameRef, GameNotFound, hasGame, loadGame, type AnyGame, type GameRef } from '../engine/games.js';
import { formatDiagnosticText } from './format.js';
import { EXIT, UsageError, type Io } from './io.js';

export type LoadedGame = { readonly ref: GameRef; readonly game: AnyGame } | { readonly diagnostic: Diagnostic };

/** The pack's game and its reference (for worker threads), or the diagnostic that says why it cannot load. */
export async function loadPackGame(pack: Pick<PackContent, 'dir' | 'pack'>, cwd: string): Promise<LoadedGame> {
  const id = pack.pack.id;
  const ref = hasGame(id) ? gameRef(id) : gameRefOf(pack);
  if (!ref) {
    throw new UsageError(
      `no game plays "${id}": its pack.yaml names no game module`,
      'Add `game: { module: ./game/index.js }` to pack.yaml, a module exporting `game` (docs/writing-a-game.md).',
    );
  }
  try {
    return { ref, game: await loadGame(ref) };
  } catch (error) {
    if (!(error instanceof GameNotFound)) throw error;
    return { diagnostic: packDiagnostic(error, pack.dir, 'module', cwd) };
  }
}

/** A game module's failure as a diagnostic at pack.yaml's `game.module` (or `game.rules`). */
export function packDiagnostic(error: GameNotFound, packDir: string, field: 'module' | 'rules', cwd: string): Diagnostic {
  const manifest = path.join(packDir, 'pack.yaml');
  return locateAll([pending(error.code, manifest, `${error.message}.`, { path: ['game', field] })], (file) => readFileSync(file, 'utf8'), cwd)[0]!;
}

/** The same for a command: the game, or undefined after printing the diagnostic (exit 1). */
export async function packGame(io: Io, pack: PackContent): Promise<{ readonly ref: GameRef; readonly game: AnyGame } | undefined> {
  const loaded = await loadPackGame(pack, io.cwd);
  if ('game' in loaded) return loaded;
  io.err(formatDiagnosticText(loaded.diagnostic, { color: io.color }) + '\n');
  io.exitCode = EXIT.content;
  return undefined;
}
